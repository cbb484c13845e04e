package bnb

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
)

func paperConfig(k int) Config {
	cfg := directConfig(k)
	cfg.Heuristics = logic.PaperSet()
	return cfg
}

// runHeuristicsOnly runs the cycle-level model to the end of the heuristic
// phase and returns the Core, stopped there.
func runHeuristicsOnly(t *testing.T, cfg Config, g *sudoku.Grid) *Core {
	t.Helper()
	p, err := NewProcessor(cfg, SimOptions{})
	require.NoError(t, err)
	p.core.preload(g)
	p.sched.EnterPhase(p.core.ph.load)
	_, err = p.sched.RunUntil(func() bool { return p.core.st == stStart || p.core.st == stHalt }, ^uint64(0))
	require.NoError(t, err)
	return p.core
}

// The hardware units remove exactly what their software twins (sudoku/logic,
// the paper's software version) remove: same passes, values fixed and
// candidates removed per unit, and the same candidate state at the end.
func TestV2MatchesSoftwareTwin(t *testing.T) {
	puzzles := map[string]*sudoku.Grid{"sample": sudoku.Sample()}
	for _, name := range []string{"03a", "04a", "05a", "06a", "07a", "08a", "09a", "10a", "11a", "12a", "13a", "14a", "15a", "03b", "04b", "05b", "06b"} {
		puzzles[name] = loadFPT(t, name)
	}
	for name, g := range puzzles {
		t.Run(name, func(t *testing.T) {
			core := runHeuristicsOnly(t, paperConfig(8), g)
			st, err := logic.NewState(g)
			require.NoError(t, err)
			sw := logic.Strategy{Heuristics: logic.PaperSet()}.Run(st)
			require.NoError(t, st.Err())
			for i, u := range core.h.stats {
				assert.Equal(t, sw.Units[i].Counts, logic.Counts{Passes: u.Passes, Fixed: u.Fixed, Removed: u.Removed}, "%s", u.Heuristic)
			}
			size := g.Size()
			for cell := 0; cell < size*size; cell++ {
				r, c := cell/size, cell%size
				require.Equal(t, st.Value(cell), int(core.mem.Lane(core.mem.RowWord(r), c)), "value of cell %d", cell)
				hw := core.h.effective(cell)
				swc := st.Candidates(cell)
				require.Equal(t, [4]uint64(swc), [4]uint64(hw), "candidates of cell %d", cell)
			}
			assert.Equal(t, st.Empty(), core.h.empty)
		})
	}
}

// Order 2, the puzzle of TestOrder2HandWorked, version 2:
//
//	H_PASS (start single)                                 1
//	single: rows 0..2 have no empty cell: 3 × (1 + S + 1) 18
//	        row 3: 1 + S + 1 + 3 per fix × 2 fixes         12
//	H_PASS (a value was fixed → single; no empty cell left → search) 1
//	heuristics = 32; single's own cycles = 31
//	search: START 1 + SEEK rows 0..3 (all cells given now) 4 = 5
func TestV2HandWorked(t *testing.T) {
	g := grid(t, 2,
		1, 2, 3, 4,
		3, 4, 1, 2,
		2, 1, 4, 3,
		4, 3, 0, 0)
	res := runBoth(t, paperConfig(8), g)
	require.Equal(t, Solved, res.Status)
	assert.Equal(t, Cycles{Load: 53, Heuristics: 32, Search: 5}, res.Cycles)
	assert.Equal(t, UnitStats{Heuristic: logic.NakedSingle, Cycles: 31, Passes: 1, Fixed: 2}, res.Units[0])
	assert.Equal(t, SearchStats{}, res.Search)
}

// Cycle-level and fast mode agree on version 2 too, for several evaluator
// widths, subset parallelisms and both evaluator policies; the heuristics
// never make the search longer than version 1 on the a-puzzles.
func TestV2FastMatchesCycleLevel(t *testing.T) {
	for _, name := range []string{"03a", "04a", "06a", "07a", "08a", "10a", "03b", "04b", "05b"} {
		t.Run(name, func(t *testing.T) {
			g := loadFPT(t, name)
			for _, k := range []int{1, 8, 32} {
				for _, par := range []int{1, 16} {
					for _, ignore := range []bool{false, true} {
						cfg := paperConfig(k)
						cfg.SubsetUnits, cfg.SearchIgnoresCandidates = par, ignore
						cfg.MaxSearchCycles = 2_000_000
						res := runBoth(t, cfg, g)
						assert.Len(t, res.Units, 5)
					}
				}
			}
		})
	}
}

func TestV2ClashAndSubsets(t *testing.T) {
	clash := sudoku.Sample()
	clash.Set(0, 0, 1)
	res := runBoth(t, paperConfig(8), clash)
	assert.Equal(t, Unsolvable, res.Status)
	assert.Equal(t, uint64(0), res.Cycles.Heuristics, "a clash found by the loader skips the heuristics")

	// 03b needs every unit: hidden pairs and quads remove candidates.
	res = runBoth(t, paperConfig(8), loadFPT(t, "03b"))
	require.Equal(t, Solved, res.Status)
	var removed int
	for _, u := range res.Units {
		removed += u.Removed
		assert.Positive(t, u.Passes, "%s ran", u.Heuristic)
	}
	assert.Positive(t, removed)
	// A subset of the units, in another order, is a valid strategy too.
	cfg := directConfig(8)
	cfg.Heuristics = []logic.Heuristic{logic.HiddenSingles, logic.NakedSingle}
	res = runBoth(t, cfg, loadFPT(t, "05a"))
	assert.Equal(t, Solved, res.Status)
}
