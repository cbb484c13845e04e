package logic

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

func TestExplore(t *testing.T) {
	suite := []Named{
		{"sample", sudoku.Sample()},
		{"03a", loadFPT(t, 3, "a")},
		{"03b", loadFPT(t, 3, "b")},
		{"04b", loadFPT(t, 4, "b")},
	}
	tab, err := Explore(suite, nil)
	require.NoError(t, err)
	require.Len(t, tab.Rows, len(FullSet()))
	require.Len(t, tab.Puzzles, len(suite))
	start := 0
	for i, p := range suite {
		start += p.Grid.Empty()
		assert.Equal(t, p.Grid.Empty(), tab.Puzzles[i].StartEmpty)
	}
	assert.Equal(t, start, tab.StartEmpty)

	// Each row is checked against a direct run of its definition.
	for k, row := range tab.Rows {
		alone := []Heuristic{NakedSingle, row.Heuristic}
		if k == 0 {
			alone = alone[:1]
		}
		wantAlone, wantCum, left := 0, 0, 0
		for _, p := range suite {
			if (Strategy{Heuristics: alone}).Run(mustState(t, p.Grid)).Status == Solved {
				wantAlone++
			}
			r := Strategy{Heuristics: FullSet()[:k+1]}.Run(mustState(t, p.Grid))
			if r.Status == Solved {
				wantCum++
			}
			left += r.Empty
		}
		assert.Equal(t, wantAlone, row.Alone, row.Heuristic.String())
		assert.Equal(t, wantCum, row.Cumulative, row.Heuristic.String())
		assert.Equal(t, left, row.CellsLeft, row.Heuristic.String())
		assert.InDelta(t, float64(left)/float64(start), row.CellsLeftShare, 1e-12)
		if k > 0 {
			prev := tab.Rows[k-1]
			assert.LessOrEqual(t, row.CellsLeft, prev.CellsLeft, "a longer prefix never leaves more")
			assert.LessOrEqual(t, row.MeanLog10, prev.MeanLog10+1e-9)
			assert.GreaterOrEqual(t, row.Cumulative, prev.Cumulative)
		}
	}
	// The sample, 03a and 03b are solved by the full list, 04b is not.
	last := tab.Rows[len(tab.Rows)-1]
	assert.Equal(t, 3, last.Cumulative)
	assert.Equal(t, Stalled, tab.Puzzles[3].Status)
	fixed := 0
	for _, row := range tab.Rows {
		fixed += row.Fixed
	}
	pf := 0
	for _, p := range tab.Puzzles {
		pf += p.Fixed
		assert.Equal(t, p.StartEmpty-p.Empty, p.Fixed, p.Name)
	}
	assert.Equal(t, pf, fixed, "row and puzzle totals agree")

	text := tab.String()
	for _, h := range FullSet() {
		assert.Contains(t, text, h.String())
	}
	assert.Contains(t, text, "04b")
	var buf bytes.Buffer
	require.NoError(t, json.NewEncoder(&buf).Encode(tab))
	assert.Contains(t, buf.String(), `"heuristic":"hidden-pair"`)
	assert.Contains(t, buf.String(), `"status":"stalled"`)
}

func TestExploreBadGrid(t *testing.T) {
	_, err := Explore([]Named{{"broken", &sudoku.Grid{Order: 3, Cells: make([]uint8, 7)}}}, nil)
	require.ErrorContains(t, err, "broken")
}
