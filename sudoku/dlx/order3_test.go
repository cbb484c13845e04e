package dlx

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

// TestOrder3MatchesGenericSearch runs the hard 9×9 set, the FPT'09 03a and
// 03b, the sample with givens dropped (many solutions), clashing givens and
// the empty grid through the order-3 matrix and through the generic
// scan-mode matrix: the same status, solution, count and every counter, so
// the order-3 path is the same search, node for node.
func TestOrder3MatchesGenericSearch(t *testing.T) {
	grids, err := sudoku.LoadPuzzles(filepath.Join("testdata", "hard9x9.txt"), nil)
	require.NoError(t, err)
	sparse := sudoku.Sample()
	for _, i := range []int{1, 2, 3, 4, 9, 13, 14, 15, 20, 22} {
		sparse.Cells[i] = 0
	}
	clash := sudoku.Sample()
	clash.Set(0, 0, 1)
	grids = append(grids, loadFPT09(t, "03a"), loadFPT09(t, "03b"), sparse, clash, sudoku.MustNew(3))
	fast, generic := &Solver{}, &Solver{generic: true}
	for i, g := range grids {
		for _, tc := range []struct {
			limit int
			opts  Options
		}{
			{1, Options{}},
			{2, Options{Plain: true}},
			{50, Options{NodeLimit: 5000}},
		} {
			a, err := fast.Count(context.Background(), g, tc.limit, tc.opts)
			require.NoError(t, err)
			b, err := generic.Count(context.Background(), g, tc.limit, tc.opts)
			require.NoError(t, err)
			require.NotNil(t, fast.m3, "order 3 took the order-3 path")
			if a.Solution != nil || b.Solution != nil {
				require.True(t, a.Solution != nil && b.Solution != nil && a.Solution.Equal(b.Solution), "puzzle %d limit %d: same first solution", i, tc.limit)
			}
			a.Solution, b.Solution = nil, nil
			a.MatrixBytes, b.MatrixBytes = 0, 0
			require.Equal(t, b, a, "puzzle %d limit %d", i, tc.limit)
		}
	}
	// Solve (first solution) gives the same result as well.
	for i, g := range grids[:50] {
		a, err := fast.Solve(context.Background(), g, Options{})
		require.NoError(t, err)
		b, err := generic.Solve(context.Background(), g, Options{})
		require.NoError(t, err)
		assert.Equal(t, b.Nodes, a.Nodes, "puzzle %d", i)
		assert.True(t, a.Solution.Equal(b.Solution), "puzzle %d", i)
	}
}

// TestOrder3AllocatesOnlyTheSolution: after its first solve a Solver's
// order-3 matrix is reused, and a hard 9×9 solve allocates only the
// solution grid (the Grid and its cells).
func TestOrder3AllocatesOnlyTheSolution(t *testing.T) {
	grids, err := sudoku.LoadPuzzles(filepath.Join("testdata", "hard9x9.txt"), nil)
	require.NoError(t, err)
	var s Solver
	_, err = s.Solve(context.Background(), grids[0], Options{})
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(5, func() {
		res, _ := s.Solve(context.Background(), grids[0], Options{})
		if res.Backtracks == 0 {
			t.Fatal("a hard puzzle solved without backtracking")
		}
	})
	assert.LessOrEqual(t, allocs, 2.0)
}
