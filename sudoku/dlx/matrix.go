package dlx

import "sudokusim/sudoku"

// matrix is the exact-cover matrix in dancing-links form. Index 0 is the
// root, 1..cols the column headers, then every placement row as four
// consecutive nodes (cell, row-value, column-value, box-value).
type matrix struct {
	l, r, u, d, c []int32 // links and the column header of every node
	size          []int32 // ones left in each column (indexed by header)

	// Size buckets: every live column header sits in the circular list of
	// the columns with its size, so choose finds a smallest column without
	// scanning them all. Entries 0..cols are headers; entry bucket0+s is the
	// sentinel of the list of columns of size s (0..maxSize).
	bn, bp    []int32
	bucket0   int32
	maxSize   int32
	placement []int32 // per row: cell*N + value-1
	cols      int32   // number of column headers
	rows      int32   // number of placement rows
	firstRow  int32   // index of the first node of the first row

	colOf []int32 // constraint id → header index, 0 if satisfied by a given
	used  []bool  // [unit kind][unit index][value] seen among the givens
}

// build fills m from g (already checked by sudoku.CheckGrid) and reports
// false when two givens clash, in which case the matrix is not usable.
func (m *matrix) build(g *sudoku.Grid) bool {
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
	m.bn, m.bp = grow(m.bn, int(cols)+n+2), grow(m.bp, int(cols)+n+2)
	for b := m.bucket0; b <= m.bucket0+m.maxSize; b++ {
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

	node, row := m.firstRow, int32(0)
	for i := 0; i < cells; i++ {
		if g.Cells[i] != 0 {
			continue
		}
		r, c := i/n, i%n
		b := g.Box(r, c)
		for v := 1; v <= n; v++ {
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
	for h := int32(cols); h >= 1; h-- { // pushed at the head: lists end up in header order
		m.link(h)
	}
	return true
}

// bytes is the memory the matrix arrays occupy (their capacity).
func (m *matrix) bytes() int {
	return 4*(cap(m.l)+cap(m.r)+cap(m.u)+cap(m.d)+cap(m.c)+cap(m.size)+cap(m.bn)+cap(m.bp)+cap(m.placement)+cap(m.colOf)) + cap(m.used)
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

// choose returns a live column with the fewest ones — the one most recently
// moved into the smallest non-empty size bucket — or 0 when no column is
// left (every constraint met).
func (m *matrix) choose() int32 {
	if m.r[0] == 0 {
		return 0
	}
	for b := m.bucket0; b <= m.bucket0+m.maxSize; b++ {
		if h := m.bn[b]; h != b {
			return h
		}
	}
	panic("dlx: live column in no size bucket")
}
