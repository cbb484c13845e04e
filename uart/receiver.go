package uart

import (
	"fmt"

	"sudokusim/sim"
)

// Receiver is a bit-level 8N1 serial receiver block.
//
// It samples its line once per cycle (the line comes from a register of the
// same clock domain, so no synchroniser is modelled). In the first cycle it
// sees the line at space it starts a character and samples the line again
// Divisor/2 cycles later, at the middle of the start bit: if the line is
// back at mark the start is rejected as a glitch (so a pulse shorter than
// half a bit never starts a byte); otherwise it samples the 8 data bits,
// LSB first, and the stop bit each Divisor cycles later, at their middles.
// This is mid-bit validation with one sample per bit, not ×16 oversampling
// with a majority vote; it tolerates a clock/baud mismatch of about ±5 %
// (half a bit over the 9.5 bits to the stop-bit sample).
//
// A stop bit at mark makes Valid true for one cycle with the byte. A stop
// bit at space is a framing error: FramingError is true for one cycle, the
// count goes up, no byte is delivered, and the receiver waits for the line
// to return to mark before it hunts for the next start bit.
type Receiver struct {
	name      string
	div, half uint32
	in        Line
	cur, next rxState
}

type rxState struct {
	mode   uint8  // rxIdle, rxFrame, rxWaitMark
	bit    uint8  // next sample: 0 start, 1..8 data, 9 stop
	cnt    uint32 // cycles until the next sample
	shift  uint8
	valid  bool
	ferr   bool
	data   byte
	errors uint32
	// chars counts the characters ended so far (bytes delivered and
	// framing errors): the index of the next character on the line. It is
	// bookkeeping for the host's report (which input byte an answer is
	// about), not hardware.
	chars uint64
}

const (
	rxIdle = iota
	rxFrame
	rxWaitMark
)

// NewReceiver returns an idle receiver of line in with the given baud
// divisor (see Divisor). A divisor below 2 or a nil line is a model bug and
// panics.
func NewReceiver(name string, divisor uint32, in Line) *Receiver {
	if divisor < 2 || in == nil {
		panic(fmt.Sprintf("uart: receiver %q: divisor %d (want ≥ 2) or nil line", name, divisor))
	}
	return &Receiver{name: name, div: divisor, half: divisor / 2, in: in}
}

// Name is the block's name.
func (r *Receiver) Name() string { return r.name }

// Valid is true for one cycle after a byte was received.
func (r *Receiver) Valid() bool { return r.cur.valid }

// Byte is the last byte received.
func (r *Receiver) Byte() byte { return r.cur.data }

// FramingError is true for one cycle after a stop bit was found at space.
func (r *Receiver) FramingError() bool { return r.cur.ferr }

// FramingErrors counts framing errors so far.
func (r *Receiver) FramingErrors() uint32 { return r.cur.errors }

// Chars counts the characters received so far, good or with a framing
// error: while Valid is true, the byte is character Chars()-1 of the line.
func (r *Receiver) Chars() uint64 { return r.cur.chars }

// Eval samples the line.
func (r *Receiver) Eval() {
	c := r.cur
	n := c
	n.valid, n.ferr = false, false
	line := r.in.Level()
	switch c.mode {
	case rxIdle:
		if !line {
			n.mode, n.bit, n.cnt = rxFrame, 0, r.half-1
		}
	case rxWaitMark:
		if line {
			n.mode = rxIdle
		}
	case rxFrame:
		switch {
		case c.cnt > 0:
			n.cnt = c.cnt - 1
		case c.bit == 0 && line: // glitch
			n.mode = rxIdle
		case c.bit < 9:
			if c.bit > 0 {
				n.shift = c.shift >> 1
				if line {
					n.shift |= 0x80
				}
			}
			n.bit, n.cnt = c.bit+1, r.div-1
		case line:
			n.mode, n.valid, n.data, n.chars = rxIdle, true, c.shift, c.chars+1
		default:
			n.mode, n.ferr, n.errors, n.chars = rxWaitMark, true, c.errors+1, c.chars+1
		}
	}
	r.next = n
}

// Commit is the clock edge.
func (r *Receiver) Commit() { r.cur = r.next }

// Idle is the number of cycles until the next sample, Forever on a quiet
// line.
func (r *Receiver) Idle() uint64 {
	c := &r.cur
	if c.valid || c.ferr {
		return 0
	}
	switch c.mode {
	case rxIdle:
		if r.in.Level() {
			return sim.Forever
		}
	case rxWaitMark:
		if !r.in.Level() {
			return sim.Forever
		}
	case rxFrame:
		return uint64(c.cnt)
	}
	return 0
}

// Skip advances k ≤ Idle() cycles.
func (r *Receiver) Skip(k uint64) {
	if r.cur.mode == rxFrame {
		r.cur.cnt -= uint32(k)
		r.next = r.cur
	}
}

// Signals traces the byte strobe, the byte and the framing-error strobe.
func (r *Receiver) Signals() []sim.Signal {
	return []sim.Signal{
		{Name: "valid", Width: 1, Value: func() uint64 { return b2u(r.cur.valid) }},
		{Name: "data", Width: 8, Value: func() uint64 { return uint64(r.cur.data) }},
		{Name: "framing_error", Width: 1, Value: func() uint64 { return b2u(r.cur.ferr) }},
	}
}
