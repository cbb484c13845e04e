package sim

// Signal is one traced value of a block: a wire or register of Width bits
// (1..64) whose current value Value returns. Value must be a function of the
// block's current registers and must not change while the block is idle
// (see Idler), so traces are the same with and without fast-forward; keep
// free-running counters such as a baud counter out of the trace.
//
// Scope groups the signal in the waveform; empty means the block's Name. The
// UART lines use the scope "uart" so that a 1-bit-only VCD of that scope can
// be read by tools that stop at the first multi-bit variable.
type Signal struct {
	Scope string
	Name  string
	Width int
	Value func() uint64
}

// Observer watches a run: Observe is called once after every clock edge or
// jump with the number of cycles completed. Observers are attached with
// Scheduler.Attach; the VCD writer is one.
type Observer interface {
	Observe(cycle uint64)
}
