package swarm

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/sudoku/dlx"
	"sudokusim/sudoku/gen"
)

// checkCosts requires the phase totals of res to be the documented costs
// (docs/swarm.md §3) of its counters: LOAD L+1, one cycle per UPDATE, T per
// SELECT, L per copy or spill, L+1 per pop.
func checkCosts(t *testing.T, cfg Config, order int, res Result) {
	t.Helper()
	if res.Status == Timeout && !res.Exhausted {
		return // cut off mid-operation
	}
	L := uint64(cfg.WordsPerBoard(order))
	T := uint64(0)
	for 1<<T < cellsOf(order) {
		T++
	}
	assert.Equal(t, L+1, res.Cycles.Load, "load")
	assert.Equal(t, res.Steps, res.Cycles.Update, "update")
	assert.Zero(t, res.Cycles.Select%T, "select is whole trees of %d", T)
	assert.LessOrEqual(t, res.Cycles.Select/T, res.Branches, "at least one branch per select")
	assert.Equal(t, (res.Copies+res.Spills)*L, res.Cycles.Branch, "branch")
	assert.Equal(t, res.Refills*(L+1), res.Cycles.Refill, "refill")
}

// TestAgainstDLX runs generated puzzles, and the same puzzles with one given
// changed, through the array and through the dlx golden model: a solution
// must be valid (and dlx's where dlx finds it unique), and Unsolvable must
// mean dlx finds none.
func TestAgainstDLX(t *testing.T) {
	cfg := DefaultConfig()
	cfg.StackDepth = 1 << 14
	var solved, unsolvable int
	for _, order := range []int{2, 3} {
		for seed := uint64(1); seed <= 12; seed++ {
			for _, holes := range []float64{0.4, 0.6} {
				p, err := gen.Generate(gen.Options{Order: order, Holes: holes, Seed: seed})
				require.NoError(t, err)
				puzzles := []*sudoku.Grid{p.Puzzle}
				// Change the first given to the next value that does not
				// clash with another given: usually no solution is left.
				bad := p.Puzzle.Clone()
				for i, v := range bad.Cells {
					if v == 0 {
						continue
					}
					for d := 1; d < bad.Size(); d++ {
						bad.Cells[i] = uint8((int(v)-1+d)%bad.Size() + 1)
						if len(sudoku.Conflicts(bad)) == 0 {
							break
						}
					}
					break
				}
				if len(sudoku.Conflicts(bad)) == 0 {
					puzzles = append(puzzles, bad)
				}
				for k, g := range puzzles {
					t.Run(fmt.Sprintf("n%d/seed%d/holes%.1f/%d", order, seed, holes, k), func(t *testing.T) {
						res, err := Simulate(cfg, g)
						require.NoError(t, err)
						checkCosts(t, cfg, order, res)
						count, err := dlx.Count(context.Background(), g, 2)
						require.NoError(t, err)
						switch res.Status {
						case Solved:
							solved++
							require.NoError(t, sudoku.Validate(g, res.Solution))
							if count == 1 {
								dr, err := dlx.Solve(context.Background(), g, dlx.Options{})
								require.NoError(t, err)
								assert.Equal(t, dr.Solution.Cells, res.Solution.Cells)
							}
						case Unsolvable:
							unsolvable++
							assert.Zero(t, count, "dlx finds a solution")
						default:
							t.Fatalf("status %v (exhausted %v)", res.Status, res.Exhausted)
						}
					})
				}
			}
		}
	}
	assert.Positive(t, solved)
	assert.Positive(t, unsolvable)
	t.Logf("%d solved, %d unsolvable", solved, unsolvable)
}

// TestWideMasks runs orders whose value masks span one word exactly (n=8,
// 64 values) and two words (n=9, 81 values).
func TestWideMasks(t *testing.T) {
	for _, order := range []int{8, 9} {
		t.Run(fmt.Sprint(order), func(t *testing.T) {
			p, err := gen.Generate(gen.Options{Order: order, Holes: 0.15, Seed: 7})
			require.NoError(t, err)
			cfg := DefaultConfig()
			cfg.BoardSlots = 4
			res, err := Simulate(cfg, p.Puzzle)
			require.NoError(t, err)
			require.Equal(t, Solved, res.Status)
			require.NoError(t, sudoku.Validate(p.Puzzle, res.Solution))
			checkCosts(t, cfg, order, res)
		})
	}
}
