package bram

import "fmt"

// Memory is a logical block-RAM memory of Depth words × Width bits, built
// from RAMB16 primitives as Map describes and simulated at word level: one
// Edge per cycle, whatever the number of primitives, with the primitives'
// behaviour — two ports, synchronous read (data the cycle after the
// address), a write mode per port, collisions and addresses out of range
// reported (sticky) — and their count from Mapping.
//
// Word packing: a word is held as ⌈Width/64⌉ uint64s, bit i of the word in
// bit i%64 of element i/64; bits at and above Width must be 0. The
// primitives hold the word in columns from bit 0 up (see Mapping).
//
// Write enables are per primitive column in the hardware (Virtex-II Pro
// RAMB16s have no byte enables): WriteMasked writes only the bits set in a
// mask, and ColumnMask builds the mask of the whole columns a bit range
// touches. A design writing one 8-bit cell of a wide word must therefore
// supply every bit of the columns it enables (read-modify-write), as the
// hardware must.
//
// In a cascaded mapping the output multiplexer's select is registered with
// every access that updates the output, not with a NO_CHANGE write, so a
// NO_CHANGE port keeps its output across a write to any level — the
// behaviour TestMemoryMatchesPrimitives checks against the memory built
// literally from RAMB16s.
type Memory struct {
	name  string
	m     Mapping
	n     int // uint64s per word
	top   uint64
	data  []uint64
	colHi []int // exclusive end bit of each column, in word order
	A, B  MemPort
	err   error
	nerr  uint64
	tmp   []uint64
}

// MemPort is one port of a Memory.
type MemPort struct {
	name   byte
	mode   WriteMode
	en, we bool
	masked bool
	addr   int
	din    []uint64
	mask   []uint64
	dout   []uint64
	old    []uint64
}

// NewMemory maps a depth × width memory onto primitives and returns it with
// all words zero, port A and B in the given write modes.
func NewMemory(name string, depth, width int, a, b WriteMode) (*Memory, error) {
	mp, err := Map(depth, width)
	if err != nil {
		return nil, fmt.Errorf("bram %s: %w", name, err)
	}
	if a > NoChange || b > NoChange {
		return nil, fmt.Errorf("bram %s: bad write mode %d/%d", name, a, b)
	}
	n := (width + 63) / 64
	mem := &Memory{name: name, m: mp, n: n, data: make([]uint64, depth*n), tmp: make([]uint64, n)}
	mem.top = ^uint64(0)
	if r := width % 64; r != 0 {
		mem.top = 1<<uint(r) - 1
	}
	lo := 0
	for _, g := range mp.Groups {
		for c := 0; c < g.Columns; c++ {
			lo = min(lo+g.Aspect.Width, width)
			mem.colHi = append(mem.colHi, lo)
		}
	}
	for _, p := range []struct {
		p    *MemPort
		name byte
		mode WriteMode
	}{{&mem.A, 'A', a}, {&mem.B, 'B', b}} {
		*p.p = MemPort{name: p.name, mode: p.mode,
			din: make([]uint64, n), mask: make([]uint64, n), dout: make([]uint64, n), old: make([]uint64, n)}
	}
	return mem, nil
}

// Name is the memory's name.
func (m *Memory) Name() string { return m.name }

// Mapping is how the memory is built from primitives.
func (m *Memory) Mapping() Mapping { return m.m }

// Depth and Width are the logical shape; Words is the number of uint64s per
// word.
func (m *Memory) Depth() int { return m.m.Depth }
func (m *Memory) Width() int { return m.m.Width }
func (m *Memory) Words() int { return m.n }

// Err is the first error met (sticky); Errors counts them all.
func (m *Memory) Err() error     { return m.err }
func (m *Memory) Errors() uint64 { return m.nerr }

func (m *Memory) fail(kind error, format string, a ...any) {
	m.nerr++
	if m.err == nil {
		m.err = fmt.Errorf("bram %s: %w: %s", m.name, kind, fmt.Sprintf(format, a...))
	}
}

// Read drives a read of addr this cycle.
func (p *MemPort) Read(addr int) { p.en, p.we, p.addr = true, false, addr }

// Write drives a write of the whole word din (copied) to addr this cycle.
func (p *MemPort) Write(addr int, din []uint64) {
	p.en, p.we, p.masked, p.addr = true, true, false, addr
	copy(p.din, din)
}

// WriteMasked drives a write of the bits of din set in mask (both copied).
func (p *MemPort) WriteMasked(addr int, din, mask []uint64) {
	p.en, p.we, p.masked, p.addr = true, true, true, addr
	copy(p.din, din)
	copy(p.mask, mask)
}

