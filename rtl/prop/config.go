package prop

import (
	"fmt"
	"math"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
)

// Rules selects the propagation hardware.
type Rules int

const (
	// RulesNaked sweeps rows only and places naked singles (a cell with one
	// candidate); a region unit without hidden-single logic.
	RulesNaked Rules = iota
	// RulesHiddenRows sweeps rows only, with naked singles and the
	// hidden-single logic at the end of every row.
	RulesHiddenRows
	// RulesHidden sweeps rows, columns and boxes in turn with naked singles
	// and hidden singles in all three kinds of region.
	RulesHidden
)

var rulesNames = [...]string{"naked", "hidden-rows", "hidden"}

func (r Rules) String() string {
	if r < 0 || int(r) >= len(rulesNames) {
		return fmt.Sprintf("Rules(%d)", int(r))
	}
	return rulesNames[r]
}

// ParseRules reads "naked", "hidden-rows" or "hidden".
func ParseRules(s string) (Rules, error) {
	for i, n := range rulesNames {
		if s == n {
			return Rules(i), nil
		}
	}
	return 0, fmt.Errorf("prop: rules %q is not one of naked, hidden-rows, hidden", s)
}

// kinds is the number of region kinds a sweep round visits.
func (r Rules) kinds() int {
	if r == RulesHidden {
		return 3
	}
	return 1
}

// hidden reports whether region ends run the hidden-single logic.
func (r Rules) hidden() bool { return r != RulesNaked }

// Branch selects the cell a decision is made on.
type Branch int

const (
	// BranchMRV decides on the empty cell with fewest candidates met in the
	// last sweep (the first met on a tie).
	BranchMRV Branch = iota
	// BranchFirst decides on the first empty cell met in the last sweep.
	BranchFirst
	// BranchMRVRows is BranchMRV with the choice made in the last row sweep
	// (ties go to the first cell in row-major order, whatever kind of sweep
	// came last).
	BranchMRVRows
	// BranchLocal is BranchMRV restricted, when the last sweep met one, to
	// the empty cells that share a row, column or box with the last placed
	// cell — those whose candidates that placement cut: the search stays
	// where it last made progress (as Dancing Links, whose size buckets hand
	// out the column that changed last).
	BranchLocal
	// BranchPair is Dancing Links' column choice within reach of the region
	// unit: the decision is on the constraint with the fewest options. A
	// third accumulator at every region end finds the values with exactly
	// two places in the region (a "pair"); when the last sweep met one and
	// the fewest-candidates cell has more than two candidates, the decision
	// places the first pair of the sweep at its first place and the trail
	// keeps the second place as the one alternative (no value order to walk
	// on backtrack). Otherwise it is BranchMRV.
	BranchPair
)

var branchNames = [...]string{"mrv", "first", "mrv-rows", "local", "pair"}

func (b Branch) String() string {
	if b < 0 || int(b) >= len(branchNames) {
		return fmt.Sprintf("Branch(%d)", int(b))
	}
	return branchNames[b]
}

// ParseBranch reads "mrv", "first", "mrv-rows", "local" or "pair".
func ParseBranch(s string) (Branch, error) {
	for i, n := range branchNames {
		if s == n {
			return Branch(i), nil
		}
	}
	return 0, fmt.Errorf("prop: branch %q is not mrv, first, mrv-rows, local or pair", s)
}

// Probe selects the probe phase run once at the root, after the first
// propagation fixpoint and before the first decision.
type Probe int

const (
	// ProbeNone goes straight from the first fixpoint to the search.
	ProbeNone Probe = iota
	// ProbePairs tries, in row-major order, the lower value of every empty
	// cell with exactly two candidates and propagates it (a trial decision
	// whose undo is unconditional): a contradiction places the other value
	// for good at the root; otherwise the trial is undone. Rounds over the
	// grid repeat while one had a failed trial (docs/prop.md §3).
	ProbePairs
)

var probeNames = [...]string{"none", "pairs"}

func (p Probe) String() string {
	if p < 0 || int(p) >= len(probeNames) {
		return fmt.Sprintf("Probe(%d)", int(p))
	}
	return probeNames[p]
}

// ParseProbe reads "none" or "pairs".
func ParseProbe(s string) (Probe, error) {
	for i, n := range probeNames {
		if s == n {
			return Probe(i), nil
		}
	}
	return 0, fmt.Errorf("prop: probe %q is not none or pairs", s)
}

// Visit selects which cells of a region the sweep evaluates.
type Visit int

const (
	// VisitAll evaluates every cell of the region, K a cycle; a filled
	// cell's value goes into the region's present set.
	VisitAll Visit = iota
	// VisitEmpty keeps a map of the empty cells of every region (three
	// more memories of N² × N² bits, one per region kind) and evaluates
	// only those, K a cycle: the region's map word and value set are read
	// first (one more cycle per region), the set is the present set, and a
	// region with no empty cell costs those two cycles alone.
	VisitEmpty
)

var visitNames = [...]string{"all", "empty"}

func (v Visit) String() string {
	if v < 0 || int(v) >= len(visitNames) {
		return fmt.Sprintf("Visit(%d)", int(v))
	}
	return visitNames[v]
}

