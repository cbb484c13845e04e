package ga

import (
	"fmt"

	"sudokusim/sim"
	"sudokusim/sudoku"
)

// state is the FSM state register of ga_sudoku; every state is a row of
// the cost table in docs/ga.md §3.
type state uint8

const (
	stInitFill  state = iota // chr_init: one cell of every box per cycle, S cycles
	stInitWrite              // write the new chromosome, port A
	stEval                   // stream the generation through fitness, P+D+2 cycles
	stCheck                  // solved? max_gen? else gen_ctr++
	stElite                  // best_chr_r → slot 0 of the next half, port B
	stSel                    // two tournaments, k+1 cycles
	stLoad                   // parents' addresses on both ports
	stCx                     // crossover of the parents in dout
	stMut                    // both mutation units
	stWrite                  // both children, ports A and B
	stSwap                   // flip the ping-pong bit
	stDone                   // halted
	numStates
)

var stateNames = [numStates]string{"INIT_FILL", "INIT_WRITE", "EVAL", "CHECK", "ELITE", "SEL",
	"REPR_LOAD", "CX", "MUT", "WRITE", "SWAP", "DONE"}

func (s state) String() string { return stateNames[s] }

type phaseIDs struct{ init, eval, check, sel, repro sim.PhaseID }

// Processor is the GA design on a scheduler: the FSM and all its units as
// one clocked block (see the package comment for why one).
type Processor struct {
	cfg   Config
	g     geometry
	sched *sim.Scheduler
	ph    phaseIDs

	given []uint8 // const; const_mask is given != 0
	rng   rngBank
	mem   *popMem
	init  *chrInit
	fit   *fitnessUnit
	tour  tournament

	st       state
	t        int // cycle counter within a state
	slot     int // INIT: chromosome being built; reproduction: repr_ctr
	pp       int // ping-pong bit: the current generation's half
	gen      uint64
	bestFit  int
	bestChr  []uint8
	pipeFit  []int     // fitness delay line, D+1 entries
	pipeSlot []int     // slot carried alongside
	pipeChr  [][]uint8 // chromosome carried alongside (for best_chr_r)
	childA   []uint8
	childB   []uint8
	cxBits   []uint32
	solved   bool
	history  []int
	mutated  uint64
	hist     [numStates]uint64
	phaseChg bool
}

// NewProcessor builds the design for cfg and the puzzle g (the puzzle is the
// const / const_mask input of the top level, held for the whole run).
func NewProcessor(cfg Config, g *sudoku.Grid, fastForward bool) (*Processor, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if g == nil {
		return nil, fmt.Errorf("ga: no puzzle")
	}
	if err := sudoku.CheckGrid(g); err != nil {
		return nil, fmt.Errorf("ga: %w", err)
	}
	geo := newGeometry(g.Order)
	if err := checkBoxes(&geo, g.Cells); err != nil {
		return nil, err
	}
	scfg := sim.DefaultConfig()
	scfg.ClockHz, scfg.FastForward = cfg.ClockHz, fastForward
	s, err := sim.New(scfg)
	if err != nil {
		return nil, fmt.Errorf("ga: %w", err)
	}
	p := &Processor{cfg: cfg, g: geo, sched: s}
	p.given = append([]uint8(nil), g.Cells...)
	if p.mem, err = newPopMem(geo, cfg.PopSize); err != nil {
		return nil, err
	}
	p.rng = newRNGBank(max(geo.s, 4, 2+(geo.s+31)/32), cfg.Seed)
	p.init = newChrInit(&p.g, p.given)
	p.fit = newFitnessUnit(&p.g, p.given)
	p.bestChr = make([]uint8, geo.cells)
	p.bestFit = geo.worst + 1 // nothing evaluated yet
	d := geo.treeDepth + 1
	p.pipeFit, p.pipeSlot, p.pipeChr = make([]int, d), make([]int, d), make([][]uint8, d)
	for i := range p.pipeChr {
		p.pipeChr[i] = make([]uint8, geo.cells)
	}
	p.childA, p.childB = make([]uint8, geo.cells), make([]uint8, geo.cells)
	p.cxBits = make([]uint32, (geo.s+31)/32)
	p.history = make([]int, 0, min(cfg.MaxGenerations+1, HistoryCap))
	p.ph = phaseIDs{init: s.DefinePhase("init"), eval: s.DefinePhase("evaluate"), check: s.DefinePhase("check"),
		sel: s.DefinePhase("select"), repro: s.DefinePhase("reproduce")}
	s.Add(p)
	s.EnterPhase(p.ph.init)
	p.st = stInitFill
	p.init.start()
	return p, nil
}

