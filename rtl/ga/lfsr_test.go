package ga

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLFSRPeriod runs the documented taps through their whole period: every
// nonzero state exactly once, back to the start after 2^w − 1 steps.
func TestLFSRPeriod(t *testing.T) {
	for _, tc := range []struct {
		name  string
		width uint
		mask  uint32
	}{{"8", 8, Taps8}, {"16", 16, Taps16}} {
		t.Run(tc.name, func(t *testing.T) {
			period := uint32(1)<<tc.width - 1
			seen := make([]bool, period+1)
			l := LFSR{State: 1, Mask: tc.mask}
			for i := uint32(0); i < period; i++ {
				require.NotZero(t, l.State, "step %d", i)
				require.False(t, seen[l.State], "state %#x repeats after %d steps", l.State, i)
				seen[l.State] = true
				l.Step()
			}
			assert.Equal(t, uint32(1), l.State, "back at the start after 2^%d-1 steps", tc.width)
		})
	}
	// A non-maximal mask (x⁸+1 feedback) cycles early: the test can fail.
	l := LFSR{State: 1, Mask: 0x80}
	for i := 0; i < 8; i++ {
		l.Step()
	}
	assert.Equal(t, uint32(1), l.State)
}

// TestLFSR32 checks the 32-bit lane: the leap table is 32 single steps, and
// the start state does not come back within 2^22 leaps (2^27 steps).
func TestLFSR32(t *testing.T) {
	l := LFSR{State: 0xACE1ACE1, Mask: Taps32}
	s := l.State
	for i := 0; i < 1000; i++ {
		for j := 0; j < 32; j++ {
			l.Step()
		}
		s = leap32.next(s)
		require.Equal(t, l.State, s, "leap %d", i)
	}
	start := s
	for i := 0; i < 1<<22; i++ {
		if s = leap32.next(s); s == start || s == 0 {
			t.Fatalf("leap %d: state %#x (start %#x)", i+1, s, start)
		}
	}
}

func TestRNGBankDeterminism(t *testing.T) {
	draws := func(seed uint64) []uint32 {
		b := newRNGBank(9, seed)
		var out []uint32
		for i := 0; i < 100; i++ {
			out = append(out, b.draw(i%9))
		}
		return out
	}
	assert.Equal(t, draws(7), draws(7), "same seed, same bits")
	assert.NotEqual(t, draws(7), draws(8), "another seed, other bits")
	b := newRNGBank(16, 0)
	seen := map[uint32]bool{}
	for _, s := range b.lane {
		assert.NotZero(t, s, "lane seeded into the lock-up state")
		assert.False(t, seen[s], "two lanes share a start state")
		seen[s] = true
	}
}

func TestPick(t *testing.T) {
	for _, m := range []int{1, 2, 9, 225, 4096} {
		assert.Equal(t, 0, pick(0, m))
		assert.Equal(t, m-1, pick(0xFFFF, m))
		assert.Equal(t, m-1, pick(0xFFFFFFFF, m), "only the low 16 bits count")
	}
}
