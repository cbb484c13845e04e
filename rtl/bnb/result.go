package bnb

import "sudokusim/sudoku"

// Status is how a run ended: Solved (the search passed the last empty
// cell), Unsolvable (the givens clash, the heuristics found a contradiction,
// or the search backed out of the first empty cell), Timeout (the search
// watchdog fired) or Rejected (the frame was refused: bad checksum, size or
// cell value, or cut short).
type Status = sudoku.Status

// The statuses, as sudoku names them.
const (
	Solved     = sudoku.Solved
	Unsolvable = sudoku.Unsolvable
	Timeout    = sudoku.Timeout
	Rejected   = sudoku.Rejected
)

// Cycles is the run's cycle count broken down by phase (docs/microarchitecture.md §2).
type Cycles struct {
	Rx, Load, Heuristics, Search, Tx uint64
}

// Total is the sum of the phases.
func (c Cycles) Total() uint64 { return c.Rx + c.Load + c.Heuristics + c.Search + c.Tx }

// SearchStats counts what the search controller did.
type SearchStats struct {
	// Nodes is the number of values written into empty cells (WRITE1 cycles).
	Nodes uint64
	// Backtracks is the number of exhausted cells cleared (UNDO1 cycles).
	Backtracks uint64
	// MaxDepth is the largest number of empty cells holding a value at once.
	MaxDepth int
}

// Result is what one run of the processor produced.
type Result struct {
	Status Status
	// Order is the order of the puzzle (0 when the frame was rejected
	// before its size byte was accepted).
	Order int
	// Solution is the grid in memory when Status is Solved.
	Solution *sudoku.Grid
	// Checksum is the checksum byte of the response frame (0 in an error
	// reply).
	Checksum uint8
	// ReplyCode is the status byte of an error reply (docs/protocol.md), 0
	// when the answer is a solution.
	ReplyCode uint8
	// Response is the frame the processor sent (with LinkDirect, the frame it
	// would have sent).
	Response []byte
	Cycles   Cycles
	Search   SearchStats
	// Units are the version-2 heuristic units' counters, in strategy order.
	Units []UnitStats
	// States breaks the load and search cycles down by FSM state (cycle-level
	// runs only).
	States []StateCycles
}

// StateCycles is the number of cycles one FSM state took.
type StateCycles struct {
	State  string `json:"state"`
	Cycles uint64 `json:"cycles"`
}

// Error-reply status bytes (DESIGN §5).
const (
	ReplyBadChecksum = 1
	ReplyBadSize     = 2
	ReplyBadCell     = 3
	ReplyNoSolution  = 4
	ReplyCycleLimit  = 5
	ReplyCut         = 6 // the frame stopped before its checksum byte (docs/protocol.md)
)
