package logic

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCandidateLinesFig11(t *testing.T) {
	// Fig. 11: in the left box of the middle band, 4 fits only the middle
	// row: it goes from the six cells of that row in the other two boxes.
	s := blank(t, 3)
	for c := 0; c < 3; c++ {
		forbid(s, 4, 3, c, 5, c)
	}
	c := CandidateLines(s)
	assert.Equal(t, Counts{Passes: 1, Removed: 6}, c)
	for col := 3; col < 9; col++ {
		assert.False(t, s.Candidates(4*9+col).Has(4), "column %d", col)
	}
	assert.True(t, s.Candidates(4*9+0).Has(4))
	requireConsistent(t, s)
}

func TestCandidateLinesColumn(t *testing.T) {
	// In box 0 value 7 fits only column 2: it leaves column 2 in rows 3..8.
	s := blank(t, 3)
	for r := 0; r < 3; r++ {
		forbid(s, 7, r, 0, r, 1)
	}
	assert.Equal(t, 6, CandidateLines(s).Removed)
	for r := 3; r < 9; r++ {
		assert.False(t, s.Candidates(r*9+2).Has(7))
	}
	requireConsistent(t, s)
}

func TestCandidateLinesDoesNotFire(t *testing.T) {
	s := blank(t, 3)
	for c := 0; c < 3; c++ {
		forbid(s, 4, 5, c) // 4 left in rows 3 and 4 of the box
	}
	before := s.Clone()
	assert.Equal(t, Counts{Passes: 1}, CandidateLines(s))
	assert.True(t, s.Equal(before))
}

func TestDoubleLinesFig12(t *testing.T) {
	// Fig. 12: in the middle and right boxes of the top band, 2 fits only the
	// top and bottom rows, so it leaves those rows in the left box: cell 1 of
	// the top row... and of the bottom row — six cells here, the blank grid
	// having 2 everywhere else.
	s := blank(t, 3)
	for c := 3; c < 9; c++ {
		forbid(s, 2, 1, c)
	}
	c := MultiLines(s, 2)
	assert.Equal(t, Counts{Passes: 1, Removed: 6}, c)
	for c := 0; c < 3; c++ {
		assert.False(t, s.Candidates(0*9+c).Has(2))
		assert.False(t, s.Candidates(2*9+c).Has(2))
		assert.True(t, s.Candidates(1*9+c).Has(2))
	}
	requireConsistent(t, s)
	// Triple lines cannot fire at order 3, and the double-lines pass does not
	// fire on the blank grid.
	assert.Equal(t, 0, MultiLines(blank(t, 3), 2).Removed)
	assert.Equal(t, 0, MultiLines(s, 3).Removed)
}

func TestDoubleLinesStacks(t *testing.T) {
	// Boxes 0 and 3 (left stack) confine 5 to columns 0 and 1: it leaves
	// those columns in box 6 (rows 6..8).
	s := blank(t, 3)
	for r := 0; r < 6; r++ {
		forbid(s, 5, r, 2)
	}
	assert.Equal(t, 6, MultiLines(s, 2).Removed)
	for r := 6; r < 9; r++ {
		assert.False(t, s.Candidates(r*9+0).Has(5))
		assert.False(t, s.Candidates(r*9+1).Has(5))
		assert.True(t, s.Candidates(r*9+2).Has(5))
	}
}

func TestTripleLines(t *testing.T) {
	// Order 4: boxes 1, 2, 3 of the top band confine 1 to rows 0..2, so it
	// leaves rows 0..2 of box 0 (12 cells). No two boxes confine it to two
	// rows, so double lines stay silent.
	s := blank(t, 4)
	for c := 4; c < 16; c++ {
		forbid(s, 1, 3, c)
	}
	before := s.Clone()
	assert.Equal(t, 0, MultiLines(s, 2).Removed)
	assert.True(t, s.Equal(before))
	assert.Equal(t, Counts{Passes: 1, Removed: 12}, MultiLines(s, 3))
	for r := 0; r < 3; r++ {
		for c := 0; c < 4; c++ {
			assert.False(t, s.Candidates(r*16+c).Has(1))
		}
	}
	requireConsistent(t, s)
}
