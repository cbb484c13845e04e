package bench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/rtl/area"
	"sudokusim/rtl/bnb"
	"sudokusim/rtl/ga"
	"sudokusim/rtl/prop"
	"sudokusim/rtl/swarm"
	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
)

// compareSet is an empty order-2 grid (which the GA solves) and the FPT'09
// order-3 a-puzzle.
func compareSet(t *testing.T) []Puzzle {
	return []Puzzle{{Name: "empty2", Grid: sudoku.MustNew(2)}, {Name: "puzzle03a", Grid: gridOf(t, "puzzle03a")}}
}

func compareOptions() DesignOptions {
	o := DefaultDesignOptions()
	o.MaxCycles = 200_000
	o.GA.PopSize = 16
	return o
}

func TestCompareRunsEveryDesignAsItsOwnModel(t *testing.T) {
	set := compareSet(t)
	o := compareOptions()
	cmp, err := Compare(CompareSpec{Options: o, Seeds: 2, Puzzles: set, Jobs: 2})
	require.NoError(t, err)
	require.Len(t, cmp.Designs, len(Designs))
	assert.Equal(t, 3, cmp.MaxOrder, "built for the set's largest order")
	// 2 puzzles × (v1, v2, prop, swarm) + 2 puzzles × 2 seeds of the GA.
	require.Len(t, cmp.Runs, 4*2+2*2)
	dev, err := area.LookupDevice(area.DefaultDevice)
	require.NoError(t, err)
	for _, r := range cmp.Runs {
		g := set[0].Grid
		if r.Puzzle == "puzzle03a" {
			g = set[1].Grid
		}
		switch r.Design {
		case "v1", "v2":
			cfg := bnb.DefaultConfig()
			cfg.Link, cfg.MaxSearchCycles, cfg.MaxOrder = bnb.LinkDirect, o.MaxCycles, 3
			if r.Design == "v2" {
				cfg.Heuristics, cfg.MaxOrder, cfg.CPC, cfg.SubsetUnits = logic.PaperSet(), 11, 1, 1
			}
			want, err := bnb.Fast(cfg, g)
			require.NoError(t, err)
			c := want.Cycles
			assert.Equal(t, want.Status.String(), r.Status, "%s %s", r.Design, r.Puzzle)
			assert.Equal(t, c.Load+c.Heuristics+c.Search, r.Cycles, "%s %s: solve cycles, no rx/tx", r.Design, r.Puzzle)
			assert.Equal(t, want.Search.Nodes, r.Counters.(BnBCounters).Nodes)
		case "prop":
			cfg := prop.DefaultConfig()
			cfg.Link, cfg.MaxSearchCycles, cfg.MaxOrder = bnb.LinkDirect, o.MaxCycles, 3
			want, err := prop.Fast(cfg, g)
			require.NoError(t, err)
			c := want.Cycles
			assert.Equal(t, want.Status.String(), r.Status, "%s %s", r.Design, r.Puzzle)
			assert.Equal(t, c.Load+c.Search, r.Cycles, "%s %s: solve cycles, no rx/tx", r.Design, r.Puzzle)
			assert.Equal(t, want.Counters, r.Counters.(PropCounters).Counters)
		case "ga":
			cfg := o.GA
			cfg.Seed = r.Seed
			cfg.MaxGenerations = GAGenerationsWithin(o.GA, g.Order, o.MaxCycles)
			want, err := ga.Simulate(cfg, g)
			require.NoError(t, err)
			assert.Equal(t, want.Status.String(), r.Status)
			assert.Equal(t, want.Cycles.Total(), r.Cycles)
			gc := r.Counters.(GACounters)
			assert.Equal(t, want.Generations, gc.Generations)
			assert.Equal(t, want.BestFitness, gc.BestFitness)
			assert.LessOrEqual(t, r.Cycles, o.MaxCycles, "the GA's generation cap keeps it within the limit")
		case "swarm":
			cfg := o.Swarm
			cfg.MaxOrder, cfg.MaxCycles = 3, o.MaxCycles
			want, err := swarm.Simulate(cfg, g)
			require.NoError(t, err)
			assert.Equal(t, want.Status.String(), r.Status)
			assert.Equal(t, want.Cycles.Total(), r.Cycles)
			sc := r.Counters.(SwarmCounters)
			assert.Equal(t, want.Branches, sc.Branches)
			assert.Equal(t, want.PeakBoards, sc.PeakBoards)
			assert.Equal(t, want.PeakStack, sc.PeakStack)
		}
		assert.Equal(t, r.Status == "solved" && r.Seconds <= sudoku.TMax(r.Order), r.WithinTMax)
	}
	// The GA solves the empty order-2 grid with either seed.
	for _, r := range cmp.Runs {
		if r.Design == "ga" && r.Puzzle == "empty2" {
			assert.Equal(t, "solved", r.Status, "seed %d", r.Seed)
		}
	}
	// Resources are the area model's at the order each design is built for.
	for _, d := range cmp.Designs {
		var est area.Report
		switch d.Name {
		case "v1":
			est, err = area.Estimate(area.Params{MaxOrder: 3, CPC: 8, ClockHz: 100e6, Baud: 115200})
		case "v2":
			assert.Equal(t, 11, d.BuiltFor)
			est, err = area.Estimate(area.Params{MaxOrder: 11, CPC: 1, Heuristics: logic.PaperSet(), SubsetUnits: 1, ClockHz: 100e6, Baud: 115200})
			assert.True(t, d.Resources.Fits, "version 2's paper configuration fits the XC2VP30")
		case "prop":
			cfg := prop.DefaultConfig()
			cfg.MaxOrder, cfg.Link, cfg.MaxSearchCycles = 3, bnb.LinkDirect, o.MaxCycles
			est, err = area.EstimateProp(cfg)
		case "ga":
			est, err = area.EstimateGA(o.GA, 3)
		case "swarm":
			cfg := o.Swarm
			cfg.MaxOrder, cfg.MaxCycles = 3, o.MaxCycles
			est, err = area.EstimateSwarm(cfg)
		}
		require.NoError(t, err)
		assert.Equal(t, est.Fit(dev), d.Resources, d.Name)
		assert.Len(t, d.Area, sudoku.MaxOrder-2+1, "%s: area from order 2 to 15", d.Name)
	}
}

