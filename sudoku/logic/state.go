package logic

import (
	"fmt"
	"math"

	"sudokusim/sudoku"
)

// State is the candidate state of a puzzle: the three memories of the
// version-2 processor.
//
//   - values: the grid, row-major, 0 = empty;
//   - cand: the candidate Set of every cell (empty for a filled cell);
//   - missing: for every region (rows, columns, boxes — see RegionCell) the
//     values not yet placed in it.
//
// Invariant: the candidates of an empty cell are a subset of the missing sets
// of its three regions; fixing a value removes it from the candidates of every
// peer at once. A State that can have no solution records a *Contradiction
// (Err) and every heuristic leaves it untouched from then on.
type State struct {
	geo     *geometry
	values  []uint8
	cand    []Set
	missing []Set
	empty   int
	failed  bool          // a contradiction was found
	fault   Contradiction // the first one (valid when failed)

	trail []change // non-nil while a forced-cells branch records its changes
	work  *scratch // per-heuristic buffers, allocated on first use
}

// change is one undoable update of a State.
type change struct {
	cell  int32
	value uint8
	fixed bool // false: candidate removed
	prev  Set  // candidates of the cell before a fix
}

// NewState builds the state of grid g: every empty cell gets as candidates
// the values absent from its row, column and box. Malformed grids (order out
// of range, wrong cell count, a value above N²) are errors; clashing givens
// are not an error but a contradiction recorded in the state (Err), since such
// a puzzle is well formed and simply unsolvable.
func NewState(g *sudoku.Grid) (*State, error) {
	if g == nil {
		return nil, fmt.Errorf("logic: nil grid")
	}
	if g.Order < sudoku.MinOrder || g.Order > sudoku.MaxOrder {
		return nil, fmt.Errorf("logic: order %d outside %d..%d", g.Order, sudoku.MinOrder, sudoku.MaxOrder)
	}
	n := g.Size()
	if len(g.Cells) != n*n {
		return nil, fmt.Errorf("logic: order %d grid has %d cells, want %d", g.Order, len(g.Cells), n*n)
	}
	for i, v := range g.Cells {
		if int(v) > n {
			return nil, fmt.Errorf("logic: cell (%d,%d) holds %d, above %d", i/n, i%n, v, n)
		}
	}
	s := &State{
		geo:     newGeometry(g.Order),
		values:  append([]uint8(nil), g.Cells...),
		cand:    make([]Set, n*n),
		missing: make([]Set, 3*n),
	}
	full := fullSet(n)
	for reg := range s.missing {
		s.missing[reg] = full
		for _, cell := range s.geo.region(reg) {
			v := int(s.values[cell])
			if v == 0 {
				continue
			}
			if !s.missing[reg].Has(v) {
				s.fail(ClashingGivens, -1, reg, v)
			}
			s.missing[reg].Remove(v)
		}
	}
	for cell, v := range s.values {
		if v != 0 {
			continue
		}
		s.empty++
		r := s.geo.cellRegion[cell]
		s.cand[cell] = s.missing[r[0]].And(s.missing[r[1]]).And(s.missing[r[2]])
		if s.cand[cell].IsEmpty() {
			s.fail(NoCandidate, cell, -1, 0)
		}
	}
	return s, nil
}

// Order is n; Size is N = n², the cells per region and the number of values.
func (s *State) Order() int { return s.geo.order }

// Size is N = n².
func (s *State) Size() int { return s.geo.size }

// NumCells is N².
func (s *State) NumCells() int { return len(s.values) }

// Value is the value of a cell (row-major index), 0 when empty.
func (s *State) Value(cell int) int { return int(s.values[cell]) }

// Candidates is the candidate set of a cell (empty for a filled cell).
func (s *State) Candidates(cell int) Set { return s.cand[cell] }

// Missing is the set of values not yet placed in region reg.
func (s *State) Missing(reg int) Set { return s.missing[reg] }

// NumRegions is 3N: N rows, N columns, N boxes.
func (s *State) NumRegions() int { return 3 * s.geo.size }

// RegionCell is the cell index of the i-th cell of region reg. Regions are
// rows 0..N-1, columns N..2N-1, boxes 2N..3N-1; inside a row cells go by
// column, inside a column by row, inside a box row-major.
func (s *State) RegionCell(reg, i int) int { return int(s.geo.regions[reg*s.geo.size+i]) }

// Empty is the number of empty cells.
func (s *State) Empty() int { return s.empty }

// Solved reports whether every cell holds a value and no contradiction was
// found.
func (s *State) Solved() bool { return s.empty == 0 && !s.failed }

// Err is the contradiction found so far, nil while the state may be solvable.
func (s *State) Err() error {
	if !s.failed {
		return nil
	}
	c := s.fault
	return &c
}

