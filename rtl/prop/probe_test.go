package prop

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
)

// Order 2, worked by hand from docs/prop.md §3: a solved grid with the
// rectangle (0,0) (0,1) (2,0) (2,1) emptied — two solutions, every empty
// cell {1, 2}, no single anywhere.
//
//	load 34; three quiet sweeps, each 4 regions × (S_ADDR + 2 S_EVAL + HIDDEN) = 48
//	PR_ADDR (round 1) + PR_EVAL (lane 0: cell 0 has two candidates) + ASSIGN (trial 1) = 3
//	row 0: S_ADDR, S_EVAL ((0,1) = {2}), ASSIGN, S_ADDR, S_EVAL, HIDDEN = 6
//	row 1 (full): S_ADDR, S_EVAL, S_EVAL, HIDDEN = 4
//	row 2: S_ADDR, S_EVAL ((2,0) = {2}), ASSIGN, S_ADDR, S_EVAL ((2,1) = {1}), ASSIGN = 6
//
// The trial's propagation solves the grid: 67 search cycles, 19 of them in
// the probe phase.
func TestProbeOrder2HandWorked(t *testing.T) {
	g := grid(t, 2,
		0, 0, 3, 4,
		3, 4, 1, 2,
		0, 0, 4, 3,
		4, 3, 2, 1)
	res := runBoth(t, probing(2, RulesHidden, BranchFirst), g)
	require.Equal(t, sudoku.Solved, res.Status)
	assert.Equal(t, Cycles{Load: 34, Search: 67}, res.Cycles)
	assert.Equal(t, Counters{Propagated: 3, Naked: 3, Sweeps: 4, TrailPeak: 4,
		Probes: 1, ProbeRounds: 1, ProbeCycles: 19}, res.Counters)
	assert.Equal(t, 1, res.Solution.At(0, 0), "the trial's value stays: it solved the grid")
	// Without the probe the same grid costs a decision (DECIDE, D_READ, ASSIGN).
	none := runBoth(t, direct(2, RulesHidden, BranchFirst), g)
	assert.Equal(t, uint64(1), none.Counters.Decisions)
	assert.Equal(t, uint64(48+3+16), none.Cycles.Search)
}

// An order-3 puzzle (generated, unique, pinned) on which singles stall and
// the first two-candidate cell's lower value leads to a contradiction: the
// probe places the higher value at the root, propagation solves the rest,
// and the search makes no decision — without the probe it needs some.
func TestProbeFailedPlacesOtherValue(t *testing.T) {
	g := grid(t, 3,
		2, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 1, 0, 0, 0, 0, 8,
		5, 6, 0, 0, 2, 0, 0, 9, 0,
		0, 0, 0, 2, 6, 0, 0, 0, 0,
		0, 7, 0, 0, 0, 0, 6, 0, 0,
		0, 0, 2, 3, 0, 0, 4, 0, 9,
		0, 0, 4, 0, 0, 5, 0, 8, 2,
		0, 0, 0, 0, 1, 0, 7, 0, 3,
		0, 0, 0, 0, 0, 3, 9, 6, 0)
	// the cell the scan meets first at the singles fixpoint, and its two values
	f := newFastRun(direct(2, RulesHidden, BranchFirst), g)
	require.True(t, f.load())
	o, _ := f.propagate()
	require.Equal(t, fixpoint, o)
	cell, lo, hi := -1, 0, 0
	for i := range f.cells {
		if c := f.cand(i); f.cells[i] == 0 && c.count() == 2 {
			cell, lo = i, c.lowest()
			hi = c.andNot(bit(lo)).lowest()
			break
		}
	}
	require.GreaterOrEqual(t, cell, 0, "no two-candidate cell at the fixpoint")

	for _, lanes := range []int{1, 2, 4} {
		t.Run(fmt.Sprint(lanes), func(t *testing.T) {
			res := runBoth(t, probing(lanes, RulesHidden, BranchFirst), g)
			require.Equal(t, sudoku.Solved, res.Status)
			k := res.Counters
			assert.Equal(t, uint64(1), k.Probes)
			assert.Equal(t, uint64(1), k.FailedProbes)
			assert.Equal(t, uint64(1), k.ProbeRounds, "the root propagation after the failure solves the grid")
			assert.Equal(t, uint64(1), k.Backtracks, "the failed trial's contradiction")
			assert.Zero(t, k.Decisions)
			assert.Greater(t, res.Cycles.Search, k.ProbeCycles, "the final propagation round follows the probe phase")
			assert.Equal(t, hi, int(res.Solution.Cells[cell]), "cell %d: not its other value %d (trial %d)", cell, hi, lo)
		})
	}
	none := runBoth(t, direct(2, RulesHidden, BranchFirst), g)
	require.Equal(t, sudoku.Solved, none.Status)
	assert.Positive(t, none.Counters.Decisions)
}

