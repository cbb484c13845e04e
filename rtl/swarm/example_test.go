package swarm_test

import (
	"fmt"

	"sudokusim/rtl/swarm"
	"sudokusim/sudoku"
)

func ExampleSimulate() {
	res, err := swarm.Simulate(swarm.DefaultConfig(), sudoku.Sample())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Solution.Equal(sudoku.SampleSolution()))
	fmt.Println("load cycles:", res.Cycles.Load) // ⌈81/16⌉ + 1
	// Output:
	// solved true
	// load cycles: 7
}
