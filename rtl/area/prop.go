package area

import (
	"fmt"

	"sudokusim/rtl/bnb"
	"sudokusim/rtl/prop"
)

// Version 3, the propagating processor (rtl/prop, docs/prop.md), estimated
// block by block with the same mapping rules (logic.go), memories mapped by
// bram.Map exactly as the model builds them, and the packing factor Pack —
// calibrated on version 1 only, so the slice figures are uncalibrated
// structural estimates (inferred, docs/prop.md §5); the RAMB16 counts are
// exact for the memories the model simulates.
//
// Widths: m = MaxOrder, M = m² values, C = m⁴ cells, bc = ⌈log₂ C⌉ bits of
// a cell index, bM = ⌈log₂ M⌉, K lanes, P = ⌈K/2⌉ memory copies.

type propDims struct {
	dims
	C, bc, K, P int
}

// EstimateProp estimates version 3 built with cfg.
func EstimateProp(cfg prop.Config) (Report, error) {
	if err := cfg.Validate(); err != nil {
		return Report{}, fmt.Errorf("area: %w", err)
	}
	uart := cfg.Link == bnb.LinkUART
	p := Params{MaxOrder: cfg.MaxOrder, CPC: 1, UART: uart, ClockHz: cfg.ClockHz, Baud: cfg.Baud}
	x := propDims{dims: newDims(p), K: cfg.Lanes, P: (cfg.Lanes + 1) / 2}
	x.C = x.M * x.M
	x.bc = clog2(x.C)
	var blocks []Block
	if uart {
		blocks = append(blocks, receiver(x.dims), frameCodec(x.dims), transmitter(x.dims), responseUnit(x.dims))
	}
	blocks = append(blocks, Block{Name: "CellWriter", Logic: counter(x.bc)}, checksumRegister())
	mems := []struct {
		name         string
		depth, width int
	}{
		{"GridMem", x.C, laneWidth},
		{"RowSets", x.M, x.M},
		{"ColSets", x.M, x.M},
		{"BoxSets", x.M, x.M},
	}
	if cfg.Visit == prop.VisitEmpty {
		mems = append(mems, []struct {
			name         string
			depth, width int
		}{{"RowMap", x.M, x.M}, {"ColMap", x.M, x.M}, {"BoxMap", x.M, x.M}}...)
	}
	for _, m := range mems {
		var ms []Memory
		for k := 0; k < x.P; k++ {
			mem, err := newMemory(fmt.Sprintf("%s%d", m.name, k), m.depth, m.width)
			if err != nil {
				return Report{}, err
			}
			ms = append(ms, mem)
		}
		blocks = append(blocks, Block{Name: m.name, Memories: ms})
	}
	trailW := x.bc + 1
	if cfg.Branch == prop.BranchPair {
		trailW += x.bc + 1 // a pair decision's second place +1
	}
	trail, err := newMemory("Trail", x.C, trailW)
	if err != nil {
		return Report{}, err
	}
	blocks = append(blocks, Block{Name: "Trail", Logic: counter(x.bc + 1), Memories: []Memory{trail}})
	blocks = append(blocks, propLoader(x), propAddress(x), propLanes(x, cfg), propRegion(x, cfg),
		propAssign(x), propBacktrack(x), propControl(x, cfg))
	if cfg.Probe == prop.ProbePairs {
		blocks = append(blocks, propProbe(x))
	}
	if cfg.Visit == prop.VisitEmpty {
		blocks = append(blocks, propVisit(x))
	}
	r := newReport(blocks)
	r.Design, r.MaxOrder = "prop", cfg.MaxOrder
	return r, nil
}

// propLoader: the cell counter, the clash test (the value decoded against
// the OR of the three set words, an OR tree of M) and L_CLEAR's word
// counter.
func propLoader(x propDims) Block {
	l := counter(x.bc).Add(counter(x.bM)).Add(decoder(x.M)).Add(Logic{LUT: x.M}).Add(orTree(x.M))
	return Block{Name: "Loader", Logic: l}
}

