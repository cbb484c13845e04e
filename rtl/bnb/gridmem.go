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
	// watch turns on the port accounting: ports records this cycle's
	// accesses to check the RAMB16 rules (one access per port, no write
	// colliding with the other port's access), and tap, when set, sees every
	// access and clock edge (tests replay the traffic on a bram.Memory built
	// from the same mapping). Off, the accesses cost one branch each: the
	// controller's port use is fixed by its states, which the tests check.
	watch bool
	ports [2]portUse
	tap   gridTap
}

// Watch turns the per-cycle port-rule checks on (and attaches tap, which
// may be nil).
func (g *GridMem) Watch(tap gridTap) {
	g.watch, g.tap = true, tap
}

// Port names.
const (
	PortA = 0
	PortB = 1
)

type portUse struct {
	on, we bool
	word   int
}

// gridTap observes GridMem's port traffic.
type gridTap interface {
	read(port, word int)
	write(port, word int, lanes []uint8, lo, hi int) // lanes lo..hi-1 of word were written
	edge()
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

// Init writes a word outside any clock cycle (BRAM initialisation, the
// direct link): the first len(lanes) lanes; the rest keep their contents.
func (g *GridMem) Init(w int, lanes []uint8) {
	copy(g.lanes[w*g.m:], lanes)
	g.recount(w)
}

// use accounts for one access of port p to word w in this cycle.
func (g *GridMem) use(p, w int, we bool) {
	u, o := &g.ports[p], &g.ports[1-p]
	if g.err == nil {
		switch {
		case u.on:
			g.err = fmt.Errorf("bnb: grid memory port %c used twice in one cycle (words %d and %d)", 'A'+p, u.word, w)
		case o.on && o.word == w && (we || o.we):
			g.err = fmt.Errorf("bnb: grid memory collision: ports A and B on word %d in one cycle with a write", w)
		}
	}
	*u = portUse{on: true, we: we, word: w}
}

// Read presents address w on port p; the word is on the port's output
// from the next cycle.
func (g *GridMem) Read(p, w int) {
	if g.watch {
		g.watchRead(p, w)
	}
}

func (g *GridMem) watchRead(p, w int) {
	g.use(p, w, false)
	if g.tap != nil {
		g.tap.read(p, w)
	}
}

// WriteWord writes a whole word through port p (the first len(lanes) lanes;
// the rest keep their contents).
func (g *GridMem) WriteWord(p, w int, lanes []uint8) {
	g.Init(w, lanes)
	if g.watch {
		g.watchWrite(p, w, 0, len(lanes))
	}
}

// Edge is the clock edge: the cycle's port accounting starts afresh.
func (g *GridMem) Edge() {
	if g.watch {
		g.watchEdge()
	}
}

func (g *GridMem) watchEdge() {
	g.ports = [2]portUse{}
	if g.tap != nil {
		g.tap.edge()
	}
}

// WriteLane writes value v into lane j of word w through port p. The
// hardware writes the registered copy of the word with lane j replaced (the
// RAMB16 columns holding lane j are rewritten whole); no other lane changes.
// Words hold no value twice in their enabled lanes once the loader has
// checked the givens, so the value set is updated in place.
func (g *GridMem) WriteLane(p, w, j int, v uint8) {
	q := &g.lanes[w*g.m+j]
	if old := *q; old != 0 {
		g.present[w].Clear(int(old) - 1)
		g.filled[w].Clear(j)
	}
	*q = v
	if v != 0 {
		g.present[w].Set(int(v) - 1)
		if j < g.size {
			g.filled[w].Set(j)
		}
	}
	if g.watch {
		g.watchWrite(p, w, j, j+1)
	}
}

func (g *GridMem) watchWrite(p, w, lo, hi int) {
	g.use(p, w, true)
	if g.tap != nil {
		g.tap.write(p, w, g.lanes[w*g.m:(w+1)*g.m], lo, hi)
	}
}

// Err is the first breach of the port rules seen.
func (g *GridMem) Err() error { return g.err }

// GivenMem holds one word of M bits per row: bit c of word r is set when
// cell (r, c) is a given. The controller's priority encoders skip givens
// with it (at m = 15: 225 × 225 bits, 7 RAMB16 of 512×36).
type GivenMem struct {
	words   []ValueSet
	mapping bram.Mapping
	// tap, when set, sees every access of the port (co-simulation); nil
	// costs one branch per access.
	tap givenTap
}

// givenTap observes GivenMem's port: a read or a write of row r's word.
type givenTap interface {
	givenAccess(we bool, r int, mask ValueSet)
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

// Read addresses row r's word on the port (the priority encoders see it from
// the next cycle on) and returns it.
func (g *GivenMem) Read(r int) ValueSet {
	if g.tap != nil {
		g.tap.givenAccess(false, r, g.words[r])
	}
	return g.words[r]
}

// Write stores row r's mask through the port.
func (g *GivenMem) Write(r int, s ValueSet) {
	g.words[r] = s
	if g.tap != nil {
		g.tap.givenAccess(true, r, s)
	}
}
