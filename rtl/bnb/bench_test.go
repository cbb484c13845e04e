package bnb

import (
	"testing"

	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
)

// benchSearch measures simulated search cycles per second of wall time.
func benchSearch(b *testing.B, name string, run func(Config, *sudoku.Grid) (Result, error)) {
	benchSearchK(b, name, 8, run)
}

func benchSearchK(b *testing.B, name string, k int, run func(Config, *sudoku.Grid) (Result, error)) {
	g := loadFPT(b, name)
	cfg := directConfig(k)
	b.ReportAllocs()
	var cycles uint64
	for b.Loop() {
		res, err := run(cfg, g)
		if err != nil {
			b.Fatal(err)
		}
		cycles += res.Cycles.Search
	}
	b.ReportMetric(float64(cycles)/b.Elapsed().Seconds(), "cycles/s")
}

func simulateDefault(cfg Config, g *sudoku.Grid) (Result, error) {
	return Simulate(cfg, g, SimOptions{})
}

// 04a: 7.5 M search cycles at k = 8, 687,550 nodes.
func BenchmarkSearchCycleLevel04a(b *testing.B) { benchSearch(b, "04a", simulateDefault) }
func BenchmarkSearchFast04a(b *testing.B)       { benchSearch(b, "04a", Fast) }

// 08a at k = 1: 17.5 M search cycles, most of them evaluator cycles — where
// the timing model gains most, since it prices a whole EVAL run at once.
func BenchmarkSearchCycleLevel08aK1(b *testing.B) { benchSearchK(b, "08a", 1, simulateDefault) }
func BenchmarkSearchFast08aK1(b *testing.B)       { benchSearchK(b, "08a", 1, Fast) }

// 08a: 4.1 M search cycles at k = 8, an order-8 grid (values span 64 bits).
func BenchmarkSearchCycleLevel08a(b *testing.B) { benchSearch(b, "08a", simulateDefault) }
func BenchmarkSearchFast08a(b *testing.B)       { benchSearch(b, "08a", Fast) }

// Version 2 on 15a over the direct link: 17.8 M heuristic cycles (the
// paper's five units, 228 passes), 152 k load and 3.5 k search cycles.
func benchV2(b *testing.B, run func(Config, *sudoku.Grid) (Result, error)) {
	g := loadFPT(b, "15a")
	cfg := directConfig(8)
	cfg.Heuristics = logic.PaperSet()
	b.ReportAllocs()
	var cycles uint64
	for b.Loop() {
		res, err := run(cfg, g)
		if err != nil {
			b.Fatal(err)
		}
		cycles += res.Cycles.Total()
	}
	b.ReportMetric(float64(cycles)/b.Elapsed().Seconds(), "cycles/s")
}

func BenchmarkV2CycleLevel15a(b *testing.B) { benchV2(b, simulateDefault) }
func BenchmarkV2Fast15a(b *testing.B)       { benchV2(b, Fast) }

// The full UART run of an order-15 a-puzzle, version 2: 4.4·10⁸ cycles of
// serial traffic each way around load, heuristics and search (9.0·10⁸
// cycles, 8.97 s at 100 MHz).
func BenchmarkUARTRun15a(b *testing.B) {
	g := loadFPT(b, "15a")
	cfg := DefaultConfig()
	cfg.Heuristics = logic.PaperSet()
	b.ReportAllocs()
	var cycles uint64
	for b.Loop() {
		res, err := Simulate(cfg, g, SimOptions{})
		if err != nil {
			b.Fatal(err)
		}
		cycles += res.Cycles.Total()
	}
	b.ReportMetric(float64(cycles)/b.Elapsed().Seconds(), "cycles/s")
}
