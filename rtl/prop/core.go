package prop

import (
	"fmt"
	"math/bits"

	"sudokusim/bram"
	"sudokusim/rtl/bnb"
	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/uart"
)

// state is the Core's FSM state register; every state is a row of the cost
// table in docs/prop.md §3.
type state uint8

const (
	stWaitFrame state = iota // rx: cells from the frame decoder into the grid
	stLClear                 // load: clear two words of each value-set memory
	stLAddr                  // load: address a cell and its row, column and box sets
	stLSet                   // load: a given's bit into the three sets (clash check)
	stSAddr                  // sweep: address the next lane group
	stSEval                  // sweep: evaluate a lane group, address the next
	stSMap                   // sweep (VisitEmpty): the region's empty map and value set arrive
	stAssign                 // place a value: grid, three sets, trail
	stHidden                 // region end: hidden singles and values with no place
	stHAddr                  // address the cell of the next hidden single
	stHCheck                 // check that cell can take the value
	stDecide                 // address the branching cell
	stDRead                  // its lowest candidate is the decision
	stBAddr                  // backtrack: read the trail's top entry
	stBCell                  // read that cell and its sets
	stBClear                 // clear it, or move a decision to its next value
	stPAddr                  // pair: address the second place of an undone pair decision
	stPRead                  // pair: its sets; the value goes there (ASSIGN next)
	stPrAddr                 // probe: address the scan's lane group at the pointer
	stPrEval                 // probe: find a two-candidate cell, address the next group
	stAnswer                 // tx: the ResponseUnit sends the answer
	stDrain                  // tx: the last byte is on the line
	stHalt                   // nothing left to do (direct link)
	numStates
)

var stateNames = [...]string{"WAIT_FRAME", "L_CLEAR", "L_ADDR", "L_SET", "S_ADDR", "S_EVAL", "S_MAP", "ASSIGN",
	"HIDDEN", "H_ADDR", "H_CHECK", "DECIDE", "D_READ", "B_ADDR", "B_CELL", "B_CLEAR", "P_ADDR", "P_READ", "PR_ADDR", "PR_EVAL", "ANSWER", "DRAIN", "HALT"}

func (s state) String() string { return stateNames[s] }

// What ASSIGN returns to.
const (
	retSweep = iota
	retHidden
	retDecide
)

// The probe phase's progress (probeSt).
const (
	probeBefore = iota // the first fixpoint starts it
	probeActive        // scanning, or a trial or its undo in flight
	probeDone          // over (or not built): fixpoints go to DECIDE
)

// stateBits is the width of the traced state register.
const stateBits = 5

var _ = [1]struct{}{}[numStates>>stateBits] // numStates must fit in stateBits

