package bram

import (
	"fmt"
	"math/bits"
	"strings"
)

// Group is a set of identical columns of a mapping: Columns slices of the
// logical word side by side, each Width bits of the Aspect and each built
// from Cascade primitives stacked for depth (an address decoder on the
// write side and a Cascade-to-1 multiplexer on the read side).
type Group struct {
	Aspect  Aspect
	Columns int
	Cascade int
}

// Mapping is a logical memory of Depth words × Width bits built from
// RAMB16 primitives.
//
// Word packing: the logical word is cut into columns from bit 0 up, in the
// order of Groups: the first group's first column holds bits
// [0, Aspect.Width), the next column the following bits, and so on; the last
// column may be only partly used. Logical address a lives in cascade level
// a / Aspect.Depth of every column, at primitive address a % Aspect.Depth.
type Mapping struct {
	Depth, Width int
	Groups       []Group
	// Primitives is the number of RAMB16s.
	Primitives int
	// MuxLevels is the depth of the widest read multiplexer in 2:1 levels,
	// ⌈log₂ Cascade⌉ of the deepest group; 0 when nothing is cascaded.
	MuxLevels int
}

// Map maps a logical memory onto RAMB16 primitives as synthesis would:
// fewest primitives; among those, fewest multiplexer levels; among those,
// fewest unused bits. Columns of different shapes may be mixed (for example
// 36-bit columns and one narrow column for the remainder).
func Map(depth, width int) (Mapping, error) {
	if depth < 1 || width < 1 {
		return Mapping{}, fmt.Errorf("bram: map %d×%d: depth and width must be positive", depth, width)
	}
	type cost struct{ prims, mux, waste, pick int }
	better := func(x, y cost) bool {
		if x.prims != y.prims {
			return x.prims < y.prims
		}
		if x.mux != y.mux {
			return x.mux < y.mux
		}
		return x.waste < y.waste
	}
	cascade := func(a Aspect) int { return (depth + a.Depth - 1) / a.Depth }
	// best[w] is the cheapest way to hold the top w bits of the word.
	best := make([]cost, width+1)
	for w := 1; w <= width; w++ {
		best[w] = cost{prims: -1}
		for i, a := range Aspects {
			rest := max(0, w-a.Width)
			c := cascade(a)
			x := cost{
				prims: best[rest].prims + c,
				mux:   max(best[rest].mux, bits.Len(uint(c-1))),
				waste: best[rest].waste + max(0, a.Width-w),
				pick:  i,
			}
			if best[w].prims < 0 || better(x, best[w]) {
				best[w] = x
			}
		}
	}
	m := Mapping{Depth: depth, Width: width, Primitives: best[width].prims, MuxLevels: best[width].mux}
	count := map[int]int{}
	for w := width; w > 0; w = max(0, w-Aspects[best[w].pick].Width) {
		count[best[w].pick]++
	}
	for i := len(Aspects) - 1; i >= 0; i-- { // widest shape first
		if n := count[i]; n > 0 {
			m.Groups = append(m.Groups, Group{Aspect: Aspects[i], Columns: n, Cascade: cascade(Aspects[i])})
		}
	}
	return m, nil
}

// String is the mapping in a synthesis report's words, e.g.
// "675×1800: 100 RAMB16 (1K×18 ×100)".
func (m Mapping) String() string {
	var parts []string
	for _, g := range m.Groups {
		s := fmt.Sprintf("%s ×%d", g.Aspect, g.Columns)
		if g.Cascade > 1 {
			s += fmt.Sprintf(" cascaded ×%d", g.Cascade)
		}
		parts = append(parts, s)
	}
	s := fmt.Sprintf("%d×%d: %d RAMB16 (%s)", m.Depth, m.Width, m.Primitives, strings.Join(parts, " + "))
	if m.MuxLevels > 0 {
		s += fmt.Sprintf(", %d mux levels", m.MuxLevels)
	}
	return s
}
