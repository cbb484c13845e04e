package bnb

import (
	"sudokusim/sudoku/logic"
)

// Version 2 (docs/microarchitecture.md §10): the candidate memory, the
// missing-values memory, the heuristic units and the Fig. 13 strategy
// controller, between the load and the search.

// UnitStats are one heuristic unit's counters over a run.
type UnitStats struct {
	Heuristic logic.Heuristic `json:"heuristic"`
	Cycles    uint64          `json:"cycles"`
	Passes    int             `json:"passes"`
	Fixed     int             `json:"fixed"`
	Removed   int             `json:"removed"`
}

// unitK is the subset size of a hidden-subset unit, 1 for hidden single, 0
// for single.
func unitK(h logic.Heuristic) int {
	switch h {
	case logic.HiddenSingles:
		return 1
	case logic.HiddenPair:
		return 2
	case logic.HiddenTriple:
		return 3
	case logic.HiddenQuad:
		return 4
	}
	return 0
}

// v2 holds the version-2 memories and the heuristic units' registers.
type v2 struct {
	units []logic.Heuristic
	stats []UnitStats
	par   uint64 // combinations compared per cycle
	// afterHidden is where the strategy resumes after a hidden subset that
	// only removed candidates: the first unit that is not single.
	afterHidden int

	// Memories: CandMem, one word of S bits per cell (the candidates the
	// heuristic rules left); MissMem, one word per region (rows, columns,
	// boxes) of the values not yet placed in it.
	//
	// The model keeps CandMem in three orders — cand by cell (row-major),
	// candCol column-major, candBox box-major — written together, so that a
	// region scan reads its cells one after another in host memory as the
	// hardware reads them one per cycle.
	cand    []ValueSet
	candCol []ValueSet
	candBox []ValueSet
	colIdx  []int32 // per cell: its index in candCol
	boxIdx  []int32 // per cell: its index in candBox
	view    []ValueSet
	miss    []ValueSet

	// Region tables of the order in memory (the address generators).
	regCells []int32    // region-major, S cells per region
	regOther [][2]int32 // region-major: the other two regions of each cell
	cellReg  [][3]int32 // row, column and box region of a cell
	empty    int        // empty-cell counter

	// Strategy controller.
	ui             int // unit running
	started        bool
	passFix        int
	passRem        int
	regEnd         int
	searchUsesCand bool

	// Region-step registers.
	reg       int
	issue     int // next cell of the region to read
	pend      int // cell whose read returns this cycle, -1 when none
	regFilled ValueSet
	regMiss   ValueSet
	eff       []ValueSet // effective candidates of each cell of the region
	once      ValueSet
	twice     ValueSet
	single    ValueSet // hidden single: values seen once, still to fix
	fixCell   int
	fixPos    int // index of fixCell in the region
	fixVal    int
	pos       []ValueSet // position registers, by value-1
	list      []int
	scan      comboScan
	combLeft  uint64 // comparator cycles before the pending hit (or the end)
	hitRank   uint64
	hitUnion  ValueSet
	hitOK     bool
	nextRank  uint64 // first combination not yet compared
	total     uint64 // C(|list|, k)
	remLeft   int    // removal cycles left

	// tap, when set, sees the CandMem and MissMem port accesses in the
	// cycles the hardware makes them (co-simulation); nil otherwise. remAt
	// and remData are a hit's CandMem writes, one per H_REMOVE cycle.
	tap     v2Tap
	remAt   [4]int
	remData [4]ValueSet
}

// v2Tap sees the version-2 memories' port accesses (PortTracer).
type v2Tap interface {
	candAccess(we bool, addr int, mask ValueSet)
	missAccess(port int, we bool, addr int, mask ValueSet)
}

// candAddr is CandMem's address of a cell (row-major index at size S):
// r·M + c, M = MaxOrder².
func (c *Core) candAddr(cell int) int {
	m := c.cfg.MaxOrder * c.cfg.MaxOrder
	return (cell/c.size)*m + cell%c.size
}

// missAddr is MissMem's address of region reg (rows 0..S-1, columns
// S..2S-1, boxes 2S..3S-1): t·M + i.
func (c *Core) missAddr(reg int) int {
	m := c.cfg.MaxOrder * c.cfg.MaxOrder
	return (reg/c.size)*m + reg%c.size
}

