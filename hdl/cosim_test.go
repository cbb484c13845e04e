package hdl

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
	"sudokusim/sudoku/gen"
	"sudokusim/sudoku/logic"
)

var fpt09Dir = filepath.Join("..", "..", "shared", "data", "fpt09")

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

func directCfg(maxOrder, k int) bnb.Config {
	cfg := bnb.DefaultConfig()
	cfg.Link, cfg.MaxOrder, cfg.CPC = bnb.LinkDirect, maxOrder, k
	return cfg
}

// checkOrSkip co-simulates, skipping when a tool is missing.
func checkOrSkip(t *testing.T, cfg bnb.Config, g *sudoku.Grid) *Report {
	t.Helper()
	rep, err := Check(cfg, g, Options{})
	var tm *ToolMissingError
	if errors.As(err, &tm) {
		t.Skipf("co-simulation needs %s: install the Debian package %s", tm.Tool, tm.Package)
	}
	require.NoError(t, err)
	return rep
}

// requireAgree holds the two models to the same cycles, per phase, the same
// search nodes and backtracks and the same answer frame, after every cycle
// agreed.
func requireAgree(t *testing.T, rep *Report) {
	t.Helper()
	if rep.Diff != nil {
		t.Fatalf("the models differ:\n%s", rep.Diff)
	}
	require.Empty(t, rep.Mismatch)
	assert.Equal(t, rep.Go.Cycles.Total(), rep.Cycles)
	assert.Equal(t, rep.Go.Cycles, rep.HDL.Cycles)
	assert.Equal(t, rep.Go.Search.Nodes, rep.HDL.Nodes)
	assert.Equal(t, rep.Go.Search.Backtracks, rep.HDL.Backtracks)
	assert.Equal(t, rep.Go.Response, rep.HDL.Response)
}

// Version 1 over the direct link agrees cycle for cycle on the sample and
// the FPT'09 puzzles 03a, 03b, 04a, 06a, 07a, 08a at k = 1, 2, 4, 8.
func TestDirectAgreement(t *testing.T) {
	puzzles := []string{"sample", "03a", "03b", "04a", "06a", "07a", "08a"}
	for _, k := range []int{1, 2, 4, 8} {
		for _, name := range puzzles {
			t.Run(fmt.Sprintf("%s/k%d", name, k), func(t *testing.T) {
				t.Parallel()
				g := sudoku.Sample()
				if name != "sample" {
					g = loadFPT(t, name)
				}
				rep := checkOrSkip(t, directCfg(8, k), g)
				requireAgree(t, rep)
				require.Equal(t, bnb.Solved, rep.Go.Status)
			})
		}
	}
}

// buildPool are the parameter sets the generated puzzles draw from: the
// FPT'09 builds (max order 8) plus the widest evaluator on a small design,
// so the suite compiles five Verilator models in all.
var buildPool = []struct{ maxOrder, k int }{{8, 1}, {8, 2}, {8, 4}, {8, 8}, {4, 32}}

// 200 generated puzzles of orders 2..4, random k and max order, some with a
// clashing given (answered in the load) and some with a tight watchdog
// (the cycle-limit reply), agree cycle for cycle.
func TestGeneratedAgreement(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 2026))
	type tc struct {
		g     *sudoku.Grid
		cfg   bnb.Config
		label string
	}
	var cases []tc
	for i := 0; i < 200; i++ {
		order := 2 + rng.IntN(3)
		var pick struct{ maxOrder, k int }
		for {
			pick = buildPool[rng.IntN(len(buildPool))]
			if pick.maxOrder >= order {
				break
			}
		}
		p, err := gen.Generate(gen.Options{Order: order, Holes: 0.3 + 0.5*rng.Float64(), Seed: uint64(i)})
		require.NoError(t, err)
		g := p.Puzzle
		cfg := directCfg(pick.maxOrder, pick.k)
		// A search watchdog of 200,000 cycles: some order-4 draws take the
		// row-major search 10⁸ cycles (a minute of Verilator each), and a
		// run the watchdog stops is compared cycle for cycle all the same.
		cfg.MaxSearchCycles = 200_000
		label := "solvable"
		switch i % 10 {
		case 3: // a given repeated in its row: a clash the loader finds
			s := g.Size()
			r := rng.IntN(s)
			g.Cells[r*s] = 1
			g.Cells[r*s+s-1] = 1
			label = "clash"
		case 7: // a watchdog that fires in the search
			cfg.MaxSearchCycles = uint64(5 + rng.IntN(200))
			label = "watchdog"
		}
		cases = append(cases, tc{g, cfg, label})
	}
	statuses := map[bnb.Status]int{}
	for i, c := range cases {
		t.Run(fmt.Sprintf("%03d/n%d/m%d/k%d/%s", i, c.g.Order, c.cfg.MaxOrder, c.cfg.CPC, c.label), func(t *testing.T) {
			rep := checkOrSkip(t, c.cfg, c.g)
			requireAgree(t, rep)
			statuses[rep.Go.Status]++
		})
	}
	// The set exercises every way a version-1 run ends.
	if !t.Skipped() && !t.Failed() {
		assert.Positive(t, statuses[bnb.Solved])
		assert.Positive(t, statuses[bnb.Unsolvable])
		assert.Positive(t, statuses[bnb.Timeout])
	}
}

