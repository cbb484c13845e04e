package ga

import "math/bits"

// geometry is what the design is synthesised for: order n, S = n² values,
// and the tables the wiring implements.
type geometry struct {
	n, s  int
	cells int // S²
	// boxCell[b*S+i] is the grid index (row-major) of cell i of box b.
	boxCell []int
	// treeDepth is D = ⌈log₂ 2S⌉, the adder-tree stages summing 2S unit
	// counts.
	treeDepth int
	// fitBits is the fitness field's width: enough for 2S(S−1), the most
	// duplicates a grid can hold.
	fitBits int
	// worst is the fitness of an invalid chromosome: the field all ones,
	// above any duplicate count (2S(S−1) is even, 2^w − 1 odd).
	worst int
}

func newGeometry(n int) geometry {
	s := n * n
	g := geometry{n: n, s: s, cells: s * s, boxCell: make([]int, s*s)}
	for b := 0; b < s; b++ {
		for i := 0; i < s; i++ {
			r, c := (b/n)*n+i/n, (b%n)*n+i%n
			g.boxCell[b*s+i] = r*s + c
		}
	}
	g.treeDepth = bits.Len(uint(2*s - 1))
	g.fitBits = bits.Len(uint(2 * s * (s - 1)))
	g.worst = 1<<g.fitBits - 1
	return g
}

// valueBits is the width of one cell in a chromosome word.
func (g geometry) valueBits() int { return bits.Len(uint(g.s)) }

// wordBits is the width of a pop_mem word: the cells and the fitness.
func (g geometry) wordBits() int { return g.cells*g.valueBits() + g.fitBits }
