package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExploreText(t *testing.T) {
	a := filepath.Join(fpt09Dir, "puzzle03a.sudoku")
	b := filepath.Join(fpt09Dir, "puzzle03b.sudoku")
	code, out, errOut := runCmd(t, "", "explore", "--heuristics", "paper", a, b)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "heuristics: single,hidden-single,hidden-pair,hidden-triple,hidden-quad")
	assert.Contains(t, out, "2 puzzles, 113 empty cells at start") // 55 + 58
	for _, name := range []string{"hidden-quad", "puzzle03a", "puzzle03b"} {
		assert.Contains(t, out, name)
	}
	// 03a is finished by the paper set, 03b is not (it needs the full set).
	assert.Regexp(t, `puzzle03a\s+3 solved`, out)
	assert.Regexp(t, `puzzle03b\s+3 stalled`, out)
}

func TestExploreJSON(t *testing.T) {
	b := filepath.Join(fpt09Dir, "puzzle03b.sudoku")
	code, out, errOut := runCmd(t, "", "explore", "--json", b)
	require.Equal(t, exitOK, code, errOut)
	var tab struct {
		Heuristics []string `json:"heuristics"`
		Rows       []struct {
			Heuristic  string `json:"heuristic"`
			Cumulative int    `json:"cumulative"`
		} `json:"rows"`
		Puzzles []struct {
			Name   string `json:"name"`
			Status string `json:"status"`
		} `json:"puzzles"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &tab))
	assert.Len(t, tab.Heuristics, 14)
	require.Len(t, tab.Puzzles, 1)
	assert.Equal(t, "solved", tab.Puzzles[0].Status)
	assert.Equal(t, 1, tab.Rows[len(tab.Rows)-1].Cumulative)
}

func TestExploreBadUsage(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.sudoku", "3\n1 2\n")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no files", []string{"explore"}, "want FILES or DIR"},
		{"bad list", []string{"explore", "--heuristics", "single,magic", bad}, "magic"},
		{"none", []string{"explore", "--heuristics", "none", bad}, "nothing to explore"},
		{"missing", []string{"explore", filepath.Join(dir, "nope.sudoku")}, "nope.sudoku"},
		{"malformed", []string{"explore", bad}, "bad.sudoku"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCmd(t, "", tc.args...)
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, errOut, tc.want)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
		})
	}
}
