package area

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCalibrationTable2 holds version 1 at m = 15 within ±10% of the paper's
// Table 2 slices at every k, rising with k, with Table 2's 107 RAMB16s.
func TestCalibrationTable2(t *testing.T) {
	prev := 0
	for _, row := range Table2 {
		r, err := Estimate(Table2Params(row.CPC))
		require.NoError(t, err)
		resid := float64(r.Slices-row.Slices) / float64(row.Slices)
		t.Logf("k=%d model %d paper %d residual %+.1f%%", row.CPC, r.Slices, row.Slices, 100*resid)
		assert.LessOrEqualf(t, math.Abs(resid), 0.10, "k=%d: %d slices vs paper %d", row.CPC, r.Slices, row.Slices)
		assert.Greaterf(t, r.Slices, prev, "k=%d: slices must rise with k", row.CPC)
		assert.Equal(t, row.RAMB16, r.RAMB16, "k=%d RAMB16", row.CPC)
		prev = r.Slices
	}
}

// TestPackIsTheFit checks that the Pack constant is the least-squares fit
// of the current model, so a change to any block formula that is not
// re-calibrated fails here.
func TestPackIsTheFit(t *testing.T) {
	fit, err := Calibrate()
	require.NoError(t, err)
	assert.InDelta(t, fit, Pack, 0.0005, "Pack %.3f, least-squares fit %.4f: re-calibrate", Pack, fit)
}

// TestSlicesRiseWithOrderAndK: more lanes or more candidate columns never
// cost less.
func TestSlicesRiseWithOrderAndK(t *testing.T) {
	for _, v2 := range []bool{false, true} {
		prev := 0
		for m := 3; m <= 15; m++ {
			p := DefaultParams()
			p.MaxOrder = m
			if v2 {
				p.Heuristics, p.SubsetUnits = paperSet(), 1
			}
			r, err := Estimate(p)
			require.NoError(t, err)
			assert.Greater(t, r.Slices, prev, "v2=%v m=%d", v2, m)
			prev = r.Slices
		}
	}
	prev := 0
	for _, k := range []int{1, 2, 4, 8, 16, 32} {
		p := DefaultParams()
		p.CPC = k
		r, err := Estimate(p)
		require.NoError(t, err)
		assert.Greater(t, r.Slices, prev, "k=%d", k)
		prev = r.Slices
	}
}
