package logic

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPassesDoNotAllocate: once a state has run a heuristic, further passes
// allocate nothing (scratch reused, trail reused).
func TestPassesDoNotAllocate(t *testing.T) {
	s0 := mustState(t, loadFPT(t, 5, "b"))
	s := s0.Clone()
	for h := Heuristic(0); h < numHeuristics; h++ {
		h.Apply(s) // warm the scratch buffers
		s.CopyFrom(s0)
		allocs := testing.AllocsPerRun(5, func() {
			s.CopyFrom(s0)
			h.Apply(s)
		})
		assert.Zero(t, allocs, h.String())
	}
}

func benchStrategy(b *testing.B, order int, kind string, list []Heuristic) {
	s0 := mustState(b, loadFPT(b, order, kind))
	s := s0.Clone()
	st := Strategy{Heuristics: list}
	var r Result
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s.CopyFrom(s0)
		r = st.Run(s)
	}
	b.ReportMetric(float64(r.Passes), "passes/op")
	b.ReportMetric(float64(r.Fixed()), "fixed/op")
	b.ReportMetric(float64(r.Empty), "left/op")
}

func BenchmarkPaper15a(b *testing.B) { benchStrategy(b, 15, "a", PaperSet()) }
func BenchmarkPaper11a(b *testing.B) { benchStrategy(b, 11, "a", PaperSet()) }
func BenchmarkPaper15b(b *testing.B) { benchStrategy(b, 15, "b", PaperSet()) }
func BenchmarkAll15a(b *testing.B)   { benchStrategy(b, 15, "a", FullSet()) }
func BenchmarkAll09b(b *testing.B)   { benchStrategy(b, 9, "b", FullSet()) }

// BenchmarkPass times one pass of each heuristic on the initial state of
// 15b (25,313 empty cells, nothing to fix: the full scan every pass pays),
// reporting cells visited per second.
func BenchmarkPass(b *testing.B) {
	s0 := mustState(b, loadFPT(b, 15, "b"))
	for _, h := range FullSet() {
		if h == Forced {
			continue // one forced-cells pass on 15b is a benchmark of its own
		}
		b.Run(h.String(), func(b *testing.B) {
			s := s0.Clone()
			h.Apply(s)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				s.CopyFrom(s0)
				h.Apply(s)
			}
			b.ReportMetric(float64(s.NumCells())*float64(b.N)/b.Elapsed().Seconds(), "cells/s")
		})
	}
}
