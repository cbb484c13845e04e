package hdl

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
	"sudokusim/uart"
)

// Simulators the co-simulation can run the HDL under.
const (
	SimVerilator = "verilator"
	SimIcarus    = "icarus"
)

// Options select the simulator; the zero value is Verilator.
type Options struct {
	Sim string
	// History is the number of cycles of both sides shown before a
	// difference (0: 8).
	History int
	// HDLVCD, when set, is where the HDL's waveform goes (Icarus only).
	HDLVCD string
}

// Outcome is what the HDL did, read from its trace: cycles per phase,
// search nodes and backtracks (WRITE1 and UNDO1 cycles), and the answer
// frame.
type Outcome struct {
	Cycles     bnb.Cycles
	Nodes      uint64
	Backtracks uint64
	Response   []byte
}

// Difference is the first cycle where the two models disagree.
type Difference struct {
	Cycle   uint64
	Signal  string
	Go, HDL string
	// Last cycles of both, oldest first, the differing one last.
	GoLast, HDLLast []string
}

func (d *Difference) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "cycle %d: %s differs: Go %s, HDL %s\n", d.Cycle, d.Signal, d.Go, d.HDL)
	b.WriteString("last cycles of the Go model:\n")
	for _, l := range d.GoLast {
		b.WriteString("  " + l + "\n")
	}
	b.WriteString("last cycles of the HDL:\n")
	for _, l := range d.HDLLast {
		b.WriteString("  " + l + "\n")
	}
	return b.String()
}

// Report is the result of one co-simulation.
type Report struct {
	// Cycles is the number of cycles compared.
	Cycles uint64
	// Diff is the first per-cycle difference, nil when every cycle agreed.
	Diff *Difference
	// Mismatch lists end-of-run disagreements (phases, nodes, answer) when
	// every cycle agreed; it is empty on agreement.
	Mismatch []string
	Go       bnb.Result
	HDL      Outcome
	// HDLNanos is the wall time of the simulator's cycle loop.
	HDLNanos uint64
}

// Agree reports whether the two models agreed on every cycle and outcome.
func (r *Report) Agree() bool { return r.Diff == nil && len(r.Mismatch) == 0 }

// CoverageError is a puzzle or configuration the HDL does not cover.
type CoverageError struct{ Reason string }

func (e *CoverageError) Error() string { return "hdl: not covered: " + e.Reason }

// ParamsOf is the HDL parameter set of a Go configuration.
func ParamsOf(cfg bnb.Config) (Params, error) {
	if cfg.Version() != 1 {
		return Params{}, &CoverageError{"the HDL is version 1: use --heuristics none"}
	}
	if err := cfg.Validate(); err != nil {
		return Params{}, &CoverageError{err.Error()}
	}
	div, err := uart.Divisor(cfg.ClockHz, cfg.Baud)
	if err != nil {
		return Params{}, &CoverageError{err.Error()}
	}
	p := Params{MaxOrder: cfg.MaxOrder, K: cfg.CPC, ClksPerBit: int(div)}
	if cfg.Link == bnb.LinkDirect {
		p.ClksPerBit = 868 // unused by the direct link: one build serves every clock and baud
	}
	if err := p.Validate(); err != nil {
		return Params{}, &CoverageError{err.Error()}
	}
	return p, nil
}

// Check co-simulates the Go model and the HDL on one puzzle and compares
// them every cycle: the frame over the serial line (LinkUART) or the grid
// straight into memory (LinkDirect).
func Check(cfg bnb.Config, g *sudoku.Grid, opt Options) (*Report, error) {
	if cfg.Link == bnb.LinkUART {
		return CheckFrame(cfg, uart.EncodePuzzle(g), opt)
	}
	p, err := ParamsOf(cfg)
	if err != nil {
		return nil, err
	}
	if g.Order > cfg.MaxOrder {
		return nil, &CoverageError{fmt.Sprintf("a puzzle of order %d does not fit a design of max order %d (with --link uart the frame is refused, and that is co-simulated)", g.Order, cfg.MaxOrder)}
	}
	run, err := newRunner(opt.Sim, p)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "sudokusim-cosim-")
	if err != nil {
		return nil, fmt.Errorf("hdl: %w", err)
	}
	defer os.RemoveAll(dir)
	args, err := directArgs(dir, cfg, g)
	if err != nil {
		return nil, err
	}
	tr, err := bnb.NewPortTracer(cfg, g)
	if err != nil {
		return nil, err
	}
	if args, err = opt.vcdArgs(args); err != nil {
		return nil, err
	}
	return compare(cfg, tr, run, args, opt.history(), 0)
}

