package logic

import "fmt"

// ContradictionKind says which rule a contradictory state breaks.
type ContradictionKind int

const (
	// ClashingGivens: a value appears twice in one row, column or box.
	ClashingGivens ContradictionKind = iota + 1
	// NoCandidate: an empty cell has no candidate left.
	NoCandidate
	// NoPlace: a region misses a value that no cell of it can take.
	NoPlace
	// Pigeonhole: k cells of a region have fewer than k values between them,
	// or k values of a region fewer than k cells.
	Pigeonhole
)

// Contradiction is the error a State records when it can have no solution.
// Cell is -1 when the contradiction belongs to a region, Region -1 when it
// belongs to a cell.
type Contradiction struct {
	Kind   ContradictionKind
	Cell   int
	Region int
	Value  int
	size   int
}

func (c *Contradiction) Error() string {
	where := ""
	if c.Cell >= 0 {
		where = fmt.Sprintf("cell (%d,%d)", c.Cell/c.size, c.Cell%c.size)
	} else {
		where = regionName(c.Region, c.size)
	}
	switch c.Kind {
	case ClashingGivens:
		return fmt.Sprintf("logic: value %d given twice in %s", c.Value, where)
	case NoCandidate:
		return fmt.Sprintf("logic: empty %s has no candidate", where)
	case NoPlace:
		return fmt.Sprintf("logic: %s has no place for value %d", where, c.Value)
	default:
		return fmt.Sprintf("logic: %s has fewer places than values (pigeonhole)", where)
	}
}

// regionName renders a region index as "row 3", "column 0", "box 8".
func regionName(reg, size int) string {
	switch reg / size {
	case 0:
		return fmt.Sprintf("row %d", reg)
	case 1:
		return fmt.Sprintf("column %d", reg-size)
	default:
		return fmt.Sprintf("box %d", reg-2*size)
	}
}
