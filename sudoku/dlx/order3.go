package dlx

import (
	"context"
	"math/bits"
	"unsafe"

	"sudokusim/sudoku"
)

// The order-3 matrix. It is the scan-mode matrix of matrix.go for a 9×9
// puzzle — the same columns in the same list order, the same rows in the
// same order in every column, the same column choice, hints included — so
// a search on it places the same rows in the same order and finds the same
// solutions, node for node (TestOrder3MatchesGenericSearch). It differs
// only in storage and code, which is what a hard 9×9 set spends its time
// on (about 170 search nodes a puzzle, each unlinking a few dozen nodes):
//
//   - every link is a uint16 and every array has 65,536 entries, so an
//     index can never be out of range and the compiler emits no bounds
//     check and no mask. The arrays take 820 KB of address space,
//     allocated once per Solver; a search touches about 30 KB of it (3,241
//     nodes at most, 2 bytes a link);
//   - links in separate arrays (up, down, column header; size, left and
//     right for headers), so a link is one load instruction;
//   - a row's four nodes consecutive and aligned to 4, so a node's left
//     and right neighbours are computed, not loaded (as in Knuth's own DLX
//     programs, which keep a row's nodes sequential);
//   - cover's unlinking of a row's three other nodes written out, as in
//     the C solver fast_solv_9r2 (docs/reference-solvers.md), nothing
//     called inside the loops, and the hint bookkeeping without a branch.
//
// Measured step by step with BenchmarkHard9x9; see
// docs/reference-solvers.md for the figures.

const (
	// o3Nodes holds the root, 324 column headers and 729 rows of four
	// (3,241 nodes, rows aligned to 4); it is the range of a uint16, so
	// that indexing needs no check (the masks below cost nothing).
	o3Nodes = 1 << 16
	o3Mask  = o3Nodes - 1
	// o3Cols holds the root and 324 column headers, with the same margin.
	o3Cols    = 1 << 16
	o3ColMask = o3Cols - 1
	// o3Depth bounds the search stack: at most 81 placements.
	o3Depth = 128
)

// matrix3 is the order-3 matrix and the search's stack.
type matrix3 struct {
	u, d, c [o3Nodes]uint16     // each node's up and down neighbours and column header
	size    [o3Cols]uint16      // each column's ones left
	l, r    [o3Cols]uint16      // the live header list; 0 is the root
	hints   [2 * hintCap]uint16 // a stack of hintCap, and a slot cover writes when it is full
	nh      int
	zero    uint16
	stack   [o3Depth]uint16

	placement [o3Nodes / 4]uint16 // per node>>2 of a row: cell*9 + value-1
	cols      uint16
	rows      uint16
}

// o3Self holds 0, 1, 2, ...: the header links of an empty column, copied
// in rather than written one by one (the root, 324 headers, and one more
// for r[h] = h+1).
var o3Self = func() (s [1 + 4*81 + 1]uint16) {
	for i := range s {
		s[i] = uint16(i)
	}
	return s
}()

// build fills m from the 9×9 grid g (checked by sudoku.CheckGrid) in
// buildSmall's order and reports false when two givens clash.
func (m *matrix3) build(g *sudoku.Grid) bool {
	const full = uint16(1)<<9 - 1
	cells := g.Cells[:81]
	var rowHas, colHas, boxHas [9]uint16 // bit v-1: value v given in the unit
	for i, v := range cells {
		if v == 0 {
			continue
		}
		r, c := i/9, i%9
		b := r/3*3 + c/3
		bit := uint16(1) << (v - 1)
		if (rowHas[r]|colHas[c]|boxHas[b])&bit != 0 {
			return false
		}
		rowHas[r] |= bit
		colHas[c] |= bit
		boxHas[b] |= bit
	}

	// Columns in constraint order: cell, row-value, column-value,
	// box-value; only unsatisfied ones get a header. The empty cells'
	// columns are 1, 2, ... in cell order; a unit's value columns follow
	// each other in value order from first[kind*9+unit].
	empty := uint16(0)
	for _, v := range cells {
		if v == 0 {
			empty++
		}
	}
	var first [27]uint16
	cols := empty
	for k, has := range [3]*[9]uint16{&rowHas, &colHas, &boxHas} {
		for unit, given := range has {
			first[(k*9+unit)%27] = cols + 1
			cols += uint16(bits.OnesCount16(full &^ given))
		}
	}
	m.cols = cols
	hs := int(cols) + 1 // headers and root
	copy(m.u[:hs], o3Self[:])
	copy(m.d[:hs], o3Self[:])
	copy(m.c[:hs], o3Self[:])
	clear(m.size[:hs])
	copy(m.l[1:hs], o3Self[:]) // l[h] = h-1
	copy(m.r[:hs], o3Self[1:]) // r[h] = h+1
	m.l[0], m.r[cols&o3ColMask] = cols, 0
	m.nh, m.zero = 0, 0

	// Rows: every value an empty cell may still take, cell by cell, value
	// by value. Value v of unit u is missing from it, so its column is
	// first[u] plus the unit's missing values below v.
	x := (cols + 4) &^ 3 // first row node, aligned
	var rows, hc uint16
	for r := range 9 {
		for c := range 9 {
			i := r*9 + c
			if cells[i] != 0 {
				continue
			}
			hc++
			b := r/3*3 + c/3
			rm, cm, bm := full&^rowHas[r], full&^colHas[c], full&^boxHas[b]
			hr, hk, hb := first[r], first[9+c], first[18+b]
			for cand := rm & cm & bm; cand != 0; cand &= cand - 1 {
				v := bits.TrailingZeros16(cand) // value v+1
				below := uint16(1)<<v - 1
				m.placement[(x>>2)&(o3Nodes/4-1)] = uint16(i*9 + v)
				rows++
				m.append(x, hc)
				m.append(x+1, hr+uint16(bits.OnesCount16(rm&below)))
				m.append(x+2, hk+uint16(bits.OnesCount16(cm&below)))
				m.append(x+3, hb+uint16(bits.OnesCount16(bm&below)))
				x += 4
			}
		}
	}
	m.rows = rows
	return true
}

