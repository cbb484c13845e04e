// Package synth runs the Yosys synthesis flow for the Virtex-II Pro
// (synth_xilinx -family xc2vp) on the Verilog twin in hdl/ and turns its
// cell counts into what an ISE map report would show a hardware designer:
// LUT1–LUT4, flip-flops, MUXF5–MUXF8, carry-chain cells, distributed RAM,
// RAMB16 block RAMs by shape and MULT18X18 multipliers, per module and for
// the whole design, with an occupied-slice range.
//
// Yosys stops at technology mapping: it neither packs nor places. The slice
// figure is therefore a range derived from the cells, not ISE's number. A
// Virtex-II Pro slice holds two LUT4s, two flip-flops, one MUXF5, one wider
// MUXFx (F6, F7 or F8) and two carry cells (MUXCY, XORCY), so
//
//	packed   = max(⌈LUT/2⌉, ⌈FF/2⌉, MUXF5, MUXF6+MUXF7+MUXF8, ⌈MUXCY/2⌉)
//
// is a lower bound (every slice full) and
//
//	unpacked = max(packed, ⌈LUT/2⌉ + ⌈FF/2⌉)
//
// is what a packer that never pairs a flip-flop with an unrelated LUT would
// occupy. LUT counts distributed-RAM and shift-register LUTs too, since they
// take a LUT site each.
//
// Runs are cached per configuration (the Verilog sources, the top module,
// its parameters and the Yosys version) under the user's cache directory, so
// a sweep of configurations synthesises each one once.
package synth
