package dlx

import (
	"math/rand/v2"

	"sudokusim/sudoku"
)

// matrix is the exact-cover matrix in dancing-links form. Index 0 is the
// root, 1..cols the column headers, then every placement row as four
// consecutive nodes (cell, row-value, column-value, box-value).
type matrix struct {
	l, r, u, d, c []int32 // links and the column header of every node
	size          []int32 // ones left in each column (indexed by header)

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
}

// build fills m from g (already checked by sudoku.CheckGrid) and reports
// false when two givens clash, in which case the matrix is not usable. With
// rng nil rows are built cell by cell, value by value, and columns enter
// their size buckets in constraint order; otherwise rng shuffles the cell
// order, the value order and the bucket order, which changes the order in
// which the search tries rows and breaks ties between columns.
func (m *matrix) build(g *sudoku.Grid, rng *rand.Rand) bool {
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
	m.l, m.r, m.u, m.d, m.c = grow(m.l, total), grow(m.r, total), grow(m.u, total), grow(m.d, total), grow(m.c, total)
	m.size = grow(m.size, int(cols)+1)
	m.bucket0, m.maxSize = cols+1, int32(n)
	m.bn, m.bp = grow(m.bn, int(cols)+2*n+3), grow(m.bp, int(cols)+2*n+3)
	m.cellCols = int32(g.Empty())
	for b := m.bucket0; b <= m.bucket0+2*m.maxSize+1; b++ {
		m.bn[b], m.bp[b] = b, b
	}
	m.placement = grow(m.placement, int(rows))
	m.cols, m.rows, m.firstRow = cols, rows, 1+cols
	for h := int32(0); h <= cols; h++ {
		m.l[h], m.r[h] = h-1, h+1
		m.u[h], m.d[h], m.c[h] = h, h, h
		m.size[h] = 0
	}
	m.l[0], m.r[cols] = cols, 0

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
				m.c[x] = h
				m.u[x], m.d[x] = m.u[h], h
				m.d[m.u[h]] = x
				m.u[h] = x
				m.size[h]++
				m.l[x], m.r[x] = node+int32((k+3)%4), node+int32((k+1)%4)
			}
			node += 4
		}
	}
	for k := len(m.colOrder) - 1; k >= 0; k-- { // pushed at the head: lists end up in colOrder
		m.link(m.colOrder[k])
	}
	return true
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
	return 4*(cap(m.l)+cap(m.r)+cap(m.u)+cap(m.d)+cap(m.c)+cap(m.size)+cap(m.bn)+cap(m.bp)+cap(m.placement)+cap(m.colOf)+cap(m.cellOrder)+cap(m.valOrder)+cap(m.colOrder)) + cap(m.used)
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
	l, r, u, d, c, size := m.l, m.r, m.u, m.d, m.c, m.size
	r[l[h]] = r[h]
	l[r[h]] = l[h]
	m.unlink(h)
	for i := d[h]; i != h; i = d[i] {
		for j := r[i]; j != i; j = r[j] {
			d[u[j]] = d[j]
			u[d[j]] = u[j]
			x := c[j]
			m.unlink(x)
			size[x]--
			m.link(x)
		}
	}
}

// uncover undoes cover(h), in exactly the reverse order.
func (m *matrix) uncover(h int32) {
	l, r, u, d, c, size := m.l, m.r, m.u, m.d, m.c, m.size
	for i := u[h]; i != h; i = u[i] {
		for j := l[i]; j != i; j = l[j] {
			x := c[j]
			m.unlink(x)
			size[x]++
			m.link(x)
			d[u[j]] = j
			u[d[j]] = j
		}
	}
	m.link(h)
	r[l[h]] = h
	l[r[h]] = h
}

// choose returns a live column with the fewest ones, or 0 when no column
// is left (every constraint met). Ties go to cell columns (branching on a
// cell's values rather than on a value's cells: 3-6x fewer nodes on the
// FPT'09 04b and 05b), then to the column most recently moved into its
// bucket.
func (m *matrix) choose() int32 {
	if m.r[0] == 0 {
		return 0
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
	m.cover(m.c[x])
	for j := m.r[x]; j != x; j = m.r[j] {
		m.cover(m.c[j])
	}
}

// unplace undoes place(x).
func (m *matrix) unplace(x int32) {
	for j := m.l[x]; j != x; j = m.l[j] {
		m.uncover(m.c[j])
	}
	m.uncover(m.c[x])
}

// fails probes the live row holding node x: it places the row, then follows
// up to len(trail) forced placements (columns with one row left), and
// reports whether a column was left with no row — then no solution holds
// the row. Everything is undone before it returns.
func (m *matrix) fails(x int32, trail []int32) bool {
	m.place(x)
	failed, n := false, 0
	for {
		if m.ofSize(0) != 0 {
			failed = true
			break
		}
		if n == len(trail) {
			break
		}
		h := m.ofSize(1)
		if h == 0 {
			break
		}
		trail[n] = m.d[h]
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
		m.d[m.u[j]] = m.d[j]
		m.u[m.d[j]] = m.u[j]
		h := m.c[j]
		m.unlink(h)
		m.size[h]--
		m.link(h)
		if j = m.r[j]; j == x {
			return
		}
	}
}

// prune probes every live row (through its cell column) and removes the
// ones that fail. It returns the rows probed and removed. It stops early,
// with stopped set, after maxProbes probes (0: no limit) or when done is
// closed (checked every checkEvery probes).
func (m *matrix) prune(trail []int32, maxProbes uint64, done <-chan struct{}) (probed, removed int, stopped bool) {
	for h := m.r[0]; h != 0; h = m.r[h] {
		if h > m.cellCols {
			continue // every row has one cell node; probe it from there
		}
		for i := m.d[h]; i != h; {
			next := m.d[i]
			if maxProbes > 0 && uint64(probed) >= maxProbes {
				return probed, removed, true
			}
			probed++
			if done != nil && probed%checkEvery == 0 {
				select {
				case <-done:
					return probed, removed, true
				default:
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
