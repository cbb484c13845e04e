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
		c.setOrder(int(ev.Order))
		c.chk = 0
	case uart.EventCell:
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
		c.st = stHalt
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
