package hdl

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
	"sudokusim/sudoku/gen"
	"sudokusim/sudoku/logic"
)

// v2Cfg is version 2 (the paper's units) over the direct link.
func v2Cfg(maxOrder, k, subsetUnits int, ignoreCand bool) bnb.Config {
	cfg := directCfg(maxOrder, k)
	cfg.Heuristics, cfg.SubsetUnits, cfg.SearchIgnoresCandidates = logic.PaperSet(), subsetUnits, ignoreCand
	return cfg
}

// Version 2 over the direct link agrees cycle for cycle on the sample and
// the FPT'09 puzzles 03a, 03b, 04a, 05a, 06a at k = 1 and 8: the heuristics
// phase (every unit's pass, fixes, hidden-subset hits and removals) and the
// search that honours the candidates.
func TestV2DirectAgreement(t *testing.T) {
	puzzles := []string{"sample", "03a", "03b", "04a", "05a", "06a"}
	for _, k := range []int{1, 8} {
		for _, name := range puzzles {
			t.Run(fmt.Sprintf("%s/k%d", name, k), func(t *testing.T) {
				t.Parallel()
				g := sudoku.Sample()
				if name != "sample" {
					g = loadFPT(t, name)
				}
				rep := checkOrSkip(t, v2Cfg(6, k, 0, false), g)
				requireAgree(t, rep)
				require.Equal(t, bnb.Solved, rep.Go.Status)
				assert.Positive(t, rep.Go.Cycles.Heuristics)
				// CandMem and MissMem were compared: at least one access per
				// cell in the load and per cell of every region scanned.
				s := uint64(g.Size())
				assert.GreaterOrEqual(t, rep.V2Cycles, s*s+3*s)
				if name == "03b" {
					// 03b needs the hidden pair and quad units (candidates
					// removed) and a search after them.
					removed := 0
					for _, u := range rep.Go.Units {
						removed += u.Removed
					}
					assert.Positive(t, removed)
					assert.Positive(t, rep.Go.Search.Nodes)
				}
			})
		}
	}
}

// v2Pool are the version-2 builds the generated puzzles draw from: the
// FPT'09 builds and a small one with three combinations per cycle whose
// evaluator ignores the candidates.
var v2Pool = []struct {
	maxOrder, k, subset int
	ignore              bool
}{{6, 1, 1, false}, {6, 8, 1, false}, {4, 4, 3, true}}

// 200 generated puzzles of orders 2..4 on version 2, random build, some
// with a clashing given (answered in the load), some with a value that
// breaks the puzzle without a clash (a contradiction the heuristics or the
// search find), some with a tight watchdog, agree cycle for cycle (3.8 M
// cycles in all).
func TestV2GeneratedAgreement(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 2026))
	type tc struct {
		g     *sudoku.Grid
		cfg   bnb.Config
		label string
	}
	var cases []tc
	for i := 0; i < 200; i++ {
		order := 2 + rng.IntN(3)
		pick := v2Pool[rng.IntN(len(v2Pool))]
		p, err := gen.Generate(gen.Options{Order: order, Holes: 0.3 + 0.5*rng.Float64(), Seed: uint64(1000 + i)})
		require.NoError(t, err)
		g := p.Puzzle
		cfg := v2Cfg(pick.maxOrder, pick.k, pick.subset, pick.ignore)
		label := "solvable"
		s := g.Size()
		// A watchdog of 100 000 search cycles: some order-4 draws are hard
		// for the row-major search (as in version 1, tens of millions of
		// cycles) and end in the cycle-limit reply instead.
		cfg.MaxSearchCycles = 100000
		switch i % 10 {
		case 3: // a given repeated in its row: a clash the loader finds
			r := rng.IntN(s)
			g.Cells[r*s] = 1
			g.Cells[r*s+s-1] = 1
			label = "clash"
		case 5, 8: // a wrong value in an empty cell, clashing with no given
			breakPuzzle(rng, g, p.Solution)
			label = "broken"
		case 7: // a watchdog that fires in the search
			cfg.MaxSearchCycles = uint64(5 + rng.IntN(200))
			label = "watchdog"
		}
		cases = append(cases, tc{g, cfg, label})
	}
	statuses := map[bnb.Status]int{}
	inHeuristics := 0
	for i, c := range cases {
		t.Run(fmt.Sprintf("%03d/n%d/m%d/k%d/p%d/%s", i, c.g.Order, c.cfg.MaxOrder, c.cfg.CPC, c.cfg.SubsetUnits, c.label), func(t *testing.T) {
			rep := checkOrSkip(t, c.cfg, c.g)
			requireAgree(t, rep)
			statuses[rep.Go.Status]++
			if rep.Go.Status == bnb.Unsolvable && rep.Go.Cycles.Heuristics > 0 && rep.Go.Cycles.Search == 0 {
				inHeuristics++
			}
		})
	}
	// The set exercises every way a version-2 run ends, a contradiction
	// found by a heuristic unit among them.
	if !t.Skipped() && !t.Failed() {
		assert.Positive(t, statuses[bnb.Solved])
		assert.Positive(t, statuses[bnb.Unsolvable])
		assert.Positive(t, statuses[bnb.Timeout])
		assert.Positive(t, inHeuristics)
	}
}

