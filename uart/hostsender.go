package uart

import (
	"sudokusim/sim"
)

// HostSender is the PC sending: a block that holds a queue of bytes and
// pauses and puts them on its line through its own Transmitter, bytes back
// to back (10 bit times each) unless a pause separates them. Queue and
// Pause may be called between runs.
//
// Its line is traced as the 1-bit signal Name() in scope "uart".
type HostSender struct {
	tx    *Transmitter
	feed  hostFeed
	nfeed hostFeed
	items []hostItem
}

type hostItem struct {
	data  []byte
	pause uint64 // cycles of mark before data
}

type hostFeed struct {
	item, pos int
	pause     uint64 // cycles of the current pause left
	sent      uint64
}

// NewHostSender returns an idle sender with the given baud divisor.
func NewHostSender(name string, divisor uint32) *HostSender {
	h := &HostSender{}
	h.tx = NewTransmitter(name, divisor, h)
	return h
}

// Queue appends bytes to send.
func (h *HostSender) Queue(b []byte) {
	if f := &h.feed; f.item == len(h.items) && f.pause == 0 {
		// Everything queued before has been handed over: start the queue
		// afresh so that a long session does not keep every byte sent.
		clear(h.items)
		h.items, f.item, f.pos = h.items[:0], 0, 0
	}
	h.items = append(h.items, hostItem{data: b})
	h.settle()
}

// Pause appends a gap: the line stays at mark for bits bit times after the
// previous byte ends (on top of nothing: a pause of 0 changes nothing).
func (h *HostSender) Pause(bits uint64) {
	h.items = append(h.items, hostItem{pause: bits * uint64(h.tx.div)})
	h.settle()
}

// settle moves the feed past finished items and starts pending pauses.
func (h *HostSender) settle() {
	f := &h.feed
	for f.item < len(h.items) && f.pause == 0 && f.pos >= len(h.items[f.item].data) {
		f.item++
		f.pos = 0
		if f.item < len(h.items) {
			f.pause = h.items[f.item].pause
		}
	}
	h.nfeed = h.feed
}

// Name is the block's name.
func (h *HostSender) Name() string { return h.tx.name }

// Level is the sender's line.
func (h *HostSender) Level() bool { return h.tx.Level() }

// Valid reports whether a byte is offered to the internal transmitter.
func (h *HostSender) Valid() bool {
	f := &h.feed
	return f.pause == 0 && f.item < len(h.items) && f.pos < len(h.items[f.item].data)
}

// Byte is the byte offered.
func (h *HostSender) Byte() byte { return h.items[h.feed.item].data[h.feed.pos] }

// Sent counts bytes handed to the transmitter.
func (h *HostSender) Sent() uint64 { return h.feed.sent }

// Done reports whether every queued byte has left the line.
func (h *HostSender) Done() bool { return !h.Valid() && h.feed.pause == 0 && !h.tx.Busy() }

// Eval runs the feed and the transmitter.
func (h *HostSender) Eval() {
	n := h.feed
	switch {
	case h.Valid() && h.tx.Ready():
		n.pos++
		n.sent++
	case n.pause > 0 && !h.tx.Busy():
		n.pause--
	}
	h.nfeed = n
	h.tx.Eval()
}

// Commit is the clock edge.
func (h *HostSender) Commit() {
	h.tx.Commit()
	h.feed = h.nfeed
	h.settle()
}

// Idle is the transmitter's idle time, or the pause left.
func (h *HostSender) Idle() uint64 {
	if h.feed.pause > 0 && !h.tx.Busy() {
		return h.feed.pause
	}
	return h.tx.Idle()
}

// Skip advances k ≤ Idle() cycles.
func (h *HostSender) Skip(k uint64) {
	if h.feed.pause > 0 && !h.tx.Busy() {
		h.feed.pause -= k
		h.settle()
		return
	}
	h.tx.Skip(k)
}

// Signals traces the line in scope "uart".
func (h *HostSender) Signals() []sim.Signal {
	return h.tx.Signals()[:1]
}

// Ready reports whether a byte queued now would be taken in this cycle: the
// line is idle or in the last cycle of a stop bit, so it would follow the
// previous byte back to back.
func (h *HostSender) Ready() bool { return h.tx.Ready() }
