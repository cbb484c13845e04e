package sudoku

import "fmt"

// Unit is one of the three kinds of constraint group of a Sudoku: a row, a
// column or a box.
type Unit int

const (
	UnitRow Unit = iota
	UnitColumn
	UnitBox
)

func (u Unit) String() string {
	switch u {
	case UnitRow:
		return "row"
	case UnitColumn:
		return "column"
	}
	return "box"
}

// Cell is a cell position, 0-based (messages print it 1-based).
type Cell struct{ Row, Col int }

func (c Cell) String() string { return fmt.Sprintf("(%d,%d)", c.Row+1, c.Col+1) }

// Conflict is a value that appears twice in one row, column or box. Index
// is the unit's 0-based number (boxes row-major); First and Second are the
// two cells in row-major order.
type Conflict struct {
	Unit          Unit
	Index         int
	Value         int
	First, Second Cell
}

func (c Conflict) String() string {
	return fmt.Sprintf("%s %d holds %d twice, at %v and %v (row,col from 1)", c.Unit, c.Index+1, c.Value, c.First, c.Second)
}

// Conflicts returns every pair of givens that clash: the same value twice in
// a row, a column or a box (for a value seen k times in a unit, the first
// cell paired with each later one). Such a puzzle has no solution, and a
// solver can say so without search. Values above Size() are ignored here;
// Validate reports them. The order is rows, then columns, then boxes, each
// by unit index and then by cell.
func Conflicts(g *Grid) []Conflict {
	var out []Conflict
	n := g.Size()
	first := make([]int, n+1) // value → 1 + position in unit of its first sighting
	for u := UnitRow; u <= UnitBox; u++ {
		for i := 0; i < n; i++ {
			clear(first)
			for k := 0; k < n; k++ {
				r, c := unitCell(g, u, i, k)
				v := g.At(r, c)
				if v == 0 || v > n {
					continue
				}
				if first[v] == 0 {
					first[v] = k + 1
					continue
				}
				r0, c0 := unitCell(g, u, i, first[v]-1)
				out = append(out, Conflict{Unit: u, Index: i, Value: v, First: Cell{r0, c0}, Second: Cell{r, c}})
			}
		}
	}
	return out
}

// unitCell is the k-th cell of unit i of kind u.
func unitCell(g *Grid, u Unit, i, k int) (r, c int) {
	switch u {
	case UnitRow:
		return i, k
	case UnitColumn:
		return k, i
	}
	return g.BoxCell(i, k)
}
