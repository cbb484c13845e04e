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
	for _, name := range []string{"03a", "03b", "04a", "04b", "05b", "08a", "12a"} {
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
