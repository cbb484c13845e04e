package logic

import "math/bits"

// MaxValues is the largest N² the package handles (order 15).
const MaxValues = 225

// Set is a set of values 1..225, the candidate word of one cell (or the
// missing-value word of one region). Value v is bit (v-1)%64 of word
// (v-1)/64, so a hardware candidate memory of width N² maps onto it bit for
// bit. The zero Set is empty. Set is a value type: copying it is 32 bytes.
type Set [4]uint64

// SetOf returns the set holding the given values.
func SetOf(values ...int) Set {
	var s Set
	for _, v := range values {
		s.Add(v)
	}
	return s
}

// fullSet returns {1..n}.
func fullSet(n int) Set {
	var s Set
	for w := 0; w < 4 && n > 0; w++ {
		if n >= 64 {
			s[w] = ^uint64(0)
			n -= 64
		} else {
			s[w] = 1<<uint(n) - 1
			n = 0
		}
	}
	return s
}

// Has reports whether v is in the set.
func (s Set) Has(v int) bool { return s[(v-1)>>6]>>(uint(v-1)&63)&1 != 0 }

// Add puts v in the set.
func (s *Set) Add(v int) { s[(v-1)>>6] |= 1 << (uint(v-1) & 63) }

// Remove takes v out of the set.
func (s *Set) Remove(v int) { s[(v-1)>>6] &^= 1 << (uint(v-1) & 63) }

// Len is the number of values in the set.
func (s Set) Len() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) +
		bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// IsEmpty reports whether the set has no value.
func (s Set) IsEmpty() bool { return s[0]|s[1]|s[2]|s[3] == 0 }

// First is the smallest value of the set, 0 when it is empty.
func (s Set) First() int {
	for w, x := range s {
		if x != 0 {
			return w<<6 + bits.TrailingZeros64(x) + 1
		}
	}
	return 0
}

// Last is the largest value of the set, 0 when it is empty. A set has exactly
// one value when First() == Last() != 0: the paper's single-candidate test.
func (s Set) Last() int {
	for w := 3; w >= 0; w-- {
		if x := s[w]; x != 0 {
			return w<<6 + 64 - bits.LeadingZeros64(x)
		}
	}
	return 0
}

// Next is the smallest value of the set greater than v, 0 when none; Next(0)
// is First. It iterates a set without allocating:
//
//	for v := s.First(); v != 0; v = s.Next(v) { ... }
func (s Set) Next(v int) int {
	w := v >> 6 // bit index v (value v+1) lives in word v>>6
	if w >= 4 {
		return 0
	}
	x := s[w] &^ (1<<(uint(v)&63) - 1)
	for {
		if x != 0 {
			return w<<6 + bits.TrailingZeros64(x) + 1
		}
		w++
		if w == 4 {
			return 0
		}
		x = s[w]
	}
}

// Or returns s ∪ t.
func (s Set) Or(t Set) Set { return Set{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3]} }

// And returns s ∩ t.
func (s Set) And(t Set) Set { return Set{s[0] & t[0], s[1] & t[1], s[2] & t[2], s[3] & t[3]} }

// AndNot returns s \ t.
func (s Set) AndNot(t Set) Set {
	return Set{s[0] &^ t[0], s[1] &^ t[1], s[2] &^ t[2], s[3] &^ t[3]}
}

// Values lists the set in increasing order (allocates; for tests and output).
func (s Set) Values() []int {
	var out []int
	for v := s.First(); v != 0; v = s.Next(v) {
		out = append(out, v)
	}
	return out
}