// breakPuzzle writes, into an empty cell, a value other than the solution's
// that no given of its row, column or box holds: the load accepts it, and
// the puzzle has no solution.
func breakPuzzle(rng *rand.Rand, g, sol *sudoku.Grid) {
	n, s := g.Order, g.Size()
	for tries := 0; tries < 100; tries++ {
		cell := rng.IntN(s * s)
		if g.Cells[cell] != 0 {
			continue
		}
		r, c := cell/s, cell%s
		var used [256]bool
		for j := 0; j < s; j++ {
			used[g.Cells[r*s+j]] = true
			used[g.Cells[j*s+c]] = true
			used[g.Cells[((r/n)*n+j/n)*s+(c/n)*n+j%n]] = true
		}
		for v := 1; v <= s; v++ {
			if !used[v] && uint8(v) != sol.Cells[cell] {
				g.Cells[cell] = uint8(v)
				return
			}
		}
	}
}

// The comparison also finds a version-2 difference: the Go model with one
// combination per cycle against the HDL comparing three differ on a
// puzzle whose hidden-subset sweeps are long enough to tell them apart.
func TestV2DifferenceReported(t *testing.T) {
	g := loadFPT(t, "03b")
	cfg := v2Cfg(4, 4, 1, true)
	p, err := ParamsOf(v2Cfg(4, 4, 3, true))
	require.NoError(t, err)
	run, err := newRunner(SimVerilator, p)
	var tm *ToolMissingError
	if err != nil && errors.As(err, &tm) {
		t.Skipf("co-simulation needs %s: install the Debian package %s", tm.Tool, tm.Package)
	}
	require.NoError(t, err)
	args, err := directArgs(t.TempDir(), cfg, g)
	require.NoError(t, err)
	tr, err := bnb.NewPortTracer(cfg, g)
	require.NoError(t, err)
	rep, err := compare(cfg, tr, run, args, 4, 0)
	require.NoError(t, err)
	require.NotNil(t, rep.Diff)
	assert.Equal(t, "state", rep.Diff.Signal)
	assert.Contains(t, []string{"H_COMB", "H_REMOVE", "H_REGION", "H_PASS"}, rep.Diff.Go)
}

// Version 2 under Icarus: the sample and 03b (hidden-subset removals, a
// search after them) with two combinations per cycle agree as under
// Verilator — every port, CandMem's and MissMem's included.
func TestV2IcarusAgreement(t *testing.T) {
	for _, name := range []string{"sample", "03b"} {
		t.Run(name, func(t *testing.T) {
			g := sudoku.Sample()
			if name != "sample" {
				g = loadFPT(t, name)
			}
			rep, err := Check(v2Cfg(3, 2, 2, false), g, Options{Sim: SimIcarus})
			var tm *ToolMissingError
			if errors.As(err, &tm) {
				t.Skipf("needs %s: install the Debian package %s", tm.Tool, tm.Package)
			}
			require.NoError(t, err)
			requireAgree(t, rep)
			assert.Equal(t, bnb.Solved, rep.Go.Status)
			assert.Positive(t, rep.V2Cycles)
		})
	}
}
