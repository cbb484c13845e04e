package logic_test

import (
	"fmt"

	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
)

// The Fig. 13 loop with the paper's hardware set on the sample puzzle.
func ExampleStrategy() {
	s, err := logic.NewState(sudoku.Sample())
	if err != nil {
		panic(err)
	}
	r := logic.Strategy{Heuristics: logic.PaperSet()}.Run(s)
	fmt.Println(r.Status, r.Fixed(), s.Grid().Equal(sudoku.SampleSolution()))
	for _, u := range r.Units[:2] {
		fmt.Printf("%s: %d passes, %d fixed\n", u.Heuristic, u.Passes, u.Fixed)
	}
	// Output:
	// solved 45 true
	// single: 7 passes, 45 fixed
	// hidden-single: 0 passes, 0 fixed
}

// A --heuristics list.
func ExampleParseHeuristics() {
	hs, err := logic.ParseHeuristics("single,hidden-single,candidate-lines")
	fmt.Println(hs, err)
	_, err = logic.ParseHeuristics("single,x-wing")
	fmt.Println(err != nil)
	// Output:
	// [single hidden-single candidate-lines] <nil>
	// true
}
