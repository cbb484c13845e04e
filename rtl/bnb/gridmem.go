package bnb

import (
	"fmt"

	"sudokusim/bram"
)

// GridMem is the grid kept three times (seed 000 §2.2, Fig. 1): one
// dual-port logical memory of 3·M words of M lanes of 8 bits, M = m² for
// the maximum order m.
//
// Word packing: word r (0 ≤ r < M) is row r, word M+c column c, word 2M+b box
// b. Lane j of a row word is cell (r, j); of a column word cell (j, c); of a
// box word the j-th cell of box b counted row-major inside the box. Lane j
// occupies bits 8j..8j+7 of the word; synthesis spreads the 8·M bits over
// the RAMB16s of Mapping (at m = 15: 675 × 1,800 bits, 100 blocks of 1K×18).
//
// Only lanes below S (the size of the puzzle in memory) are enabled; the
// model keeps, for every word, the set of values its enabled lanes hold —
// the output of the comparator array when every value is presented at once —
// exactly in step with the lanes.
type GridMem struct {
	m, size int // lanes per word, enabled lanes
	lanes   []uint8
	present []ValueSet
	filled  []ValueSet // per word: the enabled lanes holding a value
	mapping bram.Mapping
	err     error
}

// NewGridMem returns the memory of a design for maximum order maxOrder.
func NewGridMem(maxOrder int) (*GridMem, error) {
	m := maxOrder * maxOrder
	mp, err := bram.Map(3*m, 8*m)
	if err != nil {
		return nil, fmt.Errorf("bnb: grid memory: %w", err)
	}
	return &GridMem{m: m, lanes: make([]uint8, 3*m*m), present: make([]ValueSet, 3*m), filled: make([]ValueSet, 3*m), mapping: mp}, nil
}

// Mapping is how the memory is built from RAMB16 primitives.
func (g *GridMem) Mapping() bram.Mapping { return g.mapping }

// Words is the depth of the memory, 3·M.
func (g *GridMem) Words() int { return 3 * g.m }

// RowWord, ColWord and BoxWord are the addresses of the three layouts.
func (g *GridMem) RowWord(r int) int { return r }
func (g *GridMem) ColWord(c int) int { return g.m + c }
func (g *GridMem) BoxWord(b int) int { return 2*g.m + b }

// Lane returns lane j of word w.
func (g *GridMem) Lane(w, j int) uint8 { return g.lanes[w*g.m+j] }

// Present returns the set of values held by the enabled lanes of word w.
func (g *GridMem) Present(w int) *ValueSet { return &g.present[w] }

// Filled returns the set of enabled lanes of word w that hold a value (the
// OR of each lane's bits, one gate per lane in hardware).
func (g *GridMem) Filled(w int) *ValueSet { return &g.filled[w] }

// Enable sets the number of enabled lanes (the size byte of the frame) and
// recomputes the value sets over them.
func (g *GridMem) Enable(size int) {
	g.size = size
	for w := range g.present {
		g.recount(w)
	}
}

func (g *GridMem) recount(w int) {
	var s, f ValueSet
	for j, v := range g.lanes[w*g.m : w*g.m+g.size] {
		if v != 0 {
			s.Set(int(v) - 1)
			f.Set(j)
		}
	}
	g.present[w], g.filled[w] = s, f
}

// WriteWord writes a whole word (the first len(lanes) lanes; the rest keep
// their contents).
func (g *GridMem) WriteWord(w int, lanes []uint8) {
	copy(g.lanes[w*g.m:], lanes)
	g.recount(w)
}

// WriteLane writes value v into lane j of word w. The hardware writes the
// registered copy of the word with lane j replaced; no other lane changes.
// Words hold no value twice in their enabled lanes once the loader has
// checked the givens, so the value set is updated in place.
func (g *GridMem) WriteLane(w, j int, v uint8) {
	p := &g.lanes[w*g.m+j]
	if old := *p; old != 0 {
		g.present[w].Clear(int(old) - 1)
		g.filled[w].Clear(j)
	}
	*p = v
	if v != 0 {
		g.present[w].Set(int(v) - 1)
		if j < g.size {
			g.filled[w].Set(j)
		}
	}
}

// checkPorts reports a collision when both ports address one word in a
// cycle in which either writes (RAMB16 rule, DESIGN §3).
func (g *GridMem) checkPorts(a, b int, write bool) {
	if a == b && write && g.err == nil {
		g.err = fmt.Errorf("bnb: grid memory collision: both ports on word %d with a write", a)
	}
}

// Err is the first collision seen.
func (g *GridMem) Err() error { return g.err }

// GivenMem holds one word of M bits per row: bit c of word r is set when
// cell (r, c) is a given. The controller's priority encoders skip givens
// with it (at m = 15: 225 × 225 bits, 7 RAMB16 of 512×36).
type GivenMem struct {
	words   []ValueSet
	mapping bram.Mapping
}

// NewGivenMem returns the given mask of a design for maximum order maxOrder.
func NewGivenMem(maxOrder int) (*GivenMem, error) {
	m := maxOrder * maxOrder
	mp, err := bram.Map(m, m)
	if err != nil {
		return nil, fmt.Errorf("bnb: given memory: %w", err)
	}
	return &GivenMem{words: make([]ValueSet, m), mapping: mp}, nil
}

// Mapping is how the memory is built from RAMB16 primitives.
func (g *GivenMem) Mapping() bram.Mapping { return g.mapping }

// Word returns row r's mask.
func (g *GivenMem) Word(r int) ValueSet { return g.words[r] }

// Write stores row r's mask.
func (g *GivenMem) Write(r int, s ValueSet) { g.words[r] = s }
