package prop

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/sudoku/gen"
)

// empties is cfg visiting only the empty cells of a region.
func empties(cfg Config) Config {
	cfg.Visit = VisitEmpty
	return cfg
}

// Order 2 by hand (docs/prop.md §3), one lane: a region costs S_ADDR and
// S_MAP, then an S_EVAL per empty cell (HIDDEN after it), a full region
// the two cycles alone.
//
//	(0,3) empty, VisitAll:   S_ADDR + 4 S_EVAL + ASSIGN = 6
//	(0,3) empty, VisitEmpty: S_ADDR + S_MAP + S_EVAL + ASSIGN = 4
//	(3,3) empty, VisitAll:   3 rows × (S_ADDR + 4 S_EVAL + HIDDEN) + 6 = 24
//	(3,3) empty, VisitEmpty: 3 rows × (S_ADDR + S_MAP) + 4 = 10
func TestVisitEmptyOrder2HandWorked(t *testing.T) {
	solved := []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}
	at := func(i int) *sudoku.Grid {
		g := grid(t, 2, solved...)
		g.Cells[i] = 0
		return g
	}
	for _, tc := range []struct {
		name   string
		cell   int
		visit  Visit
		search uint64
	}{
		{"(0,3) all", 3, VisitAll, 6},
		{"(0,3) empty", 3, VisitEmpty, 4},
		{"(3,3) all", 15, VisitAll, 24},
		{"(3,3) empty", 15, VisitEmpty, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := direct(1, RulesHidden, BranchFirst)
			cfg.Visit = tc.visit
			res := runBoth(t, cfg, at(tc.cell))
			require.Equal(t, sudoku.Solved, res.Status)
			assert.Equal(t, Cycles{Load: 34, Search: tc.search}, res.Cycles)
		})
	}
}

// Visiting only the empty cells changes the cycles, never the search: both
// models agree cycle for cycle, and every counter but the probe phase's
// cycles equals the VisitAll run's (the same cells are evaluated in the
// same order, the filled ones skipped; the region's value set stands for
// the values the filled lanes gave).
func TestModelsAgreeVisitEmpty(t *testing.T) {
	type run struct {
		name string
		g    *sudoku.Grid
		cfg  Config
	}
	var runs []run
	for _, name := range []string{"03a", "03b", "04a", "05b", "08a", "12a"} {
		runs = append(runs, run{name, loadFPT(t, name), probing(2, RulesHidden, BranchFirst)})
	}
	runs = append(runs,
		run{"03b", loadFPT(t, "03b"), direct(1, RulesHidden, BranchMRV)},
		run{"03b", loadFPT(t, "03b"), direct(4, RulesHiddenRows, BranchPair)},
		run{"04a", loadFPT(t, "04a"), direct(8, RulesNaked, BranchLocal)},
		run{"05a", loadFPT(t, "05a"), probing(1, RulesHidden, BranchMRVRows)})
	for order := 2; order <= 4; order++ {
		for seed := uint64(1); seed <= 4; seed++ {
			p, err := gen.Generate(gen.Options{Order: order, Holes: 0.7, Seed: seed})
			require.NoError(t, err)
			runs = append(runs, run{fmt.Sprintf("n%d-s%d", order, seed), p.Puzzle, probing(2, RulesHidden, BranchPair)})
		}
	}
	for _, r := range runs {
		t.Run(fmt.Sprintf("%s/%d-%s-%s-%s", r.name, r.cfg.Lanes, r.cfg.Rules, r.cfg.Branch, r.cfg.Probe), func(t *testing.T) {
			all := runBoth(t, r.cfg, r.g)
			emp := runBoth(t, empties(r.cfg), r.g)
			require.Equal(t, all.Status, emp.Status)
			want, got := all.Counters, emp.Counters
			want.ProbeCycles, got.ProbeCycles = 0, 0
			assert.Equal(t, want, got, "the search differs")
			assert.Equal(t, all.Response, emp.Response)
			assert.Equal(t, all.Cycles.Load, emp.Cycles.Load)
		})
	}
}

// Every watchdog limit on 03b, visiting empty cells with the probe: both
// models stop in the same cycle (S_MAP included).
func TestEveryLimitVisitEmpty(t *testing.T) {
	g := loadFPT(t, "03b")
	cfg := empties(probing(2, RulesHidden, BranchFirst))
	full, err := Fast(cfg, g)
	require.NoError(t, err)
	step := full.Cycles.Search/131 + 1
	for limit := uint64(1); limit < full.Cycles.Search; limit += step {
		c := cfg
		c.MaxSearchCycles = limit
		res := runBoth(t, c, g)
		require.Equal(t, sudoku.Timeout, res.Status, "limit %d", limit)
		assert.Equal(t, limit, res.Cycles.Search)
	}
}
