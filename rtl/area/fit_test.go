package area

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku/logic"
)

// TestPaperConfigurationsFit: version 1 at m = 15 fits the XC2VP30 at every
// Table 2 k (the paper built all four); version 2 fits at m = 11 (the
// paper's final design) with a comparator testing one or two combinations
// per cycle, and not at m = 12 or 15, where the candidate memory exceeds the
// 136 RAMB16s (Table 4's conclusion). The simulator's default of 16
// combinations per cycle does not fit at m = 11: the comparator's operand
// muxes overflow the slices.
func TestPaperConfigurationsFit(t *testing.T) {
	xup, err := LookupDevice("xc2vp30")
	require.NoError(t, err)
	tests := []struct {
		name     string
		m, k, p  int
		v2       bool
		fits     bool
		limiting string
	}{
		{"v1 k=1 m=15", 15, 1, 0, false, true, "RAMB16s"},
		{"v1 k=8 m=15", 15, 8, 0, false, true, "Slices"},
		// Version 2 at m = 11 fits only in its leanest form: one candidate
		// per cycle and one subset comparator (99.1% of the slices, 134 of
		// 136 RAMB16s — both nearly full; one order more overflows the
		// RAMB16s, as seed 000 §3.5.1 says).
		{"v2 m=11 k=1 P=1", 11, 1, 1, true, true, "Slices"},
		{"v2 m=11 k=1 P=2", 11, 1, 2, true, false, "Slices"},
		{"v2 m=11 k=8 P=1", 11, 8, 1, true, false, "Slices"},
		{"v2 m=11 k=1 P=16", 11, 1, 16, true, false, "Slices"},
		{"v2 m=12 k=1 P=1", 12, 1, 1, true, false, "RAMB16s"},
		{"v2 m=15 k=1 P=1", 15, 1, 1, true, false, "RAMB16s"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := DefaultParams()
			p.MaxOrder, p.CPC, p.SubsetUnits = tc.m, tc.k, tc.p
			if tc.v2 {
				p.Heuristics = logic.PaperSet()
			}
			r, err := Estimate(p)
			require.NoError(t, err)
			f := r.Fit(xup)
			assert.Equal(t, tc.fits, f.Fits)
			assert.Equal(t, tc.limiting, f.Limiting)
		})
	}
}

// TestFitAcrossDevices checks the translation to other architectures:
// version 1 at m = 15 needs 107 RAMB16s, which the Spartan-3AN (32) cannot
// hold, while the current parts hold it in 54 RAMB36s.
func TestFitAcrossDevices(t *testing.T) {
	r, err := Estimate(DefaultParams())
	require.NoError(t, err)
	tests := []struct {
		device   string
		fits     bool
		limiting string
		brams    int
	}{
		{"XC3S1400AN", false, "RAMB16s", 107},
		{"XC3SD1800A", false, "RAMB16s", 107},
		{"XC7A100T", true, "RAMB36", 54},
		{"XCVU9P", true, "RAMB36", 54},
	}
	for _, tc := range tests {
		d, err := LookupDevice(tc.device)
		require.NoError(t, err)
		f := r.Fit(d)
		assert.Equal(t, tc.fits, f.Fits, tc.device)
		assert.Equal(t, tc.limiting, f.Limiting, tc.device)
		assert.Equal(t, tc.brams, f.BlockRAMs, tc.device)
	}
	// Cyclone II, M4K shapes 4K×1 … 128×36: GridMem 675×1800 is cheapest as
	// 100 columns of 256×18 three deep or 50 of 128×36 six deep, 300 either
	// way (1K×4: 450; 512×9: 200 × 2 = 400); GivenMem 225×225 as 13 columns
	// of 256×18 = 13 (128×36: 7 × 2 = 14). 313 M4Ks > the EP2C70's 250.
	d, err := LookupDevice("EP2C70")
	require.NoError(t, err)
	f := r.Fit(d)
	assert.Equal(t, 313, f.BlockRAMs)
	assert.False(t, f.Fits)
	assert.Equal(t, "M4K blocks", f.Limiting)
}

func TestLookupDevice(t *testing.T) {
	for _, d := range Devices {
		got, err := LookupDevice(d.Name)
		require.NoError(t, err)
		assert.Equal(t, d, got)
		assert.NotEmpty(t, d.Source, d.Name)
		assert.Positive(t, d.BlockRAMs, d.Name)
		assert.Positive(t, d.LUTs, d.Name)
	}
	_, err := LookupDevice("XC9999")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "XC2VP30")
}

func TestWriteSummary(t *testing.T) {
	r, err := Estimate(Table2Params(1))
	require.NoError(t, err)
	d, _ := LookupDevice(DefaultDevice)
	var b bytes.Buffer
	require.NoError(t, r.Fit(d).WriteSummary(&b))
	out := b.String()
	assert.Contains(t, out, "Device utilization summary (XC2VP30)")
	assert.Contains(t, out, "Number of RAMB16s:")
	assert.Regexp(t, `RAMB16s:\s+107 out of\s+136\s+79%`, out)
	assert.Contains(t, out, "The design fits the XC2VP30")
}

func TestParamsValidate(t *testing.T) {
	bad := []struct {
		name string
		edit func(*Params)
		want string
	}{
		{"order", func(p *Params) { p.MaxOrder = 16 }, "max order 16"},
		{"cpc", func(p *Params) { p.CPC = 3 }, "cpc 3"},
		{"heuristic", func(p *Params) { p.Heuristics = []logic.Heuristic{logic.NakedPair} }, "naked-pair has no hardware unit"},
		{"units", func(p *Params) { p.SubsetUnits = -1 }, "subset units -1"},
		{"baud", func(p *Params) { p.Baud = 0 }, "UART needs"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			p := DefaultParams()
			tc.edit(&p)
			_, err := Estimate(p)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestSubsetUnitsScale: each extra combination per cycle adds an operand
// mux, a next-value circuit and a union checker; 0 is the default 16.
func TestSubsetUnitsScale(t *testing.T) {
	p := DefaultParams()
	p.MaxOrder, p.Heuristics, p.SubsetUnits = 11, logic.PaperSet(), 1
	one, err := Estimate(p)
	require.NoError(t, err)
	p.SubsetUnits = 4
	four, err := Estimate(p)
	require.NoError(t, err)
	assert.Greater(t, four.LUT, one.LUT)
	assert.Equal(t, one.RAMB16, four.RAMB16)
	p.SubsetUnits = DefaultSubsetUnits
	sixteen, err := Estimate(p)
	require.NoError(t, err)
	p.SubsetUnits = 0
	dflt, err := Estimate(p)
	require.NoError(t, err)
	assert.Equal(t, sixteen.Blocks, dflt.Blocks)
	assert.Equal(t, sixteen.Slices, dflt.Slices)
}
