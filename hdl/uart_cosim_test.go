package hdl

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
	"sudokusim/uart"
)

// uartCfg is the board's link, 100 MHz and 115200 baud (D = 868), on the
// max-order-8, k = 8 design the direct tests build too.
func uartCfg() bnb.Config {
	cfg := bnb.DefaultConfig()
	cfg.MaxOrder, cfg.CPC = 8, 8
	return cfg
}

func checkFrameOrSkip(t *testing.T, cfg bnb.Config, frame []byte) *Report {
	t.Helper()
	rep, err := CheckFrame(cfg, frame, Options{})
	var tm *ToolMissingError
	if errors.As(err, &tm) {
		t.Skipf("co-simulation needs %s: install the Debian package %s", tm.Tool, tm.Package)
	}
	require.NoError(t, err)
	return rep
}

// The sample and 03a over the UART link at 100 MHz / 115200 baud agree
// cycle for cycle, rx and tx included, and both send the same answer.
func TestUARTAgreement(t *testing.T) {
	for _, name := range []string{"sample", "03a"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g := sudoku.Sample()
			if name != "sample" {
				g = loadFPT(t, name)
			}
			rep := checkOrSkip(t, uartCfg(), g)
			requireAgree(t, rep)
			require.Equal(t, bnb.Solved, rep.Go.Status)
			// rx and tx are the §3 and §7 formulas: L = n⁴ + 6 bytes each way.
			l := uint64(uart.FrameLen(g.Order))
			assert.Equal(t, 10*868*(l-1)+9*868+868/2+4, rep.HDL.Cycles.Rx)
			assert.Equal(t, 1+10*868*l, rep.HDL.Cycles.Tx)
			assert.Equal(t, uart.EncodeSolution(rep.Go.Solution), rep.HDL.Response)
		})
	}
}

// smallPuzzle is an order-2 puzzle with one solution.
func smallPuzzle() *sudoku.Grid {
	return &sudoku.Grid{Order: 2, Cells: []uint8{
		1, 0, 0, 0,
		0, 0, 1, 0,
		0, 1, 0, 0,
		0, 0, 0, 1,
	}}
}

// Every bad-frame class of DESIGN §5 draws the same error reply, byte for
// byte, from both models, after the same cycles.
func TestBadFrames(t *testing.T) {
	good := uart.EncodePuzzle(smallPuzzle())
	with := func(f func(b []byte) []byte) []byte {
		return f(append([]byte(nil), good...))
	}
	clash := smallPuzzle()
	clash.Cells[1] = 1 // two 1s in row 0
	// No clash among the givens, but no solution: (0,1) can only be 2 by
	// its row, but its column holds a 2.
	dead := &sudoku.Grid{Order: 2, Cells: []uint8{
		1, 0, 3, 4,
		0, 0, 0, 0,
		0, 2, 0, 0,
		0, 0, 0, 0,
	}}
	cases := []struct {
		name  string
		frame []byte
		limit uint64
		want  uart.Status
	}{
		{"bad checksum", with(func(b []byte) []byte { b[len(b)-1] ^= 0x01; return b }), 0, uart.StatusBadChecksum},
		{"size not a square", with(func(b []byte) []byte { b[4] = 10; return b }), 0, uart.StatusBadSize},
		{"size above max order", append(append([]byte(nil), uart.Header[:]...), 81, 0, 0, 0), 0, uart.StatusBadSize},
		{"cell above N²", with(func(b []byte) []byte { b[6] = 5; return b }), 0, uart.StatusBadCell},
		{"givens clash", uart.EncodePuzzle(clash), 0, uart.StatusNoSolution},
		{"no solution by search", uart.EncodePuzzle(dead), 0, uart.StatusNoSolution},
		{"cycle limit", good, 7, uart.StatusCycleLimit},
		{"cut short", good[:12], 0, uart.StatusCut},
		{"garbage before the header", append([]byte{0x00, 0xA5, 0x3C, 0x11, 0xFF}, good...), 0, uart.StatusOK},
		{"stray header before the frame", append(append([]byte(nil), uart.Header[:]...), good...), 0, uart.StatusOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg := uartCfg()
			cfg.MaxSearchCycles = c.limit
			rep := checkFrameOrSkip(t, cfg, c.frame)
			requireAgree(t, rep)
			if c.want == uart.StatusOK {
				resp, err := uart.DecodeResponse(rep.HDL.Response)
				require.NoError(t, err)
				require.Equal(t, uart.StatusOK, resp.Status)
				return
			}
			assert.Equal(t, uart.EncodeError(c.want), rep.HDL.Response)
		})
	}
}
