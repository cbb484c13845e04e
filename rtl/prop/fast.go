package prop

import (
	"fmt"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
	"sudokusim/uart"
)

// Fast is the second timing model: the same algorithm as plain software
// over arrays, with the costs of docs/prop.md §3 added up as rounds,
// sweeps, regions and lane groups. It shares no code with the Core's FSM;
// the tests require the two to agree cycle for cycle.
func Fast(cfg Config, g *sudoku.Grid) (Result, error) {
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	res := Result{Order: g.Order}
	var div uint64
	if cfg.Link == bnb.LinkUART {
		d, err := uart.Divisor(cfg.ClockHz, cfg.Baud)
		if err != nil {
			return Result{}, fmt.Errorf("prop: %w", err)
		}
		div = uint64(d)
	}
	tx := func() {
		if div > 0 {
			res.Cycles.Tx = bnb.TxCycles(div, len(res.Response))
		}
	}
	if g.Order > cfg.MaxOrder {
		res.Status = sudoku.Rejected
		res.fillAnswer(nil, 0)
		if div > 0 {
			res.Cycles.Rx = bnb.RxCycles(div, len(uart.Header)+1)
		}
		tx()
		return res, nil
	}
	if div > 0 {
		res.Cycles.Rx = bnb.RxCycles(div, uart.FrameLen(g.Order))
	}
	f := newFastRun(cfg, g)
	if !f.load() {
		res.Cycles.Load = f.loadCyc
		res.Status = sudoku.Unsolvable
		res.fillAnswer(nil, 0)
		tx()
		return res, nil
	}
	res.Cycles.Load = f.loadCyc
	res.Status = sudoku.Solved
	if f.empties > 0 {
		res.Status = f.search()
	}
	res.Cycles.Search, res.Counters = f.cyc, f.cnt
	if res.Status == sudoku.Solved {
		sol := &sudoku.Grid{Order: g.Order, Cells: f.cells}
		res.fillAnswer(sol, sudoku.Checksum(sol))
	} else {
		res.fillAnswer(nil, 0)
	}
	tx()
	return res, nil
}

// fastRun is the timing model's state: the grid, the three value sets per
// region, the trail, and the cycle counter of the search phase.
type fastRun struct {
	cfg             Config
	n, s            int
	cells           []uint8
	rows, cols, box []vset
	en              vset
	trail           []int32 // cell index, negative (−1−cell) for a decision
	alt             []int32 // BranchPair: the pair's second place +1, 0 for none
	empties         int
	loadCyc, cyc    uint64
	limit           uint64
	cnt             Counters
	box0            []int // box of each cell
	where, where2   [256]int
	pairV           int      // BranchPair: the sweep's first pair value, 0 for none
	pairA, pairB    int      // its two places
	all, empty      [256]int // a region's positions: every one, the empty ones (VisitEmpty)
	last            int      // the last placed cell, -1 for none
}

func newFastRun(cfg Config, g *sudoku.Grid) *fastRun {
	n, s := g.Order, g.Size()
	f := &fastRun{cfg: cfg, n: n, s: s, cells: append([]uint8(nil), g.Cells...),
		rows: make([]vset, s), cols: make([]vset, s), box: make([]vset, s), en: lowMask(s),
		limit: cfg.SearchLimit(n), box0: make([]int, s*s), last: -1}
	for i := range f.box0 {
		f.box0[i] = boxOf(i/s, i%s, n)
	}
	for j := range f.all {
		f.all[j] = j
	}
	return f
}

// load is L_CLEAR (⌈S/2⌉ cycles) and two cycles a cell up to the end or
// to the first given that clashes; it reports false on a clash.
func (f *fastRun) load() bool {
	f.loadCyc = uint64((f.s + 1) / 2)
	for i, v := range f.cells {
		f.loadCyc += 2
		if v == 0 {
			f.empties++
			continue
		}
		r, c, b := i/f.s, i%f.s, f.box0[i]
		if f.rows[r].or(f.cols[c]).or(f.box[b]).has(int(v)) {
			return false
		}
		f.place(i, int(v))
	}
	return true
}

