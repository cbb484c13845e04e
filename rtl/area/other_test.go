package area

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/bram"
	"sudokusim/rtl/ga"
	"sudokusim/rtl/swarm"
	"sudokusim/sudoku"
)

// memoryNamed returns the report's memory called name.
func memoryNamed(t *testing.T, r Report, name string) Memory {
	t.Helper()
	for _, m := range r.Memories() {
		if m.Name == name {
			return m
		}
	}
	t.Fatalf("no memory %s in %v", name, r.Memories())
	return Memory{}
}

// TestGAPopMemIsTheModels runs the GA model and compares the pop_mem
// mapping it reports with the estimate's.
func TestGAPopMemIsTheModels(t *testing.T) {
	tests := []struct{ order, pop int }{{2, 4}, {3, 64}, {3, 100}, {4, 32}, {3, 1000}}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("n%d_P%d", tc.order, tc.pop), func(t *testing.T) {
			cfg := ga.DefaultConfig()
			cfg.PopSize, cfg.MaxGenerations = tc.pop, 0
			g, err := sudoku.New(tc.order)
			require.NoError(t, err)
			res, err := ga.Simulate(cfg, g)
			require.NoError(t, err)
			r, err := EstimateGA(cfg, tc.order)
			require.NoError(t, err)
			assert.Equal(t, res.Memory, memoryNamed(t, r, "pop_mem").Mapping)
			assert.Equal(t, res.Memory.Primitives, r.RAMB16, "pop_mem is the GA's only block RAM")
		})
	}
}

// TestSwarmStackIsTheModels compares the branch stack with
// swarm.Config.StackMemory and checks the only other memory is the input
// buffer of one board.
func TestSwarmStackIsTheModels(t *testing.T) {
	tests := []struct{ order, boards, width, depth int }{
		{2, 1, 4, 0}, {3, 16, 16, 256}, {4, 8, 1, 64}, {5, 4, 32, 4096}, {15, 16, 16, 256},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("m%d_B%d_W%d_D%d", tc.order, tc.boards, tc.width, tc.depth), func(t *testing.T) {
			cfg := swarm.DefaultConfig()
			cfg.MaxOrder, cfg.BoardSlots, cfg.CopyWidth, cfg.StackDepth = tc.order, tc.boards, tc.width, tc.depth
			r, err := EstimateSwarm(cfg)
			require.NoError(t, err)
			stack, err := cfg.StackMemory()
			require.NoError(t, err)
			in, err := bram.Map(cfg.WordsPerBoard(tc.order), tc.width*cfg.CellBits())
			require.NoError(t, err)
			assert.Equal(t, in, memoryNamed(t, r, "InputBuffer").Mapping)
			if tc.depth == 0 {
				assert.Len(t, r.Memories(), 1, "no stack without StackDepth")
			} else {
				assert.Equal(t, stack, memoryNamed(t, r, "BranchStack").Mapping)
			}
			assert.Equal(t, stack.Primitives+in.Primitives, r.RAMB16)
		})
	}
}

// TestGARisesWithPopulation: a larger population needs a deeper pop_mem,
// wider slot registers and address muxes, never less.
func TestGARisesWithPopulation(t *testing.T) {
	var prev Report
	for i, p := range []int{4, 16, 64, 256, 1024, 4096} {
		cfg := ga.DefaultConfig()
		cfg.PopSize = p
		r, err := EstimateGA(cfg, 3)
		require.NoError(t, err)
		if i > 0 {
			assert.Greater(t, r.Structural.SliceHalves(), prev.Structural.SliceHalves(), "P=%d", p)
			assert.GreaterOrEqual(t, r.RAMB16, prev.RAMB16, "P=%d", p)
		}
		prev = r
	}
	small, err := EstimateGA(ga.DefaultConfig(), 3)
	require.NoError(t, err)
	big := ga.DefaultConfig()
	big.PopSize = 4096
	r, err := EstimateGA(big, 3)
	require.NoError(t, err)
	assert.Greater(t, r.RAMB16, small.RAMB16, "8192 words need more RAMB16 than 128")
}

// TestSwarmRisesWithBoards: every engine adds its cell units, masks, tree
// and branch logic; doubling the engines at least doubles that share.
func TestSwarmRisesWithBoards(t *testing.T) {
	est := func(b int) Report {
		cfg := swarm.DefaultConfig()
		cfg.MaxOrder, cfg.BoardSlots = 3, b
		r, err := EstimateSwarm(cfg)
		require.NoError(t, err)
		return r
	}
	one := est(1)
	perEngine := 0
	for _, b := range one.Blocks {
		if b.Name == "CellUnits ×1" || b.Name == "Masks ×1" || b.Name == "MinTree ×1" {
			perEngine += b.SliceHalves()
		}
	}
	require.Positive(t, perEngine)
	prev, prevB := one, 1
	for _, b := range []int{2, 4, 8, 16, 64} {
		r := est(b)
		grew := r.Structural.SliceHalves() - prev.Structural.SliceHalves()
		assert.GreaterOrEqual(t, grew, (b-prevB)*perEngine, "B=%d", b)
		assert.Equal(t, one.RAMB16, r.RAMB16, "engines are registers, not block RAM")
		prev, prevB = r, b
	}
}

