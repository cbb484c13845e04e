package ga

// tournament is tournament_sel_sudoku: two tournaments at once, A fed
// from RAM port A and B from port B. Each keeps the index and fitness of
// the best candidate seen; a later candidate wins only with a strictly lower
// fitness.
type tournament struct {
	pendA, pendB int // candidates whose fitness arrives next cycle
	winA, winB   int
	fitA, fitB   int
}

// take compares the fitness values on the ports with the winners; first
// reports the first candidate of the tournament, which wins outright.
func (t *tournament) take(fa, fb int, first bool) {
	if first || fa < t.fitA {
		t.winA, t.fitA = t.pendA, fa
	}
	if first || fb < t.fitB {
		t.winB, t.fitB = t.pendB, fb
	}
}

// crossover is crossover_sudoku: for every box b whose bit of rnd is set,
// child A takes box b from parent B and child B from parent A; otherwise each
// child keeps its own parent's box. Both children come out in one cycle.
// rnd holds S bits, bit b for box b (lanes 2.. of the rng bank, 32 bits
// each).
func crossover(g *geometry, pa, pb, ca, cb []uint8, rnd []uint32) {
	copy(ca, pa)
	copy(cb, pb)
	s := g.s
	for b := 0; b < s; b++ {
		if rnd[b>>5]>>(b&31)&1 == 0 {
			continue
		}
		for _, at := range g.boxCell[b*s : (b+1)*s] {
			ca[at], cb[at] = pb[at], pa[at]
		}
	}
}

// mutate is mutation_sudoku on one child: if the low 16 bits of r0 are below
// p16, box pick(r0>>16, S) is chosen, cell a = pick(r1, S) and cell b =
// (a + 1 + pick(r1>>16, S−1)) mod S inside it (never a itself); if neither
// is a given, their values swap. It reports whether it swapped.
func mutate(g *geometry, given, child []uint8, p16 uint32, r0, r1 uint32) bool {
	if r0&0xFFFF >= p16 {
		return false
	}
	s := g.s
	box := pick(r0>>16, s)
	a := pick(r1, s)
	b := (a + 1 + pick(r1>>16, s-1)) % s
	ia, ib := g.boxCell[box*s+a], g.boxCell[box*s+b]
	if given[ia] != 0 || given[ib] != 0 {
		return false
	}
	child[ia], child[ib] = child[ib], child[ia]
	return true
}
