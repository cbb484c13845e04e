package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSweepCommand(t *testing.T) {
	out := t.TempDir()
	args := []string{"sweep", "--quiet", "--out", out, "--cpc", "1,8", "--max-order", "3", "--clock-mhz", "100",
		filepath.Join("..", "..", "..", "shared", "data", "fpt09", "puzzle03a.sudoku")}
	var so, se bytes.Buffer
	require.Equal(t, exitOK, run(args, &so, &se), se.String())
	assert.Contains(t, so.String(), "sweep: 2 points (0 already done, 2 run)")
	so.Reset()
	require.Equal(t, exitOK, run(args, &so, &se), se.String())
	assert.Contains(t, so.String(), "sweep: 2 points (2 already done, 0 run)")
	for _, f := range []string{"results.csv", "results.json", "pareto.svg", "slices_vs_k.png"} {
		_, err := os.Stat(filepath.Join(out, f))
		assert.NoError(t, err, f)
	}

	merged := t.TempDir()
	so.Reset()
	require.Equal(t, exitOK, run([]string{"sweep", "merge", "--out", merged, out}, &so, &se), se.String())
	assert.Contains(t, so.String(), "2 points from 1 directories")
}

func TestSweepBadUsage(t *testing.T) {
	for _, args := range [][]string{
		{"sweep", "--cpc", "x"},
		{"sweep", "--cpc", "3"},
		{"sweep", "--clock-mhz", "-1"},
		{"sweep", "--shard", "2/2"},
		{"sweep", "--mode", "slow"},
		{"sweep", "--heuristics", "naked-pair"},
		{"sweep", "--subset-units", "-1", "--heuristics", "paper"},
		{"sweep", "/nonexistent/file.sudoku"},
		{"sweep", "merge"},
		{"sweep", "--generate", "3", "extra.sudoku"},
		{"sweep", "--generate", "16"},
		{"sweep", "--generate", "3", "--holes", "x"},
	} {
		var so, se bytes.Buffer
		assert.Equal(t, exitUsage, run(append(args, "--out", t.TempDir()), &so, &se), args)
		assert.Equal(t, 1, bytes.Count(se.Bytes(), []byte("\n")), "one line on stderr for %v: %q", args, se.String())
	}
}

func TestSweepGenerate(t *testing.T) {
	out := t.TempDir()
	var so, se bytes.Buffer
	args := []string{"sweep", "--quiet", "--out", out, "--cpc", "8", "--max-order", "4", "--generate", "3,4", "--holes", "0.25"}
	require.Equal(t, exitOK, run(args, &so, &se), se.String())
	assert.Contains(t, so.String(), "sweep: 2 points")
	data, err := os.ReadFile(filepath.Join(out, "results.csv"))
	require.NoError(t, err)
	assert.Contains(t, string(data), "gen03-h25,3,8,")
	assert.Contains(t, string(data), "gen04-h25,4,8,")
}
