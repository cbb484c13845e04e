package logic

// geometry holds the region tables of one order, shared by every State of
// that order (read-only after construction).
//
// Regions are numbered as the hardware visits them: rows 0..N²-1, then
// columns N²..2N²-1, then boxes 2N²..3N²-1 (boxes row-major). The i-th cell
// of a row is column i, of a column row i, of a box the i-th cell row-major
// inside the box.
type geometry struct {
	order, size int
	words       int        // 64-bit words a Set of size values uses
	regions     []int32    // 3·size·size cell indices, region-major
	cellRegion  [][3]int32 // per cell: its row, column and box region
	cellPos     [][3]int32 // per cell: its index inside those regions
}

func newGeometry(order int) *geometry {
	n := order * order
	g := &geometry{
		order:      order,
		size:       n,
		words:      (n + 63) / 64,
		regions:    make([]int32, 3*n*n),
		cellRegion: make([][3]int32, n*n),
		cellPos:    make([][3]int32, n*n),
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			cell := r*n + c
			b := (r/order)*order + c/order
			bi := (r%order)*order + c%order
			g.regions[r*n+c] = int32(cell)
			g.regions[(n+c)*n+r] = int32(cell)
			g.regions[(2*n+b)*n+bi] = int32(cell)
			g.cellRegion[cell] = [3]int32{int32(r), int32(n + c), int32(2*n + b)}
			g.cellPos[cell] = [3]int32{int32(c), int32(r), int32(bi)}
		}
	}
	return g
}

// region returns the cells of region reg in visiting order.
func (g *geometry) region(reg int) []int32 { return g.regions[reg*g.size : (reg+1)*g.size] }
