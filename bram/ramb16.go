package bram

import (
	"errors"
	"fmt"
)

// Primitive sizes.
const (
	DataBits   = 16384
	ParityBits = 2048
)

// ErrCollision is wrapped by every collision error; ErrAddress by every
// out-of-range address and ErrData by data wider than the port.
var (
	ErrCollision = errors.New("collision")
	ErrAddress   = errors.New("address out of range")
	ErrData      = errors.New("data wider than the port")
)

// RAMB16 is one block RAM. Its zero value is unconfigured; use New, or
// Configure on a RAMB16 embedded in a block.
type RAMB16 struct {
	name   string
	A, B   Port
	data   [DataBits / 64]uint64
	parity [ParityBits / 64]uint64
	err    error
	nerr   uint64
}

// New returns a configured RAMB16 whose contents are all zero.
func New(name string, a, b PortConfig) (*RAMB16, error) {
	r := &RAMB16{}
	if err := r.Configure(name, a, b); err != nil {
		return nil, err
	}
	return r, nil
}

// Configure sets the name and port shapes and clears contents, outputs and
// errors.
func (r *RAMB16) Configure(name string, a, b PortConfig) error {
	*r = RAMB16{name: name}
	if err := r.A.configure('A', a); err != nil {
		return fmt.Errorf("bram %s: %w", name, err)
	}
	if err := r.B.configure('B', b); err != nil {
		return fmt.Errorf("bram %s: %w", name, err)
	}
	return nil
}

// Name is the name given at configuration.
func (r *RAMB16) Name() string { return r.name }

// Err returns the first error the primitive met (sticky), or nil. Owners
// return it from their sim.Faulter Err method.
func (r *RAMB16) Err() error { return r.err }

// Errors counts every error met, the first included.
func (r *RAMB16) Errors() uint64 { return r.nerr }

func (r *RAMB16) fail(kind error, format string, a ...any) {
	r.nerr++
	if r.err == nil {
		r.err = fmt.Errorf("bram %s: %w: %s", r.name, kind, fmt.Sprintf(format, a...))
	}
}

// Edge is the clock edge: it performs the accesses driven on both ports
// this cycle and updates their outputs, then releases the ports. Reads see
// the contents before this edge's writes. A collision is reported; the
// colliding writes still land (the later port B last) and a colliding read
// returns the old contents, but the hardware gives no such guarantee, so the
// run must treat the error as fatal.
func (r *RAMB16) Edge() {
	a, b := &r.A, &r.B
	if !a.en && !b.en {
		return
	}
	aok, bok := r.check(a), r.check(b)
	if aok && bok && (a.we || b.we) {
		alo, ahi := a.dataRange()
		blo, bhi := b.dataRange()
		if alo < bhi && blo < ahi {
			switch {
			case a.we && b.we:
				r.fail(ErrCollision, "write/write: port A address %d and port B address %d", a.addr, b.addr)
			case a.we:
				r.fail(ErrCollision, "read/write: port B reads address %d while port A writes address %d", b.addr, a.addr)
			default:
				r.fail(ErrCollision, "read/write: port A reads address %d while port B writes address %d", a.addr, b.addr)
			}
		}
	}
	var olda, oldb uint64
	if aok {
		olda = r.word(a)
	}
	if bok {
		oldb = r.word(b)
	}
	if aok {
		r.access(a, olda)
	}
	if bok {
		r.access(b, oldb)
	}
	a.en, b.en = false, false
}

// check validates an enabled port's address and data; false means no access.
func (r *RAMB16) check(p *Port) bool {
	if !p.en {
		return false
	}
	if p.addr < 0 || p.addr >= p.aspect.Depth {
		r.fail(ErrAddress, "port %c: address %d outside 0..%d", p.name, p.addr, p.aspect.Depth-1)
		return false
	}
	if p.we && p.din&^p.mask != 0 {
		r.fail(ErrData, "port %c: data %#x has bits above the %d-bit port", p.name, p.din, p.aspect.Width)
		return false
	}
	return true
}

func (r *RAMB16) access(p *Port, old uint64) {
	if !p.we {
		p.dout = old
		return
	}
	r.store(p, p.din)
	switch p.mode {
	case WriteFirst:
		p.dout = p.din
	case ReadFirst:
		p.dout = old
	}
}

// word reads the word at the port's address: data bits, then parity bits.
func (r *RAMB16) word(p *Port) uint64 {
	return r.wordAt(p, p.addr)
}

func (r *RAMB16) wordAt(p *Port, addr int) uint64 {
	// addr is in range (checked), so the masks only drop bounds checks.
	off := uint(addr) * p.dbits
	v := r.data[off>>6&(DataBits/64-1)] >> (off & 63) & (1<<p.dbits - 1)
	if p.pbits > 0 {
		off = uint(addr) * p.pbits
		v |= (r.parity[off>>6&(ParityBits/64-1)] >> (off & 63) & (1<<p.pbits - 1)) << p.dbits
	}
	return v
}

func (r *RAMB16) store(p *Port, v uint64) { r.storeAt(p, p.addr, v) }

func (r *RAMB16) storeAt(p *Port, addr int, v uint64) {
	off := uint(addr) * p.dbits
	m := uint64(1)<<p.dbits - 1
	w := &r.data[off>>6&(DataBits/64-1)]
	*w = *w&^(m<<(off&63)) | (v&m)<<(off&63)
	if p.pbits > 0 {
		off = uint(addr) * p.pbits
		m = uint64(1)<<p.pbits - 1
		w = &r.parity[off>>6&(ParityBits/64-1)]
		*w = *w&^(m<<(off&63)) | (v>>p.dbits&m)<<(off&63)
	}
}

// Peek reads word addr through port p's shape without a clock (a testbench
// back door; it does not touch the port's output).
func (r *RAMB16) Peek(p *Port, addr int) (uint64, error) {
	if addr < 0 || addr >= p.aspect.Depth {
		return 0, fmt.Errorf("bram %s: peek port %c address %d outside 0..%d: %w",
			r.name, p.name, addr, p.aspect.Depth-1, ErrAddress)
	}
	return r.wordAt(p, addr), nil
}

// Load writes initial contents through port p's shape, word i at address
// i, like the INIT attributes of the primitive.
func (r *RAMB16) Load(p *Port, words []uint64) error {
	if len(words) > p.aspect.Depth {
		return fmt.Errorf("bram %s: load of %d words into a %s port: %w", r.name, len(words), p.aspect, ErrAddress)
	}
	for i, w := range words {
		if w&^p.mask != 0 {
			return fmt.Errorf("bram %s: load word %d = %#x: %w", r.name, i, w, ErrData)
		}
		r.storeAt(p, i, w)
	}
	return nil
}