// propAddress is the sweep's address generator: kind, region and position
// counters, the box row/column counters, and per lane a cell-address
// register stepped by 1, S or the box stride (a 3:1 mux and an adder of bc
// bits) and the row, column and box addresses (3:1 muxes of bM bits).
func propAddress(x propDims) Block {
	l := register(2).Add(counter(x.bM).Times(4)).
		Add(counter(x.bc).Add(mux(3, x.bc)).Add(adder(x.bc)).Add(mux(3, x.bM).Times(3)).Times(x.K))
	return Block{Name: "SweepAddress", Logic: l}
}

// propLanes is each lane's evaluator: the cell's non-zero detect, the
// candidates ¬(R ∨ C ∨ B) ∧ enabled (a LUT per value), none/one/many
// detection (an OR tree and an at-least-two tree), the value of a single
// (a priority encoder) and, for the branching rule, the candidate count (a
// popcount) and its compare with the best so far.
func propLanes(x propDims, cfg prop.Config) Block {
	per := eqConst(laneWidth).Add(Logic{LUT: x.M}).Add(orTree(x.M)).Add(atLeastTwo(x.M)).Add(priorityEncoder(x.M))
	if cfg.Branch != prop.BranchFirst {
		per = per.Add(popcount(x.M)).Add(adder(x.bM + 1))
	}
	best := register(x.bc + x.bM + 1)
	if cfg.Branch == prop.BranchLocal {
		// the last placed cell's row, column and box, compared with each
		// lane's, and a second best register
		best = best.Add(register(x.bc + 3*x.bM)).Add(eq(x.bM).Times(3 * x.K)).Add(register(x.bc + x.bM + 1))
	}
	return Block{Name: fmt.Sprintf("LaneEvaluator ×%d", x.K), Logic: per.Times(x.K).Add(best)}
}

// propRegion is the region logic: once, twice and present registers
// merging K lanes (a LUT per value per two lanes each), the value decoder
// of each filled lane, and with hidden singles the where registers (M of
// bM bits, each loaded from one of K lane positions), hidden = once ∧
// ¬twice ∧ ¬present and the no-place test (a LUT per value each, an OR
// tree), the hidden register, its priority encoder and the M:1 where mux.
func propRegion(x propDims, cfg prop.Config) Block {
	l := Logic{LUT: 3 * x.M * ceilDiv(x.K+1, 2), FF: 3 * x.M, Paired: 3 * x.M}.Add(decoder(x.M).Times(x.K))
	if cfg.Rules != prop.RulesNaked {
		l = l.Add(mux(x.K, x.bM).Times(x.M)).Add(register(x.bM * x.M)).
			Add(Logic{LUT: 2 * x.M}).Add(orTree(x.M)).
			Add(Logic{LUT: x.M, FF: x.M, Paired: x.M}).Add(priorityEncoder(x.M)).Add(mux(x.M, x.bM))
	}
	if cfg.Branch == prop.BranchPair && cfg.Rules != prop.RulesNaked {
		// the third accumulator (thrice, merged as once and twice), the
		// where2 registers, pairs = twice ∧ ¬thrice ∧ ¬present, its
		// priority encoder, the where2 mux and the pair register (value
		// and two cell addresses, each from region and position)
		l = l.Add(Logic{LUT: x.M * ceilDiv(x.K+1, 2), FF: x.M, Paired: x.M}).
			Add(mux(x.K, x.bM).Times(x.M)).Add(register(x.bM * x.M)).
			Add(Logic{LUT: x.M}).Add(priorityEncoder(x.M)).Add(mux(x.M, x.bM)).
			Add(register(x.bM + 2*x.bc)).Add(mux(3, x.bc).Times(2))
	}
	return Block{Name: "RegionUnit", Logic: l}
}

// propAssign writes a value: the three set words held in registers (3·M
// flip-flops) and their write data word ∨ decoded value, the cell and
// value registers, the trail entry and the grid word.
func propAssign(x propDims) Block {
	l := register(3 * x.M).Add(decoder(x.M)).Add(Logic{LUT: 3 * x.M}).
		Add(register(x.bc + x.bM + 2)).Add(mux(3, x.bc)).Add(counter(x.bc))
	return Block{Name: "AssignPath", Logic: l}
}

