package hdl

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
)

// Record is one clock cycle of the HDL as the harness streams it. The
// stream (little-endian) is, per cycle: state, flags (bit 0 a_en, 1 a_we,
// 2 b_en, 3 b_we, 4 g_en, 5 g_we, 6 txd, 7 full data follows), chk, size,
// reply, rxd (bit 0), the three port addresses (16 bits each); then for each
// port that writes, in the order A, B, given, a 64-bit FNV-1a hash of the
// written word's enabled part (lanes below size; for the given mask its
// bits below size packed LSB first) and, with flag 7, those bytes. A state
// byte of 0xFF ends the stream: cycles run, nanoseconds of the loop, the
// final checksum, reply and size registers, then size·size bytes: the row
// words' enabled lanes.
type Record struct {
	State, Flags, Chk, Size, Reply uint8
	// Pad bit 0 is rxd, the host's line into the processor.
	Pad  uint8
	Addr [3]uint16
	Hash [3]uint64
	Data [3][]byte // with flag 7 only
}

// Port flags of Record.Flags.
const (
	flagAEn  = 1 << 0
	flagAWe  = 1 << 1
	flagBEn  = 1 << 2
	flagBWe  = 1 << 3
	flagGEn  = 1 << 4
	flagGWe  = 1 << 5
	flagTxd  = 1 << 6
	flagFull = 1 << 7
)

func (r *Record) en(port int) bool { return r.Flags&(1<<(2*port)) != 0 }
func (r *Record) we(port int) bool { return r.Flags&(2<<(2*port)) != 0 }
func (r *Record) txd() bool        { return r.Flags&flagTxd != 0 }
func (r *Record) rxd() bool        { return r.Pad&1 != 0 }

// Trailer is the end of the stream.
type Trailer struct {
	Cycles, Nanos    uint64
	Chk, Reply, Size uint8
	Rows             []byte // size·size cells, row-major
}

// traceReader decodes a harness stream.
type traceReader struct {
	r   *bufio.Reader
	buf [12]byte
}

func newTraceReader(r io.Reader) *traceReader {
	return &traceReader{r: bufio.NewReaderSize(r, 1<<20)}
}

// next reads one record into rec; at the end marker it returns the trailer.
func (t *traceReader) next(rec *Record) (*Trailer, error) {
	if _, err := io.ReadFull(t.r, t.buf[:1]); err != nil {
		return nil, fmt.Errorf("hdl: trace cut short: %w", err)
	}
	if t.buf[0] == 0xFF {
		return t.trailer()
	}
	if _, err := io.ReadFull(t.r, t.buf[1:12]); err != nil {
		return nil, fmt.Errorf("hdl: trace cut short: %w", err)
	}
	b := t.buf[:]
	rec.State, rec.Flags, rec.Chk, rec.Size, rec.Reply, rec.Pad = b[0], b[1], b[2], b[3], b[4], b[5]
	for i := range rec.Addr {
		rec.Addr[i] = binary.LittleEndian.Uint16(b[6+2*i:])
		rec.Hash[i] = 0
		rec.Data[i] = rec.Data[i][:0]
	}
	for port := 0; port < 3; port++ {
		if !rec.en(port) || !rec.we(port) {
			continue
		}
		var h [8]byte
		if _, err := io.ReadFull(t.r, h[:]); err != nil {
			return nil, fmt.Errorf("hdl: trace cut short: %w", err)
		}
		rec.Hash[port] = binary.LittleEndian.Uint64(h[:])
		if rec.Flags&flagFull != 0 {
			n := int(rec.Size)
			if port == 2 {
				n = (n + 7) / 8
			}
			if cap(rec.Data[port]) < n {
				rec.Data[port] = make([]byte, n)
			}
			rec.Data[port] = rec.Data[port][:n]
			if _, err := io.ReadFull(t.r, rec.Data[port]); err != nil {
				return nil, fmt.Errorf("hdl: trace cut short: %w", err)
			}
		}
	}
	return nil, nil
}

func (t *traceReader) trailer() (*Trailer, error) {
	var b [19]byte
	if _, err := io.ReadFull(t.r, b[:]); err != nil {
		return nil, fmt.Errorf("hdl: trace trailer cut short: %w", err)
	}
	tr := &Trailer{Cycles: binary.LittleEndian.Uint64(b[0:]), Nanos: binary.LittleEndian.Uint64(b[8:]),
		Chk: b[16], Reply: b[17], Size: b[18]}
	tr.Rows = make([]byte, int(tr.Size)*int(tr.Size))
	if _, err := io.ReadFull(t.r, tr.Rows); err != nil {
		return nil, fmt.Errorf("hdl: trace rows cut short: %w", err)
	}
	return tr, nil
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func fnv(b []byte) uint64 {
	h := uint64(fnvOffset)
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}
