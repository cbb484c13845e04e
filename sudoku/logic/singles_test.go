package logic

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

// blank is the state of an empty grid of the given order.
func blank(t *testing.T, order int) *State {
	t.Helper()
	return mustState(t, sudoku.MustNew(order))
}

// restrict leaves cell (r, c) of s with exactly the given candidates.
func restrict(s *State, r, c int, keep ...int) {
	cell := r*s.Size() + c
	k := SetOf(keep...)
	for v := 1; v <= s.Size(); v++ {
		if !k.Has(v) {
			s.Eliminate(cell, v)
		}
	}
}

// forbid removes value v from the cells (r, c) listed as pairs.
func forbid(s *State, v int, rc ...int) {
	for i := 0; i < len(rc); i += 2 {
		s.Eliminate(rc[i]*s.Size()+rc[i+1], v)
	}
}

func TestSingleFires(t *testing.T) {
	// Fig. 7: 9 is the only candidate of cell 4 of a row.
	s := blank(t, 3)
	restrict(s, 0, 3, 9)
	c := Single(s)
	assert.Equal(t, Counts{Passes: 1, Fixed: 1}, c)
	assert.Equal(t, 9, s.Value(3))
	assert.False(t, s.Candidates(0).Has(9), "row peer")
	assert.False(t, s.Candidates(9*8+3).Has(9), "column peer")
	assert.False(t, s.Candidates(9+5).Has(9), "box peer")
	requireConsistent(t, s)
}

func TestSingleDoesNotFire(t *testing.T) {
	s := blank(t, 3)
	restrict(s, 0, 3, 8, 9)
	before := s.Clone()
	assert.Equal(t, Counts{Passes: 1}, Single(s))
	assert.True(t, s.Equal(before))
}

func TestSingleRowMajorImmediate(t *testing.T) {
	// Order 2. Cell 5 = {3} is fixed; its box/column peer cell 1 = {3,4}
	// becomes {4} but was already scanned, so it waits for the next pass.
	// Cell 9 = {2,3} (column 1, after cell 5) becomes {2} and is fixed in the
	// same pass.
	s := blank(t, 2)
	restrict(s, 1, 1, 3)
	restrict(s, 0, 1, 3, 4)
	restrict(s, 2, 1, 2, 3)
	assert.Equal(t, 2, Single(s).Fixed)
	assert.Equal(t, 3, s.Value(5))
	assert.Equal(t, 2, s.Value(9))
	assert.Equal(t, 0, s.Value(1))
	assert.Equal(t, SetOf(4), s.Candidates(1))
	// Pass 2: cell 1 = 4; column 1 then leaves cell 13 (3,1) only 1, and it
	// comes later in the scan.
	assert.Equal(t, 2, Single(s).Fixed)
	assert.Equal(t, 4, s.Value(1))
	assert.Equal(t, 1, s.Value(13))
	requireConsistent(t, s)
}

func TestHiddenSingleFires(t *testing.T) {
	// Fig. 8: 6 can only go in cell 6 of the row.
	s := blank(t, 3)
	forbid(s, 6, 0, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 6, 0, 7, 0, 8)
	assert.Equal(t, Counts{Passes: 1, Fixed: 1}, HiddenSingle(s))
	assert.Equal(t, 6, s.Value(5))
	requireConsistent(t, s)
}

func TestHiddenSingleDoesNotFire(t *testing.T) {
	s := blank(t, 3)
	forbid(s, 6, 0, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 6, 0, 7) // two places left
	before := s.Clone()
	assert.Equal(t, Counts{Passes: 1}, HiddenSingle(s))
	assert.True(t, s.Equal(before))
}

func TestHiddenSingleLaterRegionSeesFix(t *testing.T) {
	// Row 0: 6 only at (0,5). Column 3: 6 only at (1,3) and (5,3). The row-0
	// visit fixes (0,5)=6, which takes 6 out of (1,3) (box 1); the column-3
	// visit, later in the same pass, then sees 6 once and fixes (5,3). A pass
	// that counted every region up front would fix one cell only.
	s := blank(t, 3)
	forbid(s, 6, 0, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 6, 0, 7, 0, 8)
	forbid(s, 6, 2, 3, 3, 3, 4, 3, 6, 3, 7, 3, 8, 3)
	c := HiddenSingle(s)
	assert.Equal(t, 2, c.Fixed)
	assert.Equal(t, 6, s.Value(5))
	assert.Equal(t, 6, s.Value(5*9+3))
	requireConsistent(t, s)
}

func TestHiddenSingleIncreasingValuesSameCell(t *testing.T) {
	// Values 1 and 2 both have (0,0) as their only place in row 0: 1 is fixed
	// there, 2 is skipped and the state records NoPlace for 2.
	s := blank(t, 3)
	for c := 1; c < 9; c++ {
		forbid(s, 1, 0, c)
		forbid(s, 2, 0, c)
	}
	c := HiddenSingle(s)
	assert.Equal(t, 1, c.Fixed)
	assert.Equal(t, 1, s.Value(0))
	var ce *Contradiction
	require.True(t, errors.As(s.Err(), &ce))
	assert.Equal(t, NoPlace, ce.Kind)
	assert.Equal(t, 2, ce.Value)
	assert.Equal(t, 0, ce.Region)
}
