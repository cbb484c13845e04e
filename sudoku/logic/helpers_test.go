package logic

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

// fptDir is the FPT'09 benchmark directory seen from this package.
const fptDir = "../../../shared/data/fpt09"

// loadFPT reads puzzleNN{a,b}.sudoku.
func loadFPT(tb testing.TB, order int, kind string) *sudoku.Grid {
	tb.Helper()
	g, err := sudoku.LoadPuzzle(filepath.Join(fptDir, fmt.Sprintf("puzzle%02d%s.sudoku", order, kind)), 0, nil)
	require.NoError(tb, err)
	return g
}

func mustState(tb testing.TB, g *sudoku.Grid) *State {
	tb.Helper()
	s, err := NewState(g)
	require.NoError(tb, err)
	return s
}

// backtrack solves s by depth-first search on the cell with the fewest
// candidates, propagating with the paper's strategy at every node. It is the
// tests' reference solver. Using the heuristics under test to propagate is
// not circular: every solution it returns is validated against the rules and
// the givens, and an unsound heuristic could only make it fail.
func backtrack(s *State, budget *int) *State {
	Strategy{Heuristics: PaperSet()}.Run(s)
	if s.failed {
		return nil
	}
	if s.empty == 0 {
		return s
	}
	if *budget--; *budget < 0 {
		return nil
	}
	best, bestN := -1, MaxValues+1
	for cell, v := range s.values {
		if v == 0 {
			if n := s.cand[cell].Len(); n < bestN {
				best, bestN = cell, n
			}
		}
	}
	dom := s.cand[best]
	for v := dom.First(); v != 0; v = dom.Next(v) {
		t := s.Clone()
		t.fix(best, v)
		if r := backtrack(t, budget); r != nil {
			return r
		}
	}
	return nil
}

// requireSolutionOf checks that sol is a complete valid grid that keeps the
// givens of puzzle.
func requireSolutionOf(t *testing.T, puzzle, sol *sudoku.Grid) {
	t.Helper()
	require.Equal(t, 0, sol.Empty())
	require.Empty(t, sudoku.Conflicts(sol))
	for i, v := range puzzle.Cells {
		if v != 0 {
			require.Equal(t, v, sol.Cells[i], "given at cell %d changed", i)
		}
	}
}
