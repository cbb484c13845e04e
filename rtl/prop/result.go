package prop

import (
	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
)

// Status is how a run ended (the statuses every hardware model shares).
type Status = sudoku.Status

// Cycles is a run's cycle count by phase (docs/prop.md §2).
type Cycles struct {
	Rx, Load, Search, Tx uint64
}

// Total is the sum of the phases.
func (c Cycles) Total() uint64 { return c.Rx + c.Load + c.Search + c.Tx }

// Counters count what the search phase did.
type Counters struct {
	// Decisions is the number of values placed by a decision: DECIDE's first
	// value and every next value a backtrack moved a decision to.
	Decisions uint64 `json:"decisions"`
	// Propagated is the number of cells placed by propagation (Naked +
	// Hidden).
	Propagated uint64 `json:"propagated"`
	// Naked and Hidden split Propagated by rule.
	Naked  uint64 `json:"naked"`
	Hidden uint64 `json:"hidden"`
	// Pairs is the number of DECIDEs that chose a region-value pair
	// (BranchPair) rather than a cell.
	Pairs uint64 `json:"pairs"`
	// Backtracks is the number of contradictions met.
	Backtracks uint64 `json:"backtracks"`
	// Undone is the number of placed cells cleared from the trail.
	Undone uint64 `json:"undone"`
	// Sweeps is the number of region sweeps (passes over every region of
	// one kind) begun.
	Sweeps uint64 `json:"sweeps"`
	// TrailPeak is the largest number of trail entries held at once.
	TrailPeak int `json:"trail_peak"`
	// Probes is the number of trial placements the probe phase made
	// (ProbePairs): one per two-candidate cell per round.
	Probes uint64 `json:"probes"`
	// FailedProbes is the number of trials that met a contradiction, each
	// leaving the cell's other value placed at the root.
	FailedProbes uint64 `json:"failed_probes"`
	// ProbeRounds is the number of scans over the grid begun.
	ProbeRounds uint64 `json:"probe_rounds"`
	// ProbeCycles is the search cycles from the probe phase's first scan
	// cycle to its last (trials, their propagation and undo included).
	ProbeCycles uint64 `json:"probe_cycles"`
}

// Result is what one run of the processor produced.
type Result struct {
	Status Status
	// Order is the puzzle's order (0 when the frame was refused before its
	// size byte was accepted).
	Order int
	// Solution is the grid in memory when Status is Solved.
	Solution *sudoku.Grid
	// Checksum is the checksum byte of the response frame (0 in an error
	// reply).
	Checksum uint8
	// ReplyCode is the status byte of an error reply, 0 for a solution.
	ReplyCode uint8
	// Response is the frame the processor sent (with the direct link, the
	// frame it would have sent).
	Response []byte
	Cycles   Cycles
	Counters Counters
	// States breaks the load and search cycles down by FSM state (cycle-level
	// runs only).
	States []bnb.StateCycles
}

var frameHeader = [4]byte{0xA5, 0x3C, 0x5A, 0xC3}

// fillAnswer sets the solution, checksum, reply code and response frame
// from the status.
func (r *Result) fillAnswer(g *sudoku.Grid, chk uint8) {
	switch r.Status {
	case sudoku.Solved:
		r.Solution, r.Checksum = g, chk
		b := make([]byte, 0, 6+len(g.Cells))
		b = append(b, frameHeader[:]...)
		b = append(b, chk, byte(g.Size()))
		r.Response = append(b, g.Cells...)
		return
	case sudoku.Unsolvable:
		r.ReplyCode = bnb.ReplyNoSolution
	case sudoku.Timeout:
		r.ReplyCode = bnb.ReplyCycleLimit
	case sudoku.Rejected:
		r.ReplyCode = bnb.ReplyBadSize
	}
	r.Response = append(frameHeader[:], 0, 0, r.ReplyCode)
}