// ParseVisit reads "all" or "empty".
func ParseVisit(s string) (Visit, error) {
	for i, n := range visitNames {
		if s == n {
			return Visit(i), nil
		}
	}
	return 0, fmt.Errorf("prop: visit %q is not all or empty", s)
}

// Config is the synthesis-time and run-time parameter set of version 3.
// The zero value is not useful; start from DefaultConfig.
type Config struct {
	// MaxOrder is the largest order the design is synthesised for; a larger
	// frame is rejected.
	MaxOrder int
	// Lanes is the number of cells the sweep evaluates per cycle (the
	// candidates-per-cycle axis): 1, 2, 4 or 8. Every two lanes need one
	// copy of the grid and value-set memories (two read ports each).
	Lanes int
	// Rules is the propagation hardware.
	Rules Rules
	// Branch is the branching rule.
	Branch Branch
	// Probe is the probe phase before the first decision.
	Probe Probe
	// Visit is which cells a sweep evaluates.
	Visit Visit
	// ClockHz is the clock frequency.
	ClockHz float64
	// Baud is the RS-232 bit rate.
	Baud int
	// Link selects the UART front end or direct memory loading.
	Link bnb.Link
	// MaxSearchCycles is the watchdog on the search phase; 0 means t_max of
	// the puzzle's order at ClockHz.
	MaxSearchCycles uint64
}

// DefaultConfig is the configuration the sweep of docs/results.md chose:
// the best FPT'09 score among those that fit the XC2VP30 at maximum order
// 15 — two lanes (free in block RAM: the second port of the one memory
// copy), naked and hidden singles in all three region kinds, and the first
// empty cell of the last sweep as the branching cell (as many decisions as
// the fewest-candidates rule on the suite, fewer cycles on 04b–05b, and no
// popcount per lane), the probe phase over two-candidate cells, which
// solves 15a (no other option does) for about 190 slices and no memory,
// and sweeps that visit only the empty cells (21 more RAMB16s at max order
// 15, 117 of the device's 136), which cut 15a's search sixfold.
func DefaultConfig() Config {
	return Config{MaxOrder: 15, Lanes: 2, Rules: RulesHidden, Branch: BranchFirst, Probe: ProbePairs,
		Visit: VisitEmpty, ClockHz: 100e6, Baud: 115200, Link: bnb.LinkUART}
}

// ValidLanes lists the sweep widths the model supports.
var ValidLanes = []int{1, 2, 4, 8}

// Validate reports the first bad field.
func (c Config) Validate() error {
	if c.MaxOrder < sudoku.MinOrder || c.MaxOrder > sudoku.MaxOrder {
		return fmt.Errorf("prop: MaxOrder %d outside %d..%d", c.MaxOrder, sudoku.MinOrder, sudoku.MaxOrder)
	}
	ok := false
	for _, k := range ValidLanes {
		ok = ok || k == c.Lanes
	}
	if !ok {
		return fmt.Errorf("prop: Lanes %d is not one of %v", c.Lanes, ValidLanes)
	}
	if c.Rules < RulesNaked || c.Rules > RulesHidden {
		return fmt.Errorf("prop: Rules %d unknown", int(c.Rules))
	}
	if c.Branch < BranchMRV || c.Branch > BranchPair {
		return fmt.Errorf("prop: Branch %d unknown", int(c.Branch))
	}
	if c.Probe < ProbeNone || c.Probe > ProbePairs {
		return fmt.Errorf("prop: Probe %d unknown", int(c.Probe))
	}
	if c.Visit < VisitAll || c.Visit > VisitEmpty {
		return fmt.Errorf("prop: Visit %d unknown", int(c.Visit))
	}
	if !(c.ClockHz > 0) || math.IsInf(c.ClockHz, 0) {
		return fmt.Errorf("prop: ClockHz %v must be positive", c.ClockHz)
	}
	if c.Baud <= 0 {
		return fmt.Errorf("prop: Baud %d must be positive", c.Baud)
	}
	if c.Link == bnb.LinkUART && math.Round(c.ClockHz/float64(c.Baud)) < 4 {
		return fmt.Errorf("prop: Baud %d too fast for a %.0f Hz clock (bit time under 4 cycles)", c.Baud, c.ClockHz)
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

// copies is the number of copies of the grid and value-set memories: two
// read ports per copy, one per lane.
func (c Config) copies() int { return (c.Lanes + 1) / 2 }

// tracks reports whether a sweep of this kind chooses the branching cell.
func (b Branch) tracks(kind int) bool { return b != BranchMRVRows || kind == kindRow }

// better reports whether an empty cell with n candidates replaces the best
// so far (best < 0: none yet).
func (b Branch) better(n, best, bestN int) bool {
	if b == BranchFirst {
		return best < 0
	}
	return n < bestN
}

// peers reports whether cells i and j share a row, column or box (order
// n, size s).
func peers(i, j, n, s int) bool {
	ri, ci, rj, cj := i/s, i%s, j/s, j%s
	return ri == rj || ci == cj || boxOf(ri, ci, n) == boxOf(rj, cj, n)
}
