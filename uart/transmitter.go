package uart

import (
	"fmt"

	"sudokusim/sim"
)

// Transmitter is a bit-level 8N1 serial transmitter block. It takes a byte
// from its ByteSource in a cycle in which the source is Valid and the
// transmitter is Ready, and from the next cycle drives the start bit, the 8
// data bits LSB first and the stop bit, each for Divisor cycles. It is Ready
// while idle and in the last cycle of a stop bit, so bytes offered back to
// back go out exactly 10 bit times apart.
//
// Its line is traced as the 1-bit signal Name() in scope "uart"; busy and
// the byte being sent are traced in its own scope. The bit counter is not
// traced (it changes while idle).
type Transmitter struct {
	name      string
	div       uint32
	in        ByteSource
	cur, next txState
}

type txState struct {
	busy  bool
	line  bool   // the level on the line; true = mark
	bit   uint8  // index of the bit on the line: 0 start, 1..8 data, 9 stop
	cnt   uint32 // cycles of this bit left after the current one
	frame uint16 // start (bit 0), data (bits 1..8), stop (bit 9)
}

// NewTransmitter returns an idle transmitter (line at mark) with the given
// baud divisor (see Divisor) fed by in. A divisor below 2 or a nil source is
// a model bug and panics.
func NewTransmitter(name string, divisor uint32, in ByteSource) *Transmitter {
	if divisor < 2 || in == nil {
		panic(fmt.Sprintf("uart: transmitter %q: divisor %d (want ≥ 2) or nil source", name, divisor))
	}
	t := &Transmitter{name: name, div: divisor, in: in}
	t.cur.line = true
	t.next = t.cur
	return t
}

// Name is the block's name.
func (t *Transmitter) Name() string { return t.name }

// Level is the serial output (true = mark).
func (t *Transmitter) Level() bool { return t.cur.line }

// Ready reports whether the transmitter takes a byte in this cycle.
func (t *Transmitter) Ready() bool { return !t.cur.busy || t.cur.bit == 9 && t.cur.cnt == 0 }

// Busy reports whether a character is on the line.
func (t *Transmitter) Busy() bool { return t.cur.busy }

// Eval computes the next line level.
func (t *Transmitter) Eval() {
	c := t.cur
	n := c
	switch {
	case c.busy && c.cnt > 0:
		n.cnt = c.cnt - 1
	case c.busy && c.bit < 9:
		n.bit = c.bit + 1
		n.line = c.frame>>n.bit&1 == 1
		n.cnt = t.div - 1
	case t.in.Valid(): // idle, or the stop bit's last cycle: take a byte
		n.busy, n.bit, n.line, n.cnt = true, 0, false, t.div-1
		n.frame = 1<<9 | uint16(t.in.Byte())<<1
	default:
		n.busy, n.line = false, true
	}
	t.next = n
}

// Commit is the clock edge.
func (t *Transmitter) Commit() { t.cur = t.next }

// Idle is the number of cycles until the next bit boundary, Forever while
// idle with nothing offered.
func (t *Transmitter) Idle() uint64 {
	c := &t.cur
	if c.busy && c.cnt > 0 {
		return uint64(c.cnt)
	}
	if !c.busy && !t.in.Valid() {
		return sim.Forever
	}
	return 0
}

// Skip advances k ≤ Idle() cycles.
func (t *Transmitter) Skip(k uint64) {
	if t.cur.busy {
		t.cur.cnt -= uint32(k)
		t.next = t.cur
	}
}

// Signals traces the line in scope "uart" and busy/data in the block's own
// scope.
func (t *Transmitter) Signals() []sim.Signal {
	return []sim.Signal{
		{Scope: "uart", Name: t.name, Width: 1, Value: func() uint64 { return b2u(t.cur.line) }},
		{Name: "busy", Width: 1, Value: func() uint64 { return b2u(t.cur.busy) }},
		{Name: "data", Width: 8, Value: func() uint64 { return uint64(t.cur.frame >> 1 & 0xff) }},
	}
}
