package ga

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

// patternSolution is a valid solved grid of any order: cell (r, c) holds
// (n·(r mod n) + ⌊r/n⌋ + c) mod S + 1.
func patternSolution(n int) *sudoku.Grid {
	g := sudoku.MustNew(n)
	s := g.Size()
	for r := 0; r < s; r++ {
		for c := 0; c < s; c++ {
			g.Set(r, c, (n*(r%n)+r/n+c)%s+1)
		}
	}
	return g
}

// blank empties every step-th cell from offset on.
func blank(g *sudoku.Grid, offset, step int) *sudoku.Grid {
	p := g.Clone()
	for i := offset; i < len(p.Cells); i += step {
		p.Cells[i] = 0
	}
	return p
}

// requireBoxesPermuted checks every box holds 1..S once and every given is
// kept.
func requireBoxesPermuted(t *testing.T, geo *geometry, given, cells []uint8) {
	t.Helper()
	s := geo.s
	for b := 0; b < s; b++ {
		seen := make([]bool, s+1)
		for i := 0; i < s; i++ {
			at := geo.boxCell[b*s+i]
			v := cells[at]
			require.True(t, v >= 1 && int(v) <= s, "box %d cell %d holds %d", b, i, v)
			require.False(t, seen[v], "box %d holds %d twice", b, v)
			seen[v] = true
			if given[at] != 0 {
				require.Equal(t, given[at], v, "given at %d altered", at)
			}
		}
	}
}

func TestChrInit(t *testing.T) {
	for _, tc := range []struct {
		name   string
		puzzle *sudoku.Grid
	}{
		{"order2_empty", sudoku.MustNew(2)},
		{"order2_pattern", blank(patternSolution(2), 1, 3)},
		{"order3_sample", sudoku.Sample()},
		{"order4_pattern", blank(patternSolution(4), 0, 2)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			geo := newGeometry(tc.puzzle.Order)
			u := newChrInit(&geo, tc.puzzle.Cells)
			rng := newRNGBank(max(geo.s, 4), 3)
			distinct := map[string]bool{}
			for k := 0; k < 20; k++ {
				u.start()
				for j := 0; j < geo.s; j++ {
					u.fill(j, &rng)
				}
				requireBoxesPermuted(t, &geo, tc.puzzle.Cells, u.out)
				distinct[fmt.Sprint(u.out)] = true
			}
			if tc.puzzle.Empty() > 4 {
				assert.Greater(t, len(distinct), 1, "chr_init always builds the same chromosome")
			}
		})
	}
}

func TestFitness(t *testing.T) {
	sol := sudoku.SampleSolution()
	swap := func(g *sudoku.Grid, r1, c1, r2, c2 int) *sudoku.Grid {
		h := g.Clone()
		a, b := h.At(r1, c1), h.At(r2, c2)
		h.Set(r1, c1, b)
		h.Set(r2, c2, a)
		return h
	}
	ones := sudoku.MustNew(3)
	for i := range ones.Cells {
		ones.Cells[i] = 1
	}
	altered := sol.Clone()
	altered.Cells[1] = 2 // the sample gives 1 here
	for _, tc := range []struct {
		name   string
		puzzle *sudoku.Grid
		chr    *sudoku.Grid
		want   int
	}{
		{"solution", sudoku.Sample(), sol, 0},
		// Two cells of one row and one box: the row stays a permutation,
		// each of the two columns gets one duplicate.
		{"swap_in_row", sudoku.MustNew(3), swap(sol, 0, 0, 0, 1), 2},
		// Same box, different rows and columns: both rows and both columns
		// get one duplicate each.
		{"swap_diagonal", sudoku.MustNew(3), swap(sol, 0, 0, 1, 1), 4},
		// All ones: 8 duplicates in each of 9 rows and 9 columns = 2·9·8.
		{"all_ones", sudoku.MustNew(3), ones, 144},
		{"altered_given", sudoku.Sample(), altered, 255},
		{"order2_pattern", sudoku.MustNew(2), patternSolution(2), 0},
		// Order 2 all ones: 2·4·3 = 24; worst is 2^5−1 = 31.
		{"order2_altered", patternSolution(2), swap(patternSolution(2), 0, 0, 0, 1), 31},
	} {
		t.Run(tc.name, func(t *testing.T) {
			geo := newGeometry(tc.puzzle.Order)
			f := newFitnessUnit(&geo, tc.puzzle.Cells)
			assert.Equal(t, tc.want, f.eval(tc.chr.Cells))
		})
	}
	assert.Equal(t, 255, newGeometry(3).worst)
	assert.Equal(t, 31, newGeometry(2).worst)
	assert.Equal(t, 5, newGeometry(3).treeDepth, "⌈log₂ 18⌉")
	assert.Equal(t, 3, newGeometry(2).treeDepth, "⌈log₂ 8⌉")
}

