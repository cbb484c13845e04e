package main

import (
	"fmt"
	"io"

	"sudokusim/sudoku"
)

func init() {
	register(command{name: "check", summary: "check that a solution solves a puzzle", run: runCheck})
}

const checkSynopsis = `usage: sudokusim check [flags] PUZZLE SOLUTION

Checks that SOLUTION is complete, that every row, column and box is a
permutation of 1..N², and that every given of PUZZLE is kept. Files are
.sudoku or 81-character line files ("-" for stdin, at most one of them).
Exit status: 0 valid, 1 invalid (the first violation is named), 2 bad input.`

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", checkSynopsis, stdout)
	index := fs.Int("index", 0, "0-based `I` of the puzzle and of the solution in line-format files")
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	if fs.NArg() != 2 {
		return usageError(stderr, "check", "want PUZZLE and SOLUTION, got %d argument(s)", fs.NArg())
	}
	if fs.Arg(0) == "-" && fs.Arg(1) == "-" {
		return usageError(stderr, "check", "only one of PUZZLE and SOLUTION can be stdin")
	}
	puzzle, err := sudoku.LoadPuzzle(fs.Arg(0), *index, stdin)
	if err != nil {
		return inputError(stderr, err)
	}
	solution, err := sudoku.LoadPuzzle(fs.Arg(1), *index, stdin)
	if err != nil {
		return inputError(stderr, err)
	}
	if err := sudoku.Validate(puzzle, solution); err != nil {
		fmt.Fprintf(stdout, "invalid: %s: %v\n", fs.Arg(1), err)
		return exitFail
	}
	fmt.Fprintf(stdout, "valid: %s solves %s (order %d, checksum %d)\n", fs.Arg(1), fs.Arg(0), solution.Order, sudoku.Checksum(solution))
	return exitOK
}
