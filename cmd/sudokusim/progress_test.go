package main

import (
	"bytes"
	"io"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeTerminal makes every writer a terminal for one test.
func fakeTerminal(t *testing.T) {
	t.Helper()
	old, oldThrottle := isTerminal, progressThrottle
	isTerminal = func(io.Writer) bool { return true }
	progressThrottle = 0 // every update drawn: the test does not depend on timing
	t.Cleanup(func() { isTerminal, progressThrottle = old, oldThrottle })
}

// A long version-1 search: about 2·10⁶ nodes within a 6·10⁷-cycle watchdog,
// enough for the timing model to report twice.
var longSolve = []string{"solve", "--heuristics", "none", "--mode", "fast", "--max-cycles", "60000000",
	filepath.Join("..", "..", "bench", "testdata", "gen05b.sudoku")}

// Long runs show progress on stderr only when it is a terminal (issue 13,
// item 7): a pipe or a log gets nothing.
func TestProgressNotOnAPipe(t *testing.T) {
	gen := filepath.Join("..", "..", "bench", "testdata")
	for _, args := range [][]string{
		longSolve,
		{"bench", "--versions", "1", "--max-cycles", "60000000", filepath.Join(gen, "gen05b.sudoku")},
		{"sweep", "--out", t.TempDir(), "--cpc", "8", "--max-order", "3", filepath.Join(gen, "gen03a.sudoku")},
	} {
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		require.NotEqual(t, exitUsage, code, errb.String())
		assert.Empty(t, errb.String(), "%v: no progress output when stderr is not a terminal", args)
	}
}

// On a terminal the line shows the simulated cycles, the fraction of t_max
// and the time left, and is cleared at the end.
func TestProgressOnATerminal(t *testing.T) {
	fakeTerminal(t)
	var out, errb bytes.Buffer
	code := run(longSolve, &out, &errb)
	assert.Equal(t, exitFail, code, "the watchdog fires")
	line := regexp.MustCompile(`solve \S*gen05b.sudoku: [0-9.e+]+ cycles, [0-9.]+% of t_max.*\[\d+s:\d+s\]`)
	assert.Regexp(t, line, errb.String())

	errb.Reset()
	gen := filepath.Join("..", "..", "bench", "testdata")
	code = run([]string{"bench", "--versions", "1", "--max-cycles", "60000000", filepath.Join(gen, "gen05b.sudoku"), filepath.Join(gen, "gen03a.sudoku")}, &out, &errb)
	require.Equal(t, exitOK, code, errb.String())
	assert.Regexp(t, regexp.MustCompile(`bench gen05b v1 k=8: [0-9.e+]+ cycles, [0-9.]+% of t_max`), errb.String())
}
