package swarm

import (
	"math/bits"

	"sudokusim/sim"
	"sudokusim/sudoku"
)

// ctlState is the state register of the array controller (docs/swarm.md §3).
type ctlState uint8

const (
	stLoad   ctlState = iota // the puzzle goes into engine 0 over the copy bus
	stUpdate                 // every live engine updates all its cells
	stSelect                 // reduction trees find the branch cell of every stuck engine
	stBranch                 // one board copy (engine or stack) per operation
	stRefill                 // one board popped from the stack into a free engine
	stDone                   // halted; Result is ready
)

// branchOp is one queued copy: board src with cell set to val.
type branchOp struct {
	src, cell, val int32
}

// phases holds the Scheduler's ids of the controller's phases.
type phases struct{ load, update, sel, branch, refill sim.PhaseID }

// Array is the engine array and its controller as one clocked block. Its
// engines, stack and controller share the copy bus beat by beat and move in
// lockstep, and no other block reads their registers, so Eval advances them
// in place; the only output, Done, changes in the cycle that halts.
type Array struct {
	cfg   Config
	sched *sim.Scheduler
	ph    phases

	geo   geometry
	eng   []*engine
	stack []uint8 // StackDepth boards of n⁴ cells, LIFO
	sp    int     // boards on the stack
	buf   []single
	queue []branchOp
	qi    int // next queued op

	// puzzle is the input buffer the LOAD state reads.
	puzzle []uint8

	st           ctlState
	cnt          uint64 // cycles left in the current operation, ≥ 1
	dst          int    // destination engine of the current copy/pop, -1 = stack
	words        uint64 // L
	tree         uint64 // ⌈log₂ n⁴⌉
	winner       int
	phaseChanged bool

	res Result
}

// newArray builds an array for cfg on a new scheduler.
func newArray(cfg Config, fastForward bool) (*Array, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	scfg := sim.DefaultConfig()
	scfg.ClockHz, scfg.FastForward = cfg.ClockHz, fastForward
	s, err := sim.New(scfg)
	if err != nil {
		return nil, err
	}
	a := &Array{cfg: cfg, sched: s, st: stDone}
	a.ph = phases{load: s.DefinePhase("load"), update: s.DefinePhase("update"), sel: s.DefinePhase("select"),
		branch: s.DefinePhase("branch"), refill: s.DefinePhase("refill")}
	s.Add(a)
	return a, nil
}

// NewArray builds the engine array for cfg, or returns an error naming the
// bad Config field.
func NewArray(cfg Config) (*Array, error) { return newArray(cfg, true) }

// Scheduler is the scheduler the array runs on.
func (a *Array) Scheduler() *sim.Scheduler { return a.sched }

// Name implements sim.Block.
func (a *Array) Name() string { return "swarm" }

// Eval implements sim.Block: one clock cycle of the controller and engines.
func (a *Array) Eval() { a.step() }

// Commit implements sim.Block. The registers were advanced in Eval (nothing
// else reads them).
func (a *Array) Commit() {}

// Done reports that the array halted.
func (a *Array) Done() bool { return a.st == stDone }

// Idle implements sim.Idler: a halted array waits forever; otherwise every
// cycle is work.
func (a *Array) Idle() uint64 {
	if a.st == stDone {
		return sim.Forever
	}
	return 0
}

// Skip implements sim.Idler (a halted array has nothing to count).
func (a *Array) Skip(uint64) {}

// RunAlone implements sim.Soloist: cycles step here in a batch that ends
// with the cycle that changes phase or halts. The cycles of a multi-cycle
// operation before its last only count, so they pass at once.
func (a *Array) RunAlone(max uint64) uint64 {
	var ran uint64
	a.phaseChanged = false
	for ran < max {
		if a.cnt > 1 {
			k := min(a.cnt-1, max-ran)
			a.cnt -= k
			ran += k
			continue
		}
		a.step()
		ran++
		if a.phaseChanged || a.st == stDone {
			break
		}
	}
	return ran
}

