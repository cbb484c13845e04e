package prop

import (
	"fmt"

	"sudokusim/bram"
	"sudokusim/sudoku"
)

// The Loader, Propagator, Brancher and Backtracker: one method per state,
// each one clock cycle with the cost of docs/prop.md §3.

// port is lane l's read port: lanes 2k and 2k+1 use ports A and B of copy k.
func port(m *bram.Memory, l int) *bram.MemPort {
	if l&1 == 0 {
		return &m.A
	}
	return &m.B
}

func (c *Core) startLoad() {
	c.q, c.last = 0, -1
	c.probeSt, c.trial, c.undo, c.roundFailed = probeDone, false, false, false
	if c.cfg.Probe == ProbePairs {
		c.probeSt = probeBefore
	}
	c.st = stLClear
}

// stepLoad: L_CLEAR clears two words of every set memory a cycle (ports A
// and B); then L_ADDR / L_SET take two cycles a cell.
func (c *Core) stepLoad() {
	switch c.st {
	case stLClear:
		a := 2 * c.q
		for t := range c.sets {
			for _, m := range c.sets[t] {
				m.A.Write(a, c.zero)
				if a+1 < c.size {
					m.B.Write(a+1, c.zero)
				}
			}
			for _, m := range c.maps[t] {
				m.A.Write(a, c.zero)
				if a+1 < c.size {
					m.B.Write(a+1, c.zero)
				}
			}
		}
		c.q++
		if 2*c.q >= c.size {
			c.q = 0
			c.st = stLAddr
		}
	case stLAddr:
		c.readCell(0, c.q/c.size, c.q%c.size)
		c.st = stLSet
	case stLSet:
		r, col := c.q/c.size, c.q%c.size
		v := int(c.grid[0].A.Dout()[0])
		if v == 0 {
			c.empties++
			if c.cfg.Visit == VisitEmpty {
				M := c.laneMaps(0)
				for t := range M {
					M[t] = M[t].or(posBit(t, r, col, c.order))
				}
				c.writeMaps(r, col, M)
			}
		} else {
			R, C, B := c.laneSets(0)
			if v > c.size || R.or(C).or(B).has(v) {
				c.finish(sudoku.Unsolvable) // clashing givens
				return
			}
			c.writeSets(r, col, R.or(bit(v)), C.or(bit(v)), B.or(bit(v)))
		}
		c.q++
		switch {
		case c.q < c.cells:
			c.st = stLAddr
		case c.empties == 0:
			c.finish(sudoku.Solved)
		default:
			c.enter(c.ph.search)
			c.startSweep()
		}
	}
}

// readCell drives lane l's reads of cell (r, col): the grid word and the
// row, column and box sets.
func (c *Core) readCell(l, r, col int) {
	k := l >> 1
	port(c.grid[k], l).Read(r*c.size + col)
	port(c.sets[0][k], l).Read(r)
	port(c.sets[1][k], l).Read(col)
	port(c.sets[2][k], l).Read(boxOf(r, col, c.order))
	if c.cfg.Visit == VisitEmpty {
		port(c.maps[0][k], l).Read(r)
		port(c.maps[1][k], l).Read(col)
		port(c.maps[2][k], l).Read(boxOf(r, col, c.order))
	}
}

// laneMaps are the row, column and box empty-map words lane l read
// (VisitEmpty).
func (c *Core) laneMaps(l int) [3]vset {
	k := l >> 1
	return [3]vset{load(port(c.maps[0][k], l).Dout()), load(port(c.maps[1][k], l).Dout()), load(port(c.maps[2][k], l).Dout())}
}

// writeMaps writes the three empty-map words of cell (r, col) on port B of
// every copy (VisitEmpty).
func (c *Core) writeMaps(r, col int, M [3]vset) {
	b := boxOf(r, col, c.order)
	for k := range c.maps[0] {
		c.maps[0][k].B.Write(r, M[0][:c.nwords])
		c.maps[1][k].B.Write(col, M[1][:c.nwords])
		c.maps[2][k].B.Write(b, M[2][:c.nwords])
	}
}

// posBit is cell (r, col)'s bit in the map word of its region of kind t:
// its position in that region (bit p+1, as values).
func posBit(t, r, col, n int) vset {
	switch t {
	case kindRow:
		return bit(col + 1)
	case kindCol:
		return bit(r + 1)
	}
	return bit((r%n)*n + col%n + 1)
}

// laneSets are the row, column and box sets lane l read.
func (c *Core) laneSets(l int) (R, C, B vset) {
	k := l >> 1
	return load(port(c.sets[0][k], l).Dout()), load(port(c.sets[1][k], l).Dout()), load(port(c.sets[2][k], l).Dout())
}

