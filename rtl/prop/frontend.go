package prop

import (
	"sudokusim/sudoku"
	"sudokusim/uart"
)

// The cell writer (rx) and the ResponseUnit (tx), docs/prop.md §2: the
// frame decoder and the UART blocks are rtl/bnb's, the Core takes the same
// events in the same cycles, so rx and tx cost what they cost there.
// Version 3 keeps one cell per grid word, so a cell goes to memory in the
// cycle its event arrives and no row assembler is needed.

// stepRx takes the frame decoder's event of this cycle.
func (c *Core) stepRx() {
	ev := c.dec.Event()
	switch ev.Kind {
	case uart.EventStart:
		c.beginFrame(int(ev.Order))
		c.inFrame = true
	case uart.EventCell:
		if !c.inFrame {
			return
		}
		idx := int(ev.Index)
		c.gbuf[0] = uint64(ev.Value)
		for _, m := range c.grid {
			m.A.Write(idx, c.gbuf[:])
		}
		r, j := idx/c.size, idx%c.size
		if (r+j)&1 == 0 {
			c.chk += int(ev.Value)
		} else {
			c.chk -= int(ev.Value)
		}
	case uart.EventDone:
		if ev.Status == uart.StatusOK && !c.inFrame {
			return
		}
		if !c.inFrame {
			c.beginFrame(0)
		}
		c.inFrame = false
		c.rxEnd = c.now()
		if ev.Status == uart.StatusOK {
			c.enter(c.ph.load)
			c.startLoad()
			return
		}
		c.reply = uint8(ev.Status)
		c.finish(sudoku.Rejected)
	}
}

// stepTx offers the next byte when the transmitter takes one; a cell byte
// is read from grid copy 0 (the transmitter is not ready again for 10 bit
// times, so the read has long returned).
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
	if k := c.txIdx - 6; c.reply == 0 && k >= 0 {
		c.grid[0].A.Read(k)
	}
	c.txNext = txOffer{true, c.replyByte(c.txIdx)}
}

// replyByte is byte i of the answer.
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
	return c.cellValue(i - 6)
}

// beginFrame starts a frame of order n (0 when the size byte was refused).
func (c *Core) beginFrame(n int) {
	if n > 0 {
		c.setOrder(n)
	} else {
		c.order, c.size, c.cells = 0, 0, 0
	}
	c.chk, c.reply, c.status = 0, 0, sudoku.Solved
	c.cnt, c.hist, c.searchCyc = Counters{}, [numStates]uint64{}, 0
	c.top, c.empties = 0, 0
}

// endFrame records the answer just sent and waits for the next frame.
func (c *Core) endFrame() {
	r := Result{Status: c.status, Order: c.order, ReplyCode: c.reply, Counters: c.cnt, States: c.StateCycles()}
	r.Cycles.Rx = c.rxEnd - c.frameStart + 1
	for st, n := range c.hist {
		switch s := state(st); {
		case s >= stLClear && s <= stLSet:
			r.Cycles.Load += n
		case s >= stSAddr && s <= stPRead:
			r.Cycles.Search += n
		}
	}
	r.Cycles.Tx = c.now() - (c.rxEnd + 1 + r.Cycles.Load + r.Cycles.Search)
	c.frames = append(c.frames, r)
	c.frameStart = c.now() + 1
	c.st = stWaitFrame
	c.enter(c.ph.rx)
}
