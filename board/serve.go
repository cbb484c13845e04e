// Package board puts a simulated processor with the FPT'09 serial front end
// on a serial port — a pseudo-terminal or a real serial device — so that a
// host program (pyserial, picocom, the competition's host, sudokusim send)
// talks to it as to the board: its bytes go into the model's UART receiver
// as they arrive, and the bytes the model's transmitter sends come back,
// error replies included. docs/protocol.md, "A virtual board on a serial
// port", describes the timing.
package board

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// Design is a simulated processor with the serial front end, driven as a
// host's bytes arrive. rtl/bnb's Board is one; any design whose frames go
// through the uart blocks can be (sudokusim serve adapts each).
type Design interface {
	// Send queues bytes on the host's transmit line, back to back after
	// any queued before.
	Send(b []byte)
	// Run advances the model at most max cycles. It returns Answered at
	// the end of an answer, Quiet when nothing can happen until the host
	// sends again, and — while hostTalking — WaitsForHost when the host's
	// line has sent everything queued in the middle of a frame.
	Run(max uint64, hostTalking bool) (Stop, error)
	// Backlog is the number of bytes sent and not yet on the line.
	Backlog() int
	// Take appends the bytes the host's receiver got since the last call.
	Take(dst []byte) []byte
	// Answers returns the answers completed since the last call.
	Answers() []Answer
	// Cycle is the current cycle; ClockHz the clock.
	Cycle() uint64
	ClockHz() float64
}

// Stop says why Design.Run returned.
type Stop uint8

const (
	// Answered: the last stop bit of an answer is out.
	Answered Stop = iota
	// WaitsForHost: the host's line has sent every byte queued, in the
	// middle of a frame, while the host is still talking.
	WaitsForHost
	// Quiet: nothing will happen until the host sends again.
	Quiet
	// Slice: the cycles asked for ran out.
	Slice
)

// Answer is one answer of the simulated board, for the log.
type Answer struct {
	Order    int
	Status   string // solved, unsolvable, timeout, rejected
	Reply    uint8  // the error reply's status byte, 0 for a solution
	Checksum uint8
	Bytes    int // length of the answer
	// Phases are the cycles by phase, in order (rx counts from the end of
	// the previous answer).
	Phases []Phase
	// Latency is the t_N a host measures, in cycles: from the cycle the
	// frame's first byte went on the line to the end of the answer's last
	// stop bit.
	Latency uint64
	// Dropped counts the bytes' decoder events lost so far because they
	// came while the processor was busy.
	Dropped uint64
}

// Phase is the cycles one phase took.
type Phase struct {
	Name   string
	Cycles uint64
}

// Options are Serve's knobs.
type Options struct {
	// Realtime paces the answer at the simulated time: a byte goes to the
	// host no earlier than the simulated time at which the host's receiver
	// got it, counted from the wall time at which the frame's first byte
	// came. Without it answers go out as soon as they are simulated.
	Realtime bool
	// Gap is the wall time without a byte after which the host is taken to
	// have stopped talking: the host's line goes idle in simulated time and
	// the decoder's inter-byte timeout may abandon a frame cut short. A
	// pseudo-terminal carries no timing, so the bytes of a host's writes
	// that come closer together than Gap go on the line back to back.
	Gap time.Duration
	// MaxAnswers ends Serve after that many answers (0: until ctx ends).
	MaxAnswers int
	// Log receives a line per answer and per host event (nil: none).
	Log io.Writer
}

// DefaultGap is Options.Gap when zero.
const DefaultGap = 100 * time.Millisecond

// MaxBacklog is how many bytes Serve lets wait for the simulated line
// before it stops reading the port: a host that sends faster than the line
// runs then blocks in its writes, as on a real serial port, instead of
// filling memory.
const MaxBacklog = 64 << 10

// Summary is what a Serve session did.
type Summary struct {
	Answers    int
	BytesIn    int
	BytesOut   int
	Cycles     uint64
	WriteFails int // answers (or parts) a host did not take
}

// The simulated time Run may take before Serve looks at the port again:
// 1 ms when pacing (the granularity of the paced bytes), 10 ms otherwise.
const (
	sliceRealtime = 1e-3
	sliceFree     = 10e-3
)

