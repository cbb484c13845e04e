package main

import "io"

// Provisional `solve`: until the FPT'09 processor simulation exists it
// answers with the golden model and says so. This file is meant to be
// replaced as a whole by the hardware simulation.

func init() {
	register(command{name: "solve", summary: "solve a puzzle (provisional: golden model until the simulator exists)", run: runSolve})
}

const solveSynopsis = `usage: sudokusim solve [flags] [FILE]

Simulates the FPT'09 Sudoku processor on FILE (.sudoku, 81-character lines
with --index, or "-" for stdin; without FILE the embedded sample puzzle).
PROVISIONAL: the simulator is not built yet; this answers with the golden
model (Dancing Links) and says so on stderr and in the JSON "note".`

const solveNote = "simulator not yet built; golden model result"

func runSolve(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("solve", solveSynopsis, stdout)
	f := addRefFlags(fs)
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	return refMain("solve", fs.Args(), f, solveNote, stdout, stderr)
}
