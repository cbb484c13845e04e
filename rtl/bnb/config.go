package bnb

import (
	"fmt"
	"math"

	"sudokusim/sudoku"
)

// Link says how the puzzle reaches the processor.
type Link int

const (
	// LinkUART sends the FPT'09 frame over the modelled RS-232 line and the
	// answer back the same way.
	LinkUART Link = iota
	// LinkDirect writes the grid straight into memory, as a BRAM
	// initialisation would: no rx and no tx phase.
	LinkDirect
)

func (l Link) String() string {
	if l == LinkDirect {
		return "direct"
	}
	return "uart"
}

// ParseLink reads "uart" or "direct".
func ParseLink(s string) (Link, error) {
	switch s {
	case "uart":
		return LinkUART, nil
	case "direct":
		return LinkDirect, nil
	}
	return 0, fmt.Errorf("bnb: link %q is not uart or direct", s)
}

// Config is the synthesis-time and run-time parameter set of the processor.
// The zero value is not useful; start from DefaultConfig.
type Config struct {
	// MaxOrder is the largest order the design is synthesised for: memory
	// widths and depths follow from it, and a larger frame is rejected.
	MaxOrder int
	// CPC is the number of candidates the Evaluator tests per cycle.
	CPC int
	// ClockHz is the clock frequency.
	ClockHz float64
	// Baud is the RS-232 bit rate.
	Baud int
	// Link selects the UART front end or direct memory loading.
	Link Link
	// MaxSearchCycles is the watchdog on the search phase; 0 means the
	// FPT'09 time limit t_max of the puzzle's order at ClockHz.
	MaxSearchCycles uint64
}

// DefaultConfig is version 1 as the paper built it, at 100 MHz and 115200
// baud with 8 candidates per cycle and a maximum order of 15.
func DefaultConfig() Config {
	return Config{MaxOrder: 15, CPC: 8, ClockHz: 100e6, Baud: 115200, Link: LinkUART}
}

// ValidCPC lists the evaluator widths the model supports.
var ValidCPC = []int{1, 2, 4, 8, 16, 32}

// Validate reports the first bad field.
func (c Config) Validate() error {
	if c.MaxOrder < sudoku.MinOrder || c.MaxOrder > sudoku.MaxOrder {
		return fmt.Errorf("bnb: MaxOrder %d outside %d..%d", c.MaxOrder, sudoku.MinOrder, sudoku.MaxOrder)
	}
	ok := false
	for _, k := range ValidCPC {
		ok = ok || k == c.CPC
	}
	if !ok {
		return fmt.Errorf("bnb: CPC %d is not one of %v", c.CPC, ValidCPC)
	}
	if !(c.ClockHz > 0) || math.IsInf(c.ClockHz, 0) {
		return fmt.Errorf("bnb: ClockHz %v must be positive", c.ClockHz)
	}
	if c.Baud <= 0 {
		return fmt.Errorf("bnb: Baud %d must be positive", c.Baud)
	}
	if c.Link == LinkUART && math.Round(c.ClockHz/float64(c.Baud)) < 4 {
		return fmt.Errorf("bnb: Baud %d too fast for a %.0f Hz clock (bit time under 4 cycles)", c.Baud, c.ClockHz)
	}
	return nil
}

// SearchLimit is the watchdog limit for a puzzle of the given order.
func (c Config) SearchLimit(order int) uint64 {
	if c.MaxSearchCycles > 0 {
		return c.MaxSearchCycles
	}
	return uint64(math.Ceil(sudoku.TMax(order) * c.ClockHz))
}
