package logic

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
func HiddenSubset(s *State, k int) Counts {
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
		elig := eligibleValues(s, cells, k).And(s.missing[reg])
		if elig.Len() < k {
			continue
		}
		pos := w.pos
		for v := elig.First(); v != 0; v = elig.Next(v) {
			pos[v-1] = Set{}
		}
		for i, cell := range cells {
			cs := s.cand[cell].And(elig)
			for v := cs.First(); v != 0; v = cs.Next(v) {
				pos[v-1].Add(i + 1)
			}
		}
		w.list = w.list[:0]
		for v := elig.First(); v != 0; v = elig.Next(v) {
			w.list = append(w.list, int32(v))
		}
		if len(w.list) < k {
			continue
		}
		p := subsetPass{s: s, w: w, cells: cells, reg: reg, k: k}
		c.Removed += p.hidden(0, 0, Set{})
	}
	return c
}

// eligibleValues counts, for every value, its occurrences among the
// candidates of the region's cells with bit-sliced 3-bit saturating counters
// (one word-parallel carry-save add per cell, the hardware's per-value
// counters) and returns the values seen 2..k times (k ≤ 5).
func eligibleValues(s *State, cells []int32, k int) Set {
	var b0, b1, b2, ov Set
	for _, cell := range cells {
		x := &s.cand[cell]
		for w := range b0 {
			c0 := b0[w] & x[w]
			b0[w] ^= x[w]
			c1 := b1[w] & c0
			b1[w] ^= c0
			ov[w] |= b2[w] & c1
			b2[w] ^= c1
		}
	}
	var e Set
	for w := range e {
		var le uint64 // count ≤ k
		switch k {
		case 2:
			le = ^b2[w] &^ (b1[w] & b0[w])
		case 3:
			le = ^b2[w]
		case 4:
			le = ^b2[w] | ^(b1[w] | b0[w])
		default:
			le = ^b2[w] | ^b1[w]
		}
		e[w] = (b1[w] | b2[w]) & le &^ ov[w]
	}
	return e
}

// subsetPass is the context of one region step of a subset pass.
type subsetPass struct {
	s     *State
	w     *scratch
	cells []int32
	reg   int
	k     int
}

// hidden extends the combination w.combo[:depth] (whose positions union to
// u) with listed values from index start on, lexicographically, and returns
// the candidates removed.
func (p *subsetPass) hidden(depth, start int, u Set) int {
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
