package logic

import "math/bits"

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
func CandidateLines(s *State) Counts {
	c := Counts{Passes: 1}
	n, size := s.geo.order, s.geo.size
	w := s.scratch()
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
