package bnb

// The search Controller (docs/microarchitecture.md §5): depth-first over the
// empty cells in row-major order, the cell's own value as its search state.

// runSearch steps the search phase for at most max cycles and returns the
// cycles it ran. It stops early in the cycle that ends the phase (DONE, FAIL,
// the watchdog). One iteration of the loop is one clock cycle; the Core's
// Eval runs it with max = 1, RunAlone with the whole batch.
func (c *Core) runSearch(max uint64) uint64 {
	mem := c.mem
	if left := c.limit - c.searchCyc; max > left {
		max = left // the watchdog fires at the end of cycle c.limit
	}
	var ran uint64
	for ran < max {
		c.hist[c.st]++
		ran++
		mem.Edge() // closes the previous cycle's port accounting
		switch c.st {
		case stStart: // address given-mask word 0
			c.r, c.c, c.fwd, c.depth = 0, -1, true, 0
			c.latchMask()
			c.st = stSeek
		case stSeek:
			if c.seek() {
				c.searchCyc += ran
				return ran
			}
		case stRead1: // column word on port A, box word on port B
			n := c.order
			c.b = (c.r/n)*n + c.c/n
			c.p = (c.r%n)*n + c.c%n
			mem.Read(PortA, mem.ColWord(c.c))
			mem.Read(PortB, mem.BoxWord(c.b))
			c.st = stRead2
		case stRead2: // row word on port A; the column word goes to its register
			mem.Read(PortA, mem.RowWord(c.r))
			col, box, row := mem.Present(mem.ColWord(c.c)), mem.Present(mem.BoxWord(c.b)), mem.Present(mem.RowWord(c.r))
			c.used = ValueSet{col[0] | box[0] | row[0], col[1] | box[1] | row[1], col[2] | box[2] | row[2], col[3] | box[3] | row[3]}
			if h := c.h; h != nil && h.searchUsesCand {
				// The CandMem word read with the column in READ1: values the
				// heuristics removed count as taken.
				cs := &h.cand[c.r*c.size+c.c]
				for w := range c.used {
					c.used[w] |= c.enabled[w] &^ cs[w]
				}
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
			mem.WriteLane(PortA, mem.RowWord(c.r), c.c, uint8(c.x))
			mem.WriteLane(PortB, mem.ColWord(c.c), c.r, uint8(c.x))
			c.addChecksum(c.x - c.old)
			c.stats.Nodes++
			if c.depth+1 > c.stats.MaxDepth {
				c.stats.MaxDepth = c.depth + 1
			}
			c.st = stWrite2
		case stWrite2: // box lane ← x, and the first forward seek
			mem.WriteLane(PortA, mem.BoxWord(c.b), c.p, uint8(c.x))
			c.depth++
			c.fwd = true
			if c.seek() {
				c.searchCyc += ran
				return ran
			}
		case stUndo1: // row and column lanes ← 0
			mem.WriteLane(PortA, mem.RowWord(c.r), c.c, 0)
			mem.WriteLane(PortB, mem.ColWord(c.c), c.r, 0)
			c.addChecksum(-c.old)
			c.stats.Backtracks++
			c.st = stUndo2
		case stUndo2: // box lane ← 0, and the first backward seek
			mem.WriteLane(PortA, mem.BoxWord(c.b), c.p, 0)
			c.depth--
			c.fwd = false
			if c.seek() {
				c.searchCyc += ran
				return ran
			}
		}
	}
	c.searchCyc += ran
	if c.fault == nil {
		c.fault = mem.Err()
	}
	if c.searchCyc >= c.limit {
		c.finish(Timeout)
	}
	return ran
}

// seek is one cycle of the priority encoder over the latched given mask. It
// reports whether the search ended in this cycle (DONE or FAIL).
func (c *Core) seek() bool {
	if c.fwd {
		if j := c.rowEmpty.firstAbove(c.c, c.size); j >= 0 {
			c.c, c.st = j, stRead1
			return false
		}
		if c.r == c.size-1 {
			c.finish(Solved)
			return true
		}
		c.r, c.c = c.r+1, -1
	} else {
		if j := c.rowEmpty.lastBelow(c.c); j >= 0 {
			c.c, c.st = j, stRead1
			return false
		}
		if c.r == 0 {
			c.finish(Unsolvable)
			return true
		}
		c.r, c.c = c.r-1, c.size
	}
	c.latchMask()
	c.st = stSeek
	return false
}

// latchMask addresses given-mask word r; its enabled non-given lanes are
// what the priority encoders see from the next cycle on.
func (c *Core) latchMask() {
	g := c.giv.Read(c.r)
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
