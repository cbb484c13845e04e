package bnb

import "math/bits"

// ValueSet is a set of up to 256 small integers as a 256-bit vector: bit i
// of word i/64. The processor's wide one-hot signals use it: the values
// present in a GridMem word (values 1..S at bits 0..S−1), the given-cell mask
// of a row (columns 0..S−1), a comparator bank's match lines.
type ValueSet [4]uint64

// Has reports whether bit i is set.
func (s *ValueSet) Has(i int) bool { return s[i>>6]&(1<<uint(i&63)) != 0 }

// Set sets bit i.
func (s *ValueSet) Set(i int) { s[i>>6] |= 1 << uint(i&63) }

// Clear clears bit i.
func (s *ValueSet) Clear(i int) { s[i>>6] &^= 1 << uint(i&63) }

// Count is the number of bits set.
func (s *ValueSet) Count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// firstAbove is a priority encoder: the lowest set bit of s at an index
// greater than i and less than limit, or -1. i may be -1.
func (s *ValueSet) firstAbove(i, limit int) int {
	for j := i + 1; j < limit; {
		w := j >> 6
		m := s[w] >> uint(j&63)
		if m != 0 {
			f := j + bits.TrailingZeros64(m)
			if f < limit {
				return f
			}
			return -1
		}
		j = (w + 1) << 6
	}
	return -1
}

// lastBelow is a priority encoder: the highest set bit of s at an index
// less than i (and ≥ 0), or -1.
func (s *ValueSet) lastBelow(i int) int {
	for j := i - 1; j >= 0; {
		w := j >> 6
		m := s[w] << uint(63-j&63)
		if m != 0 {
			return j - bits.LeadingZeros64(m)
		}
		j = w<<6 - 1
	}
	return -1
}

// lowMask returns the set {0..n-1}.
func lowMask(n int) ValueSet {
	var s ValueSet
	for w := 0; w < 4 && n > 0; w++ {
		if n >= 64 {
			s[w] = ^uint64(0)
		} else {
			s[w] = 1<<uint(n) - 1
		}
		n -= 64
	}
	return s
}
