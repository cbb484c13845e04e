package logic

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOptimisedPassesMatchReference runs each word-parallel pass and its
// direct transcription (reference_test.go) on the same states — holed known
// solutions with random extra eliminations, so that both sound and
// contradictory states occur — and requires identical states, counters and
// contradictions. This is what keeps the hardware twins' target fixed while
// the software gets faster.
func TestOptimisedPassesMatchReference(t *testing.T) {
	suite := referenceSuite(t)
	rng := rand.New(rand.NewPCG(15, 9))
	type pass struct {
		name     string
		opt, ref func(*State) Counts
	}
	passes := []pass{
		{"candidate-lines", CandidateLines, refCandidateLines},
		{"double-lines", func(s *State) Counts { return MultiLines(s, 2) }, func(s *State) Counts { return refMultiLines(s, 2) }},
		{"triple-lines", func(s *State) Counts { return MultiLines(s, 3) }, func(s *State) Counts { return refMultiLines(s, 3) }},
	}
	for k := 2; k <= 5; k++ {
		passes = append(passes, pass{fmt.Sprintf("hidden-%d", k),
			func(s *State) Counts { return HiddenSubset(s, k) },
			func(s *State) Counts { return refHiddenSubset(s, k) }})
	}
	fired, faults := 0, 0
	for _, p := range suite {
		if p.puzzle.Order > 6 {
			continue
		}
		for trial := 0; trial < 6; trial++ {
			g := p.solution.Clone()
			for i := range g.Cells {
				if rng.IntN(100) < 50+8*trial {
					g.Cells[i] = 0
				}
			}
			base := mustState(t, g)
			for e := rng.IntN(3 * base.NumCells()); e > 0; e-- {
				base.Eliminate(rng.IntN(base.NumCells()), 1+rng.IntN(base.Size()))
			}
			for _, ps := range passes {
				a, b := base.Clone(), base.Clone()
				for round := 0; round < 3; round++ {
					ca, cb := ps.opt(a), ps.ref(b)
					require.Equal(t, cb, ca, "%s %s trial %d round %d: counters", p.name, ps.name, trial, round)
					require.True(t, a.Equal(b), "%s %s trial %d round %d: states differ", p.name, ps.name, trial, round)
					require.Equal(t, b.fault, a.fault, "%s %s: contradiction", p.name, ps.name)
					fired += ca.Removed
					if a.failed {
						faults++
						break
					}
				}
			}
		}
	}
	require.Positive(t, fired, "the passes must fire for the comparison to mean anything")
	require.Positive(t, faults, "contradictions must occur too")
	t.Logf("%d removals, %d contradictory runs compared", fired, faults)
}
