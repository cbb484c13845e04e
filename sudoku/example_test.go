package sudoku_test

import (
	"fmt"
	"os"

	"sudokusim/sudoku"
)

func ExampleParseSudoku() {
	g, err := sudoku.ParseSudoku([]byte("2\n1 0 0 4\n0 4 1 0\n2 0 4 0\n4 3 0 1\n"), "tiny.sudoku")
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Order, g.Empty(), sudoku.Checksum(g))
	_, err = sudoku.ParseSudoku([]byte("2\n1 0 0 4\n0 4 1\n"), "bad.sudoku")
	fmt.Println(err)
	// Output:
	// 2 7 6
	// bad.sudoku:3:6: row 2 has 3 values, want 4
}

func ExampleValidate() {
	fmt.Println(sudoku.Validate(sudoku.Sample(), sudoku.SampleSolution()))
	wrong := sudoku.SampleSolution()
	wrong.Set(0, 0, 7)
	fmt.Println(sudoku.Validate(sudoku.Sample(), wrong))
	// Output:
	// <nil>
	// sudoku: invalid solution: row 1 holds 7 twice, at (1,1) and (1,6) (row,col from 1)
}

func ExampleLoadPuzzle() {
	// "" is the embedded sample; "-" reads stdin; a path is sniffed.
	g, err := sudoku.LoadPuzzle("", 0, os.Stdin)
	if err != nil {
		panic(err)
	}
	fmt.Println(sudoku.FormatLine(g))
	// Output:
	// .1452...93...9.4515.8....67.....37....62.51....34.....43....6.2827.4...51...5284.
}
