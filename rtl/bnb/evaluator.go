package bnb

import "math/bits"

// Evaluator is the pruning-function datapath of seed 000 §2.3.3: it tests
// the candidates v+1 … v+K of a cell at once against every enabled lane of
// the registered row, column and box words (per lane a subtractor forms
// lane − (v+1), per candidate a decode of it says "this lane holds me"), and
// a priority encoder picks the lowest candidate that no lane holds.
//
// Its cost is the whole point of the candidates-per-cycle trade-off: one
// Step is one clock cycle, so a cell whose next free value is x costs
// ⌊(x−v−1)/K⌋+1 cycles and an exhausted cell max(1, ⌈(S−v)/K⌉)
// (docs/microarchitecture.md §5).
//
// The model receives the three words as the sets of values they hold (what
// a comparator bank with every candidate fanned out computes), so one Step
// is a handful of word operations whatever S and K are.
type Evaluator struct {
	// K is the number of candidates per cycle (1..32).
	K int
}

// Step evaluates one cycle: the candidates v+1 … min(v+K, size) against the
// union used of the three words. It returns the lowest free candidate x (x
// > 0), or x = 0 with exhausted set when no candidate up to size is free, or
// x = 0 and exhausted clear when the next cycle must test v+K+1 onwards.
func (e Evaluator) Step(used *ValueSet, v, size int) (x int, exhausted bool) {
	lim := size - v
	if lim > e.K {
		lim = e.K
	}
	if lim <= 0 {
		return 0, true
	}
	// Candidate value c sits at bit c-1, so the window starts at bit v.
	w, off := v>>6, uint(v&63)
	free := ^used[w] >> off
	if off != 0 && w < 3 {
		free |= ^used[w+1] << (64 - off)
	}
	free &= 1<<uint(lim) - 1
	if free != 0 {
		return v + 1 + bits.TrailingZeros64(free), false
	}
	return 0, v+e.K >= size
}
