package bnb

import (
	"math/bits"

	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
)

// The timing model of version 2 (docs/microarchitecture.md §10): the
// heuristic passes run on a plain candidate state, as the paper's software
// did, and each region step adds the cycles the document gives for it. Like
// the rest of fast mode it shares no code with the cycle-level units.

// fastHeurState is the candidate state: the grid, the effective candidates of
// every cell (empty for a filled cell) and the values missing per region.
type fastHeurState struct {
	n, size  int
	values   []uint8
	cand     []fastSet
	miss     []fastSet
	regCells [][]int
	cellReg  [][3]int
	empty    int
	full     fastSet
}

func newFastHeurState(g *sudoku.Grid) *fastHeurState {
	n, size := g.Order, g.Size()
	s := &fastHeurState{n: n, size: size, values: append([]uint8(nil), g.Cells...),
		cand: make([]fastSet, size*size), miss: make([]fastSet, 3*size),
		regCells: make([][]int, 3*size), cellReg: make([][3]int, size*size)}
	for v := 1; v <= size; v++ {
		s.full.add(v)
	}
	for reg := range s.regCells {
		s.regCells[reg] = make([]int, size)
	}
	for r := 0; r < size; r++ {
		for c := 0; c < size; c++ {
			cell, b := r*size+c, (r/n)*n+c/n
			s.regCells[r][c] = cell
			s.regCells[size+c][r] = cell
			s.regCells[2*size+b][(r%n)*n+c%n] = cell
			s.cellReg[cell] = [3]int{r, size + c, 2*size + b}
		}
	}
	for reg := range s.miss {
		s.miss[reg] = s.full
		for _, cell := range s.regCells[reg] {
			if v := s.values[cell]; v != 0 {
				s.miss[reg].del(int(v))
			}
		}
	}
	for cell, v := range s.values {
		if v == 0 {
			s.empty++
			rg := s.cellReg[cell]
			for w := range s.cand[cell] {
				s.cand[cell][w] = s.miss[rg[0]][w] & s.miss[rg[1]][w] & s.miss[rg[2]][w]
			}
		}
	}
	return s
}

func (s *fastHeurState) fix(cell, v int) {
	s.values[cell] = uint8(v)
	s.cand[cell] = fastSet{}
	s.empty--
	for _, reg := range s.cellReg[cell] {
		s.miss[reg].del(v)
		for _, p := range s.regCells[reg] {
			s.cand[p].del(v)
		}
	}
}

func fastCount(s *fastSet) int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

func fastFirst(s *fastSet) int {
	for w, x := range s {
		if x != 0 {
			return w*64 + bits.TrailingZeros64(x) + 1
		}
	}
	return 0
}

// fastHeuristics runs the Fig. 13 strategy over the units and returns the
// heuristic phase's cycles, the units' counters, whether a contradiction was
// found, and the state left for the search.
func fastHeuristics(g *sudoku.Grid, units []logic.Heuristic, par uint64) (uint64, []UnitStats, bool, *fastHeurState) {
	s := newFastHeurState(g)
	stats := make([]UnitStats, len(units))
	for i, u := range units {
		stats[i].Heuristic = u
	}
	after := 0
	for after < len(units) && units[after] == logic.NakedSingle {
		after++
	}
	var total uint64
	i := 0
	for i < len(units) && s.empty > 0 {
		k := unitK(units[i])
		st := &stats[i]
		st.Passes++
		cyc := uint64(1) // the controller's cycle that starts the pass
		var fixed, removed int
		var bad bool
		switch k {
		case 0:
			fixed, bad = s.singlePass(&cyc)
		case 1:
			fixed, bad = s.hiddenSinglePass(&cyc)
		default:
			removed, bad = s.subsetPass(k, par, &cyc)
		}
		st.Cycles += cyc
		st.Fixed += fixed
		st.Removed += removed
		total += cyc
		if bad {
			return total, stats, true, s
		}
		switch {
		case fixed > 0:
			i = 0
		case removed > 0 && k >= 2:
			i = after
		case removed > 0:
			i = 0
		default:
			i++
		}
	}
	return total + 1, stats, false, s // the controller's cycle that leaves for the search
}

