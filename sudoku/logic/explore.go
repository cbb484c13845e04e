package logic

import (
	"fmt"

	"sudokusim/sudoku"
)

// Named is a puzzle with the name the explorer reports it by.
type Named struct {
	Name string
	Grid *sudoku.Grid
}

// Table is the explorer's answer for a suite: per heuristic, what it does in
// the full run, what it achieves alone and what the combination up to it
// leaves for backtracking. It is the table the paper's authors used to decide
// which heuristics earn silicon (seed 000 §3.3).
//
// Definitions (all sums over the suite):
//   - Fixed, Removed, Passes: the heuristic's counters in the run of the
//     whole list (its contribution when everything is available);
//   - Alone: puzzles solved by the strategy [single, H] (just [single] for
//     single itself): the heuristic helped only by the cheapest one;
//   - Cumulative: puzzles solved by the strategy over the list up to and
//     including H (the combination in order of cost);
//   - CellsLeft: empty cells left after that cumulative run; CellsLeftShare
//     is CellsLeft / StartEmpty;
//   - MeanLog10: the mean over the puzzles of log10 of the product of the
//     candidate counts of the empty cells after the cumulative run — the size
//     of the search space left for backtracking (0 for a solved puzzle).
type Table struct {
	Heuristics []Heuristic `json:"heuristics"`
	StartEmpty int         `json:"start_empty"`
	// StartLog10 is the mean log10 search space after the version-1 pruning
	// alone (candidates = values absent from row, column and box).
	StartLog10 float64     `json:"start_log10"`
	Rows       []Row       `json:"rows"`
	Puzzles    []PuzzleRow `json:"puzzles"`
}

// Row is the line of one heuristic in a Table.
type Row struct {
	Heuristic      Heuristic `json:"heuristic"`
	Fixed          int       `json:"fixed"`
	Removed        int       `json:"removed"`
	Passes         int       `json:"passes"`
	Alone          int       `json:"alone"`
	Cumulative     int       `json:"cumulative"`
	CellsLeft      int       `json:"cells_left"`
	CellsLeftShare float64   `json:"cells_left_share"`
	MeanLog10      float64   `json:"mean_log10"`
}

// PuzzleRow is the outcome of the whole list on one puzzle.
type PuzzleRow struct {
	Name       string  `json:"name"`
	Order      int     `json:"order"`
	Status     Status  `json:"status"`
	StartEmpty int     `json:"start_empty"`
	StartLog10 float64 `json:"start_log10"`
	Empty      int     `json:"empty"`
	Log10Space float64 `json:"log10_space"`
	Fixed      int     `json:"fixed"`
	Removed    int     `json:"removed"`
	Passes     int     `json:"passes"`
	Err        string  `json:"contradiction,omitempty"`
}

// Explore runs the heuristics of list (FullSet when nil) over the suite and
// fills a Table. A malformed grid is an error naming the puzzle.
func Explore(puzzles []Named, list []Heuristic) (*Table, error) {
	if list == nil {
		list = FullSet()
	}
	states := make([]*State, len(puzzles))
	tab := &Table{Heuristics: list, Rows: make([]Row, len(list)), Puzzles: make([]PuzzleRow, len(puzzles))}
	for i, p := range puzzles {
		s, err := NewState(p.Grid)
		if err != nil {
			return nil, fmt.Errorf("logic: puzzle %s: %w", p.Name, err)
		}
		states[i] = s
		e, l := s.SearchSpace()
		tab.StartEmpty += e
		tab.StartLog10 += l
		tab.Puzzles[i] = PuzzleRow{Name: p.Name, Order: p.Grid.Order, StartEmpty: e, StartLog10: l}
	}
	if len(puzzles) > 0 {
		tab.StartLog10 /= float64(len(puzzles))
	}
	for k, h := range list {
		row := &tab.Rows[k]
		row.Heuristic = h
		alone := []Heuristic{NakedSingle, h}
		if h == NakedSingle {
			alone = alone[:1]
		}
		for i, s0 := range states {
			if r := (Strategy{Heuristics: alone}).Run(s0.Clone()); r.Status == Solved {
				row.Alone++
			}
			s := s0.Clone()
			r := Strategy{Heuristics: list[:k+1]}.Run(s)
			if r.Status == Solved {
				row.Cumulative++
			}
			row.CellsLeft += r.Empty
			row.MeanLog10 += r.Log10Space
			if k == len(list)-1 {
				tab.fillFull(i, s, r)
			}
		}
		if len(states) > 0 {
			row.MeanLog10 /= float64(len(states))
		}
		if tab.StartEmpty > 0 {
			row.CellsLeftShare = float64(row.CellsLeft) / float64(tab.StartEmpty)
		}
	}
	return tab, nil
}

// fillFull records the run of the whole list on puzzle i: its per-heuristic
// counters go to the rows, its outcome to the puzzle line.
func (tab *Table) fillFull(i int, s *State, r Result) {
	for k, u := range r.Units {
		tab.Rows[k].Fixed += u.Fixed
		tab.Rows[k].Removed += u.Removed
		tab.Rows[k].Passes += u.Passes
	}
	p := &tab.Puzzles[i]
	p.Status, p.Empty, p.Log10Space = r.Status, r.Empty, r.Log10Space
	p.Fixed, p.Removed, p.Passes = r.Fixed(), r.Removed(), r.Passes
	if err := s.Err(); err != nil {
		p.Err = err.Error()
	}
}
