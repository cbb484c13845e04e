// Package swarm models the board-parallel Sudoku solver of seed 002 (a GPU
// program with one block of N⁴ threads per board, one thread per cell) as a
// hardware engine array for generalised Sudoku of order n = 2..15.
//
// The Array holds BoardSlots board engines. Each engine keeps one board: a
// value register per cell and, bit-parallel, the values used in every row,
// column and box (one bit per value, math/bits words). Every cell has its own
// unit, so one UPDATE cycle lets every empty cell of every live engine look at
// its row, column and box masks at once: a cell with no option kills the
// board (its slot becomes free), a cell with one option is assigned. When a
// board made no assignment, a reduction tree finds the cell with the fewest
// options (lowest index on ties); the board keeps the smallest value and a
// copy is made for every other value, into a free engine over the shared
// copy bus or, when every engine is busy, onto a branch stack in block RAM
// from which free engines are refilled later. The first board with every cell
// assigned is the solution and stops the array.
//
// A central controller runs the engines in lockstep rounds (the GPU's kernel
// launch barrier): LOAD, then UPDATE, with SELECT and BRANCH when some board
// is stuck and REFILL when a slot is free and the stack is not empty. Every
// state and its cycle cost is written down in docs/swarm.md, and the code
// matches it. The Array is one sim.Block run on the project's scheduler; it
// batches its own cycles as a sim.Soloist.
//
// Simulate solves one puzzle; SimulateAll solves several one after another on
// the same array, as the seed's BOARDS_NUM loop does.
package swarm
