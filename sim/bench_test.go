package sim_test

import (
	"testing"

	"sudokusim/sim"
)

// BenchmarkSchedulerStep is the bare scheduler: four registers in a ring,
// stepped cycle by cycle (no block is an Idler, so no fast-forward).
func BenchmarkSchedulerStep(b *testing.B) {
	m := make([]*mix, 4)
	blocks := make([]sim.Block, 4)
	for i := range m {
		m[i] = &mix{name: string(rune('a' + i)), k: uint32(i), r: sim.NewReg(uint32(i))}
		blocks[i] = m[i]
	}
	for i := range m {
		m[i].in = m[(i+3)%4]
	}
	s, err := sim.New(sim.DefaultConfig(), blocks...)
	if err != nil {
		b.Fatal(err)
	}
	const chunk = 1 << 16
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Run(chunk); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(s.Cycle())/b.Elapsed().Seconds(), "cycles/s")
	b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(s.Cycle()), "ns/cycle")
}

// BenchmarkSolo is a lone busy Soloist (the worker's 10⁶-cycle jobs) with an
// idle ticker: the scheduler's cost is per batch, not per cycle.
func BenchmarkSolo(b *testing.B) {
	s, err := sim.New(sim.DefaultConfig())
	if err != nil {
		b.Fatal(err)
	}
	tk := newTicker("ticker", 1_000_000)
	w := newWorker(s, tk, 999_000)
	s.Add(tk, w)
	const chunk = 1 << 24
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Run(chunk); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(s.Cycle())/b.Elapsed().Seconds(), "cycles/s")
	b.ReportMetric(float64(s.Stats().Solo)/float64(s.Cycle()), "solo-fraction")
}
