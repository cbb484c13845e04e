// Package sim is the clocked simulation kernel every hardware model in
// sudokusim runs on: synchronous single-clock designs built from blocks whose
// state lives in registers that change only at the clock edge.
//
// A Block evaluates (reads only current values, computes next values) and then
// commits (next becomes current); the Scheduler evaluates every block, then
// commits every block, and counts the cycle. Because no block sees another
// block's next value, the order of evaluation never changes a result.
//
// Optional capabilities, found by type assertion, let the Scheduler go faster
// without changing a single result:
//
//   - Idler: a block that knows it will do nothing but count for k cycles says
//     so; when every block is idle the Scheduler jumps ahead by the minimum.
//   - Soloist: when exactly one block is busy and every other block is idle,
//     the busy block runs itself for many cycles in one call.
//   - Faulter: a block that detected a modelled error (a block-RAM collision,
//     an out-of-range address) reports it; the run stops with that error.
//   - Traced: a block that declares signals for a waveform.
//
// Cycles are attributed to named phases (rx, load, search, tx, ...) that the
// design enters as its controller changes state, and the Scheduler converts
// cycles to seconds with its clock frequency. Tracing is an Observer attached
// to the Scheduler; the VCD writer (vcd.go) is one, and ParseVCD reads its
// output back. With no observer attached tracing costs nothing per cycle.
//
// The package depends on nothing else in the project.
package sim
