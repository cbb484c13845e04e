package area

// The UART front end (docs/microarchitecture.md §1, §3): receiver, frame
// codec, transmitter and response unit. Absent in the direct-load build.

// receiver is the 8N1 receiver: a bit-time counter of d bits and its
// half/full-bit compare, a 4-bit bit counter, the 8-bit shift register, a
// two-stage synchroniser on rxd, and a three-state FSM.
func receiver(x dims) Block {
	l := counter(x.d).Add(eqConst(x.d)).
		Add(counter(4)).Add(eqConst(4)).
		Add(register(8 + 2)).
		Add(fsm(3, 2))
	return Block{Name: "Receiver", Logic: l}
}

// transmitter is the 8N1 transmitter: bit-time counter, bit counter and a
// 10-bit frame shift register that loads or shifts (a 2:1 mux per bit).
func transmitter(x dims) Block {
	l := counter(x.d).Add(eqConst(x.d)).
		Add(counter(4)).Add(eqConst(4)).
		Add(Logic{LUT: 10, FF: 10, Paired: 10}).
		Add(fsm(3, 2))
	return Block{Name: "Transmitter", Logic: l}
}

// frameCodec hunts for the A5 3C 5A C3 header (four byte compares in a
// six-state FSM), holds the size byte and checks it (an 8-input function:
// a square of 2..m — sixteen LUTs under the MUXF tree — and a magnitude
// compare), checks each cell against S, counts rows and columns, and keeps
// the running checksum: an 8-bit add/subtract accumulator with the (−1)^(r+c)
// parity flip-flop, compared with the frame's checksum byte at the end.
func frameCodec(x dims) Block {
	l := fsm(6, 2).Add(eqConst(8).Times(4)).
		Add(register(8)).Add(Logic{LUT: 16}).Add(adder(8)).
		Add(adder(8)).
		Add(counter(x.bM).Times(2)).Add(eq(x.bM).Times(2)).
		Add(Logic{LUT: 8, FF: 9, Paired: 9}).Add(eq(8))
	return Block{Name: "FrameCodec", Logic: l}
}

// responseUnit sends the answer: a byte-source mux over header, checksum,
// size and the cell lane of the row word on port A (that lane extract is the
// shared LaneExtract), with row and column counters.
func responseUnit(x dims) Block {
	l := fsm(5, 2).Add(mux(4, 8)).
		Add(counter(x.bM).Times(2)).Add(eq(x.bM).Times(2))
	return Block{Name: "ResponseUnit", Logic: l}
}

// rowAssembler collects the cells of a row in the word register, one lane
// per received byte (its lane decoder drives the clock enables), and the
// row's given mask in an M-bit register (the byte's non-zero detect
// broadcast to every lane). Present with and without the UART: the direct
// link writes the same words.
func rowAssembler(x dims) Block {
	l := register(x.M).Add(decoder(x.M)).Add(eqConst(8))
	return Block{Name: "RowAssembler", Logic: l}
}

// checksumRegister keeps the grid's checksum: on a write of x over o at
// (r, c) it adds (−1)^(r+c)·(x − o) — a subtractor and an add/subtract
// stage into an 8-bit register.
func checksumRegister() Block {
	return Block{Name: "ChecksumRegister", Logic: adder(8).Add(Logic{LUT: 8, FF: 8, Paired: 8})}
}

// inputFIFO is the optional input buffer (issue 13; not in the paper): a
// block-RAM FIFO of depth decoder events between the frame decoder and the
// RowAssembler, so a frame that arrives while the Core is busy waits
// instead of being lost. A word is 10 bits — the event kind (start, cell,
// done: 2 bits) and its byte (order, cell value or status); the cell index
// is not stored, the RowAssembler's row and column counters regenerate it
// (inferred). Logic: write and read pointers with their compare, an
// occupancy counter for full/empty, and the read-side mux that lets the
// decoder's event through when the FIFO is empty (so a frame sent to an
// idle Core takes no extra cycle).
func inputFIFO(depth int) (Block, error) {
	m, err := newMemory("InputFIFO", depth, 10)
	if err != nil {
		return Block{}, err
	}
	a := clog2(depth)
	l := counter(a).Times(2).Add(eq(a)).
		Add(counter(a + 1)).Add(eqConst(a + 1)).
		Add(mux(2, 10)).Add(fsm(2, 2))
	return Block{Name: "InputFIFO", Logic: l, Memories: []Memory{m}}, nil
}
