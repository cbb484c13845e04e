package logic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestForcedCellsCommonRemoval(t *testing.T) {
	// X=(0,0) {1,2}; Y=(0,4) {1,3} in X's row; Z=(4,0) {2,3} in X's column;
	// W=(4,4) sees Y (column 4) and Z (row 4). X=1 forces Y=3, X=2 forces
	// Z=3: either way W loses 3. Nothing else is common to both branches,
	// and the later 2-candidate cells (Y, Z) yield nothing new.
	s := blank(t, 3)
	restrict(s, 0, 0, 1, 2)
	restrict(s, 0, 4, 1, 3)
	restrict(s, 4, 0, 2, 3)
	c := ForcedCells(s)
	assert.Equal(t, Counts{Passes: 1, Removed: 1}, c)
	assert.False(t, s.Candidates(4*9+4).Has(3))
	assert.Equal(t, 8, s.Candidates(4*9+4).Len())
	requireConsistent(t, s)
}

func TestForcedCellsFailingBranch(t *testing.T) {
	// X=(0,0) {1,2}; (0,1) and (0,2) both {1,3}. X=1 leaves them both {3}: a
	// contradiction, so X=2.
	s := blank(t, 3)
	restrict(s, 0, 0, 1, 2)
	restrict(s, 0, 1, 1, 3)
	restrict(s, 0, 2, 1, 3)
	c := ForcedCells(s)
	require.NoError(t, s.Err())
	assert.Equal(t, 2, s.Value(0))
	assert.GreaterOrEqual(t, c.Fixed, 1)
	requireConsistent(t, s)
}

func TestForcedCellsDoesNotFire(t *testing.T) {
	s := blank(t, 3)
	restrict(s, 0, 0, 1, 2)
	before := s.Clone()
	assert.Equal(t, Counts{Passes: 1}, ForcedCells(s))
	assert.True(t, s.Equal(before), "branches undone, nothing common")
}

func TestForcedCellsAllBranchesFail(t *testing.T) {
	// X {1,2}; its row holds two cells {1,3}{1,3} and two {2,4}{2,4}: both
	// branches fail.
	s := blank(t, 3)
	restrict(s, 0, 0, 1, 2)
	restrict(s, 0, 1, 1, 3)
	restrict(s, 0, 2, 1, 3)
	restrict(s, 0, 3, 2, 4)
	restrict(s, 0, 4, 2, 4)
	ForcedCells(s)
	require.Error(t, s.Err())
}