// Core is version 3 behind the UART: the cell writer (rx), the Loader, the
// Propagator (sweep, region-end and assign logic), the Brancher, the
// Backtracker and the ResponseUnit, with their memories, as one clocked
// block — one block for the same reason as rtl/bnb's Core: its parts share
// the memories port by port and hand over in a fixed order.
//
// Memories (docs/prop.md §1), each a bram.Memory so that primitives are
// counted and port rules checked:
//   - grid: one word of 8 bits per cell, Nmax⁴ words;
//   - rows, cols, boxes: one word of Nmax² bits per region, the values
//     present;
//   - trail: one word per placed cell, its index and a decision flag.
//
// The grid and the three sets exist in Lanes/2 (rounded up) copies, each
// giving two lanes a read port; every write goes to all copies.
type Core struct {
	cfg   Config
	sched *sim.Scheduler
	ph    phases

	grid  []*bram.Memory
	sets  [3][]*bram.Memory
	maps  [3][]*bram.Memory // VisitEmpty: per region, its empty positions
	trail *bram.Memory
	cellW int // bits of a cell index in a trail word
	altW  int // bits of a pair decision's second place +1 (BranchPair only)

	dec *uart.FrameDecoder
	tx  *uart.Transmitter

	st     state
	order  int
	size   int
	cells  int
	en     vset
	limit  uint64
	chk    int
	nwords int // uint64s in a value-set word

	// Front end and frame bookkeeping (as rtl/bnb's Core).
	inFrame    bool
	frameStart uint64
	rxEnd      uint64
	batchAt    uint64
	frames     []Result
	dropped    uint64
	reply      uint8
	txIdx      int
	txLen      int
	txOut      txOffer
	txNext     txOffer

	// Loader.
	q int

	// Propagator registers.
	kind, region  int
	pos           int // first position of the lane group in flight
	nl            int // lanes in flight
	once, twice   vset
	present       vset
	where         [256]uint8 // position of each value's first candidate cell in the region
	where2        [256]uint8 // BranchPair: position of its second
	thrice        vset       // BranchPair: values with three or more places so far
	pairV         int        // BranchPair: the sweep's first pair value, 0 for none
	pairA, pairB  int        // its two places
	dPair         bool       // DECIDE chose the pair
	aAlt          int        // ASSIGN: the pair's second place +1, 0 for none
	aMove         bool       // ASSIGN: a pair's second place taken on backtrack
	bAlt          int        // B_CELL: the entry's second place +1
	pCell, pV     int        // P_ADDR / P_READ: the place and value
	quiet         int        // consecutive sweeps without a placement
	left          vset       // VisitEmpty: the region's empty positions not yet evaluated (bit p+1)
	mid           bool       // VisitEmpty: left is loaded (S_ADDR resumes the region)
	lanePos       [8]int     // the region position of each lane in flight
	aM            [3]vset    // ASSIGN: the cell's row, column and box map words
	probeSt       int        // probe phase: probeBefore, probeActive, probeDone
	pptr          int        // probe: the scan pointer (cell index, row-major)
	trial         bool       // probe: a trial placement is on the trail
	undo          bool       // probe: the trial reached a fixpoint and is being undone
	roundFailed   bool       // probe: a trial of this round met a contradiction
	aProbe        bool       // ASSIGN: the placement is a trial
	placed        bool       // this sweep placed a value
	hidden        vset
	hv            int
	best, bestN   int
	local, localN int // BranchLocal: the best cell in the last placed cell's region
	last          int // the last placed cell, -1 for none
	empties       int
	top           int
	aCell, aVal   int
	aRet          int
	aDec          bool
	aPos          int
	aR, aC, aB    vset
	bCell         int
	bDec          bool
	searchCyc     uint64
	status        Status
	cnt           Counters
	hist          [numStates]uint64
	fault         error
	phaseChanged  bool
	wbuf, zero    []uint64
	gbuf          [1]uint64
}

type txOffer struct {
	valid bool
	data  byte
}

type phases struct{ rx, load, search, tx sim.PhaseID }

func newCore(cfg Config, s *sim.Scheduler) (*Core, error) {
	m := cfg.MaxOrder * cfg.MaxOrder
	cells := m * m
	c := &Core{cfg: cfg, sched: s, cellW: bits.Len(uint(cells - 1))}
	c.nwords = (m + 63) / 64
	c.wbuf, c.zero = make([]uint64, c.nwords), make([]uint64, c.nwords)
	for k := 0; k < cfg.copies(); k++ {
		g, err := bram.NewMemory(fmt.Sprintf("grid%d", k), cells, 8, bram.WriteFirst, bram.WriteFirst)
		if err != nil {
			return nil, err
		}
		c.grid = append(c.grid, g)
		for t, name := range [3]string{"rows", "cols", "boxes"} {
			mem, err := bram.NewMemory(fmt.Sprintf("%s%d", name, k), m, m, bram.WriteFirst, bram.WriteFirst)
			if err != nil {
				return nil, err
			}
			c.sets[t] = append(c.sets[t], mem)
			if cfg.Visit == VisitEmpty {
				mm, err := bram.NewMemory(fmt.Sprintf("%smap%d", name, k), m, m, bram.WriteFirst, bram.WriteFirst)
				if err != nil {
					return nil, err
				}
				c.maps[t] = append(c.maps[t], mm)
			}
		}
	}
	if cfg.Branch == BranchPair {
		c.altW = bits.Len(uint(cells))
	}
	tr, err := bram.NewMemory("trail", cells, c.cellW+1+c.altW, bram.WriteFirst, bram.WriteFirst)
	if err != nil {
		return nil, err
	}
	c.trail = tr
	c.ph = phases{rx: s.DefinePhase("rx"), load: s.DefinePhase("load"), search: s.DefinePhase("search"), tx: s.DefinePhase("tx")}
	return c, nil
}

