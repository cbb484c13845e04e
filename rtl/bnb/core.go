package bnb

import (
	"fmt"

	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/uart"
)

// coreState is the state register of the Core's FSM. Every state is one
// row of the tables in docs/microarchitecture.md §4–§5.
type coreState uint8

const (
	stWaitFrame coreState = iota // rx: the RowAssembler takes cells from the codec
	stLRowAddr                   // load: address row word 0
	stLRowLane                   // load: one lane of the latched row word through the seen check
	stLCol                       // load: column pass
	stLBox                       // load: box pass
	stStart                      // search: address given-mask word 0
	stSeek                       // search: priority encoder over the latched given mask
	stRead1                      // search: column word (A), box word (B)
	stRead2                      // search: row word (A), column word into its register
	stEval                       // search: evaluator cycle
	stWrite1                     // search: row and column lanes ← x
	stWrite2                     // search: box lane ← x, first forward seek
	stUndo1                      // search: row and column lanes ← 0
	stUndo2                      // search: box lane ← 0, first backward seek
	stAnswer                     // tx: the ResponseUnit sends the answer
	stDrain                      // tx: the last byte is on the line; back to WAIT_FRAME when it is out
	stHalt                       // nothing left to do (direct link)
)

var coreStateNames = [...]string{"WAIT_FRAME", "L_ROW_ADDR", "L_ROW", "L_COL", "L_BOX", "START", "SEEK",
	"READ1", "READ2", "EVAL", "WRITE1", "WRITE2", "UNDO1", "UNDO2", "ANSWER", "DRAIN", "HALT",
	"H_PASS", "H_REGION", "H_SCAN", "H_DECIDE", "H_FIXSEL", "H_FIX1", "H_FIX2", "H_COMB", "H_REMOVE"}

func (s coreState) String() string { return coreStateNames[s] }

// Core is the processor behind the UART: RowAssembler, Loader, the
// version-2 heuristic units and strategy controller, the search Controller,
// Evaluator and ResponseUnit, and their memories, as one clocked block.
//
// It is one sim.Block because its parts share the memories port by port and
// hand over from one to the next in a fixed order; no other block reads its
// internal registers, so Eval advances them in place and only the outputs
// the ResponseUnit's transmitter reads are double-buffered. In the load and
// search phases it is the only busy block and runs alone (sim.Soloist).
type Core struct {
	cfg   Config
	sched *sim.Scheduler
	ph    phases

	mem  *GridMem
	giv  *GivenMem
	eval Evaluator

	// UART front end (nil with LinkDirect): the decoder's events come in,
	// the transmitter's Ready comes back.
	dec *uart.FrameDecoder
	tx  *uart.Transmitter
	// rx is the receiver, read only for the host's bookkeeping: which byte
	// of the line a frame began and ended at (not hardware).
	rx *uart.Receiver

	st    coreState
	order int // n of the puzzle in memory
	size  int // S = n²
	limit uint64
	// Checksum register (§1).
	chk int

	// RowAssembler registers (rx).
	rowPending int  // row whose word is written this cycle, -1 when none
	inFrame    bool // a frame's size byte was accepted while waiting

	// Frame bookkeeping (not hardware): where each frame's cycles went, the
	// answers given so far, decoder events that arrived while the Core was
	// busy (the FPT'09 host waits for the answer before sending more).
	frameStart uint64
	rxEnd      uint64
	batchAt    uint64 // cycles already run in the current solo batch
	frames     []Result
	dropped    uint64
	// Byte bookkeeping: the first byte of the frame being received (-1:
	// not known yet) and the first bytes of the frames lost while busy.
	firstByte int64
	lastByte  uint64
	lost      []uint64

	// The optional input buffer (Config.InputFIFO): a ring of decoder
	// events, each with the receiver's character count when it was
	// written (bookkeeping for the host's report, not stored in hardware).
	fifo      []uart.Event
	fifoChars []uint64
	fifoHead  int
	fifoLen   int
	// The frame whose size byte went into the buffer last (its first
	// byte, -1: none), and whether its tail overflowed the buffer.
	fifoFrame     int64
	fifoFrameLost bool

	// ResponseUnit registers (tx): the byte offered to the transmitter is an
	// output, double-buffered.
	reply  uint8 // error-reply status byte, 0 for a solution
	txIdx  int
	txLen  int
	txOut  txOffer
	txNext txOffer

	// Loader registers.
	q    int      // pass cycle counter
	seen ValueSet // values seen in the current row, column or box
	asm  []uint8  // column / box assembly register
	wbuf []uint8  // word waiting to be written on port B
	wadr int      // its address, -1 when none
	rowR int      // L_ROW: row being scanned

	// Controller registers.
	r, c, b, p int
	fwd        bool     // seek direction
	rowEmpty   ValueSet // enabled, non-given lanes of the latched mask word
	enabled    ValueSet // lanes 0..S-1
	used       ValueSet // values in the registered row, column and box words
	v          int      // evaluator base value
	old        int      // the cell's value when it was read
	x          int      // the free candidate found
	depth      int
	searchCyc  uint64

	status Status
	stats  SearchStats
	// hist counts the load, heuristic and search cycles spent in each state.
	hist [numStates]uint64
	// h is the version-2 hardware (nil in version 1).
	h     *v2
	fault error
	// phaseChanged is set by the step that called EnterPhase, so RunAlone
	// returns after it.
	phaseChanged bool
}

