package bram

import "fmt"

// Aspect is the shape of one RAMB16 port: Depth words of Width bits.
// The 9-, 18- and 36-bit shapes include the parity bits (1, 2 or 4 per
// word); the 1-, 2- and 4-bit shapes reach only the 16,384 data bits.
type Aspect struct {
	Depth, Width int
}

// Aspects are the six RAMB16 port shapes, narrowest first.
var Aspects = [...]Aspect{
	{16384, 1}, {8192, 2}, {4096, 4}, {2048, 9}, {1024, 18}, {512, 36},
}

// AspectOfWidth returns the shape with this port width.
func AspectOfWidth(width int) (Aspect, error) {
	a, err := aspectOf(width)
	if err != nil {
		return a, fmt.Errorf("bram: %w", err)
	}
	return a, nil
}

func aspectOf(width int) (Aspect, error) {
	for _, a := range Aspects {
		if a.Width == width {
			return a, nil
		}
	}
	return Aspect{}, fmt.Errorf("port width %d: RAMB16 ports are 1, 2, 4, 9, 18 or 36 bits wide", width)
}

// dataBits is the number of data bits in a word; the rest are parity bits.
func (a Aspect) dataBits() uint {
	if a.Width >= 9 {
		return uint(a.Width / 9 * 8)
	}
	return uint(a.Width)
}

func (a Aspect) String() string {
	if a.Depth >= 1024 {
		return fmt.Sprintf("%dK×%d", a.Depth/1024, a.Width)
	}
	return fmt.Sprintf("%d×%d", a.Depth, a.Width)
}

// WriteMode is what a port's output shows in a cycle in which the port
// writes.
type WriteMode uint8

const (
	// WriteFirst: the output shows the data just written (Xilinx default).
	WriteFirst WriteMode = iota
	// ReadFirst: the output shows the old contents of the address.
	ReadFirst
	// NoChange: the output keeps the value it had before the write.
	NoChange
)

func (m WriteMode) String() string {
	switch m {
	case WriteFirst:
		return "WRITE_FIRST"
	case ReadFirst:
		return "READ_FIRST"
	case NoChange:
		return "NO_CHANGE"
	}
	return fmt.Sprintf("WriteMode(%d)", uint8(m))
}

// PortConfig configures one port: its width (one of the Aspects) and write
// mode. The zero value is not valid (width 0).
type PortConfig struct {
	Width int
	Mode  WriteMode
}
