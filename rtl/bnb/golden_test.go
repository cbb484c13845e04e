package bnb

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/sudoku/dlx"
	"sudokusim/sudoku/logic"
)

// Where the golden model says a puzzle has exactly one solution, both
// versions of the processor return that solution; where it has several, the
// processor's is still one of them (checked against the rules and givens).
func TestAgainstDancingLinks(t *testing.T) {
	puzzles := map[string]*sudoku.Grid{"sample": sudoku.Sample()}
	for _, name := range []string{"03a", "03b", "04a", "05a", "06a", "07a", "08a"} {
		puzzles[name] = loadFPT(t, name)
	}
	unique := 0
	for name, g := range puzzles {
		t.Run(name, func(t *testing.T) {
			n, err := dlx.Count(context.Background(), g, 2)
			require.NoError(t, err)
			ref, err := dlx.Solve(context.Background(), g, dlx.Options{})
			require.NoError(t, err)
			for _, heur := range [][]logic.Heuristic{nil, logic.PaperSet()} {
				cfg := directConfig(8)
				cfg.Heuristics = heur
				cfg.MaxSearchCycles = 50_000_000
				res, err := Fast(cfg, g)
				require.NoError(t, err)
				if res.Status != Solved {
					continue // version 1 times out on 05a
				}
				require.NoError(t, sudoku.Validate(g, res.Solution))
				if n == 1 {
					unique++
					assert.True(t, ref.Solution.Equal(res.Solution), "version %d differs from dlx on a unique puzzle", cfg.Version())
				}
			}
		})
	}
	// sample, 03a, 03b, 04a, 06a in both versions, 05a in version 2.
	assert.Equal(t, 11, unique, "solutions compared with dlx")
}
