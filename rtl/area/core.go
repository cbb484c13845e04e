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

// evaluator tests the k candidates v+1 … v+k against every enabled lane of
// the column, row and box words in one cycle (hdl/rtl/evaluator.v, counted
// from the Verilog; docs/microarchitecture.md §5).
//
// The k comparators of one lane compare the same lane value x with k
// consecutive candidates, so they are built the way a designer builds a
// comparator bank against consecutive values (the paper's "8-comparador"):
//
//   - per lane (3·M of them): one subtractor d = x − (v+1), W+1 bits wide
//     (the sign bit keeps x ≤ v from wrapping into the window); the
//     magnitude compare x > v that the Verilog writes beside it (synthesis
//     keeps it: it does not see that it is d's sign); and the window flag
//     "d < k", the W+1−q high bits of d zero (⌈(W+2−q)/4⌉ LUTs with the
//     compare and the lane enable folded in);
//   - per column: one LUT per lane decoding d's q low bits with the window
//     flag (⌈(q+1)/4⌉ LUTs; none at k = 1, where the window flag is the
//     comparator), and the OR of the column's 3·M hits;
//   - the lane enables: lane j < size, a magnitude compare of the size with
//     the constant j, shared by the three lanes of index j;
//   - the candidate tail: the number of candidates left, lim = S − v (W+1
//     bits) capped at k (a W+1-bit compare), the k "i < lim" lines
//     (a thermometer), the priority encoder over the k free candidates, the
//     found value v+1+i formed for every i (k adders of W bits: the Verilog
//     adds each candidate's constant, not the encoded index) and selected by
//     a k:1 mux, and the exhausted test v + k ≥ S (an adder and a compare).
//
// The Evaluator holds no register: the base v and the found value are the
// Controller's.
func evaluator(x dims) Block {
	lanes := 3 * x.M
	front := adder(x.W + 1).Add(adder(x.W)).Add(eqConst(x.W + 2 - x.q)).Times(lanes)
	perColumn := orTree(lanes)
	if x.k > 1 {
		perColumn = perColumn.Add(Logic{LUT: ceilDiv(x.q+1, 4) * lanes})
	}
	enables := eqConst(x.W).Times(x.M)
	tail := adder(x.W + 1).Times(2).
		Add(thermometer(x.k)).Add(priorityEncoder(x.k)).
		Add(adder(x.W).Times(x.k)).Add(mux(x.k, x.W)).
		Add(adder(x.W + 1).Times(2))
	l := front.Add(perColumn.Times(x.k)).Add(enables).Add(tail)
	return Block{Name: "Evaluator", Logic: l}
}

// controller is the search FSM (START, SEEK, READ1/2, EVAL, WRITE1/2,
// UNDO1/2, DONE, FAIL and the watchdog's stop): row and column counters, the
// box number and position kept by four wrap counters of ⌈log₂ m⌉ bits and
// two lane counters, the empty lanes of the row (enabled and not given: a
// LUT per lane over GivenMem's registered output, which holds the row's
// mask from SEEK on), the thermometer of the lanes after or before the
// current column, the forward and backward priority encoders over M lanes,
// the evaluator's base v (a W-bit register stepped by k, its first value
// the cell's lane: a 2:1 mux) and the found value (a W-bit register loaded
// from the evaluator), and the watchdog: a wd-bit cycle counter compared
// with its limit.
//
// Counted from hdl/rtl/sudoku_core.v except two structures the paper's
// design is inferred to build more cheaply than the Verilog twin: the box
// and lane of the cell are wrap counters here, a compare ladder against the
// multiples of n there; the watchdog is sized for t_max at the clock here,
// 64 bits compared with a run-time limit there (the simulator's
// --max-cycles).
func controller(x dims) Block {
	bm := clog2(x.m)
	l := fsm(12, 3).
		Add(counter(x.bM).Times(2)).Add(eq(x.bM).Times(2)).
		Add(counter(bm).Times(4)).Add(eq(bm).Times(4)).
		Add(counter(x.bM).Times(2)).
		Add(Logic{LUT: x.M}).
		Add(thermometer(x.M)).
		Add(priorityEncoder(x.M).Times(2)).
		Add(Logic{LUT: x.W, FF: x.W, Paired: x.W}).Add(mux(2, x.W)).
		Add(register(x.W)).
		Add(counter(x.wd)).Add(eqConst(x.wd))
	return Block{Name: "Controller", Logic: l}
}

// loader builds the column and box layouts and checks the givens
// (docs/microarchitecture.md §4; hdl/rtl/sudoku_core.v).
//
//   - L_ROW, L_COL and L_BOX all shift one lane per cycle through
//     LaneExtract into one one-hot decoder (M lines) and the M-bit seen
//     register; the assembly register collects the column or box word.
//   - seen: each of the M bits is set by its decoder line (a LUT over the
//     line, the bit and the clear); a clash is the line hitting a set bit
//     (an AND per line, M of them ORed).
//   - five counters of ⌈log₂ M⌉ bits with their end comparators: the region
//     and lane counters of the pass, and the box pass's address arithmetic
//     (row (b/n)·n + i/n and lane (b mod n)·n + i mod n, kept as counters
//     that step and wrap at n, like the controller's box counters).
//   - the read step's cell and word: i = rib·n + rim and w = rwb·n + rwm,
//     with the multiples of n kept in three byte-wide registers stepped by
//     n (an adder each) and four byte-wide adders forming the cell index,
//     the word, and the row and lane read;
//   - the lane in flight: GridMem answers a cycle later, so the cell index,
//     lane and word of the read (three bytes) and a valid bit wait a cycle
//     in registers; the completed word's address (A bits) and a pending flag
//     wait for port B.
func loader(x dims) Block {
	a := clog2(3 * x.M)
	l := fsm(5, 2).
		Add(counter(x.bM).Times(5)).Add(eq(x.bM).Times(5)).
		Add(decoder(x.M)).
		Add(Logic{FF: x.M, Paired: x.M}).Add(orTree(3).Times(x.M)).
		Add(Logic{LUT: x.M}).Add(orTree(x.M)).
		Add(Logic{LUT: 3 * 8, FF: 3 * 8, Paired: 3 * 8}).Add(adder(8).Times(4)).
		Add(register(3*8 + 1)).Add(register(a + 1))
	return Block{Name: "Loader", Logic: l}
}

// wordRegister is the three L-bit word registers of the Verilog twin
// (hdl/rtl/sudoku_core.v): the assembly register, in which the
// RowAssembler collects a received row and the Loader a column or box word,
// one lane per byte — lane j's D input a 2:1 mux between its old value and
// the byte bus (itself a 2:1 mux of the received byte and the lane
// extract), selected by the lane's decoder line; the port-B buffer, which
// takes a completed word (the assembly register's D input: no LUT) while
// the assembly register starts the next one; and the column register,
// which holds the search's column word from READ2 on (loaded from port A:
// no LUT). The version of this model calibrated last session counted one
// register shared by the three uses; the twin keeps three, since the
// search reads the column word while port A carries the row, and the
// Loader's next word starts arriving the cycle the last one is written.
func wordRegister(x dims) Block {
	l := Logic{LUT: x.L, FF: x.L, Paired: x.L}.Add(mux(2, x.W)).
		Add(register(x.L).Times(2))
	return Block{Name: "WordRegister", Logic: l}
}
