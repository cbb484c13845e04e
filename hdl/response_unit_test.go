package hdl

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"sudokusim/rtl/bnb"
	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/uart"
)

// Co-simulation of response_unit (with uart_tx and a row-word memory) and
// the Go Core's tx path. The Go side is a serial session of the whole
// processor (rtl/bnb) with a VCD of the Core's state and tx_valid and the
// transmitter's line and busy flag; for each answer the testbench starts the
// unit in the cycle the Go Core finishes, with the Core's reply, checksum
// and size and the solved grid in the row memory, and every cycle of the
// answer must agree: tx_valid, the line, busy, and last (the Go Core moving
// from ANSWER to DRAIN).

// feRUClockHz and feRUBaud give a bit time of 4 cycles (a short run).
const (
	feRUClockHz = 1e9
	feRUBaud    = 250_000_000
	feRUDiv     = 4
)

// feRUWindow is one answer as the Go model sent it: the cycles from the
// Core's finish to the end of DRAIN and the Go signals in each.
type feRUWindow struct {
	finish          uint64
	reply, chk, sz  int
	solution        *sudoku.Grid
	valid, txd      []int
	busy, last      []int
	cycles          int
	responseLength  int
	responseSummary string
}

// feRUGoSession runs chunks through the Go processor with a VCD and cuts the
// waveform into answers.
func feRUGoSession(t *testing.T, maxOrder int, chunks [][]byte) []feRUWindow {
	cfg := bnb.DefaultConfig()
	cfg.Heuristics = nil
	cfg.MaxOrder, cfg.CPC = maxOrder, 2
	cfg.ClockHz, cfg.Baud = feRUClockHz, feRUBaud
	p, err := bnb.NewProcessor(cfg, bnb.SimOptions{})
	require.NoError(t, err)
	var buf bytes.Buffer
	vcd, err := sim.NewVCD(&buf, p.Scheduler(), sim.VCDOptions{Scopes: []string{"core", "uart", "txd"}})
	require.NoError(t, err)
	answers, dropped, err := p.Session(chunks, 10_000_000)
	require.NoError(t, err)
	require.NoError(t, vcd.Close())
	require.Zero(t, dropped)
	w, err := sim.ParseVCD(&buf)
	require.NoError(t, err)
	require.Equal(t, "1ns", strings.ReplaceAll(w.Timescale, " ", ""), "one cycle per VCD time unit")

	end := w.End + 1
	state := feRUSeries(t, w, "core", "state", end)
	valid := feRUSeries(t, w, "core", "tx_valid", end)
	txd := feRUSeries(t, w, "uart", "txd", end)
	busy := feRUSeries(t, w, "txd", "busy", end)
	const answer, drain = 14, 15 // the Core's ANSWER and DRAIN states
	var out []feRUWindow
	for c := uint64(1); c < end; c++ {
		if state[c] != answer || state[c-1] == answer {
			continue
		}
		win := feRUWindow{finish: c - 1}
		e := c
		for e < end && (state[e] == answer || state[e] == drain) {
			e++
		}
		// The window runs from the finish cycle to the last DRAIN cycle.
		for k := win.finish; k < e; k++ {
			win.valid = append(win.valid, int(valid[k]))
			win.txd = append(win.txd, int(txd[k]))
			win.busy = append(win.busy, int(busy[k]))
			last := 0
			if k+1 < end && state[k] == answer && state[k+1] == drain {
				last = 1
			}
			win.last = append(win.last, last)
		}
		win.cycles = len(win.valid)
		out = append(out, win)
	}
	require.Len(t, out, len(answers), "answers in the waveform")
	for i, a := range answers {
		out[i].reply = int(a.ReplyCode)
		out[i].responseLength = len(a.Response)
		out[i].responseSummary = fmt.Sprintf("% x", a.Response[:7])
		if a.ReplyCode == 0 {
			out[i].chk, out[i].sz = int(a.Checksum), a.Order*a.Order
			out[i].solution = a.Solution
		} else {
			// The unit must not look at these for an error reply.
			out[i].chk, out[i].sz = 0x5A, 9
		}
	}
	return out
}

// feRUSeries expands a VCD variable's changes into its value in every cycle.
func feRUSeries(t *testing.T, w *sim.Waveform, scope, name string, end uint64) []uint64 {
	_, ok := w.Var(scope, name)
	require.True(t, ok, "no %s.%s in the VCD", scope, name)
	v := make([]uint64, end)
	h := w.History(scope, name)
	for i, ch := range h {
		stop := end
		if i+1 < len(h) {
			stop = h[i+1].Time
		}
		for c := ch.Time; c < stop && c < end; c++ {
			v[c] = ch.Value
		}
	}
	return v
}