func TestCompareWritesTableCSVJSONAndPlots(t *testing.T) {
	o := compareOptions()
	o.MaxCycles = 50_000
	cmp, err := Compare(CompareSpec{Options: o, Seeds: 3, Puzzles: compareSet(t), Jobs: 2})
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, WriteComparison(dir, cmp))
	for _, name := range ComparePlotNames {
		for _, ext := range []string{".png", ".svg"} {
			st, err := os.Stat(filepath.Join(dir, name+ext))
			require.NoError(t, err, name+ext)
			assert.Positive(t, st.Size())
		}
	}
	// Every area plot draws the device's capacity; the cycles plot draws
	// timeouts as their own legend entry.
	assert.Equal(t, 1, svgTexts(t, filepath.Join(dir, "slices_vs_order.svg"))["XC2VP30 capacity (13696 slices)"])
	assert.Equal(t, 1, svgTexts(t, filepath.Join(dir, "cycles_vs_order.svg"))["× timeout, at its limit"])
	// v2 built for order 2 rejects the order-3 puzzle, which
	// the cycles plot says in its legend rather than drawing a point.
	o.V2MaxOrder = 2
	cmp2, err := Compare(CompareSpec{Designs: []string{"v2"}, Options: o, Seeds: 1, Puzzles: compareSet(t), Jobs: 2})
	require.NoError(t, err)
	require.NoError(t, WriteComparePlots(dir, cmp2))
	assert.Equal(t, 1, svgTexts(t, filepath.Join(dir, "cycles_vs_order.svg"))["v2: 1 rejected, not drawn"])
	txt, err := os.ReadFile(filepath.Join(dir, "compare.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(txt), "solve cycles only", "the output says what is compared")
	assert.Contains(t, string(txt), "ga (3 seeds)")
	csvData, err := os.ReadFile(filepath.Join(dir, "compare.csv"))
	require.NoError(t, err)
	for _, out := range [][]byte{txt, csvData} {
		assert.NotContains(t, string(out), "map[", "no Go map syntax")
	}
	assert.Equal(t, 1+len(cmp.Runs), strings.Count(string(csvData), "\n"))

	var js struct {
		Designs []struct {
			Name   string         `json:"name"`
			Config map[string]any `json:"config"`
		} `json:"designs"`
		Runs []struct {
			Design   string         `json:"design"`
			Counters map[string]any `json:"counters"`
		} `json:"runs"`
	}
	readJSON(t, filepath.Join(dir, "compare.json"), &js)
	keys := map[string][]string{
		"v1": {"nodes", "backtracks", "cycles_search"}, "v2": {"nodes", "cycles_heuristics"},
		"ga":    {"generations", "best_fitness", "last_improved", "best_fitness_history"},
		"swarm": {"branches", "copies", "peak_live_boards", "stack_peak"},
	}
	config := map[string][]string{"v1": {"cpc", "max_order"}, "v2": {"heuristics", "max_order"},
		"ga": {"population", "tournament", "mutation"}, "swarm": {"engines", "copy_width", "stack_depth"}}
	for _, d := range js.Designs {
		for _, k := range config[d.Name] {
			assert.Contains(t, d.Config, k, "%s config", d.Name)
		}
	}
	for _, r := range js.Runs {
		for _, k := range keys[r.Design] {
			assert.Contains(t, r.Counters, k, "%s counters", r.Design)
		}
	}
}

func TestCompareBadSpec(t *testing.T) {
	set := compareSet(t)
	for _, tc := range []struct {
		name string
		spec CompareSpec
		want string
	}{
		{"unknown design", CompareSpec{Designs: []string{"v3"}, Options: compareOptions(), Seeds: 1, Puzzles: set}, `no design "v3"`},
		{"twice", CompareSpec{Designs: []string{"v1", "v1"}, Options: compareOptions(), Seeds: 1, Puzzles: set}, "twice"},
		{"seeds", CompareSpec{Options: compareOptions(), Seeds: 0, Puzzles: set}, "seeds"},
		{"no puzzles", CompareSpec{Options: compareOptions(), Seeds: 1}, "no puzzles"},
		{"max order", CompareSpec{Options: func() DesignOptions { o := compareOptions(); o.MaxOrder = 2; return o }(), Seeds: 1, Puzzles: set}, "below the set's largest order 3"},
		{"ga config", CompareSpec{Options: func() DesignOptions { o := compareOptions(); o.GA.Tournament = 99; return o }(), Seeds: 1, Puzzles: set}, "tournament size 99"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateCompare(tc.spec)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestRunCellNeverAveragesTimeouts(t *testing.T) {
	solved := func(c uint64) CompareRun { return CompareRun{Status: "solved", Cycles: c, WithinTMax: true} }
	timeout := CompareRun{Status: "timeout", Cycles: 1_000_000}
	assert.Equal(t, "1/3 500", runCell([]CompareRun{timeout, solved(500), timeout}, true))
	assert.Equal(t, "2/3 700", runCell([]CompareRun{solved(300), timeout, solved(700)}, true), "median of the solved runs")
	assert.Equal(t, "0/2", runCell([]CompareRun{timeout, timeout}, true))
	assert.Equal(t, "timeout", runCell([]CompareRun{timeout}, false))
	assert.Equal(t, "42*", runCell([]CompareRun{{Status: "solved", Cycles: 42}}, false), "solved over t_max is starred")
}

func TestSuccessBySeeds(t *testing.T) {
	c := &Comparison{Runs: []CompareRun{
		{Design: "ga", Puzzle: "a", Seed: 1, Status: "solved"}, {Design: "ga", Puzzle: "b", Seed: 1, Status: "timeout"},
		{Design: "ga", Puzzle: "a", Seed: 2, Status: "timeout"}, {Design: "ga", Puzzle: "b", Seed: 2, Status: "solved"},
		{Design: "v1", Puzzle: "a", Status: "solved"},
	}}
	rate, anyOf := c.SuccessBySeeds("ga")
	assert.Equal(t, []float64{0.5, 0.5}, rate)
	assert.Equal(t, []float64{0.5, 1}, anyOf)
}

func TestGAGenerationsWithin(t *testing.T) {
	cfg := ga.DefaultConfig()
	for _, n := range []int{2, 3, 9} {
		for _, limit := range []uint64{1, 5_000, 100_000, 1 << 40} {
			g := GAGenerationsWithin(cfg, n, limit)
			c := cfg
			c.MaxGenerations = g
			if g > 0 {
				assert.LessOrEqual(t, ga.CycleBound(c, n), limit, "order %d limit %d", n, limit)
			}
			if g < cfg.MaxGenerations {
				c.MaxGenerations = g + 1
				assert.Greater(t, ga.CycleBound(c, n), limit, "order %d limit %d: one more generation overruns", n, limit)
			}
		}
	}
	assert.Equal(t, cfg.MaxGenerations, GAGenerationsWithin(cfg, 3, 1<<40), "never past MaxGenerations")
}

func TestDownsampleFitness(t *testing.T) {
	last, pts := DownsampleFitness([]int{9, 9, 7, 7, 7, 4, 4, 4}, 64)
	assert.Equal(t, uint64(5), last)
	assert.Equal(t, []GAGeneration{{0, 9}, {2, 7}, {5, 4}, {7, 4}}, pts, "first, every change, last")
	h := make([]int, 1000)
	for i := range h {
		h[i] = 1000 - i
	}
	last, pts = DownsampleFitness(h, 10)
	assert.Equal(t, uint64(999), last)
	require.Len(t, pts, 10)
	assert.Equal(t, GAGeneration{0, 1000}, pts[0])
	assert.Equal(t, GAGeneration{999, 1}, pts[9])
	_, pts = DownsampleFitness(nil, 10)
	assert.Empty(t, pts)
}

func TestSwarmMaxCyclesIsTMaxWhenZero(t *testing.T) {
	assert.Equal(t, uint64(123), SwarmMaxCycles(123, 9, 100))
	assert.Equal(t, TMaxCycles(9, 100), SwarmMaxCycles(0, 9, 100))
	assert.Equal(t, uint64(15_943_230_000), TMaxCycles(9, 100), "3·10⁻⁴·9⁶ s at 100 MHz")
}

func TestDecadeTickLabels(t *testing.T) {
	var labels []string
	for _, tk := range (decadeTicks{}).Ticks(50, 2e9) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	assert.Equal(t, []string{"100", "1k", "10k", "100k", "1M", "10M", "100M", "1G"}, labels)
	assert.Equal(t, "1.5M", plainNumber(1.5e6))
}
