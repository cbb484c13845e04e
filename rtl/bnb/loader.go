package bnb

// The Loader (docs/microarchitecture.md §4): builds the column and box
// layouts from the row layout and checks the givens for clashes, one word
// read per cycle on port A, assembled words written on port B.

// stepLoad is one cycle of the load phase.
func (c *Core) stepLoad() {
	size := c.size
	switch c.st {
	case stLRowAddr: // address row word 0
		c.mem.Read(PortA, c.mem.RowWord(0))
		c.rowR, c.q, c.seen = 0, 0, ValueSet{}
		c.st = stLRowLane
	case stLRowLane: // lane q of the latched row word rowR
		v := c.mem.Lane(c.mem.RowWord(c.rowR), c.q)
		if c.check(v) {
			return
		}
		if h := c.h; h != nil { // CandMem: all values for an empty cell, none for a given
			var w ValueSet
			if v == 0 {
				w = c.enabled
				h.empty++
			}
			h.setCand(c.rowR*size+c.q, w)
			if h.tap != nil {
				h.tap.candAccess(true, c.candAddr(c.rowR*size+c.q), w)
			}
		}
		if c.q == size-1 && c.rowR+1 < size { // address the next row
			c.mem.Read(PortA, c.mem.RowWord(c.rowR+1))
		}
		c.q++
		if c.q == size { // the next row was addressed in this cycle
			c.writeMissing(c.rowR)
			c.rowR, c.q, c.seen = c.rowR+1, 0, ValueSet{}
			if c.rowR == size {
				c.st, c.q = stLCol, 0
			}
		}
	case stLCol, stLBox:
		c.stepAssemblePass()
	}
}

// passCell is the cell whose lane the assembling passes read at pass step
// k: cell i of column or box w (k = w·S + i), as row word and lane.
func (c *Core) passCell(k int) (row, lane int) {
	size, n := c.size, c.order
	w, i := k/size, k%size
	if c.st == stLCol {
		return i, w
	}
	return (w/n)*n + i/n, (w%n)*n + i%n
}

// stepAssemblePass is one cycle of L_COL or L_BOX: the word completed last
// cycle goes out on port B, the read of step q on port A, and the lane read
// at step q−1 arrives into the assembly register and the seen check; the
// column (box) word is complete when its S-th lane arrives.
func (c *Core) stepAssemblePass() {
	size := c.size
	c.flushWord()
	if c.q < size*size {
		row, _ := c.passCell(c.q)
		c.mem.Read(PortA, c.mem.RowWord(row))
	}
	if k := c.q - 1; k >= 0 && k < size*size {
		w, i := k/size, k%size
		if i == 0 {
			c.seen = ValueSet{}
		}
		row, lane := c.passCell(k)
		v := c.mem.Lane(c.mem.RowWord(row), lane)
		c.asm[i] = v
		if c.check(v) {
			return
		}
		if i == size-1 {
			copy(c.wbuf, c.asm[:size])
			if c.st == stLCol {
				c.wadr = c.mem.ColWord(w)
				c.writeMissing(size + w)
			} else {
				c.wadr = c.mem.BoxWord(w)
				c.writeMissing(2*size + w)
			}
		}
	}
	c.q++
	if c.q < size*size+2 {
		return
	}
	c.q = 0
	switch {
	case c.st == stLCol:
		c.st = stLBox
	case c.h != nil:
		c.st = stHPass
		c.enter(c.ph.heur)
	default:
		c.st = stStart
		c.enter(c.ph.search)
	}
}

// check passes value v through the one-hot decoder into the seen register;
// a non-zero value seen twice is a clash, which ends the load in this cycle.
func (c *Core) check(v uint8) bool {
	if v == 0 {
		return false
	}
	if c.seen.Has(int(v) - 1) {
		c.flushWord()
		c.finish(Unsolvable)
		return true
	}
	c.seen.Set(int(v) - 1)
	return false
}

// flushWord writes the assembled word waiting for port B.
func (c *Core) flushWord() {
	if c.wadr >= 0 {
		c.mem.WriteWord(PortB, c.wadr, c.wbuf[:c.size])
		c.wadr = -1
	}
}

// writeMissing stores, in version 2, the complement of the seen register as
// the missing word of region reg (rows, columns, boxes), in the cycle the
// region's last lane was checked.
func (c *Core) writeMissing(reg int) {
	if c.h == nil {
		return
	}
	for w := range c.seen {
		c.h.miss[reg][w] = c.enabled[w] &^ c.seen[w]
	}
	if c.h.tap != nil {
		c.h.tap.missAccess(0, true, c.missAddr(reg), c.h.miss[reg])
	}
}
