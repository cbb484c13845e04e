package uart

import (
	"fmt"

	"sudokusim/sim"
	"sudokusim/sudoku"
)

// DefaultTimeoutBits is the FrameDecoder's default inter-byte timeout: 40
// bit times (4 character times) of silence inside a frame abandon it. A host
// sending a frame back to back leaves 0 idle bit times between characters
// (a new byte every 10 bit times), so only a sender that stopped trips it.
const DefaultTimeoutBits = 40

// DecoderConfig configures a FrameDecoder.
type DecoderConfig struct {
	// MaxOrder is the largest order the design was synthesised for
	// (2..15); a larger frame is rejected with StatusBadSize.
	MaxOrder int
	// TimeoutCycles is the inter-byte timeout inside a frame, in clock
	// cycles: that many cycles without a byte abandon the frame (EventDone
	// with StatusCut once the header is complete) and the decoder hunts for
	// a header again. 0 disables the timeout. Usually DefaultTimeoutBits ×
	// the baud divisor.
	TimeoutCycles uint64
}

// EventKind is what the FrameDecoder reports in a cycle.
type EventKind uint8

const (
	EventNone  EventKind = iota
	EventStart           // a valid size byte: Order is set; cells follow
	EventCell            // a cell: Index (row-major) and Value
	EventDone            // the frame ended: Status (and Order when the size was valid)
)

// Event is the FrameDecoder's output register, valid for one cycle.
type Event struct {
	Kind   EventKind
	Status Status
	Order  uint8
	Value  uint8
	Index  uint32
}

// FrameDecoder is the FPT'09 input-frame codec as a clocked block. It takes
// bytes from a ByteSource (the Receiver), hunts for A5 3C 5A C3 (skipping
// anything else), reads the size byte, the N⁴ cells and the checksum, and
// reports, one cycle after each byte:
//
//   - EventStart after a size byte that is the square of an order 2..MaxOrder;
//     a bad size gives EventDone with StatusBadSize at once and the decoder
//     hunts again (the rest of that frame is skipped as garbage);
//   - EventCell for every cell with a value 0..N², so that a loader can write
//     it as it arrives; a value above N² is not emitted and marks the frame;
//   - EventDone after the checksum byte: StatusBadCell if a cell was out of
//     range, else StatusBadChecksum if the checksum does not match, else
//     StatusOK;
//   - EventDone with StatusCut when TimeoutCycles pass without a byte after
//     a complete header (a frame cut short, header only included); a partial
//     header is dropped silently. Either way the decoder hunts again.
//
// Every frame whose header was complete ends in exactly one EventDone (a
// stray header followed at once by the real one counts as one frame).
//
// The hunt is a matcher with fallback: a byte that breaks a partial match
// restarts it at 1 if it is A5, which is exact (KMP) for this header since
// no proper prefix of A5 3C 5A C3 is also a suffix of it. A size byte A5
// (never a valid size) means the header just matched was a stray copy of the
// one that follows: the decoder goes back to matching at 1 and remembers the
// stray header; if the match completes, the stray copy is forgotten and the
// good frame is read, otherwise (a byte breaks the match, or the timeout
// fires) the stray header is answered as a frame with size byte A5,
// EventDone with StatusBadSize.
//
// The checksum is accumulated as the cells arrive (+ on even r+c, − on odd),
// so nothing is stored.
type FrameDecoder struct {
	name      string
	cfg       DecoderConfig
	in        ByteSource
	cur, next decState
}

type decState struct {
	mode    uint8 // decHunt, decSize, decCells, decSum
	matched uint8 // header bytes matched while hunting
	stray   bool  // a complete header was followed by A5: the hunt restarted on it
	order   uint8
	size    uint8
	row     uint8
	col     uint8
	bad     bool
	sum     uint8
	index   uint32
	cells   uint32
	wait    uint64 // cycles left before the timeout fires
	ev      Event
	frames  uint32
}

const (
	decHunt = iota
	decSize
	decCells
	decSum
)

// NewFrameDecoder returns a decoder hunting for a header, or an error for a
// MaxOrder outside 2..15.
func NewFrameDecoder(name string, cfg DecoderConfig, in ByteSource) (*FrameDecoder, error) {
	if cfg.MaxOrder < sudoku.MinOrder || cfg.MaxOrder > sudoku.MaxOrder {
		return nil, fmt.Errorf("uart: frame decoder %s: DecoderConfig.MaxOrder %d outside %d..%d",
			name, cfg.MaxOrder, sudoku.MinOrder, sudoku.MaxOrder)
	}
	if in == nil {
		panic(fmt.Sprintf("uart: frame decoder %q: nil source", name))
	}
	return &FrameDecoder{name: name, cfg: cfg, in: in}, nil
}

