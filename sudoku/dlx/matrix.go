package dlx

import (
	"math/bits"
	"math/rand/v2"
	"time"

	"sudokusim/sudoku"
)

// matrix is the exact-cover matrix in dancing-links form. Index 0 is the
// root, 1..cols the column headers, then every placement row as four
// consecutive nodes (cell, row-value, column-value, box-value).
type matrix struct {
	nd   []node  // every node's links and column header
	size []int32 // ones left in each column (indexed by header)

	// Size buckets: every live column header sits in the circular list of
	// the columns of its kind and size, so choose finds a smallest column
	// without scanning them all. Entries 0..cols are headers; entry
	// bucket0+s is the sentinel of the cell columns of size s (0..maxSize),
	// bucket0+maxSize+1+s that of the row/column/box-value columns.
	bn, bp    []int32
	bucket0   int32
	cellCols  int32
	maxSize   int32
	placement []int32 // per row: cell*N + value-1
	cols      int32   // number of column headers
	rows      int32   // number of placement rows
	firstRow  int32   // index of the first node of the first row

	colOf []int32 // constraint id → header index, 0 if satisfied by a given
	used  []bool  // [unit kind][unit index][value] seen among the givens

	cellOrder, valOrder, colOrder []int32 // build order (shuffled when randomized)

	// scan is set for small matrices (order 3 and below, at most 324
	// columns): choose then scans the live columns as Knuth's DLX does and
	// cover/uncover keep no size buckets, which is cheaper there than
	// keeping the buckets up to date (see scanMaxOrder).
	scan bool
	// hints are the columns cover left with at most one row, most recent
	// last, for choose to try before it scans (scan mode only). A hint
	// may be stale (the column was covered or regained rows since):
	// choose checks it. When full, new hints are dropped; the scan still
	// finds those columns.
	hints []int32
	zero  int32
}

// scanMaxOrder is the largest order whose matrix is searched by scanning
// the live columns instead of through size buckets. At order 3 (at most
// 324 columns, usually a few dozen live ones) the scan costs less than
// maintaining the buckets on every size change; at order 15 a scan over
// ~40,000 live columns cost 50 µs per node.
const scanMaxOrder = 3

// hintCap bounds the hint stack of scan mode.
const hintCap = 256

// node is one node of the matrix: its left, right, up and down neighbours
// and its column header, kept together so that unlinking a node touches
// one cache line.
type node struct {
	l, r, u, d, c int32
}