func (c *Core) laneCell(l int) int { return int(port(c.grid[l>>1], l).Dout()[0]) }

// writeSets writes the three set words of cell (r, col) on port B of every
// copy.
func (c *Core) writeSets(r, col int, R, C, B vset) {
	b := boxOf(r, col, c.order)
	for k := range c.grid {
		c.sets[0][k].B.Write(r, R[:c.nwords])
		c.sets[1][k].B.Write(col, C[:c.nwords])
		c.sets[2][k].B.Write(b, B[:c.nwords])
	}
}

// writeCell writes a grid word on port B of every copy and keeps the
// checksum register up to date (the old value leaves, the new one enters).
func (c *Core) writeCell(r, col, old, v int) {
	c.gbuf[0] = uint64(v)
	for _, m := range c.grid {
		m.B.Write(r*c.size+col, c.gbuf[:])
	}
	d := v - old
	if (r+col)&1 == 0 {
		c.chk += d
	} else {
		c.chk -= d
	}
}

// startSweep begins propagation after a decision (or the load): a new round
// of sweeps from the rows.
func (c *Core) startSweep() {
	c.kind, c.quiet = kindRow, 0
	c.startPass()
}

func (c *Core) startPass() {
	c.region, c.placed = 0, false
	if c.cfg.Branch.tracks(c.kind) {
		c.best, c.bestN = -1, 1<<30
	}
	c.local, c.localN = -1, 1<<30
	c.pairV = 0
	c.startRegion()
}

func (c *Core) startRegion() {
	c.pos, c.mid = 0, false
	c.once, c.twice, c.thrice, c.present = vset{}, vset{}, vset{}, vset{}
	c.st = stSAddr
}

// issueGroup drives the reads of the lane group starting at position p.
func (c *Core) issueGroup(p int) {
	c.pos = p
	c.nl = min(c.cfg.Lanes, c.size-p)
	for l := 0; l < c.nl; l++ {
		c.lanePos[l] = p + l
		r, col := cellRC(c.kind, c.region, p+l, c.order, c.size)
		c.readCell(l, r, col)
	}
}

// issueEmpty drives the reads of the next lane group of empty positions
// (VisitEmpty): the K lowest of left, found by K priority encoders in a
// chain.
func (c *Core) issueEmpty() {
	w := c.left
	c.nl = 0
	for c.nl < c.cfg.Lanes && !w.empty() {
		j := w.lowest() - 1
		w = w.andNot(bit(j + 1))
		c.lanePos[c.nl] = j
		r, col := cellRC(c.kind, c.region, j, c.order, c.size)
		c.readCell(c.nl, r, col)
		c.nl++
	}
	c.pos = c.lanePos[0]
}

func (c *Core) regionEnd() {
	if c.cfg.Rules.hidden() {
		c.st = stHidden
		return
	}
	c.nextRegion()
}

func (c *Core) nextRegion() {
	c.region++
	if c.region < c.size {
		c.startRegion()
		return
	}
	if c.placed {
		c.quiet = 0
	} else {
		c.quiet++
	}
	if c.quiet >= c.cfg.Rules.kinds() {
		c.fixpoint()
		return
	}
	c.kind = (c.kind + 1) % c.cfg.Rules.kinds()
	c.startPass()
}

// fixpoint is where propagation at a fixpoint goes: the first one starts
// the probe phase (ProbePairs); in the probe phase a trial's is undone and
// the root's resumes the scan; otherwise DECIDE.
func (c *Core) fixpoint() {
	switch {
	case c.probeSt == probeBefore:
		c.probeSt, c.pptr = probeActive, 0
		c.st = stPrAddr
	case c.probeSt == probeActive && c.trial:
		c.undo = true
		c.st = stBAddr
	case c.probeSt == probeActive:
		c.st = stPrAddr
	default:
		c.st = stDecide
	}
}

// issueScan drives the reads of the probe scan's lane group at cell p
// (row-major; a group stays within its row).
func (c *Core) issueScan(p int) {
	c.pptr = p
	r, j := p/c.size, p%c.size
	c.nl = min(c.cfg.Lanes, c.size-j)
	for l := 0; l < c.nl; l++ {
		c.readCell(l, r, j+l)
	}
}

// probeRoundEnd is the end of a scan over the grid: another round when a
// trial of this one failed, else the probe phase is over and a propagation
// round finds the branching cell.
func (c *Core) probeRoundEnd() {
	if c.roundFailed {
		c.roundFailed, c.pptr = false, 0
		c.st = stPrAddr
		return
	}
	c.probeSt = probeDone
	c.startSweep()
}

