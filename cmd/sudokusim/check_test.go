package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"sudokusim/sudoku"
)

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	var p, s, bad strings.Builder
	_ = sudoku.WriteSudoku(&p, sudoku.Sample())
	_ = sudoku.WriteSudoku(&s, sudoku.SampleSolution())
	wrong := sudoku.SampleSolution()
	wrong.Set(0, 8, 6) // row 1 now holds 6 twice
	_ = sudoku.WriteSudoku(&bad, wrong)
	puzzle := writeFile(t, dir, "p.sudoku", p.String())
	solution := writeFile(t, dir, "s.sudoku", s.String())
	invalid := writeFile(t, dir, "bad.sudoku", bad.String())
	malformed := writeFile(t, dir, "m.sudoku", "3\n1 2 3\n")

	tests := []struct {
		name    string
		stdin   string
		args    []string
		code    int
		out     string
		errLine string
	}{
		{"valid", "", []string{puzzle, solution}, exitOK, "valid: " + solution + " solves " + puzzle + " (order 3, checksum 29)\n", ""},
		{"valid from stdin", s.String(), []string{puzzle, "-"}, exitOK, "valid: - solves " + puzzle + " (order 3, checksum 29)\n", ""},
		{"invalid", "", []string{puzzle, invalid}, exitFail, "invalid: " + invalid + ": sudoku: invalid solution: row 1 holds 6 twice, at (1,1) and (1,9) (row,col from 1)\n", ""},
		{"unsolved puzzle as solution", "", []string{puzzle, puzzle}, exitFail, "invalid: " + puzzle + ": sudoku: invalid solution: cell (1,1) is empty (row,col from 1)\n", ""},
		{"malformed", "", []string{puzzle, malformed}, exitUsage, "", malformed + ":2:6: row 1 has 3 values, want 9\n"},
		{"one argument", "", []string{puzzle}, exitUsage, "", "sudokusim check: want PUZZLE and SOLUTION, got 1 argument(s) (see --help)\n"},
		{"two stdins", "", []string{"-", "-"}, exitUsage, "", "sudokusim check: only one of PUZZLE and SOLUTION can be stdin (see --help)\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tc.stdin, append([]string{"check"}, tc.args...)...)
			assert.Equal(t, tc.code, code)
			assert.Equal(t, tc.out, out)
			assert.Equal(t, tc.errLine, errOut)
		})
	}
}
