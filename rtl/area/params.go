package area

import (
	"fmt"
	"math"

	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
)

// Params are the synthesis-time parameters the estimate depends on. The zero
// value is not useful; start from DefaultParams.
type Params struct {
	// MaxOrder is the largest order m the design is synthesised for.
	MaxOrder int
	// CPC is k, the evaluator's candidates per cycle.
	CPC int
	// Heuristics are the version-2 heuristic units; empty is version 1.
	// Only the paper's hardware set (single, hidden-single, hidden-pair,
	// hidden-triple, hidden-quad) has units.
	Heuristics []logic.Heuristic
	// SubsetUnits is the number of value combinations the hidden-subset
	// comparator tests per cycle (the simulator's Config.SubsetUnits); 0
	// means DefaultSubsetUnits.
	SubsetUnits int
	// UART includes the RS-232 receiver, transmitter and frame codec; false
	// is the direct-load build (the grid arrives by BRAM initialisation).
	UART bool
	// ClockHz and Baud size the UART's bit-time counter.
	ClockHz float64
	Baud    int
	// InputFIFO is the depth, in decoder events, of the optional input
	// buffer between the frame decoder and the RowAssembler (0: none, as
	// the paper built it). It needs the UART.
	InputFIFO int
}

// MaxInputFIFO bounds the input buffer's depth (2²⁰ events, twenty times
// an order-15 frame).
const MaxInputFIFO = 1 << 20

// DefaultParams is version 1 as the paper built it: m = 15, k = 8, with the
// UART at 100 MHz and 115200 baud.
func DefaultParams() Params {
	return Params{MaxOrder: 15, CPC: 8, UART: true, ClockHz: 100e6, Baud: 115200}
}

// Version is 1 without heuristic units and 2 with them.
func (p Params) Version() int {
	if len(p.Heuristics) == 0 {
		return 1
	}
	return 2
}

// hardwareUnits are the heuristics with a hardware unit in seed 000 §3.5.3.
var hardwareUnits = map[logic.Heuristic]bool{
	logic.NakedSingle: true, logic.HiddenSingles: true,
	logic.HiddenPair: true, logic.HiddenTriple: true, logic.HiddenQuad: true,
}

// Validate reports the first bad field.
func (p Params) Validate() error {
	if p.MaxOrder < sudoku.MinOrder || p.MaxOrder > sudoku.MaxOrder {
		return fmt.Errorf("area: max order %d outside %d..%d", p.MaxOrder, sudoku.MinOrder, sudoku.MaxOrder)
	}
	if p.CPC < 1 || p.CPC > 32 || p.CPC&(p.CPC-1) != 0 {
		return fmt.Errorf("area: cpc %d is not a power of two in 1..32", p.CPC)
	}
	for _, h := range p.Heuristics {
		if !hardwareUnits[h] {
			return fmt.Errorf("area: heuristic %s has no hardware unit (the processor has single, hidden-single, hidden-pair, hidden-triple, hidden-quad)", h)
		}
	}
	if p.SubsetUnits < 0 || p.SubsetUnits > 1024 {
		return fmt.Errorf("area: subset units %d outside 0..1024", p.SubsetUnits)
	}
	if p.InputFIFO < 0 || p.InputFIFO > MaxInputFIFO {
		return fmt.Errorf("area: input buffer of %d events outside 0..%d", p.InputFIFO, MaxInputFIFO)
	}
	if p.InputFIFO > 0 && !p.UART {
		return fmt.Errorf("area: an input buffer needs the UART link")
	}
	if p.UART {
		if !(p.ClockHz > 0) || math.IsInf(p.ClockHz, 0) || p.Baud <= 0 {
			return fmt.Errorf("area: UART needs a positive clock and baud rate (got %s, %d baud)", sim.FormatHz(p.ClockHz), p.Baud)
		}
	}
	return nil
}

// has reports whether heuristic h is in the set.
func (p Params) has(h logic.Heuristic) bool {
	for _, x := range p.Heuristics {
		if x == h {
			return true
		}
	}
	return false
}

// subsetSize is the largest hidden subset with a unit (0 without any).
func (p Params) subsetSize() int {
	switch {
	case p.has(logic.HiddenQuad):
		return 4
	case p.has(logic.HiddenTriple):
		return 3
	case p.has(logic.HiddenPair):
		return 2
	}
	return 0
}

// subsetUnits is SubsetUnits with 0 read as DefaultSubsetUnits.
func (p Params) subsetUnits() int {
	if p.SubsetUnits == 0 {
		return DefaultSubsetUnits
	}
	return p.SubsetUnits
}

// baudDivisor is round(f_clk / baud), the UART bit time in cycles.
func (p Params) baudDivisor() int { return int(math.Round(p.ClockHz / float64(p.Baud))) }
