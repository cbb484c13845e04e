package bnb

import (
	"fmt"
	"io"

	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/uart"
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
	p, err := NewProcessor(cfg, opt)
	if err != nil {
		return Result{}, err
	}
	return p.Solve(g, opt)
}

// Processor is the whole design on a scheduler: with LinkUART the host PC's
// sender and listener, the UART receiver, the frame decoder, the Core and
// the UART transmitter; with LinkDirect the Core alone.
type Processor struct {
	cfg    Config
	sched  *sim.Scheduler
	core   *Core
	host   *uart.HostSender
	listen *uart.HostListener
	dec    *uart.FrameDecoder
	tx     *uart.Transmitter
}

// NewProcessor builds the design for cfg.
func NewProcessor(cfg Config, opt SimOptions) (*Processor, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	scfg := sim.DefaultConfig()
	scfg.ClockHz = cfg.ClockHz
	scfg.FastForward = !opt.NoFastForward
	s, err := sim.New(scfg)
	if err != nil {
		return nil, err
	}
	core, err := newCore(cfg, s)
	if err != nil {
		return nil, err
	}
	p := &Processor{cfg: cfg, sched: s, core: core}
	if cfg.Link == LinkDirect {
		s.Add(core)
		return p, nil
	}
	div, err := uart.Divisor(cfg.ClockHz, cfg.Baud)
	if err != nil {
		return nil, fmt.Errorf("bnb: %w", err)
	}
	p.host = uart.NewHostSender("host_txd", div)
	rx := uart.NewReceiver("rx", div, p.host)
	p.dec, err = uart.NewFrameDecoder("decoder", uart.DecoderConfig{
		MaxOrder: cfg.MaxOrder, TimeoutCycles: uart.DefaultTimeoutBits * uint64(div)}, rx)
	if err != nil {
		return nil, fmt.Errorf("bnb: %w", err)
	}
	p.tx = uart.NewTransmitter("txd", div, core)
	p.listen = uart.NewHostListener("host_rx", div, p.tx, 0)
	core.dec, core.tx = p.dec, p.tx
	s.Add(p.host, rx, p.dec, core, p.tx, p.listen)
	return p, nil
}

// Scheduler is the scheduler the design runs on.
func (p *Processor) Scheduler() *sim.Scheduler { return p.sched }

// Solve runs one puzzle from the first cycle to the last stop bit of the
// answer (LinkUART) or from the first load cycle to the end of the search
// (LinkDirect). A Processor solves one puzzle; build another for the next.
func (p *Processor) Solve(g *sudoku.Grid, opt SimOptions) (Result, error) {
	s := p.sched
	if res, early := p.begin(g); early {
		return res, nil
	}
	var vcd *sim.VCD
	var err error
	if opt.VCD != nil {
		if vcd, err = sim.NewVCD(opt.VCD, s, opt.VCDOptions); err != nil {
			return Result{}, err
		}
	}
	st, err := s.RunUntil(p.finished, ^uint64(0))
	if vcd != nil {
		if cerr := vcd.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return Result{}, fmt.Errorf("bnb: run ended %s at cycle %d: %w", st, s.Cycle(), err)
	}
	return p.collect(g.Order)
}

// begin hands the puzzle to the design: straight into memory (LinkDirect)
// or to the host's sender (LinkUART). early is set when there is nothing to
// run (a direct-link puzzle larger than the design), res then being the
// answer.
func (p *Processor) begin(g *sudoku.Grid) (res Result, early bool) {
	s, core := p.sched, p.core
	if p.cfg.Link == LinkDirect {
		if g.Order > p.cfg.MaxOrder {
			// The frame decoder would refuse the size byte; with no link
			// there is nothing to run.
			res = Result{Order: g.Order, Status: Rejected, ReplyCode: ReplyBadSize, Response: errorReply(ReplyBadSize)}
			return res, true
		}
		core.preload(g)
		s.EnterPhase(core.ph.load)
	} else {
		p.host.Queue(uart.EncodePuzzle(g))
		s.EnterPhase(core.ph.rx)
	}
	return Result{}, false
}

