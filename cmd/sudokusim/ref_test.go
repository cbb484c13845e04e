package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

func TestRefSample(t *testing.T) {
	code, out, errOut := runCmd(t, "", "ref")
	require.Equal(t, exitOK, code)
	g, err := sudoku.ParseSudoku([]byte(out), "stdout")
	require.NoError(t, err)
	assert.True(t, sudoku.SampleSolution().Equal(g))
	assert.Regexp(t, `^dlx: order 3 solved, 45 nodes, 0 backtracks, [0-9.]+ s \(t_max 0.2187 s\), checksum 29\n$`, errOut)
}

func TestRefJSONFPT09(t *testing.T) {
	path := filepath.Join(fpt09Dir, "puzzle09a.sudoku")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("FPT'09 puzzles not found: %v", err)
	}
	code, out, errOut := runCmd(t, "", "ref", "--json", path)
	require.Equal(t, exitOK, code, errOut)
	assert.Empty(t, errOut)
	var rep Report
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, "dlx", rep.Design)
	assert.Equal(t, 9, rep.Order)
	assert.Equal(t, "solved", rep.Status)
	puzzle, err := sudoku.LoadPuzzle(path, 0, nil)
	require.NoError(t, err)
	solution := sudoku.MustNew(9)
	for r, row := range rep.Solution {
		for c, v := range row {
			solution.Set(r, c, v)
		}
	}
	require.NoError(t, sudoku.Validate(puzzle, solution))
	require.NotNil(t, rep.Checksum)
	assert.Equal(t, int(sudoku.Checksum(solution)), *rep.Checksum)
	assert.Equal(t, uint64(1641), rep.Search.Nodes, "09a: 1,641 empty cells, all forced")
	assert.InDelta(t, sudoku.TMax(9), rep.TMaxSeconds, 1e-9)
	assert.True(t, rep.WithinTMax)
	assert.Nil(t, rep.Cycles, "no cycles for a software model")
	// The key fields are present by name.
	for _, key := range []string{`"design"`, `"order"`, `"status"`, `"solution"`, `"checksum"`, `"search":{"nodes"`, `"sim":{"wall_seconds"`} {
		assert.Contains(t, out, key)
	}
}

func TestRefStatuses(t *testing.T) {
	dir := t.TempDir()
	clash := sudoku.Sample()
	clash.Set(0, 0, 1)
	var cb strings.Builder
	_ = sudoku.WriteSudoku(&cb, clash)
	clashFile := writeFile(t, dir, "clash.sudoku", cb.String())
	line := sudoku.FormatLine(sudoku.Sample())

	tests := []struct {
		name    string
		stdin   string
		args    []string
		code    int
		status  string
		errLine string
	}{
		{"stdin line format", line + "\n", []string{"--json", "-"}, exitOK, "solved", ""},
		{"index", "# x\n" + line + "\n" + strings.Repeat(".", 81) + "\n", []string{"--json", "--index", "1", "-"}, exitOK, "solved", ""},
		{"clashing givens", "", []string{"--json", clashFile}, exitFail, "unsolvable", ""},
		{"node limit", strings.Repeat(".", 81), []string{"--json", "--node-limit", "5", "--index", "0", "-"}, exitFail, "timeout", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tc.stdin, append([]string{"ref"}, tc.args...)...)
			assert.Equal(t, tc.code, code, errOut)
			var rep Report
			require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
			assert.Equal(t, tc.status, rep.Status)
			if tc.status != "solved" {
				assert.Nil(t, rep.Solution)
				assert.Nil(t, rep.Checksum)
			}
		})
	}

	code, out, errOut := runCmd(t, "", "ref", clashFile)
	assert.Equal(t, exitFail, code)
	assert.Empty(t, out)
	assert.Equal(t, "dlx: order 3 unsolvable, 0 nodes, 0 backtracks, ", errOut[:len("dlx: order 3 unsolvable, 0 nodes, 0 backtracks, ")])
	assert.True(t, strings.HasSuffix(errOut, "; givens clash: row 1 holds 1 twice, at (1,1) and (1,2) (row,col from 1)\n"), errOut)
}

func TestRefMalformedInputIsOneLine(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, file, text, want string
	}{
		{"value too big", "v.sudoku", "2\n1 2 3 4\n3 4 1 2\n2 1 4 9\n4 3 2 1\n", "v.sudoku:4:7: value 9 outside 0..4"},
		{"order", "o.sudoku", "17\n", "o.sudoku:1:1: order 17 outside 2..15"},
		{"short line", "s.txt", "# set\n12345\n", "s.txt:2:6: line has 5 cells, want 81"},
		{"not a number", "n.sudoku", "2\n1 2 x 4\n", "n.sudoku:2:5: expected a number, found 'x'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := writeFile(t, dir, tc.file, tc.text)
			code, out, errOut := runCmd(t, "", "ref", "--json", p)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, filepath.Join(dir, tc.want)+"\n", errOut)
		})
	}
	code, _, errOut := runCmd(t, "", "ref", filepath.Join(dir, "missing.sudoku"))
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, 1, strings.Count(errOut, "\n"))
	assert.Contains(t, errOut, "missing.sudoku: no such file or directory")
}

func TestCyclesJSON(t *testing.T) {
	c := Cycles{Total: 10, RX: 1, Solve: 8, TX: 1, Phases: map[string]uint64{"search": 5, "heuristics": 3}}
	b, err := json.Marshal(c)
	require.NoError(t, err)
	assert.Equal(t, `{"total":10,"rx":1,"solve":8,"tx":1,"heuristics":3,"search":5}`, string(b))
	_, err = json.Marshal(Cycles{Phases: map[string]uint64{"rx": 1}})
	assert.Error(t, err)
}
