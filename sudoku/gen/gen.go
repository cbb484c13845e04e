package gen

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"sudokusim/sudoku"
	"sudokusim/sudoku/dlx"
)

// MaxUniqueOrder is the largest order Unique mode accepts: every removal
// costs a dlx count, which is quick up to 16×16.
const MaxUniqueOrder = 4

// Options says what to generate. Holes is the fraction of empty cells
// (0..1). Balanced cuts the same number of holes in every row, column and
// box; Unique removes cells only while the solution stays unique (the hole
// fraction is then a target that may not be reached). The two modes exclude
// each other.
type Options struct {
	Order    int
	Holes    float64
	Seed     uint64
	Balanced bool
	Unique   bool
}

// Puzzle is a generated puzzle and the full grid it was cut from (its
// solution; the only one in Unique mode).
type Puzzle struct {
	Puzzle   *sudoku.Grid
	Solution *sudoku.Grid
}

// Generate makes one puzzle. The same Options give the same puzzle.
func Generate(opts Options) (Puzzle, error) {
	if opts.Order < sudoku.MinOrder || opts.Order > sudoku.MaxOrder {
		return Puzzle{}, fmt.Errorf("gen: order %d outside %d..%d", opts.Order, sudoku.MinOrder, sudoku.MaxOrder)
	}
	if !(opts.Holes >= 0 && opts.Holes <= 1) {
		return Puzzle{}, fmt.Errorf("gen: hole fraction %v outside 0..1", opts.Holes)
	}
	if opts.Balanced && opts.Unique {
		return Puzzle{}, fmt.Errorf("gen: balanced and unique modes exclude each other")
	}
	if opts.Unique && opts.Order > MaxUniqueOrder {
		return Puzzle{}, fmt.Errorf("gen: unique mode is limited to order %d and below, got %d", MaxUniqueOrder, opts.Order)
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x5ead_0f_f9709))
	solution := FullGrid(opts.Order, rng)
	puzzle := solution.Clone()
	size := puzzle.Size()
	switch {
	case opts.Unique:
		if err := cutUnique(puzzle, opts.Holes, rng); err != nil {
			return Puzzle{}, err
		}
	case opts.Balanced:
		// Cells whose value in an independent full grid is one of the first
		// k labels: exactly k per row, column and box.
		k := int(math.Round(opts.Holes * float64(size)))
		mask := FullGrid(opts.Order, rng)
		for i, v := range mask.Cells {
			if int(v) <= k {
				puzzle.Cells[i] = 0
			}
		}
	default:
		holes := int(math.Round(opts.Holes * float64(puzzle.NumCells())))
		order := rng.Perm(puzzle.NumCells())
		for _, i := range order[:holes] {
			puzzle.Cells[i] = 0
		}
	}
	return Puzzle{Puzzle: puzzle, Solution: solution}, nil
}

// cutUnique removes cells in random order while the puzzle keeps exactly
// one solution, until the hole target is reached or every cell was tried.
func cutUnique(g *sudoku.Grid, fraction float64, rng *rand.Rand) error {
	target := int(math.Round(fraction * float64(g.NumCells())))
	var s dlx.Solver
	holes := 0
	for _, i := range rng.Perm(g.NumCells()) {
		if holes == target {
			break
		}
		v := g.Cells[i]
		g.Cells[i] = 0
		res, err := s.Count(context.Background(), g, 2, dlx.Options{})
		if err != nil {
			return fmt.Errorf("gen: unique mode: %w", err)
		}
		if res.Count == 1 {
			holes++
		} else {
			g.Cells[i] = v
		}
	}
	return nil
}
