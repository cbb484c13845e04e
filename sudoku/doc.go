// Package sudoku is the problem domain every model shares: a generalised
// Sudoku grid of order n (an n²×n² board of n² boxes, each n×n, values 1..n²,
// 0 for an empty cell), the FPT'09 file formats, validation against the rules
// and the givens, and the FPT'09 checksum.
//
// It is a leaf package: the hardware models (rtl/...), the reference solvers
// (sudoku/dlx, sudoku/logic) and the generator (sudoku/gen) build on it and
// it depends on nothing else in the project.
package sudoku
