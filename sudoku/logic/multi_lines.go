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

// multiLinesBand runs one band (or stack). lines[j*n+l] is the union of the
// candidates on line l of the band's j-th box, kept exact as removals land.
func multiLinesBand(s *State, k, t int, stack bool) int {
	n, size := s.geo.order, s.geo.size
	w := s.scratch()
	if w.bandLines == nil {
		w.bandLines = make([]Set, n*n)
	}
	lines := w.bandLines
	for i := range lines {
		lines[i] = Set{}
	}
	var missAny Set
	for j := 0; j < n; j++ {
		reg := 2*size + bandBox(n, t, j, stack)
		missAny = missAny.Or(s.missing[reg])
		for i, cell := range s.geo.region(reg) {
			l := i / n
			if stack {
				l = i % n
			}
			lines[j*n+l] = lines[j*n+l].Or(s.cand[cell])
		}
	}
	if missAny.IsEmpty() {
		return 0
	}
	var combo [3]int
	removed := 0
	for a := 0; a < n && !s.failed; a++ {
		for b := a + 1; b < n && !s.failed; b++ {
			if k == 2 {
				combo = [3]int{a, b}
				removed += multiLinesCombo(s, lines, combo[:2], t, stack)
				continue
			}
			for d := b + 1; d < n && !s.failed; d++ {
				combo = [3]int{a, b, d}
				removed += multiLinesCombo(s, lines, combo[:3], t, stack)
			}
		}
	}
	return removed
}

// multiLinesCombo handles one combination of k boxes of a band: per line the
// union over the k boxes, then bit-sliced counters (2 bits and overflow) give
// the values on exactly k lines and those on fewer.
func multiLinesCombo(s *State, lines []Set, combo []int, t int, stack bool) int {
	n, size, k := s.geo.order, s.geo.size, len(combo)
	miss := fullSet(size)
	for _, j := range combo {
		miss = miss.And(s.missing[2*size+bandBox(n, t, j, stack)])
	}
	if miss.IsEmpty() {
		return 0
	}
	var b0, b1, ov Set
	for l := 0; l < n; l++ {
		var u Set
		for _, j := range combo {
			u = u.Or(lines[j*n+l])
		}
		for w := range u {
			c0 := b0[w] & u[w]
			b0[w] ^= u[w]
			ov[w] |= b1[w] & c0
			b1[w] ^= c0
		}
	}
	var exact, fewer Set
	for w := range exact {
		two := b1[w] &^ b0[w] &^ ov[w]
		three := b1[w] & b0[w] &^ ov[w]
		if k == 2 {
			exact[w], fewer[w] = two, ^(b1[w] | ov[w])
		} else {
			exact[w], fewer[w] = three, ^(b1[w]|ov[w])|two
		}
	}
	exact, fewer = exact.And(miss), fewer.And(miss)
	todo := exact.Or(fewer)
	removed := 0
	for v := todo.First(); v != 0 && !s.failed; v = todo.Next(v) {
		if fewer.Has(v) {
			s.fail(Pigeonhole, -1, 2*size+bandBox(n, t, combo[0], stack), v)
			return removed
		}
		var u uint16 // the k lines
		for l := 0; l < n; l++ {
			for _, j := range combo {
				if lines[j*n+l].Has(v) {
					u |= 1 << uint(l)
				}
			}
		}
		for j := 0; j < n; j++ {
			if inInts(combo, j) {
				continue
			}
			b := bandBox(n, t, j, stack)
			for m := u; m != 0; m &= m - 1 {
				l := bits.TrailingZeros16(m)
				if !lines[j*n+l].Has(v) {
					continue
				}
				lines[j*n+l].Remove(v)
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
