package sudoku

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestValidate(t *testing.T) {
	require.NoError(t, Validate(Sample(), SampleSolution()))
	require.NoError(t, Validate(MustNew(3), SampleSolution()), "no givens: any valid grid solves it")

	swapped := SampleSolution() // swap two cells of row 1: rows stay permutations, columns do not
	swapped.Cells[0], swapped.Cells[1] = swapped.Cells[1], swapped.Cells[0]

	tests := []struct {
		name     string
		puzzle   *Grid
		solution func() *Grid
		kind     ViolationKind
		cell     Cell
		msg      string
	}{
		{"order", Sample(), func() *Grid { return MustNew(2) }, ViolationShape, Cell{}, "order 2 solution for an order 3 puzzle"},
		{"empty", Sample(), func() *Grid { g := SampleSolution(); g.Set(4, 5, 0); return g }, ViolationEmpty, Cell{4, 5}, "cell (5,6) is empty (row,col from 1)"},
		{"range", Sample(), func() *Grid { g := SampleSolution(); g.Set(8, 8, 10); return g }, ViolationRange, Cell{8, 8}, "cell (9,9) holds 10, outside 1..9 (row,col from 1)"},
		{"row duplicate", Sample(), func() *Grid { g := SampleSolution(); g.Set(0, 8, 6); return g }, ViolationDuplicate, Cell{0, 8}, "row 1 holds 6 twice, at (1,1) and (1,9) (row,col from 1)"},
		{"column duplicate", MustNew(3), func() *Grid { return swapped }, ViolationDuplicate, Cell{8, 0}, "column 1 holds 1 twice, at (1,1) and (9,1) (row,col from 1)"},
		{"given changed", Sample(), func() *Grid {
			// relabel 1↔2 everywhere: still a valid grid, but the givens change
			g := SampleSolution()
			for i, v := range g.Cells {
				switch v {
				case 1:
					g.Cells[i] = 2
				case 2:
					g.Cells[i] = 1
				}
			}
			return g
		}, ViolationGiven, Cell{0, 1}, "cell (1,2) holds 2 but the puzzle gives 1 (row,col from 1)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Validate(tc.puzzle, tc.solution())
			require.Error(t, err)
			var v *Violation
			require.True(t, errors.As(err, &v))
			assert.Equal(t, tc.kind, v.Kind)
			assert.Equal(t, tc.cell, v.Cell)
			assert.Equal(t, "sudoku: invalid solution: "+tc.msg, err.Error())
		})
	}
}

func TestValidateBoxDuplicate(t *testing.T) {
	// Order 2 grid whose rows and columns are permutations but whose boxes
	// are not (a Latin square that is no Sudoku).
	g := MustNew(2)
	copy(g.Cells, []uint8{1, 2, 3, 4, 2, 3, 4, 1, 3, 4, 1, 2, 4, 1, 2, 3})
	err := Validate(MustNew(2), g)
	var v *Violation
	require.True(t, errors.As(err, &v))
	assert.Equal(t, ViolationDuplicate, v.Kind)
	assert.Equal(t, UnitBox, v.Conflict.Unit)
	assert.Equal(t, "sudoku: invalid solution: box 1 holds 2 twice, at (1,2) and (2,1) (row,col from 1)", err.Error())
}

func TestConflicts(t *testing.T) {
	assert.Empty(t, Conflicts(Sample()))
	g := Sample()
	g.Set(0, 0, 1) // row 1 already holds 1 at (1,2), box 1 too; column 1 holds 1 at (9,1)
	got := Conflicts(g)
	want := []Conflict{
		{Unit: UnitRow, Index: 0, Value: 1, First: Cell{0, 0}, Second: Cell{0, 1}},
		{Unit: UnitColumn, Index: 0, Value: 1, First: Cell{0, 0}, Second: Cell{8, 0}},
		{Unit: UnitBox, Index: 0, Value: 1, First: Cell{0, 0}, Second: Cell{0, 1}},
	}
	assert.Equal(t, want, got)
}

func TestCheckGrid(t *testing.T) {
	require.NoError(t, CheckGrid(Sample()))
	bad := Sample()
	bad.Cells[10] = 10
	assert.EqualError(t, CheckGrid(bad), "sudoku: cell (2,2) holds 10, outside 0..9 (row,col from 1)")
	assert.EqualError(t, CheckGrid(&Grid{Order: 1, Cells: []uint8{0}}), "sudoku: order 1 outside 2..15")
	assert.EqualError(t, CheckGrid(&Grid{Order: 2, Cells: make([]uint8, 15)}), "sudoku: order 2 grid has 15 cells, want 16")
}
