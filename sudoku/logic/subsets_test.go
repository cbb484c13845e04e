package logic

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hiddenCycle builds, in row 4 of an empty order-3 grid, k values 1..k
// confined to k cells in a cycle: value i (1-based) may go only in cells
// i-1 and i mod k of the row. No smaller subset of the values spans as few
// cells, so only the size-k pass may fire (for k = 2 it is Fig. 9's pair).
func hiddenCycle(t *testing.T, k int) *State {
	s := blank(t, 3)
	for v := 1; v <= k; v++ {
		for c := 0; c < 9; c++ {
			if c != v-1 && c != v%k {
				forbid(s, v, 4, c)
			}
		}
	}
	return s
}

func TestHiddenSubsets(t *testing.T) {
	for k := 2; k <= 5; k++ {
		for pass := 2; pass <= 5; pass++ {
			t.Run(fmt.Sprintf("cycle%d/pass%d", k, pass), func(t *testing.T) {
				s := hiddenCycle(t, k)
				before := s.Clone()
				c := HiddenSubset(s, pass)
				if pass != k {
					assert.Equal(t, Counts{Passes: 1}, c)
					assert.True(t, s.Equal(before))
					return
				}
				// Each of the k cells keeps its two cycle values and loses the
				// 9-k values outside the subset.
				assert.Equal(t, Counts{Passes: 1, Removed: k * (9 - k)}, c)
				for i := 0; i < k; i++ {
					want := SetOf(i+1, (i+k-1)%k+1)
					assert.Equal(t, want, s.Candidates(4*9+i), "cell %d", i)
				}
				requireConsistent(t, s)
			})
		}
	}
}

func TestHiddenPairFig9(t *testing.T) {
	// Fig. 9: 1 and 9 can only go in cells 4 and 7 of the row: the other
	// candidates of those cells go.
	s := blank(t, 3)
	for c := 0; c < 9; c++ {
		if c != 3 && c != 6 {
			forbid(s, 1, 0, c)
			forbid(s, 9, 0, c)
		}
	}
	c := HiddenSubset(s, 2)
	assert.Equal(t, 14, c.Removed)
	assert.Equal(t, SetOf(1, 9), s.Candidates(3))
	assert.Equal(t, SetOf(1, 9), s.Candidates(6))
	// Not a pair: 9 also fits cell 8.
	s = blank(t, 3)
	for c := 0; c < 9; c++ {
		if c != 3 && c != 6 {
			forbid(s, 1, 0, c)
		}
		if c != 3 && c != 7 {
			forbid(s, 9, 0, c)
		}
	}
	assert.Equal(t, 0, HiddenSubset(s, 2).Removed)
}

// nakedCycle restricts k cells of row 4 (in columns 0,3,6,1,4: no two of the
// first three share a box) to cycle pairs of the values 1..k: cell i holds
// {i+1, (i+1) mod k + 1}. For k = 2 it is Fig. 10's naked pair.
var nakedCols = [5]int{0, 3, 6, 1, 4}

func nakedCycle(t *testing.T, k int) *State {
	s := blank(t, 3)
	for i := 0; i < k; i++ {
		restrict(s, 4, nakedCols[i], i+1, (i+1)%k+1)
	}
	return s
}

func TestNakedSubsets(t *testing.T) {
	for k := 2; k <= 5; k++ {
		for pass := 2; pass <= 5; pass++ {
			t.Run(fmt.Sprintf("cycle%d/pass%d", k, pass), func(t *testing.T) {
				s := nakedCycle(t, k)
				before := s.Clone()
				c := NakedSubset(s, pass)
				if pass != k {
					assert.Equal(t, Counts{Passes: 1}, c)
					assert.True(t, s.Equal(before))
					return
				}
				// The 9-k other cells of row 4 lose the k values.
				assert.Equal(t, Counts{Passes: 1, Removed: k * (9 - k)}, c)
				others := fullSet(9)
				for v := 1; v <= k; v++ {
					others.Remove(v)
				}
				for col := 0; col < 9; col++ {
					if !inInts(nakedCols[:k], col) {
						assert.Equal(t, others, s.Candidates(4*9+col), "column %d", col)
					}
				}
				requireConsistent(t, s)
			})
		}
	}
}

func TestSubsetPigeonhole(t *testing.T) {
	// Three cells of a row share two values: no solution.
	s := blank(t, 3)
	for c := 0; c < 3; c++ {
		restrict(s, 0, c, 1, 2)
	}
	NakedSubset(s, 3)
	require.Error(t, s.Err())
	// Three values confined to two cells.
	s = blank(t, 3)
	for v := 1; v <= 3; v++ {
		for c := 2; c < 9; c++ {
			forbid(s, v, 0, c)
		}
	}
	HiddenSubset(s, 3)
	require.Error(t, s.Err())
}

func TestSubsetImmediateUpdate(t *testing.T) {
	// Row 0 holds the naked pair {1,2} in cells 0,1, and cells 2,3 hold
	// {1,3} and {2,3} (eligible at the visit). The pair, first in
	// lexicographic order, leaves cells 2 and 3 with {3} each; the later
	// combination (2,3) is read on the updated state, where its union {3} has
	// fewer than 2 values — a contradiction visible only because updates are
	// immediate.
	s := blank(t, 3)
	restrict(s, 0, 0, 1, 2)
	restrict(s, 0, 1, 1, 2)
	restrict(s, 0, 2, 1, 3)
	restrict(s, 0, 3, 2, 3)
	NakedSubset(s, 2)
	require.Error(t, s.Err())
}
