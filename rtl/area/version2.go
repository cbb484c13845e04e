package area

import "sudokusim/sudoku/logic"

// Version 2 (seed 000 §3.5): three memories — the grid once, cell by cell,
// with a fixed flag (Table 4's grid bits), the candidate set of every cell
// (M bits per cell, N⁶ bits in all) and the values still missing in every
// row, column and box — the heuristic units of the paper's hardware set and
// the version-1 search run on what is left, its pruning read from the
// missing-values memory instead of comparators.

// versionTwo is the processor with heuristic units.
func versionTwo(p Params, x dims) ([]Block, error) {
	var blocks []Block
	for _, mk := range []func(dims) (Block, error){cellGrid, fixedMem, candMem, missingMem} {
		b, err := mk(x)
		if err != nil {
			return nil, err
		}
		blocks = append(blocks, b)
	}
	b := frontEnd(p, x)
	b = append(b, blocks...)
	b = append(b, candidateEvaluator(x), controller(x), loaderTwo(x), strategy(p))
	if p.has(logic.NakedSingle) {
		b = append(b, singleUnit(x))
	}
	if p.has(logic.HiddenSingles) {
		b = append(b, hiddenSingleUnit(x))
	}
	if s := p.subsetSize(); s > 0 {
		b = append(b, hiddenSubsetUnit(x, s, p.subsetUnits()))
	}
	return b, nil
}

// GridBits is Table 4's grid storage for order n: N⁴ cells of a value
// (⌈log₂(N²+1)⌉ bits) and its fixed flag.
func GridBits(n int) int {
	M := n * n
	return M * M * (clog2(M+1) + 1)
}

// CandidateBits is Table 4's candidate storage for order n: N² bits per
// cell, N⁶ in all.
func CandidateBits(n int) int {
	M := n * n
	return M * M * M
}

// cellGrid is the grid, one word per cell: the value (bv bits) and the fixed
// flag; a cell write is a 2:1 mux of the word.
func cellGrid(x dims) (Block, error) {
	mem, err := newMemory("GridMem", x.M*x.M, x.bv+1)
	if err != nil {
		return Block{}, err
	}
	return Block{Name: "GridMem", Logic: mux(2, x.bv+1), Memories: []Memory{mem}}, nil
}

// fixedMem is the version-1 GivenMem grown into the mask of fixed cells
// (givens and cells the heuristics fixed), one M-bit word per row, so that
// SEEK still skips them with a priority encoder; setting a bit is a lane
// merge, a LUT per bit, with its decoder.
func fixedMem(x dims) (Block, error) {
	mem, err := newMemory("FixedMem", x.M, x.M)
	if err != nil {
		return Block{}, err
	}
	return Block{Name: "FixedMem", Logic: Logic{LUT: x.M}.Add(decoder(x.M)), Memories: []Memory{mem}}, nil
}

// candMem holds the candidate set of every cell, one M-bit word per cell
// (Table 4's N⁶ bits). A heuristic's elimination writes the word ANDed with
// a mask (a LUT per bit); the word read is registered (M flip-flops behind
// that LUT).
func candMem(x dims) (Block, error) {
	mem, err := newMemory("CandMem", x.M*x.M, x.M)
	if err != nil {
		return Block{}, err
	}
	return Block{Name: "CandMem", Logic: Logic{LUT: x.M, FF: x.M, Paired: x.M}, Memories: []Memory{mem}}, nil
}

// missingMem holds, for every row, column and box, the M-bit set of values
// still missing; fixing value v clears bit v in three words (two ports: a
// lane merge of a LUT per bit on each) through a value decoder.
func missingMem(x dims) (Block, error) {
	mem, err := newMemory("MissingMem", 3*x.M, x.M)
	if err != nil {
		return Block{}, err
	}
	return Block{Name: "MissingMem", Logic: Logic{LUT: 2 * x.M}.Add(decoder(x.M)), Memories: []Memory{mem}}, nil
}