func (c *Core) contradiction() {
	c.cnt.Backtracks++
	c.st = stBAddr
}

// stepSearch is one cycle of a search-phase state.
func (c *Core) stepSearch() {
	switch c.st {
	case stSAddr:
		if c.cfg.Visit == VisitEmpty {
			if c.mid {
				c.issueEmpty() // after a naked single: the region goes on
				c.st = stSEval
				return
			}
			if c.region == 0 {
				c.cnt.Sweeps++ // a sweep begins
			}
			c.sets[c.kind][0].A.Read(c.region)
			c.maps[c.kind][0].A.Read(c.region)
			c.st = stSMap
			return
		}
		if c.region == 0 && c.pos == 0 {
			c.cnt.Sweeps++ // a sweep begins
		}
		c.issueGroup(c.pos)
		c.st = stSEval
	case stSMap:
		c.left = load(c.maps[c.kind][0].A.Dout()).and(c.en)
		c.present = load(c.sets[c.kind][0].A.Dout())
		if c.left.empty() {
			c.nextRegion() // nothing to evaluate, nothing hidden
			return
		}
		c.mid = true
		c.issueEmpty()
		c.st = stSEval
	case stSEval:
		c.evalGroup()
	case stAssign:
		c.assign()
	case stHidden:
		hidden := c.once.andNot(c.twice).andNot(c.present)
		if !c.en.andNot(c.present).andNot(c.once).empty() {
			c.contradiction() // a value with no place in the region
			return
		}
		if c.cfg.Branch == BranchPair && c.pairV == 0 {
			if pairs := c.twice.andNot(c.thrice).andNot(c.present); !pairs.empty() {
				v := pairs.lowest()
				ra, ca := cellRC(c.kind, c.region, int(c.where[v]), c.order, c.size)
				rb, cb := cellRC(c.kind, c.region, int(c.where2[v]), c.order, c.size)
				c.pairV, c.pairA, c.pairB = v, ra*c.size+ca, rb*c.size+cb
			}
		}
		if hidden.empty() {
			c.nextRegion()
			return
		}
		c.hidden = hidden
		c.readHidden()
	case stHAddr:
		c.readHidden()
	case stHCheck:
		R, C, B := c.laneSets(0)
		cand := c.en.andNot(R.or(C).or(B))
		if c.laneCell(0) != 0 || !cand.has(c.hv) {
			c.contradiction() // the value's only cell cannot take it
			return
		}
		r, col := cellRC(c.kind, c.region, int(c.where[c.hv]), c.order, c.size)
		c.setAssign(r*c.size+col, c.hv, false, retHidden, R, C, B, 0)
		c.cnt.Hidden++
	case stDecide:
		c.dPair = c.cfg.Branch == BranchPair && c.pairV != 0 && c.bestN > 2
		if c.dPair {
			c.best = c.pairA
			c.cnt.Pairs++
		} else if c.local >= 0 {
			c.best = c.local
		}
		c.readCell(0, c.best/c.size, c.best%c.size)
		c.st = stDRead
	case stDRead:
		R, C, B := c.laneSets(0)
		if c.dPair {
			c.setAssign(c.best, c.pairV, true, retDecide, R, C, B, 0)
			c.aAlt = c.pairB + 1
			return
		}
		cand := c.en.andNot(R.or(C).or(B))
		c.setAssign(c.best, cand.lowest(), true, retDecide, R, C, B, 0)
	case stBAddr:
		if c.top == 0 {
			c.finish(sudoku.Unsolvable)
			return
		}
		c.trail.A.Read(c.top - 1)
		c.st = stBCell
	case stBCell:
		e := int(c.trail.A.Dout()[0])
		c.bCell, c.bDec, c.bAlt = e&(1<<c.cellW-1), e>>c.cellW&1 != 0, e>>(c.cellW+1)
		c.readCell(0, c.bCell/c.size, c.bCell%c.size)
		c.st = stBClear
	case stBClear:
		c.backtrackClear()
	case stPAddr:
		c.readCell(0, c.pCell/c.size, c.pCell%c.size)
		c.st = stPRead
	case stPRead:
		R, C, B := c.laneSets(0)
		c.setAssign(c.pCell, c.pV, false, retDecide, R, C, B, 0)
		c.aMove = true
	case stPrAddr:
		if c.pptr == 0 {
			c.cnt.ProbeRounds++ // a round begins
		}
		if c.pptr >= c.cells {
			c.probeRoundEnd() // the last cell was a trial
			return
		}
		c.issueScan(c.pptr)
		c.st = stPrEval
	case stPrEval:
		c.scanGroup()
	default:
		c.fault = fmt.Errorf("prop: state %s has no search step", c.st)
	}
}

