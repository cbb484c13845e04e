package area

import "math/bits"

// Logic is the cost of a piece of logic in Virtex-II terms: 4-input LUTs,
// flip-flops, and how many of those flip-flops take their D input from a LUT
// of the same piece (a LUT and the flip-flop it feeds share a slice half).
type Logic struct {
	LUT    int `json:"lut4"`
	FF     int `json:"ff"`
	Paired int `json:"paired_ff"`
}

// Add returns the sum of l and o.
func (l Logic) Add(o Logic) Logic {
	return Logic{LUT: l.LUT + o.LUT, FF: l.FF + o.FF, Paired: l.Paired + o.Paired}
}

// Times returns n copies of l.
func (l Logic) Times(n int) Logic {
	return Logic{LUT: l.LUT * n, FF: l.FF * n, Paired: l.Paired * n}
}

// SliceHalves is the number of slice halves (one LUT4 + one FF each) the
// logic needs with perfect packing: every LUT, plus every flip-flop whose
// D input does not come from a LUT of its own.
func (l Logic) SliceHalves() int { return l.LUT + l.FF - l.Paired }

// The functions below are the Virtex-II mapping rules every block formula is
// built from (docs/resource-model.md §2). A LUT4 computes any function of 4
// inputs; a slice holds two LUT4s, two flip-flops, a MUXF5 and a carry chain
// (MUXCY/XORCY); MUXF6..F8 join slices into 32:1 multiplexers.

// clog2 is ⌈log₂ n⌉, the bits that index n things (0 for n ≤ 1).
func clog2(n int) int {
	if n <= 1 {
		return 0
	}
	return bits.Len(uint(n - 1))
}

// ceilDiv is ⌈a/b⌉ for positive b.
func ceilDiv(a, b int) int { return (a + b - 1) / b }

// eq is an equality comparator of two w-bit operands: two bit pairs per LUT4,
// the LUT outputs ANDed along the carry chain.
func eq(w int) Logic { return Logic{LUT: ceilDiv(w, 2)} }

// eqConst compares a w-bit operand with a constant: four bits per LUT4 on the
// carry chain.
func eqConst(w int) Logic { return Logic{LUT: ceilDiv(w, 4)} }

// adder is a w-bit adder, subtractor or magnitude comparator: one LUT4 per
// bit on the carry chain.
func adder(w int) Logic { return Logic{LUT: w} }

// orTree reduces n signals to one (OR, AND, or any symmetric function of
// that kind): a tree of 4-input LUTs.
func orTree(n int) Logic {
	l := 0
	for n > 1 {
		n = ceilDiv(n, 4)
		l += n
	}
	return Logic{LUT: l}
}

// mux is an n:1 multiplexer of w bits: two data inputs per LUT4 joined by the
// MUXF5..F8 tree, so ⌈n/2⌉ LUTs per bit.
func mux(n, w int) Logic {
	if n <= 1 {
		return Logic{}
	}
	return Logic{LUT: ceilDiv(n, 2) * w}
}

// decoder turns a binary index of clog2(n) bits into n one-hot lines: up to
// four index bits drive each output LUT directly; wider indices are
// predecoded in two halves (2^h + 2^(i−h) LUTs) and each output ANDs one line
// of each half.
func decoder(n int) Logic {
	i := clog2(n)
	if i <= 4 {
		return Logic{LUT: n}
	}
	h := i / 2
	return Logic{LUT: n + (1 << h) + (1 << (i - h))}
}

// priorityEncoder finds the lowest set bit of n request lines and encodes its
// index: the carry chain ripples a "none below" signal through one LUT per
// line (giving a one-hot grant), and each of the clog2(n) index bits is an OR
// over the n/2 grants that have it set.
func priorityEncoder(n int) Logic {
	if n <= 1 {
		return Logic{LUT: n}
	}
	l := Logic{LUT: n}
	return l.Add(orTree(n / 2).Times(clog2(n)))
}

// thermometer turns a w-bit index into the n-bit mask of lines above (or
// below) it: each output is a magnitude compare of the index with a
// constant, shared by predecoding — one LUT per line plus the decoder of the
// index.
func thermometer(n int) Logic { return Logic{LUT: n}.Add(decoder(n)) }

// counter is a w-bit loadable up/down counter on the carry chain.
func counter(w int) Logic { return Logic{LUT: w, FF: w, Paired: w} }

// register is w flip-flops loaded from a bus without logic in front of them
// (the clock enable is a shared signal): each takes a slice half of its own.
func register(w int) Logic { return Logic{FF: w} }

// fsm is a one-hot state machine of s states with t transition terms per
// state: a flip-flop per state, fed by a LUT tree over its incoming terms.
func fsm(s, t int) Logic {
	per := orTree(t).LUT
	if per < 1 {
		per = 1
	}
	return Logic{LUT: s * per, FF: s, Paired: s}
}

// encodedFSM is a state machine of s states in ⌈log₂ s⌉ binary-encoded
// flip-flops with t transition terms per state: each state bit's next
// value is a LUT tree over the terms of the states that set it (about half
// of them).
func encodedFSM(s, t int) Logic {
	b := max(clog2(s), 1)
	per := max(orTree(ceilDiv(s, 2)*t).LUT, 1)
	return Logic{LUT: b * per, FF: b, Paired: b}
}

// popcount counts the set bits of n lines: the lines in groups of four,
// each group counted by three LUT4s (one per bit of its 0..4 count; a
// partial group of r lines by ⌈log₂(r+1)⌉), then a tree of adders, each
// level adding pairs of counts one bit wider than the level before (an odd
// count passes through).
func popcount(n int) Logic {
	if n <= 1 {
		return Logic{}
	}
	l := Logic{LUT: (n / 4) * 3}
	if r := n % 4; r > 0 {
		l.LUT += bits.Len(uint(r))
	}
	for k, w := ceilDiv(n, 4), 3; k > 1; w++ {
		l = l.Add(adder(w).Times(k / 2))
		k = ceilDiv(k, 2)
	}
	return l
}

// atLeastTwo flags two or more of n lines set — the "seen twice" half of an
// OR tree: a LUT per group of four lines ("two of these four"), then a
// binary tree of (any, many) nodes, each merging two children's pairs in
// two LUTs (the "any" LUTs are those of the OR tree beside it, counted
// there, so one LUT per merge here).
func atLeastTwo(n int) Logic {
	if n < 2 {
		return Logic{}
	}
	g := ceilDiv(n, 4)
	return Logic{LUT: g + g - 1}
}
