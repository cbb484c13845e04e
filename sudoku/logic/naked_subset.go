package logic

// NakedSubset is one pass of naked subsets of size k (2 pairs … 5 quintets).
// It visits the regions in the order rows, columns, boxes. Entering a region
// it lists, in increasing position order, the empty cells with 2..k
// candidates (state at the visit). It then goes through every combination of
// k listed cells in lexicographic order; when the union of their candidates,
// read from the current state, has exactly k values, those values are removed
// from every other empty cell of the region at once, before the next
// combination is looked at. A union of fewer than k values is a contradiction
// (Pigeonhole).
//
// Counts: Removed = candidates removed; Fixed = 0.
func NakedSubset(s *State, k int) Counts {
	c := Counts{Passes: 1}
	if k < 2 || k > 5 {
		return c
	}
	w := s.scratch()
	for reg := 0; reg < 3*s.geo.size && !s.failed; reg++ {
		if s.missing[reg].Len() < k {
			continue // fewer than k empty cells: no combination to list
		}
		cells := s.geo.region(reg)
		w.list = w.list[:0]
		for i, cell := range cells {
			if n := s.cand[cell].Len(); n >= 2 && n <= k {
				w.list = append(w.list, int32(i))
			}
		}
		if len(w.list) < k {
			continue
		}
		p := subsetPass{s: s, w: w, cells: cells, reg: reg, k: k}
		c.Removed += p.naked(0, 0, Set{})
	}
	return c
}

// naked extends the cell combination w.combo[:depth] (whose candidates union
// to u) with listed positions from index start on, lexicographically, and
// returns the candidates removed.
func (p *subsetPass) naked(depth, start int, u Set) int {
	s, w, k := p.s, p.w, p.k
	removed := 0
	for j := start; j < len(w.list) && !s.failed; j++ {
		i := w.list[j]
		nu := u.Or(s.cand[p.cells[i]])
		n := nu.Len()
		if n > k {
			continue
		}
		w.combo[depth] = i
		if depth+1 < k {
			removed += p.naked(depth+1, j+1, nu)
			continue
		}
		if n < k {
			s.fail(Pigeonhole, -1, p.reg, 0)
			return removed
		}
		removed += p.dropOutside(nu)
	}
	return removed
}

// dropOutside removes the values of u from every cell of the region that is
// not in the current combination.
func (p *subsetPass) dropOutside(u Set) int {
	s, removed := p.s, 0
	for i, cell := range p.cells {
		if p.inCombo(int32(i)) {
			continue
		}
		drop := s.cand[cell].And(u)
		for x := drop.First(); x != 0 && !s.failed; x = drop.Next(x) {
			s.remove(int(cell), x)
			removed++
		}
	}
	return removed
}

func (p *subsetPass) inCombo(i int32) bool {
	for _, x := range p.w.combo[:p.k] {
		if x == i {
			return true
		}
	}
	return false
}