// Heuristic-phase states.
const (
	stHPass   = stHalt + 1 + iota // strategy controller: start a pass or leave
	stHRStart                     // read the region's grid word and missing word
	stHScan                       // stream the region's cells through the unit
	stHDecide                     // hidden single / subsets: evaluate counters
	stHFixSel                     // hidden single: read the missing words of the cell to fix
	stHFix1                       // fix: candidate, missing, grid row and column lanes
	stHFix2                       // fix: grid box lane, given mask
	stHComb                       // subsets: comparator cycles
	stHRemove                     // subsets: clear the other candidates of a hit's cells
	numStates
)

func (c *Core) initV2() {
	m := c.cfg.MaxOrder * c.cfg.MaxOrder
	h := &v2{units: c.cfg.Heuristics, par: uint64(c.cfg.SubsetUnits), searchUsesCand: !c.cfg.SearchIgnoresCandidates}
	if h.par == 0 {
		h.par = DefaultSubsetUnits
	}
	h.stats = make([]UnitStats, len(h.units))
	for i, u := range h.units {
		h.stats[i].Heuristic = u
	}
	for h.afterHidden < len(h.units) && h.units[h.afterHidden] == logic.NakedSingle {
		h.afterHidden++
	}
	h.cand = make([]ValueSet, m*m)
	h.candCol = make([]ValueSet, m*m)
	h.candBox = make([]ValueSet, m*m)
	h.miss = make([]ValueSet, 3*m)
	h.eff = make([]ValueSet, m)
	h.pos = make([]ValueSet, m)
	c.h = h
}

// v2Order builds the address tables for order n.
func (c *Core) v2Order() {
	h, n, s := c.h, c.order, c.size
	h.regCells = make([]int32, 3*s*s)
	h.regOther = make([][2]int32, 3*s*s)
	h.cellReg = make([][3]int32, s*s)
	h.colIdx = make([]int32, s*s)
	h.boxIdx = make([]int32, s*s)
	for r := 0; r < s; r++ {
		for col := 0; col < s; col++ {
			cell := r*s + col
			b, bi := (r/n)*n+col/n, (r%n)*n+col%n
			h.regCells[r*s+col] = int32(cell)
			h.regCells[(s+col)*s+r] = int32(cell)
			h.regCells[(2*s+b)*s+bi] = int32(cell)
			h.cellReg[cell] = [3]int32{int32(r), int32(s + col), int32(2*s + b)}
			h.colIdx[cell], h.boxIdx[cell] = int32(col*s+r), int32(b*s+bi)
			h.regOther[r*s+col] = [2]int32{int32(s + col), int32(2*s + b)}
			h.regOther[(s+col)*s+r] = [2]int32{int32(r), int32(2*s + b)}
			h.regOther[(2*s+b)*s+bi] = [2]int32{int32(r), int32(s + col)}
		}
	}
}

// scanned is the effective candidate set of cell j of the region being
// scanned: its CandMem word, the region's missing word (in a register) and
// the missing words of the cell's two other regions, read in the same cycle.
func (h *v2) scanned(idx, j int) ValueSet {
	cs := &h.view[j]
	o := &h.regOther[idx]
	a, b, d := &h.regMiss, &h.miss[o[0]], &h.miss[o[1]]
	return ValueSet{cs[0] & a[0] & b[0] & d[0], cs[1] & a[1] & b[1] & d[1], cs[2] & a[2] & b[2] & d[2], cs[3] & a[3] & b[3] & d[3]}
}

// effective is the cell's candidate set: its CandMem word and the missing
// words of its three regions, empty for a filled cell.
func (h *v2) effective(cell int) ValueSet {
	cs, rg := &h.cand[cell], &h.cellReg[cell]
	a, b, d := &h.miss[rg[0]], &h.miss[rg[1]], &h.miss[rg[2]]
	return ValueSet{cs[0] & a[0] & b[0] & d[0], cs[1] & a[1] & b[1] & d[1], cs[2] & a[2] & b[2] & d[2], cs[3] & a[3] & b[3] & d[3]}
}

