// Package logic is the software twin of the FPT'09 processor's heuristic
// units (seed 000 §3) and of the paper's larger software-only heuristic set,
// the one its authors used to decide which heuristics earn their silicon.
//
// The central type is State: the grid values, the candidate set of every cell
// as an N²-bit Set (N² ≤ 225, so four 64-bit words) and, for every row,
// column and box, the set of values still missing — the three memories of the
// version-2 processor. Every heuristic is one pass over a State with exactly
// documented visiting order and update timing, so that a region-serial
// hardware unit (rtl/bnb) can be checked against it bit for bit: after the
// same pass on the same state both must hold the same candidates.
//
// Heuristics, in the order of cost used by the explorer:
//
//	single         naked single: a cell with one candidate is fixed
//	hidden-single  a value with one place in a region is fixed there
//	naked-pair…quint   k cells of a region whose candidates span k values
//	hidden-pair…quint  k values of a region confined to k cells
//	candidate-lines    pointing: a value confined to one line inside a box
//	double-lines, triple-lines   2/3 boxes of a band confine a value to 2/3 lines
//	forced-cells   try every candidate of 2- and 3-candidate cells
//
// Strategy runs the Fig. 13 loop over any ordered list of heuristics; Explore
// measures a suite the way the paper's Table 3 decision was made. The exact
// semantics of every pass are in docs/heuristics.md.
package logic
