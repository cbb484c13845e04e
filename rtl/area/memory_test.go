package area

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku/logic"
)

func paperSet() []logic.Heuristic { return logic.PaperSet() }

// TestBRAMCounts pins the RAMB16 count of every memory at orders 3, 11 and
// 15 in both versions, worked out from the RAMB16 shapes (16K×1, 8K×2, 4K×4,
// 2K×9, 1K×18, 512×36):
//
// Version 1: GridMem is 3M × 8M, GivenMem M × M.
//   - m=3:  GridMem 27×72 → two 512×36 columns = 2; GivenMem 9×9 → one 2K×9 = 1.
//   - m=11: GridMem 363×968 → ⌈968/36⌉ = 27 512×36; GivenMem 121×121 → three
//     512×36 + one 1K×18 for the last 13 bits = 4.
//   - m=15: GridMem 675×1800 → 1800/18 = 100 1K×18 (512×36 would need two
//     deep); GivenMem 225×225 → six 512×36 + one 2K×9 = 7. Total 107.
//
// Version 2 adds CandMem M² × M and MissMem 3M × M.
//   - m=3:  CandMem 81×9, MissMem 27×9 → one 2K×9 each: 3 + 2 = 5.
//   - m=11: CandMem 14641×121 → three 512×36 columns 29 deep (87), one 2K×9
//     column 8 deep (8), four 16K×1 (4) = 99; MissMem 363×121 → three 512×36
//   - one 1K×18 = 4. 31 + 103 = 134 of the XC2VP30's 136.
//   - m=15: CandMem 50625×225 → six 512×36 99 deep + one 2K×9 25 deep = 619;
//     MissMem 675×225 → twelve 1K×18 + one 2K×9 = 13. 107 + 632 = 739.
func TestBRAMCounts(t *testing.T) {
	tests := []struct {
		m     int
		v2    bool
		mems  map[string]int
		total int
	}{
		{3, false, map[string]int{"GridMem": 2, "GivenMem": 1}, 3},
		{11, false, map[string]int{"GridMem": 27, "GivenMem": 4}, 31},
		{15, false, map[string]int{"GridMem": 100, "GivenMem": 7}, 107},
		{3, true, map[string]int{"GridMem": 2, "GivenMem": 1, "CandMem": 1, "MissMem": 1}, 5},
		{11, true, map[string]int{"GridMem": 27, "GivenMem": 4, "CandMem": 99, "MissMem": 4}, 134},
		{15, true, map[string]int{"GridMem": 100, "GivenMem": 7, "CandMem": 619, "MissMem": 13}, 739},
	}
	for _, tc := range tests {
		p := DefaultParams()
		p.MaxOrder = tc.m
		if tc.v2 {
			p.Heuristics = paperSet()
		}
		r, err := Estimate(p)
		require.NoError(t, err)
		got := map[string]int{}
		for _, mem := range r.Memories() {
			got[mem.Name] = mem.RAMB16
		}
		assert.Equal(t, tc.mems, got, "m=%d v2=%v", tc.m, tc.v2)
		assert.Equal(t, tc.total, r.RAMB16, "m=%d v2=%v", tc.m, tc.v2)
	}
}

// TestTable4Bits reproduces seed 000's Table 4 (bits): candidates N⁶, grid
// N⁴ cells of ⌈log₂(N²+1)⌉ value bits plus a flag, and the total.
// The paper's grid entry for order 13, 266,904, is not N⁴ times any whole
// number of bits (266,904 / 28,561 = 9.345); the model gives 28,561 × 9 =
// 257,049, and the test records the paper's figure as an erratum.
func TestTable4Bits(t *testing.T) {
	table4 := []struct{ n, cand, grid, total int }{
		{15, 11390625, 455625, 11846250},
		{14, 7529536, 345744, 7875280},
		{13, 4826809, 266904, 5093713},
		{12, 2985984, 186624, 3172608},
		{11, 1771561, 117128, 1888689},
	}
	for _, row := range table4 {
		assert.Equal(t, row.cand, CandidateBits(row.n), "candidate bits, order %d", row.n)
		assert.Equal(t, row.cand+row.grid, row.total, "paper's own total, order %d", row.n)
		if row.n == 13 {
			assert.Equal(t, 257049, GridBits(13))
			assert.NotEqual(t, 0, row.grid%(row.n*row.n*row.n*row.n), "the erratum: not a whole number of bits per cell")
			continue
		}
		assert.Equal(t, row.grid, GridBits(row.n), "grid bits, order %d", row.n)
		assert.Equal(t, row.total, CandidateBits(row.n)+GridBits(row.n), "total, order %d", row.n)
	}
	// CandMem holds exactly Table 4's candidate bits; the modelled design
	// keeps version 1's three 8-bit layouts, 24·N⁴ bits, instead of the
	// paper's single copy.
	for n := 11; n <= 15; n++ {
		p := DefaultParams()
		p.MaxOrder, p.Heuristics = n, paperSet()
		r, err := Estimate(p)
		require.NoError(t, err)
		bits := map[string]int{}
		for _, mem := range r.Memories() {
			bits[mem.Name] = mem.Bits()
		}
		assert.Equal(t, CandidateBits(n), bits["CandMem"], "order %d", n)
		assert.Equal(t, 24*n*n*n*n, bits["GridMem"], "order %d", n)
	}
}
