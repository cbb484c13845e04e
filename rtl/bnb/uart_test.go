package bnb

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
	"sudokusim/uart"
)

// Over the serial link the two models still agree, the host decodes a
// valid answer whose checksum is the solution's, and the direct link's run is
// the UART run without its rx and tx phases.
func TestUARTEndToEnd(t *testing.T) {
	links := []struct {
		name  string
		clock float64
		baud  int
	}{
		{"100MHz/115200", 100e6, 115200},
		{"50MHz/115200", 50e6, 115200},
		{"25MHz/921600", 25e6, 921600},
	}
	puzzles := map[string]*sudoku.Grid{
		"order2": grid(t, 2, 1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 0, 0),
		"sample": sudoku.Sample(),
		"03a":    loadFPT(t, "03a"),
		"06a":    loadFPT(t, "06a"),
	}
	for pname, g := range puzzles {
		for _, l := range links {
			t.Run(pname+"/"+l.name, func(t *testing.T) {
				cfg := DefaultConfig()
				cfg.ClockHz, cfg.Baud = l.clock, l.baud
				res := runBoth(t, cfg, g)
				require.Equal(t, Solved, res.Status)
				require.NoError(t, sudoku.Validate(g, res.Solution))
				assert.Equal(t, sudoku.Checksum(res.Solution), res.Checksum)
				assert.Equal(t, uart.EncodeSolution(res.Solution), res.Response)

				direct := cfg
				direct.Link = LinkDirect
				d := runBoth(t, direct, g)
				assert.Equal(t, Cycles{Load: res.Cycles.Load, Search: res.Cycles.Search}, d.Cycles)
				assert.Equal(t, res.Search, d.Search)
			})
		}
	}
}

// Hand-worked rx and tx at 100 MHz / 115200 baud (D = 868) for the order-2
// puzzle of TestOrder2HandWorked, a frame of L = 4 + 1 + 16 + 1 = 22 bytes:
//
//	rx = 1 (host hands over byte 0) + 10·D·(L−1) (21 bytes back to back)
//	   + ⌊D/2⌋ + 9·D (start-bit middle to stop-bit sample of the last byte)
//	   + 3 (byte strobe, decoder event, Core accepts)
//	   = 1 + 182,280 + 434 + 7,812 + 3 = 190,530
//	tx = 1 (first handshake) + 10·D·22 (answer: 4 + 1 + 1 + 16 bytes) = 190,961
func TestUARTHandWorked(t *testing.T) {
	g := grid(t, 2, 1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 0, 0)
	res := runBoth(t, DefaultConfig(), g)
	assert.Equal(t, Cycles{Rx: 190_530, Load: 53, Search: 15, Tx: 190_961}, res.Cycles)
}

func TestUARTRejectsAndErrors(t *testing.T) {
	clash := sudoku.Sample()
	clash.Set(0, 0, 1)
	big := loadFPT(t, "04a")
	for _, tc := range []struct {
		name   string
		g      *sudoku.Grid
		maxOrd int
		limit  uint64
		status Status
		code   uint8
	}{
		{"order above max", big, 3, 0, Rejected, ReplyBadSize},
		{"clashing givens", clash, 15, 0, Unsolvable, ReplyNoSolution},
		{"cycle limit", loadFPT(t, "05b"), 15, 10_000, Timeout, ReplyCycleLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.MaxOrder, cfg.MaxSearchCycles = tc.maxOrd, tc.limit
			res := runBoth(t, cfg, tc.g)
			assert.Equal(t, tc.status, res.Status)
			assert.Equal(t, tc.code, res.ReplyCode)
			assert.Equal(t, uart.EncodeError(uart.Status(tc.code)), res.Response)
			assert.Equal(t, fastTxCycles(868, ErrorReplyLen), res.Cycles.Tx)
		})
	}
}

// Fast-forward and tracing change no count.
func TestFastForwardAndVCDChangeNothing(t *testing.T) {
	g := sudoku.Sample()
	cfg := DefaultConfig()
	cfg.ClockHz, cfg.Baud = 25e6, 921600 // short bit times keep the stepped run small
	ref, err := Simulate(cfg, g, SimOptions{})
	require.NoError(t, err)
	stepped, err := Simulate(cfg, g, SimOptions{NoFastForward: true})
	require.NoError(t, err)
	var vcd, vcdStepped bytes.Buffer
	traced, err := Simulate(cfg, g, SimOptions{VCD: &vcd})
	require.NoError(t, err)
	tracedStepped, err := Simulate(cfg, g, SimOptions{VCD: &vcdStepped, NoFastForward: true})
	require.NoError(t, err)
	assert.Equal(t, vcdStepped.String(), vcd.String(), "VCD bytes with and without fast-forward")
	for _, r := range []Result{stepped, traced, tracedStepped} {
		assert.Equal(t, ref.Cycles, r.Cycles)
		assert.Equal(t, ref.Search, r.Search)
		assert.Equal(t, ref.Response, r.Response)
		assert.Equal(t, ref.States, r.States)
	}
	assert.Contains(t, vcd.String(), "$scope module uart $end")
	assert.Contains(t, vcd.String(), "$scope module core $end")
}

// Version 1 meets t_max at 100 MHz on the sample, 03a, 04a, 06a and 07a for
// every evaluator width (full UART runs, timing model; the cycle-level
// model is held to the same counts by the tests above).
func TestVersion1WithinTMax(t *testing.T) {
	puzzles := map[string]*sudoku.Grid{"sample": sudoku.Sample()}
	for _, name := range []string{"03a", "04a", "06a", "07a"} {
		puzzles[name] = loadFPT(t, name)
	}
	for name, g := range puzzles {
		for _, k := range ValidCPC {
			cfg := DefaultConfig()
			cfg.CPC = k
			res, err := Fast(cfg, g)
			require.NoError(t, err)
			require.Equal(t, Solved, res.Status, "%s k=%d", name, k)
			seconds := float64(res.Cycles.Total()) / cfg.ClockHz
			assert.LessOrEqual(t, seconds, sudoku.TMax(g.Order), "%s k=%d", name, k)
		}
	}
}

// The waveform tells the same story as the counters: reading the Core's
// state signal back from the VCD, the cycles spent in each state equal the
// run's per-state breakdown.
func TestVCDStatesMatchBreakdown(t *testing.T) {
	for _, heur := range [][]logic.Heuristic{nil, logic.PaperSet()} {
		cfg := directConfig(4)
		cfg.Heuristics = heur
		var buf bytes.Buffer
		res, err := Simulate(cfg, loadFPT(t, "03b"), SimOptions{VCD: &buf})
		require.NoError(t, err)
		wf, err := sim.ParseVCD(&buf)
		require.NoError(t, err)
		hist := wf.History("core", "state")
		require.NotEmpty(t, hist)
		end := res.Cycles.Total()
		got := map[string]uint64{}
		for i, ch := range hist {
			until := end
			if i+1 < len(hist) {
				until = hist[i+1].Time
			}
			got[coreState(ch.Value).String()] += until - ch.Time
		}
		for _, s := range res.States {
			assert.Equal(t, s.Cycles, got[s.State], "version %d, state %s", cfg.Version(), s.State)
		}
	}
}
