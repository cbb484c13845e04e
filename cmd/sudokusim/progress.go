package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
)

// isTerminal reports whether w is a terminal: progress lines go only there,
// never into a log or a pipe. Tests replace it to fake a terminal.
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// runProgress is the progress line of long simulations on stderr: the
// simulated cycles, the fraction of t_max they are (the watchdog ends the
// run near it) and the estimated time left. It is nil, and silent, when
// stderr is not a terminal.
type runProgress struct {
	mu  sync.Mutex
	bar *progressbar.ProgressBar
}

// progressThrottle is how often the line is redrawn at most (tests set 0
// to see every update).
var progressThrottle = 200 * time.Millisecond

// newRunProgress starts a progress line over max units (t_max in cycles,
// or jobs) on w, or returns nil when w is not a terminal.
func newRunProgress(w io.Writer, label string, max int64) *runProgress {
	if !isTerminal(w) {
		return nil
	}
	return &runProgress{bar: progressbar.NewOptions64(max,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(label),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionThrottle(progressThrottle),
		progressbar.OptionSetWidth(20),
		progressbar.OptionClearOnFinish(),
	)}
}

// tmaxCycles is t_max of an order in cycles of the configured clock, the
// scale of a run's progress line.
func tmaxCycles(cfg bnb.Config, order int) int64 {
	return int64(math.Ceil(sudoku.TMax(order) * cfg.ClockHz))
}

// cycles sets the line to a run's simulated cycles.
func (p *runProgress) cycles(label string, c uint64, tmax int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bar.Describe(fmt.Sprintf("%s: %s cycles, %.1f%% of t_max", label, num(float64(c)), 100*float64(c)/float64(tmax)))
	_ = p.bar.Set64(min(int64(c), tmax))
}

// describe changes the line's label (bench: the puzzle running).
func (p *runProgress) describe(label string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bar.Describe(label)
}

// add advances a line over jobs by one.
func (p *runProgress) add() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	_ = p.bar.Add(1)
}

// finish removes the line.
func (p *runProgress) finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	_ = p.bar.Finish()
	_ = p.bar.Clear()
}
