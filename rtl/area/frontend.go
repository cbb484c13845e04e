package area

// The UART front end (docs/microarchitecture.md §1, §3): receiver, frame
// codec, transmitter and response unit. Absent in the direct-load build.

// receiver is the 8N1 receiver (hdl/uart_rx.v, uart.Receiver): the
// bit-time counter (d bits, loaded with half or a whole bit time) and its
// zero detect, the 4-bit bit counter with its start (0) and stop (< 9)
// compares, the 8-bit shift register (shifted through its clock enable: no
// LUT), the output byte register (loaded whole), the valid and
// framing-error strobes, and the three-state mode in two flip-flops. No
// synchroniser: rxd comes from a register of the same clock domain, as in
// the Go model (counted from the Verilog; the paper does not describe its
// UART).
func receiver(x dims) Block {
	l := counter(x.d).Add(eqConst(x.d)).
		Add(counter(4)).Add(eqConst(4).Times(2)).
		Add(register(8)).Add(register(8)).
		Add(Logic{LUT: 2, FF: 2, Paired: 2}).
		Add(encodedFSM(3, 2))
	return Block{Name: "Receiver", Logic: l}
}

// transmitter is the 8N1 transmitter (hdl/uart_tx.v, uart.Transmitter):
// bit-time counter and its zero detect, the bit counter with its "< 9" and
// "= 9" compares, the frame register loaded whole with the stop bit and the
// byte (9 flip-flops: the start bit is a constant 0), the line flip-flop fed
// by a 10:1 mux of the frame's bits, and the busy flip-flop with the ready
// term (counted from the Verilog).
func transmitter(x dims) Block {
	l := counter(x.d).Add(eqConst(x.d)).
		Add(counter(4)).Add(eqConst(4).Times(2)).
		Add(register(9)).
		Add(mux(10, 1)).Add(Logic{FF: 1, Paired: 1}).
		Add(Logic{LUT: 2, FF: 1, Paired: 1})
	return Block{Name: "Transmitter", Logic: l}
}

// frameCodec is the input-frame decoder (hdl/frame_decoder.v,
// uart.FrameDecoder; docs/protocol.md), counted from the Verilog:
//
//   - control: mode (2 bits), header bytes matched (2), the stray-header
//     and bad-cell flags — six flip-flops, a LUT each;
//   - the header match: the byte against the four header bytes, eqConst(8)
//     each;
//   - the size byte: compared with n² for each accepted order n = 2..m
//     (eqConst(8) each) and encoded into the ob-bit order (an OR tree of the
//     compares per bit); the size (8) and order (ob) registers loaded whole;
//   - the inter-byte timeout: a t-bit down counter from 40 bit times
//     (t = ⌈log₂(40·D + 2)⌉) with its zero and one detects;
//   - row and column counters, byte-wide like the size they end at, with
//     their end compares (eq(8) each); no cell index counter since the
//     rewrite of hdl/ (c10b82b): the event carries the row and the column;
//   - the cell check (cell > size, a magnitude compare), the checksum
//     accumulator (8-bit add/subtract into its register, the r+c parity
//     LUT) and the final compare with the checksum byte;
//   - the event register the core reads: kind and status (5 flip-flops with
//     a LUT each), the order (ob, a 2:1 mux each), and the cell, row and
//     column bytes, each bit gated by "a cell event" (a LUT per bit).
//
// At m = 3, 5 and 15 that is 87, 89 and 91 flip-flops — what Yosys keeps of
// the Verilog's registers (the order registers are 4 bits wide there and lose
// the bits m does not need).
func frameCodec(x dims) Block {
	l := Logic{LUT: 6, FF: 6, Paired: 6}.
		Add(eqConst(8).Times(4)).
		Add(eqConst(8).Times(x.m - 1)).Add(orTree(ceilDiv(x.m-1, 2)).Times(x.ob)).
		Add(register(8 + x.ob)).
		Add(counter(x.t)).Add(eqConst(x.t).Times(2)).
		Add(counter(8).Times(2)).Add(eq(8).Times(2)).
		Add(adder(8)).
		Add(Logic{LUT: 8, FF: 8, Paired: 8}).Add(Logic{LUT: 1}).Add(eq(8)).
		Add(Logic{LUT: 5, FF: 5, Paired: 5}).
		Add(Logic{LUT: x.ob, FF: x.ob, Paired: x.ob}).
		Add(Logic{LUT: 8 + 16, FF: 8 + 16, Paired: 8 + 16})
	return Block{Name: "FrameCodec", Logic: l}
}

// responseUnit sends the answer (hdl/rtl/sudoku_core.v's ResponseUnit): a
// byte-source mux over header, checksum, size and status into the byte
// register on offer, the cell lane of the row word on port A (that lane
// extract is the shared LaneExtract) chosen when a cell is on offer, the
// byte counter of the header part, and row and lane counters with their
// end compares.
func responseUnit(x dims) Block {
	l := fsm(5, 2).Add(mux(4, 8)).Add(Logic{FF: 8, Paired: 8}).Add(mux(2, 8)).
		Add(counter(3)).
		Add(counter(x.bM).Times(2)).Add(eq(x.bM).Times(2))
	return Block{Name: "ResponseUnit", Logic: l}
}

// rowAssembler collects the cells of a row in the assembly register, one
// lane per received byte (its lane decoder drives the lane writes), and,
// when the row is complete, writes it to GridMem and its given mask to
// GivenMem: a non-zero detect per enabled lane of the assembled word
// (hdl/rtl/sudoku_core.v), with the row number and a pending flag held
// for the write. The cell's row and lane are the frame decoder's row and
// column counters. Present with and without the UART: the direct link
// writes the same words.
func rowAssembler(x dims) Block {
	l := decoder(x.M).Add(eqConst(x.W + 1).Times(x.M)).Add(register(8 + 2))
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