// candidateEvaluator is the version-2 pruning: the free set is the cell's
// candidates ANDed with its row's, column's and box's missing values (the
// row and column words registered, M flip-flops each; a LUT per value), the
// k candidates v+1..v+k are picked out of it by k M:1 one-bit muxes, a
// priority encoder over them finds the lowest, and three W-bit adders step
// the value.
func candidateEvaluator(x dims) Block {
	l := Logic{FF: 2 * x.M}.Add(Logic{LUT: x.M}).
		Add(mux(x.M, 1).Times(x.k)).Add(priorityEncoder(x.k)).
		Add(Logic{LUT: 3 * x.bv, FF: 2 * x.bv, Paired: 2 * x.bv})
	return Block{Name: "CandidateEvaluator", Logic: l}
}

// loaderTwo builds the missing-values sets from the givens and the initial
// candidate sets: one lane per cycle through a value decoder into an M-bit
// seen register per pass (row, column, box), a clash check (an AND per value
// and their OR), and the candidate word of each cell (the AND of three
// missing sets, shared with the evaluator's).
func loaderTwo(x dims) Block {
	l := fsm(5, 2).
		Add(counter(x.bM).Times(3)).Add(eq(x.bM).Times(3)).
		Add(decoder(x.M)).Add(Logic{LUT: x.M, FF: x.M, Paired: x.M}).
		Add(Logic{LUT: x.M}).Add(orTree(x.M))
	return Block{Name: "Loader", Logic: l}
}

// strategy is the Fig. 13 sequencer: an eight-state FSM over the units, a
// "fixed a value" and a "removed a candidate" flag, and the region counter
// (3·M regions).
func strategy(p Params) Block {
	x := newDims(p)
	l := fsm(8, 3).Add(Logic{LUT: 2, FF: 2, Paired: 2}).
		Add(counter(clog2(3 * x.M))).Add(eqConst(clog2(3 * x.M)))
	return Block{Name: "Strategy", Logic: l}
}

// singleUnit finds a cell with one candidate: priority encoders from the low
// and the high end of the candidate word; a single candidate is where they
// agree (seed 000 §3.5.3: "the first and the last candidate coincide"); an
// OR over the word flags an empty set (a contradiction).
func singleUnit(x dims) Block {
	l := priorityEncoder(x.M).Times(2).Add(eq(x.bM)).Add(orTree(x.M)).Add(fsm(3, 2))
	return Block{Name: "SingleUnit", Logic: l}
}

// hiddenSingleUnit scans a region cell by cell: per value a saturating
// occurrence counter (0, 1, many: 2 flip-flops behind 2 LUTs) and three
// position registers (row, column, box; seed 000 §3.5.3) loaded from the
// position bus when the value is a candidate of the cell (a clock-enable
// LUT). At the end a priority encoder over the "count is one" flags picks a
// value and an M:1 mux fetches its position.
func hiddenSingleUnit(x dims) Block {
	perValue := Logic{LUT: 3, FF: 2, Paired: 2}.Add(register(3 * x.bM))
	l := perValue.Times(x.M).Add(Logic{LUT: x.M}).
		Add(priorityEncoder(x.M)).Add(mux(x.M, 3*x.bM)).Add(fsm(4, 2))
	return Block{Name: "HiddenSingleUnit", Logic: l}
}

// hiddenSubsetUnit is the shared hidden pair/triple/quad hardware up to
// subset size s (seed 000 §3.5.3: triples and quads reuse the pair unit).
// Per value: an occurrence counter saturating above s and the last s
// positions in the region (bM bits each, a slot-select LUT per slot). Each
// of the P comparison units takes s values per cycle from a combination
// counter (s counters of bM bits): s operand muxes (M:1 over the value's
// count and positions), every position of every operand compared with the
// positions of the first (s³ comparators of bM bits), the counts checked
// (≤ s), and the s values decoded into the keep-mask the eliminations write
// (s decoders of M lines and a LUT per value).
func hiddenSubsetUnit(x dims, s, units int) Block {
	cb := clog2(s + 2)
	perValue := counter(cb).Add(register(s * x.bM)).Add(Logic{LUT: s})
	operand := cb + s*x.bM
	unit := mux(x.M, operand).Times(s).
		Add(eq(x.bM).Times(s * s * s)).
		Add(eqConst(cb).Times(s)).
		Add(decoder(x.M).Times(s)).Add(Logic{LUT: x.M})
	l := perValue.Times(x.M).Add(unit.Times(units)).
		Add(counter(x.bM).Times(s)).Add(fsm(6, 3))
	return Block{Name: "HiddenSubsetUnit", Logic: l}
}
