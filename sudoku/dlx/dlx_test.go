package dlx

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

// fpt09Dir is the shared FPT'09 benchmark directory seen from this package.
var fpt09Dir = filepath.Join("..", "..", "..", "shared", "data", "fpt09")

func loadFPT09(tb testing.TB, name string) *sudoku.Grid {
	tb.Helper()
	if _, err := os.Stat(fpt09Dir); err != nil {
		tb.Skipf("FPT'09 puzzles not found at %s", fpt09Dir)
	}
	g, err := sudoku.LoadPuzzle(filepath.Join(fpt09Dir, "puzzle"+name+".sudoku"), 0, nil)
	require.NoError(tb, err)
	return g
}

func TestSolveSample(t *testing.T) {
	res, err := Solve(context.Background(), sudoku.Sample(), Options{})
	require.NoError(t, err)
	require.Equal(t, Solved, res.Status)
	assert.True(t, sudoku.SampleSolution().Equal(res.Solution))
	assert.Equal(t, 1, res.Count)
	// 45 empty cells; every placement is forced, so no node is undone.
	assert.Equal(t, uint64(45), res.Nodes)
	assert.Equal(t, 45, res.MaxDepth)
	assert.Equal(t, 4*45, res.Columns, "each empty cell leaves its cell, row, column and box constraint")
}

func TestCount(t *testing.T) {
	sparse := sudoku.Sample()
	for _, i := range []int{1, 2, 3, 4, 9, 13, 14, 15} { // drop some givens
		sparse.Cells[i] = 0
	}
	clash := sudoku.Sample()
	clash.Set(0, 0, 1) // 1 is already given in row 1

	solution := sudoku.SampleSolution()
	tests := []struct {
		name  string
		g     *sudoku.Grid
		limit int
		want  int
	}{
		{"sample unique", sudoku.Sample(), 0, 1},
		{"solution itself", solution, 0, 1},
		{"sparse many", sparse, 0, 0}, // more than one: checked below
		{"sparse limit", sparse, 2, 2},
		{"clashing givens", clash, 0, 0},
		{"empty order 2", sudoku.MustNew(2), 0, 288},
		{"empty order 2 limit", sudoku.MustNew(2), 10, 10},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := Count(context.Background(), tc.g, tc.limit)
			require.NoError(t, err)
			if tc.name == "sparse many" {
				assert.Greater(t, n, 1)
				return
			}
			assert.Equal(t, tc.want, n)
		})
	}
}

func TestClashingGivensAreUnsolvableWithoutSearch(t *testing.T) {
	g := sudoku.Sample()
	g.Set(8, 8, 1) // row 9 already holds 1 at (9,1)
	res, err := Solve(context.Background(), g, Options{})
	require.NoError(t, err)
	assert.Equal(t, Unsolvable, res.Status)
	assert.Nil(t, res.Solution)
	assert.Zero(t, res.Nodes)
}

func TestUnsolvableBySearch(t *testing.T) {
	// Order 2, no clash among the givens, but cell (1,1) can hold nothing:
	// row 1 has 2, column 1 has 3 and 4, box 1 has 1.
	g := sudoku.MustNew(2)
	g.Set(0, 3, 2)
	g.Set(2, 0, 3)
	g.Set(3, 0, 4)
	g.Set(1, 1, 1)
	require.Empty(t, sudoku.Conflicts(g))
	res, err := Solve(context.Background(), g, Options{})
	require.NoError(t, err)
	assert.Equal(t, Unsolvable, res.Status)
}

func TestLimits(t *testing.T) {
	t.Run("node limit", func(t *testing.T) {
		r, err := (&Solver{}).Count(context.Background(), sudoku.MustNew(3), 0, Options{NodeLimit: 1000, ProbeFrom: 2})
		require.NoError(t, err)
		assert.Equal(t, NodeLimit, r.Status)
		assert.Equal(t, 729, r.Probed, "the empty grid's 729 placements are probed first")
		assert.Equal(t, uint64(1000-729), r.Nodes, "nodes and probes share the limit")
		assert.Greater(t, r.Count, 0, "an empty 9×9 grid has solutions within 1000 nodes")
	})
	t.Run("canceled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		r, err := (&Solver{}).Count(ctx, sudoku.MustNew(3), 0, Options{})
		require.NoError(t, err)
		assert.Equal(t, Canceled, r.Status)
		assert.Equal(t, uint64(checkEvery), r.Nodes, "the context is checked every checkEvery nodes")
		n, err := Count(ctx, sudoku.MustNew(3), 0)
		assert.ErrorIs(t, err, context.Canceled)
		assert.Greater(t, n, 0)
	})
}

