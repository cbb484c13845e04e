package gen_test

import (
	"fmt"

	"sudokusim/sudoku"
	"sudokusim/sudoku/gen"
)

func ExampleGenerate() {
	p, err := gen.Generate(gen.Options{Order: 4, Holes: 0.5, Seed: 42, Balanced: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Puzzle.Empty(), sudoku.Validate(p.Puzzle, p.Solution))
	// Output:
	// 128 <nil>
}