// build fills m from g (already checked by sudoku.CheckGrid) and reports
// false when two givens clash, in which case the matrix is not usable. With
// rng nil rows are built cell by cell, value by value, and columns enter
// their size buckets in constraint order; otherwise rng shuffles the cell
// order, the value order and the bucket order, which changes the order in
// which the search tries rows and breaks ties between columns.
func (m *matrix) build(g *sudoku.Grid, rng *rand.Rand) bool {
	if g.Order <= scanMaxOrder && rng == nil {
		return m.buildSmall(g)
	}
	n := g.Size()
	cells := n * n
	m.used = grow(m.used, 3*n*(n+1))
	clear(m.used)
	rowHas, colHas, boxHas := m.used[:n*(n+1)], m.used[n*(n+1):2*n*(n+1)], m.used[2*n*(n+1):]
	for i, v := range g.Cells {
		if v == 0 {
			continue
		}
		r, c := i/n, i%n
		b := g.Box(r, c)
		ri, ci, bi := r*(n+1)+int(v), c*(n+1)+int(v), b*(n+1)+int(v)
		if rowHas[ri] || colHas[ci] || boxHas[bi] {
			return false
		}
		rowHas[ri], colHas[ci], boxHas[bi] = true, true, true
	}

	// Columns: constraint ids 0..4·cells-1 in the order cell, row-value,
	// column-value, box-value; only unsatisfied ones get a header.
	m.colOf = grow(m.colOf, 4*cells)
	var cols int32
	for i := 0; i < cells; i++ {
		m.colOf[i] = 0
		if g.Cells[i] == 0 {
			cols++
			m.colOf[i] = cols
		}
	}
	for k, has := range [3][]bool{rowHas, colHas, boxHas} {
		base := (k + 1) * cells
		for unit := 0; unit < n; unit++ {
			for v := 1; v <= n; v++ {
				id := base + unit*n + v - 1
				m.colOf[id] = 0
				if !has[unit*(n+1)+v] {
					cols++
					m.colOf[id] = cols
				}
			}
		}
	}

	// Rows: every value an empty cell may still take.
	var rows int32
	for i := 0; i < cells; i++ {
		if g.Cells[i] != 0 {
			continue
		}
		r, c := i/n, i%n
		b := g.Box(r, c)
		for v := 1; v <= n; v++ {
			if !rowHas[r*(n+1)+v] && !colHas[c*(n+1)+v] && !boxHas[b*(n+1)+v] {
				rows++
			}
		}
	}

	total := int(1 + cols + 4*rows)
	m.nd = grow(m.nd, total)
	m.size = grow(m.size, int(cols)+1)
	m.bucket0, m.maxSize = cols+1, int32(n)
	m.scan = g.Order <= scanMaxOrder
	if m.scan {
		m.hints = grow(m.hints, hintCap)[:0]
		m.zero = 0
	}
	m.bn, m.bp = grow(m.bn, int(cols)+2*n+3), grow(m.bp, int(cols)+2*n+3)
	m.cellCols = int32(g.Empty())
	for b := m.bucket0; b <= m.bucket0+2*m.maxSize+1; b++ {
		m.bn[b], m.bp[b] = b, b
	}
	m.placement = grow(m.placement, int(rows))
	m.cols, m.rows, m.firstRow = cols, rows, 1+cols
	for h := int32(0); h <= cols; h++ {
		m.nd[h].l, m.nd[h].r = h-1, h+1
		m.nd[h].u, m.nd[h].d, m.nd[h].c = h, h, h
		m.size[h] = 0
	}
	m.nd[0].l, m.nd[cols].r = cols, 0

	m.cellOrder = identity(m.cellOrder, cells, 0, rng)
	m.valOrder = identity(m.valOrder, n, 1, rng)
	m.colOrder = identity(m.colOrder, int(cols), 1, rng)
	node, row := m.firstRow, int32(0)
	for _, ci := range m.cellOrder {
		i := int(ci)
		if g.Cells[i] != 0 {
			continue
		}
		r, c := i/n, i%n
		b := g.Box(r, c)
		for _, vv := range m.valOrder {
			v := int(vv)
			if rowHas[r*(n+1)+v] || colHas[c*(n+1)+v] || boxHas[b*(n+1)+v] {
				continue
			}
			m.placement[row] = int32(i*n + v - 1)
			row++
			heads := [4]int32{
				m.colOf[i],
				m.colOf[cells+r*n+v-1],
				m.colOf[2*cells+c*n+v-1],
				m.colOf[3*cells+b*n+v-1],
			}
			for k, h := range heads {
				x := node + int32(k)
				m.nd[x].c = h
				m.nd[x].u, m.nd[x].d = m.nd[h].u, h
				m.nd[m.nd[h].u].d = x
				m.nd[h].u = x
				m.size[h]++
				m.nd[x].l, m.nd[x].r = node+int32((k+3)%4), node+int32((k+1)%4)
			}
			node += 4
		}
	}
	if m.scan {
		// The header list in colOrder: the scan meets cell columns first.
		prev := int32(0)
		for _, h := range m.colOrder {
			m.nd[prev].r, m.nd[h].l = h, prev
			prev = h
		}
		m.nd[prev].r, m.nd[0].l = 0, prev
		return true
	}
	for k := len(m.colOrder) - 1; k >= 0; k-- { // pushed at the head: lists end up in colOrder
		m.link(m.colOrder[k])
	}
	return true
}

