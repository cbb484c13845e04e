package logic

// Reference implementations of the passes as first written (value-by-value
// masks, positions of every value): slow but direct transcriptions of the
// documented semantics. The optimised passes must agree with them exactly.

import "math/bits"

// refScratch returns the buffers the reference passes use.
func refScratch(s *State) *refBuffers {
	n := s.geo.size
	return &refBuffers{pos: make([]Set, n), list: make([]int32, 0, n), lines: make([]uint16, s.geo.order*n)}
}

type refBuffers struct {
	pos   []Set
	list  []int32
	combo [5]int32
	lines []uint16
}

// CandidateLines is one pass of candidate lines (pointing). It visits the
// boxes 0..N-1. Entering a box it records, for every value, the rows and the
// columns of the box where the value is a candidate (state at the visit).
// Then, for each value still missing from the box in increasing order: when
// its rows are a single row, the value is removed from the cells of that row
// outside the box; when its columns are a single column, likewise for that
// column. Removals happen at once; they never touch the box itself, so the
// recorded masks stay exact for the rest of the box step. A missing value with
// no cell in the box is a contradiction (NoPlace).
//
// Counts: Removed = candidates removed; Fixed = 0.
func refCandidateLines(s *State) Counts {
	c := Counts{Passes: 1}
	n, size := s.geo.order, s.geo.size
	w := refScratch(s)
	rows, cols := w.lines[:size], w.lines[size:2*size]
	for b := 0; b < size && !s.failed; b++ {
		reg := 2*size + b
		if s.missing[reg].IsEmpty() {
			continue
		}
		for i := range rows {
			rows[i], cols[i] = 0, 0
		}
		for i, cell := range s.geo.region(reg) {
			cs := s.cand[cell]
			for v := cs.First(); v != 0; v = cs.Next(v) {
				rows[v-1] |= 1 << uint(i/n)
				cols[v-1] |= 1 << uint(i%n)
			}
		}
		r0, c0 := (b/n)*n, (b%n)*n
		miss := s.missing[reg]
		for v := miss.First(); v != 0 && !s.failed; v = miss.Next(v) {
			if rows[v-1] == 0 {
				s.fail(NoPlace, -1, reg, v)
				break
			}
			if bits.OnesCount16(rows[v-1]) == 1 {
				r := r0 + bits.TrailingZeros16(rows[v-1])
				for col := 0; col < size; col++ {
					if col < c0 || col >= c0+n {
						if s.remove(r*size+col, v) {
							c.Removed++
						}
					}
				}
			}
			if bits.OnesCount16(cols[v-1]) == 1 {
				col := c0 + bits.TrailingZeros16(cols[v-1])
				for r := 0; r < size; r++ {
					if r < r0 || r >= r0+n {
						if s.remove(r*size+col, v) {
							c.Removed++
						}
					}
				}
			}
		}
	}
	return c
}

// MultiLines is one pass of double lines (k = 2) or triple lines (k = 3).
// A band is a row of boxes (boxes t·n … t·n+n-1), a stack a column of boxes.
// The pass visits the bands 0..n-1 (lines = rows), then the stacks 0..n-1
// (lines = columns). Entering a band it records, for each of its n boxes and
// every value, the lines of the box where the value is a candidate. It then
// goes through every combination of k boxes of the band in lexicographic
// order and, inside it, through the values missing from all k boxes in
// increasing order: when the union of the value's lines over the k boxes is
// exactly k lines, the k boxes must place it on those k lines, so it is
// removed from those lines in every other box of the band, at once (the
// recorded masks of those boxes updated) before the next value. A union of
// fewer than k lines is a contradiction (Pigeonhole).
//
// This is the seed's "líneas dobles / triples" with the condition "the same
// two (three) lines in both (all three) boxes" read as "confined to the same
// k lines", which also covers a box that uses only some of them. For order 3
// triple lines can never remove anything: a band has only three boxes.
//
// Counts: Removed = candidates removed; Fixed = 0.
func refMultiLines(s *State, k int) Counts {
	c := Counts{Passes: 1}
	n := s.geo.order
	if k < 2 || k > 3 || k > n {
		return c
	}
	for stack := 0; stack < 2 && !s.failed; stack++ {
		for t := 0; t < n && !s.failed; t++ {
			c.Removed += refMultiLinesBand(s, k, t, stack == 1)
		}
	}
	return c
}

// bandBox is the box index of the j-th box of band (or stack) t.
func refBandBox(n, t, j int, stack bool) int {
	if stack {
		return j*n + t
	}
	return t*n + j
}

func refMultiLinesBand(s *State, k, t int, stack bool) int {
	n, size := s.geo.order, s.geo.size
	w := refScratch(s)
	masks := w.lines[:n*size]
	for i := range masks {
		masks[i] = 0
	}
	for j := 0; j < n; j++ {
		for i, cell := range s.geo.region(2*size + refBandBox(n, t, j, stack)) {
			line := i / n
			if stack {
				line = i % n
			}
			cs := s.cand[cell]
			for v := cs.First(); v != 0; v = cs.Next(v) {
				masks[j*size+v-1] |= 1 << uint(line)
			}
		}
	}
	var combo [3]int
	removed := 0
	for a := 0; a < n && !s.failed; a++ {
		for b := a + 1; b < n && !s.failed; b++ {
			if k == 2 {
				combo = [3]int{a, b}
				removed += refMultiLinesCombo(s, masks, combo[:2], t, stack)
				continue
			}
			for d := b + 1; d < n && !s.failed; d++ {
				combo = [3]int{a, b, d}
				removed += refMultiLinesCombo(s, masks, combo[:3], t, stack)
			}
		}
	}
	return removed
}