// append makes node x the last node of column h.
func (m *matrix3) append(x, h uint16) {
	up := m.u[h&o3Mask]
	m.u[x&o3Mask], m.d[x&o3Mask], m.c[x&o3Mask] = up, h, h
	m.d[up&o3Mask] = x
	m.u[h&o3Mask] = x
	m.size[h&o3ColMask]++
}

// cover removes column h and every row with a one in it; a column it
// leaves with one row goes on the hint stack, one with none becomes zero
// (matrix.cover in scan mode). The unlinking of a row's three other nodes
// is written out three times: as a function it is not inlined (too
// complex for Go's inliner), and a call costs more than the unlinking.
// The hint stack's top and zero stay in registers, and a hint is always
// written above the top and counted only when its column is down to one
// row: columns reach one row too often, and too unpredictably, for a
// branch (when the stack is full the write goes to a spare slot and the
// hint is dropped, as matrix.cover drops it).
func (m *matrix3) cover(h uint16) {
	l, r := m.l[h&o3ColMask], m.r[h&o3ColMask]
	m.r[l&o3ColMask] = r
	m.l[r&o3ColMask] = l
	var j, u, d, c, size uint16
	hints, nh, zero := &m.hints, m.nh, m.zero
	for i := m.d[h&o3Mask]; i != h; i = m.d[i&o3Mask] {
		b := i &^ 3
		j = b | (i+1)&3
		u, d, c = m.u[j&o3Mask], m.d[j&o3Mask], m.c[j&o3Mask]
		m.d[u&o3Mask] = d
		m.u[d&o3Mask] = u
		size = m.size[c&o3ColMask] - 1
		m.size[c&o3ColMask] = size
		hints[nh&(len(hints)-1)] = c // kept only if counted below
		if size == 1 {
			nh = min(nh+1, hintCap)
		}
		if size == 0 {
			zero = c
		}
		j = b | (i+2)&3
		u, d, c = m.u[j&o3Mask], m.d[j&o3Mask], m.c[j&o3Mask]
		m.d[u&o3Mask] = d
		m.u[d&o3Mask] = u
		size = m.size[c&o3ColMask] - 1
		m.size[c&o3ColMask] = size
		hints[nh&(len(hints)-1)] = c // kept only if counted below
		if size == 1 {
			nh = min(nh+1, hintCap)
		}
		if size == 0 {
			zero = c
		}
		j = b | (i+3)&3
		u, d, c = m.u[j&o3Mask], m.d[j&o3Mask], m.c[j&o3Mask]
		m.d[u&o3Mask] = d
		m.u[d&o3Mask] = u
		size = m.size[c&o3ColMask] - 1
		m.size[c&o3ColMask] = size
		hints[nh&(len(hints)-1)] = c // kept only if counted below
		if size == 1 {
			nh = min(nh+1, hintCap)
		}
		if size == 0 {
			zero = c
		}
	}
	m.nh, m.zero = nh, zero
}

// relink puts row node j back into its column.
func (m *matrix3) relink(j uint16) {
	u, d, c := m.u[j&o3Mask], m.d[j&o3Mask], m.c[j&o3Mask]
	m.size[c&o3ColMask]++
	m.d[u&o3Mask] = j
	m.u[d&o3Mask] = j
}