// txOffer is the byte the ResponseUnit offers the transmitter.
type txOffer struct {
	valid bool
	data  byte
}

// phases holds the Scheduler's ids of the processor's phases.
type phases struct{ rx, load, heur, search, tx sim.PhaseID }

func newCore(cfg Config, s *sim.Scheduler) (*Core, error) {
	mem, err := NewGridMem(cfg.MaxOrder)
	if err != nil {
		return nil, err
	}
	giv, err := NewGivenMem(cfg.MaxOrder)
	if err != nil {
		return nil, err
	}
	m := cfg.MaxOrder * cfg.MaxOrder
	c := &Core{cfg: cfg, sched: s, mem: mem, giv: giv, eval: Evaluator{K: cfg.CPC},
		asm: make([]uint8, m), wbuf: make([]uint8, m), wadr: -1, rowPending: -1, fifoFrame: -1}
	c.ph = phases{rx: s.DefinePhase("rx"), load: s.DefinePhase("load"), heur: s.DefinePhase("heuristics"),
		search: s.DefinePhase("search"), tx: s.DefinePhase("tx")}
	if cfg.Version() == 2 {
		c.initV2()
	}
	if cfg.InputFIFO > 0 {
		c.fifo, c.fifoChars = make([]uart.Event, cfg.InputFIFO), make([]uint64, cfg.InputFIFO)
	}
	return c, nil
}

// pushEvent keeps a decoder event that arrives while the Core cannot take
// it: in the input buffer when there is one with room, else it is lost
// (counted; a lost size byte loses its frame, named by its first byte).
func (c *Core) pushEvent(ev uart.Event, chars uint64) {
	if c.fifoLen < len(c.fifo) {
		i := (c.fifoHead + c.fifoLen) % len(c.fifo)
		c.fifo[i], c.fifoChars[i] = ev, chars
		c.fifoLen++
		if ev.Kind == uart.EventStart {
			c.fifoFrame, c.fifoFrameLost = int64(chars)-5, false
		}
		return
	}
	c.dropped++
	switch {
	case ev.Kind == uart.EventStart || (ev.Kind == uart.EventDone && ev.Status == uart.StatusBadSize):
		c.lost = append(c.lost, chars-5)
		c.fifoFrame = -1
	case c.fifoFrame >= 0 && !c.fifoFrameLost:
		// The tail of a frame whose start is in the full buffer: the frame
		// is lost all the same.
		c.lost = append(c.lost, uint64(c.fifoFrame))
		c.fifoFrameLost = true
	}
}

