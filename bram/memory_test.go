package bram_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/bram"
)

func getBits(w []uint64, lo, n int) uint64 {
	var v uint64
	for i := 0; i < n; i++ {
		b := lo + i
		v |= (w[b>>6] >> uint(b&63) & 1) << uint(i)
	}
	return v
}

func setBits(w []uint64, lo, n int, v uint64) {
	for i := 0; i < n; i++ {
		b := lo + i
		w[b>>6] = w[b>>6]&^(1<<uint(b&63)) | (v>>uint(i)&1)<<uint(b&63)
	}
}

// primitives is the memory built literally as Map says for a single-group
// mapping: Columns × Cascade RAMB16s, address decoding on the cascade level
// and an output multiplexer driven by the level registered with every
// access that updates the output (not a NO_CHANGE write, which must keep
// the memory's output).
type primitives struct {
	g      bram.Group
	width  int
	modes  [2]bram.WriteMode
	rams   [][]*bram.RAMB16 // [level][column]
	levelA int
	levelB int
}

func newPrimitives(t *testing.T, m bram.Mapping, a, b bram.WriteMode) *primitives {
	require.Len(t, m.Groups, 1)
	p := &primitives{g: m.Groups[0], width: m.Width, modes: [2]bram.WriteMode{a, b}}
	for l := 0; l < p.g.Cascade; l++ {
		var row []*bram.RAMB16
		for c := 0; c < p.g.Columns; c++ {
			r, err := bram.New(fmt.Sprintf("l%dc%d", l, c),
				bram.PortConfig{Width: p.g.Aspect.Width, Mode: a}, bram.PortConfig{Width: p.g.Aspect.Width, Mode: b})
			require.NoError(t, err)
			row = append(row, r)
		}
		p.rams = append(p.rams, row)
	}
	return p
}

func (p *primitives) colBits(c int) (lo, n int) {
	lo = c * p.g.Aspect.Width
	return lo, min(p.g.Aspect.Width, p.width-lo)
}

// drive drives port (0 = A) of every primitive of the addressed level.
func (p *primitives) drive(port int, we bool, addr int, din []uint64) {
	l, local := addr/p.g.Aspect.Depth, addr%p.g.Aspect.Depth
	for c, r := range p.rams[l] {
		lo, n := p.colBits(c)
		pt := &r.A
		if port == 1 {
			pt = &r.B
		}
		pt.Drive(true, we, local, getBits(din, lo, n))
	}
	if we && p.modes[port] == bram.NoChange {
		return
	}
	if port == 0 {
		p.levelA = l
	} else {
		p.levelB = l
	}
}

func (p *primitives) edge() {
	for _, row := range p.rams {
		for _, r := range row {
			r.Edge()
		}
	}
}

func (p *primitives) dout(port int, out []uint64) {
	l := p.levelA
	if port == 1 {
		l = p.levelB
	}
	for c, r := range p.rams[l] {
		lo, n := p.colBits(c)
		pt := &r.A
		if port == 1 {
			pt = &r.B
		}
		setBits(out, lo, n, pt.Dout())
	}
}

func (p *primitives) err() error {
	for _, row := range p.rams {
		for _, r := range row {
			if r.Err() != nil {
				return r.Err()
			}
		}
	}
	return nil
}

// The word-level Memory and the same memory built from RAMB16s agree,
// output for output, over random reads and writes on both ports, in every
// write-mode pair.
func TestMemoryMatchesPrimitives(t *testing.T) {
	shapes := []struct{ depth, width int }{
		{225, 1800}, // an order-15 grid layout: 50 × 512×36
		{675, 1800}, // three layouts packed: 100 × 1K×18
		{1536, 36},  // 3 × 512×36 cascaded behind a mux
		{81, 70},    // 2 × 512×36, the last column partly used
	}
	modes := []bram.WriteMode{bram.WriteFirst, bram.ReadFirst, bram.NoChange}
	for _, sh := range shapes {
		for _, ma := range modes {
			mb := modes[(int(ma)+1)%3]
			t.Run(fmt.Sprintf("%dx%d/%s/%s", sh.depth, sh.width, ma, mb), func(t *testing.T) {
				mem, err := bram.NewMemory("m", sh.depth, sh.width, ma, mb)
				require.NoError(t, err)
				ref := newPrimitives(t, mem.Mapping(), ma, mb)
				rng := rand.New(rand.NewPCG(uint64(sh.depth), uint64(ma)))
				n := mem.Words()
				word := func() []uint64 {
					w := make([]uint64, n)
					for i := range w {
						w[i] = rng.Uint64()
					}
					if r := sh.width % 64; r != 0 {
						w[n-1] &= 1<<uint(r) - 1
					}
					return w
				}
				got, want := make([]uint64, n), make([]uint64, n)
				for cycle := 0; cycle < 400; cycle++ {
					aa := rng.IntN(sh.depth)
					ab := rng.IntN(sh.depth)
					if ab == aa {
						ab = (aa + 1) % sh.depth
					}
					if rng.IntN(2) == 0 {
						aa = ab - ab%32 + rng.IntN(min(32, sh.depth-ab+ab%32)) // crowd the same cascade level
						if aa == ab {
							aa = (ab + 1) % sh.depth
						}
					}
					for port, addr := range []int{aa, ab} {
						mp := &mem.A
						if port == 1 {
							mp = &mem.B
						}
						switch rng.IntN(3) {
						case 0: // idle
						case 1:
							mp.Read(addr)
							ref.drive(port, false, addr, make([]uint64, n))
						default:
							w := word()
							mp.Write(addr, w)
							ref.drive(port, true, addr, w)
						}
					}
					mem.Edge()
					ref.edge()
					for port := 0; port < 2; port++ {
						mp := &mem.A
						if port == 1 {
							mp = &mem.B
						}
						copy(got, mp.Dout())
						ref.dout(port, want)
						require.Equal(t, want, got, "cycle %d port %c", cycle, 'A'+port)
					}
				}
				require.NoError(t, mem.Err())
				require.NoError(t, ref.err())
			})
		}
	}
}

