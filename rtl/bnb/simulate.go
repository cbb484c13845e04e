package bnb

import (
	"fmt"
	"io"

	"sudokusim/sim"
	"sudokusim/sudoku"
)

// SimOptions are the cycle-level run's knobs that are not hardware
// parameters.
type SimOptions struct {
	// NoFastForward steps every cycle even when blocks are idle (for
	// checking that jumping changes nothing).
	NoFastForward bool
	// VCD, when set, receives a waveform of the run.
	VCD io.Writer
	// VCDOptions selects scopes and signals for VCD.
	VCDOptions sim.VCDOptions
}

// Simulate runs the cycle-level model of the processor on one puzzle: the
// frame over the serial line (or straight into memory with LinkDirect),
// load, search, and the answer back.
func Simulate(cfg Config, g *sudoku.Grid, opt SimOptions) (Result, error) {
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	scfg := sim.DefaultConfig()
	scfg.ClockHz = cfg.ClockHz
	scfg.FastForward = !opt.NoFastForward
	s, err := sim.New(scfg)
	if err != nil {
		return Result{}, err
	}
	if cfg.Link != LinkDirect {
		return Result{}, fmt.Errorf("bnb: link %s not wired yet", cfg.Link)
	}
	core, err := newCore(cfg, s)
	if err != nil {
		return Result{}, err
	}
	s.Add(core)
	res := Result{Order: g.Order}
	if g.Order > cfg.MaxOrder {
		res.Status, res.ReplyCode = Rejected, ReplyBadSize
		res.Response = errorReply(ReplyBadSize)
		return res, nil
	}
	core.preload(g)
	s.EnterPhase(core.ph.load)
	var vcd *sim.VCD
	if opt.VCD != nil {
		if vcd, err = sim.NewVCD(opt.VCD, s, opt.VCDOptions); err != nil {
			return Result{}, err
		}
	}
	st, err := s.RunUntil(func() bool { return core.st == stHalt }, ^uint64(0))
	if vcd != nil {
		if cerr := vcd.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return Result{}, fmt.Errorf("bnb: run ended %s at cycle %d: %w", st, s.Cycle(), err)
	}
	res.Status = core.status
	res.Search = core.stats
	res.States = core.StateCycles()
	res.Cycles = Cycles{
		Rx:     s.PhaseCyclesOf(core.ph.rx),
		Load:   s.PhaseCyclesOf(core.ph.load),
		Search: s.PhaseCyclesOf(core.ph.search),
		Tx:     s.PhaseCyclesOf(core.ph.tx),
	}
	res.fillAnswer(core.Solution(), uint8(core.chk))
	return res, nil
}

// fillAnswer sets the solution, checksum and response frame from the
// status.
func (r *Result) fillAnswer(grid *sudoku.Grid, chk uint8) {
	switch r.Status {
	case Solved:
		r.Solution, r.Checksum = grid, chk
		r.Response = solutionReply(grid, chk)
	case Unsolvable:
		r.ReplyCode = ReplyNoSolution
		r.Response = errorReply(ReplyNoSolution)
	case Timeout:
		r.ReplyCode = ReplyCycleLimit
		r.Response = errorReply(ReplyCycleLimit)
	}
}

var frameHeader = [4]byte{0xA5, 0x3C, 0x5A, 0xC3}

// solutionReply is the FPT'09 output frame: header, checksum, N*N, cells.
func solutionReply(g *sudoku.Grid, chk uint8) []byte {
	b := make([]byte, 0, 6+len(g.Cells))
	b = append(b, frameHeader[:]...)
	b = append(b, chk, byte(g.Size()))
	return append(b, g.Cells...)
}

// errorReply is the error reply of docs/protocol.md: header, 0, 0, status.
func errorReply(code uint8) []byte {
	return append(frameHeader[:], 0, 0, code)
}

// Fast runs the independent timing model (docs/microarchitecture.md §6): the
// same search as plain software, with the documented cycle costs added up.
func Fast(cfg Config, g *sudoku.Grid) (Result, error) {
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	if cfg.Link != LinkDirect {
		return Result{}, fmt.Errorf("bnb: link %s not wired yet", cfg.Link)
	}
	res := Result{Order: g.Order}
	if g.Order > cfg.MaxOrder {
		res.Status, res.ReplyCode = Rejected, ReplyBadSize
		res.Response = errorReply(ReplyBadSize)
		return res, nil
	}
	load, clash := fastLoad(g)
	res.Cycles.Load = load
	if clash {
		res.Status = Unsolvable
		res.fillAnswer(nil, 0)
		return res, nil
	}
	fs := fastSearch(g, cfg.CPC, cfg.SearchLimit(g.Order))
	res.Status, res.Search, res.Cycles.Search = fs.status, fs.stats, fs.cycles
	if fs.solution != nil {
		res.fillAnswer(fs.solution, sudoku.Checksum(fs.solution))
	} else {
		res.fillAnswer(nil, 0)
	}
	return res, nil
}
