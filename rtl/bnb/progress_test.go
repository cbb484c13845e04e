package bnb

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A run with a progress callback is the same run, and the callback sees the
// simulated cycles grow (issue 13, item 7: long runs show progress).
func TestProgressChangesNothing(t *testing.T) {
	g := loadFPT(t, "04b")
	cfg := DefaultConfig()
	cfg.MaxSearchCycles = 3_000_000

	plain, err := Simulate(cfg, g, SimOptions{})
	require.NoError(t, err)
	var seen []uint64
	withProgress, err := Simulate(cfg, g, SimOptions{ProgressEvery: 1 << 20, Progress: func(c uint64) { seen = append(seen, c) }})
	require.NoError(t, err)
	assert.Equal(t, plain, withProgress)
	total := plain.Cycles.Total()
	require.NotEmpty(t, seen)
	assert.InDelta(t, float64(total)/(1<<20), float64(len(seen)), 1, "one report per 2²⁰ cycles")
	for i, c := range seen {
		assert.Equal(t, uint64(i+1)<<20, c)
	}

	cfg.MaxSearchCycles = 100_000_000
	plain, err = Fast(cfg, g)
	require.NoError(t, err)
	seen = nil
	withProgress, err = FastProgress(cfg, g, func(c uint64) { seen = append(seen, c) })
	require.NoError(t, err)
	assert.Equal(t, plain, withProgress)
	require.Len(t, seen, int(plain.Search.Nodes/progressNodes))
	for i := 1; i < len(seen); i++ {
		assert.Greater(t, seen[i], seen[i-1])
	}
	assert.Less(t, seen[len(seen)-1], plain.Cycles.Total())
	assert.Greater(t, seen[0], plain.Cycles.Rx+plain.Cycles.Load)
}