// finished reports whether a one-puzzle run is over: HALT (LinkDirect), or
// the last stop bit of the answer sent (LinkUART).
func (p *Processor) finished() bool {
	if p.tx != nil {
		return p.core.st == stDrain && !p.tx.Busy()
	}
	return p.core.st == stHalt
}

// collect reads the result of a finished one-puzzle run.
func (p *Processor) collect(order int) (Result, error) {
	s, core := p.sched, p.core
	res := Result{Order: order}
	res.Status = core.status
	res.Search = core.stats
	res.States = core.StateCycles()
	res.Cycles = Cycles{
		Rx:         s.PhaseCyclesOf(core.ph.rx),
		Load:       s.PhaseCyclesOf(core.ph.load),
		Heuristics: s.PhaseCyclesOf(core.ph.heur),
		Search:     s.PhaseCyclesOf(core.ph.search),
		Tx:         s.PhaseCyclesOf(core.ph.tx),
	}
	if core.h != nil {
		res.Units = append([]UnitStats(nil), core.h.stats...)
	}
	if p.cfg.Link == LinkDirect {
		res.fillAnswer(core.Solution(), uint8(core.chk))
		if res.Status != Solved {
			res.ReplyCode = res.Response[len(res.Response)-1]
		}
		return res, nil
	}
	// What the host received is the answer.
	res.Response = append([]byte(nil), p.listen.Bytes()...)
	resp, err := uart.DecodeResponse(res.Response)
	if err != nil {
		return Result{}, fmt.Errorf("bnb: the host could not decode the answer: %w", err)
	}
	res.ReplyCode = uint8(resp.Status)
	if resp.Status == uart.StatusOK {
		res.Solution, res.Checksum = resp.Grid, resp.Checksum
	}
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
		r.Response = errorReply(ReplyNoSolution)
	case Timeout:
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

// Fast runs the independent timing model (docs/microarchitecture.md §8): the
// same search as plain software, with the documented cycle costs added up.
func Fast(cfg Config, g *sudoku.Grid) (Result, error) {
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	res := Result{Order: g.Order}
	var div uint64
	if cfg.Link == LinkUART {
		d, err := uart.Divisor(cfg.ClockHz, cfg.Baud)
		if err != nil {
			return Result{}, fmt.Errorf("bnb: %w", err)
		}
		div = uint64(d)
	}
	// The answer goes out over the link: B bytes of 10 bit times after the
	// cycle that hands over the first one (§7).
	tx := func() {
		if div > 0 {
			res.Cycles.Tx = fastTxCycles(div, len(res.Response))
		}
	}
	if g.Order > cfg.MaxOrder {
		res.Status, res.ReplyCode = Rejected, ReplyBadSize
		res.Response = errorReply(ReplyBadSize)
		if div > 0 {
			// The decoder refuses the size byte, the fifth of the frame.
			res.Cycles.Rx = fastRxCycles(div, len(uart.Header)+1)
		}
		tx()
		return res, nil
	}
	if div > 0 {
		res.Cycles.Rx = fastRxCycles(div, uart.FrameLen(g.Order))
	}
	for _, h := range cfg.Heuristics {
		res.Units = append(res.Units, UnitStats{Heuristic: h})
	}
	load, clash := fastLoad(g)
	res.Cycles.Load = load
	if clash {
		res.Status = Unsolvable
		res.fillAnswer(nil, 0)
		tx()
		return res, nil
	}
	grid := g
	var cands []fastSet
	if cfg.Version() == 2 {
		par := uint64(cfg.SubsetUnits)
		if par == 0 {
			par = DefaultSubsetUnits
		}
		cyc, units, bad, st := fastHeuristics(g, cfg.Heuristics, par)
		res.Cycles.Heuristics, res.Units = cyc, units
		if bad {
			res.Status = Unsolvable
			res.fillAnswer(nil, 0)
			res.ReplyCode = ReplyNoSolution
			tx()
			return res, nil
		}
		grid = &sudoku.Grid{Order: g.Order, Cells: st.values}
		if !cfg.SearchIgnoresCandidates {
			cands = st.cand
		}
	}
	fs := fastSearch(grid, cfg.CPC, cfg.SearchLimit(g.Order), cands)
	res.Status, res.Search, res.Cycles.Search = fs.status, fs.stats, fs.cycles
	if fs.solution != nil {
		res.fillAnswer(fs.solution, sudoku.Checksum(fs.solution))
	} else {
		res.fillAnswer(nil, 0)
	}
	if res.Status != Solved {
		res.ReplyCode = res.Response[len(res.Response)-1]
	}
	tx()
	return res, nil
}

// fastRxCycles is the rx phase of §3 for a frame whose deciding byte is the
// bytes-th: the host hands the first byte to its transmitter in cycle 0,
// bytes go back to back (10·D cycles each), the receiver samples the stop
// bit of the last one ⌊D/2⌋ + 9·D cycles after its start bit begins, and
// the byte strobe, the decoder's event and the Core's acceptance take one
// cycle each.
func fastRxCycles(div uint64, bytes int) uint64 {
	return 1 + 10*div*uint64(bytes-1) + div/2 + 9*div + 3
}

// fastTxCycles is the tx phase of §7: one cycle to hand over the first byte,
// then 10·D cycles per byte, back to back.
func fastTxCycles(div uint64, bytes int) uint64 {
	return 10*div*uint64(bytes) + 1
}

// Session sends byte chunks over the serial line as a host PC would — each
// chunk a frame, garbage, or anything — waiting after each chunk until the
// processor has answered it or gone quiet, as the FPT'09 host waits for the
// answer before sending the next puzzle. It returns one Result per answer,
// in order, each with the response bytes the host received, and the number
// of decoder events lost because they arrived while the processor was busy.
// limit bounds the cycles spent on each chunk. LinkUART only.
func (p *Processor) Session(chunks [][]byte, limit uint64) ([]Result, uint64, error) {
	if p.tx == nil {
		return nil, 0, fmt.Errorf("bnb: a serial session needs the UART link")
	}
	s, core := p.sched, p.core
	s.EnterPhase(core.ph.rx)
	for i, chunk := range chunks {
		p.host.Queue(chunk)
		answered := len(core.frames)
		st, err := s.RunUntil(func() bool { return len(core.frames) > answered }, limit)
		if err != nil {
			return nil, 0, fmt.Errorf("bnb: chunk %d: run ended %s at cycle %d: %w", i, st, s.Cycle(), err)
		}
		if st == sim.CycleLimit {
			return nil, 0, fmt.Errorf("bnb: chunk %d: neither answered nor quiet after %d cycles", i, limit)
		}
	}
	// Let a half-received frame time out, and everything go quiet.
	if st, err := s.RunUntil(func() bool { return false }, limit); err != nil || st != sim.Quiescent {
		return nil, 0, fmt.Errorf("bnb: session did not go quiet (%s): %v", st, err)
	}
	got := p.listen.Bytes()
	out := make([]Result, len(core.frames))
	for i, r := range core.frames {
		n := ErrorReplyLen
		if r.ReplyCode == 0 {
			n = 6 + r.Order*r.Order*r.Order*r.Order
		}
		if len(got) < n {
			return nil, 0, fmt.Errorf("bnb: answer %d: the host received %d of %d bytes", i, len(got), n)
		}
		r.Response, got = append([]byte(nil), got[:n]...), got[n:]
		resp, err := uart.DecodeResponse(r.Response)
		if err != nil {
			return nil, 0, fmt.Errorf("bnb: answer %d: %w", i, err)
		}
		if resp.Status == uart.StatusOK {
			r.Solution, r.Checksum = resp.Grid, resp.Checksum
		}
		out[i] = r
	}
	return out, core.dropped, nil
}
