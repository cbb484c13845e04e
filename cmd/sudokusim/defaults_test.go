package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fpt09 is the shared benchmark suite, relative to this package.
var fpt09 = filepath.Join("..", "..", "..", "shared", "data", "fpt09")

// The defaults are the paper's builds (issue 13, item 3): version 2 (the
// default) at maximum order 11 with k = 1, which fits the XC2VP30, and
// version 1 at maximum order 15 with k = 8 (Table 2).
func TestSolveDefaultsArePaperBuilds(t *testing.T) {
	var rep struct {
		solveJSON
		CPC      int `json:"cpc"`
		MaxOrder int `json:"max_order"`
	}
	for _, tc := range []struct {
		args          []string
		cpc, maxOrder int
	}{
		{nil, 1, 11},
		{[]string{"--heuristics", "paper"}, 1, 11},
		{[]string{"--heuristics", "none"}, 8, 15},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"solve", "--json", "--mode", "fast"}, tc.args...), &out, &errb)
		require.Equal(t, exitOK, code, errb.String())
		require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
		assert.Equal(t, tc.cpc, rep.CPC, "%v", tc.args)
		assert.Equal(t, tc.maxOrder, rep.MaxOrder, "%v", tc.args)
		assert.True(t, rep.Resources.Fits, "%v: the default build must fit the %s", tc.args, rep.Resources.Device)
	}

	// The newcomer's first command shows a design that fits.
	var out, errb bytes.Buffer
	require.Equal(t, exitOK, run([]string{"solve"}, &out, &errb), errb.String())
	assert.True(t, strings.HasPrefix(out.String(), "FPT'09 processor, version 2"), out.String())
	assert.NotContains(t, out.String(), "NOT fit")
}

// Orders 12..15 are refused by the version-2 build as the board would: the
// bad-size error reply, status 2.
func TestSolveVersion2RejectsOrdersAbove11(t *testing.T) {
	p := filepath.Join(fpt09, "puzzle12a.sudoku")
	if !fileExists(p) {
		t.Skip("FPT'09 suite not present at " + fpt09)
	}
	var out, errb bytes.Buffer
	code := run([]string{"solve", "--mode", "fast", p}, &out, &errb)
	assert.Equal(t, exitFail, code)
	assert.Contains(t, out.String(), "status     rejected (error reply, status byte 2)")
	out.Reset()
	code = run([]string{"solve", "--mode", "cycle", p}, &out, &errb)
	assert.Equal(t, exitFail, code)
	assert.Contains(t, out.String(), "status     rejected (error reply, status byte 2)")
}

// A configuration that does not fit its device says so in the first line
// of text output, in every command that prints one.
func TestNotFitFirstLine(t *testing.T) {
	sample := filepath.Join("..", "..", "bench", "testdata", "gen03a.sudoku")
	notFit := regexp.MustCompile(`^WARNING: this configuration does NOT fit the XC2VP30 \((RAMB16s|Slices): \d+ needed, \d+ available\)`)
	for _, args := range [][]string{
		{"solve", "--max-order", "15"},
		{"solve", "--mode", "fast", "--subset-units", "16"},
		{"solve", "--heuristics", "none", "--cpc", "32"},
		{"solve", "--design", "swarm", "--boards", "1024"},
		{"resources", "--heuristics", "paper", "--max-order", "15"},
		{"resources", "--cpc", "32"},
		{"bench", "--versions", "2", "--max-order", "15", sample},
		{"sweep", "--quiet", "--out", "", "--cpc", "1", "--heuristics", "paper", "--max-order", "15", sample},
	} {
		if args[0] == "sweep" {
			args[3] = t.TempDir()
		}
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		require.Equal(t, exitOK, code, "%v: %s", args, errb.String())
		assert.Regexp(t, notFit, out.String(), "%v", args)
	}
	// And one that fits, or may fit, does not.
	for _, args := range [][]string{
		{"resources"},
		{"resources", "--heuristics", "paper"},
		{"solve", "--mode", "fast", "--cpc", "8"},
		{"bench", sample},
	} {
		var out, errb bytes.Buffer
		require.Equal(t, exitOK, run(args, &out, &errb), "%v: %s", args, errb.String())
		assert.NotContains(t, out.String(), "NOT fit", "%v", args)
	}
}

// A configuration whose slice range spans the device's capacity gets its
// own first line in `resources`: it may fit (docs/resource-model.md §4).
func TestMayFitFirstLine(t *testing.T) {
	mayFit := regexp.MustCompile(`^NOTE: this configuration may fit the XC2VP30 \(Slices: (\d+)\.\.(\d+) needed, 13696 available; the model's range spans the capacity`)
	for _, args := range [][]string{
		{"resources", "--heuristics", "paper"},
		{"resources", "--heuristics", "paper", "--cpc", "8", "--subset-units", "2"},
		{"resources", "--design", "ga", "--max-order", "4"},
	} {
		var out, errb bytes.Buffer
		require.Equal(t, exitOK, run(args, &out, &errb), "%v: %s", args, errb.String())
		m := mayFit.FindStringSubmatch(out.String())
		require.NotNil(t, m, "%v: %s", args, out.String())
		lo, _ := strconv.Atoi(m[1])
		hi, _ := strconv.Atoi(m[2])
		assert.LessOrEqual(t, lo, 13696, "%v", args)
		assert.Greater(t, hi, 13696, "%v", args)
		assert.Contains(t, out.String(), "The design may fit the XC2VP30", "%v", args)
		assert.NotContains(t, out.String(), "WARNING", "%v", args)
	}
	// Version 1 as Table 2 built it fits over its whole range: no note.
	var out, errb bytes.Buffer
	require.Equal(t, exitOK, run([]string{"resources"}, &out, &errb), errb.String())
	assert.NotContains(t, out.String(), "may fit")
	assert.Contains(t, out.String(), "The design fits the XC2VP30")
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// solve reports the model's range and verdict too, in text and JSON: the
// default version-2 build may fit, version 1 fits, version 3 fits.
func TestSolveResourcesCarryTheRange(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		verdict string
		note    string
	}{
		{nil, "may fit", ", may fit (the range spans the capacity)"},
		{[]string{"--heuristics", "none"}, "fits", ""},
		{[]string{"--design", "prop"}, "fits", ""},
	} {
		var out, errb bytes.Buffer
		require.Equal(t, exitOK, run(append([]string{"solve", "--mode", "fast"}, tc.args...), &out, &errb), "%v: %s", tc.args, errb.String())
		line := regexp.MustCompile(`(?m)^resources  (\d+) slices \((\d+)\.\.(\d+)\), \d+ block RAMs on XC2VP30(.*)$`).FindStringSubmatch(out.String())
		require.NotNil(t, line, "%v: %s", tc.args, out.String())
		mid, _ := strconv.Atoi(line[1])
		lo, _ := strconv.Atoi(line[2])
		hi, _ := strconv.Atoi(line[3])
		assert.True(t, lo <= mid && mid <= hi, "%v: %d not in %d..%d", tc.args, mid, lo, hi)
		assert.Equal(t, tc.note, line[4], "%v", tc.args)

		var rep solveJSON
		out.Reset()
		require.Equal(t, exitOK, run(append([]string{"solve", "--mode", "fast", "--json"}, tc.args...), &out, &errb), "%v: %s", tc.args, errb.String())
		require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
		assert.Equal(t, tc.verdict, rep.Resources.Verdict, "%v", tc.args)
		assert.Equal(t, [2]int{lo, hi}, [2]int{rep.Resources.SlicesLow, rep.Resources.SlicesHigh}, "%v", tc.args)
	}
}