func TestMalformedGrid(t *testing.T) {
	g := sudoku.Sample()
	g.Cells[0] = 12
	_, err := Solve(context.Background(), g, Options{})
	assert.EqualError(t, err, "dlx: sudoku: cell (1,1) holds 12, outside 0..9 (row,col from 1)")
}

func TestSolverReuse(t *testing.T) {
	var s Solver
	for _, g := range []*sudoku.Grid{sudoku.MustNew(4), sudoku.Sample(), sudoku.MustNew(2), sudoku.Sample()} {
		res, err := s.Solve(context.Background(), g, Options{})
		require.NoError(t, err)
		require.Equal(t, Solved, res.Status)
		require.NoError(t, sudoku.Validate(g, res.Solution))
	}
}

// quickFPT09 are the benchmark puzzles dlx solves in well under a second
// each; BenchmarkFPT09 runs the rest as well.
var quickFPT09 = []string{"03a", "04a", "05a", "06a", "07a", "08a", "09a", "10a", "11a", "12a", "13a", "14a", "15a", "03b", "04b", "05b"}

func TestFPT09(t *testing.T) {
	var s Solver
	for _, name := range quickFPT09 {
		t.Run(name, func(t *testing.T) {
			g := loadFPT09(t, name)
			res, err := s.Solve(context.Background(), g, Options{NodeLimit: 5_000_000})
			require.NoError(t, err)
			require.Equal(t, Solved, res.Status)
			require.NoError(t, sudoku.Validate(g, res.Solution))
		})
	}
}

func TestProbingKeepsCounts(t *testing.T) {
	sparse := sudoku.Sample()
	for _, i := range []int{1, 2, 3, 4, 9, 13, 14, 15, 20, 22} {
		sparse.Cells[i] = 0
	}
	tests := []struct {
		name string
		g    *sudoku.Grid
	}{
		{"sample", sudoku.Sample()},
		{"sparse sample", sparse},
		{"empty order 2", sudoku.MustNew(2)},
		{"03b", loadFPT09(t, "03b")},
		{"04a", loadFPT09(t, "04a")},
	}
	var s Solver
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			plain, err := s.Count(context.Background(), tc.g, 0, Options{Plain: true})
			require.NoError(t, err)
			probed, err := s.Count(context.Background(), tc.g, 0, Options{ProbeFrom: 2})
			require.NoError(t, err)
			assert.Equal(t, plain.Count, probed.Count)
			assert.Equal(t, plain.Status, probed.Status)
			assert.Zero(t, plain.Probed)
			assert.LessOrEqual(t, probed.Nodes, plain.Nodes)
		})
	}
	// 03b: probing deletes rows and then saves search nodes.
	plain, err := s.Solve(context.Background(), loadFPT09(t, "03b"), Options{Plain: true})
	require.NoError(t, err)
	res, err := s.Solve(context.Background(), loadFPT09(t, "03b"), Options{ProbeFrom: 2})
	require.NoError(t, err)
	assert.Greater(t, res.Pruned, 0)
	assert.Less(t, res.Nodes, plain.Nodes)
}

func TestRestarts(t *testing.T) {
	g := loadFPT09(t, "04b")
	opts := Options{Plain: true, Restart: 2000, Seed: 3}
	var s Solver
	a, err := s.Solve(context.Background(), g, opts)
	require.NoError(t, err)
	require.Equal(t, Solved, a.Status)
	require.NoError(t, sudoku.Validate(g, a.Solution))
	assert.Greater(t, a.Runs, 1, "2,000 nodes are too few for one run of plain 04b")
	b, err := s.Solve(context.Background(), g, opts)
	require.NoError(t, err)
	assert.Equal(t, a.Nodes, b.Nodes, "deterministic per seed")
	assert.Equal(t, a.Runs, b.Runs)
	assert.True(t, a.Solution.Equal(b.Solution))

	opts.NodeLimit = 5000
	c, err := s.Solve(context.Background(), g, opts)
	require.NoError(t, err)
	assert.Equal(t, NodeLimit, c.Status)
	assert.Equal(t, uint64(5000), c.Nodes, "the node limit spans all runs")
}

func TestLuby(t *testing.T) {
	want := []uint64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		assert.Equal(t, w, luby(uint64(i+1)), "luby(%d)", i+1)
	}
}

func TestSolveAllocatesNothingPerNode(t *testing.T) {
	// 04b needs ~20,000 search nodes after probing; a reused Solver
	// allocates only the solution grid (the Grid and its cells) per solve.
	g := loadFPT09(t, "04b")
	var s Solver
	_, err := s.Solve(context.Background(), g, Options{})
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(3, func() {
		res, _ := s.Solve(context.Background(), g, Options{})
		if res.Nodes < 1000 {
			t.Fatalf("04b solved in %d nodes; expected a real search", res.Nodes)
		}
	})
	assert.LessOrEqual(t, allocs, 3.0)
}

