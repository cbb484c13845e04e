// Package bnb models the processor that won the FPT'09 design competition
// (seed 000): a branch-and-bound Sudoku solver behind an RS-232 link.
//
// Version 1 (seed 000 §2) keeps the grid three times in block RAM — row,
// column and box layouts — so that the row, column and box of a cell come out
// in two cycles, and tests k candidates per cycle against all three with a
// comparator Evaluator. A depth-first Controller walks the empty cells in
// row-major order. The Processor top level wires the UART receiver and frame
// codec, the RowAssembler, the Loader, the Controller and the ResponseUnit
// that sends the answer back.
//
// Every state and its cycle cost is written down in docs/microarchitecture.md.
// The package holds two models of the same hardware: the cycle-level one
// (Processor, run by the sim scheduler) and an independent timing model
// (Fast) that runs the same search as ordinary software and adds up the
// documented costs. Tests require them to agree cycle for cycle.
package bnb