func TestOtherDesignsFit(t *testing.T) {
	gaCfg := func(p int) ga.Config {
		c := ga.DefaultConfig()
		c.PopSize = p
		return c
	}
	swCfg := func(m, b, depth int) swarm.Config {
		c := swarm.DefaultConfig()
		c.MaxOrder, c.BoardSlots, c.StackDepth = m, b, depth
		return c
	}
	type est func() (Report, error)
	gaEst := func(p, n int) est { return func() (Report, error) { return EstimateGA(gaCfg(p), n) } }
	swEst := func(m, b, depth int) est { return func() (Report, error) { return EstimateSwarm(swCfg(m, b, depth)) } }
	tests := []struct {
		name, device string
		estimate     est
		verdict      string
		limiting     string
	}{
		{"ga n3 P64 XC2VP30", "XC2VP30", gaEst(64, 3), VerdictFits, "Slices"},
		{"ga n4 P64 XC2VP30", "XC2VP30", gaEst(64, 4), VerdictMayFit, "Slices"},
		{"ga n4 P64 XC7A100T", "XC7A100T", gaEst(64, 4), VerdictFits, "Slices"},
		{"ga n9 P64 XC7A100T", "XC7A100T", gaEst(64, 9), VerdictNotFits, "Slices"},
		{"ga n9 P64 XCVU9P", "XCVU9P", gaEst(64, 9), VerdictFits, "Slices"},
		{"ga n15 P64 XCVU9P", "XCVU9P", gaEst(64, 15), VerdictNotFits, "Slices"},
		{"ga n3 P4096 XC2VP30", "XC2VP30", gaEst(4096, 3), VerdictNotFits, "RAMB16s"},
		{"swarm m3 B2 XC2VP30", "XC2VP30", swEst(3, 2, 256), VerdictFits, "Slices"},
		{"swarm m3 B16 XC2VP30", "XC2VP30", swEst(3, 16, 256), VerdictNotFits, "Slices"},
		{"swarm m3 B16 XCVU9P", "XCVU9P", swEst(3, 16, 256), VerdictFits, "Slices"},
		{"swarm m15 B16 XCVU9P", "XCVU9P", swEst(15, 16, 256), VerdictNotFits, "Slices"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := tc.estimate()
			require.NoError(t, err)
			d, err := LookupDevice(tc.device)
			require.NoError(t, err)
			f := r.Fit(d)
			assert.Equal(t, tc.verdict, f.Verdict, "%+v %d..%d", f.Lines, f.SlicesLow, f.SlicesHigh)
			assert.Equal(t, tc.verdict != VerdictNotFits, f.Fits)
			assert.Equal(t, tc.limiting, f.Limiting)
		})
	}
}

func TestOtherDesignsBadConfig(t *testing.T) {
	bad := ga.DefaultConfig()
	bad.PopSize = 1
	_, err := EstimateGA(bad, 3)
	assert.ErrorContains(t, err, "population 1")
	_, err = EstimateGA(ga.DefaultConfig(), 16)
	assert.ErrorContains(t, err, "order 16")
	sw := swarm.DefaultConfig()
	sw.CopyWidth = 0
	_, err = EstimateSwarm(sw)
	assert.ErrorContains(t, err, "copy width")
}

func TestOtherDesignsReport(t *testing.T) {
	r, err := EstimateGA(ga.DefaultConfig(), 3)
	require.NoError(t, err)
	assert.Equal(t, "ga", r.Design)
	assert.Equal(t, 3, r.MaxOrder)
	assert.Equal(t, 9+2+6, r.MULT18, "a pick multiplier per box, tournament and mutation draw")
	s, err := EstimateSwarm(swarm.DefaultConfig())
	require.NoError(t, err)
	assert.Equal(t, "swarm", s.Design)
	assert.Equal(t, 15, s.MaxOrder)
	assert.Zero(t, s.MULT18)
}

// TestLeapWeights checks the XOR matrix the RNG bank is costed from against
// the LFSR itself: the leap of a state is the XOR of the leaps of its bits.
func TestLeapWeights(t *testing.T) {
	w := leapWeights(ga.Taps32)
	total := 0
	for _, x := range w {
		require.Positive(t, x, "every output bit depends on the state")
		total += x
	}
	ones := 0
	for j := 0; j < 32; j++ {
		l := ga.LFSR{State: 1 << j, Mask: ga.Taps32}
		for i := 0; i < 32; i++ {
			l.Step()
		}
		for s := l.State; s != 0; s &= s - 1 {
			ones++
		}
	}
	assert.Equal(t, ones, total)
}
