package ga

// Maximal-length Galois LFSR feedback masks (right-shifting form: bit t-1 of
// the mask is tap t). The taps are those of Xilinx XAPP052, table 3:
// 8: x⁸+x⁶+x⁵+x⁴+1, 16: x¹⁶+x¹⁴+x¹³+x¹¹+1, 32: x³²+x²²+x²+x+1. Every nonzero
// start state runs through all 2^w − 1 nonzero states.
const (
	Taps8  uint32 = 0xB8
	Taps16 uint32 = 0xB400
	Taps32 uint32 = 0x80200003
)

// LFSR is one Galois linear-feedback shift register of up to 32 bits.
type LFSR struct {
	State, Mask uint32
}

// Step shifts once: the bit shifted out feeds the taps back.
func (l *LFSR) Step() {
	lsb := l.State & 1
	l.State = l.State>>1 ^ -lsb&l.Mask
}

// leap is a 32-step jump of the 32-bit LFSR as hardware builds it: the
// state after 32 shifts is a linear (XOR) function of the state before, here
// tabulated per input byte. One clock-enabled cycle of a bank lane is one
// leap, so each use sees 32 fresh bits.
type leap [4][256]uint32

func newLeap(mask uint32) *leap {
	var t leap
	for k := 0; k < 4; k++ {
		for v := 0; v < 256; v++ {
			l := LFSR{State: uint32(v) << (8 * k), Mask: mask}
			for i := 0; i < 32; i++ {
				l.Step()
			}
			t[k][v] = l.State
		}
	}
	return &t
}

func (t *leap) next(s uint32) uint32 {
	return t[0][s&255] ^ t[1][s>>8&255] ^ t[2][s>>16&255] ^ t[3][s>>24]
}

var leap32 = newLeap(Taps32)

// rngBank is rng_bank: lanes of 32-bit LFSRs (Taps32), each advanced by one
// leap in a cycle in which a unit uses it (clock enable = the unit's read
// strobe). Lane assignment (docs/ga.md §2): chr_init uses lane b for box b;
// tournament A lane 0, tournament B lane 1; crossover lanes 2..; mutation A
// lanes 0 and 1, mutation B lanes 2 and 3.
type rngBank struct {
	lane []uint32
}

func newRNGBank(lanes int, seed uint64) rngBank {
	b := rngBank{lane: make([]uint32, lanes)}
	for i := range b.lane {
		b.lane[i] = seedLane(seed, i)
	}
	return b
}

// seedLane is the configuration-time start state of lane i: a SplitMix64
// finaliser of the seed and the lane number, never 0 (the LFSR's lock-up
// state).
func seedLane(seed uint64, i int) uint32 {
	z := seed + uint64(i+1)*0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	z ^= z >> 31
	s := uint32(z) ^ uint32(z>>32)
	if s == 0 {
		s = 1
	}
	return s
}

// draw advances lane i by one leap and returns its new 32 bits.
func (b *rngBank) draw(i int) uint32 {
	s := leap32.next(b.lane[i])
	b.lane[i] = s
	return s
}

// pick maps 16 random bits onto 0..m-1 the way hardware does: (r·m) >> 16,
// one multiplier and no division.
func pick(r uint32, m int) int { return int((r & 0xFFFF) * uint32(m) >> 16) }
