package sudoku

import "fmt"

// ViolationKind says which rule a candidate solution breaks.
type ViolationKind int

const (
	// ViolationShape: solution and puzzle differ in order or cell count.
	ViolationShape ViolationKind = iota
	// ViolationEmpty: a cell of the solution is 0.
	ViolationEmpty
	// ViolationRange: a cell holds a value above Size().
	ViolationRange
	// ViolationDuplicate: a row, column or box holds a value twice.
	ViolationDuplicate
	// ViolationGiven: a given of the puzzle was changed.
	ViolationGiven
)

func (k ViolationKind) String() string {
	return [...]string{"shape", "empty cell", "value out of range", "duplicate", "given changed"}[k]
}

// Violation is the first rule a candidate solution breaks. Cell is the
// offending cell (for a duplicate, the second occurrence); Conflict is set
// for ViolationDuplicate.
type Violation struct {
	Kind     ViolationKind
	Cell     Cell
	Got      int // the value found in the solution
	Want     int // the given (ViolationGiven) or the limit Size() (ViolationRange)
	Conflict Conflict
	detail   string
}

func (v *Violation) Error() string {
	return "sudoku: invalid solution: " + v.detail
}

// Validate checks that solution solves puzzle: same order, every cell
// filled with 1..Size(), every row, column and box a permutation, and every
// given of the puzzle kept. It returns nil or the first *Violation found,
// checking in that order (shape, then cells row-major, then units as
// Conflicts orders them, then givens).
func Validate(puzzle, solution *Grid) error {
	if puzzle.Order != solution.Order || len(puzzle.Cells) != len(solution.Cells) {
		return &Violation{Kind: ViolationShape, detail: fmt.Sprintf("order %d solution for an order %d puzzle", solution.Order, puzzle.Order)}
	}
	n := solution.Size()
	for i, v := range solution.Cells {
		c := Cell{i / n, i % n}
		switch {
		case v == 0:
			return &Violation{Kind: ViolationEmpty, Cell: c, detail: fmt.Sprintf("cell %v is empty (row,col from 1)", c)}
		case int(v) > n:
			return &Violation{Kind: ViolationRange, Cell: c, Got: int(v), Want: n, detail: fmt.Sprintf("cell %v holds %d, outside 1..%d (row,col from 1)", c, v, n)}
		}
	}
	if cs := Conflicts(solution); len(cs) > 0 {
		return &Violation{Kind: ViolationDuplicate, Cell: cs[0].Second, Got: cs[0].Value, Conflict: cs[0], detail: cs[0].String()}
	}
	for i, v := range puzzle.Cells {
		if v != 0 && v != solution.Cells[i] {
			c := Cell{i / n, i % n}
			return &Violation{Kind: ViolationGiven, Cell: c, Got: int(solution.Cells[i]), Want: int(v),
				detail: fmt.Sprintf("cell %v holds %d but the puzzle gives %d (row,col from 1)", c, solution.Cells[i], v)}
		}
	}
	return nil
}

// CheckGrid reports a grid that is not well formed for its order: an order
// outside MinOrder..MaxOrder, a cell count other than Size()², or a value
// above Size(). Grids from the readers always pass; grids built by hand or
// decoded from a frame may not.
func CheckGrid(g *Grid) error {
	if g.Order < MinOrder || g.Order > MaxOrder {
		return fmt.Errorf("sudoku: order %d outside %d..%d", g.Order, MinOrder, MaxOrder)
	}
	n := g.Size()
	if len(g.Cells) != n*n {
		return fmt.Errorf("sudoku: order %d grid has %d cells, want %d", g.Order, len(g.Cells), n*n)
	}
	for i, v := range g.Cells {
		if int(v) > n {
			return fmt.Errorf("sudoku: cell %v holds %d, outside 0..%d (row,col from 1)", Cell{i / n, i % n}, v, n)
		}
	}
	return nil
}
