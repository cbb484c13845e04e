package bnb

import (
	"math/bits"

	"sudokusim/sudoku"
)

// This file is the independent timing model ("fast mode"). It runs the
// version-1 search as ordinary software and adds up the costs written in
// docs/microarchitecture.md §4–§6 without simulating a cycle. It shares no
// code with the cycle-level model on purpose: when the two disagree, one of
// them has drifted from the document.

// fastSet is a set of values 1..225, bit v-1 of word (v-1)/64.
type fastSet [4]uint64

func (s *fastSet) has(v int) bool { return s[(v-1)>>6]&(1<<uint((v-1)&63)) != 0 }
func (s *fastSet) add(v int)      { s[(v-1)>>6] |= 1 << uint((v-1)&63) }
func (s *fastSet) del(v int)      { s[(v-1)>>6] &^= 1 << uint((v-1)&63) }

// lowestFreeAbove returns the smallest value x in v+1..size absent from the
// union u, or 0.
func lowestFreeAbove(u *fastSet, v, size int) int {
	for x := v + 1; x <= size; {
		w := (x - 1) >> 6
		free := ^u[w] >> uint((x-1)&63)
		if free != 0 {
			y := x + bits.TrailingZeros64(free)
			if y <= size && (y-1)>>6 == w {
				return y
			}
		}
		x = (w+1)*64 + 1
	}
	return 0
}

// fastEvalCycles is the evaluator cost of §5: ⌊(x−v−1)/k⌋+1 when the free
// candidate x is found, max(1, ⌈(S−v)/k⌉) when the cell is exhausted (x = 0).
func fastEvalCycles(v, x, size, k int) uint64 {
	if x != 0 {
		return uint64((x-v-1)/k + 1)
	}
	e := (size - v + k - 1) / k
	if e < 1 {
		e = 1
	}
	return uint64(e)
}

// fastLoad returns the load-phase cycles of §4 and whether the givens clash.
func fastLoad(g *sudoku.Grid) (uint64, bool) {
	n, size := g.Order, g.Size()
	var seen fastSet
	// L_ROW: row r lane j is examined in cycle 2 + r·S + j.
	for r := 0; r < size; r++ {
		seen = fastSet{}
		for j := 0; j < size; j++ {
			v := g.At(r, j)
			if v == 0 {
				continue
			}
			if seen.has(v) {
				return uint64(2 + r*size + j), true
			}
			seen.add(v)
		}
	}
	load := uint64(size*size + 1)
	// L_COL: read q = c·S + r in cycle q+1, its lane examined in cycle q+2.
	for c := 0; c < size; c++ {
		seen = fastSet{}
		for r := 0; r < size; r++ {
			v := g.At(r, c)
			if v == 0 {
				continue
			}
			if seen.has(v) {
				return load + uint64(c*size+r+2), true
			}
			seen.add(v)
		}
	}
	load += uint64(size*size + 2)
	// L_BOX: read q = b·S + i (lane i of box b) in cycle q+1, examined in
	// cycle q+2.
	for b := 0; b < size; b++ {
		seen = fastSet{}
		for i := 0; i < size; i++ {
			v := g.At((b/n)*n+i/n, (b%n)*n+i%n)
			if v == 0 {
				continue
			}
			if seen.has(v) {
				return load + uint64(b*size+i+2), true
			}
			seen.add(v)
		}
	}
	return load + uint64(size*size+2), false
}

// progressNodes is how often (in search nodes, some 0.03 s of the timing
// model) a long fast-mode search reports its progress.
const progressNodes = 1 << 20

// fastSearchResult is what the timing model's search reports.
type fastSearchResult struct {
	status   Status
	cycles   uint64
	stats    SearchStats
	solution *sudoku.Grid
}

