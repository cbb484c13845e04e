package bram_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/bram"
)

func TestMap(t *testing.T) {
	cases := []struct {
		name         string
		depth, width int
		prims, mux   int
		groups       []bram.Group
	}{
		{"one 512x36", 81, 36, 1, 0, []bram.Group{{bram.Aspect{512, 36}, 1, 1}}},
		{"225 words of 1800 bits", 225, 1800, 50, 0, []bram.Group{{bram.Aspect{512, 36}, 50, 1}}},
		// 2 × 16K×1 side by side beats 2 × 8K×2 cascaded: same count, no mux.
		{"16K x 2", 16384, 2, 2, 0, []bram.Group{{bram.Aspect{16384, 1}, 2, 1}}},
		{"deep: 64K x 1", 65536, 1, 4, 2, []bram.Group{{bram.Aspect{16384, 1}, 1, 4}}},
		{"narrow fits 1K x 18", 100, 18, 1, 0, []bram.Group{{bram.Aspect{1024, 18}, 1, 1}}},
		// 37 bits: one 36-bit column and one 1-bit column for the rest.
		{"mixed shapes", 512, 37, 2, 0, []bram.Group{{bram.Aspect{512, 36}, 1, 1}, {bram.Aspect{16384, 1}, 1, 1}}},
		{"3 cascaded needs 2 mux levels", 1536, 36, 3, 2, []bram.Group{{bram.Aspect{512, 36}, 1, 3}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := bram.Map(tc.depth, tc.width)
			require.NoError(t, err)
			assert.Equal(t, tc.prims, m.Primitives, m.String())
			assert.Equal(t, tc.mux, m.MuxLevels, m.String())
			assert.Equal(t, tc.groups, m.Groups, m.String())
			checkCovers(t, m)
		})
	}
	_, err := bram.Map(0, 8)
	assert.Error(t, err)
	_, err = bram.Map(8, -1)
	assert.Error(t, err)
}

// checkCovers asserts the mapping holds every bit of every word and that
// Primitives and MuxLevels agree with the groups.
func checkCovers(t *testing.T, m bram.Mapping) {
	t.Helper()
	bits, prims := 0, 0
	for _, g := range m.Groups {
		bits += g.Columns * g.Aspect.Width
		prims += g.Columns * g.Cascade
		assert.GreaterOrEqual(t, g.Cascade*g.Aspect.Depth, m.Depth)
		assert.Less(t, (g.Cascade-1)*g.Aspect.Depth, m.Depth, "no needless cascade level")
	}
	assert.GreaterOrEqual(t, bits, m.Width)
	assert.Equal(t, prims, m.Primitives)
}

// The FPT'09 grid memories hold the grid three times: by rows, by columns
// and by boxes. Each layout has n² words (one per row, column or box) of n²
// cells × 8 bits.
func TestMapGridLayouts(t *testing.T) {
	cases := []struct {
		order      int
		perLayout  int
		layoutDesc string
		packed     int
		packedDesc string
	}{
		// 9 words × 72 bits: two 512×36 side by side.
		{3, 2, "9×72: 2 RAMB16 (512×36 ×2)", 2, "27×72: 2 RAMB16 (512×36 ×2)"},
		// 121 × 968: ⌈968/36⌉ = 27 columns of 512×36.
		{11, 27, "121×968: 27 RAMB16 (512×36 ×27)", 27, "363×968: 27 RAMB16 (512×36 ×27)"},
		// 225 × 1800: 50 columns; packed 675 × 1800 overflows 512 words, so
		// 100 columns of 1K×18 (as many as 50 × 2 cascaded 512×36, without
		// the mux).
		{15, 50, "225×1800: 50 RAMB16 (512×36 ×50)", 100, "675×1800: 100 RAMB16 (1K×18 ×100)"},
	}
	for _, tc := range cases {
		t.Run(tc.layoutDesc, func(t *testing.T) {
			n2 := tc.order * tc.order
			for _, layout := range []string{"rows", "columns", "boxes"} {
				m, err := bram.Map(n2, 8*n2)
				require.NoError(t, err, layout)
				assert.Equal(t, tc.perLayout, m.Primitives, layout)
				assert.Equal(t, tc.layoutDesc, m.String(), layout)
				checkCovers(t, m)
			}
			p, err := bram.Map(3*n2, 8*n2)
			require.NoError(t, err)
			assert.Equal(t, tc.packed, p.Primitives)
			assert.Equal(t, tc.packedDesc, p.String())
			assert.Zero(t, p.MuxLevels)
			checkCovers(t, p)
		})
	}
}