// buildSmall is build for orders up to scanMaxOrder without shuffling:
// the same matrix, in the same order, from per-unit candidate bit masks
// instead of per-value flags, because at order 3 building costs as much
// as a third of a hard puzzle's search.
func (m *matrix) buildSmall(g *sudoku.Grid) bool {
	n := g.Size()
	cells := n * n
	full := uint16(1)<<n - 1
	var rowHas, colHas, boxHas [9]uint16 // bit v-1: value v given in the unit
	for i, v := range g.Cells {
		if v == 0 {
			continue
		}
		r, c := i/n, i%n
		b := g.Box(r, c)
		bit := uint16(1) << (v - 1)
		if (rowHas[r]|colHas[c]|boxHas[b])&bit != 0 {
			return false
		}
		rowHas[r] |= bit
		colHas[c] |= bit
		boxHas[b] |= bit
	}

	// Columns, in constraint order: cell, row-value, column-value,
	// box-value; only unsatisfied ones get a header.
	m.colOf = grow(m.colOf, 4*cells)
	var cols, rows int32
	for i := 0; i < cells; i++ {
		m.colOf[i] = 0
		if g.Cells[i] == 0 {
			cols++
			m.colOf[i] = cols
			r, c := i/n, i%n
			rows += int32(bits.OnesCount16(full &^ (rowHas[r] | colHas[c] | boxHas[g.Box(r, c)])))
		}
	}
	for k, has := range [3]*[9]uint16{&rowHas, &colHas, &boxHas} {
		base := (k + 1) * cells
		for unit := 0; unit < n; unit++ {
			for v := 0; v < n; v++ {
				m.colOf[base+unit*n+v] = 0
				if has[unit]&(1<<v) == 0 {
					cols++
					m.colOf[base+unit*n+v] = cols
				}
			}
		}
	}

	m.nd = grow(m.nd, int(1+cols+4*rows))
	m.size = grow(m.size, int(cols)+1)
	m.bucket0, m.maxSize = cols+1, int32(n)
	m.scan = true
	m.hints = grow(m.hints, hintCap)[:0]
	m.zero = 0
	m.cellCols = int32(g.Empty())
	m.placement = grow(m.placement, int(rows))
	m.cols, m.rows, m.firstRow = cols, rows, 1+cols
	nd := m.nd
	for h := int32(0); h <= cols; h++ {
		n := &nd[h]
		n.l, n.r, n.u, n.d, n.c = h-1, h+1, h, h, h
		m.size[h] = 0
	}
	nd[0].l, nd[cols].r = cols, 0

	x, row := m.firstRow, int32(0)
	for i := 0; i < cells; i++ {
		if g.Cells[i] != 0 {
			continue
		}
		r, c := i/n, i%n
		b := g.Box(r, c)
		for cand := full &^ (rowHas[r] | colHas[c] | boxHas[b]); cand != 0; cand &= cand - 1 {
			v := bits.TrailingZeros16(cand) // value v+1
			m.placement[row] = int32(i*n + v)
			row++
			m.appendNode(x, x+3, x+1, m.colOf[i])
			m.appendNode(x+1, x, x+2, m.colOf[cells+r*n+v])
			m.appendNode(x+2, x+1, x+3, m.colOf[2*cells+c*n+v])
			m.appendNode(x+3, x+2, x, m.colOf[3*cells+b*n+v])
			x += 4
		}
	}
	return true
}

// appendNode makes x, with row neighbours l and r, the last node of
// column h.
func (m *matrix) appendNode(x, l, r, h int32) {
	nd := m.nd
	up := nd[h].u
	n := &nd[x]
	n.l, n.r, n.u, n.d, n.c = l, r, up, h, h
	nd[up].d = x
	nd[h].u = x
	m.size[h]++
}

