package logic

// ForcedCells is one pass of forced cells on the cells with 2 or 3
// candidates. It scans the cells in row-major order; for an empty cell with 2
// or 3 candidates (state when the cell is reached) it tries each candidate in
// turn: the value is fixed on the current state and propagated with naked and
// hidden singles until neither fixes anything (the Fig. 13 loop restricted to
// its two cheap steps), then every change is undone. A branch that ends in a
// contradiction eliminates its candidate. For every cell, the union of its
// domains over the surviving branches (a fixed cell's domain is its value) is
// a sound new candidate set: each value outside it is removed, and a cell
// whose union is a single value is fixed. Fixes are applied first (in the
// order of the first surviving branch's changes), then removals, before the
// scan moves to the next cell. If every branch fails, the state is a
// contradiction.
//
// Counts: Fixed = cells fixed; Removed = candidates removed from cells not
// fixed by this pass, beyond those the pass's fixes take from their peers.
func ForcedCells(s *State) Counts {
	c := Counts{Passes: 1}
	for cell := 0; cell < len(s.values) && !s.failed; cell++ {
		if s.values[cell] != 0 {
			continue
		}
		if n := s.cand[cell].Len(); n == 2 || n == 3 {
			c.Add(forceCell(s, cell))
		}
	}
	c.Passes = 1
	return c
}

// forceCell runs the branches of one cell and applies what they agree on.
func forceCell(s *State, cell int) Counts {
	w := s.scratch()
	if w.acc == nil {
		n := len(s.values)
		w.acc = make([]Set, n)
		w.accCount = make([]int32, n)
		w.accMark = make([]int32, n)
		w.touched = make([]int32, 0, 64)
		w.trail = make([]change, 0, 1024)
	}
	w.round++
	w.touched = w.touched[:0]
	live := int32(0)
	dom := s.cand[cell]
	for v := dom.First(); v != 0; v = dom.Next(v) {
		s.trail = w.trail[:0]
		s.fix(cell, v)
		propagateSingles(s)
		if !s.failed {
			for _, e := range s.trail {
				x := e.cell
				if w.accMark[x] != w.round {
					w.accMark[x], w.accCount[x] = w.round, 0
				}
				if w.accCount[x] != live {
					continue
				}
				d := s.cand[x]
				if s.values[x] != 0 {
					d = Set{}
					d.Add(int(s.values[x]))
				}
				if live == 0 {
					w.acc[x] = d
					w.touched = append(w.touched, x)
				} else {
					w.acc[x] = w.acc[x].Or(d)
				}
				w.accCount[x] = live + 1
			}
			live++
		}
		undo(s)
		w.trail = s.trail[:0]
		s.trail = nil
	}
	var c Counts
	if live == 0 {
		s.fail(NoCandidate, cell, -1, 0)
		return c
	}
	for _, x := range w.touched {
		a := w.acc[x]
		if w.accCount[x] == live && s.values[x] == 0 && a.First() == a.Last() {
			if v := a.First(); v != 0 && s.cand[x].Has(v) {
				s.fix(int(x), v)
				c.Fixed++
			}
		}
	}
	for _, x := range w.touched {
		if w.accCount[x] != live || s.values[x] != 0 {
			continue
		}
		drop := s.cand[x].AndNot(w.acc[x])
		for v := drop.First(); v != 0 && !s.failed; v = drop.Next(v) {
			s.remove(int(x), v)
			c.Removed++
		}
	}
	return c
}

// propagateSingles applies naked and hidden singles until neither fixes a
// value or a contradiction appears.
func propagateSingles(s *State) {
	for !s.failed {
		if Single(s).Fixed > 0 {
			continue
		}
		if s.failed || HiddenSingle(s).Fixed == 0 {
			return
		}
	}
}

// undo reverts every change on the trail, newest first, and clears the
// contradiction the branch may have found.
func undo(s *State) {
	for i := len(s.trail) - 1; i >= 0; i-- {
		e := s.trail[i]
		if !e.fixed {
			s.cand[e.cell].Add(int(e.value))
			continue
		}
		s.values[e.cell] = 0
		s.cand[e.cell] = e.prev
		s.empty++
		for _, reg := range s.geo.cellRegion[e.cell] {
			s.missing[reg].Add(int(e.value))
		}
	}
	s.failed = false
}
