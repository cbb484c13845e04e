package area

import (
	"fmt"
	"math/bits"

	"sudokusim/rtl/ga"
	"sudokusim/sudoku"
)

// The genetic-algorithm processor of seed 001 (rtl/ga, docs/ga.md),
// estimated block by block like the FPT'09 processor: the same mapping rules
// (logic.go), pop_mem mapped by bram.Map exactly as rtl/ga sizes it, and the
// same packing factor Pack — which was calibrated on the FPT'09 processor
// only, so these are uncalibrated structural estimates
// (docs/resource-model.md §8).
//
// The GA is synthesised for one order n (its geometry is the puzzle's
// order, not a maximum): S = n² values, C = S² cells of v = ⌈log₂(S+1)⌉
// bits, the fitness field f = ⌈log₂(2S(S−1)+1)⌉ bits, D = ⌈log₂ 2S⌉
// adder-tree stages, P chromosomes (a = ⌈log₂ P⌉ slot bits, a+1 pop_mem
// address bits with the ping-pong bit), tournaments of k.

// gaDims are the widths the GA formulas are written in.
type gaDims struct {
	n, S, C, v, f, D int
	P, k, a          int
	word             int // pop_mem word: C·v cells + f fitness bits
	lanes            int // rng_bank lanes
	gen              int // gen_ctr width
}

func newGADims(cfg ga.Config, n int) gaDims {
	S := n * n
	x := gaDims{n: n, S: S, C: S * S,
		v: bits.Len(uint(S)), f: bits.Len(uint(2 * S * (S - 1))), D: bits.Len(uint(2*S - 1)),
		P: cfg.PopSize, k: cfg.Tournament, a: clog2(cfg.PopSize),
		gen: max(1, bits.Len64(cfg.MaxGenerations))}
	x.word = x.C*x.v + x.f
	// rtl/ga builds max(S, 4, 2+⌈S/32⌉) lanes: one per box for chr_init,
	// lanes 0..3 for tournaments and mutation, 2.. for the crossover bits.
	x.lanes = max(S, 4, 2+ceilDiv(S, 32))
	return x
}

// multipliers are the pick units, (r₁₆·m) >> 16, one MULT18X18 each:
// one per chr_init box unit, one per tournament, three per mutation unit
// (box, cell a, cell offset b).
func (x gaDims) multipliers() int { return x.S + 2 + 2*3 }

// EstimateGA estimates the GA processor of cfg synthesised for order n.
func EstimateGA(cfg ga.Config, n int) (Report, error) {
	if err := cfg.Validate(); err != nil {
		return Report{}, fmt.Errorf("area: %w", err)
	}
	if n < sudoku.MinOrder || n > sudoku.MaxOrder {
		return Report{}, fmt.Errorf("area: GA order %d outside %d..%d", n, sudoku.MinOrder, sudoku.MaxOrder)
	}
	x := newGADims(cfg, n)
	pop, err := gaPopMem(x)
	if err != nil {
		return Report{}, err
	}
	blocks := []Block{gaPuzzle(x), gaRNGBank(x), pop, gaChrInit(x), gaFitness(x),
		gaTournament(x), gaCrossover(x), gaMutation(x), gaController(x)}
	r := newReport(blocks)
	r.Design = "ga"
	r.MaxOrder = n
	r.MULT18 = x.multipliers()
	return r, nil
}

// gaPuzzle is the const / const_mask input held for the whole run: a
// register of C cells of v bits (the design has no front end; the grid is
// written into it directly, as the swarm's input buffer and bnb's direct
// link) and the mask, a non-zero detect per cell.
func gaPuzzle(x gaDims) Block {
	return Block{Name: "Puzzle", Logic: register(x.C * x.v).Add(eqConst(x.v).Times(x.C))}
}

// gaRNGBank is rng_bank: lanes of 32-bit LFSRs that advance by a 32-shift
// leap when their unit strobes them. The leap is an XOR matrix; output bit i
// is the XOR of the w_i state bits its row holds — a tree of 4-input LUTs
// (none when w_i = 1, a wire) into a clock-enabled flip-flop. The weights
// come from the taps rtl/ga uses (ga.Taps32 stepped 32 times). Start states
// are flip-flop init values in the bitstream: no logic.
func gaRNGBank(x gaDims) Block {
	lane := Logic{}
	for _, w := range leapWeights(ga.Taps32) {
		t := orTree(w)
		lane = lane.Add(t).Add(Logic{FF: 1})
		if t.LUT > 0 {
			lane.Paired++
		}
	}
	return Block{Name: "RNGBank", Logic: lane.Times(x.lanes)}
}

