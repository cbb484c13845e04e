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

	"sudokusim/sim"
	"sudokusim/sudoku"
)

type solveJSON struct {
	Design   string  `json:"design"`
	Order    int     `json:"order"`
	Status   string  `json:"status"`
	Solution [][]int `json:"solution"`
	Checksum int     `json:"checksum"`
	Cycles   struct {
		Total, RX, Solve, TX, Load, Search uint64
	} `json:"cycles"`
	ClockMHz    float64 `json:"clock_mhz"`
	Seconds     float64 `json:"seconds"`
	TMaxSeconds float64 `json:"tmax_seconds"`
	WithinTMax  bool    `json:"within_tmax"`
	Resources   struct {
		BRAM   int    `json:"bram"`
		Slices int    `json:"slices"`
		Device string `json:"device"`
		Fits   bool   `json:"fits"`
		// The model's slice range and verdict.
		SlicesLow  int    `json:"slices_low"`
		SlicesHigh int    `json:"slices_high"`
		Verdict    string `json:"verdict"`
	} `json:"resources"`
	Sim struct {
		WallSeconds     float64 `json:"wall_seconds"`
		CyclesPerSecond float64 `json:"cycles_per_second"`
	} `json:"sim"`
	Search struct {
		Nodes      uint64 `json:"nodes"`
		Backtracks uint64 `json:"backtracks"`
		MaxDepth   int    `json:"max_depth"`
	} `json:"search"`
}

func runSolveJSON(t *testing.T, args ...string) (solveJSON, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"solve", "--json"}, args...), &out, &errb)
	var js solveJSON
	require.NoError(t, json.Unmarshal(out.Bytes(), &js), "stdout %q stderr %q", out.String(), errb.String())
	return js, code
}

func TestSolveSampleJSON(t *testing.T) {
	js, code := runSolveJSON(t, "--heuristics", "none")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "bnb", js.Design)
	assert.Equal(t, "solved", js.Status)
	assert.Equal(t, 3, js.Order)
	assert.Equal(t, sudoku.SampleSolution().Rows(), js.Solution)
	assert.Equal(t, 29, js.Checksum)
	// docs/microarchitecture.md §3–§7 at D = 868: rx 754,730, load 248,
	// search 631 (k = 8), tx 755,161.
	assert.Equal(t, uint64(754_730), js.Cycles.RX)
	assert.Equal(t, uint64(248+631), js.Cycles.Solve)
	assert.Equal(t, uint64(755_161), js.Cycles.TX)
	assert.Equal(t, js.Cycles.RX+js.Cycles.Solve+js.Cycles.TX, js.Cycles.Total)
	assert.InDelta(t, float64(js.Cycles.Total)/100e6, js.Seconds, 1e-12)
	assert.InDelta(t, 0.2187, js.TMaxSeconds, 1e-9)
	assert.True(t, js.WithinTMax)
	assert.Equal(t, "XC2VP30", js.Resources.Device)
	assert.Positive(t, js.Resources.BRAM)
	assert.Positive(t, js.Resources.Slices)
	assert.Equal(t, uint64(82), js.Search.Nodes)
	assert.Equal(t, uint64(37), js.Search.Backtracks)
	assert.Equal(t, 45, js.Search.MaxDepth)
}

func TestSolveModesAndLinksAgree(t *testing.T) {
	cyc, code := runSolveJSON(t, "--cpc", "2", "--heuristics", "none")
	require.Equal(t, exitOK, code)
	fast, code := runSolveJSON(t, "--cpc", "2", "--heuristics", "none", "--mode", "fast")
	require.Equal(t, exitOK, code)
	assert.Equal(t, cyc.Cycles, fast.Cycles)
	direct, code := runSolveJSON(t, "--cpc", "2", "--heuristics", "none", "--link", "direct")
	require.Equal(t, exitOK, code)
	assert.Equal(t, uint64(0), direct.Cycles.RX)
	assert.Equal(t, uint64(0), direct.Cycles.TX)
	assert.Equal(t, cyc.Cycles.Solve, direct.Cycles.Solve)
}

func TestSolveStatusesAndErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	clash := sudoku.Sample()
	clash.Set(0, 0, 1)
	clashFile := write("clash.sudoku", "3\n"+clash.String())
	js, code := runSolveJSON(t, clashFile)
	assert.Equal(t, exitFail, code)
	var out, errb bytes.Buffer
	run([]string{"solve", clashFile}, &out, &errb)
	assert.Contains(t, errb.String(), "clash.sudoku: givens clash: row 1 holds 1 twice")
	assert.Equal(t, "unsolvable", js.Status)
	assert.Equal(t, uint64(3), js.Cycles.Load, "the clash is seen in the third load cycle")

	js, code = runSolveJSON(t, "--max-order", "2")
	assert.Equal(t, exitFail, code)
	assert.Equal(t, "rejected", js.Status)

	js, code = runSolveJSON(t, "--max-cycles", "50", "--link", "direct", "--heuristics", "none")
	assert.Equal(t, exitFail, code)
	assert.Equal(t, "timeout", js.Status)
	assert.Equal(t, uint64(248+50), js.Cycles.Solve)

	bad := write("bad.sudoku", "3\n1 2 3\n")
	for _, args := range [][]string{
		{"solve", bad},
		{"solve", "--cpc", "3"},
		{"solve", "--link", "wifi"},
		{"solve", "--heuristics", "magic"},
		{"solve", "--design", "nope"},
		{"solve", filepath.Join(dir, "missing.sudoku")},
	} {
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		assert.Equal(t, exitUsage, code, "%v", args)
		lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
		assert.Len(t, lines, 1, "%v: one line on stderr, got %q", args, errb.String())
	}
	out.Reset()
	errb.Reset()
	run([]string{"solve", bad}, &out, &errb)
	assert.Contains(t, errb.String(), "bad.sudoku:")
}

func TestSolveTextReport(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"solve", "--heuristics", "none"}, &out, &errb)
	require.Equal(t, exitOK, code, errb.String())
	for _, want := range []string{"status     solved", "rx 754730", "82 nodes, 37 backtracks, max depth 45",
		"t_max 0.2187 s met", "checksum   29 (0x1D)", "XC2VP30", "6 1 4 5 2 7 3 8 9"} {
		assert.Contains(t, out.String(), want)
	}
}

// The default is version 2 (the paper's five units): the sample is solved
// by the heuristics alone, the search only walks past the filled rows.
func TestSolveVersion2Default(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"solve", "--json"}, &out, &errb)
	require.Equal(t, exitOK, code, errb.String())
	var js struct {
		Status string `json:"status"`
		Cycles struct {
			Heuristics, Search uint64
		} `json:"cycles"`
		Heuristics []string `json:"heuristics"`
		Units      []struct {
			Heuristic string `json:"heuristic"`
			Fixed     int    `json:"fixed"`
			Passes    int    `json:"passes"`
		} `json:"units"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &js))
	assert.Equal(t, "solved", js.Status)
	assert.Equal(t, []string{"single", "hidden-single", "hidden-pair", "hidden-triple", "hidden-quad"}, js.Heuristics)
	require.Len(t, js.Units, 5)
	assert.Equal(t, "single", js.Units[0].Heuristic)
	assert.Equal(t, 45, js.Units[0].Fixed, "naked singles fill all 45 empty cells of the sample")
	assert.Positive(t, js.Cycles.Heuristics)
	assert.Equal(t, uint64(1+9), js.Cycles.Search, "START and one SEEK per row")
}

// The other designs of DESIGN §1.2–1.3 run through the same command: the
// swarm solves the sample in its documented 18 cycles (load 7 + 11 update
// steps, docs/swarm.md); the GA, as seed 001 warns, stagnates on it, and a
// short run ends in a timeout with the answer's exit status 1.
func TestSolveOtherDesigns(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"solve", "--design", "swarm", "--json"}, &out, &errb)
	require.Equal(t, exitOK, code, errb.String())
	var js struct {
		Design   string  `json:"design"`
		Status   string  `json:"status"`
		Solution [][]int `json:"solution"`
		Cycles   struct {
			Total, Load, Update uint64
		} `json:"cycles"`
		Note string `json:"note"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &js))
	assert.Equal(t, "swarm", js.Design)
	assert.Equal(t, "solved", js.Status)
	assert.Equal(t, sudoku.SampleSolution().Rows(), js.Solution)
	assert.Equal(t, uint64(18), js.Cycles.Total)
	assert.Equal(t, uint64(7), js.Cycles.Load)
	assert.Contains(t, js.Note, "no serial front end")
	assert.NotContains(t, js.Note, "no resource model")

	out.Reset()
	code = run([]string{"solve", "--design", "ga", "--generations", "3", "--json"}, &out, &errb)
	assert.Equal(t, exitFail, code)
	require.NoError(t, json.Unmarshal(out.Bytes(), &js))
	assert.Equal(t, "timeout", js.Status)

	errb.Reset()
	assert.Equal(t, exitUsage, run([]string{"solve", "--design", "ga", "--population", "1"}, &out, &errb))
	assert.Contains(t, errb.String(), "--population 1: want 2..4096 chromosomes")
	assert.Equal(t, exitUsage, run([]string{"solve", "--design", "fpga"}, &out, &errb))
	errb.Reset()
	assert.Equal(t, exitUsage, run([]string{"solve", "--design", "swarm", "--heuristics", "paper", "--cpc", "4"}, &out, &errb))
	assert.Contains(t, errb.String(), "--cpc, --heuristics do not apply to --design swarm")
}