// feRURowsFile writes the grid's row words in $readmemh format (lane M−1
// first), zero rows for no grid.
func feRURowsFile(t *testing.T, path string, maxOrder int, g *sudoku.Grid) {
	m := maxOrder * maxOrder
	var b strings.Builder
	for r := 0; r < m; r++ {
		for j := m - 1; j >= 0; j-- {
			v := 0
			if g != nil && r < g.Size() && j < g.Size() {
				v = int(g.Cells[r*g.Size()+j])
			}
			fmt.Fprintf(&b, "%02x", v)
		}
		b.WriteByte('\n')
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
}

func TestResponseUnitIcarus(t *testing.T) {
	iverilog := feTool(t, "iverilog", "iverilog")
	vvp := feTool(t, "vvp", "iverilog")
	const maxOrder = 4
	small := sudoku.MustNew(2)
	copy(small.Cells, []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 0, 0})
	clash := sudoku.Sample()
	clash.Set(0, 0, 1)
	badSum := uart.EncodePuzzle(sudoku.Sample())
	badSum[len(badSum)-1] ^= 0x40
	chunks := [][]byte{
		uart.EncodePuzzle(small),
		badSum,
		uart.EncodePuzzle(sudoku.Sample()),
		uart.Header[:], // cut: status 6
		uart.EncodePuzzle(clash),
		uart.EncodePuzzle(sudoku.MustNew(4)),
		uart.EncodePuzzle(sudoku.MustNew(5)), // above the maximum order: status 2
	}
	windows := feRUGoSession(t, maxOrder, chunks)
	replies := map[int]bool{}
	for _, w := range windows {
		replies[w.reply] = true
	}
	for _, r := range []int{0, bnb.ReplyBadChecksum, bnb.ReplyBadSize, bnb.ReplyNoSolution, bnb.ReplyCut} {
		require.True(t, replies[r], "an answer with reply %d", r)
	}

	dir := t.TempDir()
	bin := filepath.Join(dir, "response_unit_tb.vvp")
	srcs := feSources(t)
	tb := filepath.Join(filepath.Dir(srcs[0]), "response_unit_tb.v")
	ru := filepath.Join(filepath.Dir(srcs[1]), "response_unit.v")
	require.NoError(t, feRunTool(iverilog, "-g2005", "-o", bin,
		fmt.Sprintf("-Presponse_unit_tb.ClksPerBit=%d", feRUDiv),
		fmt.Sprintf("-Presponse_unit_tb.MaxOrder=%d", maxOrder), tb, ru, srcs[2]))

	for i, w := range windows {
		t.Run(fmt.Sprintf("answer_%d_reply_%d", i, w.reply), func(t *testing.T) {
			rows, stim, out := filepath.Join(dir, "rows.txt"), filepath.Join(dir, "stim.txt"), filepath.Join(dir, "out.txt")
			feRURowsFile(t, rows, maxOrder, w.solution)
			s := fmt.Sprintf("1 1 %d %d %d\n%d 0 %d %d %d\n", w.reply, w.chk, w.sz, w.cycles-1, w.reply, w.chk, w.sz)
			require.NoError(t, os.WriteFile(stim, []byte(s), 0o644))
			require.NoError(t, feRunTool(vvp, "-n", bin, "+stim="+stim, "+out="+out, "+rows="+rows))
			lines := feReadLines(t, out)
			require.Len(t, lines, w.cycles)
			taken := 0
			for c, line := range lines {
				f := strings.Fields(line)
				require.Len(t, f, 9)
				got := map[string]int{}
				for j, name := range []string{"cycle", "tx_valid", "tx_data", "txd", "tx_ready", "tx_busy", "last", "rd_en", "rd_row"} {
					v, err := strconv.Atoi(f[j])
					require.NoError(t, err)
					got[name] = v
				}
				want := map[string]int{"tx_valid": w.valid[c], "txd": w.txd[c], "tx_busy": w.busy[c], "last": w.last[c]}
				for name, v := range want {
					require.Equal(t, v, got[name], "cycle %d after the finish: %s (Go %d, Verilog %d); answer %s",
						c, name, v, got[name], w.responseSummary)
				}
				if got["tx_valid"] == 1 && got["tx_ready"] == 1 {
					taken++
				}
			}
			require.Equal(t, w.responseLength, taken, "bytes handed to the transmitter")
		})
	}
}
