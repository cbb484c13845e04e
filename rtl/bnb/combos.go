package bnb

import "math/bits"

// binom[n][k] = C(n, k) for n ≤ 225, k ≤ 5: the hidden-subset comparator's
// combination counts and lexicographic ranks.
var binom = func() (t [226][6]uint64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= 5 && k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

// comboRank is the lexicographic rank of the k-combination idx (strictly
// increasing indices into a list of n values) among all C(n, k).
func comboRank(idx []int, n int) uint64 {
	k := len(idx)
	var r uint64
	prev := -1
	for t, i := range idx {
		for j := prev + 1; j < i; j++ {
			r += binom[n-1-j][k-1-t]
		}
		prev = i
	}
	return r
}

// comboScan is the hidden-subset comparator's walk through the k-value
// combinations of a region's listed values in lexicographic order. The
// hardware compares every combination (SubsetUnits per cycle); the model
// walks them depth first and skips a subtree whose prefix already covers
// more than k positions — no combination in it can be a hit, and positions
// do not change until a hit — so next returns the same hits, in the same
// order, as checking each combination would.
type comboScan struct {
	list  []int      // listed values, increasing
	pos   []ValueSet // positions of value v at pos[v-1] (the unit's position registers)
	k     int
	d     int         // depth being extended
	next  [5]int      // next list index to try at each depth
	idx   [5]int      // chosen list indices
	union [6]ValueSet // union[d] = positions of idx[0..d-1]
}

func (s *comboScan) reset(list []int, pos []ValueSet, k int) {
	s.list, s.pos, s.k, s.d = list, pos, k, 0
	s.next[0] = 0
	s.union[0] = ValueSet{}
}

// advance finds the next combination, from where the walk stands, whose
// positions number at most k; it returns its rank, the positions, and false
// when the walk is over.
func (s *comboScan) advance() (uint64, ValueSet, bool) {
	n := len(s.list)
	for s.d >= 0 {
		d := s.d
		j := s.next[d]
		if j >= n {
			s.d--
			continue
		}
		s.next[d] = j + 1
		p := &s.pos[s.list[j]-1]
		u := &s.union[d]
		nu := ValueSet{u[0] | p[0], u[1] | p[1], u[2] | p[2], u[3] | p[3]}
		if popcount(&nu) > s.k {
			continue
		}
		s.idx[d] = j
		if d+1 < s.k {
			s.union[d+1] = nu
			s.d = d + 1
			s.next[d+1] = j + 1
			continue
		}
		return comboRank(s.idx[:s.k], n), nu, true
	}
	return 0, ValueSet{}, false
}

func popcount(s *ValueSet) int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}
