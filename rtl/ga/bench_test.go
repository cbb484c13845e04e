package ga

import (
	"testing"

	"sudokusim/sudoku"
)

// BenchmarkSimulate runs the order-3 sample for 200 generations of 64
// chromosomes and reports simulated cycles per second of wall time.
func BenchmarkSimulate(b *testing.B) {
	cfg := DefaultConfig()
	cfg.MaxGenerations = 200
	b.ReportAllocs()
	var cycles uint64
	for b.Loop() {
		r, err := Simulate(cfg, sudoku.Sample())
		if err != nil {
			b.Fatal(err)
		}
		cycles += r.Cycles.Total()
	}
	b.ReportMetric(float64(cycles)/b.Elapsed().Seconds(), "cycles/s")
}

// TestNoAllocPerCycle runs the processor on for many cycles after setup and
// requires no allocation in them (the fitness history is preallocated).
func TestNoAllocPerCycle(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxGenerations = 100000
	p, err := NewProcessor(cfg, sudoku.Sample(), true)
	if err != nil {
		t.Fatal(err)
	}
	s := p.Scheduler()
	if _, err := s.Run(1000); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := s.Run(20000); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per 20000 cycles, want 0", allocs)
	}
}
