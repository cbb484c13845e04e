package bnb

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"sudokusim/sim"

	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
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
	return 0, fmt.Errorf("link %q is not uart or direct", s)
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
	// Heuristics are the version-2 heuristic units in the order of the
	// Fig. 13 strategy; empty is version 1. Only the paper's hardware set
	// (single, hidden-single, hidden-pair, hidden-triple, hidden-quad) has
	// units.
	Heuristics []logic.Heuristic
	// SubsetUnits is the number of value combinations the hidden-subset
	// comparator tests per cycle; 0 means DefaultSubsetUnits.
	SubsetUnits int
	// SearchIgnoresCandidates makes the version-2 evaluator test candidates
	// against the grid only, as in version 1, instead of also skipping the
	// candidates the heuristics removed (docs/microarchitecture.md §10).
	SearchIgnoresCandidates bool
	// InputFIFO is the depth, in decoder events, of an optional input
	// buffer between the frame decoder and the RowAssembler (not in the
	// paper; 0, the default, builds none). With it a frame that arrives
	// while the Core is busy waits in the buffer instead of being lost; an
	// empty buffer is bypassed, so a frame sent to an idle Core takes the
	// same cycles. It costs block RAM (rtl/area) and needs the UART link.
	InputFIFO int
}

// MaxInputFIFO bounds the input buffer (as rtl/area does).
const MaxInputFIFO = 1 << 20

// DefaultSubsetUnits is the hidden-subset comparator's default parallelism:
// one combination per cycle, the only setting with which version 2 at
// maximum order 11 fits the XC2VP30 (docs/resource-model.md); more units
// shorten the heuristic phase by a few per cent at most on the FPT'09 suite.
const DefaultSubsetUnits = 1

// Version is 1 without heuristic units and 2 with them.
func (c Config) Version() int {
	if len(c.Heuristics) == 0 {
		return 1
	}
	return 2
}

// DefaultConfig is version 1 as the paper built it, at 100 MHz and 115200
// baud with 8 candidates per cycle and a maximum order of 15.
func DefaultConfig() Config {
	return Config{MaxOrder: 15, CPC: 8, ClockHz: 100e6, Baud: 115200, Link: LinkUART}
}

// PaperConfig is the paper's build of a version (DESIGN §3), the default
// of every command: version 1 is Table 2's design, maximum order 15 with
// 8 candidates per cycle, which fits the XC2VP30; version 2 (the paper's
// five heuristic units) is its final design at maximum order 11, because
// the N⁶-bit candidate memory "is what limited the real board to order 11"
// (seed 000, Table 4), with 1 candidate per cycle and 1 subset comparator,
// the only setting with which it fits the XC2VP30 in the resource model
// (inferred: docs/resource-model.md §3). That build answers a larger frame
// with the bad-size error reply (status 2), as the board would.
func PaperConfig(version int) Config {
	c := DefaultConfig()
	if version == 2 {
		c.Heuristics, c.MaxOrder, c.CPC, c.SubsetUnits = logic.PaperSet(), 11, 1, DefaultSubsetUnits
	}
	return c
}

// ValidCPC lists the evaluator widths the model supports.
var ValidCPC = []int{1, 2, 4, 8, 16, 32}

// Validate reports the first bad parameter as a *sim.ParamError (or, for
// a heuristic without a unit, a plain error), in a designer's words.
func (c Config) Validate() error {
	bad := func(param, got, want string) error {
		return &sim.ParamError{Pkg: "bnb", Param: param, Got: got, Want: want}
	}
	if c.MaxOrder < sudoku.MinOrder || c.MaxOrder > sudoku.MaxOrder {
		return bad("maximum order", strconv.Itoa(c.MaxOrder), fmt.Sprintf("%d..%d", sudoku.MinOrder, sudoku.MaxOrder))
	}
	if !slices.Contains(ValidCPC, c.CPC) {
		return bad("candidates per cycle", strconv.Itoa(c.CPC), "1, 2, 4, 8, 16 or 32")
	}
	if err := sim.CheckClock("bnb", c.ClockHz); err != nil {
		return err
	}
	if c.Baud <= 0 {
		return bad("bit rate", fmt.Sprintf("%d baud", c.Baud), "a positive rate")
	}
	for _, h := range c.Heuristics {
		if !HasUnit(h) {
			return fmt.Errorf("bnb: heuristic %s has no hardware unit (the paper's set: single, hidden-single, hidden-pair, hidden-triple, hidden-quad)", h)
		}
	}
	if c.SubsetUnits < 0 || c.SubsetUnits > MaxSubsetUnits {
		return bad("subset units", strconv.Itoa(c.SubsetUnits), fmt.Sprintf("0..%d (0: %d)", MaxSubsetUnits, DefaultSubsetUnits))
	}
	if c.InputFIFO < 0 || c.InputFIFO > MaxInputFIFO {
		return bad("input buffer", strconv.Itoa(c.InputFIFO), fmt.Sprintf("0..%d decoder events (0: none)", MaxInputFIFO))
	}
	if c.InputFIFO > 0 && c.Link != LinkUART {
		return bad("input buffer", strconv.Itoa(c.InputFIFO), "0 with the direct link (it buffers the serial front end)")
	}
	if c.Link == LinkUART && math.Round(c.ClockHz/float64(c.Baud)) < 4 {
		return bad("bit rate", fmt.Sprintf("%d baud", c.Baud),
			fmt.Sprintf("a bit of at least 4 clock cycles: at most %d baud at %s", int(c.ClockHz/4), sim.FormatHz(c.ClockHz)))
	}
	if c.Link == LinkUART && math.Round(c.ClockHz/float64(c.Baud)) > 1<<31 {
		return bad("bit rate", fmt.Sprintf("%d baud", c.Baud),
			fmt.Sprintf("a bit of at most 2³¹ clock cycles: at least %d baud at %s", int(math.Ceil(c.ClockHz/(1<<31))), sim.FormatHz(c.ClockHz)))
	}
	return nil
}

// MaxSubsetUnits is the most hidden-subset comparators a configuration may
// ask for (the resource model's range, rtl/area).
const MaxSubsetUnits = 1024

// SearchLimit is the watchdog limit for a puzzle of the given order.
func (c Config) SearchLimit(order int) uint64 {
	if c.MaxSearchCycles > 0 {
		return c.MaxSearchCycles
	}
	return uint64(math.Ceil(sudoku.TMax(order) * c.ClockHz))
}

// HasUnit reports whether heuristic h is one of the paper's hardware units.
func HasUnit(h logic.Heuristic) bool {
	for _, p := range logic.PaperSet() {
		if h == p {
			return true
		}
	}
	return false
}
