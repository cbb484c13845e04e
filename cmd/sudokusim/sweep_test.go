package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
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
	assert.Contains(t, so.String(), "2 points from 1 shards")
}

func TestSweepBadUsage(t *testing.T) {
	for _, args := range [][]string{
		{"sweep", "--cpc", "x"},
		{"sweep", "--cpc", "3"},
		{"sweep", "--clock-mhz", "-1"},
		{"sweep", "--clock-mhz", "inf"},
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
	assert.Regexp(t, `\ngen03-h25,[0-9a-f]{16},3,8,`, string(data))
	assert.Regexp(t, `\ngen04-h25,[0-9a-f]{16},4,8,`, string(data))
}

// TestSweepRerunsChangedSettings (issue 13 item 1): a point whose result
// can change with a setting or the puzzle's content runs again when that
// changes, instead of reporting the journalled row of another run.
func TestSweepRerunsChangedSettings(t *testing.T) {
	puzzle := filepath.Join("..", "..", "..", "shared", "data", "fpt09", "puzzle04a.sudoku")
	out := t.TempDir()
	base := []string{"sweep", "--quiet", "--out", out, "--cpc", "8", "--max-order", "4", "--clock-mhz", "100"}
	sweep := func(extra ...string) (string, string) {
		t.Helper()
		var so, se bytes.Buffer
		require.Equal(t, exitOK, run(append(append([]string{}, base...), extra...), &so, &se), se.String())
		data, err := os.ReadFile(filepath.Join(out, "results.csv"))
		require.NoError(t, err)
		return so.String(), string(data)
	}
	so, csv := sweep("--max-cycles", "1000", puzzle)
	assert.Contains(t, so, "(0 already done, 1 run)")
	assert.Contains(t, csv, ",timeout,")
	so, csv = sweep("--max-cycles", "0", puzzle)
	assert.Contains(t, so, "(0 already done, 1 run)", "a higher cycle limit runs again")
	assert.Contains(t, csv, ",solved,")
	so, _ = sweep("--max-cycles", "0", puzzle)
	assert.Contains(t, so, "(1 already done, 0 run)", "the same settings do not")

	for _, extra := range [][]string{
		{"--link", "uart", puzzle},
		{"--device", "EP2C70", puzzle},
	} {
		so, _ = sweep(extra...)
		assert.Contains(t, so, "(0 already done, 1 run)", "%v runs again", extra)
	}

	// Two files of one name in different directories are different puzzles.
	a, b := filepath.Join(t.TempDir(), "p.sudoku"), filepath.Join(t.TempDir(), "p.sudoku")
	g := sudoku.Sample()
	var text bytes.Buffer
	require.NoError(t, sudoku.WriteSudoku(&text, g))
	require.NoError(t, os.WriteFile(a, text.Bytes(), 0o644))
	for i, v := range g.Cells { // one given fewer: another puzzle
		if v != 0 {
			g.Cells[i] = 0
			break
		}
	}
	text.Reset()
	require.NoError(t, sudoku.WriteSudoku(&text, g))
	require.NoError(t, os.WriteFile(b, text.Bytes(), 0o644))
	_, csvA := sweep("--max-order", "3", a)
	so, csvB := sweep("--max-order", "3", b)
	assert.Contains(t, so, "(0 already done, 1 run)", "another p.sudoku runs again")
	assert.NotEqual(t, csvA, csvB)

	// A generated suite with another seed is another set of puzzles.
	so, _ = sweep("--max-order", "3", "--generate", "3", "--holes", "0.5", "--seed", "1")
	assert.Contains(t, so, "(0 already done, 1 run)")
	so, _ = sweep("--max-order", "3", "--generate", "3", "--holes", "0.5", "--seed", "2")
	assert.Contains(t, so, "(0 already done, 1 run)", "another seed runs again")
	so, _ = sweep("--max-order", "3", "--generate", "3", "--holes", "0.5", "--seed", "1")
	assert.Contains(t, so, "(1 already done, 0 run)")
}

// TestSweepMergeRefusesOtherSweep: 'sweep merge' of shards of two sweeps
// exits 2 with one line naming both.
func TestSweepMergeRefusesOtherSweep(t *testing.T) {
	puzzle := filepath.Join("..", "..", "..", "shared", "data", "fpt09", "puzzle03a.sudoku")
	a, b := t.TempDir(), t.TempDir()
	var so, se bytes.Buffer
	require.Equal(t, exitOK, run([]string{"sweep", "--quiet", "--out", a, "--cpc", "1,8", "--max-order", "3", "--shard", "0/2", puzzle}, &so, &se), se.String())
	require.Equal(t, exitOK, run([]string{"sweep", "--quiet", "--out", b, "--cpc", "1,4", "--max-order", "3", "--shard", "1/2", puzzle}, &so, &se), se.String())
	se.Reset()
	assert.Equal(t, exitUsage, run([]string{"sweep", "merge", "--out", t.TempDir(), a, b}, &so, &se))
	assert.Equal(t, 1, bytes.Count(se.Bytes(), []byte("\n")), se.String())
	assert.Contains(t, se.String(), "shards of different sweeps do not merge")
	assert.Contains(t, se.String(), a)
	assert.Contains(t, se.String(), b)
}