func TestSolveOtherDesignsResources(t *testing.T) {
	tests := []struct {
		args   []string
		device string
		fits   bool
		status int
	}{
		{[]string{"solve", "--design", "ga", "--generations", "1", "--json"}, "XC2VP30", true, exitFail},
		{[]string{"solve", "--design", "ga", "--generations", "1", "--population", "4096", "--json"}, "XC2VP30", false, exitFail},
		{[]string{"solve", "--design", "swarm", "--json"}, "XC2VP30", false, exitOK},
		// Built for the puzzle's order 3 the array fits the UltraScale+
		// part; built for order 15 it does not.
		{[]string{"solve", "--design", "swarm", "--device", "xcvu9p", "--json"}, "XCVU9P", true, exitOK},
		{[]string{"solve", "--design", "swarm", "--device", "xcvu9p", "--max-order", "15", "--json"}, "XCVU9P", false, exitOK},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		require.Equal(t, tc.status, run(tc.args, &out, &errb), errb.String())
		var js struct {
			Resources *Resources `json:"resources"`
		}
		require.NoError(t, json.Unmarshal(out.Bytes(), &js), out.String())
		require.NotNil(t, js.Resources, tc.args)
		assert.Equal(t, tc.device, js.Resources.Device, tc.args)
		assert.Equal(t, tc.fits, js.Resources.Fits, tc.args)
		assert.Positive(t, js.Resources.Slices, tc.args)
		assert.Positive(t, js.Resources.BRAM, tc.args)
	}
	var out, errb bytes.Buffer
	require.Equal(t, exitOK, run([]string{"solve", "--design", "swarm"}, &out, &errb), errb.String())
	assert.Contains(t, out.String(), "resources  ")
	assert.Contains(t, out.String(), "uncalibrated structural estimate")
	errb.Reset()
	assert.Equal(t, exitUsage, run([]string{"solve", "--design", "ga", "--device", "nope"}, &out, &errb))
	assert.Contains(t, errb.String(), "unknown device")
}

// --vcd traces the other designs too; --max-order sizes the engine array.
func TestSolveOtherDesignsTraceAndSize(t *testing.T) {
	dir := t.TempDir()
	for _, design := range []string{"swarm", "ga"} {
		path := filepath.Join(dir, design+".vcd")
		var out, errb bytes.Buffer
		run([]string{"solve", "--design", design, "--generations", "2", "--vcd", path}, &out, &errb)
		if design == "swarm" {
			out.Reset()
			code := run([]string{"solve", "--design", design, "--vcd", path}, &out, &errb)
			require.Equal(t, exitOK, code, errb.String())
		}
		f, err := os.Open(path)
		require.NoError(t, err, errb.String())
		wf, err := sim.ParseVCD(f)
		require.NoError(t, f.Close())
		require.NoError(t, err)
		assert.NotEmpty(t, wf.History(design, "state"), design)
	}
	var small, big struct {
		Resources struct {
			BRAM   int `json:"bram"`
			Slices int `json:"slices"`
		} `json:"resources"`
	}
	for _, tc := range []struct {
		m   string
		out *struct {
			Resources struct {
				BRAM   int `json:"bram"`
				Slices int `json:"slices"`
			} `json:"resources"`
		}
	}{{"3", &small}, {"9", &big}} {
		var out, errb bytes.Buffer
		code := run([]string{"solve", "--design", "swarm", "--max-order", tc.m, "--json"}, &out, &errb)
		require.Equal(t, exitOK, code, errb.String())
		require.NoError(t, json.Unmarshal(out.Bytes(), tc.out))
	}
	assert.Less(t, small.Resources.Slices, big.Resources.Slices)
	assert.Less(t, small.Resources.BRAM, big.Resources.BRAM)
}
