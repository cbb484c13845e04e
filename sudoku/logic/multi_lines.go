package logic

import "math/bits"

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
func MultiLines(s *State, k int) Counts {
	c := Counts{Passes: 1}
	n := s.geo.order
	if k < 2 || k > 3 || k > n {
		return c
	}
	for stack := 0; stack < 2 && !s.failed; stack++ {
		for t := 0; t < n && !s.failed; t++ {
			c.Removed += multiLinesBand(s, k, t, stack == 1)
		}
	}
	return c
}

// bandBox is the box index of the j-th box of band (or stack) t.
func bandBox(n, t, j int, stack bool) int {
	if stack {
		return j*n + t
	}
	return t*n + j
}

func multiLinesBand(s *State, k, t int, stack bool) int {
	n, size := s.geo.order, s.geo.size
	w := s.scratch()
	masks := w.lines[:n*size]
	for i := range masks {
		masks[i] = 0
	}
	for j := 0; j < n; j++ {
		for i, cell := range s.geo.region(2*size + bandBox(n, t, j, stack)) {
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
				removed += multiLinesCombo(s, masks, combo[:2], t, stack)
				continue
			}
			for d := b + 1; d < n && !s.failed; d++ {
				combo = [3]int{a, b, d}
				removed += multiLinesCombo(s, masks, combo[:3], t, stack)
			}
		}
	}
	return removed
}

func multiLinesCombo(s *State, masks []uint16, combo []int, t int, stack bool) int {
	n, size, k := s.geo.order, s.geo.size, len(combo)
	miss := fullSet(size)
	for _, j := range combo {
		miss = miss.And(s.missing[2*size+bandBox(n, t, j, stack)])
	}
	removed := 0
	for v := miss.First(); v != 0 && !s.failed; v = miss.Next(v) {
		var u uint16
		for _, j := range combo {
			u |= masks[j*size+v-1]
		}
		switch m := bits.OnesCount16(u); {
		case m < k:
			s.fail(Pigeonhole, -1, 2*size+bandBox(n, t, combo[0], stack), v)
			return removed
		case m > k:
			continue
		}
		for j := 0; j < n; j++ {
			if inInts(combo, j) || masks[j*size+v-1]&u == 0 {
				continue
			}
			b := bandBox(n, t, j, stack)
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

func inInts(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