// Memories lists every block-RAM memory of the design.
func (c *Core) Memories() []*bram.Memory {
	out := append([]*bram.Memory(nil), c.grid...)
	for t := range c.sets {
		out = append(out, c.sets[t]...)
	}
	for t := range c.maps {
		out = append(out, c.maps[t]...)
	}
	return append(out, c.trail)
}

func (c *Core) setOrder(n int) {
	c.order, c.size = n, n*n
	c.cells = c.size * c.size
	c.en = lowMask(c.size)
	c.limit = c.cfg.SearchLimit(n)
}

// preload writes a puzzle straight into every grid copy and the checksum
// register, as the cell writer leaves them at the end of a frame (direct
// link), and starts the load phase.
func (c *Core) preload(g *sudoku.Grid) {
	c.beginFrame(g.Order)
	for i, v := range g.Cells {
		c.gbuf[0] = uint64(v)
		for _, m := range c.grid {
			if err := m.Load(i, c.gbuf[:]); err != nil {
				c.fault = err
			}
		}
	}
	c.chk = int(sudoku.Checksum(g))
	c.startLoad()
}

// Name implements sim.Block.
func (c *Core) Name() string { return "core" }

// Eval implements sim.Block: one clock cycle.
func (c *Core) Eval() { c.step() }

// Commit implements sim.Block: the output to the transmitter is the only
// register another block reads.
func (c *Core) Commit() { c.txOut = c.txNext }

// Valid implements uart.ByteSource.
func (c *Core) Valid() bool { return c.txOut.valid }

// Byte implements uart.ByteSource.
func (c *Core) Byte() byte { return c.txOut.data }

// Idle implements sim.Idler: busy from the first load cycle to the end of
// the search; otherwise only when an input asks for work.
func (c *Core) Idle() uint64 {
	switch c.st {
	case stWaitFrame:
		if c.dec.Event().Kind != uart.EventNone {
			return 0
		}
		return sim.Forever
	case stAnswer:
		if c.txOut.valid && c.tx.Ready() {
			return 0
		}
		return sim.Forever
	case stDrain:
		if !c.tx.Busy() {
			return 0
		}
		return sim.Forever
	case stHalt:
		return sim.Forever
	}
	return 0
}

// Skip implements sim.Idler.
func (c *Core) Skip(uint64) {}

// RunAlone implements sim.Soloist: load and search step here while the
// UART blocks sleep.
func (c *Core) RunAlone(max uint64) uint64 {
	var ran uint64
	for ran < max {
		c.batchAt = ran
		c.step()
		c.batchAt = 0
		ran++
		c.Commit()
		if c.phaseChanged || c.st == stHalt || c.fault != nil {
			break
		}
	}
	return ran
}

// Err implements sim.Faulter: a model error or a breach of a memory's port
// rules.
func (c *Core) Err() error {
	if c.fault != nil {
		return c.fault
	}
	for _, m := range c.grid {
		if err := m.Err(); err != nil {
			return err
		}
	}
	for t := range c.sets {
		for _, m := range c.sets[t] {
			if err := m.Err(); err != nil {
				return err
			}
		}
		for _, m := range c.maps[t] {
			if err := m.Err(); err != nil {
				return err
			}
		}
	}
	return c.trail.Err()
}

func (c *Core) enter(id sim.PhaseID) {
	c.sched.EnterPhase(id)
	c.phaseChanged = true
}

func (c *Core) now() uint64 { return c.sched.Cycle() + c.batchAt }

