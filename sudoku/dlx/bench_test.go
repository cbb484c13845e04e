package dlx

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"sudokusim/sudoku"
)

// benchNodeLimit stops the puzzles dlx cannot finish (15a) so the benchmark
// ends; the status metric says whether a puzzle was solved (1) or stopped (0).
const benchNodeLimit = 2_000_000

// BenchmarkFPT09 solves every FPT'09 a-puzzle and 03b..05b with a reused
// Solver and reports search nodes, matrix size and peak heap growth.
//
//	go test ./sudoku/dlx -run '^$' -bench FPT09 -benchtime 3x
func BenchmarkFPT09(b *testing.B) {
	names := []string{"03a", "04a", "05a", "06a", "07a", "08a", "09a", "10a", "11a", "12a", "13a", "14a", "15a", "03b", "04b", "05b"}
	for _, name := range names {
		b.Run(name, func(b *testing.B) {
			g := loadFPT09(b, name)
			var s Solver
			var res Result
			peak := peakHeap(func() { res, _ = s.Solve(context.Background(), g, Options{NodeLimit: benchNodeLimit}) })
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				res, _ = s.Solve(context.Background(), g, Options{NodeLimit: benchNodeLimit})
			}
			solved := 0.0
			if res.Status == Solved {
				solved = 1
			}
			b.ReportMetric(float64(res.Nodes), "nodes")
			b.ReportMetric(float64(res.Nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(res.MatrixBytes), "matrix-B")
			b.ReportMetric(float64(peak), "peak-heap-B")
			b.ReportMetric(solved, "solved")
			b.ReportMetric(float64(res.Pruned), "pruned-rows")
		})
	}
}

// BenchmarkThroughput9x9 solves the generated 9×9 set in bench/testdata one
// puzzle after another with one Solver and reports puzzles per second.
//
//	go test ./sudoku/dlx -run '^$' -bench Throughput
func BenchmarkThroughput9x9(b *testing.B) {
	path := filepath.Join("..", "..", "bench", "testdata", "gen9x9.txt")
	if _, err := os.Stat(path); err != nil {
		b.Skipf("generated set not found: %v", err)
	}
	grids, err := sudoku.LoadPuzzles(path, nil)
	if err != nil {
		b.Fatal(err)
	}
	var s Solver
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		for _, g := range grids {
			res, err := s.Solve(context.Background(), g, Options{})
			if err != nil || res.Status != Solved {
				b.Fatalf("puzzle not solved: %v %v", res.Status, err)
			}
			nodes += res.Nodes
		}
	}
	b.ReportMetric(float64(len(grids)*b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(nodes)/float64(len(grids)*b.N), "nodes/puzzle")
}

// peakHeap runs f once after a collection and returns the bytes it
// allocated. For the first solve on a fresh Solver everything allocated (the
// matrix, the stack, the solution) stays live until the solve returns, so
// this is the solve's peak heap.
func peakHeap(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	if after.TotalAlloc < before.TotalAlloc {
		return 0
	}
	return after.TotalAlloc - before.TotalAlloc
}

// hard9x9 is the committed hard 9×9 set (see testdata/README.md).
var hard9x9 = filepath.Join("testdata", "hard9x9.txt")

// BenchmarkHard9x9 solves a hard 9×9 set one puzzle after another with one
// Solver, under the default probing policy (no probing at order 3), with
// probing at every order, and as plain Algorithm X, and reports puzzles per
// second, search nodes and probes per puzzle. DLX_SET names another
// line-format file to run instead (a published hard set, say).
//
//	go test ./sudoku/dlx -run '^$' -bench Hard9x9 -benchtime 10x
//	DLX_SET=top95.txt go test ./sudoku/dlx -run '^$' -bench Hard9x9
func BenchmarkHard9x9(b *testing.B) {
	path := hard9x9
	if p := os.Getenv("DLX_SET"); p != "" {
		path = p
	}
	grids, err := sudoku.LoadPuzzles(path, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, policy := range []struct {
		name string
		opts Options
	}{
		{"default", Options{}},
		{"probe-all", Options{ProbeFrom: 2}},
		{"plain", Options{Plain: true}},
	} {
		b.Run(policy.name, func(b *testing.B) {
			var s Solver
			var nodes, probes uint64
			b.ReportAllocs()
			for b.Loop() {
				for _, g := range grids {
					res, err := s.Solve(context.Background(), g, policy.opts)
					if err != nil || res.Status != Solved {
						b.Fatalf("puzzle not solved: %v %v", res.Status, err)
					}
					nodes += res.Nodes
					probes += uint64(res.Probed)
				}
			}
			n := float64(len(grids) * b.N)
			b.ReportMetric(n/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(nodes)/n, "nodes/puzzle")
			b.ReportMetric(float64(probes)/n, "probes/puzzle")
		})
	}
}
