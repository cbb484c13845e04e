package logic

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
	for b := 0; b < size && !s.failed; b++ {
		reg := 2*size + b
		if s.missing[reg].IsEmpty() {
			continue
		}
		// Per row and per column of the box, the union of its candidates;
		// then, bit-sliced over the n rows (columns), the values seen in
		// exactly one of them.
		var rows, cols [15]Set
		for i, cell := range s.geo.region(reg) {
			rows[i/n] = rows[i/n].Or(s.cand[cell])
			cols[i%n] = cols[i%n].Or(s.cand[cell])
		}
		oneRow, anyRow := exactlyOne(rows[:n])
		oneCol, _ := exactlyOne(cols[:n])
		lost := s.missing[reg].AndNot(anyRow)
		todo := oneRow.Or(oneCol).And(s.missing[reg]).Or(lost)
		r0, c0 := (b/n)*n, (b%n)*n
		for v := todo.First(); v != 0 && !s.failed; v = todo.Next(v) {
			if lost.Has(v) {
				s.fail(NoPlace, -1, reg, v)
				break
			}
			if oneRow.Has(v) {
				r := r0 + whichHas(rows[:n], v)
				for col := 0; col < size; col++ {
					if (col < c0 || col >= c0+n) && s.remove(r*size+col, v) {
						c.Removed++
					}
				}
			}
			if oneCol.Has(v) {
				col := c0 + whichHas(cols[:n], v)
				for r := 0; r < size; r++ {
					if (r < r0 || r >= r0+n) && s.remove(r*size+col, v) {
						c.Removed++
					}
				}
			}
		}
	}
	return c
}

// exactlyOne returns the values present in exactly one of the sets, and the
// values present in any.
func exactlyOne(sets []Set) (one, any Set) {
	var twice Set
	for _, x := range sets {
		for w := range one {
			twice[w] |= one[w] & x[w]
			one[w] |= x[w]
		}
	}
	return one.AndNot(twice), one
}

// whichHas is the index of the first set holding v.
func whichHas(sets []Set, v int) int {
	for i := range sets {
		if sets[i].Has(v) {
			return i
		}
	}
	return -1
}
