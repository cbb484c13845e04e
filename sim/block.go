package sim

// Block is one clocked piece of a design.
//
// Eval reads only current register values (its own and other blocks'
// outputs) and computes next values; Commit makes the next values current,
// like the clock edge. A block's outputs that other blocks read must be
// functions of its current registers only, so that reading them during any
// block's Eval gives the same answer whatever the evaluation order.
type Block interface {
	Name() string
	Eval()
	Commit()
}

// Forever is the Idle answer of a block that will do nothing until one of its
// inputs changes (a receiver on an idle line, a controller waiting for a
// start strobe).
const Forever = ^uint64(0)

// Idler is the fast-forward capability.
//
// Idle returns how many cycles from now the block will do nothing but count,
// assuming its inputs stay as they are: 0 means busy (the next cycle does
// work), k ≥ 1 means the next k cycles only advance internal counters, and
// Forever means the block waits for an input change. Nothing another block
// reads and no traced signal may change during those k cycles except at the
// k-th clock edge, so that a jump shows the same waveform as stepping.
//
// Skip(k), with 1 ≤ k ≤ Idle(), advances the block by k cycles at once,
// leaving exactly the state k Eval/Commit pairs would have left.
type Idler interface {
	Idle() uint64
	Skip(k uint64)
}

// Soloist is the solo-batching capability. When this block is the only busy
// one and every other block is idle for at least m cycles, the Scheduler calls
// RunAlone(max) with max = min(m, cycles left in the run); the block steps
// itself cycle by cycle with exactly its Eval/Commit semantics and returns
// the number of cycles it ran, 1 ≤ ran ≤ max.
//
// RunAlone must return no later than the cycle in which an output another
// block reads changes, the cycle in which it calls Scheduler.EnterPhase, and
// the cycle in which it starts to report an error (Faulter). The Scheduler
// then skips every other block by ran cycles. A Soloist must also be an
// Idler (it is busy when RunAlone is called). RunAlone is never used while an
// Observer is attached: with tracing on, the Scheduler steps every cycle.
type Soloist interface {
	RunAlone(max uint64) uint64
}

// Faulter is implemented by blocks that detect errors of the modelled
// hardware (a block-RAM collision, an address out of range). The Scheduler
// calls Err after every step or batch; a non-nil error ends the run with
// status Faulted and that error, wrapped with the block's name and the
// 0-based index of the cycle in which it arose. Err must be cheap and sticky.
type Faulter interface {
	Err() error
}

// Traced is implemented by blocks that show signals in a waveform.
type Traced interface {
	Signals() []Signal
}
