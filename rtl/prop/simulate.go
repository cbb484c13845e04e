package prop

import (
	"fmt"
	"io"

	"sudokusim/rtl/bnb"
	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/uart"
)

// SimOptions are the cycle-level run's knobs that are not hardware
// parameters.
type SimOptions struct {
	// NoFastForward steps every cycle even when blocks are idle.
	NoFastForward bool
	// VCD, when set, receives a waveform of the run.
	VCD io.Writer
	// VCDOptions selects scopes and signals for VCD.
	VCDOptions sim.VCDOptions
}

// Simulate runs the cycle-level model on one puzzle: the frame over the
// serial line (or straight into memory with the direct link), load,
// search, and the answer back.
func Simulate(cfg Config, g *sudoku.Grid, opt SimOptions) (Result, error) {
	p, err := NewProcessor(cfg, opt)
	if err != nil {
		return Result{}, err
	}
	return p.Solve(g, opt)
}

// Processor is version 3 on a scheduler: with the UART link the host's
// sender and listener, the receiver, the frame decoder, the Core and the
// transmitter (the blocks rtl/bnb's processor uses); with the direct link
// the Core alone.
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
	if cfg.Link == bnb.LinkDirect {
		s.Add(core)
		return p, nil
	}
	div, err := uart.Divisor(cfg.ClockHz, cfg.Baud)
	if err != nil {
		return nil, fmt.Errorf("prop: %w", err)
	}
	p.host = uart.NewHostSender("host_txd", div)
	rx := uart.NewReceiver("rx", div, p.host)
	p.dec, err = uart.NewFrameDecoder("decoder", uart.DecoderConfig{
		MaxOrder: cfg.MaxOrder, TimeoutCycles: uart.DefaultTimeoutBits * uint64(div)}, rx)
	if err != nil {
		return nil, fmt.Errorf("prop: %w", err)
	}
	p.tx = uart.NewTransmitter("txd", div, core)
	p.listen = uart.NewHostListener("host_rx", div, p.tx, 0)
	core.dec, core.tx = p.dec, p.tx
	s.Add(p.host, rx, p.dec, core, p.tx, p.listen)
	return p, nil
}

// Core is the processor's Core (for its memories and traces).
func (p *Processor) Core() *Core { return p.core }

// Scheduler is the scheduler the design runs on.
func (p *Processor) Scheduler() *sim.Scheduler { return p.sched }

// Solve runs one puzzle from the first cycle to the last stop bit of the
// answer (UART) or from the first load cycle to the end of the search
// (direct). A Processor solves one puzzle; build another for the next.
func (p *Processor) Solve(g *sudoku.Grid, opt SimOptions) (Result, error) {
	s, core := p.sched, p.core
	res := Result{Order: g.Order}
	if p.cfg.Link == bnb.LinkDirect {
		if g.Order > p.cfg.MaxOrder {
			res.Status = sudoku.Rejected
			res.fillAnswer(nil, 0)
			return res, nil
		}
		core.preload(g)
		s.EnterPhase(core.ph.load)
	} else {
		p.host.Queue(uart.EncodePuzzle(g))
		s.EnterPhase(core.ph.rx)
	}
	var vcd *sim.VCD
	var err error
	if opt.VCD != nil {
		if vcd, err = sim.NewVCD(opt.VCD, s, opt.VCDOptions); err != nil {
			return Result{}, err
		}
	}
	done := func() bool { return core.st == stHalt }
	if p.tx != nil {
		done = func() bool { return core.st == stDrain && !p.tx.Busy() }
	}
	st, err := s.RunUntil(done, ^uint64(0))
	if vcd != nil {
		if cerr := vcd.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return Result{}, fmt.Errorf("prop: run ended %s at cycle %d: %w", st, s.Cycle(), err)
	}
	res.Status = core.status
	res.Counters = core.cnt
	res.States = core.StateCycles()
	res.Cycles = Cycles{
		Rx:     s.PhaseCyclesOf(core.ph.rx),
		Load:   s.PhaseCyclesOf(core.ph.load),
		Search: s.PhaseCyclesOf(core.ph.search),
		Tx:     s.PhaseCyclesOf(core.ph.tx),
	}
	if p.cfg.Link == bnb.LinkDirect {
		res.fillAnswer(core.Solution(), uint8(core.chk))
		return res, nil
	}
	res.Response = append([]byte(nil), p.listen.Bytes()...)
	resp, err := uart.DecodeResponse(res.Response)
	if err != nil {
		return Result{}, fmt.Errorf("prop: the host could not decode the answer: %w", err)
	}
	res.ReplyCode = uint8(resp.Status)
	if resp.Status == uart.StatusOK {
		res.Solution, res.Checksum = resp.Grid, resp.Checksum
	}
	return res, nil
}

// Session sends byte chunks over the serial line as a host PC would and
// returns one Result per answer, in order, and the decoder events lost
// while the processor was busy (as rtl/bnb's Processor.Session).
func (p *Processor) Session(chunks [][]byte, limit uint64) ([]Result, uint64, error) {
	if p.tx == nil {
		return nil, 0, fmt.Errorf("prop: a serial session needs the UART link")
	}
	s, core := p.sched, p.core
	s.EnterPhase(core.ph.rx)
	for i, chunk := range chunks {
		p.host.Queue(chunk)
		answered := len(core.frames)
		st, err := s.RunUntil(func() bool { return len(core.frames) > answered }, limit)
		if err != nil {
			return nil, 0, fmt.Errorf("prop: chunk %d: run ended %s at cycle %d: %w", i, st, s.Cycle(), err)
		}
		if st == sim.CycleLimit {
			return nil, 0, fmt.Errorf("prop: chunk %d: neither answered nor quiet after %d cycles", i, limit)
		}
	}
	if st, err := s.RunUntil(func() bool { return false }, limit); err != nil || st != sim.Quiescent {
		return nil, 0, fmt.Errorf("prop: session did not go quiet (%s): %v", st, err)
	}
	got := p.listen.Bytes()
	out := make([]Result, len(core.frames))
	for i, r := range core.frames {
		n := bnb.ErrorReplyLen
		if r.ReplyCode == 0 {
			n = 6 + r.Order*r.Order*r.Order*r.Order
		}
		if len(got) < n {
			return nil, 0, fmt.Errorf("prop: answer %d: the host received %d of %d bytes", i, len(got), n)
		}
		r.Response, got = append([]byte(nil), got[:n]...), got[n:]
		resp, err := uart.DecodeResponse(r.Response)
		if err != nil {
			return nil, 0, fmt.Errorf("prop: answer %d: %w", i, err)
		}
		if resp.Status == uart.StatusOK {
			r.Solution, r.Checksum = resp.Grid, resp.Checksum
		}
		out[i] = r
	}
	return out, core.dropped, nil
}
