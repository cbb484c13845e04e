package ga_test

import (
	"fmt"

	"sudokusim/rtl/ga"
	"sudokusim/sudoku"
)

// A full grid is solved by the initial population: 4 chromosomes of order
// 2 take 4·(4+1) = 20 init cycles, one evaluation of 4+3+2 = 9 cycles and
// one check.
func ExampleSimulate() {
	g := sudoku.MustNew(2)
	copy(g.Cells, []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1})
	cfg := ga.DefaultConfig()
	cfg.PopSize, cfg.Tournament = 4, 2
	r, err := ga.Simulate(cfg, g)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Status, r.BestFitness, r.Generations, r.Cycles.Total())
	fmt.Println(sudoku.Validate(g, r.Solution))
	// Output:
	// solved 0 0 30
	// <nil>
}
