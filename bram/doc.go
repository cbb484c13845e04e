// Package bram models the Virtex-II Pro block RAM, RAMB16: 18 Kbit (16,384
// data bits and 2,048 parity bits) with two independent ports, each
// configurable as 16K×1, 8K×2, 4K×4, 2K×9, 1K×18 or 512×36, with a
// synchronous read (data the cycle after the address) and a write mode per
// port (WRITE_FIRST, READ_FIRST, NO_CHANGE).
//
// The primitive is passive: it is owned and clocked by the block that uses
// it. During Eval the owner drives a port (Port.Drive, or Read/Write); in its
// Commit it calls RAMB16.Edge, the clock edge, which performs both ports'
// accesses; from the next cycle Port.Dout holds the data. This costs no
// scheduler work and no allocation, so a design can hold a hundred of them.
//
// Collisions — both ports writing one location, or one port reading the
// location the other writes — and addresses out of range are errors of the
// modelled hardware, never silently resolved: the primitive keeps the first
// one (sticky, with a count) and its owner reports it through the
// sim.Faulter capability so the run ends with it.
//
// Map turns a logical memory (depth × width) into primitives the way
// synthesis does: width by primitives side by side, depth by cascading with
// an output multiplexer, fewest primitives first.
package bram