// checkBoxes rejects a puzzle chr_init cannot fill: a value given twice in
// one box leaves fewer missing values than empty cells.
func checkBoxes(g *geometry, cells []uint8) error {
	seen := make([]int, g.s+1)
	for b := 0; b < g.s; b++ {
		clear(seen)
		for i := 0; i < g.s; i++ {
			at := g.boxCell[b*g.s+i]
			if v := cells[at]; v != 0 {
				if seen[v] != 0 {
					return fmt.Errorf("ga: box %d gives %d twice, at cells %v and %v (row,col from 1)",
						b+1, v, sudoku.Cell{Row: (seen[v] - 1) / g.s, Col: (seen[v] - 1) % g.s}, sudoku.Cell{Row: at / g.s, Col: at % g.s})
				}
				seen[v] = at + 1
			}
		}
	}
	return nil
}

// Scheduler is the scheduler the design runs on.
func (p *Processor) Scheduler() *sim.Scheduler { return p.sched }

// Name implements sim.Block.
func (p *Processor) Name() string { return "ga" }

// Eval implements sim.Block: one clock cycle of the FSM and its units.
func (p *Processor) Eval() { p.step() }

// Commit implements sim.Block. No other block reads the processor's
// registers, so Eval advanced them in place.
func (p *Processor) Commit() {}

// Idle implements sim.Idler: busy until DONE, then waiting forever.
func (p *Processor) Idle() uint64 {
	if p.st == stDone {
		return sim.Forever
	}
	return 0
}

// Skip implements sim.Idler (a halted processor counts nothing).
func (p *Processor) Skip(uint64) {}

// RunAlone implements sim.Soloist: steps until a phase change, DONE or a
// RAM fault.
func (p *Processor) RunAlone(limit uint64) uint64 {
	var ran uint64
	for ran < limit {
		p.step()
		ran++
		if p.phaseChg || p.st == stDone || p.mem.err != nil {
			break
		}
	}
	return ran
}

// Err implements sim.Faulter: a breach of pop_mem's port rules.
func (p *Processor) Err() error { return p.mem.err }

// Done reports that the FSM halted.
func (p *Processor) Done() bool { return p.st == stDone }

// Signals implements sim.Traced.
func (p *Processor) Signals() []sim.Signal {
	return []sim.Signal{
		{Name: "state", Width: 4, Value: func() uint64 { return uint64(p.st) }},
		{Name: "ping_pong", Width: 1, Value: func() uint64 { return uint64(p.pp) }},
		{Name: "gen_ctr", Width: 32, Value: func() uint64 { return p.gen }},
		{Name: "best_fit", Width: 16, Value: func() uint64 { return uint64(p.bestFit) }},
		{Name: "repr_ctr", Width: 16, Value: func() uint64 { return uint64(p.slot) }},
	}
}

func (p *Processor) enter(st state, ph sim.PhaseID) {
	p.st, p.t = st, 0
	p.sched.EnterPhase(ph)
	p.phaseChg = true
}

func (p *Processor) goTo(st state) { p.st, p.t = st, 0 }

