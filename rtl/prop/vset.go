package prop

import "math/bits"

// vset is a value set of up to 256 bits held in registers: bit v-1 stands
// for value v. The hardware holds N² bits; the model keeps four words so
// that set operations are a handful of math/bits instructions and never
// allocate.
type vset [4]uint64

func (s vset) or(t vset) vset {
	return vset{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3]}
}
func (s vset) and(t vset) vset {
	return vset{s[0] & t[0], s[1] & t[1], s[2] & t[2], s[3] & t[3]}
}
func (s vset) andNot(t vset) vset {
	return vset{s[0] &^ t[0], s[1] &^ t[1], s[2] &^ t[2], s[3] &^ t[3]}
}
func (s vset) empty() bool { return s[0]|s[1]|s[2]|s[3] == 0 }
func (s vset) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// lowest is the smallest value in the set (1-based), 0 when empty: the
// priority encoder.
func (s vset) lowest() int {
	for i, w := range s {
		if w != 0 {
			return i*64 + bits.TrailingZeros64(w) + 1
		}
	}
	return 0
}

// has reports whether value v (1-based) is in the set.
func (s vset) has(v int) bool { return s[(v-1)>>6]>>uint((v-1)&63)&1 != 0 }

// bit is the set holding value v alone.
func bit(v int) vset {
	var s vset
	s[(v-1)>>6] = 1 << uint((v-1)&63)
	return s
}

// above is the set of values greater than v, among the first size.
func above(v, size int) vset { return lowMask(size).andNot(lowMask(v)) }

// lowMask is the set of values 1..n.
func lowMask(n int) vset {
	var s vset
	for i := 0; i < 4; i++ {
		switch {
		case n >= 64*(i+1):
			s[i] = ^uint64(0)
		case n > 64*i:
			s[i] = 1<<uint(n-64*i) - 1
		}
	}
	return s
}

// load reads a memory word (⌈width/64⌉ uint64s) into a set.
func load(w []uint64) vset {
	var s vset
	copy(s[:], w)
	return s
}
