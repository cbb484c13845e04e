package sim

// Reg is a register with two-phase semantics: Get returns the current value,
// Set writes the next value, Commit (called from the owning block's Commit)
// makes next current. A register that is not Set in a cycle keeps its value.
//
// Blocks on a hot path may instead keep a cur and a next struct of their own
// and copy one over the other in Commit; Reg is the convenient form.
type Reg[T comparable] struct {
	cur, next T
}

// NewReg returns a register holding init.
func NewReg[T comparable](init T) Reg[T] { return Reg[T]{cur: init, next: init} }

// Get returns the current value.
func (r *Reg[T]) Get() T { return r.cur }

// Set writes the value the register takes at the next Commit.
func (r *Reg[T]) Set(v T) { r.next = v }

// Next returns the value the register will take at the next Commit.
func (r *Reg[T]) Next() T { return r.next }

// Changed reports whether the next Commit changes the register.
func (r *Reg[T]) Changed() bool { return r.cur != r.next }

// Commit makes the next value current.
func (r *Reg[T]) Commit() { r.cur = r.next }