// stepHeur is one cycle of the heuristic phase.
func (c *Core) stepHeur() {
	h := c.h
	u := &h.stats[h.ui]
	if c.st != stHPass {
		u.Cycles++
	}
	switch c.st {
	case stHPass:
		c.strategy()
	case stHRStart:
		c.regionStart()
	case stHScan:
		c.scanCycle()
	case stHDecide:
		c.decide()
	case stHFixSel:
		v := h.single.firstAbove(-1, c.size)
		h.single.Clear(v)
		at := -1
		for j := 0; j < c.size; j++ {
			if h.eff[j].Has(v) {
				at = j
				break
			}
		}
		if h.regFilled.Has(at) {
			// An earlier value of this step took the cell: the region still
			// misses v and has no place for it.
			c.finish(Unsolvable)
			return
		}
		h.fixPos, h.fixCell, h.fixVal = at, int(h.regCells[h.reg*c.size+at]), v+1
		c.readOthers(h.reg*c.size + at)
		if h.tap != nil { // the cell's two other missing words
			o := &h.regOther[h.reg*c.size+at]
			h.tap.missAccess(0, false, c.missAddr(int(o[0])), ValueSet{})
			h.tap.missAccess(1, false, c.missAddr(int(o[1])), ValueSet{})
		}
		c.st = stHFix1
	case stHFix1:
		c.fixCell()
		c.st = stHFix2
	case stHFix2:
		cell := h.fixCell
		r, col := cell/c.size, cell%c.size
		b := (r/c.order)*c.order + col/c.order
		c.mem.WriteLane(PortA, c.mem.BoxWord(b), (r%c.order)*c.order+col%c.order, uint8(h.fixVal))
		if h.tap != nil { // the second other missing word
			o := int(h.regOther[h.reg*c.size+h.fixPos][1])
			h.tap.missAccess(0, true, c.missAddr(o), h.miss[o])
		}
		if unitK(h.units[h.ui]) == 0 {
			c.st = stHScan // re-issue the next cell: the pipeline refills
		} else if h.single.firstAbove(-1, c.size) >= 0 {
			c.st = stHFixSel
		} else {
			c.regionDone()
		}
	case stHComb:
		if h.combLeft > 1 {
			h.combLeft--
			return
		}
		if !h.hitOK {
			c.regionDone()
			return
		}
		if popcount(&h.hitUnion) < unitK(h.units[h.ui]) {
			c.finish(Unsolvable) // k values with fewer than k places
			return
		}
		h.remLeft = unitK(h.units[h.ui]) + 1
		c.st = stHRemove
		c.removeHit()
	case stHRemove:
		if t := unitK(h.units[h.ui]) + 1 - h.remLeft; h.tap != nil && t < unitK(h.units[h.ui]) {
			h.tap.candAccess(true, h.remAt[t], h.remData[t])
		}
		if h.remLeft > 1 {
			h.remLeft--
			return
		}
		c.nextHit()
		c.st = stHComb
	}
}

// strategy is the Fig. 13 controller: it decides, from the pass just run,
// which unit runs next, and starts it, or leaves for the search.
func (c *Core) strategy() {
	h := c.h
	if h.started {
		k := unitK(h.units[h.ui])
		switch {
		case h.passFix > 0:
			h.ui = 0
		case h.passRem > 0 && k >= 2:
			h.ui = h.afterHidden
		case h.passRem > 0:
			h.ui = 0
		default:
			h.ui++
		}
	}
	if h.ui >= len(h.units) || h.empty == 0 {
		h.ui = 0
		c.st = stStart
		c.enter(c.ph.search)
		return
	}
	h.started = true
	h.passFix, h.passRem = 0, 0
	h.stats[h.ui].Passes++
	h.stats[h.ui].Cycles++ // this cycle starts the unit's pass
	h.reg, h.regEnd = 0, 3*c.size
	if unitK(h.units[h.ui]) == 0 {
		h.regEnd = c.size // single scans the rows only
	}
	c.st = stHRStart
}

// regionStart latches the region's grid word (which lanes are filled) and
// its missing word.
func (c *Core) regionStart() {
	h := c.h
	c.mem.Read(PortA, c.regionWord(h.reg))
	h.regFilled = *c.mem.Filled(c.regionWord(h.reg))
	switch s := c.size; {
	case h.reg < s:
		h.view = h.cand[h.reg*s : (h.reg+1)*s]
	case h.reg < 2*s:
		h.view = h.candCol[(h.reg-s)*s : (h.reg-s+1)*s]
	default:
		h.view = h.candBox[(h.reg-2*s)*s : (h.reg-2*s+1)*s]
	}
	h.regMiss = h.miss[h.reg]
	if h.tap != nil {
		h.tap.missAccess(0, false, c.missAddr(h.reg), ValueSet{})
	}
	h.issue, h.pend = 0, -1
	h.once, h.twice = ValueSet{}, ValueSet{}
	if unitK(h.units[h.ui]) >= 2 {
		for v := 0; v < c.size; v++ {
			h.pos[v] = ValueSet{}
		}
	}
	c.st = stHScan
}