// Dout is the output register (the port's own slice; do not keep it across
// an Edge).
func (p *MemPort) Dout() []uint64 { return p.dout }

// ColumnMask sets in mask (Words() long, cleared first) every bit of every
// primitive column that holds a bit of [lo, hi): the write enables a design
// must raise to change those bits.
func (m *Memory) ColumnMask(lo, hi int, mask []uint64) {
	clear(mask)
	start := 0
	for _, end := range m.colHi {
		if start < hi && lo < end {
			for b := start; b < end; b++ {
				mask[b>>6] |= 1 << uint(b&63)
			}
		}
		start = end
	}
}

// Edge is the clock edge of every primitive of the memory: both ports'
// accesses happen, outputs update, ports are released.
func (m *Memory) Edge() {
	a, b := &m.A, &m.B
	if !a.en && !b.en {
		return
	}
	aok, bok := m.check(a), m.check(b)
	if aok && bok && a.addr == b.addr && (a.we || b.we) {
		switch {
		case a.we && b.we && m.masksOverlap():
			m.fail(ErrCollision, "write/write: both ports write address %d", a.addr)
		case a.we && !b.we:
			m.fail(ErrCollision, "read/write: port B reads address %d while port A writes it", a.addr)
		case b.we && !a.we:
			m.fail(ErrCollision, "read/write: port A reads address %d while port B writes it", a.addr)
		}
	}
	if aok {
		copy(a.old, m.word(a.addr))
	}
	if bok {
		copy(b.old, m.word(b.addr))
	}
	if aok {
		m.access(a)
	}
	if bok {
		m.access(b)
	}
	if aok && a.we {
		m.output(a)
	}
	if bok && b.we {
		m.output(b)
	}
	a.en, b.en = false, false
}

func (m *Memory) masksOverlap() bool {
	if !m.A.masked || !m.B.masked {
		return true
	}
	for i := range m.A.mask {
		if m.A.mask[i]&m.B.mask[i] != 0 {
			return true
		}
	}
	return false
}

func (m *Memory) word(addr int) []uint64 { return m.data[addr*m.n : addr*m.n+m.n] }

func (m *Memory) check(p *MemPort) bool {
	if !p.en {
		return false
	}
	if p.addr < 0 || p.addr >= m.m.Depth {
		m.fail(ErrAddress, "port %c: address %d outside 0..%d", p.name, p.addr, m.m.Depth-1)
		return false
	}
	if p.we && p.din[m.n-1]&^m.top != 0 {
		m.fail(ErrData, "port %c: data has bits above the %d-bit word", p.name, m.m.Width)
		return false
	}
	return true
}

// access reads (a port not writing) or writes (a writing port).
func (m *Memory) access(p *MemPort) {
	if !p.we {
		copy(p.dout, p.old)
		return
	}
	w := m.word(p.addr)
	if !p.masked {
		copy(w, p.din)
		return
	}
	for i := range w {
		w[i] = w[i]&^p.mask[i] | p.din[i]&p.mask[i]
	}
}

// output sets a writing port's output by its write mode; columns not
// enabled for the write were read, so they show the old data.
func (m *Memory) output(p *MemPort) {
	switch p.mode {
	case WriteFirst:
		copy(p.dout, m.word(p.addr))
	case ReadFirst:
		copy(p.dout, p.old)
	case NoChange:
		if p.masked {
			for i := range p.dout {
				p.dout[i] = p.dout[i]&p.mask[i] | p.old[i]&^p.mask[i]
			}
		}
	}
}

// Peek copies word addr into dst without a clock (testbench back door).
func (m *Memory) Peek(addr int, dst []uint64) error {
	if addr < 0 || addr >= m.m.Depth {
		return fmt.Errorf("bram %s: peek address %d outside 0..%d: %w", m.name, addr, m.m.Depth-1, ErrAddress)
	}
	copy(dst, m.word(addr))
	return nil
}

// Load writes word addr without a clock (initial contents).
func (m *Memory) Load(addr int, w []uint64) error {
	if addr < 0 || addr >= m.m.Depth {
		return fmt.Errorf("bram %s: load address %d outside 0..%d: %w", m.name, addr, m.m.Depth-1, ErrAddress)
	}
	if len(w) != m.n || w[m.n-1]&^m.top != 0 {
		return fmt.Errorf("bram %s: load address %d: want %d words with no bit at or above %d: %w", m.name, addr, m.n, m.m.Width, ErrData)
	}
	copy(m.word(addr), w)
	return nil
}