// identity returns s resized to n holding first, first+1, ..., shuffled by
// rng when rng is not nil.
func identity(s []int32, n int, first int32, rng *rand.Rand) []int32 {
	s = grow(s, n)
	for i := range s {
		s[i] = first + int32(i)
	}
	if rng != nil {
		rng.Shuffle(n, func(i, j int) { s[i], s[j] = s[j], s[i] })
	}
	return s
}

// bytes is the memory the matrix arrays occupy (their capacity).
func (m *matrix) bytes() int {
	return 20*cap(m.nd) + 4*(cap(m.size)+cap(m.bn)+cap(m.bp)+cap(m.placement)+cap(m.colOf)+cap(m.cellOrder)+cap(m.valOrder)+cap(m.colOrder)) + cap(m.used)
}

// grow returns s resized to n, reusing its array when large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// link puts column header h at the head of the bucket of its size.
func (m *matrix) link(h int32) {
	b := m.bucket0 + m.size[h]
	if h > m.cellCols {
		b += m.maxSize + 1
	}
	nx := m.bn[b]
	m.bn[h], m.bp[h] = nx, b
	m.bp[nx] = h
	m.bn[b] = h
}

// unlink takes column header h out of its bucket.
func (m *matrix) unlink(h int32) {
	m.bn[m.bp[h]] = m.bn[h]
	m.bp[m.bn[h]] = m.bp[h]
}

// cover removes column header h and every row with a one in it.
func (m *matrix) cover(h int32) {
	nd, size := m.nd, m.size
	nd[nd[h].l].r = nd[h].r
	nd[nd[h].r].l = nd[h].l
	if m.scan {
		hints := m.hints
		for i := nd[h].d; i != h; i = nd[i].d {
			for j := nd[i].r; j != i; j = nd[j].r {
				n := &nd[j]
				u, d := n.u, n.d
				nd[u].d = d
				nd[d].u = u
				x := n.c
				if size[x]--; size[x] <= 1 {
					if size[x] == 0 {
						m.zero = x
					} else if len(hints) < cap(hints) {
						hints = append(hints, x)
					}
				}
			}
		}
		m.hints = hints
		return
	}
	m.unlink(h)
	for i := nd[h].d; i != h; i = nd[i].d {
		for j := nd[i].r; j != i; j = nd[j].r {
			nd[nd[j].u].d = nd[j].d
			nd[nd[j].d].u = nd[j].u
			x := nd[j].c
			m.unlink(x)
			size[x]--
			m.link(x)
		}
	}
}

// uncover undoes cover(h), in exactly the reverse order.
func (m *matrix) uncover(h int32) {
	nd, size := m.nd, m.size
	if m.scan {
		for i := nd[h].u; i != h; i = nd[i].u {
			for j := nd[i].l; j != i; j = nd[j].l {
				size[nd[j].c]++
				nd[nd[j].u].d = j
				nd[nd[j].d].u = j
			}
		}
	} else {
		for i := nd[h].u; i != h; i = nd[i].u {
			for j := nd[i].l; j != i; j = nd[j].l {
				x := nd[j].c
				m.unlink(x)
				size[x]++
				m.link(x)
				nd[nd[j].u].d = j
				nd[nd[j].d].u = j
			}
		}
		m.link(h)
	}
	nd[nd[h].l].r = h
	nd[nd[h].r].l = h
}

// choose returns a live column with the fewest ones, or 0 when no column
// is left (every constraint met). Ties go to cell columns (branching on a
// cell's values rather than on a value's cells: 3-6x fewer nodes on the
// FPT'09 04b and 05b), then to the column most recently moved into its
// bucket.
func (m *matrix) choose() int32 {
	if m.nd[0].r == 0 {
		return 0
	}
	if m.scan {
		if h := m.zero; h != 0 && m.size[h] == 0 && m.nd[m.nd[h].l].r == h {
			return h
		}
		for len(m.hints) > 0 {
			h := m.hints[len(m.hints)-1]
			m.hints = m.hints[:len(m.hints)-1]
			if m.size[h] <= 1 && m.nd[m.nd[h].l].r == h {
				return h
			}
		}
		best, min := int32(0), m.maxSize+1
		for h := m.nd[0].r; h != 0; h = m.nd[h].r {
			if s := m.size[h]; s < min {
				best, min = h, s
				if s <= 1 {
					break
				}
			}
		}
		return best
	}
	for s := int32(0); s <= m.maxSize; s++ {
		if h := m.ofSize(s); h != 0 {
			return h
		}
	}
	panic("dlx: live column in no size bucket")
}

