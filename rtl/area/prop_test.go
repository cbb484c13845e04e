package area

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/rtl/prop"
)

// visitAll is the default configuration with sweeps over every cell (no
// empty-cell maps): the memories of docs/prop.md §1's first table.
func visitAll() prop.Config {
	c := prop.DefaultConfig()
	c.Visit = prop.VisitAll
	return c
}

// Version 3's memories at max order 15 (C = 50,625 cells, M = 225 values),
// counted by bram.Map: GridMem 50,625 × 8 → 25 RAMB16s in 2K×9; each value
// set 225 × 225 → 7 in 512×36; the trail 50,625 × 17 → 50 in 1K×18. One
// memory copy serves two lanes, so 1 and 2 lanes need 25 + 21 + 50 = 96
// and 4 lanes 2·46 + 50 = 142, over the XC2VP30's 136.
func TestEstimatePropMemories(t *testing.T) {
	dev, err := LookupDevice("XC2VP30")
	require.NoError(t, err)
	for _, tc := range []struct {
		maxOrder, lanes, bram int
		fits                  bool
	}{
		{15, 1, 96, true},
		{15, 2, 96, true},
		{15, 4, 142, false},
		{11, 4, 54, true},
	} {
		cfg := visitAll()
		cfg.MaxOrder, cfg.Lanes = tc.maxOrder, tc.lanes
		r, err := EstimateProp(cfg)
		require.NoError(t, err)
		assert.Equal(t, "prop", r.Design)
		assert.Equal(t, tc.bram, r.RAMB16, "m=%d K=%d", tc.maxOrder, tc.lanes)
		f := r.Fit(dev)
		assert.Equal(t, tc.fits, f.Fits, "m=%d K=%d", tc.maxOrder, tc.lanes)
		if !tc.fits {
			assert.Equal(t, "RAMB16s", f.Limiting)
		}
	}
	r, err := EstimateProp(visitAll())
	require.NoError(t, err)
	byName := map[string]int{}
	for _, m := range r.Memories() {
		byName[m.Name] = m.RAMB16
	}
	assert.Equal(t, map[string]int{"GridMem0": 25, "RowSets0": 7, "ColSets0": 7, "BoxSets0": 7, "Trail": 50}, byName)
	// Memory ∝ N⁴: no N⁶-bit candidate memory.
	assert.Less(t, r.MemoryBits(), CandidateBits(15))
}

// More lanes and more rules cost more logic, never less.
func TestEstimatePropMonotone(t *testing.T) {
	prev := 0
	for _, k := range prop.ValidLanes {
		cfg := prop.DefaultConfig()
		cfg.MaxOrder, cfg.Lanes = 11, k
		r, err := EstimateProp(cfg)
		require.NoError(t, err)
		assert.Greater(t, r.Slices, prev, "K=%d", k)
		prev = r.Slices
	}
	naked := prop.DefaultConfig()
	naked.Rules = prop.RulesNaked
	rn, err := EstimateProp(naked)
	require.NoError(t, err)
	rh, err := EstimateProp(prop.DefaultConfig())
	require.NoError(t, err)
	assert.Less(t, rn.Slices, rh.Slices)
}

// The pair rule widens the trail by a cell address +1 (17 → 34 bits at max
// order 15: 50,625 × 34 → 99 RAMB16s in 512×36), which breaks the XC2VP30's
// block RAM (145 > 136); at max order 11 it fits. Its region logic adds to
// the slices.
func TestEstimatePropPairTrail(t *testing.T) {
	dev, err := LookupDevice("XC2VP30")
	require.NoError(t, err)
	base := visitAll()
	base.Branch = prop.BranchMRV
	pair := base
	pair.Branch = prop.BranchPair
	rb, err := EstimateProp(base)
	require.NoError(t, err)
	rp, err := EstimateProp(pair)
	require.NoError(t, err)
	assert.Equal(t, 145, rp.RAMB16)
	assert.Greater(t, rp.Slices, rb.Slices)
	assert.False(t, rp.Fit(dev).Fits)
	pair.MaxOrder = 11
	r11, err := EstimateProp(pair)
	require.NoError(t, err)
	assert.True(t, r11.Fit(dev).Fits)
}

