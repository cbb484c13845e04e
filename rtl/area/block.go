package area

import (
	"math"

	"sudokusim/sudoku"
	"sudokusim/uart"
)

// Block is the estimated cost of one block of the processor.
type Block struct {
	// Name is the block's name in docs/microarchitecture.md.
	Name string `json:"name"`
	// Logic is its LUTs and flip-flops.
	Logic
	// Memories are the logical memories the block owns.
	Memories []Memory `json:"memories,omitempty"`
	// Calibrated marks the blocks of the design Table 2 measured (version
	// 1 of the FPT'09 processor): Pack was fitted on them. Every other
	// block — version 2's units, the optional input buffer, the GA, the
	// engine array, version 3 — is a structural count nothing has
	// calibrated, and SliceRange widens it by Spread.
	Calibrated bool `json:"calibrated"`
	// Spread is the relative error band of an uncalibrated block's count
	// (0 for a calibrated one): Version2Spread for version 2's blocks, whose
	// Verilog Yosys has mapped, ModelSpread for the others.
	Spread float64 `json:"spread"`
}

// RAMB16 is the block's block RAM count.
func (b Block) RAMB16() int {
	n := 0
	for _, m := range b.Memories {
		n += m.RAMB16
	}
	return n
}

// dims are the widths every formula is written in (docs/resource-model.md
// §1): m the maximum order, M = m² lanes, W the lane width, L = W·M the
// GridMem word, bM the bits of a lane index, k and q = log₂ k.
type dims struct {
	m, M, W, L, bM, k, q int
	// bv is the bits of a value 0..M (version 2 stores values this wide).
	bv int
	// wd is the width of the search watchdog: enough for t_max(m) at the
	// clock.
	wd int
	// d is the width of the UART bit-time counter (it counts down from
	// D−1, D the baud divisor), t the width of the frame decoder's
	// inter-byte timeout (40 bit times, counted down from 40·D).
	d, t int
	// ob is the bits of an order 0..m.
	ob int
}

// laneWidth is the GridMem lane width: 8 bits, the protocol's cell byte,
// whatever the maximum order (docs/microarchitecture.md §1).
const laneWidth = 8

func newDims(p Params) dims {
	M := p.MaxOrder * p.MaxOrder
	clock := p.ClockHz
	if !(clock > 0) {
		clock = 100e6
	}
	d := dims{
		m: p.MaxOrder, M: M, W: laneWidth, L: laneWidth * M,
		bM: clog2(M), k: p.CPC, q: clog2(p.CPC),
		bv: clog2(M + 1),
		ob: clog2(p.MaxOrder + 1),
		wd: clog2(int(math.Ceil(sudoku.TMax(p.MaxOrder)*clock)) + 1),
	}
	if p.UART {
		d.d = clog2(p.baudDivisor())
		d.t = clog2(uart.DefaultTimeoutBits*p.baudDivisor() + 2)
	}
	return d
}
