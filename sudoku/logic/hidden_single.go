package logic

// HiddenSingle is one hidden-single pass. It visits the regions in the order
// rows 0..N-1, columns 0..N-1, boxes 0..N-1. For each region it counts, for
// every value, its occurrences among the candidates of the region's empty
// cells, with the state as it is when the region is visited (the hardware's
// per-value saturating counters; here bit-sliced "seen once" and "seen twice"
// words). It then fixes every value seen exactly once, in increasing value
// order, at the cell holding it (the hardware's position register), updating
// the peers immediately. A value whose cell was already fixed by an earlier
// value of the same region step is skipped; since the region still misses it,
// that is a contradiction (NoPlace), as is a missing value seen zero times.
//
// Counts: Fixed = cells fixed; Removed = 0.
func HiddenSingle(s *State) Counts {
	c := Counts{Passes: 1}
	for reg := 0; reg < 3*s.geo.size && !s.failed; reg++ {
		c.Fixed += hiddenSingleRegion(s, reg)
	}
	return c
}

// hiddenSingleRegion runs the hidden-single step on one region and returns
// the number of cells it fixed.
func hiddenSingleRegion(s *State, reg int) int {
	if s.missing[reg].IsEmpty() {
		return 0 // complete region: no empty cell, nothing to count
	}
	cells := s.geo.region(reg)
	var once, twice Set
	nw := s.geo.words
	for _, cell := range cells {
		cs := &s.cand[cell]
		for w := 0; w < nw; w++ {
			twice[w] |= once[w] & cs[w]
			once[w] |= cs[w]
		}
	}
	if lost := s.missing[reg].AndNot(once); !lost.IsEmpty() {
		s.fail(NoPlace, -1, reg, lost.First())
		return 0
	}
	single := once.AndNot(twice)
	fixed := 0
	for v := single.First(); v != 0; v = single.Next(v) {
		w, bit := (v-1)>>6, uint64(1)<<(uint(v-1)&63)
		at := -1
		for _, cell := range cells {
			if s.cand[cell][w]&bit != 0 {
				at = int(cell)
				break
			}
		}
		if at < 0 {
			s.fail(NoPlace, -1, reg, v)
			return fixed
		}
		s.fix(at, v)
		fixed++
		if s.failed {
			return fixed
		}
	}
	return fixed
}
