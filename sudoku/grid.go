package sudoku

import (
	"fmt"
	"strings"
)

// MinOrder and MaxOrder bound the order n of a grid this package accepts.
// The FPT'09 competition uses 3..15; order 2 (4×4) is kept for hand-worked
// tests.
const (
	MinOrder = 2
	MaxOrder = 15
)

// Grid is a Sudoku board of order n: Size() = n² rows and columns, n² boxes of
// n×n cells, values 1..n² and 0 for an empty cell.
//
// Cells are stored row-major: cell (r, c) is Cells[r*Size()+c]. Every value of
// an FPT'09 grid (at most 225) fits one byte, which is also the width the
// serial link carries.
type Grid struct {
	Order int
	Cells []uint8
}

// New returns an empty grid of order n, or an error when n is outside
// MinOrder..MaxOrder.
func New(order int) (*Grid, error) {
	if order < MinOrder || order > MaxOrder {
		return nil, fmt.Errorf("sudoku: order %d outside %d..%d", order, MinOrder, MaxOrder)
	}
	n := order * order
	return &Grid{Order: order, Cells: make([]uint8, n*n)}, nil
}

// MustNew is New for orders known to be valid at compile time (tests,
// examples); it panics on a bad order.
func MustNew(order int) *Grid {
	g, err := New(order)
	if err != nil {
		panic(err)
	}
	return g
}

// Size is n², the number of rows, columns, boxes and values.
func (g *Grid) Size() int { return g.Order * g.Order }

// NumCells is n⁴.
func (g *Grid) NumCells() int { return len(g.Cells) }

// At returns the value of cell (r, c); 0 is empty.
func (g *Grid) At(r, c int) int { return int(g.Cells[r*g.Size()+c]) }

// Set writes value v into cell (r, c).
func (g *Grid) Set(r, c, v int) { g.Cells[r*g.Size()+c] = uint8(v) }

// Box is the index of the box holding cell (r, c), boxes numbered row-major.
func (g *Grid) Box(r, c int) int { return (r/g.Order)*g.Order + c/g.Order }

// BoxCell returns the row and column of the i-th cell (row-major inside the
// box) of box b.
func (g *Grid) BoxCell(b, i int) (r, c int) {
	n := g.Order
	return (b/n)*n + i/n, (b%n)*n + i%n
}

// Empty counts the cells that hold 0.
func (g *Grid) Empty() int {
	e := 0
	for _, v := range g.Cells {
		if v == 0 {
			e++
		}
	}
	return e
}

// Clone returns a deep copy.
func (g *Grid) Clone() *Grid {
	return &Grid{Order: g.Order, Cells: append([]uint8(nil), g.Cells...)}
}

// Equal reports whether two grids have the same order and cells.
func (g *Grid) Equal(h *Grid) bool {
	if g.Order != h.Order || len(g.Cells) != len(h.Cells) {
		return false
	}
	for i := range g.Cells {
		if g.Cells[i] != h.Cells[i] {
			return false
		}
	}
	return true
}

// Rows returns the grid as a slice of rows of ints (the JSON shape of a
// solution).
func (g *Grid) Rows() [][]int {
	n := g.Size()
	rows := make([][]int, n)
	for r := range rows {
		rows[r] = make([]int, n)
		for c := range rows[r] {
			rows[r][c] = g.At(r, c)
		}
	}
	return rows
}

// String renders the grid in the body format of a .sudoku file: one line per
// row, values separated by single spaces.
func (g *Grid) String() string {
	var b strings.Builder
	n := g.Size()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if c > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%d", g.At(r, c))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Checksum is the FPT'09 checksum of a grid: Σ (−1)^(r+c) · d[r,c] over all
// cells, cell (0,0) with sign +, reduced to its lower 8 bits in two's
// complement. The sample puzzle has checksum 3, its solution 29.
func Checksum(g *Grid) uint8 {
	var sum int
	n := g.Size()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			v := int(g.Cells[r*n+c])
			if (r+c)&1 == 0 {
				sum += v
			} else {
				sum -= v
			}
		}
	}
	return uint8(sum)
}
