package bnb

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/uart"
)

// With the optional input buffer, two frames sent back to back are both
// answered: the second waits in the buffer while the Core answers the
// first. A buffer smaller than the frame still loses it (issue 13, item 2).
func TestInputFIFOKeepsBackToBackFrames(t *testing.T) {
	g := sudoku.Sample()
	frame := uart.EncodePuzzle(g) // 87 bytes, 83 decoder events (N⁴ + 2)
	both := append(append([]byte{}, frame...), frame...)
	for _, tc := range []struct {
		depth   int
		answers int
		lost    []uint64
	}{
		{0, 1, []uint64{87}},
		{40, 1, []uint64{87}}, // too small: the frame's tail overflows it
		{82, 1, []uint64{87}}, // one short of a frame's events
		{83, 2, nil},          // a frame of order 3: start, 81 cells, done
		{4096, 2, nil},
	} {
		{
			cfg := PaperConfig(2)
			cfg.InputFIFO = tc.depth
			p, err := NewProcessor(cfg, SimOptions{})
			require.NoError(t, err)
			answers, dropped, err := p.Session([][]byte{both}, 50_000_000)
			require.NoError(t, err)
			assert.Equal(t, tc.lost, p.Lost(), "depth %d", tc.depth)
			require.Len(t, answers, tc.answers, "depth %d", tc.depth)
			if tc.lost == nil {
				assert.Zero(t, dropped, "depth %d", tc.depth)
			}
			for k, a := range answers {
				assert.Equal(t, Solved, a.Status, "depth %d answer %d", tc.depth, k)
				require.NoError(t, sudoku.Validate(g, a.Solution))
				assert.Equal(t, int64(87*k), a.FirstByte)
				assert.Equal(t, uint64(87*k+86), a.LastByte)
			}
			if tc.answers == 2 {
				// The second frame's rx runs from the end of the first
				// answer to the buffered frame's last event: one event a
				// cycle, 87 cycles and the one that hands it over.
				assert.Less(t, answers[1].Cycles.Rx, uint64(100), "depth %d", tc.depth)
				assert.Equal(t, answers[0].Cycles.Load, answers[1].Cycles.Load)
				assert.Equal(t, answers[0].Cycles.Heuristics, answers[1].Cycles.Heuristics)
				assert.Equal(t, answers[0].Cycles.Tx, answers[1].Cycles.Tx)
			}
		}
	}
}

// An empty buffer is bypassed: a frame sent to an idle Core takes the same
// cycles with and without it, in the cycle-level model and in the timing
// model (which has no buffer to model for one frame).
func TestInputFIFOBypassedWhenEmpty(t *testing.T) {
	g := loadFPT(t, "04a")
	for _, v := range []int{1, 2} {
		cfg := PaperConfig(v)
		plain, err := Simulate(cfg, g, SimOptions{})
		require.NoError(t, err)
		cfg.InputFIFO = 256
		buffered, err := Simulate(cfg, g, SimOptions{})
		require.NoError(t, err)
		fast, err := Fast(cfg, g)
		require.NoError(t, err)
		assert.Equal(t, plain, buffered, "version %d", v)
		assert.Equal(t, plain.Cycles, fast.Cycles, "version %d", v)
	}
	cfg := PaperConfig(1)
	cfg.InputFIFO, cfg.Link = 16, LinkDirect
	assert.ErrorContains(t, cfg.Validate(), "input buffer 16: want 0 with the direct link")
}