// Grid returns the values as a new grid.
func (s *State) Grid() *sudoku.Grid {
	return &sudoku.Grid{Order: s.geo.order, Cells: append([]uint8(nil), s.values...)}
}

// Clone returns an independent copy (geometry shared, scratch not copied).
func (s *State) Clone() *State {
	t := &State{
		geo:     s.geo,
		values:  append([]uint8(nil), s.values...),
		cand:    append([]Set(nil), s.cand...),
		missing: append([]Set(nil), s.missing...),
		empty:   s.empty,
		failed:  s.failed,
		fault:   s.fault,
	}
	return t
}

// CopyFrom makes s a copy of t (same order) without allocating: a reset for
// benchmarks and for twins that replay a run.
func (s *State) CopyFrom(t *State) {
	if s.geo.order != t.geo.order {
		panic("logic: CopyFrom between states of different orders")
	}
	copy(s.values, t.values)
	copy(s.cand, t.cand)
	copy(s.missing, t.missing)
	s.empty = t.empty
	s.failed, s.fault = t.failed, t.fault
}

// Equal reports whether two states hold the same values and candidates.
func (s *State) Equal(t *State) bool {
	if s.geo.order != t.geo.order || s.empty != t.empty || s.failed != t.failed {
		return false
	}
	for i := range s.values {
		if s.values[i] != t.values[i] || s.cand[i] != t.cand[i] {
			return false
		}
	}
	for i := range s.missing {
		if s.missing[i] != t.missing[i] {
			return false
		}
	}
	return true
}

// Fix places v in an empty cell from outside a heuristic (a search step, a
// test). It is an error when the cell is filled or v is not a candidate.
func (s *State) Fix(cell, v int) error {
	if cell < 0 || cell >= len(s.values) {
		return fmt.Errorf("logic: cell %d outside 0..%d", cell, len(s.values)-1)
	}
	if s.values[cell] != 0 {
		return fmt.Errorf("logic: cell %d already holds %d", cell, s.values[cell])
	}
	if v < 1 || v > s.geo.size || !s.cand[cell].Has(v) {
		return fmt.Errorf("logic: %d is not a candidate of cell %d", v, cell)
	}
	s.fix(cell, v)
	return nil
}

// Eliminate removes candidate v from a cell from outside a heuristic (to set
// up a position by hand, as the paper's figures do). It reports whether v was
// a candidate.
func (s *State) Eliminate(cell, v int) bool {
	if cell < 0 || cell >= len(s.values) || v < 1 || v > s.geo.size {
		return false
	}
	return s.remove(cell, v)
}

// fix writes v into the empty cell, takes v out of its three missing sets and
// out of the candidates of every peer. The caller guarantees v is a candidate.
func (s *State) fix(cell, v int) {
	if s.trail != nil {
		s.trail = append(s.trail, change{cell: int32(cell), value: uint8(v), fixed: true, prev: s.cand[cell]})
	}
	s.values[cell] = uint8(v)
	s.cand[cell] = Set{}
	s.empty--
	w, bit := (v-1)>>6, uint64(1)<<(uint(v-1)&63)
	for _, reg := range s.geo.cellRegion[cell] {
		s.missing[reg][w] &^= bit
		for _, peer := range s.geo.region(int(reg)) {
			if s.cand[peer][w]&bit != 0 {
				s.cand[peer][w] &^= bit
				s.removed(int(peer), v)
			}
		}
	}
}

// remove takes candidate v out of a cell and reports whether it was there.
func (s *State) remove(cell, v int) bool {
	w, bit := (v-1)>>6, uint64(1)<<(uint(v-1)&63)
	if s.cand[cell][w]&bit == 0 {
		return false
	}
	s.cand[cell][w] &^= bit
	s.removed(cell, v)
	return true
}

// removed records a candidate removal that already happened: trail entry and
// the empty-cell check.
func (s *State) removed(cell, v int) {
	if s.trail != nil {
		s.trail = append(s.trail, change{cell: int32(cell), value: uint8(v)})
	}
	if s.cand[cell].IsEmpty() && s.values[cell] == 0 {
		s.fail(NoCandidate, cell, -1, 0)
	}
}

// fail records the first contradiction.
func (s *State) fail(kind ContradictionKind, cell, reg, v int) {
	if !s.failed {
		s.failed = true
		s.fault = Contradiction{Kind: kind, Cell: cell, Region: reg, Value: v, size: s.geo.size}
	}
}

// SearchSpace measures what is left for backtracking: the number of empty
// cells and log10 of the product of their candidate counts (0 when solved).
func (s *State) SearchSpace() (empty int, log10 float64) {
	for cell, v := range s.values {
		if k := s.cand[cell].Len(); v == 0 && k > 0 {
			log10 += math.Log10(float64(k))
		}
	}
	return s.empty, log10
}
