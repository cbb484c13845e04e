package bnb

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

// fpt09Dir is the competition suite beside the checkout (never copied in).
var fpt09Dir = filepath.Join("..", "..", "..", "shared", "data", "fpt09")

func loadFPT(t testing.TB, name string) *sudoku.Grid {
	t.Helper()
	path := filepath.Join(fpt09Dir, "puzzle"+name+".sudoku")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("FPT'09 suite not found beside the checkout: %v", err)
	}
	g, err := sudoku.LoadPuzzle(path, 0, nil)
	require.NoError(t, err)
	return g
}

func grid(t testing.TB, order int, cells ...uint8) *sudoku.Grid {
	t.Helper()
	g := sudoku.MustNew(order)
	require.Len(t, cells, len(g.Cells))
	copy(g.Cells, cells)
	return g
}

func directConfig(k int) Config {
	cfg := DefaultConfig()
	cfg.Link, cfg.CPC = LinkDirect, k
	return cfg
}

// runBoth runs the cycle-level model and the timing model and requires
// them to agree on everything but the per-state breakdown.
func runBoth(t testing.TB, cfg Config, g *sudoku.Grid) Result {
	t.Helper()
	cyc, err := Simulate(cfg, g, SimOptions{})
	require.NoError(t, err)
	fast, err := Fast(cfg, g)
	require.NoError(t, err)
	assert.Equal(t, fast.Status, cyc.Status, "status")
	assert.Equal(t, fast.Cycles, cyc.Cycles, "cycles by phase")
	assert.Equal(t, fast.Search, cyc.Search, "search statistics")
	assert.Equal(t, fast.Response, cyc.Response, "response frame")
	var sum uint64
	for _, s := range cyc.States {
		sum += s.Cycles
	}
	assert.Equal(t, cyc.Cycles.Load+cyc.Cycles.Heuristics+cyc.Cycles.Search, sum, "state breakdown covers load, heuristics and search")
	assert.Equal(t, fast.Units, cyc.Units, "heuristic units")
	if cyc.Status == Solved {
		require.NoError(t, sudoku.Validate(g, cyc.Solution))
		assert.Equal(t, sudoku.Checksum(cyc.Solution), cyc.Checksum, "checksum register")
	}
	return cyc
}

// Order 2, two empty cells in the last row; worked by hand from
// docs/microarchitecture.md:
//
//	load   = L_ROW (S²+1 = 17) + L_COL (S²+2 = 18) + L_BOX (S²+2 = 18) = 53
//	search = START 1 + SEEK rows 0..3 (4)                          = 5
//	       + cell (3,2): READ1, READ2, EVAL E, WRITE1, WRITE2(+SEEK) = 4 + E
//	         used = {1,3,4}, x = 2: E = ⌊(2−0−1)/k⌋+1 = 2 at k=1, 1 at k=8
//	       + cell (3,3): used = {2,3,4}, x = 1: E = 1; the SEEK in WRITE2
//	         finds no cell after it in the last row: DONE      = 4 + 1
//	k=1: 5 + 6 + 5 = 16;  k=8: 5 + 5 + 5 = 15.
func TestOrder2HandWorked(t *testing.T) {
	g := grid(t, 2,
		1, 2, 3, 4,
		3, 4, 1, 2,
		2, 1, 4, 3,
		4, 3, 0, 0)
	for _, tc := range []struct {
		k      int
		search uint64
	}{{1, 16}, {8, 15}} {
		res := runBoth(t, directConfig(tc.k), g)
		assert.Equal(t, Solved, res.Status)
		assert.Equal(t, Cycles{Load: 53, Search: tc.search}, res.Cycles, "k=%d", tc.k)
		assert.Equal(t, SearchStats{Nodes: 2, MaxDepth: 2}, res.Search)
	}
}

// The sample of DESIGN §1.1 (order 3, S = 9, 45 empty cells):
//
//	load = 3·81 + 5 = 248
//	search, k = 8: START 1 + SEEK 13 + READ1 119 + READ2 119 + EVAL 141
//	             + WRITE1 82 + WRITE2 82 + UNDO1 37 + UNDO2 37 = 631
//
// 82 nodes and 37 backtracks make 119 cell visits, each with one READ1 and
// one READ2; 141 − 119 = 22 visits needed a second evaluator cycle (their
// free value was 9 from a base of 0, or they were exhausted from 0); at
// k = 1 EVAL alone is 584 cycles and the search 1,074.
func TestSampleCycles(t *testing.T) {
	for _, tc := range []struct {
		k      int
		search uint64
		eval   uint64
	}{{1, 1074, 584}, {8, 631, 141}} {
		res := runBoth(t, directConfig(tc.k), sudoku.Sample())
		require.Equal(t, Solved, res.Status)
		assert.True(t, res.Solution.Equal(sudoku.SampleSolution()))
		assert.Equal(t, uint8(29), res.Checksum)
		assert.Equal(t, Cycles{Load: 248, Search: tc.search}, res.Cycles)
		assert.Equal(t, SearchStats{Nodes: 82, Backtracks: 37, MaxDepth: 45}, res.Search)
		assert.Contains(t, res.States, StateCycles{"EVAL", tc.eval})
		assert.Contains(t, res.States, StateCycles{"READ1", 119})
	}
}