// regionWord is the GridMem word of region reg.
func (c *Core) regionWord(reg int) int {
	switch {
	case reg < c.size:
		return c.mem.RowWord(reg)
	case reg < 2*c.size:
		return c.mem.ColWord(reg - c.size)
	}
	return c.mem.BoxWord(reg - 2*c.size)
}

// runScan steps up to max consecutive H_SCAN cycles (a solo batch) and
// returns the cycles run.
func (c *Core) runScan(max uint64) uint64 {
	u := &c.h.stats[c.h.ui]
	var ran uint64
	for ran < max && c.st == stHScan {
		c.mem.Edge()
		c.hist[stHScan]++
		u.Cycles++
		c.scanCycle()
		ran++
		if c.phaseChanged {
			break
		}
	}
	return ran
}

// scanCycle: the read of cell pend returns and goes through the unit; the
// read of cell issue goes out.
func (c *Core) scanCycle() {
	h := c.h
	k := unitK(h.units[h.ui])
	if j := h.pend; j >= 0 {
		var e ValueSet
		if !h.regFilled.Has(j) {
			e = h.scanned(h.reg*c.size+j, j)
		}
		h.eff[j] = e
		switch k {
		case 0: // single: first candidate = last candidate
			if !h.regFilled.Has(j) {
				n := popcount(&e)
				if n == 0 {
					c.finish(Unsolvable)
					return
				}
				if n == 1 {
					h.fixPos, h.fixCell, h.fixVal = j, int(h.regCells[h.reg*c.size+j]), e.firstAbove(-1, c.size)+1
					h.issue, h.pend = j+1, -1 // no read is issued in this cycle
					c.readOthers(h.reg*c.size + j)
					c.st = stHFix1
					return
				}
			}
		default:
			for w := range e {
				h.twice[w] |= h.once[w] & e[w]
				h.once[w] |= e[w]
			}
			if k >= 2 {
				for v := e.firstAbove(-1, c.size); v >= 0; v = e.firstAbove(v, c.size) {
					h.pos[v].Set(j)
				}
			}
		}
	}
	if h.issue < c.size {
		if h.tap != nil { // the cell's CandMem word and two other missing words
			idx := h.reg*c.size + h.issue
			o := &h.regOther[idx]
			h.tap.candAccess(false, c.candAddr(int(h.regCells[idx])), ValueSet{})
			h.tap.missAccess(0, false, c.missAddr(int(o[0])), ValueSet{})
			h.tap.missAccess(1, false, c.missAddr(int(o[1])), ValueSet{})
		}
		h.pend = h.issue
		h.issue++
		return
	}
	h.pend = -1
	if k == 0 {
		c.regionDone()
	} else {
		c.st = stHDecide
	}
}

// decide evaluates the counters after a region's scan.
func (c *Core) decide() {
	h := c.h
	k := unitK(h.units[h.ui])
	if k == 1 {
		lost := h.regMiss
		for w := range lost {
			lost[w] &^= h.once[w]
		}
		if popcount(&lost) > 0 {
			c.finish(Unsolvable) // a missing value with no place
			return
		}
		for w := range h.single {
			h.single[w] = h.once[w] &^ h.twice[w]
		}
		if popcount(&h.single) > 0 {
			c.st = stHFixSel
		} else {
			c.regionDone()
		}
		return
	}
	h.list = h.list[:0]
	for v := h.regMiss.firstAbove(-1, c.size); v >= 0; v = h.regMiss.firstAbove(v, c.size) {
		if n := popcount(&h.pos[v]); n >= 2 && n <= k {
			h.list = append(h.list, v+1)
		}
	}
	if len(h.list) < k {
		c.regionDone()
		return
	}
	h.total = binom[len(h.list)][k]
	h.nextRank = 0
	h.scan.reset(h.list, h.pos, k)
	c.nextHit()
	c.st = stHComb
}

// nextHit looks for the next combination the comparator will flag and sets
// the comparator cycles until it (or until the last block).
func (c *Core) nextHit() {
	h := c.h
	k := unitK(h.units[h.ui])
	for {
		rank, u, ok := h.scan.advance()
		if !ok {
			h.hitOK = false
			h.combLeft = (h.total - h.nextRank + h.par - 1) / h.par
			if h.combLeft == 0 {
				h.combLeft = 1 // the comparator takes a cycle to see it is done
			}
			return
		}
		if popcount(&u) <= k {
			h.hitOK, h.hitRank, h.hitUnion = true, rank, u
			h.combLeft = (rank-h.nextRank)/h.par + 1
			h.nextRank = rank + 1
			return
		}
	}
}

