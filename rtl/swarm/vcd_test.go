package swarm

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sim"
	"sudokusim/sudoku"
)

// A traced run of the sample: the controller's state in the waveform spends
// exactly the cycles the result attributes to load and update, and tracing
// changes no count.
func TestVCDTrace(t *testing.T) {
	cfg := DefaultConfig()
	a, err := NewArray(cfg)
	require.NoError(t, err)
	var buf bytes.Buffer
	v, err := sim.NewVCD(&buf, a.Scheduler(), sim.VCDOptions{})
	require.NoError(t, err)
	res, err := a.Solve(sudoku.Sample())
	require.NoError(t, err)
	require.NoError(t, v.Close())
	plain, err := Simulate(cfg, sudoku.Sample())
	require.NoError(t, err)
	assert.Equal(t, plain.Cycles, res.Cycles)
	require.Equal(t, Solved, res.Status)

	wf, err := sim.ParseVCD(&buf)
	require.NoError(t, err)
	hist := wf.History("swarm", "state")
	require.NotEmpty(t, hist)
	spent := map[ctlState]uint64{}
	end := res.Cycles.Total()
	for i, ch := range hist {
		until := end
		if i+1 < len(hist) {
			until = hist[i+1].Time
		}
		if ch.Time < end {
			spent[ctlState(ch.Value)] += min(until, end) - ch.Time
		}
	}
	assert.Equal(t, res.Cycles.Load, spent[stLoad])
	assert.Equal(t, res.Cycles.Update, spent[stUpdate])
	live := wf.History("swarm", "live")
	require.NotEmpty(t, live)
	assert.Equal(t, uint64(1), live[len(live)-1].Value, "the solving engine is live at the end")
}
