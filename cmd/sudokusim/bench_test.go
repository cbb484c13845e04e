package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bench runs a suite through both versions and reports every puzzle, the
// score and the JSON rows; the two modes give the same cycles.
func TestBenchSuite(t *testing.T) {
	dir := t.TempDir()
	suite := []string{filepath.Join("..", "..", "bench", "testdata", "gen03a.sudoku"), filepath.Join("..", "..", "bench", "testdata", "gen04a.sudoku")}
	var rows [2][]benchRow
	for i, mode := range []string{"fast", "cycle"} {
		jsonPath := filepath.Join(dir, mode+".json")
		var out, errb bytes.Buffer
		code := run(append([]string{"bench", "--mode", mode, "--json", jsonPath}, suite...), &out, &errb)
		require.Equal(t, exitOK, code, errb.String())
		text := out.String()
		assert.Contains(t, text, "| gen03a | ")
		assert.Contains(t, text, "| gen04a | ")
		// The defaults are the paper's builds, which fit (issue 13, item 3).
		assert.True(t, strings.HasPrefix(text, "version 1 at k = 8, max order 15 (fits the XC2VP30); version 2 at k = 1, max order 11 (fits the XC2VP30);"), text)
		assert.Contains(t, text, "Version 1, k = 8, max order 15: ")
		assert.Contains(t, text, "Version 2, k = 1, max order 11: ")
		assert.Equal(t, 4, strings.Count(text, "\n| gen"), "two puzzles × two versions")
		b, err := os.ReadFile(jsonPath)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &rows[i]))
		require.Len(t, rows[i], 4)
	}
	for i := range rows[0] {
		f, c := rows[0][i], rows[1][i]
		assert.Equal(t, f.Puzzle, c.Puzzle)
		assert.Equal(t, f.Version, c.Version)
		assert.Equal(t, f.Cycles, c.Cycles, "%s v%d", f.Puzzle, f.Version)
		assert.Equal(t, f.Status, c.Status)
	}
}

// The score follows the competition rule: N⁶/t per order, a puzzle over
// t_max scoring 0, averaged over the order's puzzles.
func TestBenchScore(t *testing.T) {
	rows := []benchRow{
		{Order: 3, Version: 1, CPC: 8, Within: true, Seconds: 0.5},
		{Order: 3, Version: 1, CPC: 8, Within: false, Seconds: 9},
		{Order: 4, Version: 1, CPC: 8, Within: true, Seconds: 2},
		{Order: 4, Version: 1, CPC: 1, Within: true, Seconds: 4},
		{Order: 4, Version: 2, CPC: 8, Within: true, Seconds: 1},
	}
	assert.InDelta(t, (729/0.5+0)/2+4096/2.0, benchScore(rows, 1, 8), 1e-9)
	assert.InDelta(t, 4096/4.0, benchScore(rows, 1, 1), 1e-9)
	assert.InDelta(t, 4096.0, benchScore(rows, 2, 8), 1e-9)
}

// --mode both runs both models and checks they agree, for several k.
func TestBenchBothModes(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"bench", "--mode", "both", "--cpc", "1,32", "--max-cycles", "200000",
		filepath.Join("..", "..", "bench", "testdata", "gen05b.sudoku")}, &out, &errb)
	require.Equal(t, exitOK, code, errb.String())
	assert.Contains(t, out.String(), "| gen05b | ")
	assert.Contains(t, out.String(), "Version 2, k = 32, max order 11: ")
	// k = 32 does not fit the XC2VP30: the first line says so.
	assert.True(t, strings.HasPrefix(out.String(), "WARNING: this configuration does NOT fit the XC2VP30 (Slices: "), out.String())
}

// --max-order builds the processor smaller: a larger puzzle gets the
// bad-size reply, as the board would answer, and scores 0 (issue 13, item 3).
func TestBenchMaxOrder(t *testing.T) {
	dir := filepath.Join("..", "..", "bench", "testdata")
	jsonPath := filepath.Join(t.TempDir(), "rows.json")
	var out, errb bytes.Buffer
	code := run([]string{"bench", "--versions", "2", "--max-order", "3", "--json", jsonPath,
		filepath.Join(dir, "gen03a.sudoku"), filepath.Join(dir, "gen04a.sudoku")}, &out, &errb)
	require.Equal(t, exitOK, code, errb.String())
	assert.Contains(t, out.String(), "Version 2, k = 1, max order 3: 1 of 2 puzzles within t_max")
	var rows []benchRow
	b, err := os.ReadFile(jsonPath)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &rows))
	require.Len(t, rows, 2)
	assert.Equal(t, "solved", rows[0].Status)
	assert.Equal(t, "rejected", rows[1].Status)
	assert.Equal(t, 3, rows[1].MaxOrder)
	assert.InDelta(t, 729/rows[0].Seconds, benchScore(rows, 2, 1), 1e-6)
}
