package logic

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

func TestNewStateSample(t *testing.T) {
	s := mustState(t, sudoku.Sample())
	require.NoError(t, s.Err())
	assert.Equal(t, 3, s.Order())
	assert.Equal(t, 9, s.Size())
	assert.Equal(t, 27, s.NumRegions())
	assert.Equal(t, sudoku.Sample().Empty(), s.Empty())
	// Cell (0,0): row 0 holds 1 4 5 2 9, column 0 holds 3 5 8 4 1, box 0
	// holds 1 4 3 5 8: candidates {6, 7}.
	assert.Equal(t, SetOf(6, 7), s.Candidates(0))
	// Row 0 misses 3 6 7 8; column 0 misses 2 6 7 9; box 8 misses 1 3 7 9.
	assert.Equal(t, SetOf(3, 6, 7, 8), s.Missing(0))
	assert.Equal(t, SetOf(2, 6, 7, 9), s.Missing(9))
	assert.Equal(t, SetOf(1, 3, 7, 9), s.Missing(26))
	assert.True(t, s.Candidates(1).IsEmpty(), "filled cell has no candidates")
	assert.Equal(t, 4, s.RegionCell(0, 4))      // row 0, 5th cell
	assert.Equal(t, 36+2, s.RegionCell(9+2, 4)) // column 2, row 4
	assert.Equal(t, 30, s.RegionCell(18+4, 0))  // box 4 starts at (3,3)
	assert.True(t, s.Grid().Equal(sudoku.Sample()))
}

func TestNewStateBadInput(t *testing.T) {
	tooBig := sudoku.MustNew(2)
	tooBig.Cells[5] = 5
	short := &sudoku.Grid{Order: 3, Cells: make([]uint8, 80)}
	for name, g := range map[string]*sudoku.Grid{
		"nil":       nil,
		"order":     {Order: 16, Cells: nil},
		"cells":     short,
		"value > 4": tooBig,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := NewState(g)
			require.Error(t, err)
		})
	}
}

func TestClashingGivensAreAContradiction(t *testing.T) {
	g := sudoku.MustNew(2)
	g.Set(0, 0, 3)
	g.Set(0, 3, 3)
	s := mustState(t, g)
	var c *Contradiction
	require.True(t, errors.As(s.Err(), &c))
	assert.Equal(t, ClashingGivens, c.Kind)
	assert.Equal(t, 0, c.Region)
	assert.Contains(t, c.Error(), "row 0")
	r := Strategy{Heuristics: FullSet()}.Run(s)
	assert.Equal(t, Unsolvable, r.Status)
}

func TestFixAndEliminate(t *testing.T) {
	s := mustState(t, sudoku.MustNew(2))
	require.Error(t, s.Fix(-1, 1))
	require.Error(t, s.Fix(0, 5))
	require.NoError(t, s.Fix(0, 1))
	require.Error(t, s.Fix(0, 2), "filled cell")
	require.Error(t, s.Fix(1, 1), "1 left row 0")
	assert.Equal(t, 15, s.Empty())
	assert.Equal(t, SetOf(2, 3, 4), s.Candidates(1))
	assert.Equal(t, SetOf(2, 3, 4), s.Candidates(5)) // box 0
	assert.Equal(t, SetOf(1, 2, 3, 4), s.Candidates(6))
	assert.True(t, s.Eliminate(6, 2))
	assert.False(t, s.Eliminate(6, 2))
	assert.False(t, s.Eliminate(6, 9))
	requireConsistent(t, s)
}

func TestEliminatingTheLastCandidate(t *testing.T) {
	s := mustState(t, sudoku.MustNew(2))
	for v := 1; v <= 4; v++ {
		s.Eliminate(7, v)
	}
	var c *Contradiction
	require.True(t, errors.As(s.Err(), &c))
	assert.Equal(t, NoCandidate, c.Kind)
	assert.Equal(t, 7, c.Cell)
}

func TestCloneCopyEqual(t *testing.T) {
	s := mustState(t, sudoku.Sample())
	c := s.Clone()
	require.True(t, s.Equal(c))
	require.NoError(t, c.Fix(0, 6))
	assert.False(t, s.Equal(c))
	assert.Equal(t, 0, s.Value(0))
	s.CopyFrom(c)
	assert.True(t, s.Equal(c))
}

func TestSearchSpace(t *testing.T) {
	s := mustState(t, sudoku.MustNew(2))
	e, l := s.SearchSpace()
	assert.Equal(t, 16, e)
	assert.InDelta(t, 16*0.6020599913, l, 1e-9) // 4^16
	require.NoError(t, s.Fix(0, 1))
	e, l = s.SearchSpace()
	assert.Equal(t, 15, e)
	// 7 peers down to 3 candidates, 8 cells keep 4.
	assert.InDelta(t, 7*0.4771212547+8*0.6020599913, l, 1e-9)
}

// requireConsistent checks the bookkeeping of s against a state rebuilt from
// its values: same missing sets and empty count, candidates a subset of the
// rebuilt ones, and every empty cell keeps a candidate.
func requireConsistent(t *testing.T, s *State) {
	t.Helper()
	f := mustState(t, s.Grid())
	require.Equal(t, f.Empty(), s.Empty())
	for reg := 0; reg < s.NumRegions(); reg++ {
		require.Equal(t, f.Missing(reg), s.Missing(reg), "missing of region %d", reg)
	}
	for cell := 0; cell < s.NumCells(); cell++ {
		got := s.Candidates(cell)
		require.True(t, got.AndNot(f.Candidates(cell)).IsEmpty(), "cell %d candidates %v beyond %v", cell, got.Values(), f.Candidates(cell).Values())
		if s.Value(cell) == 0 && s.Err() == nil {
			require.False(t, got.IsEmpty(), "empty cell %d without candidates", cell)
		}
	}
}