// fastSearch runs the version-1 depth-first search on g (which must have
// no clashing givens) with k candidates per cycle and a watchdog of limit
// search cycles, adding up the costs of §5–§6. cands, when not nil, are the
// candidate sets the heuristics left (version 2): the evaluator skips the
// values missing from them. progress, when not nil, is told the search
// cycles so far every progressNodes nodes.
func fastSearch(g *sudoku.Grid, k int, limit uint64, cands []fastSet, progress func(searchCycles uint64)) fastSearchResult {
	size := g.Size()
	n := g.Order
	cells := append([]uint8(nil), g.Cells...)
	// One entry per empty cell, in search order: where its row, column and
	// box sets are, and the SEEK cycles to the next and previous empty cell.
	type emptyCell struct {
		cell          int32
		row, col, box int16
		fwd, bwd      uint32 // SEEK cycles: one per row looked at
	}
	var empties []emptyCell
	for i, v := range cells {
		if v == 0 {
			r, c := i/size, i%size
			empties = append(empties, emptyCell{cell: int32(i), row: int16(r), col: int16(c), box: int16((r/n)*n + c/n)})
		}
	}
	for i := range empties {
		r := uint32(empties[i].row)
		if i+1 < len(empties) {
			empties[i].fwd = uint32(empties[i+1].row) - r + 1
		} else {
			empties[i].fwd = uint32(size) - r // to DONE past the last row
		}
		if i > 0 {
			empties[i].bwd = r - uint32(empties[i-1].row) + 1
		} else {
			empties[i].bwd = r + 1 // to FAIL before the first row
		}
	}
	// sets[0:S] rows, sets[S:2S] columns, sets[2S:3S] boxes.
	sets := make([]fastSet, 3*size)
	for i, v := range cells {
		if v != 0 {
			r, c := i/size, i%size
			sets[r].add(int(v))
			sets[size+c].add(int(v))
			sets[2*size+(r/n)*n+c/n].add(int(v))
		}
	}
	var res fastSearchResult
	// START, then the seek from before (0,0).
	t := uint64(1)
	if len(empties) == 0 {
		t += uint64(size)
	} else {
		t += uint64(empties[0].row) + 1
	}
	if t > limit {
		res.status, res.cycles = Timeout, limit
		return res
	}
	for i := 0; i < len(empties); {
		e := &empties[i]
		rs, cs, bs := &sets[e.row], &sets[size+int(e.col)], &sets[2*size+int(e.box)]
		v := int(cells[e.cell])
		u := fastSet{rs[0] | cs[0] | bs[0], rs[1] | cs[1] | bs[1], rs[2] | cs[2] | bs[2], rs[3] | cs[3] | bs[3]}
		if cands != nil {
			for w := range u {
				u[w] |= ^cands[e.cell][w]
			}
		}
		x := lowestFreeAbove(&u, v, size)
		t1 := t + 2 + fastEvalCycles(v, x, size, k) + 1 // the WRITE1 / UNDO1 cycle
		if t1 > limit {
			res.status, res.cycles = Timeout, limit
			return res
		}
		if v != 0 {
			rs.del(v)
			cs.del(v)
			bs.del(v)
		}
		if x != 0 {
			res.stats.Nodes++
			if progress != nil && res.stats.Nodes%progressNodes == 0 {
				progress(t1)
			}
			rs.add(x)
			cs.add(x)
			bs.add(x)
			cells[e.cell] = uint8(x)
			if i+1 > res.stats.MaxDepth {
				res.stats.MaxDepth = i + 1
			}
			t = t1 + uint64(e.fwd) // WRITE2 holds the first SEEK cycle
			i++
		} else {
			res.stats.Backtracks++
			cells[e.cell] = 0
			t = t1 + uint64(e.bwd) // UNDO2 holds the first SEEK cycle
			i--
		}
		if t > limit {
			res.status, res.cycles = Timeout, limit
			return res
		}
		if i < 0 {
			res.status, res.cycles = Unsolvable, t
			return res
		}
	}
	res.status, res.cycles = Solved, t
	res.solution = &sudoku.Grid{Order: n, Cells: cells}
	return res
}
