package uart

import (
	"fmt"
	"math"

	"sudokusim/sim"
)

// Line is a serial line: Level is true for mark (1, the idle level) and
// false for space (0). It must be a function of the driving block's current
// registers.
type Line interface {
	Level() bool
}

// ByteSource is a byte channel between blocks. Valid and Byte are functions
// of the source's current registers. With a Transmitter as the sink, a byte
// moves in a cycle in which Valid and the Transmitter's Ready are both true
// (both sides see the same current values, so both know); a Receiver is a
// ByteSource without backpressure: Valid is a one-cycle strobe.
type ByteSource interface {
	Valid() bool
	Byte() byte
}

// formatHz prints a frequency without float noise (sim.FormatHz).
func formatHz(hz float64) string { return sim.FormatHz(hz) }

// Divisor is the baud divisor round(clockHz/baud): the number of clock
// cycles per bit. It fails when a bit would be shorter than 2 cycles (the
// receiver samples at mid-bit) or longer than 2³¹ cycles.
func Divisor(clockHz float64, baud int) (uint32, error) {
	if baud <= 0 || clockHz <= 0 || math.IsNaN(clockHz) || math.IsInf(clockHz, 0) {
		return 0, fmt.Errorf("uart: clock %s, %d baud: both must be positive", formatHz(clockHz), baud)
	}
	d := math.Round(clockHz / float64(baud))
	if d < 2 || d > 1<<31 {
		return 0, fmt.Errorf("uart: a %s clock at %d baud gives %.0f cycles per bit: want 2..2³¹", formatHz(clockHz), baud, d)
	}
	return uint32(d), nil
}

// BitsPerByte is the length of an 8N1 character: start bit, 8 data bits,
// stop bit.
const BitsPerByte = 10

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