// uncover undoes cover(h), in exactly the reverse order.
func (m *matrix3) uncover(h uint16) {
	for i := m.u[h&o3Mask]; i != h; i = m.u[i&o3Mask] {
		b := i &^ 3
		m.relink(b | (i+3)&3)
		m.relink(b | (i+2)&3)
		m.relink(b | (i+1)&3)
	}
	m.r[m.l[h&o3ColMask]&o3ColMask] = h
	m.l[m.r[h&o3ColMask]&o3ColMask] = h
}

// live reports whether header h is in the header list, by the test
// matrix.choose uses.
func (m *matrix3) live(h uint16) bool { return m.r[m.l[h&o3ColMask]&o3ColMask] == h }

// choose is matrix.choose in scan mode: a column left with no row, else
// the most recent hint still of size ≤ 1 and live, else the first live
// column of the fewest rows (stopping at one of size ≤ 1); 0 when none is
// left.
func (m *matrix3) choose() uint16 {
	if m.r[0] == 0 {
		return 0
	}
	if h := m.zero; h != 0 && m.size[h&o3ColMask] == 0 && m.live(h) {
		return h
	}
	for m.nh > 0 {
		m.nh--
		h := m.hints[m.nh&(hintCap-1)]
		if m.size[h&o3ColMask] <= 1 && m.live(h) {
			return h
		}
	}
	best, least := uint16(0), uint16(10)
	for h := m.r[0]; h != 0; h = m.r[h&o3ColMask] {
		if s := m.size[h&o3ColMask]; s < least {
			best, least = h, s
			if s <= 1 {
				break
			}
		}
	}
	return best
}

// run3 is Solver.run without probing or shuffling for a 9×9 grid, on
// matrix3: the same search, step for step, with the same counters.
func (s *Solver) run3(ctx context.Context, g *sudoku.Grid, opts Options, budget uint64, limit int, keep bool, res Result) Result {
	if s.m3 == nil {
		s.m3 = new(matrix3)
	}
	m := s.m3
	res.Runs++
	if !m.build(g) {
		res.Status = Unsolvable
		return res
	}
	res.Columns, res.Rows = int(m.cols), int(m.rows)
	res.MatrixBytes = matrix3Bytes
	stack := &m.stack
	done := ctx.Done()
	status := Unsolvable
	k, floor, branched := 0, 0, false
	var c, row uint16
forward:
	if m.r[0] == 0 {
		res.Count++
		if keep && res.Solution == nil {
			res.Solution = m.solution(g, k)
		}
		if limit > 0 && res.Count >= limit {
			status = Solved
			goto finish
		}
		goto back
	}
	c = m.choose()
	if !branched && m.size[c&o3ColMask] > 1 {
		branched, floor = true, k
	}
	m.cover(c)
	stack[k&(o3Depth-1)] = m.d[c&o3Mask]
try:
	row = stack[k&(o3Depth-1)]
	if row == c { // column exhausted
		m.uncover(c)
		goto back
	}
	if budget > 0 && res.work() >= budget {
		status = NodeLimit
		goto finish
	}
	res.Nodes++
	if res.Nodes%checkEvery == 0 {
		if opts.Progress != nil {
			opts.Progress(res.work())
		}
		if stopped(done, opts.Deadline) {
			status = Canceled
			goto finish
		}
	}
	m.cover(m.c[(row&^3|(row+1)&3)&o3Mask])
	m.cover(m.c[(row&^3|(row+2)&3)&o3Mask])
	m.cover(m.c[(row&^3|(row+3)&3)&o3Mask])
	k++
	if k > res.MaxDepth {
		res.MaxDepth = k
	}
	goto forward
back:
	if k == floor {
		if res.Count > 0 {
			status = Solved
		}
		goto finish
	}
	k--
	res.Backtracks++
	row = stack[k&(o3Depth-1)]
	c = m.c[row&o3Mask]
	m.uncover(m.c[(row&^3|(row+3)&3)&o3Mask])
	m.uncover(m.c[(row&^3|(row+2)&3)&o3Mask])
	m.uncover(m.c[(row&^3|(row+1)&3)&o3Mask])
	stack[k&(o3Depth-1)] = m.d[row&o3Mask]
	goto try
finish:
	res.Status = status
	return res
}

// matrix3Bytes is the memory a matrix3 occupies.
const matrix3Bytes = int(unsafe.Sizeof(matrix3{}))

// solution writes the givens and the k placements on the stack into a new
// grid.
func (m *matrix3) solution(g *sudoku.Grid, k int) *sudoku.Grid {
	out := g.Clone()
	for _, x := range m.stack[:k] {
		p := m.placement[(x>>2)&(o3Nodes/4-1)]
		out.Cells[p/9] = uint8(p%9 + 1)
	}
	return out
}
