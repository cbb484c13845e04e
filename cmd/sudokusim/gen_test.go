package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/sudoku/dlx"
)

func TestGen(t *testing.T) {
	code, out, errOut := runCmd(t, "", "gen", "--order", "5", "--holes", "0.5", "--seed", "9", "--balanced")
	require.Equal(t, exitOK, code, errOut)
	g, err := sudoku.ParseSudoku([]byte(out), "gen")
	require.NoError(t, err)
	assert.Equal(t, 5, g.Order)
	assert.Equal(t, 13*25, g.Empty(), "balanced: round(0.5·25) = 13 holes per row")
	_, again, _ := runCmd(t, "", "gen", "--order", "5", "--holes", "0.5", "--seed", "9", "--balanced")
	assert.Equal(t, out, again, "same flags, same puzzle")

	path := filepath.Join(t.TempDir(), "set.txt")
	code, out, errOut = runCmd(t, "", "gen", "--unique", "--holes", "0.6", "--count", "3", "--format", "line", "-o", path)
	require.Equal(t, exitOK, code, errOut)
	assert.Empty(t, out)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "# sudokusim gen --order 3 --holes 0.6 --seed 1 --count 3 --unique --format line\n"))
	grids, err := sudoku.ParseLines(data, path)
	require.NoError(t, err)
	require.Len(t, grids, 3)
	for _, g := range grids {
		n, err := dlx.Count(context.Background(), g, 2)
		require.NoError(t, err)
		assert.Equal(t, 1, n)
	}
}

func TestGenUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--order", "16"}, "sudokusim gen: order 16 outside 2..15 (see --help)\n"},
		{[]string{"--holes", "2"}, "sudokusim gen: hole fraction 2 outside 0..1 (see --help)\n"},
		{[]string{"--count", "2"}, "sudokusim gen: --count 2 needs --format line (see --help)\n"},
		{[]string{"--format", "csv"}, "sudokusim gen: --format \"csv\": want sudoku or line (see --help)\n"},
		{[]string{"--format", "line", "--order", "4"}, "sudokusim gen: --format line holds order 3 only, got --order 4 (see --help)\n"},
		{[]string{"--order", "x"}, "sudokusim gen: invalid value \"x\" for flag -order: parse error (see --help)\n"},
		{[]string{"extra"}, "sudokusim gen: unexpected argument \"extra\" (see --help)\n"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := runCmd(t, "", append([]string{"gen"}, tc.args...)...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, tc.want, errOut)
		})
	}
}

// TestCommittedSuiteRegenerates checks that every file of bench/testdata is
// what the command documented in bench/testdata/README.md produces.
func TestCommittedSuiteRegenerates(t *testing.T) {
	dir := filepath.Join("..", "..", "bench", "testdata")
	type entry struct {
		file string
		args []string
	}
	suite := []entry{
		{"gen9x9.txt", []string{"--order", "3", "--holes", "0.6", "--seed", "1", "--count", "100", "--unique", "--format", "line"}},
	}
	for _, o := range []string{"3", "4", "5", "6", "7", "8"} {
		mode := "--balanced"
		if o == "3" || o == "4" {
			mode = "--unique"
		}
		suite = append(suite,
			entry{"gen0" + o + "a.sudoku", []string{"--order", o, "--holes", "0.25", "--seed", o, mode}},
			entry{"gen0" + o + "b.sudoku", []string{"--order", o, "--holes", "0.5", "--seed", o, mode}})
	}
	for _, e := range suite {
		t.Run(e.file, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(dir, e.file))
			require.NoError(t, err)
			code, out, errOut := runCmd(t, "", append([]string{"gen"}, e.args...)...)
			require.Equal(t, exitOK, code, errOut)
			assert.Equal(t, string(want), out)
		})
	}
}
