package bnb

import (
	"fmt"

	"sudokusim/sudoku"
)

// PortCycle is one clock cycle of the processor as a co-simulation compares
// it with the HDL (docs/hdl.md): the FSM state and the checksum, size and
// reply registers at the start of the cycle, every access of the block-RAM
// ports during it, and the tx line.
type PortCycle struct {
	State, Chk, Size, Reply uint8
	// Rxd is the host's line into the processor (1 with the direct link),
	// Txd the processor's line out.
	Rxd, Txd bool
	// Grid are GridMem's ports A and B, Given GivenMem's port.
	Grid  [2]PortAccess
	Given PortAccess
}

// PortAccess is one block-RAM port in one cycle. A write's data is the
// whole word as written: Lanes for GridMem (M lanes), Mask for GivenMem.
type PortAccess struct {
	En, We bool
	Addr   int
	Lanes  []uint8
	Mask   ValueSet
}

// StateName names an FSM state code of PortCycle.State.
func StateName(code uint8) string {
	if int(code) < len(coreStateNames) {
		return coreStateNames[code]
	}
	return fmt.Sprintf("state(%d)", code)
}

// State codes the co-simulation reads phases from.
const (
	StateCodeLoadFirst   = uint8(stLRowAddr)
	StateCodeLoadLast    = uint8(stLBox)
	StateCodeSearchFirst = uint8(stStart)
	StateCodeSearchLast  = uint8(stUndo2)
	StateCodeWrite1      = uint8(stWrite1)
	StateCodeUndo1       = uint8(stUndo1)
	StateCodeWaitFrame   = uint8(stWaitFrame)
	StateCodeAnswer      = uint8(stAnswer)
	StateCodeDrain       = uint8(stDrain)
)

// PortTracer runs a Processor one clock cycle at a time and reports each
// cycle's PortCycle. Build it with NewPortTracer; the normal simulation
// pays nothing for it (the taps are off unless a tracer attaches them).
type PortTracer struct {
	p     *Processor
	order int
	cyc   PortCycle
	early *Result
}

// NewPortTracer builds the design for cfg (version 1), hands it the puzzle
// as Solve would, and attaches the port taps.
func NewPortTracer(cfg Config, g *sudoku.Grid) (*PortTracer, error) {
	if cfg.Version() != 1 {
		return nil, fmt.Errorf("bnb: port tracing covers version 1 only (no heuristic units)")
	}
	p, err := NewProcessor(cfg, SimOptions{NoFastForward: true})
	if err != nil {
		return nil, err
	}
	t := &PortTracer{p: p, order: g.Order}
	m := cfg.MaxOrder * cfg.MaxOrder
	t.cyc.Grid[0].Lanes = make([]uint8, m)
	t.cyc.Grid[1].Lanes = make([]uint8, m)
	if res, early := p.begin(g); early {
		t.early = &res
		return t, nil
	}
	p.core.mem.Watch(t)
	p.core.giv.tap = t
	return t, nil
}

// NewPortTracerFrame is NewPortTracer for raw bytes on the serial line (a
// frame, a bad frame, garbage): LinkUART only; the run ends when the answer
// has been sent.
func NewPortTracerFrame(cfg Config, frame []byte) (*PortTracer, error) {
	if cfg.Version() != 1 {
		return nil, fmt.Errorf("bnb: port tracing covers version 1 only (no heuristic units)")
	}
	if cfg.Link != LinkUART {
		return nil, fmt.Errorf("bnb: raw bytes need the UART link")
	}
	p, err := NewProcessor(cfg, SimOptions{NoFastForward: true})
	if err != nil {
		return nil, err
	}
	t := &PortTracer{p: p}
	m := cfg.MaxOrder * cfg.MaxOrder
	t.cyc.Grid[0].Lanes = make([]uint8, m)
	t.cyc.Grid[1].Lanes = make([]uint8, m)
	p.host.Queue(frame)
	p.sched.EnterPhase(p.core.ph.rx)
	p.core.mem.Watch(t)
	p.core.giv.tap = t
	return t, nil
}

// Next runs one cycle and returns it; ok is false when the run is over
// (the cycle that would follow is not run).
func (t *PortTracer) Next() (cyc *PortCycle, ok bool, err error) {
	if t.early != nil || t.p.finished() {
		return nil, false, nil
	}
	c := t.p.core
	t.cyc.State, t.cyc.Chk, t.cyc.Size, t.cyc.Reply = uint8(c.st), uint8(c.chk), uint8(c.size), c.reply
	t.cyc.Txd = t.p.tx == nil || t.p.tx.Level()
	t.cyc.Rxd = t.p.host == nil || t.p.host.Level()
	for i := range t.cyc.Grid {
		t.cyc.Grid[i].En, t.cyc.Grid[i].We, t.cyc.Grid[i].Addr = false, false, 0
	}
	t.cyc.Given = PortAccess{}
	if _, err := t.p.sched.Run(1); err != nil {
		return nil, false, err
	}
	return &t.cyc, true, nil
}

// Result is the finished run's result, as Solve returns it.
func (t *PortTracer) Result() (Result, error) {
	if t.early != nil {
		return *t.early, nil
	}
	if !t.p.finished() {
		return Result{}, fmt.Errorf("bnb: the traced run has not finished")
	}
	res, err := t.p.collect(t.order)
	if err == nil && t.order == 0 {
		res.Order = t.p.core.order
	}
	return res, err
}

// Cycle is the number of cycles run.
func (t *PortTracer) Cycle() uint64 { return t.p.sched.Cycle() }

func (t *PortTracer) read(port, word int) {
	a := &t.cyc.Grid[port]
	a.En, a.We, a.Addr = true, false, word
}

func (t *PortTracer) write(port, word int, lanes []uint8, _, _ int) {
	a := &t.cyc.Grid[port]
	a.En, a.We, a.Addr = true, true, word
	copy(a.Lanes, lanes)
}

func (t *PortTracer) edge() {}

func (t *PortTracer) givenAccess(we bool, r int, mask ValueSet) {
	t.cyc.Given = PortAccess{En: true, We: we, Addr: r, Mask: mask}
}
