package prop

import (
	"testing"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
)

// Simulator speed: simulated cycles per second of wall time, cycle-level
// and timing model, on 04b (a search with 16k decisions) and 12a
// (propagation over 20,736 cells with a few decisions), direct link, with
// the fewest-candidates branch and every cell swept (the figures of
// docs/results.md) and with the default configuration (probe phase,
// empty-cell sweeps).
//
//	go test -run - -bench . -benchtime 3x ./rtl/prop
func BenchmarkSimulate(b *testing.B) {
	def := DefaultConfig()
	def.Link = bnb.LinkDirect
	for _, name := range []string{"04b", "12a"} {
		g := loadFPT(b, name)
		cfg := direct(2, RulesHidden, BranchMRV)
		b.Run("cycle/"+name, func(b *testing.B) { benchRun(b, g, func() (Result, error) { return Simulate(cfg, g, SimOptions{}) }) })
		b.Run("fast/"+name, func(b *testing.B) { benchRun(b, g, func() (Result, error) { return Fast(cfg, g) }) })
		b.Run("cycle-default/"+name, func(b *testing.B) { benchRun(b, g, func() (Result, error) { return Simulate(def, g, SimOptions{}) }) })
		b.Run("fast-default/"+name, func(b *testing.B) { benchRun(b, g, func() (Result, error) { return Fast(def, g) }) })
	}
}

func benchRun(b *testing.B, g *sudoku.Grid, run func() (Result, error)) {
	b.ReportAllocs()
	var cycles uint64
	for i := 0; i < b.N; i++ {
		res, err := run()
		if err != nil || res.Status != sudoku.Solved {
			b.Fatalf("%v %v", res.Status, err)
		}
		cycles += res.Cycles.Total()
	}
	b.ReportMetric(float64(cycles)/b.Elapsed().Seconds(), "cycles/s")
}