// edge clocks every memory (a memory no port drove returns at once).
func (c *Core) edge() {
	for k := range c.grid {
		c.grid[k].Edge()
		c.sets[0][k].Edge()
		c.sets[1][k].Edge()
		c.sets[2][k].Edge()
		for t := range c.maps {
			if k < len(c.maps[t]) {
				c.maps[t][k].Edge()
			}
		}
	}
	c.trail.Edge()
}

// step is one clock cycle.
func (c *Core) step() {
	c.phaseChanged = false
	if c.dec != nil && c.st != stWaitFrame && c.dec.Event().Kind != uart.EventNone {
		c.dropped++
	}
	switch c.st {
	case stHalt:
		return
	case stWaitFrame:
		c.stepRx()
	case stAnswer:
		c.stepTx()
	case stDrain:
		if !c.tx.Busy() {
			c.endFrame()
		}
	case stLClear, stLAddr, stLSet:
		c.hist[c.st]++
		c.stepLoad()
	default:
		c.hist[c.st]++
		c.searchCyc++
		if c.probeSt == probeActive {
			c.cnt.ProbeCycles++
		}
		c.stepSearch()
		if c.searching() && c.searchCyc >= c.limit {
			c.finish(sudoku.Timeout)
		}
	}
	c.edge()
}

func (c *Core) searching() bool { return c.st >= stSAddr && c.st <= stPrEval }

// finish ends the load or search phase with a status and starts the answer.
func (c *Core) finish(s Status) {
	c.status = s
	switch s {
	case sudoku.Unsolvable:
		c.reply = bnb.ReplyNoSolution
	case sudoku.Timeout:
		c.reply = bnb.ReplyCycleLimit
	}
	c.enter(c.ph.tx)
	if c.cfg.Link == bnb.LinkDirect {
		c.st = stHalt
		return
	}
	c.st = stAnswer
	c.txIdx, c.txLen = 0, bnb.ErrorReplyLen
	if c.reply == 0 {
		c.txLen = 6 + c.cells
	}
	c.txNext = txOffer{true, c.replyByte(0)}
}

// cellValue reads a cell through the back door (testbench view).
func (c *Core) cellValue(i int) uint8 {
	var w [1]uint64
	if err := c.grid[0].Peek(i, w[:]); err != nil && c.fault == nil {
		c.fault = err
	}
	return uint8(w[0])
}

// Solution reads the grid.
func (c *Core) Solution() *sudoku.Grid {
	g := &sudoku.Grid{Order: c.order, Cells: make([]uint8, c.cells)}
	for i := range g.Cells {
		g.Cells[i] = c.cellValue(i)
	}
	return g
}

// StateCycles returns the load and search cycles spent in each state.
func (c *Core) StateCycles() []bnb.StateCycles {
	var out []bnb.StateCycles
	for st, n := range c.hist {
		if n > 0 {
			out = append(out, bnb.StateCycles{State: state(st).String(), Cycles: n})
		}
	}
	return out
}

// Signals implements sim.Traced.
func (c *Core) Signals() []sim.Signal {
	return []sim.Signal{
		{Name: "state", Width: stateBits, Value: func() uint64 { return uint64(c.st) }},
		{Name: "kind", Width: 2, Value: func() uint64 { return uint64(c.kind) }},
		{Name: "region", Width: 8, Value: func() uint64 { return uint64(uint8(c.region)) }},
		{Name: "pos", Width: 8, Value: func() uint64 { return uint64(uint8(c.pos)) }},
		{Name: "empties", Width: 16, Value: func() uint64 { return uint64(uint16(c.empties)) }},
		{Name: "trail_top", Width: 16, Value: func() uint64 { return uint64(uint16(c.top)) }},
		{Name: "probe", Width: 2, Value: func() uint64 { return uint64(c.probeSt) }},
		{Name: "probe_trial", Width: 1, Value: func() uint64 { return b2u(c.trial) }},
		{Name: "probe_ptr", Width: 16, Value: func() uint64 { return uint64(uint16(c.pptr)) }},
		{Name: "tx_valid", Width: 1, Value: func() uint64 { return b2u(c.txOut.valid) }},
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
