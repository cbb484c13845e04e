package swarm

import (
	"fmt"

	"sudokusim/sim"
	"sudokusim/sudoku"
)

// Simulate builds an array for cfg and solves one puzzle on it.
func Simulate(cfg Config, g *sudoku.Grid) (Result, error) {
	a, err := NewArray(cfg)
	if err != nil {
		return Result{}, err
	}
	return a.Solve(g)
}

// SimulateAll solves the puzzles one after another on one array, each
// starting when the previous one has finished (the seed's BOARDS_NUM loop).
// Each Result holds that puzzle's own cycles.
func SimulateAll(cfg Config, gs []*sudoku.Grid) ([]Result, error) {
	a, err := NewArray(cfg)
	if err != nil {
		return nil, err
	}
	out := make([]Result, 0, len(gs))
	for i, g := range gs {
		r, err := a.Solve(g)
		if err != nil {
			return out, fmt.Errorf("swarm: puzzle %d: %w", i, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// Solve runs one puzzle from the first LOAD cycle until the array halts or
// Config.MaxCycles pass. The array is reset (engines free, stack empty)
// before the puzzle; the scheduler's cycle counter keeps running, and the
// Result counts this puzzle's cycles only. A malformed grid or one above
// Config.MaxOrder is an error.
func (a *Array) Solve(g *sudoku.Grid) (Result, error) {
	if g == nil {
		return Result{}, fmt.Errorf("swarm: nil grid")
	}
	if err := sudoku.CheckGrid(g); err != nil {
		return Result{}, fmt.Errorf("swarm: %w", err)
	}
	if g.Order > a.cfg.MaxOrder {
		return Result{}, fmt.Errorf("swarm: order %d above the array's maximum order %d", g.Order, a.cfg.MaxOrder)
	}
	s := a.sched
	before := a.phaseCycles()
	a.reset(g)
	s.EnterPhase(a.ph.load)
	st, err := s.RunUntil(a.Done, a.cfg.MaxCycles)
	if err != nil {
		return Result{}, fmt.Errorf("swarm: run ended %s at cycle %d: %w", st, s.Cycle(), err)
	}
	s.EnterPhase(sim.IdlePhase)
	res := a.res
	after := a.phaseCycles()
	res.Cycles = Cycles{
		Load:   after.Load - before.Load,
		Update: after.Update - before.Update,
		Select: after.Select - before.Select,
		Branch: after.Branch - before.Branch,
		Refill: after.Refill - before.Refill,
	}
	res.Seconds = s.CyclesToSeconds(res.Cycles.Total())
	switch {
	case st == sim.CycleLimit:
		res.Status = Timeout
		a.st = stDone
	case res.Status == Solved:
		e := a.eng[a.winner]
		res.Solution = &sudoku.Grid{Order: g.Order, Cells: append([]uint8(nil), e.cells...)}
	}
	return res, nil
}

func (a *Array) phaseCycles() Cycles {
	s := a.sched
	return Cycles{
		Load:   s.PhaseCyclesOf(a.ph.load),
		Update: s.PhaseCyclesOf(a.ph.update),
		Select: s.PhaseCyclesOf(a.ph.sel),
		Branch: s.PhaseCyclesOf(a.ph.branch),
		Refill: s.PhaseCyclesOf(a.ph.refill),
	}
}