// leapWeights are, for each of the 32 output bits of a 32-step leap of the
// Galois LFSR with feedback mask, the number of state bits it XORs.
func leapWeights(mask uint32) [32]int {
	var w [32]int
	for j := 0; j < 32; j++ {
		l := ga.LFSR{State: 1 << j, Mask: mask}
		for i := 0; i < 32; i++ {
			l.Step()
		}
		for i := 0; i < 32; i++ {
			if l.State>>i&1 == 1 {
				w[i]++
			}
		}
	}
	return w
}

// gaPopMemMemory is pop_mem's geometry as rtl/ga sizes it: 2·2^a words (the
// top address bit is the ping-pong pointer) of C·v + f bits.
func gaPopMemMemory(x gaDims) (Memory, error) {
	return newMemory("pop_mem", 2<<x.a, x.word)
}

// gaPopMem is pop_mem and its port logic. Port A's address is a 5:1 mux
// (INIT_WRITE slot, EVAL read, tournament A candidate, winner A, child A's
// slot), port B's likewise (EVAL write-back slot, ELITE slot 0, candidate B,
// winner B, child B's slot); both of a+1 bits with the ping-pong bit. Port
// A writes chr_init's word or child A (a 2:1 mux per cell bit), port B
// best_chr_r or child B (likewise); the fitness field takes "worst" or the
// tree's output (a 2:1 mux per bit on port B, the constant folded on port
// A). A cascaded mapping adds each port's read mux over the cascade.
func gaPopMem(x gaDims) (Block, error) {
	mem, err := gaPopMemMemory(x)
	if err != nil {
		return Block{}, err
	}
	ad := x.a + 1
	l := mux(5, ad).Times(2).Add(mux(2, x.C*x.v).Times(2)).Add(mux(2, x.f)).Add(Logic{LUT: x.f})
	for _, g := range mem.Mapping.Groups {
		l = l.Add(mux(g.Cascade, g.Columns*g.Aspect.Width).Times(2))
	}
	return Block{Name: "pop_mem", Logic: l, Memories: []Memory{mem}}, nil
}

// gaChrInit is chr_init: S box units in parallel. Each holds its box's
// missing values (an S-entry list of v bits, written once per puzzle by a
// scan: the box's givens one per cycle through a decoder(S) into a used
// mask, then a priority encoder over the unused values appends them at the
// count, decoded) and the working value list (S·v flip-flops, each entry
// loaded from the missing list or overwritten with the last entry — a 2:1
// mux per bit, the entry decoded from the pick). A fill cycle reads entry
// pick(r, m) and entry m−1 (two S:1 muxes of v bits), counts m down, and
// chooses the given or the pick for cell j of the box (the given fetched by
// an S:1 mux of the box's const cells). The chromosome register (C·v bits)
// takes cell j of every box in fill cycle j (a shared decoder of j drives
// the clock enables). The pick multipliers are MULT18X18s.
func gaChrInit(x gaDims) Block {
	sv := x.S * x.v
	scan := decoder(x.S).Add(Logic{LUT: x.S, FF: x.S, Paired: x.S}).
		Add(priorityEncoder(x.S)).Add(counter(x.v)).Add(decoder(x.S)).Add(register(sv))
	list := Logic{LUT: sv, FF: sv, Paired: sv}.Add(decoder(x.S))
	fill := mux(x.S, x.v).Times(2).Add(counter(x.v)).Add(mux(x.S, x.v)).Add(mux(2, x.v))
	unit := scan.Add(list).Add(fill)
	l := unit.Times(x.S).Add(register(x.C * x.v)).Add(decoder(x.S)).Add(counter(clog2(x.S + 1)))
	return Block{Name: "chr_init", Logic: l}
}