// reset prepares the array for puzzle g: engines free, stack empty, the
// puzzle in the input buffer, the controller in LOAD.
func (a *Array) reset(g *sudoku.Grid) {
	n := g.Order
	if a.geo.order != n {
		a.geo = newGeometry(n)
		a.eng = make([]*engine, a.cfg.BoardSlots)
		for i := range a.eng {
			a.eng[i] = newEngine(&a.geo)
		}
		a.stack = make([]uint8, a.cfg.StackDepth*a.geo.cells)
		a.buf = make([]single, 0, a.geo.cells)
		a.queue = make([]branchOp, 0, a.cfg.BoardSlots*(a.geo.size-1))
		a.puzzle = make([]uint8, a.geo.cells)
	}
	for _, e := range a.eng {
		e.live, e.stuck = false, false
	}
	copy(a.puzzle, g.Cells)
	a.sp, a.qi, a.queue, a.winner = 0, 0, a.queue[:0], -1
	a.words = uint64(a.cfg.WordsPerBoard(n))
	a.tree = uint64(bits.Len(uint(a.geo.cells - 1)))
	a.res = Result{}
	a.st, a.cnt = stLoad, a.words+1
}

// enter moves the controller to state st for cnt cycles, switching the
// phase from the next cycle when it differs.
func (a *Array) enter(st ctlState, cnt uint64) {
	if st != a.st {
		var id sim.PhaseID
		switch st {
		case stLoad:
			id = a.ph.load
		case stUpdate:
			id = a.ph.update
		case stSelect:
			id = a.ph.sel
		case stBranch:
			id = a.ph.branch
		case stRefill:
			id = a.ph.refill
		default:
			id = sim.IdlePhase
		}
		a.sched.EnterPhase(id)
		a.phaseChanged = true
	}
	a.st, a.cnt = st, cnt
}

// step is one clock cycle. A multi-cycle operation does its work in its
// last cycle; the cycles before only count.
func (a *Array) step() {
	if a.st == stDone {
		return
	}
	if a.cnt--; a.cnt > 0 {
		return
	}
	switch a.st {
	case stLoad:
		e := a.eng[0]
		if e.load(&a.geo, a.puzzle) {
			a.noteLive()
		} else {
			e.live = false
			a.res.BoardsKilled++
		}
		a.schedule()
	case stUpdate:
		a.update()
	case stSelect:
		a.buildQueue()
		a.nextCopy()
	case stBranch:
		a.finishCopy()
		a.nextCopy()
	case stRefill:
		a.finishPop()
		a.schedule()
	}
}

// update is the UPDATE cycle of every live engine.
func (a *Array) update() {
	a.res.Steps++
	anyStuck := false
	for i, e := range a.eng {
		if !e.live {
			continue
		}
		switch e.update(&a.geo, a.buf) {
		case solved:
			if a.winner < 0 {
				a.winner = i
			}
		case dead:
			e.live = false
			a.res.BoardsKilled++
		case stuck:
			anyStuck = true
		}
	}
	switch {
	case a.winner >= 0:
		a.halt(Solved)
	case anyStuck:
		a.enter(stSelect, a.tree)
	default:
		a.schedule()
	}
}

// schedule is the controller's choice after LOAD, a finished BRANCH or a
// REFILL pop: refill a free engine while the stack holds boards, halt when
// nothing is live, otherwise run the next UPDATE.
func (a *Array) schedule() {
	free := a.freeEngine()
	switch {
	case free >= 0 && a.sp > 0:
		a.dst = free
		a.enter(stRefill, a.words+1)
	case free == 0 && a.liveCount() == 0:
		a.halt(Unsolvable)
	default:
		a.enter(stUpdate, 1)
	}
}