func TestCrossoverAndMutation(t *testing.T) {
	for _, puzzle := range []*sudoku.Grid{blank(patternSolution(2), 0, 3), sudoku.Sample(), blank(patternSolution(4), 1, 2)} {
		t.Run(fmt.Sprintf("order%d", puzzle.Order), func(t *testing.T) {
			geo := newGeometry(puzzle.Order)
			u := newChrInit(&geo, puzzle.Cells)
			rng := newRNGBank(max(geo.s, 4), 11)
			build := func() []uint8 {
				u.start()
				for j := 0; j < geo.s; j++ {
					u.fill(j, &rng)
				}
				return append([]uint8(nil), u.out...)
			}
			ca, cb := make([]uint8, geo.cells), make([]uint8, geo.cells)
			bits := make([]uint32, (geo.s+31)/32)
			swaps := 0
			for k := 0; k < 50; k++ {
				pa, pb := build(), build()
				for i := range bits {
					bits[i] = rng.draw(2 + i)
				}
				crossover(&geo, pa, pb, ca, cb, bits)
				requireBoxesPermuted(t, &geo, puzzle.Cells, ca)
				requireBoxesPermuted(t, &geo, puzzle.Cells, cb)
				for b := 0; b < geo.s; b++ {
					at := geo.boxCell[b*geo.s : (b+1)*geo.s]
					swapped := bits[b>>5]>>(b&31)&1 == 1
					for _, i := range at {
						if swapped {
							require.Equal(t, pb[i], ca[i])
							require.Equal(t, pa[i], cb[i])
						} else {
							require.Equal(t, pa[i], ca[i])
							require.Equal(t, pb[i], cb[i])
						}
					}
				}
				before := append([]uint8(nil), ca...)
				if mutate(&geo, puzzle.Cells, ca, MutationOne, rng.draw(0), rng.draw(1)) {
					swaps++
					diff := 0
					for i := range ca {
						if ca[i] != before[i] {
							diff++
						}
					}
					require.Equal(t, 2, diff, "a mutation changes exactly two cells")
				} else {
					require.Equal(t, before, ca)
				}
				requireBoxesPermuted(t, &geo, puzzle.Cells, ca)
				require.False(t, mutate(&geo, puzzle.Cells, ca, 0, rng.draw(0), rng.draw(1)), "p = 0 mutated")
			}
			assert.Positive(t, swaps, "p = 1 never swapped")
		})
	}
}

func TestPopMemPortRules(t *testing.T) {
	geo := newGeometry(2)
	m, err := newPopMem(geo, 4)
	require.NoError(t, err)
	w := make([]uint8, geo.cells)
	w[3] = 4
	m.A.write(m.addr(1, 2), w, 7)
	m.B.read(m.addr(1, 2))
	m.edge()
	require.ErrorIs(t, m.Err(), ErrCollision)

	m, _ = newPopMem(geo, 4)
	m.A.write(m.addr(1, 2), w, 7)
	m.edge()
	m.B.read(m.addr(1, 2))
	m.edge()
	require.NoError(t, m.Err())
	assert.Equal(t, w, m.B.dout, "data the cycle after the address")
	assert.Equal(t, uint16(7), m.B.doutFit)
	m.A.read(8)
	m.edge()
	require.ErrorIs(t, m.Err(), ErrAddress)
	assert.Equal(t, 8, m.half*2, "pop 4 → 2·4 words")
}
