package swarm

import "sudokusim/sudoku"

// Status says how the array finished a puzzle.
type Status = sudoku.Status

// The statuses the array produces: Solved (an engine held a board with every
// cell assigned), Unsolvable (every board died and the branch stack was
// empty), Timeout (Config.MaxCycles ran out, or a branch found no free
// engine and no room on the branch stack: Result.Exhausted).
const (
	Solved     = sudoku.Solved
	Unsolvable = sudoku.Unsolvable
	Timeout    = sudoku.Timeout
)

// Cycles are the cycles of one puzzle per controller phase
// (docs/swarm.md §3).
type Cycles struct {
	Load, Update, Select, Branch, Refill uint64
}

// Total is the sum of the phases.
func (c Cycles) Total() uint64 { return c.Load + c.Update + c.Select + c.Branch + c.Refill }

// Result is the outcome of one puzzle.
type Result struct {
	Status Status
	// Solution is the solved board (Solved only).
	Solution *sudoku.Grid
	// Exhausted is set when the Timeout came from a branch with no free
	// engine and a full (or absent) branch stack.
	Exhausted bool
	Cycles    Cycles
	// Seconds is Cycles.Total() at Config.ClockHz.
	Seconds float64
	// Steps counts UPDATE cycles (lockstep rounds of all engines).
	Steps uint64
	// Branches counts boards that branched (choice points).
	Branches uint64
	// Copies counts engine-to-engine board copies, Spills boards pushed on
	// the branch stack, Refills boards popped from it into a free engine.
	Copies, Spills, Refills uint64
	// BoardsKilled counts boards that died (a cell with no option, two
	// cells of a unit assigned the same value, or clashing givens).
	BoardsKilled uint64
	// PeakBoards is the most engines live at once; PeakStack the most
	// boards on the branch stack at once.
	PeakBoards, PeakStack int
}