func refMultiLinesCombo(s *State, masks []uint16, combo []int, t int, stack bool) int {
	n, size, k := s.geo.order, s.geo.size, len(combo)
	miss := fullSet(size)
	for _, j := range combo {
		miss = miss.And(s.missing[2*size+refBandBox(n, t, j, stack)])
	}
	removed := 0
	for v := miss.First(); v != 0 && !s.failed; v = miss.Next(v) {
		var u uint16
		for _, j := range combo {
			u |= masks[j*size+v-1]
		}
		switch m := bits.OnesCount16(u); {
		case m < k:
			s.fail(Pigeonhole, -1, 2*size+refBandBox(n, t, combo[0], stack), v)
			return removed
		case m > k:
			continue
		}
		for j := 0; j < n; j++ {
			if refInInts(combo, j) || masks[j*size+v-1]&u == 0 {
				continue
			}
			b := refBandBox(n, t, j, stack)
			for line := u; line != 0; line &= line - 1 {
				l := bits.TrailingZeros16(line)
				for x := 0; x < n; x++ {
					var r, col int
					if stack {
						r, col = (b/n)*n+x, (b%n)*n+l
					} else {
						r, col = (b/n)*n+l, (b%n)*n+x
					}
					if s.remove(r*size+col, v) {
						removed++
					}
				}
			}
			masks[j*size+v-1] &^= u
		}
	}
	return removed
}

func refInInts(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// HiddenSubset is one pass of hidden subsets of size k (2 pairs, 3 triples,
// 4 quads, 5 quintets). It visits the regions in the order rows, columns,
// boxes. Entering a region it records, for every value, the set of positions
// (cells of the region) where it is a candidate, and lists in increasing order
// the values still missing from the region whose occurrence count is between
// 2 and k (a value seen once is a hidden single). It then goes through every
// combination of k listed values in lexicographic order; when the union of
// their positions, read from the current state, has exactly k cells, all
// other candidates are removed from those k cells at once (position sets of
// the removed values updated) before the next combination is looked at. A
// union of fewer than k cells is a contradiction (Pigeonhole).
//
// In hardware the same test is a parallel comparison: per region, one
// occurrence counter and position register per value are filled while the
// cells stream past; then the values whose counters are 2..k are compared in
// groups (for pairs: all value pairs, counters equal to 2 and position
// registers equal). Removing candidates never makes a new combination fail,
// so processing hits in lexicographic order, each on the updated state, is
// what a serial hit-writer behind a parallel comparator produces.
//
// Counts: Removed = candidates removed; Fixed = 0.
func refHiddenSubset(s *State, k int) Counts {
	c := Counts{Passes: 1}
	if k < 2 || k > 5 {
		return c
	}
	w := refScratch(s)
	for reg := 0; reg < 3*s.geo.size && !s.failed; reg++ {
		cells := s.geo.region(reg)
		pos := w.pos
		for i := range pos {
			pos[i] = Set{}
		}
		for i, cell := range cells {
			cs := s.cand[cell]
			for v := cs.First(); v != 0; v = cs.Next(v) {
				pos[v-1].Add(i + 1)
			}
		}
		w.list = w.list[:0]
		miss := s.missing[reg]
		for v := miss.First(); v != 0; v = miss.Next(v) {
			if n := pos[v-1].Len(); n >= 2 && n <= k {
				w.list = append(w.list, int32(v))
			}
		}
		if len(w.list) < k {
			continue
		}
		p := refSubsetPass{s: s, w: w, cells: cells, reg: reg, k: k}
		c.Removed += p.hidden(0, 0, Set{})
	}
	return c
}

// refSubsetPass is the context of one region step of a subset pass.
type refSubsetPass struct {
	s     *State
	w     *refBuffers
	cells []int32
	reg   int
	k     int
}

// hidden extends the combination w.combo[:depth] (whose positions union to
// u) with listed values from index start on, lexicographically, and returns
// the candidates removed.
func (p *refSubsetPass) hidden(depth, start int, u Set) int {
	s, w, k := p.s, p.w, p.k
	removed := 0
	for j := start; j < len(w.list) && !s.failed; j++ {
		v := int(w.list[j])
		nu := u.Or(w.pos[v-1])
		n := nu.Len()
		if n > k {
			continue
		}
		w.combo[depth] = int32(v)
		if depth+1 < k {
			removed += p.hidden(depth+1, j+1, nu)
			continue
		}
		if n < k {
			s.fail(Pigeonhole, -1, p.reg, v)
			return removed
		}
		var keep Set
		for _, x := range w.combo[:k] {
			keep.Add(int(x))
		}
		for q := nu.First(); q != 0; q = nu.Next(q) {
			cell := int(p.cells[q-1])
			drop := s.cand[cell].AndNot(keep)
			for x := drop.First(); x != 0; x = drop.Next(x) {
				s.remove(cell, x)
				w.pos[x-1].Remove(q)
				removed++
			}
		}
	}
	return removed
}
