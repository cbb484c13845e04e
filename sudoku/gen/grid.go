package gen

import (
	"math/rand/v2"

	"sudokusim/sudoku"
)

// Pattern returns the unshuffled full grid of the given order: cell (r, c)
// holds (n·(r mod n) + ⌊r/n⌋ + c) mod N² + 1.
func Pattern(order int) *sudoku.Grid {
	g := sudoku.MustNew(order)
	n := g.Size()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			g.Set(r, c, (order*(r%order)+r/order+c)%n+1)
		}
	}
	return g
}

// FullGrid returns a random valid full grid: the pattern with values
// relabelled, rows permuted within bands, bands permuted, columns within
// stacks, stacks, and a transpose with probability ½.
func FullGrid(order int, rng *rand.Rand) *sudoku.Grid {
	p := Pattern(order)
	n, size := order, p.Size()
	label := rng.Perm(size)
	rows := blockPerm(n, rng)
	cols := blockPerm(n, rng)
	transpose := rng.IntN(2) == 1
	g := sudoku.MustNew(order)
	for r := 0; r < size; r++ {
		for c := 0; c < size; c++ {
			sr, sc := rows[r], cols[c]
			if transpose {
				sr, sc = sc, sr
			}
			g.Set(r, c, label[p.At(sr, sc)-1]+1)
		}
	}
	return g
}

// blockPerm is a permutation of 0..n²-1 that keeps groups of n together:
// the groups are permuted, and the members within each group.
func blockPerm(n int, rng *rand.Rand) []int {
	out := make([]int, 0, n*n)
	for _, band := range rng.Perm(n) {
		for _, i := range rng.Perm(n) {
			out = append(out, band*n+i)
		}
	}
	return out
}