func ExampleSolve() {
	res, err := Solve(context.Background(), sudoku.Sample(), Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, res.Nodes, sudoku.Checksum(res.Solution))
	fmt.Print(res.Solution.Rows()[0], "\n")
	// Output:
	// solved 45 29
	// [6 1 4 5 2 7 3 8 9]
}

func TestProgressReportsTheWork(t *testing.T) {
	var seen []uint64
	opts := Options{NodeLimit: 3*checkEvery + 10, Progress: func(w uint64) { seen = append(seen, w) }}
	r, err := (&Solver{}).Count(context.Background(), sudoku.MustNew(3), 0, opts)
	require.NoError(t, err)
	assert.Equal(t, NodeLimit, r.Status)
	assert.Equal(t, []uint64{checkEvery, 2 * checkEvery, 3 * checkEvery}, seen, "every checkEvery search nodes")

	// Probes report too, counted with the nodes (order 4: probed by default).
	seen = nil
	opts = Options{NodeLimit: 2 * checkEvery, Progress: func(w uint64) { seen = append(seen, w) }}
	r, err = (&Solver{}).Count(context.Background(), sudoku.MustNew(4), 0, opts)
	require.NoError(t, err)
	assert.Equal(t, 4096, r.Probed, "the empty 16×16 grid has 4,096 placements, all probed")
	assert.Equal(t, []uint64{checkEvery, 2 * checkEvery}, seen)
}

// TestProbePolicyKeepsSolutions runs the hard 9×9 set under the default
// policy (no probing at order 3), with probing at every order and as plain
// Algorithm X: every puzzle has exactly one solution under each, the same
// one, and it is valid.
func TestProbePolicyKeepsSolutions(t *testing.T) {
	grids, err := sudoku.LoadPuzzles(filepath.Join("testdata", "hard9x9.txt"), nil)
	require.NoError(t, err)
	require.Len(t, grids, 375)
	var s Solver
	var probed int
	for i, g := range grids {
		def, err := s.Count(context.Background(), g, 2, Options{})
		require.NoError(t, err)
		require.Equal(t, 1, def.Count, "puzzle %d is unique", i)
		require.NoError(t, sudoku.Validate(g, def.Solution), "puzzle %d", i)
		assert.Zero(t, def.Probed, "no probing at order 3 by default")
		for _, opts := range []Options{{ProbeFrom: 2}, {Plain: true}} {
			res, err := s.Count(context.Background(), g, 2, opts)
			require.NoError(t, err)
			require.Equal(t, 1, res.Count, "puzzle %d, %+v", i, opts)
			require.True(t, def.Solution.Equal(res.Solution), "puzzle %d, %+v", i, opts)
			probed += res.Probed
		}
	}
	assert.Positive(t, probed, "ProbeFrom 2 probes order 3")

	// Order 4 and up are probed by default, as before.
	res, err := s.Solve(context.Background(), loadFPT09(t, "04b"), Options{})
	require.NoError(t, err)
	assert.Equal(t, 2768, res.Probed)
	assert.Equal(t, uint64(22425), res.Nodes, "04b's node count is unchanged by the order-3 policy")
}

// TestDeadline: a deadline already past stops the search at the first
// check, as a done context does — in the order-3 search, the generic one
// and while probing.
func TestDeadline(t *testing.T) {
	past := time.Now().Add(-time.Second)
	for _, tc := range []struct {
		name   string
		g      *sudoku.Grid
		opts   Options
		nodes  uint64
		probed int
	}{
		{"order 3", sudoku.MustNew(3), Options{Deadline: past}, checkEvery, 0},
		{"order 3 generic", sudoku.MustNew(3), Options{Deadline: past, ProbeFrom: 10}, checkEvery, 0},
		{"probing", sudoku.MustNew(4), Options{Deadline: past}, 0, checkEvery},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := (&Solver{generic: tc.name == "order 3 generic"}).Count(context.Background(), tc.g, 0, tc.opts)
			require.NoError(t, err)
			assert.Equal(t, tc.nodes, r.Nodes)
			assert.Equal(t, tc.probed, r.Probed)
			assert.Equal(t, Canceled, r.Status)
		})
	}
	r, err := (&Solver{}).Count(context.Background(), sudoku.MustNew(3), 0, Options{Deadline: time.Now().Add(time.Hour), NodeLimit: 3 * checkEvery})
	require.NoError(t, err)
	assert.Equal(t, NodeLimit, r.Status, "a deadline not reached does not stop the search")
}