// nextEvent is the event the RowAssembler takes this cycle: the oldest in
// the input buffer (the decoder's event of this cycle joins the buffer's
// tail), or the decoder's own when the buffer is empty; with the character
// count of the line when it was decoded.
func (c *Core) nextEvent() (uart.Event, uint64) {
	ev, chars := c.dec.Event(), c.rx.Chars()
	if c.fifoLen == 0 {
		return ev, chars
	}
	head, headChars := c.fifo[c.fifoHead], c.fifoChars[c.fifoHead]
	c.fifoHead = (c.fifoHead + 1) % len(c.fifo)
	c.fifoLen--
	if ev.Kind != uart.EventNone {
		c.pushEvent(ev, chars)
	}
	return head, headChars
}

// preload writes a puzzle straight into the row layout, the given mask and
// the checksum register, as the RowAssembler leaves them at the end of a
// frame (LinkDirect), and starts the load phase.
func (c *Core) preload(g *sudoku.Grid) {
	c.setOrder(g.Order)
	for r := 0; r < c.size; r++ {
		row := g.Cells[r*c.size : (r+1)*c.size]
		c.mem.Init(c.mem.RowWord(r), row)
		c.giv.Write(r, givenMask(row))
	}
	c.chk = int(sudoku.Checksum(g))
	c.st = stLRowAddr
}

func (c *Core) setOrder(n int) {
	c.order, c.size = n, n*n
	c.mem.Enable(c.size)
	c.enabled = lowMask(c.size)
	if c.h != nil {
		c.v2Order()
	}
	c.limit = c.cfg.SearchLimit(n)
}

// writeRow is the RowAssembler's write: row word r on port A and
// given-mask word r.
func (c *Core) writeRow(r int, cells []uint8) {
	c.mem.WriteWord(PortA, c.mem.RowWord(r), cells)
	c.giv.Write(r, givenMask(cells))
}

// givenMask marks the lanes of a row that hold a given.
func givenMask(cells []uint8) ValueSet {
	var g ValueSet
	for j, v := range cells {
		if v != 0 {
			g.Set(j)
		}
	}
	return g
}

// Name implements sim.Block.
func (c *Core) Name() string { return "core" }

// Eval implements sim.Block: one clock cycle of the FSM.
func (c *Core) Eval() { c.step() }

// Commit implements sim.Block. The Core's internal registers were advanced
// in Eval (nothing else reads them); its output to the transmitter is
// committed here.
func (c *Core) Commit() { c.txOut = c.txNext }

// Valid implements uart.ByteSource: a response byte is on offer.
func (c *Core) Valid() bool { return c.txOut.valid }

// Byte implements uart.ByteSource.
func (c *Core) Byte() byte { return c.txOut.data }

