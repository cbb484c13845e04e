package swarm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

// TestNoAllocationPerCycle: solving on a built array allocates only the
// solution grid, however many cycles the puzzle takes.
func TestNoAllocationPerCycle(t *testing.T) {
	g := fptPuzzle(t, "03b")
	a, err := NewArray(DefaultConfig())
	require.NoError(t, err)
	res, err := a.Solve(g) // sizes the engines for order 3
	require.NoError(t, err)
	require.Greater(t, res.Cycles.Total(), uint64(1000))
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := a.Solve(g); err != nil {
			t.Fatal(err)
		}
	})
	assert.LessOrEqual(t, allocs, 2.0, "allocations per Solve of %d cycles", res.Cycles.Total())
}

func benchPuzzle(b *testing.B, g *sudoku.Grid) {
	a, err := NewArray(DefaultConfig())
	require.NoError(b, err)
	b.ReportAllocs()
	var cycles uint64
	for b.Loop() {
		res, err := a.Solve(g)
		if err != nil || res.Status != Solved {
			b.Fatalf("%v %v", res.Status, err)
		}
		cycles += res.Cycles.Total()
	}
	b.ReportMetric(float64(cycles)/b.Elapsed().Seconds(), "cycles/s")
	b.ReportMetric(float64(cycles)/float64(b.N), "cycles/op")
}

func BenchmarkSample(b *testing.B) { benchPuzzle(b, sudoku.Sample()) }
func BenchmarkFPT03b(b *testing.B) { benchPuzzle(b, fptPuzzle(b, "03b")) }
func BenchmarkFPT04a(b *testing.B) { benchPuzzle(b, fptPuzzle(b, "04a")) }