func (f *fastRun) place(i, v int) {
	b := bit(v)
	f.rows[i/f.s] = f.rows[i/f.s].or(b)
	f.cols[i%f.s] = f.cols[i%f.s].or(b)
	f.box[f.box0[i]] = f.box[f.box0[i]].or(b)
	f.cells[i] = uint8(v)
}

func (f *fastRun) unplace(i int) {
	b := bit(int(f.cells[i]))
	f.rows[i/f.s] = f.rows[i/f.s].andNot(b)
	f.cols[i%f.s] = f.cols[i%f.s].andNot(b)
	f.box[f.box0[i]] = f.box[f.box0[i]].andNot(b)
	f.cells[i] = 0
}

func (f *fastRun) cand(i int) vset {
	return f.en.andNot(f.rows[i/f.s].or(f.cols[i%f.s]).or(f.box[f.box0[i]]))
}

// tick spends one search cycle and reports whether the watchdog fired.
func (f *fastRun) tick() bool {
	f.cyc++
	return f.cyc >= f.limit
}

// outcome of propagation.
type outcome int

const (
	fixpoint outcome = iota
	conflict
	solved
	timedOut
)

// How a value was placed (what ASSIGN counts and whether its trail entry
// is flagged).
type placement int

const (
	byRule     placement = iota // a naked or hidden single
	byDecision                  // DECIDE's value: flagged
	byMove                      // a pair's second place on backtrack: a decision, not flagged
	byProbe                     // a probe's trial: flagged
)

// assign is the ASSIGN cycle: the value goes in, the trail grows.
// alt is a pair decision's second place +1 (0: none).
func (f *fastRun) assign(i, v int, how placement, alt int32) (outcome, bool) {
	f.place(i, v)
	e := int32(i)
	switch how {
	case byDecision:
		e = -1 - e
		f.cnt.Decisions++
	case byProbe:
		e = -1 - e
		f.cnt.Probes++
	case byMove:
		f.cnt.Decisions++
	default:
		f.cnt.Propagated++
	}
	f.trail = append(f.trail, e)
	f.alt = append(f.alt, alt)
	f.last = i
	f.cnt.TrailPeak = max(f.cnt.TrailPeak, len(f.trail))
	f.empties--
	if f.empties == 0 {
		f.tick()
		return solved, true
	}
	if f.tick() {
		return timedOut, true
	}
	return 0, false
}

