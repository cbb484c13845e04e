package bnb

import (
	"fmt"

	"sudokusim/sim"
	"sudokusim/uart"
)

// Board is the processor on its serial port, driven from outside as a
// host's bytes arrive (sudokusim serve): Send queues what the host wrote on
// the host's transmit line, Run advances the model, Take returns what the
// host's receiver got — the bytes the processor's transmitter sent, bit for
// bit through the UART model — and Answers the answers completed. Unlike
// Session it needs no list of chunks up front and keeps no history, so a
// session may last as long as the host likes.
type Board struct {
	p   *Processor
	vcd *sim.VCD

	// waiting is true until a byte is queued after the last answer or
	// since the board went quiet; first is the cycle that byte was queued
	// in.
	waiting bool
	first   uint64
	queued  uint64 // bytes queued on the host's line since the start
	resp    []byte // answer bytes received and not yet matched to an answer
	out     []byte // bytes received and not yet taken
	answers []BoardAnswer
}

// BoardAnswer is one answer of a board session: the Result (Response,
// Solution and Checksum decoded from the bytes the host received; Cycles.Rx
// counts from the end of the previous answer) and when it happened.
type BoardAnswer struct {
	Result
	// First is the cycle in which the first byte after the previous answer
	// (or after the board last went quiet) was queued on the host's line;
	// End is the cycle in which the answer's last stop bit ended. End −
	// First is the t_N a host measures, from the start of its frame to the
	// end of the answer: for a frame sent alone, the cycles of a one-puzzle
	// run (Simulate).
	First, End uint64
	// Dropped counts the decoder events lost since the session started
	// because they arrived while the processor was busy.
	Dropped uint64
}

// Latency is End − First in cycles.
func (a BoardAnswer) Latency() uint64 { return a.End - a.First }

// BoardStop says why Board.Run returned.
type BoardStop uint8

const (
	// BoardAnswered: the last stop bit of an answer is out.
	BoardAnswered BoardStop = iota
	// BoardWaitsForHost: the host's line has sent everything queued, in
	// the middle of a frame, while the host is still talking.
	BoardWaitsForHost
	// BoardQuiet: nothing will happen until the host sends again.
	BoardQuiet
	// BoardSlice: the cycles asked for ran out.
	BoardSlice
)

func (s BoardStop) String() string {
	switch s {
	case BoardAnswered:
		return "answered"
	case BoardWaitsForHost:
		return "waits for host"
	case BoardQuiet:
		return "quiet"
	case BoardSlice:
		return "slice"
	}
	return fmt.Sprintf("BoardStop(%d)", uint8(s))
}

// NewBoard builds the processor for cfg (LinkUART) waiting for a frame; with
// opt.VCD set it traces the whole session until Close.
func NewBoard(cfg Config, opt SimOptions) (*Board, error) {
	if cfg.Link != LinkUART {
		return nil, fmt.Errorf("bnb: a board on a serial port needs the UART link")
	}
	p, err := NewProcessor(cfg, opt)
	if err != nil {
		return nil, err
	}
	b := &Board{p: p, waiting: true}
	p.sched.EnterPhase(p.core.ph.rx)
	if opt.VCD != nil {
		if b.vcd, err = sim.NewVCD(opt.VCD, p.sched, opt.VCDOptions); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// Processor is the design the board runs.
func (b *Board) Processor() *Processor { return b.p }

// Cycle is the current cycle.
func (b *Board) Cycle() uint64 { return b.p.sched.Cycle() }

// Send queues bytes on the host's transmit line: they go out back to back
// after any queued before (the slice is copied).
func (b *Board) Send(data []byte) {
	if len(data) == 0 {
		return
	}
	if b.waiting {
		b.waiting, b.first = false, b.p.sched.Cycle()
	}
	b.p.host.Queue(append([]byte(nil), data...))
	b.queued += uint64(len(data))
}

// Backlog is the number of bytes queued on the host's line and not yet
// handed to its transmitter.
func (b *Board) Backlog() int { return int(b.queued - b.p.host.Sent()) }

// Run advances the model at most max cycles. It stops at the end of an
// answer, when nothing can happen until the host sends again, and — while
// hostTalking is true — when the host's line has sent every byte queued in
// the middle of a frame, so that bytes the host writes next follow back to
// back (a pseudo-terminal carries no timing; the caller decides when the
// host has gone quiet and the decoder's inter-byte timeout may run).
func (b *Board) Run(max uint64, hostTalking bool) (BoardStop, error) {
	s, core, host, dec := b.p.sched, b.p.core, b.p.host, b.p.dec
	n := len(core.frames)
	starved := func() bool {
		return hostTalking && !host.Valid() && host.Ready() && !dec.Hunting() && core.st == stWaitFrame
	}
	st, err := s.RunUntil(func() bool { return len(core.frames) > n || starved() }, max)
	k := len(b.out)
	b.out = b.p.listen.Take(b.out)
	b.resp = append(b.resp, b.out[k:]...)
	if err != nil {
		return 0, fmt.Errorf("bnb: board: run ended %s at cycle %d: %w", st, s.Cycle(), err)
	}
	for _, r := range core.frames[n:] {
		if err := b.answer(r); err != nil {
			return 0, err
		}
	}
	core.frames = core.frames[:n]
	switch {
	case st == sim.Quiescent:
		b.waiting = true // whatever was sent is over: the next byte starts a frame's t_N
		return BoardQuiet, nil
	case st == sim.CycleLimit:
		return BoardSlice, nil
	case len(b.answers) > 0 && b.answers[len(b.answers)-1].End+1 == s.Cycle():
		return BoardAnswered, nil
	}
	return BoardWaitsForHost, nil
}

// answer matches the next answer's bytes to the Core's record of it.
func (b *Board) answer(r Result) error {
	n := ErrorReplyLen
	if r.ReplyCode == 0 {
		n = 6 + r.Order*r.Order*r.Order*r.Order
	}
	if len(b.resp) < n {
		return fmt.Errorf("bnb: board: answer of %d bytes, the host received %d", n, len(b.resp))
	}
	r.Response = append([]byte(nil), b.resp[:n]...)
	b.resp = append(b.resp[:0], b.resp[n:]...)
	resp, err := uart.DecodeResponse(r.Response)
	if err != nil {
		return fmt.Errorf("bnb: board: %w", err)
	}
	if resp.Status == uart.StatusOK {
		r.Solution, r.Checksum = resp.Grid, resp.Checksum
	}
	// Run stopped after the cycle in which the Core saw the line idle and
	// went back to waiting; the stop bit ended one cycle before.
	end := b.p.sched.Cycle() - 1
	first := b.first
	if b.waiting { // an answer to nothing sent since the previous one (cannot happen; keep End−First sane)
		first = end
	}
	b.answers = append(b.answers, BoardAnswer{Result: r, First: first, End: end, Dropped: b.p.core.dropped})
	b.waiting = true
	return nil
}

// Take appends the bytes the host's receiver got since the last Take to
// dst.
func (b *Board) Take(dst []byte) []byte {
	dst = append(dst, b.out...)
	b.out = b.out[:0]
	return dst
}

// Answers returns the answers completed since the last call.
func (b *Board) Answers() []BoardAnswer {
	a := b.answers
	b.answers = nil
	return a
}

// Close ends the VCD, if any.
func (b *Board) Close() error {
	if b.vcd == nil {
		return nil
	}
	err := b.vcd.Close()
	b.vcd = nil
	return err
}