// CheckFrame co-simulates the processor receiving raw bytes on its serial
// line — a frame, a bad frame, garbage before a frame — and answering
// (LinkUART). The bytes must draw an answer.
func CheckFrame(cfg bnb.Config, frame []byte, opt Options) (*Report, error) {
	if cfg.Link != bnb.LinkUART {
		return nil, &CoverageError{"raw bytes need the UART link"}
	}
	p, err := ParamsOf(cfg)
	if err != nil {
		return nil, err
	}
	if len(frame) == 0 || len(frame) > 1<<16 {
		return nil, &CoverageError{fmt.Sprintf("%d bytes on the line: the harness sends 1..65536", len(frame))}
	}
	run, err := newRunner(opt.Sim, p)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "sudokusim-cosim-")
	if err != nil {
		return nil, fmt.Errorf("hdl: %w", err)
	}
	defer os.RemoveAll(dir)
	var hexb bytes.Buffer
	for _, b := range frame {
		fmt.Fprintf(&hexb, "%02x\n", b)
	}
	fp := filepath.Join(dir, "frame.hex")
	if err := os.WriteFile(fp, hexb.Bytes(), 0o644); err != nil {
		return nil, fmt.Errorf("hdl: %w", err)
	}
	// The watchdog limit of the order the frame's size byte names (the
	// Go model sets it from the order; the HDL takes it as an input).
	order := 2
	for n := 2; n <= 15; n++ {
		if len(frame) > 4 && int(frame[4]) == n*n {
			order = n
		}
	}
	args := []string{"+frame=" + fp, fmt.Sprintf("+frame_len=%d", len(frame)), fmt.Sprintf("+limit=%d", cfg.SearchLimit(order))}
	tr, err := bnb.NewPortTracerFrame(cfg, frame)
	if err != nil {
		return nil, err
	}
	if args, err = opt.vcdArgs(args); err != nil {
		return nil, err
	}
	return compare(cfg, tr, run, args, opt.history(), uint64(p.ClksPerBit))
}

func (o Options) vcdArgs(args []string) ([]string, error) {
	if o.HDLVCD == "" {
		return args, nil
	}
	if o.Sim != SimIcarus {
		return nil, &CoverageError{"a waveform of the HDL needs --sim icarus"}
	}
	return append(args, "+vcd="+o.HDLVCD), nil
}

func (o Options) history() int {
	if o.History <= 0 {
		return 8
	}
	return o.History
}

// directArgs writes the memory images of the direct link and returns the
// harness's plusargs.
func directArgs(dir string, cfg bnb.Config, g *sudoku.Grid) ([]string, error) {
	m := cfg.MaxOrder * cfg.MaxOrder
	s := g.Size()
	var grid, given bytes.Buffer
	lanes := make([]byte, m)
	for w := 0; w < 3*m; w++ {
		clear(lanes)
		if w < s {
			copy(lanes, g.Cells[w*s:(w+1)*s])
		}
		for j := m - 1; j >= 0; j-- { // lane 0 is the least significant
			fmt.Fprintf(&grid, "%02x", lanes[j])
		}
		grid.WriteByte('\n')
	}
	for r := 0; r < m; r++ {
		bits := make([]byte, m)
		if r < s {
			for c := 0; c < s; c++ {
				if g.Cells[r*s+c] != 0 {
					bits[c] = 1
				}
			}
		}
		given.WriteString(binHex(bits))
		given.WriteByte('\n')
	}
	gp, vp := filepath.Join(dir, "grid.hex"), filepath.Join(dir, "given.hex")
	if err := os.WriteFile(gp, grid.Bytes(), 0o644); err != nil {
		return nil, fmt.Errorf("hdl: %w", err)
	}
	if err := os.WriteFile(vp, given.Bytes(), 0o644); err != nil {
		return nil, fmt.Errorf("hdl: %w", err)
	}
	return []string{
		"+order=" + fmt.Sprint(g.Order),
		"+chk=" + fmt.Sprint(sudoku.Checksum(g)),
		"+limit=" + fmt.Sprint(cfg.SearchLimit(g.Order)),
		"+grid_init=" + gp,
		"+given_init=" + vp,
	}, nil
}

// binHex is a bit vector (bits[0] least significant) in hex, MSB first.
func binHex(bits []byte) string {
	n := (len(bits) + 3) / 4
	var b strings.Builder
	for d := n - 1; d >= 0; d-- {
		v := 0
		for i := 3; i >= 0; i-- {
			v <<= 1
			if k := 4*d + i; k < len(bits) {
				v |= int(bits[k])
			}
		}
		fmt.Fprintf(&b, "%x", v)
	}
	return b.String()
}

// runner starts the HDL simulation with plusargs and gives its trace.
type runner interface {
	start(args []string) (io.ReadCloser, func() error, error)
}

func newRunner(sim string, p Params) (runner, error) {
	switch sim {
	case "", SimVerilator:
		exe, err := Build(p)
		if err != nil {
			return nil, err
		}
		return verilatorRunner{exe}, nil
	case SimIcarus:
		return newIcarusRunner(p)
	}
	return nil, &CoverageError{fmt.Sprintf("simulator %q is not verilator or icarus", sim)}
}

type verilatorRunner struct{ exe string }

func (v verilatorRunner) start(args []string) (io.ReadCloser, func() error, error) {
	return startCmd(exec.Command(v.exe, args...))
}

func startCmd(cmd *exec.Cmd) (io.ReadCloser, func() error, error) {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, fmt.Errorf("hdl: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, fmt.Errorf("hdl: %w", err)
	}
	wait := func() error {
		if err := cmd.Wait(); err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) && stderr.Len() > 0 {
				return fmt.Errorf("hdl: simulator: %v: %s", err, strings.TrimSpace(stderr.String()))
			}
			// Killed after a difference: not an error of the comparison.
			return nil
		}
		return nil
	}
	return out, wait, nil
}
