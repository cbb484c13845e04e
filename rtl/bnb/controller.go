package bnb

// The search Controller (docs/microarchitecture.md §5): depth-first over the
// empty cells in row-major order, the cell's own value as its search state.

// stepSearch is one cycle of the search phase.
func (c *Core) stepSearch() {
	mem := c.mem
	switch c.st {
	case stStart: // address given-mask word 0
		c.r, c.c, c.fwd, c.depth = 0, -1, true, 0
		c.latchMask()
		c.st = stSeek
	case stSeek:
		c.seek()
	case stRead1: // column word on port A, box word on port B
		n := c.order
		c.b = (c.r/n)*n + c.c/n
		c.p = (c.r%n)*n + c.c%n
		mem.checkPorts(mem.ColWord(c.c), mem.BoxWord(c.b), false)
		c.st = stRead2
	case stRead2: // row word on port A; the column word goes to its register
		col, box, row := mem.Present(mem.ColWord(c.c)), mem.Present(mem.BoxWord(c.b)), mem.Present(mem.RowWord(c.r))
		for w := range c.used {
			c.used[w] = col[w] | box[w] | row[w]
		}
		c.old = int(mem.Lane(mem.RowWord(c.r), c.c))
		c.v = c.old
		c.st = stEval
	case stEval:
		x, exhausted := c.eval.Step(&c.used, c.v, c.size)
		switch {
		case x != 0:
			c.x, c.st = x, stWrite1
		case exhausted:
			c.st = stUndo1
		default:
			c.v += c.eval.K
		}
	case stWrite1: // row and column lanes ← x
		mem.checkPorts(mem.RowWord(c.r), mem.ColWord(c.c), true)
		mem.WriteLane(mem.RowWord(c.r), c.c, uint8(c.x))
		mem.WriteLane(mem.ColWord(c.c), c.r, uint8(c.x))
		c.addChecksum(c.x - c.old)
		c.stats.Nodes++
		if c.depth+1 > c.stats.MaxDepth {
			c.stats.MaxDepth = c.depth + 1
		}
		c.st = stWrite2
	case stWrite2: // box lane ← x, and the first forward seek
		mem.WriteLane(mem.BoxWord(c.b), c.p, uint8(c.x))
		c.depth++
		c.fwd = true
		c.seek()
	case stUndo1: // row and column lanes ← 0
		mem.checkPorts(mem.RowWord(c.r), mem.ColWord(c.c), true)
		mem.WriteLane(mem.RowWord(c.r), c.c, 0)
		mem.WriteLane(mem.ColWord(c.c), c.r, 0)
		c.addChecksum(-c.old)
		c.stats.Backtracks++
		c.st = stUndo2
	case stUndo2: // box lane ← 0, and the first backward seek
		mem.WriteLane(mem.BoxWord(c.b), c.p, 0)
		c.depth--
		c.fwd = false
		c.seek()
	}
	if c.st == stAnswer || c.st == stHalt {
		return
	}
	c.searchCyc++
	if c.fault == nil {
		c.fault = mem.Err()
	}
	if c.searchCyc >= c.limit {
		c.finish(Timeout)
	}
}

// seek is one cycle of the priority encoder over the latched given mask.
func (c *Core) seek() {
	if c.fwd {
		if j := c.rowEmpty.firstAbove(c.c, c.size); j >= 0 {
			c.c, c.st = j, stRead1
			return
		}
		if c.r == c.size-1 {
			c.searchCyc++
			c.finish(Solved)
			return
		}
		c.r, c.c = c.r+1, -1
	} else {
		if j := c.rowEmpty.lastBelow(c.c); j >= 0 {
			c.c, c.st = j, stRead1
			return
		}
		if c.r == 0 {
			c.searchCyc++
			c.finish(Unsolvable)
			return
		}
		c.r, c.c = c.r-1, c.size
	}
	c.latchMask()
	c.st = stSeek
}

// latchMask addresses given-mask word r; its enabled non-given lanes are
// what the priority encoders see from the next cycle on.
func (c *Core) latchMask() {
	g := c.giv.Word(c.r)
	for w := range g {
		c.rowEmpty[w] = c.enabled[w] &^ g[w]
	}
}

// addChecksum adds ±d to the checksum register, + on cells with r+c even.
func (c *Core) addChecksum(d int) {
	if (c.r+c.c)&1 == 0 {
		c.chk += d
	} else {
		c.chk -= d
	}
}