// removeHit clears, in the cells of a hidden subset, every candidate that is
// not one of its k values (CandMem ← CandMem ∧ keep), and the position
// registers of the values removed.
func (c *Core) removeHit() {
	h := c.h
	k := unitK(h.units[h.ui])
	var keep ValueSet
	for _, j := range h.scan.idx[:k] {
		keep.Set(h.list[j] - 1)
	}
	t := 0
	for j := h.hitUnion.firstAbove(-1, c.size); j >= 0; j = h.hitUnion.firstAbove(j, c.size) {
		cell := int(h.regCells[h.reg*c.size+j])
		e := h.effective(cell)
		if t < len(h.remAt) {
			// The CandMem write of H_REMOVE's cycle t: the hardware writes
			// the cell's effective candidates ∧ keep (docs/hdl.md, finding
			// 16), which equals the stored word ∧ keep wherever it matters.
			h.remAt[t] = c.candAddr(cell)
			for w := range e {
				h.remData[t][w] = e[w] & keep[w]
			}
			t++
		}
		for w := range e {
			e[w] &^= keep[w]
		}
		n := popcount(&e)
		if n == 0 {
			continue
		}
		for v := e.firstAbove(-1, c.size); v >= 0; v = e.firstAbove(v, c.size) {
			h.pos[v].Clear(j)
		}
		h.andCand(cell, &keep)
		h.passRem += n
		h.stats[h.ui].Removed += n
	}
}

// fixCell writes the value being fixed: CandMem ← ∅, the three missing
// words lose it, the row and column lanes of GridMem take it, the given mask
// marks it (the search must not change it), the checksum register follows.
func (c *Core) fixCell() {
	h := c.h
	cell, v := h.fixCell, h.fixVal
	r, col := cell/c.size, cell%c.size
	h.setCand(cell, ValueSet{})
	for _, reg := range h.cellReg[cell] {
		h.miss[reg].Clear(v - 1)
	}
	if h.tap != nil { // CandMem ← ∅; the region's and the first other missing word
		o := int(h.regOther[h.reg*c.size+h.fixPos][0])
		h.tap.candAccess(true, c.candAddr(cell), ValueSet{})
		h.tap.missAccess(0, true, c.missAddr(h.reg), h.miss[h.reg])
		h.tap.missAccess(1, true, c.missAddr(o), h.miss[o])
	}
	h.regMiss.Clear(v - 1)
	h.regFilled.Set(h.fixPos)
	c.mem.WriteLane(PortA, c.mem.RowWord(r), col, uint8(v))
	c.mem.WriteLane(PortB, c.mem.ColWord(col), r, uint8(v))
	g := c.giv.Word(r)
	g.Set(col)
	c.giv.Write(r, g)
	if (r+col)&1 == 0 {
		c.chk += v
	} else {
		c.chk -= v
	}
	h.empty--
	h.passFix++
	h.stats[h.ui].Fixed++
}

// readOthers reads, for the fix of cell idx of the region (region-major
// index), the GridMem words of the cell's two other regions, on ports A and
// B: the block RAM has no byte enables, so H_FIX1 and H_FIX2 write whole
// words — the row and column words in H_FIX1, the box word in H_FIX2 — and
// the region's own word is the one latched at H_REGION.
func (c *Core) readOthers(idx int) {
	o := &c.h.regOther[idx]
	c.mem.Read(PortA, c.regionWord(int(o[0])))
	c.mem.Read(PortB, c.regionWord(int(o[1])))
}

// regionDone moves to the next region, or ends the pass.
func (c *Core) regionDone() {
	h := c.h
	h.reg++
	if h.reg < h.regEnd {
		c.st = stHRStart
		return
	}
	c.st = stHPass
}

// setCand writes CandMem[cell].
func (h *v2) setCand(cell int, v ValueSet) {
	h.cand[cell], h.candCol[h.colIdx[cell]], h.candBox[h.boxIdx[cell]] = v, v, v
}

// andCand clears in CandMem[cell] every value not in keep.
func (h *v2) andCand(cell int, keep *ValueSet) {
	for _, cs := range [3]*ValueSet{&h.cand[cell], &h.candCol[h.colIdx[cell]], &h.candBox[h.boxIdx[cell]]} {
		for w := range cs {
			cs[w] &= keep[w]
		}
	}
}
