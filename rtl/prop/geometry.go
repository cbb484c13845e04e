package prop

// Region kinds in sweep order.
const (
	kindRow = iota
	kindCol
	kindBox
)

// cellRC is the row and column of position j of region i of a kind, for
// order n (size s = n²): the sweep's address generator.
func cellRC(kind, i, j, n, s int) (r, c int) {
	switch kind {
	case kindRow:
		return i, j
	case kindCol:
		return j, i
	}
	return (i/n)*n + j/n, (i%n)*n + j%n
}

// boxOf is the box of cell (r, c).
func boxOf(r, c, n int) int { return (r/n)*n + c/n }
