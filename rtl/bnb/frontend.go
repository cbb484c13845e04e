package bnb

import "sudokusim/uart"

// The RowAssembler (rx) and the ResponseUnit (tx): docs/microarchitecture.md
// §3 and §7.

// ErrorReplyLen is the length of the error reply: header, checksum 0, size
// 0, status byte.
const ErrorReplyLen = 7

// stepRx is one cycle of the RowAssembler: it takes the frame decoder's
// event of this cycle and writes a completed row one cycle later.
func (c *Core) stepRx() {
	if c.rowPending >= 0 {
		c.writeRow(c.rowPending, c.asm[:c.size])
		c.rowPending = -1
	}
	ev := c.dec.Event()
	switch ev.Kind {
	case uart.EventStart:
		c.beginFrame(int(ev.Order))
	case uart.EventCell:
		if !c.inFrame {
			return // the tail of a frame whose start the Core missed
		}
		idx := int(ev.Index)
		r, j := idx/c.size, idx%c.size
		c.asm[j] = ev.Value
		if (r+j)&1 == 0 {
			c.chk += int(ev.Value)
		} else {
			c.chk -= int(ev.Value)
		}
		if j == c.size-1 {
			c.rowPending = r
		}
	case uart.EventDone:
		if ev.Status == uart.StatusOK && !c.inFrame {
			return // a frame whose start the Core missed
		}
		if !c.inFrame { // refused at its size byte: the answer's order is unknown
			c.beginFrame(0)
		}
		c.inFrame = false
		c.rxEnd = c.now()
		if ev.Status == uart.StatusOK {
			c.st = stLRowAddr
			c.enter(c.ph.load)
			return
		}
		c.reply = uint8(ev.Status)
		c.finish(Rejected)
	}
}

// stepTx is one cycle of the ResponseUnit: when the transmitter takes the
// byte on offer, the next one is put up (a lane of the row layout for a
// cell; the row word is read in the same cycle — the transmitter will not be
// ready again for 10 bit times).
func (c *Core) stepTx() {
	if !c.txOut.valid || !c.tx.Ready() {
		return
	}
	c.txIdx++
	if c.txIdx == c.txLen {
		c.txNext = txOffer{}
		c.st = stDrain
		return
	}
	if k := c.txIdx - 6; c.reply == 0 && k >= 0 && k%c.size == 0 {
		c.mem.Read(PortA, c.mem.RowWord(k/c.size)) // the next row of the answer
	}
	c.txNext = txOffer{true, c.replyByte(c.txIdx)}
}

// replyByte is byte i of the answer: a solution frame, or the error reply
// when c.reply is set.
func (c *Core) replyByte(i int) byte {
	switch {
	case i < len(uart.Header):
		return uart.Header[i]
	case i == 4:
		if c.reply != 0 {
			return 0
		}
		return byte(c.chk)
	case i == 5:
		if c.reply != 0 {
			return 0
		}
		return byte(c.size)
	case c.reply != 0:
		return c.reply
	}
	k := i - 6
	return c.mem.Lane(c.mem.RowWord(k/c.size), k%c.size)
}

// now is the index of the cycle being evaluated.
func (c *Core) now() uint64 { return c.sched.Cycle() + c.batchAt }

// beginFrame starts a frame of order n (0 when the size byte was refused):
// the per-frame registers and counters start afresh.
func (c *Core) beginFrame(n int) {
	if n > 0 {
		c.setOrder(n)
		c.inFrame = true
	} else {
		c.order, c.size = 0, 0
	}
	c.chk, c.reply, c.status = 0, 0, Solved
	c.stats, c.hist, c.searchCyc, c.depth = SearchStats{}, [numStates]uint64{}, 0, 0
	if h := c.h; h != nil {
		for i := range h.stats {
			h.stats[i] = UnitStats{Heuristic: h.stats[i].Heuristic}
		}
		h.empty, h.started, h.ui = 0, false, 0
	}
}

// endFrame records the answer just sent — the transmitter finished its last
// stop bit in the previous cycle — and goes back to waiting for a frame.
func (c *Core) endFrame() {
	r := Result{Status: c.status, Order: c.order, ReplyCode: c.reply, Search: c.stats, States: c.StateCycles()}
	r.Cycles.Rx = c.rxEnd - c.frameStart + 1
	for st, n := range c.hist {
		switch s := coreState(st); {
		case s >= stLRowAddr && s <= stLBox:
			r.Cycles.Load += n
		case s >= stStart && s <= stUndo2:
			r.Cycles.Search += n
		case s >= stHPass:
			r.Cycles.Heuristics += n
		}
	}
	r.Cycles.Tx = c.now() - (c.rxEnd + 1 + r.Cycles.Load + r.Cycles.Heuristics + r.Cycles.Search)
	if c.h != nil {
		r.Units = append([]UnitStats(nil), c.h.stats...)
	}
	c.frames = append(c.frames, r)
	c.frameStart = c.now() + 1
	c.st = stWaitFrame
	c.enter(c.ph.rx)
}