// propagate runs sweeps until kinds consecutive sweeps place nothing, and
// returns the branching cell the last one chose.
func (f *fastRun) propagate() (outcome, int) {
	kinds := f.cfg.Rules.kinds()
	K := f.cfg.Lanes
	where, where2 := &f.where, &f.where2
	quiet, kind := 0, kindRow
	best, bestN := -1, 1<<30
	for {
		f.cnt.Sweeps++ // in the first S_ADDR
		placed := false
		if f.cfg.Branch.tracks(kind) {
			best, bestN = -1, 1<<30
		}
		local, localN := -1, 1<<30
		f.pairV = 0
		for region := 0; region < f.s; region++ {
			var once, twice, thrice, present vset
			if f.tick() { // S_ADDR
				return timedOut, 0
			}
			// the positions the sweep evaluates: all, or the empty ones
			ps := f.all[:f.s]
			if f.cfg.Visit == VisitEmpty {
				if f.tick() { // S_MAP
					return timedOut, 0
				}
				present = f.own(kind, region)
				np := 0
				for j := 0; j < f.s; j++ {
					if r, c := cellRC(kind, region, j, f.n, f.s); f.cells[r*f.s+c] == 0 {
						f.empty[np] = j
						np++
					}
				}
				if np == 0 {
					continue // nothing to evaluate, nothing hidden
				}
				ps = f.empty[:np]
			}
			for q := 0; q < len(ps); {
				// one S_EVAL cycle: up to K lanes from ps[q]
				nl := min(K, len(ps)-q)
				if f.tick() {
					// the watchdog fires at the end of this cycle, after its work
					if o, done := f.evalGroupAtLimit(kind, region, ps[q:q+nl]); done {
						return o, 0
					}
					return timedOut, 0
				}
				naked := -1
				for l := 0; l < nl; l++ {
					j := ps[q+l]
					r, c := cellRC(kind, region, j, f.n, f.s)
					i := r*f.s + c
					if x := f.cells[i]; x != 0 {
						present = present.or(bit(int(x)))
						continue
					}
					cd := f.cand(i)
					cn := cd.count()
					if cn == 0 {
						f.cnt.Backtracks++
						return conflict, 0
					}
					if cn == 1 {
						naked = l
						f.cnt.Naked++
						v := cd.lowest()
						if o, done := f.assign(i, v, byRule, 0); done {
							return o, 0
						}
						present = present.or(bit(v))
						placed = true
						break
					}
					for fresh := cd.andNot(once); !fresh.empty(); {
						v := fresh.lowest()
						where[v] = j
						fresh = fresh.andNot(bit(v))
					}
					if f.cfg.Branch == BranchPair {
						for second := cd.and(once).andNot(twice); !second.empty(); {
							v := second.lowest()
							where2[v] = j
							second = second.andNot(bit(v))
						}
						thrice = thrice.or(twice.and(cd))
					}
					twice = twice.or(once.and(cd))
					once = once.or(cd)
					if f.cfg.Branch.tracks(kind) && f.cfg.Branch.better(cn, best, bestN) {
						best, bestN = i, cn
					}
					if f.cfg.Branch == BranchLocal && f.last >= 0 && cn < localN && peers(i, f.last, f.n, f.s) {
						local, localN = i, cn
					}
				}
				if naked >= 0 {
					q += naked + 1
					if q < len(ps) && f.tick() { // S_ADDR after ASSIGN
						return timedOut, 0
					}
					continue
				}
				q += nl
			}
			if !f.cfg.Rules.hidden() {
				continue
			}
			// HIDDEN
			if f.tick() {
				if !f.en.andNot(present).andNot(once).empty() {
					f.cnt.Backtracks++
				}
				return timedOut, 0
			}
			if !f.en.andNot(present).andNot(once).empty() {
				f.cnt.Backtracks++
				return conflict, 0
			}
			if f.cfg.Branch == BranchPair && f.pairV == 0 {
				if pairs := twice.andNot(thrice).andNot(present); !pairs.empty() {
					v := pairs.lowest()
					ra, ca := cellRC(kind, region, where[v], f.n, f.s)
					rb, cb := cellRC(kind, region, where2[v], f.n, f.s)
					f.pairV, f.pairA, f.pairB = v, ra*f.s+ca, rb*f.s+cb
				}
			}
			for hidden := once.andNot(twice).andNot(present); !hidden.empty(); {
				v := hidden.lowest()
				hidden = hidden.andNot(bit(v))
				r, c := cellRC(kind, region, where[v], f.n, f.s)
				i := r*f.s + c
				// H_CHECK (H_ADDR before it but for the first, issued in HIDDEN)
				ok := f.cells[i] == 0 && f.cand(i).has(v)
				if ok {
					f.cnt.Hidden++
				} else {
					f.cnt.Backtracks++
				}
				if f.tick() {
					return timedOut, 0
				}
				if !ok {
					return conflict, 0
				}
				if o, done := f.assign(i, v, byRule, 0); done {
					return o, 0
				}
				placed = true
				if !hidden.empty() && f.tick() { // H_ADDR
					return timedOut, 0
				}
			}
		}
		if placed {
			quiet = 0
		} else {
			quiet++
		}
		if quiet >= kinds {
			if f.cfg.Branch == BranchPair && f.pairV != 0 && bestN > 2 {
				return fixpoint, -1
			}
			if local >= 0 {
				return fixpoint, local
			}
			return fixpoint, best
		}
		kind = (kind + 1) % kinds
	}
}