// Both models agree cycle for cycle with the probe phase on FPT'09 puzzles
// (counters included: probes, failed probes, rounds, probe cycles), and
// the answers are valid.
func TestModelsAgreeProbe(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"03a", probing(2, RulesHidden, BranchFirst)},
		{"03b", probing(2, RulesHidden, BranchFirst)},
		{"03b", probing(1, RulesHidden, BranchMRV)},
		{"03b", probing(2, RulesHidden, BranchPair)},
		{"04b", probing(2, RulesHidden, BranchFirst)},
		{"05a", probing(2, RulesHidden, BranchFirst)},
		{"05b", probing(2, RulesHidden, BranchFirst)},
		{"08a", probing(1, RulesHidden, BranchLocal)},
		{"12a", probing(2, RulesHidden, BranchFirst)},
	} {
		t.Run(fmt.Sprintf("%s/%d-%s", tc.name, tc.cfg.Lanes, tc.cfg.Branch), func(t *testing.T) {
			res := runBoth(t, tc.cfg, loadFPT(t, tc.name))
			require.Equal(t, sudoku.Solved, res.Status)
			if tc.name != "03a" && tc.name != "05a" { // solved by singles alone
				assert.Positive(t, res.Counters.Probes)
				assert.Positive(t, res.Counters.ProbeCycles)
			}
		})
	}
}

// 03b with the probe: both models stop at every watchdog limit the same
// way, inside the probe phase (scan, trial, undo, root placement) and
// after it.
func TestEveryLimitProbe(t *testing.T) {
	g := loadFPT(t, "03b")
	full, err := Fast(probing(2, RulesHidden, BranchFirst), g)
	require.NoError(t, err)
	require.Positive(t, full.Counters.FailedProbes)
	step := full.Cycles.Search/151 + 1
	for limit := uint64(1); limit < full.Cycles.Search; limit += step {
		cfg := probing(2, RulesHidden, BranchFirst)
		cfg.MaxSearchCycles = limit
		res := runBoth(t, cfg, g)
		require.Equal(t, sudoku.Timeout, res.Status, "limit %d", limit)
		assert.Equal(t, limit, res.Cycles.Search)
	}
}

// Unsatisfiable puzzles with the probe are answered "no solution" by both
// models, over the UART with the no-solution reply, also when the probe
// phase itself finds it (both values of a cell fail at the root).
func TestProbeUnsolvable(t *testing.T) {
	search := grid(t, 2,
		1, 0, 0, 0,
		0, 0, 1, 0,
		0, 1, 0, 0,
		0, 0, 0, 2)
	// 03b with a wrong given that clashes with no other
	wrong := loadFPT(t, "03b")
	sol, err := Fast(probing(2, RulesHidden, BranchFirst), wrong)
	require.NoError(t, err)
	require.Equal(t, sudoku.Solved, sol.Status)
	plantWrong(wrong, sol.Solution)
	for name, g := range map[string]*sudoku.Grid{"order 2": search, "03b wrong given": wrong} {
		t.Run(name, func(t *testing.T) {
			res := runBoth(t, probing(2, RulesHidden, BranchFirst), g)
			assert.Equal(t, sudoku.Unsolvable, res.Status)
			if g == wrong {
				// found in the probe phase: a failed trial's other value
				// meets a contradiction at the root, no decision made
				assert.Positive(t, res.Counters.FailedProbes)
				assert.Zero(t, res.Counters.Decisions)
			}
			cfg := DefaultConfig()
			require.Equal(t, ProbePairs, cfg.Probe)
			res = runBoth(t, cfg, g)
			assert.Equal(t, sudoku.Unsolvable, res.Status)
			assert.Equal(t, uint8(bnb.ReplyNoSolution), res.ReplyCode)
		})
	}
}

// 15a, which singles and search alone do not solve within 10⁹ cycles, is
// solved by the default configuration in the timing model (about 20 s of
// simulation; the cycle-level model agrees on 03b…12a above): 645 trials
// in two rounds, 68 of them failed, then 26 decisions and no contradiction.
func TestProbeSolves15a(t *testing.T) {
	g := loadFPT(t, "15a")
	cfg := DefaultConfig()
	cfg.Link = bnb.LinkDirect
	res, err := Fast(cfg, g)
	require.NoError(t, err)
	require.Equal(t, sudoku.Solved, res.Status)
	require.NoError(t, sudoku.Validate(g, res.Solution))
	k := res.Counters
	assert.Equal(t, uint64(645), k.Probes)
	assert.Equal(t, uint64(68), k.FailedProbes)
	assert.Equal(t, uint64(2), k.ProbeRounds)
	assert.Equal(t, uint64(26), k.Decisions)
	assert.Equal(t, uint64(68), k.Backtracks, "no contradiction after the probe phase")
	assert.Equal(t, uint64(23_909_953), res.Cycles.Search)
	assert.Equal(t, uint64(23_626_220), k.ProbeCycles)
}
