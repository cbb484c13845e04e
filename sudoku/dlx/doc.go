// Package dlx is the project's golden model: Knuth's Algorithm X with
// Dancing Links (seed 004) solving generalised Sudoku as exact cover.
//
// The matrix has one column per constraint — each cell filled once, each
// value once per row, per column and per box, 4·N² columns for an N×N grid
// (N = n²) — and one row per placement ⟨row, column, value⟩ with four ones.
// The givens are applied before the matrix is built: the constraints they
// satisfy get no column and the placements they exclude get no row, so an
// order-15 puzzle with 75% givens needs a few megabytes, not the N³·4 nodes
// of the full matrix. The search picks the column with the fewest ones
// (ties: cell columns first, then the column that most recently reached
// that size, so runs are deterministic) and covers and uncovers with the
// doubly-linked-list trick.
//
// Two sound additions, both documented on Options: probing (on unless
// Options.Plain) deletes, before the first real branch, every row whose
// placement leads within ProbeDepth forced moves to a constraint nobody can
// meet — this is what lets it finish the FPT'09 15a, where plain Algorithm X
// thrashes for tens of millions of nodes; and optional randomized restarts
// with Luby's budgets for Solve. Counts and solutions are those of the plain
// algorithm; Options.Plain gives Knuth's algorithm alone.
//
// Nodes live in flat int32 arrays (left, right, up, down, column) reused
// between solves by a Solver; the search is iterative with an explicit
// stack, so a solve allocates nothing per search node. A 9×9 puzzle
// (without probing or restarts) is searched on a matrix of its own
// (order3.go): the same matrix and the same search, node for node, stored
// as uint16 links with a row's nodes consecutive, which is what lets the
// golden model keep up with the C Dancing Links solvers on hard 9×9 sets.
// A node limit, a context and a deadline bound the work, so hard puzzles
// can be stopped.
package dlx