// The probe phase adds logic (the exactly-two detect per lane, the scan
// pointer, two FSM states) and no memory: a trial is an ordinary trail
// entry, so the RAMB16 count is unchanged and max order 15 still fits.
func TestEstimatePropProbe(t *testing.T) {
	dev, err := LookupDevice("XC2VP30")
	require.NoError(t, err)
	for _, k := range []int{1, 2} {
		off := visitAll()
		off.Lanes, off.Probe = k, prop.ProbeNone
		on := off
		on.Probe = prop.ProbePairs
		ro, err := EstimateProp(off)
		require.NoError(t, err)
		rp, err := EstimateProp(on)
		require.NoError(t, err)
		assert.Equal(t, ro.RAMB16, rp.RAMB16, "K=%d", k)
		assert.Equal(t, 96, rp.RAMB16, "K=%d", k)
		assert.Greater(t, rp.Slices, ro.Slices, "K=%d", k)
		assert.True(t, rp.Fit(dev).Fits, "K=%d", k)
	}
}

// Visiting only the empty cells adds three maps of M × M bits (7 RAMB16s
// each at max order 15, as the value sets): 96 + 21 = 117 RAMB16s with one
// or two lanes, which fits the XC2VP30's 136; four lanes need a second copy
// of everything but the trail, 2·67 + 50 = 184, which does not.
func TestEstimatePropVisitEmpty(t *testing.T) {
	dev, err := LookupDevice("XC2VP30")
	require.NoError(t, err)
	for _, tc := range []struct {
		lanes, bram int
		fits        bool
	}{{1, 117, true}, {2, 117, true}, {4, 184, false}} {
		cfg := prop.DefaultConfig()
		require.Equal(t, prop.VisitEmpty, cfg.Visit)
		cfg.Lanes = tc.lanes
		r, err := EstimateProp(cfg)
		require.NoError(t, err)
		assert.Equal(t, tc.bram, r.RAMB16, "K=%d", tc.lanes)
		assert.Equal(t, tc.fits, r.Fit(dev).Fits, "K=%d", tc.lanes)
		all := cfg
		all.Visit = prop.VisitAll
		ra, err := EstimateProp(all)
		require.NoError(t, err)
		assert.Greater(t, r.Slices, ra.Slices, "K=%d", tc.lanes)
	}
	r, err := EstimateProp(prop.DefaultConfig())
	require.NoError(t, err)
	byName := map[string]int{}
	for _, m := range r.Memories() {
		byName[m.Name] = m.RAMB16
	}
	assert.Equal(t, map[string]int{"GridMem0": 25, "RowSets0": 7, "ColSets0": 7, "BoxSets0": 7,
		"RowMap0": 7, "ColMap0": 7, "BoxMap0": 7, "Trail": 50}, byName)
	assert.Less(t, r.MemoryBits(), CandidateBits(15), "still no N⁶-bit candidate memory")
}

// The memories the cycle-level model simulates are the ones the estimate
// counts: for every probe/visit/lanes combination the RAMB16s of the Core's
// bram.Memory list equal the report's.
func TestEstimatePropMatchesSimulatedMemories(t *testing.T) {
	for _, visit := range []prop.Visit{prop.VisitAll, prop.VisitEmpty} {
		for _, probe := range []prop.Probe{prop.ProbeNone, prop.ProbePairs} {
			for _, k := range []int{1, 2, 4} {
				cfg := prop.DefaultConfig()
				cfg.Visit, cfg.Probe, cfg.Lanes = visit, probe, k
				p, err := prop.NewProcessor(cfg, prop.SimOptions{})
				require.NoError(t, err)
				sim := 0
				for _, m := range p.Core().Memories() {
					sim += m.Mapping().Primitives
				}
				r, err := EstimateProp(cfg)
				require.NoError(t, err)
				assert.Equal(t, r.RAMB16, sim, "visit %s probe %s K=%d", visit, probe, k)
			}
		}
	}
}
