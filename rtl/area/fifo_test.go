package area

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku/logic"
)

// The optional input buffer is off by default, so Table 2's 107 RAMB16
// hold; built, it costs block RAM by its depth and shows as its own block
// and memory (issue 13, item 2).
func TestInputFIFOCost(t *testing.T) {
	base, err := Estimate(DefaultParams())
	require.NoError(t, err)
	assert.Equal(t, 107, base.RAMB16, "Table 2")
	for _, b := range base.Blocks {
		assert.NotEqual(t, "InputFIFO", b.Name)
	}

	for _, tc := range []struct {
		params      Params
		depth, bram int
		fitsXC2VP30 bool
		baseRAMB16  int
	}{
		// One order-15 frame (N⁴ + 2 = 50,627 events) in version 1: 29 RAMB16, and
		// the design still fits — with all 136 RAMB16 used.
		{DefaultParams(), 50627, 29, true, 107},
		// One order-11 frame (14,643 events) in the paper's version-2 build:
		// 9 RAMB16 more than the 2 it has to spare.
		{Params{MaxOrder: 11, CPC: 1, Heuristics: logic.PaperSet(), SubsetUnits: 1, UART: true, ClockHz: 100e6, Baud: 115200}, 14643, 9, false, 134},
		// A small buffer: an order-3 frame (83 events).
		{DefaultParams(), 83, 1, true, 107},
	} {
		p := tc.params
		p.InputFIFO = tc.depth
		r, err := Estimate(p)
		require.NoError(t, err)
		assert.Equal(t, tc.baseRAMB16+tc.bram, r.RAMB16, "depth %d", tc.depth)
		var found bool
		for _, m := range r.Memories() {
			if m.Name == "InputFIFO" {
				found = true
				assert.Equal(t, tc.depth, m.Depth)
				assert.Equal(t, 10, m.Width)
			}
		}
		assert.True(t, found)
		d, err := LookupDevice(DefaultDevice)
		require.NoError(t, err)
		assert.Equal(t, tc.fitsXC2VP30, r.Fit(d).Fits, "depth %d", tc.depth)
	}

	p := DefaultParams()
	p.UART, p.InputFIFO = false, 87
	_, err = Estimate(p)
	assert.ErrorContains(t, err, "needs the UART")
}