// readHidden addresses the cell of the lowest pending hidden single.
func (c *Core) readHidden() {
	c.hv = c.hidden.lowest()
	r, col := cellRC(c.kind, c.region, int(c.where[c.hv]), c.order, c.size)
	c.readCell(0, r, col)
	c.st = stHCheck
}

// evalGroup is S_EVAL: the lanes in order; an empty cell with no candidate
// is a contradiction, one with a single candidate is placed (ASSIGN next,
// the lanes after it read again); otherwise the next group is addressed.
func (c *Core) evalGroup() {
	for l := 0; l < c.nl; l++ {
		j := c.lanePos[l]
		c.left = c.left.andNot(bit(j + 1))
		if x := c.laneCell(l); x != 0 {
			c.present = c.present.or(bit(x))
			continue
		}
		R, C, B := c.laneSets(l)
		cand := c.en.andNot(R.or(C).or(B))
		n := cand.count()
		r, col := cellRC(c.kind, c.region, j, c.order, c.size)
		switch n {
		case 0:
			c.contradiction()
			return
		case 1:
			c.setAssign(r*c.size+col, cand.lowest(), false, retSweep, R, C, B, l)
			c.aPos = j + 1
			c.cnt.Naked++
			return
		}
		for fresh := cand.andNot(c.once); !fresh.empty(); {
			v := fresh.lowest()
			c.where[v] = uint8(j)
			fresh = fresh.andNot(bit(v))
		}
		if c.cfg.Branch == BranchPair {
			for second := cand.and(c.once).andNot(c.twice); !second.empty(); {
				v := second.lowest()
				c.where2[v] = uint8(j)
				second = second.andNot(bit(v))
			}
			c.thrice = c.thrice.or(c.twice.and(cand))
		}
		c.twice = c.twice.or(c.once.and(cand))
		c.once = c.once.or(cand)
		if c.cfg.Branch.tracks(c.kind) && c.cfg.Branch.better(n, c.best, c.bestN) {
			c.best, c.bestN = r*c.size+col, n
		}
		if c.cfg.Branch == BranchLocal && c.last >= 0 && n < c.localN && peers(r*c.size+col, c.last, c.order, c.size) {
			c.local, c.localN = r*c.size+col, n
		}
	}
	if c.cfg.Visit == VisitEmpty {
		if !c.left.empty() {
			c.issueEmpty()
			return
		}
		c.regionEnd()
		return
	}
	if p := c.pos + c.nl; p < c.size {
		c.issueGroup(p)
		return
	}
	c.regionEnd()
}

// scanGroup is PR_EVAL: the first lane holding an empty cell with exactly
// two candidates becomes a trial (its lower value, ASSIGN next, the pointer
// past it); otherwise the next group is addressed, or the round ends.
func (c *Core) scanGroup() {
	for l := 0; l < c.nl; l++ {
		if c.laneCell(l) != 0 {
			continue
		}
		R, C, B := c.laneSets(l)
		cand := c.en.andNot(R.or(C).or(B))
		if cand.count() != 2 {
			continue
		}
		cell := c.pptr + l
		c.setAssign(cell, cand.lowest(), true, retDecide, R, C, B, l)
		c.aProbe, c.trial = true, true
		c.pptr = cell + 1
		return
	}
	if p := c.pptr + c.nl; p < c.cells {
		c.issueScan(p)
		return
	}
	c.probeRoundEnd()
}

// setAssign loads the assign registers from lane l's reads: ASSIGN writes
// next cycle.
func (c *Core) setAssign(cell, v int, dec bool, ret int, R, C, B vset, l int) {
	if c.cfg.Visit == VisitEmpty {
		c.aM = c.laneMaps(l)
	}
	c.aCell, c.aVal, c.aDec, c.aRet = cell, v, dec, ret
	c.aAlt, c.aMove, c.aProbe = 0, false, false
	c.aR, c.aC, c.aB = R, C, B
	c.st = stAssign
}