// step is one clock cycle; the RAM's edge closes it.
func (p *Processor) step() {
	p.phaseChg = false
	p.hist[p.st]++
	P, s := p.cfg.PopSize, p.g.s
	cur, next := p.pp, p.pp^1
	switch p.st {
	case stDone:
		return
	case stInitFill:
		p.init.fill(p.t, &p.rng)
		if p.t++; p.t == s {
			p.goTo(stInitWrite)
		}
	case stInitWrite:
		p.mem.A.write(p.mem.addr(cur, p.slot), p.init.out, p.g.worst)
		p.slot++
		if p.slot == P {
			p.enter(stEval, p.ph.eval)
		} else {
			p.init.start()
			p.goTo(stInitFill)
		}
	case stEval:
		p.stepEval(cur)
	case stCheck:
		if len(p.history) < HistoryCap {
			p.history = append(p.history, p.bestFit)
		}
		switch {
		case p.bestFit == 0:
			p.solved = true
			p.st = stDone
		case p.gen >= p.cfg.MaxGenerations:
			p.st = stDone
		default:
			p.gen++
			p.enter(stElite, p.ph.sel)
		}
	case stElite:
		p.mem.B.write(p.mem.addr(next, 0), p.bestChr, p.bestFit)
		p.slot = 1
		p.goTo(stSel)
	case stSel:
		k := p.cfg.Tournament
		if p.t >= 1 {
			p.tour.take(int(p.mem.A.doutFit), int(p.mem.B.doutFit), p.t == 1)
		}
		if p.t < k {
			p.tour.pendA = pick(p.rng.draw(0), P)
			p.tour.pendB = pick(p.rng.draw(1), P)
			p.mem.A.read(p.mem.addr(cur, p.tour.pendA))
			p.mem.B.read(p.mem.addr(cur, p.tour.pendB))
		}
		if p.t++; p.t == k+1 {
			p.enter(stLoad, p.ph.repro)
		}
	case stLoad:
		p.mem.A.read(p.mem.addr(cur, p.tour.winA))
		p.mem.B.read(p.mem.addr(cur, p.tour.winB))
		p.goTo(stCx)
	case stCx:
		for i := range p.cxBits {
			p.cxBits[i] = p.rng.draw(2 + i)
		}
		crossover(&p.g, p.mem.A.dout, p.mem.B.dout, p.childA, p.childB, p.cxBits)
		p.goTo(stMut)
	case stMut:
		q := p.cfg.MutationP16
		if mutate(&p.g, p.given, p.childA, q, p.rng.draw(0), p.rng.draw(1)) {
			p.mutated++
		}
		if mutate(&p.g, p.given, p.childB, q, p.rng.draw(2), p.rng.draw(3)) {
			p.mutated++
		}
		p.goTo(stWrite)
	case stWrite:
		p.mem.A.write(p.mem.addr(next, p.slot), p.childA, p.g.worst)
		if p.slot+1 < P {
			p.mem.B.write(p.mem.addr(next, p.slot+1), p.childB, p.g.worst)
		}
		p.slot += 2
		if p.slot >= P {
			p.goTo(stSwap)
		} else {
			p.enter(stSel, p.ph.sel)
		}
	case stSwap:
		p.pp ^= 1
		p.enter(stEval, p.ph.eval)
	}
	p.mem.edge()
}

// stepEval is cycle t of EVAL (docs/ga.md §3.3): the address of slot t on
// port A (t < P); the word of slot t−1 from dout into fitness stage 0 (1 ≤ t
// ≤ P); the sum of slot t−D−2 out of the adder tree, written back on port B
// and compared with best_fit_r (t ≥ D+2). The delay line's entry is read
// before it is refilled, as the output register is before the clock edge.
func (p *Processor) stepEval(cur int) {
	P, t, d := p.cfg.PopSize, p.t, p.g.treeDepth+2
	n := len(p.pipeFit)
	if t >= d {
		i := (t - d) % n
		f, slot := p.pipeFit[i], p.pipeSlot[i]
		p.mem.B.writeFit(p.mem.addr(cur, slot), f)
		if f < p.bestFit {
			p.bestFit = f
			copy(p.bestChr, p.pipeChr[i])
		}
	}
	if t >= 1 && t <= P {
		i := (t - 1) % n
		p.pipeFit[i] = p.fit.eval(p.mem.A.dout)
		p.pipeSlot[i] = t - 1
		copy(p.pipeChr[i], p.mem.A.dout)
	}
	if t < P {
		p.mem.A.read(p.mem.addr(cur, t))
	}
	if p.t++; p.t == P+d {
		p.enter(stCheck, p.ph.check)
	}
}
