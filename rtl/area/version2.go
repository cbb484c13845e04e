package area

import "sudokusim/sudoku/logic"

// Version 2 (seed 000 §3.5; docs/microarchitecture.md §10): version 1 in
// full — its GridMem, GivenMem (now also marking the cells the units fix),
// Evaluator, Controller and Loader — plus the candidate memory (one M-bit
// word per cell, N⁶ bits), the missing-values memory (one M-bit word per
// row, column and box), the region front end the units share, the heuristic
// units and the Fig. 13 strategy controller.

// DefaultSubsetUnits mirrors bnb.DefaultSubsetUnits: the hidden-subset
// comparator's combinations per cycle when Params.SubsetUnits is 0.
const DefaultSubsetUnits = 1

// versionTwo is the processor with heuristic units.
func versionTwo(p Params, x dims) ([]Block, error) {
	blocks, err := versionOne(p, x)
	if err != nil {
		return nil, err
	}
	cand, err := candMem(x)
	if err != nil {
		return nil, err
	}
	miss, err := missMem(x)
	if err != nil {
		return nil, err
	}
	blocks = append(blocks, cand, miss, candidateWindow(x), fixPath(x), regionFrontEnd(x), strategy(p, x))
	if p.has(logic.NakedSingle) {
		blocks = append(blocks, singleUnit(x))
	}
	if s := p.scanSlots(); s > 0 {
		blocks = append(blocks, scanRegisters(x, s))
	}
	if p.has(logic.HiddenSingles) {
		blocks = append(blocks, hiddenSingleUnit(x))
	}
	if s := p.subsetSize(); s > 0 {
		blocks = append(blocks, hiddenSubsetUnit(x, s, p.subsetUnits()))
	}
	for i := range blocks {
		if !blocks[i].Calibrated && blocks[i].Name != "InputFIFO" {
			blocks[i].Spread = Version2Spread
		}
	}
	return blocks, nil
}

// GridBits is seed 000 Table 4's grid storage for order n: N⁴ cells of a
// value (⌈log₂(N²+1)⌉ bits) and a flag. The modelled design keeps version
// 1's three 8-bit layouts instead (24·N⁴ bits).
func GridBits(n int) int {
	M := n * n
	return M * M * (clog2(M+1) + 1)
}

// CandidateBits is Table 4's candidate storage for order n: N² bits per
// cell, N⁶ in all — CandMem exactly.
func CandidateBits(n int) int {
	M := n * n
	return M * M * M
}

// candMem holds the candidates the heuristic rules left, one M-bit word per
// cell. Its write data is a 5-input function per bit (2 LUTs): the load's
// initial word (∅ for a given, the enabled lanes otherwise), ∅ for a fixed
// cell, or the old word ANDed with the keep mask of a hidden subset.
func candMem(x dims) (Block, error) {
	mem, err := newMemory("CandMem", x.M*x.M, x.M)
	if err != nil {
		return Block{}, err
	}
	l := Logic{LUT: 2 * x.M}.Add(mux(3, clog2(x.M*x.M)))
	return Block{Name: "CandMem", Logic: l, Memories: []Memory{mem}}, nil
}

// missMem holds the values still missing in every row, column and box. The
// loader writes the complement of its seen register; a fix clears value x
// in three words, old word AND NOT decoded x — a LUT per bit on each port,
// and the value decoder.
func missMem(x dims) (Block, error) {
	mem, err := newMemory("MissMem", 3*x.M, x.M)
	if err != nil {
		return Block{}, err
	}
	l := Logic{LUT: 2 * x.M}.Add(decoder(x.M)).Add(mux(3, clog2(3*x.M)).Times(2))
	return Block{Name: "MissMem", Logic: l, Memories: []Memory{mem}}, nil
}

// candidateWindow lets the search honour the candidate sets: each of the k
// evaluator columns picks its candidate's bit out of the cell's CandMem word
// (an M:1 one-bit mux) as one more operand of its OR.
func candidateWindow(x dims) Block {
	return Block{Name: "CandidateWindow", Logic: mux(x.M, 1).Add(Logic{LUT: 1}).Times(x.k)}
}

// fixPath is how a unit fixes a cell through version 1's write ports: the
// value and lane sources of GridMem's ports gain the fix (a 2:1 mux of W
// bits and of each port's address), and GivenMem's write data ORs the
// cell's bit into the row mask (a LUT per bit and a column decoder).
func fixPath(x dims) Block {
	a := clog2(3 * x.M)
	l := mux(2, x.W).Add(mux(2, a).Times(2)).Add(Logic{LUT: x.M}).Add(decoder(x.M))
	return Block{Name: "FixPath", Logic: l}
}