// gaFitness is fitness_sudoku. Stage 0: every cell's value decoded to S
// one-hot lines (one decoder per cell, shared by its row and column unit);
// each of the 2S units ORs its S cells' lines per value (S OR trees of S)
// and counts the distinct values (popcount of S), registered as the
// duplicate count S − distinct (⌈log₂ S⌉ bits, the subtraction folded into
// the register's LUTs); every cell is compared with its given (an
// equality of v bits, masked) and the mismatches ORed. The adder tree: D
// registered levels of pairwise adders, level l adding ⌈2S/2^l⌉ pairs of
// ⌈log₂ S⌉+l−1-bit sums; the given flag rides a D-stage shift register. The
// output register holds the sum or all ones (a LUT per bit). Beside the
// tree, the chromosome delay line (D+1 words of C·v bits and the slot, a+1
// bits) and best_chr_r / best_fit_r with its "strictly lower" compare.
func gaFitness(x gaDims) Block {
	cw := clog2(x.S)
	unit := orTree(x.S).Times(x.S).Add(popcount(x.S)).Add(Logic{LUT: cw, FF: cw, Paired: cw})
	l := decoder(x.S).Times(x.C).Add(unit.Times(2 * x.S)).
		Add(eq(x.v).Times(x.C)).Add(orTree(x.C)).Add(register(1))
	for lvl, k := 1, 2*x.S; k > 1; lvl++ {
		k = ceilDiv(k, 2)
		w := cw + lvl
		l = l.Add(Logic{LUT: w, FF: w, Paired: w}.Times(k))
	}
	l = l.Add(register(x.D)).Add(Logic{LUT: x.f, FF: x.f, Paired: x.f})
	l = l.Add(register((x.D + 1) * (x.C*x.v + x.a + 1)))
	l = l.Add(register(x.C * x.v)).Add(register(x.f)).Add(adder(x.f))
	return Block{Name: "Fitness", Logic: l}
}

// gaTournament is tournament_sel: two tournaments, each with the pending
// and winning slot registers (a bits), the winner's fitness (f bits) and a
// strictly-lower compare; one shared candidate counter to k. The candidate
// index is a pick (a MULT18X18).
func gaTournament(x gaDims) Block {
	one := register(2 * x.a).Add(register(x.f)).Add(adder(x.f))
	kb := clog2(x.k + 1)
	l := one.Times(2).Add(counter(kb)).Add(eqConst(kb))
	return Block{Name: "Tournament", Logic: l}
}

// gaCrossover is crossover_sudoku: each cell of each child a 2:1 mux of v
// bits between the two parents' RAM outputs, the select the box's random
// bit; the children land in two child registers (C·v bits each) whose D
// input is the crossover output or, in MUT, a swapped value (a 3:1 mux of v
// bits per cell, paired with the flip-flops).
func gaCrossover(x gaDims) Block {
	cv := x.C * x.v
	l := mux(2, x.v).Times(2 * x.C).Add(mux(3, x.v).Times(2 * x.C)).Add(Logic{FF: 2 * cv, Paired: 2 * cv})
	return Block{Name: "Crossover", Logic: l}
}

// gaMutation is mutation_sudoku, twice: the gate compares 16 random bits
// with MutationP16 (a 16-bit compare); cell b = (a + 1 + pick) mod S is an
// adder and a wrap compare-and-subtract (v bits each); the chosen box is
// fetched from the child register (an S:1 mux of S·v bits) and cells a and
// b from it (two S:1 muxes of v bits), their given flags likewise (an S:1
// mux of S mask bits, two S:1 muxes of one bit); the swap decodes box, a
// and b (three decoders of S) and ANDs box with cell per cell (two LUTs a
// cell: is a, is b) for the child register's write selects.
func gaMutation(x gaDims) Block {
	one := adder(16).Add(adder(x.v).Times(3)).
		Add(mux(x.S, x.S*x.v)).Add(mux(x.S, x.v).Times(2)).
		Add(mux(x.S, x.S)).Add(mux(x.S, 1).Times(2)).Add(Logic{LUT: 1}).
		Add(decoder(x.S).Times(3)).Add(Logic{LUT: 2 * x.C})
	return Block{Name: "Mutation", Logic: one.Times(2)}
}

// gaController is the ga_sudoku FSM (twelve states), the cycle counter
// within a state (to P+D+2, the longest), the slot / repr_ctr counter and
// its end compare, the EVAL write-back slot (t − D − 2, a subtractor), the
// ping-pong flip-flop, gen_ctr with its MaxGenerations compare, and the
// solved test best_fit = 0.
func gaController(x gaDims) Block {
	tw := clog2(x.P + x.D + 3)
	l := fsm(12, 3).Add(counter(tw)).Add(eqConst(tw).Times(3)).
		Add(counter(x.a + 1)).Add(eqConst(x.a + 1)).Add(adder(tw)).
		Add(Logic{LUT: 1, FF: 1, Paired: 1}).
		Add(counter(x.gen)).Add(eqConst(x.gen)).Add(eqConst(x.f))
	return Block{Name: "Controller", Logic: l}
}
