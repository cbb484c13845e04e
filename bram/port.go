package bram

import "fmt"

// Port is one of the two ports of a RAMB16.
//
// Word packing: a word of a 9-, 18- or 36-bit port carries its data bits in
// bits 0..7, 0..15 or 0..31 of the uint64 (Xilinx DI/DO) and its parity bits
// above them, in bits 8, 16..17 or 32..35 (DIP/DOP). Data word a of a port
// with d data bits is data bits [a·d, a·d+d) of the array, parity word a of
// a port with p parity bits is parity bits [a·p, a·p+p), so ports of
// different widths see the same array (bit 0 of word 1 of an 8K×2 port is
// bit 2 of the array, bit 0 of word 2 of a 16K×1 port).
type Port struct {
	name   byte
	aspect Aspect
	dbits  uint   // data bits per word
	pbits  uint   // parity bits per word
	mask   uint64 // Width bits
	mode   WriteMode

	// driven this cycle
	en, we bool
	addr   int
	din    uint64

	dout uint64
}

// Drive sets the port's inputs for this cycle: enable, write enable,
// address and data in. Call it during Eval; the access happens at the
// owner's next Edge. A port not driven in a cycle is disabled in it (its
// output holds).
func (p *Port) Drive(en, we bool, addr int, din uint64) {
	p.en, p.we, p.addr, p.din = en, we, addr, din
}

// Read drives a read of addr this cycle.
func (p *Port) Read(addr int) { p.Drive(true, false, addr, 0) }

// Write drives a write of din to addr this cycle.
func (p *Port) Write(addr int, din uint64) { p.Drive(true, true, addr, din) }

// Dout is the port's output register: the word read (or, by write mode,
// written) at the last Edge at which the port was enabled.
func (p *Port) Dout() uint64 { return p.dout }

// Aspect is the port's shape.
func (p *Port) Aspect() Aspect { return p.aspect }

// Mode is the port's write mode.
func (p *Port) Mode() WriteMode { return p.mode }

func (p *Port) configure(name byte, cfg PortConfig) error {
	a, err := aspectOf(cfg.Width)
	if err != nil {
		return fmt.Errorf("port %c: %w", name, err)
	}
	if cfg.Mode > NoChange {
		return fmt.Errorf("port %c: bad write mode %d", name, cfg.Mode)
	}
	*p = Port{name: name, aspect: a, mode: cfg.Mode, dbits: a.dataBits()}
	p.pbits = uint(a.Width) - p.dbits
	p.mask = 1<<uint(a.Width) - 1
	return nil
}

// dataRange is the span of array data bits the port's address covers.
func (p *Port) dataRange() (lo, hi int) {
	lo = p.addr * int(p.dbits)
	return lo, lo + int(p.dbits)
}
