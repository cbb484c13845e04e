package ga

// chrInit is chr_init_sudoku. At the start of a chromosome every box's
// value list register is loaded with the values its givens do not use
// (const & const_mask, scanned box by box); then in fill cycle j the box
// units, one per box and all in parallel, each set cell j of their box: a
// given keeps its value, an empty cell takes entry pick(r, m) of the m values
// left (r from the box's rng lane) and the list's last entry moves into the
// hole. After S fill cycles every box holds a permutation of 1..S with its
// givens in place.
type chrInit struct {
	g     *geometry
	given []uint8 // const, 0 where empty
	// missing[b*S:...] are box b's missing values, nmiss[b] of them.
	missing []uint8
	nmiss   []int
	list    []uint8 // the value list registers
	left    []int
	out     []uint8 // the chromosome being built
}

func newChrInit(g *geometry, given []uint8) *chrInit {
	u := &chrInit{g: g, given: given, missing: make([]uint8, g.cells), nmiss: make([]int, g.s),
		list: make([]uint8, g.cells), left: make([]int, g.s), out: make([]uint8, g.cells)}
	used := make([]bool, g.s+1)
	for b := 0; b < g.s; b++ {
		clear(used)
		for i := 0; i < g.s; i++ {
			used[given[g.boxCell[b*g.s+i]]] = true
		}
		for v := 1; v <= g.s; v++ {
			if !used[v] {
				u.missing[b*g.s+u.nmiss[b]] = uint8(v)
				u.nmiss[b]++
			}
		}
	}
	return u
}

// start loads the value lists for a new chromosome.
func (u *chrInit) start() {
	copy(u.list, u.missing)
	copy(u.left, u.nmiss)
}

// fill is fill cycle j: cell j of every box.
func (u *chrInit) fill(j int, rng *rngBank) {
	s := u.g.s
	for b := 0; b < s; b++ {
		at := u.g.boxCell[b*s+j]
		if v := u.given[at]; v != 0 {
			u.out[at] = v
			continue
		}
		m := u.left[b]
		k := pick(rng.draw(b), m)
		l := u.list[b*s : b*s+m]
		u.out[at] = l[k]
		l[k] = l[m-1]
		u.left[b] = m - 1
	}
}