// Idle implements sim.Idler: the Core is busy from the first load cycle to
// the end of the search, and otherwise only in cycles where an input asks
// for work (a decoder event, a row to write, a handshake with the
// transmitter).
func (c *Core) Idle() uint64 {
	switch c.st {
	case stWaitFrame:
		if c.rowPending >= 0 || c.fifoLen > 0 || c.dec.Event().Kind != uart.EventNone {
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

// Skip implements sim.Idler (an idle Core has nothing to count).
func (c *Core) Skip(uint64) {}

// RunAlone implements sim.Soloist: the load and search phases step here,
// cycle by cycle, while the UART blocks sleep.
func (c *Core) RunAlone(max uint64) uint64 {
	var ran uint64
	for ran < max {
		if c.st >= stStart && c.st <= stUndo2 {
			ran += c.runSearch(max - ran)
		} else if c.st == stHScan {
			ran += c.runScan(max - ran)
		} else {
			c.batchAt = ran
			c.step()
			c.batchAt = 0
			ran++
		}
		c.Commit()
		if c.phaseChanged || c.st == stHalt || c.fault != nil {
			break
		}
		if c.st == stWaitFrame && c.Idle() != 0 {
			break // the input buffer ran dry: nothing to do until the decoder speaks
		}
	}
	return ran
}

// Err implements sim.Faulter: a model error of the Core or a breach of the
// grid memory's port rules.
func (c *Core) Err() error {
	if c.fault != nil {
		return c.fault
	}
	return c.mem.Err()
}

func (c *Core) enter(id sim.PhaseID) {
	c.sched.EnterPhase(id)
	c.phaseChanged = true
}

// step is one clock cycle.
func (c *Core) step() {
	c.phaseChanged = false
	if c.st != stStart && c.st != stSeek && (c.st < stRead1 || c.st > stUndo2) {
		c.mem.Edge() // the search loop clocks the memory itself
	}
	if c.dec != nil && c.st != stWaitFrame && c.dec.Event().Kind != uart.EventNone {
		c.pushEvent(c.dec.Event(), c.rx.Chars()) // the decoder speaks while the Core is busy
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
	case stLRowAddr, stLRowLane, stLCol, stLBox:
		c.hist[c.st]++
		c.stepLoad()
	case stStart, stSeek, stRead1, stRead2, stEval, stWrite1, stWrite2, stUndo1, stUndo2:
		c.runSearch(1)
	default:
		c.hist[c.st]++
		c.stepHeur()
	}
}

// finish ends the load or search phase with a status and starts the
// answer.
func (c *Core) finish(s Status) {
	c.status = s
	switch s {
	case Unsolvable:
		c.reply = ReplyNoSolution
	case Timeout:
		c.reply = ReplyCycleLimit
	}
	c.enter(c.ph.tx)
	if c.cfg.Link == LinkDirect {
		c.st = stHalt
		return
	}
	c.st = stAnswer
	c.txIdx, c.txLen = 0, ErrorReplyLen
	if c.reply == 0 {
		c.txLen = 6 + c.size*c.size
	}
	c.txNext = txOffer{true, c.replyByte(0)}
}

// Solution reads the grid out of the row layout.
func (c *Core) Solution() *sudoku.Grid {
	g := &sudoku.Grid{Order: c.order, Cells: make([]uint8, c.size*c.size)}
	for r := 0; r < c.size; r++ {
		for j := 0; j < c.size; j++ {
			g.Cells[r*c.size+j] = c.mem.Lane(c.mem.RowWord(r), j)
		}
	}
	return g
}

// StateCycles returns the load, heuristic and search cycles spent in each FSM state,
// by state name, states in FSM order; states never entered are left out.
func (c *Core) StateCycles() []StateCycles {
	var out []StateCycles
	for st, n := range c.hist {
		if n > 0 {
			out = append(out, StateCycles{State: coreState(st).String(), Cycles: n})
		}
	}
	return out
}

// State names the FSM state (for traces and errors).
func (c *Core) State() string { return c.st.String() }

func (c *Core) String() string {
	return fmt.Sprintf("core{%s r=%d c=%d v=%d}", c.st, c.r, c.c, c.v)
}

// stateBits is the width of the traced state register.
const stateBits = 5

var _ = [1]struct{}{}[numStates>>stateBits] // numStates must fit in stateBits

// Signals implements sim.Traced: the FSM state, the cell being worked on,
// the evaluator's base value and the candidate found.
func (c *Core) Signals() []sim.Signal {
	return []sim.Signal{
		{Name: "state", Width: stateBits, Value: func() uint64 { return uint64(c.st) }},
		{Name: "row", Width: 8, Value: func() uint64 { return uint64(uint8(c.r)) }},
		{Name: "col", Width: 8, Value: func() uint64 { return uint64(uint8(c.c)) }},
		{Name: "base", Width: 8, Value: func() uint64 { return uint64(uint8(c.v)) }},
		{Name: "found", Width: 8, Value: func() uint64 { return uint64(uint8(c.x)) }},
		{Name: "tx_valid", Width: 1, Value: func() uint64 { return b2u(c.txOut.valid) }},
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
