package logic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

func TestParseHeuristics(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Heuristic
		err  bool
	}{
		{in: "paper", want: []Heuristic{NakedSingle, HiddenSingles, HiddenPair, HiddenTriple, HiddenQuad}},
		{in: "none", want: []Heuristic{}},
		{in: "all", want: FullSet()},
		{in: "single,hidden-single", want: []Heuristic{NakedSingle, HiddenSingles}},
		{in: " hidden-pair , single", want: []Heuristic{HiddenPair, NakedSingle}},
		{in: "forced-cells,triple-lines", want: []Heuristic{Forced, TripleLines}},
		{in: "", err: true},
		{in: "single,bogus", err: true},
		{in: "single,single", err: true},
		{in: "single,", err: true},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseHeuristics(tc.in)
			if tc.err {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
	for h := Heuristic(0); h < numHeuristics; h++ {
		got, err := ParseHeuristics(h.String())
		require.NoError(t, err)
		assert.Equal(t, []Heuristic{h}, got)
	}
}

func TestStrategyFig13Trace(t *testing.T) {
	// Fig. 9's hidden pair on a blank grid under the paper set: 1 single (no
	// fix) → 2 hidden single (none) → 3 hidden pair (removes) → back to 2 →
	// 3 (nothing now) → 4 → 5 → stop.
	s := blank(t, 3)
	for c := 0; c < 9; c++ {
		if c != 3 && c != 6 {
			forbid(s, 1, 0, c)
			forbid(s, 9, 0, c)
		}
	}
	r := Strategy{Heuristics: PaperSet(), Trace: true}.Run(s)
	assert.Equal(t, []Heuristic{NakedSingle, HiddenSingles, HiddenPair, HiddenSingles,
		HiddenPair, HiddenTriple, HiddenQuad}, r.Trace)
	assert.Equal(t, Stalled, r.Status)
	assert.Equal(t, 7, r.Passes)
	assert.Equal(t, UnitStats{Heuristic: HiddenPair, Counts: Counts{Passes: 2, Removed: 14}}, r.Units[2])
	assert.Equal(t, UnitStats{Heuristic: NakedSingle, Counts: Counts{Passes: 1}}, r.Units[0])
}

func TestStrategyFixRestartsAtFirst(t *testing.T) {
	// Fig. 8's hidden single: hidden single fixes → back to single.
	s := blank(t, 3)
	forbid(s, 6, 0, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 6, 0, 7, 0, 8)
	r := Strategy{Heuristics: PaperSet()[:2], Trace: true}.Run(s)
	assert.Equal(t, []Heuristic{NakedSingle, HiddenSingles, NakedSingle, HiddenSingles}, r.Trace)
	assert.Equal(t, 1, r.Fixed())
}

func TestStrategyOutcomes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		grid   *sudoku.Grid
		list   []Heuristic
		status Status
	}{
		{"sample/paper", sudoku.Sample(), PaperSet(), Solved},
		{"sample/none", sudoku.Sample(), nil, Stalled},
		{"03a/single", loadFPT(t, 3, "a"), []Heuristic{NakedSingle}, Stalled},
		{"03a/singles", loadFPT(t, 3, "a"), PaperSet()[:2], Solved},
		{"03b/paper", loadFPT(t, 3, "b"), PaperSet(), Stalled},
		{"03b/all", loadFPT(t, 3, "b"), FullSet(), Solved},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.grid
			s := mustState(t, g)
			r := Strategy{Heuristics: tc.list}.Run(s)
			assert.Equal(t, tc.status, r.Status)
			assert.Equal(t, s.Empty(), r.Empty)
			assert.Equal(t, g.Empty()-s.Empty(), r.Fixed(), "every fix is counted once")
			if r.Status == Solved {
				requireSolutionOf(t, g, s.Grid())
				assert.Zero(t, r.Log10Space)
			}
		})
	}
}
