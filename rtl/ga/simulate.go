package ga

import (
	"fmt"

	"sudokusim/bram"
	"sudokusim/sim"
	"sudokusim/sudoku"
)

// Status is how a run ended.
type Status = sudoku.Status

// The statuses the GA produces: Solved (a chromosome reached fitness 0) and
// Timeout (generation MaxGenerations was evaluated without a solution).
const (
	Solved  = sudoku.Solved
	Timeout = sudoku.Timeout
)

// Cycles is the run's cycle count by phase (docs/ga.md §3): init (INIT_FILL,
// INIT_WRITE), evaluate (EVAL), check (CHECK), select (ELITE, SEL) and
// reproduce (REPR_LOAD, CX, MUT, WRITE, SWAP).
type Cycles struct {
	Init, Evaluate, Check, Select, Reproduce uint64
}

// Total is the sum of the phases.
func (c Cycles) Total() uint64 { return c.Init + c.Evaluate + c.Check + c.Select + c.Reproduce }

// StateCycles is the number of cycles one FSM state took.
type StateCycles struct {
	State  string `json:"state"`
	Cycles uint64 `json:"cycles"`
}

// Result is what one run produced.
type Result struct {
	Status Status
	// Solution is best_chr_r when Status is Solved, else nil.
	Solution *sudoku.Grid
	// Best is best_chr_r at the end: the fittest chromosome ever evaluated
	// (the solution when solved).
	Best *sudoku.Grid
	// BestFitness is best_fit_r: 0 when solved.
	BestFitness int
	// Generations is gen_ctr at the end: the generations bred after the
	// initial population (generation 0).
	Generations uint64
	Cycles      Cycles
	// Seconds is Cycles.Total() at the configured clock.
	Seconds float64
	// FitnessHistory is best_fit_r after the evaluation of generation 0, 1,
	// …, at most HistoryCap entries (the first ones).
	FitnessHistory []int
	// Mutations counts the swaps the mutation units made.
	Mutations uint64
	// States breaks the cycles down by FSM state, in FSM order.
	States []StateCycles
	// Memory is pop_mem mapped onto RAMB16 primitives.
	Memory bram.Mapping
}

// Simulate runs the GA processor on puzzle g from the first init cycle to
// the CHECK cycle that stops it. A puzzle that is not well formed, or that
// gives a value twice in one box (chr_init could not fill that box), is an
// error; givens that clash across boxes are accepted and end in Timeout.
func Simulate(cfg Config, g *sudoku.Grid) (Result, error) {
	p, err := NewProcessor(cfg, g, true)
	if err != nil {
		return Result{}, err
	}
	return p.Run()
}

// CycleBound is an upper bound on the cycles of a run of cfg on an order-n
// puzzle (the exact count of a run to MaxGenerations), from the costs of
// docs/ga.md §3.
func CycleBound(cfg Config, n int) uint64 {
	g := newGeometry(n)
	P, k := uint64(cfg.PopSize), uint64(cfg.Tournament)
	s, d := uint64(g.s), uint64(g.treeDepth)
	pairs := P / 2 // ⌈(P−1)/2⌉
	initC := P * (s + 1)
	evalCheck := P + d + 2 + 1
	breed := 1 + pairs*(k+5) + 1
	return initC + (cfg.MaxGenerations+1)*evalCheck + cfg.MaxGenerations*breed
}

// Run runs the design to the end. A Processor runs once.
func (p *Processor) Run() (Result, error) {
	s := p.sched
	limit := CycleBound(p.cfg, p.g.n) - s.Cycle()
	st, err := s.RunUntil(p.Done, limit)
	if err != nil {
		return Result{}, fmt.Errorf("ga: run ended %s at cycle %d: %w", st, s.Cycle(), err)
	}
	if st != sim.Done {
		return Result{}, fmt.Errorf("ga: model error: run ended %s at cycle %d, past the documented bound", st, s.Cycle())
	}
	return p.result(), nil
}

func (p *Processor) result() Result {
	s := p.sched
	best := &sudoku.Grid{Order: p.g.n, Cells: append([]uint8(nil), p.bestChr...)}
	r := Result{
		Status:         Timeout,
		Best:           best,
		BestFitness:    p.bestFit,
		Generations:    p.gen,
		FitnessHistory: append([]int(nil), p.history...),
		Mutations:      p.mutated,
		Memory:         p.mem.layout,
		Cycles: Cycles{
			Init:      s.PhaseCyclesOf(p.ph.init),
			Evaluate:  s.PhaseCyclesOf(p.ph.eval),
			Check:     s.PhaseCyclesOf(p.ph.check),
			Select:    s.PhaseCyclesOf(p.ph.sel),
			Reproduce: s.PhaseCyclesOf(p.ph.repro),
		},
	}
	if p.solved {
		r.Status, r.Solution = Solved, best
	}
	r.Seconds = s.CyclesToSeconds(r.Cycles.Total())
	for st, n := range p.hist {
		if n > 0 && state(st) != stDone {
			r.States = append(r.States, StateCycles{State: state(st).String(), Cycles: n})
		}
	}
	return r
}
