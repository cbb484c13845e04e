package gen

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/sudoku/dlx"
)

func TestFullGridValidEveryOrder(t *testing.T) {
	for order := sudoku.MinOrder; order <= sudoku.MaxOrder; order++ {
		t.Run(fmt.Sprint(order), func(t *testing.T) {
			require.NoError(t, sudoku.Validate(sudoku.MustNew(order), Pattern(order)), "pattern")
			g := FullGrid(order, rand.New(rand.NewPCG(uint64(order), 1)))
			require.NoError(t, sudoku.Validate(sudoku.MustNew(order), g), "shuffled")
			if order > 2 {
				assert.False(t, g.Equal(Pattern(order)), "shuffles changed nothing")
			}
		})
	}
}

func TestGenerateDeterministic(t *testing.T) {
	for _, opts := range []Options{
		{Order: 5, Holes: 0.5, Seed: 7},
		{Order: 5, Holes: 0.5, Seed: 7, Balanced: true},
		{Order: 3, Holes: 0.6, Seed: 7, Unique: true},
	} {
		a, err := Generate(opts)
		require.NoError(t, err)
		b, err := Generate(opts)
		require.NoError(t, err)
		assert.True(t, a.Puzzle.Equal(b.Puzzle), "%+v", opts)
		assert.True(t, a.Solution.Equal(b.Solution), "%+v", opts)
		opts.Seed++
		c, err := Generate(opts)
		require.NoError(t, err)
		assert.False(t, a.Puzzle.Equal(c.Puzzle), "seed changed nothing: %+v", opts)
	}
}

func TestHoleFractions(t *testing.T) {
	tests := []struct {
		opts  Options
		holes int
	}{
		{Options{Order: 3, Holes: 0.25}, 20},  // round(0.25·81)
		{Options{Order: 7, Holes: 0.5}, 1201}, // round(1200.5), half away from zero
		{Options{Order: 15, Holes: 0.25}, 12656},
		{Options{Order: 4, Holes: 0}, 0},
		{Options{Order: 4, Holes: 1}, 256},
		{Options{Order: 6, Holes: 0.5, Balanced: true}, 18 * 36}, // 18 per row
		{Options{Order: 9, Holes: 0.25, Balanced: true}, 20 * 81},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%+v", tc.opts), func(t *testing.T) {
			p, err := Generate(tc.opts)
			require.NoError(t, err)
			assert.Equal(t, tc.holes, p.Puzzle.Empty())
			require.NoError(t, sudoku.Validate(p.Puzzle, p.Solution))
			if tc.opts.Balanced {
				assertBalanced(t, p.Puzzle, tc.holes/p.Puzzle.Size())
			}
		})
	}
}

func assertBalanced(t *testing.T, g *sudoku.Grid, per int) {
	n := g.Size()
	for i := 0; i < n; i++ {
		var row, col, box int
		for k := 0; k < n; k++ {
			r, c := g.BoxCell(i, k)
			if g.At(i, k) == 0 {
				row++
			}
			if g.At(k, i) == 0 {
				col++
			}
			if g.At(r, c) == 0 {
				box++
			}
		}
		require.Equal(t, []int{per, per, per}, []int{row, col, box}, "unit %d", i)
	}
}

func TestUniqueMode(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		p, err := Generate(Options{Order: 3, Holes: 0.6, Seed: seed, Unique: true})
		require.NoError(t, err)
		assert.Equal(t, 49, p.Puzzle.Empty(), "round(0.6·81) holes are reachable at order 3")
		n, err := dlx.Count(context.Background(), p.Puzzle, 0)
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		res, err := dlx.Solve(context.Background(), p.Puzzle, dlx.Options{})
		require.NoError(t, err)
		assert.True(t, p.Solution.Equal(res.Solution))
	}
}

func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		opts Options
		want string
	}{
		{Options{Order: 1}, "gen: order 1 outside 2..15"},
		{Options{Order: 16}, "gen: order 16 outside 2..15"},
		{Options{Order: 3, Holes: 1.5}, "gen: hole fraction 1.5 outside 0..1"},
		{Options{Order: 3, Holes: -0.1}, "gen: hole fraction -0.1 outside 0..1"},
		{Options{Order: 3, Balanced: true, Unique: true}, "gen: balanced and unique modes exclude each other"},
		{Options{Order: 5, Unique: true}, "gen: unique mode is limited to order 4 and below, got 5"},
	}
	for _, tc := range tests {
		_, err := Generate(tc.opts)
		assert.EqualError(t, err, tc.want)
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, opts := range []Options{{Order: 9, Holes: 0.5}, {Order: 15, Holes: 0.25, Balanced: true}, {Order: 3, Holes: 0.6, Unique: true}} {
		b.Run(fmt.Sprintf("order%d-unique%v", opts.Order, opts.Unique), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				opts.Seed++
				if _, err := Generate(opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