// Name is the block's name.
func (d *FrameDecoder) Name() string { return d.name }

// Event is the event of this cycle.
func (d *FrameDecoder) Event() Event { return d.cur.ev }

// Hunting reports whether the decoder is looking for the first header byte.
func (d *FrameDecoder) Hunting() bool { return d.cur.mode == decHunt && d.cur.matched == 0 }

// Frames counts EventDone events so far.
func (d *FrameDecoder) Frames() uint32 { return d.cur.frames }

// Eval takes a byte, or counts towards the timeout.
func (d *FrameDecoder) Eval() {
	c := &d.cur
	n := *c
	n.ev = Event{}
	if !d.in.Valid() {
		if c.wait > 0 {
			n.wait = c.wait - 1
			if n.wait == 0 {
				switch {
				case c.mode == decSize: // header only
					n.ev = Event{Kind: EventDone, Status: StatusCut}
					n.frames = c.frames + 1
				case c.mode != decHunt: // after a Start
					n.ev = Event{Kind: EventDone, Status: StatusCut, Order: c.order}
					n.frames = c.frames + 1
				case c.stray:
					n.ev = Event{Kind: EventDone, Status: StatusBadSize}
					n.frames = c.frames + 1
				}
				n.mode, n.matched, n.stray = decHunt, 0, false
			}
		}
		d.next = n
		return
	}
	b := d.in.Byte()
	n.wait = d.cfg.TimeoutCycles
	switch c.mode {
	case decHunt:
		switch {
		case b == Header[c.matched]:
			n.matched = c.matched + 1
			if n.matched == uint8(len(Header)) {
				n.mode, n.matched, n.stray = decSize, 0, false
			}
		case b == Header[0]:
			n.matched = 1
		default:
			n.matched = 0
		}
		if n.mode == decHunt && n.matched == 0 {
			n.wait = 0
			if c.stray {
				n.ev = Event{Kind: EventDone, Status: StatusBadSize}
				n.stray, n.frames = false, c.frames+1
			}
		}
	case decSize:
		if b == Header[0] {
			n.mode, n.matched, n.stray = decHunt, 1, true
			break
		}
		order, ok := orderOfSize(b, d.cfg.MaxOrder)
		if !ok {
			n.ev = Event{Kind: EventDone, Status: StatusBadSize}
			n.mode, n.wait, n.frames = decHunt, 0, c.frames+1
			break
		}
		n.mode, n.order, n.size = decCells, uint8(order), b
		n.row, n.col, n.index, n.bad, n.sum = 0, 0, 0, false, 0
		n.cells = uint32(b) * uint32(b)
		n.ev = Event{Kind: EventStart, Order: uint8(order)}
	case decCells:
		if b > c.size {
			n.bad = true
		} else {
			n.ev = Event{Kind: EventCell, Order: c.order, Index: c.index, Value: b}
		}
		if (c.row+c.col)&1 == 0 {
			n.sum = c.sum + b
		} else {
			n.sum = c.sum - b
		}
		n.index = c.index + 1
		if n.col = c.col + 1; n.col == c.size {
			n.col, n.row = 0, c.row+1
		}
		if n.index == c.cells {
			n.mode = decSum
		}
	case decSum:
		st := StatusOK
		switch {
		case c.bad:
			st = StatusBadCell
		case b != c.sum:
			st = StatusBadChecksum
		}
		n.ev = Event{Kind: EventDone, Status: st, Order: c.order}
		n.mode, n.wait, n.frames = decHunt, 0, c.frames+1
	}
	d.next = n
}

// Commit is the clock edge.
func (d *FrameDecoder) Commit() { d.cur = d.next }

// Idle is Forever while hunting on a quiet input, the cycles before the
// timeout inside a frame, 0 with a byte or an event.
func (d *FrameDecoder) Idle() uint64 {
	c := &d.cur
	if c.ev.Kind != EventNone || d.in.Valid() {
		return 0
	}
	if c.wait == 0 {
		return sim.Forever
	}
	return c.wait - 1
}

// Skip advances k ≤ Idle() cycles.
func (d *FrameDecoder) Skip(k uint64) {
	if d.cur.wait > 0 {
		d.cur.wait -= k
		d.next = d.cur
	}
}

// Signals traces the event kind and status and the decoder's mode.
func (d *FrameDecoder) Signals() []sim.Signal {
	return []sim.Signal{
		{Name: "mode", Width: 2, Value: func() uint64 { return uint64(d.cur.mode) }},
		{Name: "event", Width: 3, Value: func() uint64 { return uint64(d.cur.ev.Kind) }},
		{Name: "status", Width: 3, Value: func() uint64 { return uint64(d.cur.ev.Status) }},
		{Name: "cell", Width: 8, Value: func() uint64 { return uint64(d.cur.ev.Value) }},
	}
}
