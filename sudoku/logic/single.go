package logic

// Single is one naked-single pass. It scans the cells in row-major order; an
// empty cell whose candidate set has exactly one value (first candidate =
// last candidate, the paper's test) is fixed at once, so later cells of the
// same pass see the peers' updated candidates. An empty cell with no
// candidate is a contradiction and ends the pass.
//
// Counts: Fixed = cells fixed; Removed = 0 (the peer updates of a fix are not
// counted as removals).
func Single(s *State) Counts {
	c := Counts{Passes: 1}
	if s.failed {
		return c
	}
	n := s.geo.size
	for r := 0; r < n; r++ {
		if s.missing[r].IsEmpty() {
			continue // a complete row has no empty cell
		}
		for cell := r * n; cell < (r+1)*n; cell++ {
			if s.values[cell] != 0 {
				continue
			}
			cs := &s.cand[cell]
			first := cs.First()
			if first == 0 {
				s.fail(NoCandidate, cell, -1, 0)
				return c
			}
			if first == cs.Last() {
				s.fix(cell, first)
				c.Fixed++
				if s.failed {
					return c
				}
			}
		}
	}
	return c
}
