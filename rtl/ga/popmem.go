package ga

import (
	"errors"
	"fmt"
	"math/bits"

	"sudokusim/bram"
)

// Errors of the population memory's port rules (wrapped with detail).
var (
	ErrCollision = errors.New("ga: pop_mem port collision")
	ErrAddress   = errors.New("ga: pop_mem address out of range")
)

// popMem is pop_mem_sudoku: a dual-port RAM of 2·2^a words, a = ⌈log₂
// PopSize⌉, one chromosome and its fitness per word. The top address bit is
// the ping-pong pointer: half pp holds the current generation, half pp^1 the
// next. Reads are synchronous (data in dout the cycle after the address);
// writes land at the clock edge. Both ports enabled on one address with at
// least one writing is a collision, reported (sticky) and never resolved.
//
// A write is either a whole word (cells and fitness) or the fitness field
// alone (the fitness column's write enable, used by the evaluation's write
// back).
//
// Word layout (what bram.Map sizes): cell i in bits [i·v, (i+1)·v), v =
// ⌈log₂(S+1)⌉, cells row-major, then the fitness field.
type popMem struct {
	g      geometry
	half   int // 2^a
	cells  []uint8
	fit    []uint16
	A, B   memPort
	err    error
	layout bram.Mapping
}

type memPort struct {
	en, we, fitOnly bool
	addr            int
	din             []uint8
	dfit            uint16
	dout            []uint8
	doutFit         uint16
}

func newPopMem(g geometry, pop int) (*popMem, error) {
	half := 1 << bits.Len(uint(pop-1))
	m, err := bram.Map(2*half, g.wordBits())
	if err != nil {
		return nil, fmt.Errorf("ga: sizing pop_mem: %w", err)
	}
	return &popMem{g: g, half: half, cells: make([]uint8, 2*half*g.cells), fit: make([]uint16, 2*half),
		A: memPort{dout: make([]uint8, g.cells)}, B: memPort{dout: make([]uint8, g.cells)}, layout: m}, nil
}

// addr is the physical address of slot s in half h.
func (m *popMem) addr(h, s int) int { return h*m.half + s }

func (p *memPort) read(addr int) { p.en, p.we, p.addr = true, false, addr }

func (p *memPort) write(addr int, cells []uint8, fit int) {
	p.en, p.we, p.fitOnly, p.addr, p.din, p.dfit = true, true, false, addr, cells, uint16(fit)
}

func (p *memPort) writeFit(addr int, fit int) {
	p.en, p.we, p.fitOnly, p.addr, p.dfit = true, true, true, addr, uint16(fit)
}

// edge is the clock edge: reads latch dout, writes land, both ports are
// released for the next cycle.
func (m *popMem) edge() {
	a, b := &m.A, &m.B
	if a.en && b.en && a.addr == b.addr && (a.we || b.we) && m.err == nil {
		m.err = fmt.Errorf("%w: both ports on address %d (A we=%t, B we=%t)", ErrCollision, a.addr, a.we, b.we)
	}
	m.access(a)
	m.access(b)
	a.en, b.en = false, false
}

func (m *popMem) access(p *memPort) {
	if !p.en {
		return
	}
	if p.addr < 0 || p.addr >= 2*m.half {
		if m.err == nil {
			m.err = fmt.Errorf("%w: %d, depth %d", ErrAddress, p.addr, 2*m.half)
		}
		return
	}
	w := m.cells[p.addr*m.g.cells : (p.addr+1)*m.g.cells]
	if !p.we {
		copy(p.dout, w)
		p.doutFit = m.fit[p.addr]
		return
	}
	if !p.fitOnly {
		copy(w, p.din)
	}
	m.fit[p.addr] = p.dfit
}

// word returns the stored cells of a physical address (for tests and the
// final read-out; not a port).
func (m *popMem) word(addr int) []uint8 { return m.cells[addr*m.g.cells : (addr+1)*m.g.cells] }

// Err is the first breach of the port rules, sticky.
func (m *popMem) Err() error { return m.err }
