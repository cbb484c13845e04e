package hdl

import (
	"fmt"
	"os"
	"time"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
)

// Speed is one free-running simulation: cycles simulated and the wall time
// of the simulation loop (the Verilated model's clock loop without trace
// output; the Go model's Simulate).
type Speed struct {
	Cycles uint64
	Time   time.Duration
}

// CyclesPerSecond is the simulation rate.
func (s Speed) CyclesPerSecond() float64 { return float64(s.Cycles) / s.Time.Seconds() }

// VerilatorSpeed runs the Verilated design on a direct-link puzzle without
// trace output, to the end of the search.
func VerilatorSpeed(cfg bnb.Config, g *sudoku.Grid) (Speed, error) {
	p, err := ParamsOf(cfg)
	if err != nil {
		return Speed{}, err
	}
	if cfg.Link != bnb.LinkDirect || g.Order > cfg.MaxOrder {
		return Speed{}, &CoverageError{"speed runs use the direct link and a puzzle that fits"}
	}
	exe, err := Build(p)
	if err != nil {
		return Speed{}, err
	}
	dir, err := os.MkdirTemp("", "sudokusim-cosim-")
	if err != nil {
		return Speed{}, fmt.Errorf("hdl: %w", err)
	}
	defer os.RemoveAll(dir)
	args, err := directArgs(dir, cfg, g)
	if err != nil {
		return Speed{}, err
	}
	out, wait, err := verilatorRunner{exe}.start(append(args, "+bench"))
	if err != nil {
		return Speed{}, err
	}
	defer out.Close()
	var rec Record
	t, err := newTraceReader(out).next(&rec)
	if err == nil && t == nil {
		err = fmt.Errorf("hdl: the harness traced in bench mode")
	}
	if werr := wait(); err == nil {
		err = werr
	}
	if err != nil {
		return Speed{}, err
	}
	return Speed{Cycles: t.Cycles, Time: time.Duration(t.Nanos)}, nil
}

// GoSpeed runs the Go cycle-level model on the same puzzle.
func GoSpeed(cfg bnb.Config, g *sudoku.Grid) (Speed, error) {
	start := time.Now()
	res, err := bnb.Simulate(cfg, g, bnb.SimOptions{})
	if err != nil {
		return Speed{}, err
	}
	return Speed{Cycles: res.Cycles.Total(), Time: time.Since(start)}, nil
}