// propBacktrack: the next value of a decision above its old one (a
// thermometer and a priority encoder over the candidates), and the
// clear-and-set write data (a second decoder, the set words ∧ ¬old ∨ new).
func propBacktrack(x propDims) Block {
	l := thermometer(x.M).Add(Logic{LUT: x.M}).Add(priorityEncoder(x.M)).Add(decoder(x.M)).
		Add(Logic{LUT: 3 * x.M}).Add(register(x.bc + 1))
	return Block{Name: "Backtracker", Logic: l}
}

// propControl is the FSM (18 states, 20 with the probe phase's PR_ADDR and
// PR_EVAL), the quiet counter and the search watchdog.
func propControl(x propDims, cfg prop.Config) Block {
	states := 18
	if cfg.Probe == prop.ProbePairs {
		states += 2
	}
	if cfg.Visit == prop.VisitEmpty {
		states++ // S_MAP
	}
	l := fsm(states, 3).Add(counter(2)).Add(counter(x.wd)).Add(eq(x.wd))
	return Block{Name: "Controller", Logic: l}
}

// propProbe is the probe phase (ProbePairs, docs/prop.md §3; inferred,
// our design): per lane an "exactly two candidates" detect (the lane's
// at-least-two tree is there already; an at-least-three tree beside it and
// a LUT to combine), the first such lane among K (a priority encoder), the
// trial's cell index (the pointer plus the lane: an adder), the scan
// pointer (row and position counters, loaded into the sweep's address
// generator through a 2:1 mux) kept across the trial's sweeps, the phase
// register (2 bits) and the trial, undo and round-failed flags, and the
// trail's write data for the failed trial's entry rewritten without its
// flag (a 2:1 mux). No memory: a trial is an ordinary flagged trail entry.
func propProbe(x propDims) Block {
	per := atLeastThree(x.M).Add(Logic{LUT: 1})
	l := per.Times(x.K).Add(priorityEncoder(x.K)).Add(adder(x.bc)).
		Add(counter(x.bM).Times(2)).Add(mux(2, 2*x.bM)).
		Add(register(2 + 3)).Add(mux(2, x.bc+1))
	return Block{Name: fmt.Sprintf("ProbeUnit (×%d lanes)", x.K), Logic: l}
}

// propVisit is the empty-cell sweep (VisitEmpty, docs/prop.md §3;
// inferred, our design): the register of the region's positions not yet
// evaluated (M flip-flops, each cleared by its lane's decoded position: a
// LUT per bit per two lanes), K priority encoders in a chain finding the
// next K positions (each masking the one before: a LUT per bit), the
// map-word write data of ASSIGN and of the backtrack (three words ∧ ¬bit or
// ∨ bit, the position decoded per kind) and the three map words held for
// ASSIGN, and a 2:1 mux putting the region's own value set on the present
// register.
func propVisit(x propDims) Block {
	l := Logic{LUT: x.M * ceilDiv(x.K+1, 2), FF: x.M, Paired: x.M}.
		Add(priorityEncoder(x.M).Add(Logic{LUT: x.M}).Times(x.K)).Add(decoder(x.M).Times(x.K)).
		Add(register(3 * x.M)).Add(decoder(x.M).Times(3)).Add(Logic{LUT: 3 * x.M}).
		Add(mux(2, x.M))
	return Block{Name: fmt.Sprintf("EmptyVisit (×%d lanes)", x.K), Logic: l}
}

// atLeastThree flags three or more of n lines set: a LUT per group of four
// lines ("three of these four"), then a binary tree of (any, two, three)
// nodes whose "three" output (a3 ∨ b3 ∨ a2∧b1 ∨ a1∧b2, six inputs) takes two
// LUTs per merge; the "any" and "two" halves are the lane's OR and
// at-least-two trees, counted there.
func atLeastThree(n int) Logic {
	if n < 3 {
		return Logic{}
	}
	g := ceilDiv(n, 4)
	return Logic{LUT: g + 2*(g-1)}
}