// The comparison finds a difference: the Go model at k = 1 against the HDL
// built for k = 2 differ in the first EVAL cycle that tests two candidates,
// and the report names the cycle, the signal and both histories.
func TestDifferenceReported(t *testing.T) {
	g := sudoku.Sample()
	cfg := directCfg(8, 1)
	exe, err := Build(Params{MaxOrder: 8, K: 2, ClksPerBit: 868})
	var tm *ToolMissingError
	if errors.As(err, &tm) {
		t.Skipf("co-simulation needs %s: install the Debian package %s", tm.Tool, tm.Package)
	}
	require.NoError(t, err)
	args, err := directArgs(t.TempDir(), cfg, g)
	require.NoError(t, err)
	tr, err := bnb.NewPortTracer(cfg, g)
	require.NoError(t, err)
	rep, err := compare(cfg, tr, verilatorRunner{exe}, args, 4, 0)
	require.NoError(t, err)
	require.NotNil(t, rep.Diff)
	assert.Equal(t, "state", rep.Diff.Signal)
	assert.Len(t, rep.Diff.GoLast, 4)
	assert.Len(t, rep.Diff.HDLLast, 4)
	assert.Contains(t, rep.Diff.String(), fmt.Sprintf("cycle %d: state differs", rep.Diff.Cycle))
	assert.Equal(t, rep.Diff.Cycle, rep.Cycles)
}

// What the HDL does not cover is refused with the reason.
func TestCoverage(t *testing.T) {
	cfg := directCfg(3, 1)
	big := loadFPTOrNil(t)
	if big != nil {
		_, err := Check(cfg, big, Options{})
		var ce *CoverageError
		require.ErrorAs(t, err, &ce)
		assert.Contains(t, err.Error(), "does not fit")
	}
	// Version 2 covers the paper's units in the Fig. 13 order only.
	v2 := cfg
	v2.Heuristics = []logic.Heuristic{logic.HiddenSingles, logic.NakedSingle}
	_, err := Check(v2, sudoku.Sample(), Options{})
	var ce *CoverageError
	require.ErrorAs(t, err, &ce)
	assert.Contains(t, err.Error(), "paper's units")
	k3 := cfg
	k3.CPC = 3
	_, err = Check(k3, sudoku.Sample(), Options{})
	require.ErrorAs(t, err, &ce)
	_, err = Check(cfg, sudoku.Sample(), Options{Sim: "modelsim"})
	require.ErrorAs(t, err, &ce)
	assert.Contains(t, err.Error(), "modelsim")
}

func loadFPTOrNil(t *testing.T) *sudoku.Grid {
	path := filepath.Join(fpt09Dir, "puzzle04a.sudoku")
	g, err := sudoku.LoadPuzzle(path, 0, nil)
	if err != nil {
		return nil
	}
	return g
}

// A missing tool is named with its package; a failed build gives the
// compiler's first error.
func TestToolErrors(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := Build(Params{MaxOrder: 3, K: 1, ClksPerBit: 868})
	var tm *ToolMissingError
	require.ErrorAs(t, err, &tm)
	assert.Equal(t, "verilator", tm.Package)
	assert.Contains(t, err.Error(), "apt-get install verilator")
}

func TestFirstError(t *testing.T) {
	out := "make: Entering directory\n%Error: rtl/x.v:3:1: syntax error, unexpected endmodule\n%Error: Exiting due to 1 error(s)\n"
	assert.Equal(t, "%Error: rtl/x.v:3:1: syntax error, unexpected endmodule", firstError(out, errors.New("exit status 1")))
}

// The same comparison under Icarus Verilog with its Verilog harness: the
// sample over the direct link, and an order-2 frame over the UART whose
// search hits a 9-cycle watchdog (the cycle-limit reply).
func TestIcarusAgreement(t *testing.T) {
	uartSmall := bnb.DefaultConfig()
	uartSmall.MaxOrder, uartSmall.CPC, uartSmall.MaxSearchCycles = 2, 2, 9
	for _, c := range []struct {
		name string
		cfg  bnb.Config
		g    *sudoku.Grid
		want bnb.Status
	}{
		{"sample direct", directCfg(3, 2), sudoku.Sample(), bnb.Solved},
		{"order 2 uart watchdog", uartSmall, smallPuzzle(), bnb.Timeout},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep, err := Check(c.cfg, c.g, Options{Sim: SimIcarus})
			var tm *ToolMissingError
			if errors.As(err, &tm) {
				t.Skipf("needs %s: install the Debian package %s", tm.Tool, tm.Package)
			}
			require.NoError(t, err)
			requireAgree(t, rep)
			assert.Equal(t, c.want, rep.Go.Status)
		})
	}
}
