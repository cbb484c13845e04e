// Package hdl holds the Verilog twin of the version-1 processor of rtl/bnb
// (hdl/rtl/*.v) and runs it in lock-step with the Go model: it builds the
// Verilog with Verilator (cached per parameter set in the user's cache
// directory), or with Icarus Verilog, drives both models with the same
// stimulus, and compares them every clock cycle — FSM state, the checksum,
// size and reply registers, every block-RAM port's enable, write enable,
// address and write data, and the tx line (docs/hdl.md).
//
// go build stays pure Go: the C++ harness (hdl/harness) is compiled by
// Verilator at run time, and the simulator streams one binary record per
// cycle over a pipe (trace.go).
package hdl
