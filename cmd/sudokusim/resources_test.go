package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/rtl/area"
	"sudokusim/rtl/ga"
	"sudokusim/rtl/swarm"
)

func TestResourcesSummary(t *testing.T) {
	tests := []struct {
		args   []string
		want   []string
		status int
	}{
		{[]string{"resources", "--cpc", "1"}, []string{"version 1", "RAMB16s:", "107 out of", "The design fits the XC2VP30"}, exitOK},
		{[]string{"resources", "--heuristics", "paper", "--max-order", "15"}, []string{"version 2", "does NOT fit", "limiting resource: RAMB16s"}, exitOK},
		{[]string{"resources", "--device", "ep2c70", "--blocks"}, []string{"Logic elements:", "M4K blocks:", "Evaluator", "GridMem 675×1800"}, exitOK},
		{[]string{"resources", "--heuristics", "paper", "--blocks"}, []string{
			"Evaluator                7672        0        0   Pack 0.602..0.660",
			"HiddenSubsetUnit        11021       28        0   uncalibrated, ±46% more",
			"slices 11154, range 8055..14429)"}, exitOK},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		got := run(tc.args, &out, &errb)
		require.Equal(t, tc.status, got, errb.String())
		for _, w := range tc.want {
			assert.Contains(t, out.String(), w, tc.args)
		}
	}
}

func TestResourcesJSON(t *testing.T) {
	var out, errb bytes.Buffer
	require.Equal(t, exitOK, run([]string{"resources", "--json", "--cpc", "4"}, &out, &errb), errb.String())
	var got resourcesJSON
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))
	r, err := area.Estimate(area.Table2Params(4))
	require.NoError(t, err)
	assert.Equal(t, r.Slices, got.Slices)
	assert.Equal(t, 107, got.RAMB16)
	assert.True(t, got.Fit.Fits)
	assert.Equal(t, "XC2VP30", got.Fit.Device)
	assert.Len(t, got.Memories, 2)
	assert.Equal(t, r.SliceRange, got.SliceRange)
	assert.Equal(t, "fits", got.Verdict)
	assert.Equal(t, got.Verdict, got.Fit.Verdict)
	assert.Less(t, got.SliceRange.Low, got.Slices)
	assert.Greater(t, got.SliceRange.High, got.Slices)

	// Version 2 at max order 11, k = 8: the range spans the capacity.
	out.Reset()
	require.Equal(t, exitOK, run([]string{"resources", "--json", "--heuristics", "paper", "--cpc", "8"}, &out, &errb), errb.String())
	got = resourcesJSON{}
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))
	assert.Equal(t, "may fit", got.Verdict)
	assert.True(t, got.Fit.Fits, "a configuration that may fit is not refused")
	assert.LessOrEqual(t, got.Fit.SlicesLow, 13696)
	assert.Greater(t, got.Fit.SlicesHigh, 13696)
	assert.Equal(t, 13696, got.Fit.SlicesAvailable)
}

func TestResourcesBadUsage(t *testing.T) {
	for _, args := range [][]string{
		{"resources", "--cpc", "3"},
		{"resources", "--device", "nope"},
		{"resources", "--heuristics", "naked-pair"},
		{"resources", "--link", "usb"},
		{"resources", "extra"},
		{"resources", "--design", "dlx"},
		{"resources", "--design", "ga", "--cpc", "4"},
		{"resources", "--design", "swarm", "--population", "8"},
		{"resources", "--boards", "4"},
		{"resources", "--design", "ga", "--population", "1"},
		{"resources", "--design", "swarm", "--copy-width", "0"},
		{"resources", "--design", "ga", "--max-order", "16"},
	} {
		var out, errb bytes.Buffer
		assert.Equal(t, exitUsage, run(args, &out, &errb), args)
		assert.Equal(t, 1, bytes.Count(errb.Bytes(), []byte("\n")), "one line on stderr for %v", args)
	}
}

func TestResourcesOtherDesigns(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"resources", "--design", "ga", "--max-order", "3", "--blocks"},
			[]string{"GA processor (seed 001): order 3, population 64, tournament 3", "uncalibrated",
				"The design fits the XC2VP30", "pop_mem 128×332", "chr_init", "Pack from the FPT'09 processor"}},
		{[]string{"resources", "--design", "ga", "--max-order", "4"},
			[]string{"may fit the XC2VP30; limiting resource: Slices", "Range of Slices:"}},
		{[]string{"resources", "--design", "ga", "--max-order", "5"},
			[]string{"does NOT fit the XC2VP30; limiting resource: Slices"}},
		{[]string{"resources", "--design", "swarm", "--max-order", "3", "--boards", "2", "--blocks"},
			[]string{"engine array (seed 002): max order 3, 2 engines, copy width 16, stack 256 boards",
				"The design fits the XC2VP30", "CellUnits ×2", "BranchStack 1536×64"}},
		{[]string{"resources", "--design", "swarm", "--max-order", "3", "--device", "XCVU9P"},
			[]string{"The design fits the XCVU9P"}},
		{[]string{"resources", "--design", "swarm"},
			[]string{"max order 15, 16 engines", "does NOT fit"}},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		require.Equal(t, exitOK, run(tc.args, &out, &errb), errb.String())
		for _, w := range tc.want {
			assert.Contains(t, out.String(), w, tc.args)
		}
	}
}

func TestResourcesOtherDesignsJSON(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"resources", "--json", "--design", "ga", "--max-order", "3", "--population", "32", "--tournament", "4"}
	require.Equal(t, exitOK, run(args, &out, &errb), errb.String())
	var got resourcesJSON
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))
	cfg := ga.DefaultConfig()
	cfg.PopSize, cfg.Tournament = 32, 4
	want, err := area.EstimateGA(cfg, 3)
	require.NoError(t, err)
	assert.Equal(t, "ga", got.Design)
	assert.Equal(t, &gaParamsJSON{Population: 32, Tournament: 4}, got.GA)
	assert.Nil(t, got.Swarm)
	assert.Zero(t, got.Version)
	assert.False(t, got.Calibrated)
	assert.Equal(t, want.Slices, got.Slices)
	assert.Equal(t, want.RAMB16, got.RAMB16)
	assert.Equal(t, want.MULT18, got.MULT18)

	out.Reset()
	args = []string{"resources", "--json", "--design", "swarm", "--max-order", "4", "--boards", "3", "--copy-width", "8", "--stack", "0"}
	require.Equal(t, exitOK, run(args, &out, &errb), errb.String())
	got = resourcesJSON{}
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))
	sc := swarm.DefaultConfig()
	sc.MaxOrder, sc.BoardSlots, sc.CopyWidth, sc.StackDepth = 4, 3, 8, 0
	sw, err := area.EstimateSwarm(sc)
	require.NoError(t, err)
	assert.Equal(t, &swarmParamsJSON{Boards: 3, CopyWidth: 8, Stack: 0}, got.Swarm)
	assert.Equal(t, sw.Slices, got.Slices)
	assert.Len(t, got.Memories, 1, "no stack: the input buffer only")

	out.Reset()
	require.Equal(t, exitOK, run([]string{"resources", "--json", "--cpc", "1"}, &out, &errb), errb.String())
	got = resourcesJSON{}
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))
	assert.Equal(t, "bnb", got.Design)
	assert.True(t, got.Calibrated)
	assert.Equal(t, 1, got.Version)
	assert.Nil(t, got.GA)
}
