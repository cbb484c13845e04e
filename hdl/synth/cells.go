package synth

import (
	"fmt"
	"sort"
	"strings"
)

// Cells are the technology cells of one module (or a whole design) as the
// Virtex-II Pro map report groups them.
type Cells struct {
	// LUT1–LUT4 cells.
	LUT1 int `json:"lut1"`
	LUT2 int `json:"lut2"`
	LUT3 int `json:"lut3"`
	LUT4 int `json:"lut4"`
	// FF are the flip-flops (FDRE, FDSE, FDCE, FDPE and their variants);
	// Latch the transparent latches (LD*), which the house style forbids.
	FF    int `json:"ff"`
	Latch int `json:"latch,omitempty"`
	// The slice's wide-function multiplexers.
	MUXF5 int `json:"muxf5,omitempty"`
	MUXF6 int `json:"muxf6,omitempty"`
	MUXF7 int `json:"muxf7,omitempty"`
	MUXF8 int `json:"muxf8,omitempty"`
	// Carry-chain cells.
	MUXCY   int `json:"muxcy,omitempty"`
	XORCY   int `json:"xorcy,omitempty"`
	MultAnd int `json:"mult_and,omitempty"`
	// DistRAM is the LUT sites taken by distributed RAM (RAM16X1S takes one,
	// RAM32X1S two, a dual-port RAM twice its single-port size); SRL the
	// SRL16 shift registers (one LUT site each).
	DistRAM int `json:"dist_ram_luts,omitempty"`
	SRL     int `json:"srl16,omitempty"`
	// RAMB16 counts block RAMs by primitive name (RAMB16_S36, RAMB16_S18_S18, …),
	// sorted by name.
	RAMB16 []Count `json:"ramb16_by_shape,omitempty"`
	// MULT18 are the 18×18 multipliers; IOB the I/O buffers; Other any cell
	// the report has no column for, by name.
	MULT18 int     `json:"mult18x18,omitempty"`
	IOB    int     `json:"iob,omitempty"`
	Other  []Count `json:"other,omitempty"`
}

// Count is a number of cells of one type.
type Count struct {
	Type string `json:"type"`
	N    int    `json:"n"`
}

// LUTs is every LUT site the module takes: LUT1–LUT4, distributed RAM and
// shift registers.
func (c Cells) LUTs() int {
	return c.LUT1 + c.LUT2 + c.LUT3 + c.LUT4 + c.DistRAM + c.SRL
}

// Blocks is the number of RAMB16 primitives of any shape.
func (c Cells) Blocks() int {
	n := 0
	for _, r := range c.RAMB16 {
		n += r.N
	}
	return n
}

// SlicesPacked is the lower bound on occupied slices (see the package doc).
func (c Cells) SlicesPacked() int {
	s := max(half(c.LUTs()), half(c.FF+c.Latch), c.MUXF5, c.MUXF6+c.MUXF7+c.MUXF8, half(c.MUXCY), half(c.XORCY))
	return s
}

// SlicesUnpacked is the occupied slices when no flip-flop shares a slice
// with an unrelated LUT (see the package doc).
func (c Cells) SlicesUnpacked() int {
	return max(c.SlicesPacked(), half(c.LUTs())+half(c.FF+c.Latch))
}

func half(n int) int { return (n + 1) / 2 }

// add counts n cells of the named type. Submodule instances are not cells
// and must not reach here.
func (c *Cells) add(typ string, n int) {
	switch {
	case typ == "LUT1" || typ == "INV":
		// synth_xilinx maps a lone inverter to a LUT1 site.
		c.LUT1 += n
	case typ == "LUT2":
		c.LUT2 += n
	case typ == "LUT3":
		c.LUT3 += n
	case typ == "LUT4":
		c.LUT4 += n
	case typ == "MUXF5":
		c.MUXF5 += n
	case typ == "MUXF6":
		c.MUXF6 += n
	case typ == "MUXF7":
		c.MUXF7 += n
	case typ == "MUXF8":
		c.MUXF8 += n
	case strings.HasPrefix(typ, "FD"):
		c.FF += n
	case strings.HasPrefix(typ, "LD"):
		c.Latch += n
	case typ == "MUXCY":
		c.MUXCY += n
	case typ == "XORCY":
		c.XORCY += n
	case typ == "MULT_AND":
		c.MultAnd += n
	case strings.HasPrefix(typ, "RAMB16"):
		c.RAMB16 = addCount(c.RAMB16, typ, n)
	case strings.HasPrefix(typ, "RAM") && strings.Contains(typ, "X"):
		c.DistRAM += n * distRAMSites(typ)
	case strings.HasPrefix(typ, "SRL"):
		c.SRL += n
	case strings.HasPrefix(typ, "MULT18X18"):
		c.MULT18 += n
	case typ == "IBUF" || typ == "OBUF" || typ == "IOBUF" || typ == "OBUFT" || strings.HasPrefix(typ, "BUFG"):
		c.IOB += n
	default:
		c.Other = addCount(c.Other, typ, n)
	}
}

// distRAMSites is the LUT sites of a distributed RAM primitive: RAMdXwS
// takes d/16·w sites, a dual-port (…D) one twice that.
func distRAMSites(typ string) int {
	var depth, width int
	var kind string
	if _, err := fmt.Sscanf(typ, "RAM%dX%d%s", &depth, &width, &kind); err != nil || depth < 16 {
		return 1
	}
	sites := depth / 16 * width
	if strings.HasPrefix(kind, "D") {
		sites *= 2
	}
	return sites
}

func addCount(list []Count, typ string, n int) []Count {
	for i := range list {
		if list[i].Type == typ {
			list[i].N += n
			return list
		}
	}
	list = append(list, Count{Type: typ, N: n})
	sort.Slice(list, func(i, j int) bool { return list[i].Type < list[j].Type })
	return list
}

// plus returns c + n·o.
func (c Cells) plus(o Cells, n int) Cells {
	c.LUT1 += n * o.LUT1
	c.LUT2 += n * o.LUT2
	c.LUT3 += n * o.LUT3
	c.LUT4 += n * o.LUT4
	c.MUXF5 += n * o.MUXF5
	c.MUXF6 += n * o.MUXF6
	c.MUXF7 += n * o.MUXF7
	c.MUXF8 += n * o.MUXF8
	c.FF += n * o.FF
	c.Latch += n * o.Latch
	c.MUXCY += n * o.MUXCY
	c.XORCY += n * o.XORCY
	c.MultAnd += n * o.MultAnd
	c.DistRAM += n * o.DistRAM
	c.SRL += n * o.SRL
	c.MULT18 += n * o.MULT18
	c.IOB += n * o.IOB
	for _, r := range o.RAMB16 {
		c.RAMB16 = addCount(append([]Count(nil), c.RAMB16...), r.Type, n*r.N)
	}
	for _, r := range o.Other {
		c.Other = addCount(append([]Count(nil), c.Other...), r.Type, n*r.N)
	}
	return c
}
