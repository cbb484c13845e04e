package logic

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

// solved is a puzzle with one of its solutions.
type solved struct {
	name     string
	puzzle   *sudoku.Grid
	solution *sudoku.Grid
}

// referenceSuite is the sample (with its known solution) and the FPT'09
// puzzles the test's backtracking solver finishes quickly, each with the
// solution it found (validated against the rules and the givens).
func referenceSuite(t *testing.T) []solved {
	t.Helper()
	out := []solved{{"sample", sudoku.Sample(), sudoku.SampleSolution()}}
	type pz struct {
		order int
		kind  string
	}
	var list []pz
	for o := 3; o <= 15; o++ {
		list = append(list, pz{o, "a"})
	}
	list = append(list, pz{3, "b"})
	for _, p := range list {
		g := loadFPT(t, p.order, p.kind)
		budget := 2000
		r := backtrack(mustState(t, g), &budget)
		require.NotNil(t, r, "reference solver gave up on %02d%s", p.order, p.kind)
		sol := r.Grid()
		requireSolutionOf(t, g, sol)
		out = append(out, solved{fmt.Sprintf("%02d%s", p.order, p.kind), g, sol})
	}
	return out
}

// requireKeeps checks that s still admits sol: every filled cell holds the
// solution's value, every empty cell keeps it as a candidate.
func requireKeeps(t *testing.T, s *State, sol *sudoku.Grid) {
	t.Helper()
	require.NoError(t, s.Err())
	for cell := 0; cell < s.NumCells(); cell++ {
		want := int(sol.Cells[cell])
		if v := s.Value(cell); v != 0 {
			require.Equal(t, want, v, "cell %d fixed wrong", cell)
		} else {
			require.True(t, s.Candidates(cell).Has(want), "cell %d lost its solution value %d", cell, want)
		}
	}
}

// TestSoundness runs every heuristic (after the two singles, so it works on
// a stalled state) and the paper and full sets on the reference suite: none
// may remove a solution's value, and the bookkeeping must stay consistent.
func TestSoundness(t *testing.T) {
	suite := referenceSuite(t)
	lists := map[string][]Heuristic{"paper": PaperSet(), "all": FullSet()}
	for _, h := range FullSet()[2:] {
		lists[h.String()] = []Heuristic{NakedSingle, HiddenSingles, h}
	}
	for _, p := range suite {
		for name, list := range lists {
			if p.puzzle.Order > 10 && len(list) == 3 {
				continue // large orders: paper and full sets only, to stay fast
			}
			t.Run(p.name+"/"+name, func(t *testing.T) {
				s := mustState(t, p.puzzle)
				r := Strategy{Heuristics: list}.Run(s)
				require.NotEqual(t, Unsolvable, r.Status)
				requireKeeps(t, s, p.solution)
				requireConsistent(t, s)
				if r.Status == Solved {
					requireSolutionOf(t, p.puzzle, s.Grid())
				}
			})
		}
	}
}

func TestSampleSolvedBySingles(t *testing.T) {
	s := mustState(t, sudoku.Sample())
	r := Strategy{Heuristics: []Heuristic{NakedSingle, HiddenSingles}}.Run(s)
	require.Equal(t, Solved, r.Status)
	require.True(t, s.Grid().Equal(sudoku.SampleSolution()))
	require.Equal(t, sudoku.Sample().Empty(), r.Fixed())
}

// TestSoundnessOnHoledSolutions empties 45–75% of the cells of known solutions
// (orders 3..8, fixed seed): puzzles that are mostly not unique and far
// harder than the a-puzzles, where every heuristic fires. Whatever solutions
// such a puzzle has, the one it was cut from must survive every heuristic.
func TestSoundnessOnHoledSolutions(t *testing.T) {
	suite := referenceSuite(t)
	rng := rand.New(rand.NewPCG(2009, 9))
	progress := make(map[Heuristic]int)
	for _, p := range suite {
		if p.puzzle.Order > 8 {
			continue
		}
		for _, holes := range []int{45, 55, 65, 75} {
			g := p.solution.Clone()
			for i := range g.Cells {
				if rng.IntN(100) < holes {
					g.Cells[i] = 0
				}
			}
			for _, h := range FullSet()[2:] {
				s := mustState(t, g)
				r := Strategy{Heuristics: []Heuristic{NakedSingle, HiddenSingles, h}}.Run(s)
				u := r.Units[2]
				progress[h] += u.Fixed + u.Removed
				requireKeeps(t, s, p.solution)
				requireConsistent(t, s)
			}
			s := mustState(t, g)
			Strategy{Heuristics: FullSet()}.Run(s)
			requireKeeps(t, s, p.solution)
		}
	}
	for _, h := range FullSet()[2:] {
		assert.Positive(t, progress[h], "%s never fired: the soundness check would be vacuous", h)
	}
	t.Logf("progress per heuristic: %v", progress)
}