// singlePass: per row, 1 + (S+1) + 3 per fix; the cell in column j is seen
// in the region's cycle j + 3 + 3·(fixes before it).
func (s *fastHeurState) singlePass(cyc *uint64) (int, bool) {
	size, fixed := s.size, 0
	for r := 0; r < size; r++ {
		f := 0
		for j, cell := range s.regCells[r] {
			if s.values[cell] != 0 {
				continue
			}
			switch fastCount(&s.cand[cell]) {
			case 0:
				*cyc += uint64(j + 3 + 3*f)
				return fixed, true
			case 1:
				s.fix(cell, fastFirst(&s.cand[cell]))
				f++
				fixed++
			}
		}
		*cyc += uint64(size + 2 + 3*f)
	}
	return fixed, false
}

// hiddenSinglePass: per region, 1 + (S+1) + 1 (decide) + 3 per value fixed.
func (s *fastHeurState) hiddenSinglePass(cyc *uint64) (int, bool) {
	size, fixed := s.size, 0
	for reg := 0; reg < 3*size; reg++ {
		cells := s.regCells[reg]
		var once, twice fastSet
		for _, cell := range cells {
			for w := range once {
				twice[w] |= once[w] & s.cand[cell][w]
				once[w] |= s.cand[cell][w]
			}
		}
		base := uint64(size + 3)
		lost := s.miss[reg]
		for w := range lost {
			lost[w] &^= once[w]
		}
		if fastCount(&lost) > 0 {
			*cyc += base
			return fixed, true
		}
		f := 0
		for v := 1; v <= size; v++ {
			if !once.has(v) || twice.has(v) {
				continue
			}
			at := -1
			for _, cell := range cells {
				if s.cand[cell].has(v) {
					at = cell
					break
				}
			}
			if at < 0 { // its cell was taken by an earlier value of this step
				*cyc += base + uint64(3*f) + 1
				return fixed, true
			}
			s.fix(at, v)
			f++
			fixed++
		}
		*cyc += base + uint64(3*f)
	}
	return fixed, false
}

// subsetPass: per region, 1 + (S+1) + 1 (decide), then when k or more values
// occur 2..k times: the comparator sweeps the C(L, k) combinations P per
// cycle, restarting after each hit, and each hit costs k+1 removal cycles.
func (s *fastHeurState) subsetPass(k int, par uint64, cyc *uint64) (int, bool) {
	size, removed := s.size, 0
	pos := make([]fastSet, size+1) // positions (1-based) of each value
	var list []int
	for reg := 0; reg < 3*size; reg++ {
		cells := s.regCells[reg]
		*cyc += uint64(size + 3)
		for v := range pos {
			pos[v] = fastSet{}
		}
		for i, cell := range cells {
			cs := s.cand[cell]
			for v := fastFirst(&cs); v != 0; v = fastFirst(&cs) {
				cs.del(v)
				pos[v].add(i + 1)
			}
		}
		list = list[:0]
		for v := 1; v <= size; v++ {
			if n := fastCount(&pos[v]); s.miss[reg].has(v) && n >= 2 && n <= k {
				list = append(list, v)
			}
		}
		if len(list) < k {
			continue
		}
		total := binom[len(list)][k]
		var next uint64 // first combination not yet compared
		var idx [5]int
		bad := false
		// Depth-first in lexicographic order, as the comparator's sweep
		// would meet them; a prefix covering more than k cells has no hit.
		var walk func(depth, start int, u fastSet) bool
		walk = func(depth, start int, u fastSet) bool {
			for j := start; j < len(list); j++ {
				var nu fastSet
				for w := range nu {
					nu[w] = u[w] | pos[list[j]][w]
				}
				c := fastCount(&nu)
				if c > k {
					continue
				}
				idx[depth] = j
				if depth+1 < k {
					if walk(depth+1, j+1, nu) {
						return true
					}
					continue
				}
				rank := comboRank(idx[:k], len(list))
				*cyc += (rank-next)/par + 1
				next = rank + 1
				if c < k {
					bad = true
					return true
				}
				*cyc += uint64(k + 1)
				var keep fastSet
				for _, x := range idx[:k] {
					keep.add(list[x])
				}
				for q := 1; q <= size; q++ {
					if !nu.has(q) {
						continue
					}
					cell := cells[q-1]
					for x := 1; x <= size; x++ {
						if s.cand[cell].has(x) && !keep.has(x) {
							s.cand[cell].del(x)
							pos[x].del(q)
							removed++
						}
					}
				}
			}
			return false
		}
		walk(0, 0, fastSet{})
		if bad {
			return removed, true
		}
		end := (total - next + par - 1) / par
		if end == 0 {
			end = 1
		}
		*cyc += end
	}
	return removed, false
}