// Serve runs d behind port until ctx ends or opt.MaxAnswers answers are out.
// It returns the first error of the model or the port (a host closing the
// port is not an error).
func Serve(ctx context.Context, port Port, d Design, opt Options) (Summary, error) {
	if opt.Gap <= 0 {
		opt.Gap = DefaultGap
	}
	logf := func(format string, args ...any) {
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, format+"\n", args...)
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	in := make(chan readResult, 64)
	go readPort(ctx, port, in)

	var sum Summary
	sliceS := sliceFree
	if opt.Realtime {
		sliceS = sliceRealtime
	}
	slice := max(uint64(sliceS*d.ClockHz()), 1)
	var (
		talking    bool      // the host's bytes are still coming
		lastByte   time.Time // wall time of the last read with bytes
		anchored   bool      // realtime: anchorWall ↔ anchorCycle
		anchorWall time.Time
		anchorCyc  uint64
		frameWall  time.Time // wall time of the first byte after the last answer or quiet
		frameOpen  bool
		hostGone   bool // the port told that no host has it open
		out        []byte
	)
	cyclesToWall := func(c uint64) time.Duration {
		return time.Duration(float64(c-anchorCyc) / d.ClockHz() * float64(time.Second))
	}
	handle := func(r readResult) error {
		switch {
		case r.opened:
			if hostGone {
				hostGone = false
				logf("host opened %s", port.Name())
			}
		case r.err == nil:
			if hostGone {
				hostGone = false
				logf("host opened %s", port.Name())
			}
			now := time.Now()
			if !frameOpen || !anchored {
				// A frame's first byte: its simulated time starts now.
				anchored, anchorWall, anchorCyc = true, now, d.Cycle()
			}
			if !frameOpen {
				frameOpen, frameWall = true, now
			}
			d.Send(r.data)
			sum.BytesIn += len(r.data)
			talking, lastByte = true, now
		case errors.Is(r.err, ErrNoHost):
			if !hostGone {
				hostGone = true
				logf("no host has %s open", port.Name())
			}
			// Whatever the host was sending will not go on.
			talking = false
		default:
			return fmt.Errorf("%s: %w", port.Name(), r.err)
		}
		return nil
	}
	// wait blocks for the port until deadline (zero: no deadline).
	wait := func(deadline time.Time) error {
		var timer <-chan time.Time
		if !deadline.IsZero() {
			t := time.NewTimer(time.Until(deadline))
			defer t.Stop()
			timer = t.C
		}
		select {
		case <-ctx.Done():
		case r := <-in:
			return handle(r)
		case <-timer:
		}
		return nil
	}

	for ctx.Err() == nil {
	drain:
		for d.Backlog() < MaxBacklog {
			select {
			case r := <-in:
				if err := handle(r); err != nil {
					return sum, err
				}
			default:
				break drain
			}
		}
		if talking && time.Since(lastByte) >= opt.Gap {
			talking = false
		}
		st, err := d.Run(slice, talking)
		if err != nil {
			return sum, err
		}
		sum.Cycles = d.Cycle()
		if out = d.Take(out[:0]); len(out) > 0 {
			if opt.Realtime && anchored {
				sleepUntil(ctx, anchorWall.Add(cyclesToWall(d.Cycle())))
			}
			n, err := port.Write(out)
			sum.BytesOut += n
			if err != nil {
				sum.WriteFails++
				logf("%v", err)
			}
		}
		for _, a := range d.Answers() {
			sum.Answers++
			logf("%s", answerLine(sum.Answers, a, d.ClockHz(), time.Since(frameWall)))
			frameOpen = false
			if opt.MaxAnswers > 0 && sum.Answers >= opt.MaxAnswers {
				lingerForHost(ctx, in)
				return sum, nil
			}
		}
		switch st {
		case Quiet:
			// Simulated time stands still until the host sends: the next
			// byte anchors the pacing afresh.
			anchored, frameOpen = false, false
			if err := wait(time.Time{}); err != nil {
				return sum, err
			}
		case WaitsForHost:
			if err := wait(lastByte.Add(opt.Gap)); err != nil {
				return sum, err
			}
		}
	}
	return sum, nil
}

// answerLine is the log line of the k-th answer.
func answerLine(k int, a Answer, clockHz float64, wall time.Duration) string {
	what := a.Status
	if a.Reply != 0 {
		what += fmt.Sprintf(" (error reply %d)", a.Reply)
	} else {
		what += fmt.Sprintf(", checksum 0x%02X", a.Checksum)
	}
	phases := ""
	for i, p := range a.Phases {
		if i > 0 {
			phases += " +"
		}
		phases += fmt.Sprintf(" %s %d", p.Name, p.Cycles)
	}
	return fmt.Sprintf("answer %d: order %d, %s, %d bytes; cycles%s; t_N %.6g s simulated (%d cycles), %.6g s wall; %d events lost while busy",
		k, a.Order, what, a.Bytes, phases, float64(a.Latency)/clockHz, a.Latency, wall.Seconds(), a.Dropped)
}

type readResult struct {
	data   []byte
	err    error
	opened bool // the port reports a host again after ErrNoHost
}

// readPort reads the port until ctx ends, passing on bytes, the host's
// comings and goings and errors.
func readPort(ctx context.Context, port Port, in chan<- readResult) {
	buf := make([]byte, 64<<10)
	noHost := false
	for ctx.Err() == nil {
		n, err := port.Read(buf)
		var r readResult
		switch {
		case errors.Is(err, ErrNoHost) && n == 0 && noHost:
			continue
		case n == 0 && err == nil && noHost:
			r.opened = true
		case n > 0:
			r.data = append([]byte(nil), buf[:n]...)
			if err != nil && !errors.Is(err, ErrNoHost) {
				r.err = err
			}
		case err != nil:
			r.err = err
		default:
			continue
		}
		noHost = errors.Is(r.err, ErrNoHost)
		select {
		case in <- r:
		case <-ctx.Done():
			return
		}
		if r.err != nil && !errors.Is(r.err, ErrNoHost) {
			return
		}
	}
}

func sleepUntil(ctx context.Context, t time.Time) {
	d := time.Until(t)
	if d <= 0 {
		return
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
	case <-timer.C:
	}
}

// Linger is how long Serve keeps the port open after its last answer for a
// host that has not closed it: closing a pseudo-terminal hangs it up, and
// the host would lose the answer it has not read yet.
const Linger = time.Second

// lingerForHost waits until the host closes the port, for Linger at most.
func lingerForHost(ctx context.Context, in <-chan readResult) {
	timer := time.NewTimer(Linger)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
			return
		case r := <-in:
			if errors.Is(r.err, ErrNoHost) {
				return
			}
		}
	}
}
