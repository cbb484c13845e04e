// Package gen generates FPT'09-style puzzles of any order 2..15.
//
// A full grid comes from the pattern (n·(r mod n) + ⌊r/n⌋ + c) mod N² + 1
// followed by shuffles that keep it valid: relabelling the values, permuting
// rows within a band, bands, columns within a stack, stacks, and an optional
// transpose. Holes are then cut either uniformly at random to a fraction of
// the cells, or balanced (the same number in every row, column and box,
// using the cells that hold chosen values in a second, independent grid). In
// unique mode (small orders) cells are removed one at a time in random order
// as long as the golden model (sudoku/dlx) still counts exactly one
// solution.
//
// Everything is deterministic per seed: one math/rand/v2 PCG source seeded
// explicitly drives every choice.
package gen
