package sim_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"sudokusim/sim"
)

func TestRegCommitSemantics(t *testing.T) {
	r := sim.NewReg[uint8](7)
	assert.Equal(t, uint8(7), r.Get())
	assert.False(t, r.Changed())

	r.Set(9)
	assert.Equal(t, uint8(7), r.Get(), "Set must not be visible before Commit")
	assert.Equal(t, uint8(9), r.Next())
	assert.True(t, r.Changed())

	r.Commit()
	assert.Equal(t, uint8(9), r.Get())
	assert.False(t, r.Changed())

	r.Commit()
	assert.Equal(t, uint8(9), r.Get(), "a register not Set keeps its value")

	r.Set(1)
	r.Set(2)
	r.Commit()
	assert.Equal(t, uint8(2), r.Get(), "the last Set in a cycle wins")
}

// A two-register swap is the classic test of two-phase semantics: with
// immediate writes both would end up equal.
type swapper struct{ a, b sim.Reg[int] }

func (s *swapper) Name() string { return "swap" }
func (s *swapper) Eval()        { s.a.Set(s.b.Get()); s.b.Set(s.a.Get()) }
func (s *swapper) Commit()      { s.a.Commit(); s.b.Commit() }

func TestRegSwapThroughScheduler(t *testing.T) {
	sw := &swapper{a: sim.NewReg(1), b: sim.NewReg(2)}
	s, err := sim.New(sim.DefaultConfig(), sw)
	if !assert.NoError(t, err) {
		return
	}
	for i, want := range [][2]int{{2, 1}, {1, 2}, {2, 1}} {
		st, err := s.Run(1)
		assert.NoError(t, err)
		assert.Equal(t, sim.Done, st)
		assert.Equal(t, want, [2]int{sw.a.Get(), sw.b.Get()}, "after cycle %d", i+1)
	}
	assert.Equal(t, uint64(3), s.Cycle())
}