// evalGroupAtLimit applies the counters of the S_EVAL cycle in which the
// watchdog fires (the FSM does the cycle's work, then stops).
func (f *fastRun) evalGroupAtLimit(kind, region int, group []int) (outcome, bool) {
	for _, j := range group {
		r, c := cellRC(kind, region, j, f.n, f.s)
		i := r*f.s + c
		if f.cells[i] != 0 {
			continue
		}
		switch f.cand(i).count() {
		case 0:
			f.cnt.Backtracks++
			return timedOut, true
		case 1:
			f.cnt.Naked++
			return timedOut, true
		}
	}
	return timedOut, true
}

// search is the search phase: propagate, probe at the first fixpoint,
// decide, backtrack.
func (f *fastRun) search() Status {
	probe := f.cfg.Probe == ProbePairs
	for {
		o, best := f.propagate()
		switch o {
		case solved:
			return sudoku.Solved
		case timedOut:
			return sudoku.Timeout
		case fixpoint:
			if probe {
				// the probe phase, then a propagation round finds the
				// branching cell
				probe = false
				if st, done := f.probe(); done {
					return st
				}
				continue
			}
			// DECIDE, D_READ, ASSIGN
			if f.tick() || f.tick() {
				return sudoku.Timeout
			}
			cell, v, alt := best, 0, int32(0)
			if best < 0 { // a pair: its first place, the second kept
				cell, v, alt = f.pairA, f.pairV, int32(f.pairB+1)
				f.cnt.Pairs++
			} else {
				v = f.cand(best).lowest()
			}
			if o, done := f.assign(cell, v, byDecision, alt); done {
				if o == solved {
					return sudoku.Solved
				}
				return sudoku.Timeout
			}
			continue
		}
		// conflict: B_ADDR, B_CELL, B_CLEAR per entry until a decision can move
		for {
			if len(f.trail) == 0 {
				f.tick() // B_ADDR finds the trail empty
				return sudoku.Unsolvable
			}
			e := f.trail[len(f.trail)-1]
			if f.tick() || f.tick() {
				return sudoku.Timeout
			}
			i := int(e)
			if e < 0 {
				i = int(-1 - e)
			}
			v := int(f.cells[i])
			f.unplace(i)
			if a := f.alt[len(f.alt)-1]; a != 0 {
				// P_ADDR, P_READ, ASSIGN: the pair's second place
				f.trail, f.alt = f.trail[:len(f.trail)-1], f.alt[:len(f.alt)-1]
				f.empties++
				f.cnt.Undone++
				if f.tick() || f.tick() || f.tick() {
					return sudoku.Timeout
				}
				if o, done := f.assign(int(a-1), v, byMove, 0); done {
					if o == solved {
						return sudoku.Solved
					}
					return sudoku.Timeout
				}
				break
			}
			if e < 0 {
				if next := f.cand(i).and(above(v, f.s)); !next.empty() {
					f.place(i, next.lowest())
					f.last = i
					f.cnt.Decisions++
					if f.tick() {
						return sudoku.Timeout
					}
					break
				}
			}
			f.trail, f.alt = f.trail[:len(f.trail)-1], f.alt[:len(f.alt)-1]
			f.empties++
			f.cnt.Undone++
			if f.tick() {
				return sudoku.Timeout
			}
		}
	}
}

