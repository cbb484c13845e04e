package ga

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sim"
	"sudokusim/sudoku"
)

// TestVCD traces a short run: the ga scope and its signals appear, and the
// traced run (stepped cycle by cycle) gives the untraced run's result.
func TestVCD(t *testing.T) {
	cfg := DefaultConfig()
	cfg.PopSize, cfg.MaxGenerations = 8, 3
	p, err := NewProcessor(cfg, sudoku.Sample(), true)
	require.NoError(t, err)
	var buf bytes.Buffer
	v, err := sim.NewVCD(&buf, p.Scheduler(), sim.VCDOptions{})
	require.NoError(t, err)
	traced, err := p.Run()
	require.NoError(t, err)
	require.NoError(t, v.Close())
	out := buf.String()
	for _, s := range []string{"$scope module ga $end", "state", "ping_pong", "gen_ctr", "best_fit", "repr_ctr"} {
		assert.Contains(t, out, s)
	}
	assert.Zero(t, p.Scheduler().Stats().Solo, "tracing steps every cycle")
	plain, err := Simulate(cfg, sudoku.Sample())
	require.NoError(t, err)
	assert.Equal(t, plain, traced)
}
