package swarm

import "math/bits"

// engine is one board engine: a value register per cell and the used-value
// masks of every row, column and box, each w = ⌈S/64⌉ words of one bit per
// value (value v is bit v-1).
//
// Memory layout: cells[i] is cell i row-major; row[r*w+k] is word k of row
// r's mask, and likewise col and box.
type engine struct {
	live  bool
	cells []uint8
	row   []uint64
	col   []uint64
	box   []uint64
	// empty counts the cells still 0.
	empty int
	// stuck is set by an UPDATE that assigned nothing; minCell is then the
	// cell the reduction tree will choose.
	stuck   bool
	minCell int
}

// geometry is the shape of a board of one order, shared by every engine:
// the unit indices of each cell and the mask word count.
type geometry struct {
	order, size, cells int
	w                  int      // words per mask
	full               []uint64 // bits 0..size-1 set
	rowOf, colOf       []uint16
	boxOf              []uint16
}

func newGeometry(n int) geometry {
	s := n * n
	g := geometry{order: n, size: s, cells: s * s, w: (s + 63) / 64}
	g.full = make([]uint64, g.w)
	for v := 0; v < s; v++ {
		g.full[v/64] |= 1 << (v % 64)
	}
	g.rowOf = make([]uint16, g.cells)
	g.colOf = make([]uint16, g.cells)
	g.boxOf = make([]uint16, g.cells)
	for i := range g.cells {
		r, c := i/s, i%s
		g.rowOf[i], g.colOf[i], g.boxOf[i] = uint16(r), uint16(c), uint16((r/n)*n+c/n)
	}
	return g
}

func newEngine(g *geometry) *engine {
	m := g.size * g.w
	return &engine{cells: make([]uint8, g.cells), row: make([]uint64, m), col: make([]uint64, m), box: make([]uint64, m)}
}

// options returns the option word k of cell i: the values not used in its
// row, column or box.
func (e *engine) options(g *geometry, i, k int) uint64 {
	w := g.w
	return ^(e.row[int(g.rowOf[i])*w+k] | e.col[int(g.colOf[i])*w+k] | e.box[int(g.boxOf[i])*w+k]) & g.full[k]
}

// place assigns value v to empty cell i and sets its bit in the cell's row,
// column and box; it reports false when a bit was already set (the value is
// already used in a unit).
func (e *engine) place(g *geometry, i, v int) bool {
	k, bit := (v-1)/64, uint64(1)<<((v-1)%64)
	ri, ci, bi := int(g.rowOf[i])*g.w+k, int(g.colOf[i])*g.w+k, int(g.boxOf[i])*g.w+k
	ok := (e.row[ri]|e.col[ci]|e.box[bi])&bit == 0
	e.row[ri] |= bit
	e.col[ci] |= bit
	e.box[bi] |= bit
	e.cells[i] = uint8(v)
	e.empty--
	return ok
}

// load writes a whole board into the engine, rebuilding the masks as the
// copy-bus words arrive; it reports false when two cells of a unit hold the
// same value.
func (e *engine) load(g *geometry, cells []uint8) bool {
	clear(e.row)
	clear(e.col)
	clear(e.box)
	e.empty = g.cells
	ok := true
	for i, v := range cells {
		e.cells[i] = 0
		if v != 0 && !e.place(g, i, int(v)) {
			ok = false
		}
	}
	e.live, e.stuck = true, false
	return ok
}

// copyFrom makes e a copy of src (cells, masks, counters), as the
// destination engine holds it after the last copy-bus beat.
func (e *engine) copyFrom(src *engine) {
	copy(e.cells, src.cells)
	copy(e.row, src.row)
	copy(e.col, src.col)
	copy(e.box, src.box)
	e.empty = src.empty
	e.live, e.stuck = true, false
}

// outcome is what one UPDATE cycle made of a board.
type outcome uint8

const (
	changed outcome = iota // at least one cell assigned
	stuck                  // no cell assigned; minCell chosen
	dead                   // a cell with no option, or a collision
	solved                 // every cell was already assigned
)

// single is a cell with exactly one option.
type single struct {
	cell int32
	val  int32
}

// update is one UPDATE cycle of the engine's N⁴ cell units: every empty cell
// computes its options from the masks registered at the start of the cycle;
// the singles are assigned at the clock edge. Two singles of one unit with
// the same value collide and kill the board. buf is scratch for the
// singles (capacity N⁴).
func (e *engine) update(g *geometry, buf []single) outcome {
	if e.empty == 0 {
		return solved
	}
	buf = buf[:0]
	minCnt, minIdx := g.size+1, -1
	if g.w == 1 {
		full := g.full[0]
		for i, v := range e.cells {
			if v != 0 {
				continue
			}
			opt := ^(e.row[g.rowOf[i]] | e.col[g.colOf[i]] | e.box[g.boxOf[i]]) & full
			switch cnt := bits.OnesCount64(opt); {
			case cnt == 0:
				return dead
			case cnt == 1:
				buf = append(buf, single{int32(i), int32(bits.TrailingZeros64(opt) + 1)})
			case cnt < minCnt:
				minCnt, minIdx = cnt, i
			}
		}
	} else {
		for i, v := range e.cells {
			if v != 0 {
				continue
			}
			cnt, first := 0, -1
			for k := 0; k < g.w; k++ {
				opt := e.options(g, i, k)
				if opt != 0 && first < 0 {
					first = k*64 + bits.TrailingZeros64(opt)
				}
				cnt += bits.OnesCount64(opt)
			}
			switch {
			case cnt == 0:
				return dead
			case cnt == 1:
				buf = append(buf, single{int32(i), int32(first + 1)})
			case cnt < minCnt:
				minCnt, minIdx = cnt, i
			}
		}
	}
	if len(buf) == 0 {
		e.stuck, e.minCell = true, minIdx
		return stuck
	}
	for _, s := range buf {
		if !e.place(g, int(s.cell), int(s.val)) {
			return dead
		}
	}
	return changed
}
