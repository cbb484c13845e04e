package bench

import (
	"fmt"

	"sudokusim/sudoku/gen"
)

// GenerateSuite makes a puzzle set with the generator: one puzzle per order
// and hole fraction, each cut in balanced mode (the same number of holes in
// every row, column and box) from seed + order, so the suite is the same on
// every machine. Puzzles are named genNN-hH (H the hole fraction in
// percent).
func GenerateSuite(orders []int, holes []float64, seed uint64) ([]Puzzle, error) {
	var out []Puzzle
	for _, n := range orders {
		for _, h := range holes {
			p, err := gen.Generate(gen.Options{Order: n, Holes: h, Seed: seed + uint64(n), Balanced: true})
			if err != nil {
				return nil, fmt.Errorf("bench: generate order %d, holes %g: %w", n, h, err)
			}
			out = append(out, Puzzle{Name: fmt.Sprintf("gen%02d-h%.0f", n, 100*h), Grid: p.Puzzle})
		}
	}
	return out, nil
}
