package logic

// scratch holds the buffers the passes reuse, so that no pass allocates once
// a State has run each heuristic once.
type scratch struct {
	pos       []Set   // per value v (index v-1): positions (1-based) inside the region
	list      []int32 // eligible values or region positions of a subset pass
	combo     [5]int32
	bandLines []Set // per (box of the band, line): union of its candidates

	// forced cells
	trail    []change
	acc      []Set   // per cell: union of the branch domains
	accCount []int32 // per cell: branches that touched it this round
	accMark  []int32 // per cell: round stamp of accCount
	touched  []int32 // cells touched in every branch so far
	round    int32
}

func (s *State) scratch() *scratch {
	if s.work == nil {
		n := s.geo.size
		s.work = &scratch{
			pos:  make([]Set, n),
			list: make([]int32, 0, n),
		}
	}
	return s.work
}