// regionFrontEnd is the region step every unit shares (H_REGION, H_SCAN):
// the region's filled lanes (a non-zero detect per lane of the GridMem word,
// registered) and missing word (registered), the effective candidates of
// the scanned cell (a 4-input AND per value, registered), and the address
// generators — region and index counters, the cell's row, column and box
// counters, and the CandMem address stepped by 1, M or the box stride.
func regionFrontEnd(x dims) Block {
	a2 := clog2(x.M * x.M)
	l := eqConst(x.W).Times(x.M).Add(Logic{FF: x.M, Paired: x.M}).
		Add(register(x.M)).
		Add(Logic{LUT: x.M, FF: x.M, Paired: x.M}).
		Add(counter(clog2(3 * x.M))).Add(counter(x.bM).Times(4)).
		Add(counter(a2)).Add(mux(3, a2))
	return Block{Name: "RegionFrontEnd", Logic: l}
}

// strategy is the Fig. 13 controller (H_PASS): a one-hot FSM over the
// heuristic states, the unit index, the pass's fix and removal flags and
// the empty-cell counter.
func strategy(p Params, x dims) Block {
	l := fsm(10, 3).Add(counter(clog2(len(p.Heuristics) + 1))).
		Add(Logic{LUT: 2, FF: 2, Paired: 2}).
		Add(counter(clog2(x.M*x.M + 1))).Add(eqConst(clog2(x.M*x.M + 1)))
	return Block{Name: "Strategy", Logic: l}
}

// singleUnit finds a cell with one candidate: priority encoders from the low
// and the high end of the effective word agree (seed 000 §3.5.3: "the first
// and the last candidate coincide"); an OR over the word flags an empty set.
func singleUnit(x dims) Block {
	l := priorityEncoder(x.M).Times(2).Add(eq(x.bM)).Add(orTree(x.M))
	return Block{Name: "SingleUnit", Logic: l}
}

// scanSlots is the number of positions the scan registers keep per value:
// one for hidden single, k for the largest hidden subset.
func (p Params) scanSlots() int {
	s := p.subsetSize()
	if s == 0 && p.has(logic.HiddenSingles) {
		s = 1
	}
	return s
}

// scanRegisters are the per-value registers the hidden units fill during
// the scan: an occurrence counter saturating above s (⌈log₂(s+2)⌉ bits) and
// the first s positions in the region where the value is a candidate (bM
// bits each, loaded from the index bus; a slot-enable LUT each). This is the
// paper's structure (seed 000 §3.5.3: counters and position registers per
// candidate); it decides exactly what the simulator's per-value position
// sets decide, since a value seen more than s times never takes part.
func scanRegisters(x dims, s int) Block {
	cb := clog2(s + 2)
	perValue := counter(cb).Add(register(s * x.bM)).Add(Logic{LUT: s})
	return Block{Name: "ScanRegisters", Logic: perValue.Times(x.M)}
}

// hiddenSingleUnit decides after the scan: a missing value counted zero
// times is a contradiction (an AND per value and their OR); the values
// counted once are fixed one after the other — a priority encoder picks the
// next, an M:1 mux fetches its position, and its flag is cleared.
func hiddenSingleUnit(x dims) Block {
	l := Logic{LUT: x.M}.Add(orTree(x.M)).
		Add(Logic{LUT: x.M, FF: x.M, Paired: x.M}).
		Add(priorityEncoder(x.M)).Add(mux(x.M, x.bM))
	return Block{Name: "HiddenSingleUnit", Logic: l}
}

// hiddenSubsetUnit is the comparator of hidden pairs, triples and quads up
// to size s, testing P combinations per cycle (H_DECIDE, H_COMB, H_REMOVE).
//
//   - qualify: a value still missing and counted 2..s (a LUT per value);
//   - enumerate: the combinations of qualifying values in lexicographic
//     order are s cursors; the s−1 leading cursors are registers with a
//     "next qualifying value" circuit each (a thermometer above the cursor
//     and a priority encoder over M), the last element of the P combinations
//     of a cycle is P such circuits chained;
//   - operands: s−1+P M:1 muxes fetch the counts and positions of the
//     cursor values (⌈log₂(s+2)⌉ + s·bM bits each);
//   - union: per combination, the s·s positions are compared pairwise
//     (C(s², 2) comparators of bM bits) and the distinct ones counted (an
//     s²-input adder tree, about s² LUTs); exactly s is a hit;
//   - remove: the s values of the hit decoded into the keep mask (s decoders
//     of M lines and an OR per value).
func hiddenSubsetUnit(x dims, s, units int) Block {
	cb := clog2(s + 2)
	operand := cb + s*x.bM
	next := thermometer(x.M).Add(priorityEncoder(x.M))
	ss := s * s
	union := eq(x.bM).Times(ss * (ss - 1) / 2).Add(Logic{LUT: ss}).Add(eqConst(clog2(ss + 1)))
	l := Logic{LUT: x.M}.
		Add(counter(x.bM).Times(s)).Add(next.Times(s - 1 + units)).
		Add(mux(x.M, operand).Times(s - 1 + units)).
		Add(union.Times(units)).Add(priorityEncoder(units)).
		Add(decoder(x.M).Times(s)).Add(Logic{LUT: x.M})
	return Block{Name: "HiddenSubsetUnit", Logic: l}
}