func TestEdgeCases(t *testing.T) {
	solved := sudoku.SampleSolution()
	clash := sudoku.Sample()
	clash.Set(0, 0, 1) // row 0 already holds 1 at (0,1)
	colClash := sudoku.Sample()
	colClash.Set(1, 1, 1)    // row 1 already holds 1 at (1,8)
	noSolution := grid(t, 2, // no givens clash, but (0,0) has no candidate
		0, 2, 0, 1,
		0, 3, 0, 0,
		0, 0, 0, 0,
		4, 0, 0, 0)
	for _, tc := range []struct {
		name   string
		g      *sudoku.Grid
		status Status
		cycles Cycles
		nodes  uint64
	}{
		// No empty cell: START, then SEEK looks at all 9 rows and finds none.
		{"already solved", solved, Solved, Cycles{Load: 248, Search: 1 + 9}, 0},
		// L_ROW: address (1 cycle), lane 0 of row 0 in cycle 2, lane 1 —
		// the second 1 — in cycle 3: the load ends there.
		{"row clash", clash, Unsolvable, Cycles{Load: 3}, 0},
		// Row 1 = 3 1 0 0 9 0 4 5 1 holds 1 twice: lane 8 of row 1 is
		// examined in cycle 2 + 1·9 + 8 = 19.
		{"second row clash", colClash, Unsolvable, Cycles{Load: 19}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := runBoth(t, directConfig(8), tc.g)
			assert.Equal(t, tc.status, res.Status)
			assert.Equal(t, tc.cycles, res.Cycles)
			assert.Equal(t, tc.nodes, res.Search.Nodes)
		})
	}
	t.Run("no solution", func(t *testing.T) {
		res := runBoth(t, directConfig(1), noSolution)
		assert.Equal(t, Unsolvable, res.Status)
		assert.Equal(t, []byte{0xA5, 0x3C, 0x5A, 0xC3, 0, 0, ReplyNoSolution}, res.Response)
		// START, SEEK (row 0 → cell (0,0)), READ1, READ2, EVAL (candidates
		// 1..4 all taken: exhausted at k=1 after ⌈4/1⌉ = 4 cycles), UNDO1,
		// UNDO2 (+ backward SEEK: nothing before it in row 0, and row 0 is
		// the first row: FAIL) = 1 + 1 + 2 + 4 + 2 = 10.
		assert.Equal(t, Cycles{Load: 53, Search: 10}, res.Cycles)
		assert.Equal(t, SearchStats{Backtracks: 1}, res.Search)
	})
	t.Run("above max order", func(t *testing.T) {
		cfg := directConfig(8)
		cfg.MaxOrder = 3
		g := loadFPT(t, "04a")
		for _, run := range []func(Config, *sudoku.Grid) (Result, error){Fast,
			func(c Config, g *sudoku.Grid) (Result, error) { return Simulate(c, g, SimOptions{}) }} {
			res, err := run(cfg, g)
			require.NoError(t, err)
			assert.Equal(t, Rejected, res.Status)
			assert.Equal(t, uint8(ReplyBadSize), res.ReplyCode)
		}
	})
}

// The two models agree on every quickly finished FPT'09 puzzle and on the
// hard ones cut off by the watchdog, for every evaluator width; search cycles
// never grow with k.
func TestFastMatchesCycleLevel(t *testing.T) {
	for _, name := range []string{"03a", "03b", "04a", "04b", "05a", "05b", "06a", "07a", "08a", "09a"} {
		t.Run(name, func(t *testing.T) {
			g := loadFPT(t, name)
			prev := ^uint64(0)
			for _, k := range ValidCPC {
				cfg := directConfig(k)
				cfg.MaxSearchCycles = 3_000_000
				res := runBoth(t, cfg, g)
				assert.LessOrEqual(t, res.Cycles.Search, prev, "k=%d", k)
				prev = res.Cycles.Search
				if res.Status == Timeout {
					assert.Equal(t, cfg.MaxSearchCycles, res.Cycles.Search)
				}
			}
		})
	}
}

func TestConfigValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*Config)
	}{
		{"max order", func(c *Config) { c.MaxOrder = 16 }},
		{"cpc", func(c *Config) { c.CPC = 3 }},
		{"clock", func(c *Config) { c.ClockHz = 0 }},
		{"baud", func(c *Config) { c.Baud = -1 }},
		{"baud too fast", func(c *Config) { c.Baud = 50_000_000 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			tc.edit(&cfg)
			assert.Error(t, cfg.Validate())
		})
	}
	assert.NoError(t, DefaultConfig().Validate())
}
