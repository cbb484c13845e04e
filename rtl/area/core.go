package area

// The version-1 core (docs/microarchitecture.md §1, §4, §5): GridMem and its
// write path, GivenMem, the Evaluator, the search Controller and the Loader.

// gridMem is the grid three times: 3·M words × L bits (row, column and box
// layouts). A RAMB16 port writes whole words, so writing one lane is a
// read-modify-write: every bit of a port's write data chooses between the
// old word and the new lane value.
//
//   - port A writes a row lane over the row word on port A's output
//     (WRITE1/UNDO1) or a box lane over the box word on port B's output
//     (WRITE2/UNDO2): a 5-input function (lane select, lane bit, two old
//     bits, source), 2 LUTs per bit;
//   - port B writes the word register — a row word from the RowAssembler, a
//     column or box word from the Loader, or the column word with lane r
//     replaced (WRITE1/UNDO1): 1 LUT per bit.
//
// The lane selects are two M-line decoders; the addresses are 5:1 (A) and
// 3:1 (B) muxes of the A-bit address with the column and box offsets M + c,
// 2M + b formed by two adders.
func gridMem(x dims) (Block, error) {
	mem, err := newMemory("GridMem", 3*x.M, x.L)
	if err != nil {
		return Block{}, err
	}
	a := clog2(3 * x.M)
	l := Logic{LUT: 2 * x.L}.Add(Logic{LUT: x.L}).
		Add(decoder(x.M).Times(2)).
		Add(mux(5, a)).Add(mux(3, a)).Add(adder(a).Times(2))
	return Block{Name: "GridMem", Logic: l, Memories: []Memory{mem}}, nil
}

// givenMem is one M-bit given mask per row, written from the RowAssembler's
// mask register; its address is a 2:1 mux.
func givenMem(x dims) (Block, error) {
	mem, err := newMemory("GivenMem", x.M, x.M)
	if err != nil {
		return Block{}, err
	}
	return Block{Name: "GivenMem", Logic: mux(2, x.bM), Memories: []Memory{mem}}, nil
}

// laneExtract picks one lane of port A's output word — the cell's current
// value for the Evaluator, the lane being shifted by the Loader's L_ROW and
// L_COL passes, the cell the ResponseUnit sends: one M:1 mux of W bits whose
// select is a 3:1 mux of lane indices.
func laneExtract(x dims) Block {
	return Block{Name: "LaneExtract", Logic: mux(x.M, x.W).Add(mux(3, x.bM))}
}

// evaluator has k columns of 3·M equality comparators, candidate v+1+i against every
// lane of the row, column and box words, with lane enables, a free-candidate
// OR per column and a priority encoder over the k columns.
//
// The k comparators of one lane compare the same lane value x with k
// consecutive candidates, so they are built the way a designer builds a
// comparator bank against consecutive values (the paper's "8-comparador"):
// one shared subtractor d = x − (v+1) per lane (W LUTs), a window flag
// "d < k and lane enabled" (the W−q high bits of d zero, ⌈(W−q+1)/4⌉ LUTs),
// and per column one LUT that decodes d's q low bits (⌈(q+1)/4⌉ LUTs; none at
// k = 1, where the window flag is the comparator). Each column then ORs its
// 3·M hits. The lane enables are an M-bit register loaded from a thermometer
// of the size byte; the candidate arithmetic is three W-bit adders (v+1, the
// found value, v+k) and a cap at S.
func evaluator(x dims) Block {
	lanes := 3 * x.M
	front := adder(x.W).Add(eqConst(x.W - x.q + 1)).Times(lanes)
	perColumn := orTree(lanes)
	if x.k > 1 {
		perColumn = perColumn.Add(Logic{LUT: ceilDiv(x.q+1, 4) * lanes})
	}
	l := front.Add(perColumn.Times(x.k)).
		Add(priorityEncoder(x.k)).
		Add(Logic{LUT: 3 * x.W, FF: 2 * x.W, Paired: 2 * x.W}).
		Add(adder(x.W)).Add(thermometer(x.k)).
		Add(Logic{FF: x.M}).Add(thermometer(x.M))
	return Block{Name: "Evaluator", Logic: l}
}

// controller is the search FSM (START, SEEK, READ1/2, EVAL, WRITE1/2,
// UNDO1/2, DONE, FAIL and the watchdog's stop): row and column counters, the
// box number and position kept by four wrap counters of ⌈log₂ m⌉ bits and
// two lane counters, the latched given-mask word (masked by the lane enables
// as it is latched, a LUT per bit), the thermometer of the lanes after or
// before the current column, the forward and backward priority encoders over
// M lanes, and the watchdog: a wd-bit cycle counter compared with its limit.
func controller(x dims) Block {
	bm := clog2(x.m)
	l := fsm(12, 3).
		Add(counter(x.bM).Times(2)).Add(eq(x.bM).Times(2)).
		Add(counter(bm).Times(4)).Add(eq(bm).Times(4)).
		Add(counter(x.bM).Times(2)).
		Add(Logic{LUT: x.M, FF: x.M, Paired: x.M}).
		Add(thermometer(x.M)).
		Add(priorityEncoder(x.M).Times(2)).
		Add(counter(x.wd)).Add(eqConst(x.wd))
	return Block{Name: "Controller", Logic: l}
}

// loader builds the column and box layouts and checks the givens
// (docs/microarchitecture.md §4).
//
//   - L_ROW, L_COL and L_BOX all shift one lane per cycle through
//     LaneExtract into one one-hot decoder (M lines) and the M-bit seen
//     register; the word register assembles the column or box word (lane
//     enabled by GridMem's lane decoder).
//   - seen: each of the M bits is set by its decoder line (a LUT over the
//     line, the bit and the clear); a clash is the line hitting a set bit
//     (an AND per line, M of them ORed).
//   - five counters of ⌈log₂ M⌉ bits with their end comparators: the region
//     and lane counters of the pass, and the box pass's address arithmetic
//     (row (b/n)·n + i/n and lane (b mod n)·n + i mod n, kept as counters
//     that step and wrap at n, like the controller's box counters).
func loader(x dims) Block {
	l := fsm(5, 2).
		Add(counter(x.bM).Times(5)).Add(eq(x.bM).Times(5)).
		Add(decoder(x.M)).
		Add(Logic{FF: x.M, Paired: x.M}).Add(orTree(3).Times(x.M)).
		Add(Logic{LUT: x.M}).Add(orTree(x.M))
	return Block{Name: "Loader", Logic: l}
}

// wordRegister is the one L-bit register the rx, load and search phases
// share (they never overlap): the RowAssembler collects a row in it, the
// Loader assembles column and box words in it, the search copies the column
// word into it from port A. Lane j's D input is a 2:1 mux of W bits between
// the byte bus (itself a 2:1 mux of the received byte and the lane extract)
// and port A's lane j; the clock enables come from the lane decoders.
func wordRegister(x dims) Block {
	l := Logic{FF: x.L, Paired: x.L}.Add(mux(2, x.W)).Add(mux(2, x.W).Times(x.M))
	return Block{Name: "WordRegister", Logic: l}
}