// ofSize returns a live column of size s (a cell column first), 0 if none.
func (m *matrix) ofSize(s int32) int32 {
	b := m.bucket0 + s
	if h := m.bn[b]; h != b {
		return h
	}
	b += m.maxSize + 1
	if h := m.bn[b]; h != b {
		return h
	}
	return 0
}

// place covers the columns of the row holding node x (choosing that row).
func (m *matrix) place(x int32) {
	m.cover(m.nd[x].c)
	for j := m.nd[x].r; j != x; j = m.nd[j].r {
		m.cover(m.nd[j].c)
	}
}

// unplace undoes place(x).
func (m *matrix) unplace(x int32) {
	for j := m.nd[x].l; j != x; j = m.nd[j].l {
		m.uncover(m.nd[j].c)
	}
	m.uncover(m.nd[x].c)
}

// fails probes the live row holding node x: it places the row, then follows
// up to len(trail) forced placements (columns with one row left), and
// reports whether a column was left with no row — then no solution holds
// the row. Everything is undone before it returns.
func (m *matrix) fails(x int32, trail []int32) bool {
	m.place(x)
	failed, n := false, 0
	for {
		h := m.choose()
		if h == 0 {
			break
		}
		if m.size[h] == 0 {
			failed = true
			break
		}
		if n == len(trail) || m.size[h] > 1 {
			break
		}
		trail[n] = m.nd[h].d
		m.place(trail[n])
		n++
	}
	for n > 0 {
		n--
		m.unplace(trail[n])
	}
	m.unplace(x)
	return failed
}

// remove takes the live row holding node x out of the matrix for good.
// It is only sound while every placement on the search stack is forced,
// and the search never backtracks past that point (see Solver.run).
func (m *matrix) remove(x int32) {
	j := x
	for {
		m.nd[m.nd[j].u].d = m.nd[j].d
		m.nd[m.nd[j].d].u = m.nd[j].u
		h := m.nd[j].c
		if m.scan {
			m.size[h]--
		} else {
			m.unlink(h)
			m.size[h]--
			m.link(h)
		}
		if j = m.nd[j].r; j == x {
			return
		}
	}
}

// prune probes every live row (through its cell column) and removes the
// ones that fail. It returns the rows probed and removed. It stops early,
// with stop set, after maxProbes probes (0: no limit) or when done is
// closed or the deadline (if not zero) passed (checked every checkEvery
// probes, when progress, if not nil, is told the work so far: base plus
// the probes).
func (m *matrix) prune(trail []int32, maxProbes uint64, done <-chan struct{}, deadline time.Time, progress func(uint64), base uint64) (probed, removed int, stop bool) {
	for h := m.nd[0].r; h != 0; h = m.nd[h].r {
		if h > m.cellCols {
			continue // every row has one cell node; probe it from there
		}
		for i := m.nd[h].d; i != h; {
			next := m.nd[i].d
			if maxProbes > 0 && uint64(probed) >= maxProbes {
				return probed, removed, true
			}
			probed++
			if probed%checkEvery == 0 {
				if progress != nil {
					progress(base + uint64(probed))
				}
				if stopped(done, deadline) {
					return probed, removed, true
				}
			}
			if m.fails(i, trail) {
				m.remove(i)
				removed++
			}
			i = next
		}
	}
	return probed, removed, false
}