func TestMemoryColumnMaskAndMaskedWrite(t *testing.T) {
	// an order-15 row word: 225 cells × 8 bits in 50 columns of 36 bits
	mem, err := bram.NewMemory("rows", 225, 1800, bram.WriteFirst, bram.ReadFirst)
	require.NoError(t, err)
	n := mem.Words()
	mask := make([]uint64, n)
	count := func(m []uint64) int {
		c := 0
		for b := 0; b < 1800; b++ {
			c += int(getBits(m, b, 1))
		}
		return c
	}
	mem.ColumnMask(40, 48, mask) // cell 5: inside column 1 (bits 36..71)
	assert.Equal(t, 36, count(mask))
	assert.Equal(t, uint64(1), getBits(mask, 36, 1))
	assert.Equal(t, uint64(0), getBits(mask, 35, 1))
	mem.ColumnMask(32, 40, mask) // cell 4 straddles columns 0 and 1
	assert.Equal(t, 72, count(mask))
	mem.ColumnMask(1792, 1800, mask) // the last cell: column 49
	assert.Equal(t, 36, count(mask))

	full := make([]uint64, n)
	for i := range full {
		full[i] = ^uint64(0)
	}
	full[n-1] &= 1<<(1800%64) - 1
	require.NoError(t, mem.Load(7, full))
	din := make([]uint64, n)
	mem.ColumnMask(40, 48, mask)
	mem.A.WriteMasked(7, din, mask) // clears column 1 only
	mem.Edge()
	out := mem.A.Dout()
	assert.Equal(t, uint64(0), getBits(out, 36, 36), "written column shows the new data")
	assert.Equal(t, uint64(1<<36-1), getBits(out, 0, 36), "other columns read the old data")
	got := make([]uint64, n)
	require.NoError(t, mem.Peek(7, got))
	assert.Equal(t, 1800-36, count(got))
}

func TestMemoryErrors(t *testing.T) {
	newMem := func() *bram.Memory {
		m, err := bram.NewMemory("g", 81, 72, bram.WriteFirst, bram.WriteFirst)
		require.NoError(t, err)
		return m
	}
	w := []uint64{1, 0}
	cases := []struct {
		name string
		do   func(m *bram.Memory)
		kind error
		msg  string
	}{
		{"write/write", func(m *bram.Memory) { m.A.Write(3, w); m.B.Write(3, w) }, bram.ErrCollision, "write/write: both ports write address 3"},
		{"read/write", func(m *bram.Memory) { m.A.Read(4); m.B.Write(4, w) }, bram.ErrCollision, "port A reads address 4 while port B writes it"},
		{"address", func(m *bram.Memory) { m.B.Read(81) }, bram.ErrAddress, "port B: address 81 outside 0..80"},
		{"data", func(m *bram.Memory) { m.A.Write(0, []uint64{0, 1 << 8}) }, bram.ErrData, "above the 72-bit word"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newMem()
			tc.do(m)
			m.Edge()
			require.ErrorIs(t, m.Err(), tc.kind)
			assert.Contains(t, m.Err().Error(), "bram g: ")
			assert.Contains(t, m.Err().Error(), tc.msg)
		})
	}
	t.Run("disjoint masked writes do not collide", func(t *testing.T) {
		m := newMem()
		ma, mb := make([]uint64, 2), make([]uint64, 2)
		m.ColumnMask(0, 8, ma)
		m.ColumnMask(64, 72, mb)
		m.A.WriteMasked(5, []uint64{0xff, 0}, ma)
		m.B.WriteMasked(5, []uint64{0, 0xff}, mb)
		m.Edge()
		require.NoError(t, m.Err())
		got := make([]uint64, 2)
		require.NoError(t, m.Peek(5, got))
		assert.Equal(t, []uint64{0xff, 0xff}, got)
	})
	_, err := bram.NewMemory("g", 0, 8, bram.WriteFirst, bram.WriteFirst)
	assert.Error(t, err)
}

func TestMemoryDoesNotAllocate(t *testing.T) {
	m, err := bram.NewMemory("g", 675, 1800, bram.WriteFirst, bram.ReadFirst)
	require.NoError(t, err)
	w := make([]uint64, m.Words())
	i := 0
	allocs := testing.AllocsPerRun(500, func() {
		m.A.Write(i%675, w)
		m.B.Read((i + 1) % 675)
		m.Edge()
		i++
	})
	assert.Zero(t, allocs)
}

// BenchmarkMemoryEdge is one 1,800-bit word written and one read per edge
// on the packed order-15 grid memory (100 primitives).
func BenchmarkMemoryEdge(b *testing.B) {
	m, err := bram.NewMemory("g", 675, 1800, bram.WriteFirst, bram.ReadFirst)
	if err != nil {
		b.Fatal(err)
	}
	w := make([]uint64, m.Words())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		m.A.Write(i%675, w)
		m.B.Read((i + 7) % 675)
		m.Edge()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "edges/s")
}