// assign is ASSIGN: the grid word, the three set words and the trail entry,
// all on port B.
func (c *Core) assign() {
	r, col := c.aCell/c.size, c.aCell%c.size
	c.writeCell(r, col, 0, c.aVal)
	b := bit(c.aVal)
	c.writeSets(r, col, c.aR.or(b), c.aC.or(b), c.aB.or(b))
	if c.cfg.Visit == VisitEmpty {
		var M [3]vset
		for t := range M {
			M[t] = c.aM[t].andNot(posBit(t, r, col, c.order))
		}
		c.writeMaps(r, col, M)
	}
	e := uint64(c.aCell) | uint64(c.aAlt)<<(c.cellW+1)
	switch {
	case c.aProbe:
		e |= 1 << c.cellW // flagged: the undo stops here
		c.cnt.Probes++
	case c.aDec:
		e |= 1 << c.cellW
		c.cnt.Decisions++
	case c.aMove:
		c.cnt.Decisions++
	default:
		c.cnt.Propagated++
	}
	c.gbuf[0] = e
	c.trail.B.Write(c.top, c.gbuf[:])
	c.top++
	c.cnt.TrailPeak = max(c.cnt.TrailPeak, c.top)
	c.empties--
	c.last = c.aCell
	c.placed = true
	c.present = c.present.or(b)
	if c.empties == 0 {
		c.finish(sudoku.Solved)
		return
	}
	switch c.aRet {
	case retSweep:
		if c.cfg.Visit == VisitEmpty {
			if !c.left.empty() {
				c.st = stSAddr
				return
			}
			c.regionEnd()
			return
		}
		if c.aPos < c.size {
			c.pos = c.aPos
			c.st = stSAddr
			return
		}
		c.regionEnd()
	case retHidden:
		c.hidden = c.hidden.andNot(b)
		if !c.hidden.empty() {
			c.st = stHAddr
			return
		}
		c.nextRegion()
	case retDecide:
		c.startSweep()
	}
}

// backtrackClear is B_CLEAR: the cell read in B_CELL is cleared, or, when
// it is a decision with a candidate above its value, moved to that value
// and propagation starts again.
func (c *Core) backtrackClear() {
	r, col := c.bCell/c.size, c.bCell%c.size
	v := c.laneCell(0)
	R, C, B := c.laneSets(0)
	b := bit(v)
	R, C, B = R.andNot(b), C.andNot(b), B.andNot(b)
	if c.bAlt != 0 {
		// a pair decision: cleared, popped, and its value goes to the
		// second place (P_ADDR reads it after this cycle's writes)
		c.writeCell(r, col, v, 0)
		c.writeSets(r, col, R, C, B)
		c.markEmpty(r, col)
		c.top--
		c.empties++
		c.cnt.Undone++
		c.pCell, c.pV = c.bAlt-1, v
		c.st = stPAddr
		return
	}
	if c.bDec && c.trial {
		c.trial = false
		if c.undo {
			// the trial reached a fixpoint: undone, the scan goes on
			c.undo = false
			c.writeCell(r, col, v, 0)
			c.writeSets(r, col, R, C, B)
			c.markEmpty(r, col)
			c.top--
			c.empties++
			c.cnt.Undone++
			c.st = stPrAddr
			return
		}
		// the trial failed: the cell's other value, for good — the entry
		// is rewritten without its decision flag
		w := c.en.andNot(R.or(C).or(B)).and(above(v, c.size)).lowest()
		if w == 0 {
			c.fault = fmt.Errorf("prop: the trial at cell %d has no second candidate", c.bCell)
			return
		}
		nb := bit(w)
		c.writeCell(r, col, v, w)
		c.writeSets(r, col, R.or(nb), C.or(nb), B.or(nb))
		c.gbuf[0] = uint64(c.bCell)
		c.trail.B.Write(c.top-1, c.gbuf[:])
		c.last = c.bCell
		c.cnt.FailedProbes++
		c.roundFailed = true
		c.startSweep()
		return
	}
	if c.bDec {
		if next := c.en.andNot(R.or(C).or(B)).and(above(v, c.size)); !next.empty() {
			w := next.lowest()
			nb := bit(w)
			c.writeCell(r, col, v, w)
			c.writeSets(r, col, R.or(nb), C.or(nb), B.or(nb))
			c.last = c.bCell
			c.cnt.Decisions++
			c.startSweep()
			return
		}
	}
	c.writeCell(r, col, v, 0)
	c.writeSets(r, col, R, C, B)
	c.markEmpty(r, col)
	c.top--
	c.empties++
	c.cnt.Undone++
	c.st = stBAddr
}

// markEmpty sets cell (r, col)'s bits in its three empty-map words, read
// with the cell by lane 0 (VisitEmpty): the cell was cleared.
func (c *Core) markEmpty(r, col int) {
	if c.cfg.Visit != VisitEmpty {
		return
	}
	M := c.laneMaps(0)
	for t := range M {
		M[t] = M[t].or(posBit(t, r, col, c.order))
	}
	c.writeMaps(r, col, M)
}