// probe is the probe phase (ProbePairs) from the first fixpoint: rounds of
// PR_ADDR / PR_EVAL over the grid in row-major lane groups; each empty cell
// with two candidates gets a trial (ASSIGN of its lower value, flagged),
// propagated; the trail is then unwound to the trial (B_ADDR, B_CELL,
// B_CLEAR per entry): at a fixpoint the trial is undone too and the scan
// goes on, on a contradiction the trial's cell takes its other value at the
// root and propagation runs there. It reports done with the run's status
// when the run ended in the phase.
func (f *fastRun) probe() (Status, bool) {
	start := f.cyc
	defer func() { f.cnt.ProbeCycles = f.cyc - start }()
	K, cells := f.cfg.Lanes, f.s*f.s
	for {
		failed := false
		p := 0
	scan:
		for {
			// PR_ADDR
			if p == 0 {
				f.cnt.ProbeRounds++
			}
			if f.tick() {
				return sudoku.Timeout, true
			}
			if p >= cells {
				break // the last cell was a trial: the round ends here
			}
			trial := -1
			for trial < 0 {
				// PR_EVAL: the group at p
				nl := min(K, f.s-p%f.s)
				for l := 0; l < nl; l++ {
					if i := p + l; f.cells[i] == 0 && f.cand(i).count() == 2 {
						trial = i
						break
					}
				}
				if f.tick() {
					return sudoku.Timeout, true
				}
				if trial < 0 {
					if p += nl; p >= cells {
						break scan
					}
				}
			}
			p = trial + 1
			if o, done := f.assign(trial, f.cand(trial).lowest(), byProbe, 0); done {
				return f.ended(o), true
			}
			o, _ := f.propagate()
			if o == solved || o == timedOut {
				return f.ended(o), true
			}
			// unwind to the trial
			for {
				e := f.trail[len(f.trail)-1]
				if f.tick() || f.tick() { // B_ADDR, B_CELL
					return sudoku.Timeout, true
				}
				if e >= 0 {
					f.unplace(int(e))
					f.pop()
					if f.tick() {
						return sudoku.Timeout, true
					}
					continue
				}
				i := int(-1 - e)
				v := int(f.cells[i])
				f.unplace(i)
				if o == fixpoint {
					f.pop()
					if f.tick() {
						return sudoku.Timeout, true
					}
					break
				}
				// failed: the other value at the root, the entry unflagged
				f.place(i, f.cand(i).and(above(v, f.s)).lowest())
				f.trail[len(f.trail)-1] = int32(i)
				f.last = i
				f.cnt.FailedProbes++
				failed = true
				if f.tick() {
					return sudoku.Timeout, true
				}
				switch o, _ := f.propagate(); o {
				case solved, timedOut:
					return f.ended(o), true
				case conflict:
					return f.unwindRoot(), true
				}
				break
			}
		}
		if !failed {
			return 0, false
		}
	}
}

// pop removes the trail's top entry after its cell was cleared.
func (f *fastRun) pop() {
	f.trail, f.alt = f.trail[:len(f.trail)-1], f.alt[:len(f.alt)-1]
	f.empties++
	f.cnt.Undone++
}

// unwindRoot is a contradiction with no decision on the trail: every entry
// is undone (three cycles each) and B_ADDR finds the trail empty.
func (f *fastRun) unwindRoot() Status {
	for len(f.trail) > 0 {
		if f.tick() || f.tick() {
			return sudoku.Timeout
		}
		f.unplace(int(f.trail[len(f.trail)-1]))
		f.pop()
		if f.tick() {
			return sudoku.Timeout
		}
	}
	f.tick()
	return sudoku.Unsolvable
}

// ended is the status of a propagation that ended the run.
func (f *fastRun) ended(o outcome) Status {
	if o == solved {
		return sudoku.Solved
	}
	return sudoku.Timeout
}

// own is the value set of region i of a kind: what a VisitEmpty sweep reads
// in S_ADDR as the region's present values.
func (f *fastRun) own(kind, i int) vset {
	switch kind {
	case kindRow:
		return f.rows[i]
	case kindCol:
		return f.cols[i]
	}
	return f.box[i]
}
