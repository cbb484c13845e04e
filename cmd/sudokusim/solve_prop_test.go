package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/rtl/prop"
	"sudokusim/sudoku"
)

type solvePropJSON struct {
	solveJSON
	CPC      int           `json:"cpc"`
	Rules    string        `json:"rules"`
	Branch   string        `json:"branch"`
	Probe    string        `json:"probe"`
	Visit    string        `json:"visit"`
	Counters prop.Counters `json:"counters"`
}

// solve --design prop: both modes and both links give the same answer and
// cycles; the JSON carries the counters and the resources.
func TestSolvePropJSON(t *testing.T) {
	var runs []solvePropJSON
	for _, args := range [][]string{
		{"--mode", "cycle"}, {"--mode", "fast"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"solve", "--design", "prop", "--json"}, args...)...)
		require.Equal(t, exitOK, code, errOut)
		var r solvePropJSON
		require.NoError(t, json.Unmarshal([]byte(out), &r))
		runs = append(runs, r)
	}
	r := runs[0]
	assert.Equal(t, "prop", r.Design)
	assert.Equal(t, "solved", r.Status)
	assert.Equal(t, 29, r.Checksum)
	assert.Equal(t, 2, r.CPC)
	assert.Equal(t, "hidden", r.Rules)
	assert.Equal(t, "first", r.Branch)
	assert.Equal(t, "pairs", r.Probe)
	assert.Equal(t, "empty", r.Visit)
	assert.Equal(t, uint64(167), r.Cycles.Load)
	assert.Equal(t, uint64(45), r.Counters.Propagated)
	assert.Equal(t, 45, r.Counters.TrailPeak)
	assert.Equal(t, 117, r.Resources.BRAM)
	assert.True(t, r.Resources.Fits)
	assert.Equal(t, sudoku.SampleSolution().Rows(), r.Solution)
	assert.Equal(t, r.Cycles, runs[1].Cycles, "cycle and fast modes")
	assert.Equal(t, r.Counters, runs[1].Counters)
}

func TestSolvePropFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"--design", "prop", "--heuristics", "none"}, exitUsage},
		{[]string{"--design", "prop", "--population", "8"}, exitUsage},
		{[]string{"--design", "prop", "--cpc", "3"}, exitUsage},
		{[]string{"--design", "prop", "--rules", "pairs"}, exitUsage},
		{[]string{"--design", "bnb", "--rules", "naked"}, exitUsage},
		{[]string{"--design", "prop", "--probe", "all"}, exitUsage},
		{[]string{"--design", "bnb", "--probe", "pairs"}, exitUsage},
		{[]string{"--design", "prop", "--visit", "some"}, exitUsage},
		{[]string{"--design", "bnb", "--visit", "all"}, exitUsage},
		{[]string{"--design", "prop", "--visit", "all", "--link", "direct"}, exitOK},
		{[]string{"--design", "prop", "--probe", "none", "--link", "direct"}, exitOK},
		{[]string{"--design", "prop", "--max-cycles", "10"}, exitFail},
		{[]string{"--design", "prop", "--rules", "naked", "--branch", "first", "--cpc", "1", "--link", "direct"}, exitOK},
	} {
		code, _, errOut := runCmd(t, "", append([]string{"solve"}, tc.args...)...)
		assert.Equal(t, tc.code, code, "%v: %s", tc.args, errOut)
	}
}

func TestSolvePropVCD(t *testing.T) {
	path := filepath.Join(t.TempDir(), "prop.vcd")
	code, _, errOut := runCmd(t, "", "solve", "--design", "prop", "--link", "direct", "--vcd", path)
	require.Equal(t, exitOK, code, errOut)
	assert.FileExists(t, path)
}

func TestResourcesProp(t *testing.T) {
	code, out, errOut := runCmd(t, "", "resources", "--design", "prop")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "At max order 11:")
	assert.Contains(t, out, "At max order 15: ")
	assert.Contains(t, out, "117 RAMB16s — fits the XC2VP30")
	code, out, _ = runCmd(t, "", "resources", "--design", "prop", "--visit", "all")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "At max order 15: ")
	assert.Contains(t, out, "96 RAMB16s — fits the XC2VP30")
	code, out, _ = runCmd(t, "", "resources", "--design", "prop", "--cpc", "4")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "does NOT fit the XC2VP30; limiting resource: RAMB16s")
	code, out, _ = runCmd(t, "", "resources", "--design", "prop", "--probe", "none", "--blocks")
	require.Equal(t, exitOK, code)
	assert.NotContains(t, out, "ProbeUnit")
	code, out, _ = runCmd(t, "", "resources", "--design", "prop", "--blocks")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "ProbeUnit")
	code, _, _ = runCmd(t, "", "resources", "--design", "prop", "--probe", "some")
	assert.Equal(t, exitUsage, code)
	code, _, _ = runCmd(t, "", "resources", "--design", "prop", "--heuristics", "paper")
	assert.Equal(t, exitUsage, code)
}

// --probe pairs on 03b: the JSON counts the probe phase (11 trials, 4 of
// them failed, 2 rounds) and the text output has its line; --probe none
// counts nothing there.
func TestSolvePropProbe(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "data", "fpt09", "puzzle03b.sudoku")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("FPT'09 suite not found beside the checkout: %v", err)
	}
	code, out, errOut := runCmd(t, "", "solve", "--design", "prop", "--link", "direct", "--json", path)
	require.Equal(t, exitOK, code, errOut)
	var r solvePropJSON
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, "pairs", r.Probe)
	assert.Equal(t, uint64(11), r.Counters.Probes)
	assert.Equal(t, uint64(4), r.Counters.FailedProbes)
	assert.Equal(t, uint64(2), r.Counters.ProbeRounds)
	assert.Positive(t, r.Counters.ProbeCycles)
	code, out, errOut = runCmd(t, "", "solve", "--design", "prop", "--link", "direct", path)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "probe      11 trials, 4 failed (other value placed), 2 rounds, ")
	code, out, errOut = runCmd(t, "", "solve", "--design", "prop", "--link", "direct", "--json", "--probe", "none", path)
	require.Equal(t, exitOK, code, errOut)
	r = solvePropJSON{}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, "none", r.Probe)
	assert.Zero(t, r.Counters.Probes+r.Counters.ProbeRounds+r.Counters.ProbeCycles)
	assert.Positive(t, r.Counters.Decisions)
}