// buildQueue is the end of SELECT: for every stuck engine, in engine order,
// the options of its chosen cell in ascending order; the first is kept, the
// others are queued as copies.
func (a *Array) buildQueue() {
	a.queue, a.qi = a.queue[:0], 0
	g := &a.geo
	for i, e := range a.eng {
		if !e.live || !e.stuck {
			continue
		}
		a.res.Branches++
		first := true
		for k := 0; k < g.w; k++ {
			for opt := e.options(g, e.minCell, k); opt != 0; opt &= opt - 1 {
				v := k*64 + bits.TrailingZeros64(opt) + 1
				if first {
					first = false
					continue
				}
				a.queue = append(a.queue, branchOp{src: int32(i), cell: int32(e.minCell), val: int32(v)})
			}
		}
	}
}

// nextCopy starts the next queued copy — to the lowest free engine, else
// onto the stack — or, with the queue done, lets every stuck engine keep its
// first value and schedules. A copy with nowhere to go exhausts the array.
func (a *Array) nextCopy() {
	if a.qi == len(a.queue) {
		g := &a.geo
		for _, e := range a.eng {
			if e.live && e.stuck {
				e.stuck = false
				for k := 0; k < g.w; k++ {
					if opt := e.options(g, e.minCell, k); opt != 0 {
						e.place(g, e.minCell, k*64+bits.TrailingZeros64(opt)+1)
						break
					}
				}
			}
		}
		a.schedule()
		return
	}
	if free := a.freeEngine(); free >= 0 {
		a.dst = free
	} else if a.sp < a.cfg.StackDepth {
		a.dst = -1
	} else {
		a.res.Exhausted = true
		a.halt(Timeout)
		return
	}
	a.enter(stBranch, a.words)
}

// finishCopy is the last beat of a copy: the destination engine (or stack
// slot) holds the source board with the branch cell set to its value.
func (a *Array) finishCopy() {
	op := a.queue[a.qi]
	a.qi++
	src, g := a.eng[op.src], &a.geo
	if a.dst >= 0 {
		d := a.eng[a.dst]
		d.copyFrom(src)
		d.place(g, int(op.cell), int(op.val))
		a.res.Copies++
		a.noteLive()
		return
	}
	slot := a.stack[a.sp*g.cells : (a.sp+1)*g.cells]
	copy(slot, src.cells)
	slot[op.cell] = uint8(op.val)
	a.sp++
	a.res.Spills++
	a.res.PeakStack = max(a.res.PeakStack, a.sp)
}

// finishPop is the last beat of a REFILL: the top board of the stack is in
// the destination engine, its masks rebuilt as the words arrived.
func (a *Array) finishPop() {
	g := &a.geo
	a.sp--
	a.eng[a.dst].load(g, a.stack[a.sp*g.cells:(a.sp+1)*g.cells])
	a.res.Refills++
	a.noteLive()
}

func (a *Array) halt(st Status) {
	a.res.Status = st
	a.enter(stDone, 0)
}

func (a *Array) freeEngine() int {
	for i, e := range a.eng {
		if !e.live {
			return i
		}
	}
	return -1
}

func (a *Array) liveCount() int {
	n := 0
	for _, e := range a.eng {
		if e.live {
			n++
		}
	}
	return n
}

func (a *Array) noteLive() { a.res.PeakBoards = max(a.res.PeakBoards, a.liveCount()) }

// Signals implements sim.Traced: the controller's state, the engines holding
// a live board and the boards on the branch stack.
func (a *Array) Signals() []sim.Signal {
	return []sim.Signal{
		{Name: "state", Width: 3, Value: func() uint64 { return uint64(a.st) }},
		{Name: "live", Width: bits.Len(uint(a.cfg.BoardSlots)), Value: func() uint64 { return uint64(a.liveCount()) }},
		{Name: "stacked", Width: max(1, bits.Len(uint(a.cfg.StackDepth))), Value: func() uint64 { return uint64(a.sp) }},
	}
}
