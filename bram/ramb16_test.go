package bram_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/bram"
)

func mustNew(t testing.TB, a, b bram.PortConfig) *bram.RAMB16 {
	t.Helper()
	r, err := bram.New("ram", a, b)
	require.NoError(t, err)
	return r
}

func TestConfigureRejectsBadPorts(t *testing.T) {
	_, err := bram.New("x", bram.PortConfig{Width: 8}, bram.PortConfig{Width: 9})
	assert.ErrorContains(t, err, "bram x: port A: port width 8")
	_, err = bram.New("x", bram.PortConfig{Width: 9}, bram.PortConfig{Width: 9, Mode: 7})
	assert.ErrorContains(t, err, "port B: bad write mode")
}

// Read-during-write on one port, for every shape and write mode: the
// address holds old, the port's output holds prev from an earlier read, and
// the port writes new. The output after the edge is the mode's choice and
// the array holds new either way.
func TestReadDuringWriteEveryAspectAndMode(t *testing.T) {
	for _, a := range bram.Aspects {
		for _, mode := range []bram.WriteMode{bram.WriteFirst, bram.ReadFirst, bram.NoChange} {
			t.Run(fmt.Sprintf("%s/%s", a, mode), func(t *testing.T) {
				r := mustNew(t, bram.PortConfig{Width: a.Width, Mode: mode}, bram.PortConfig{Width: a.Width})
				top := uint64(1)<<a.Width - 1
				old, prev, neu := top&0x5a5a5a5a5, top&0x3c3c3c3c3, top&^0x5a5a5a5a5
				addr, other := a.Depth-1, a.Depth/2
				require.NoError(t, r.Load(&r.A, nil))
				require.NoError(t, r.Load(&r.B, nil))
				// preload through the back door
				words := make([]uint64, a.Depth)
				words[addr], words[other] = old, prev
				require.NoError(t, r.Load(&r.A, words))

				r.A.Read(other)
				assert.Equal(t, uint64(0), r.A.Dout(), "no data before the edge")
				r.Edge()
				require.Equal(t, prev, r.A.Dout(), "data the cycle after the address")

				r.A.Write(addr, neu)
				r.Edge()
				want := map[bram.WriteMode]uint64{bram.WriteFirst: neu, bram.ReadFirst: old, bram.NoChange: prev}[mode]
				assert.Equal(t, want, r.A.Dout(), "output after a write")
				got, err := r.Peek(&r.A, addr)
				require.NoError(t, err)
				assert.Equal(t, neu, got, "the write landed")

				r.Edge() // port not driven: disabled, output holds
				assert.Equal(t, want, r.A.Dout())
				r.A.Read(addr)
				r.Edge()
				assert.Equal(t, neu, r.A.Dout())
				assert.NoError(t, r.Err())
			})
		}
	}
}

func TestBothPortsIndependent(t *testing.T) {
	r := mustNew(t, bram.PortConfig{Width: 18}, bram.PortConfig{Width: 18, Mode: bram.ReadFirst})
	// cycle 1: A writes 5, B writes 6
	r.A.Write(5, 0x3ffff)
	r.B.Write(6, 0x12345)
	r.Edge()
	assert.Equal(t, uint64(0x3ffff), r.A.Dout(), "A is WRITE_FIRST")
	assert.Equal(t, uint64(0), r.B.Dout(), "B is READ_FIRST")
	// cycle 2: each reads what the other wrote
	r.A.Read(6)
	r.B.Read(5)
	r.Edge()
	assert.Equal(t, uint64(0x12345), r.A.Dout())
	assert.Equal(t, uint64(0x3ffff), r.B.Dout())
	// cycle 3: both read one address: allowed
	r.A.Read(5)
	r.B.Read(5)
	r.Edge()
	assert.Equal(t, r.A.Dout(), r.B.Dout())
	assert.NoError(t, r.Err())
}

// Ports of different widths see one array: the packing documented on Port.
func TestMixedWidthPacking(t *testing.T) {
	r := mustNew(t, bram.PortConfig{Width: 36}, bram.PortConfig{Width: 9})
	// 36-bit word 3 = data 0xDDCCBBAA, parity 0b1010
	r.A.Write(3, 0xA_DDCCBBAA)
	r.Edge()
	for i, want := range []uint64{0x0AA, 0x1BB, 0x0CC, 0x1DD} {
		r.B.Read(12 + i)
		r.Edge()
		assert.Equal(t, want, r.B.Dout(), "9-bit word %d", 12+i)
	}
	n := mustNew(t, bram.PortConfig{Width: 1}, bram.PortConfig{Width: 4})
	n.B.Write(1, 0b1010) // array bits 4..7
	n.Edge()
	for i, want := range []uint64{0, 1, 0, 1} {
		n.A.Read(4 + i)
		n.Edge()
		assert.Equal(t, want, n.A.Dout(), "bit %d", 4+i)
	}
	// the 1/2/4-bit shapes do not reach the parity bits
	p := mustNew(t, bram.PortConfig{Width: 18}, bram.PortConfig{Width: 2})
	p.A.Write(0, 0x3_0000)
	p.Edge()
	p.B.Read(0)
	p.Edge()
	assert.Equal(t, uint64(0), p.B.Dout())
}

func TestCollisionsAreReported(t *testing.T) {
	cases := []struct {
		name         string
		wa, wb       int
		aWe, bWe     bool
		aAddr, bAddr int
		want         string
		collide      bool
	}{
		{"write/write", 36, 36, true, true, 7, 7, "write/write: port A address 7 and port B address 7", true},
		{"A writes, B reads", 18, 18, true, false, 9, 9, "read/write: port B reads address 9 while port A writes address 9", true},
		{"B writes, A reads", 9, 9, false, true, 1, 1, "read/write: port A reads address 1 while port B writes address 1", true},
		{"mixed widths overlap", 1, 4, true, false, 6, 1, "read/write: port B reads address 1 while port A writes address 6", true},
		{"mixed widths adjacent", 1, 4, true, true, 8, 1, "", false},
		{"different addresses", 36, 36, true, true, 1, 2, "", false},
		{"both read", 36, 36, false, false, 3, 3, "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := mustNew(t, bram.PortConfig{Width: tc.wa}, bram.PortConfig{Width: tc.wb})
			r.A.Drive(true, tc.aWe, tc.aAddr, 1)
			r.B.Drive(true, tc.bWe, tc.bAddr, 0)
			r.Edge()
			if !tc.collide {
				assert.NoError(t, r.Err())
				return
			}
			require.ErrorIs(t, r.Err(), bram.ErrCollision)
			assert.Contains(t, r.Err().Error(), "bram ram: collision: "+tc.want)
			first := r.Err()
			r.A.Drive(true, tc.aWe, tc.aAddr, 1)
			r.B.Drive(true, tc.bWe, tc.bAddr, 0)
			r.Edge()
			assert.Equal(t, first, r.Err(), "the first error is sticky")
			assert.Equal(t, uint64(2), r.Errors())
		})
	}
}

func TestAddressAndDataErrors(t *testing.T) {
	r := mustNew(t, bram.PortConfig{Width: 9}, bram.PortConfig{Width: 36})
	r.B.Read(512)
	r.Edge()
	require.ErrorIs(t, r.Err(), bram.ErrAddress)
	assert.Contains(t, r.Err().Error(), "port B: address 512 outside 0..511")

	r = mustNew(t, bram.PortConfig{Width: 9}, bram.PortConfig{Width: 36})
	r.A.Read(-1)
	r.Edge()
	assert.ErrorIs(t, r.Err(), bram.ErrAddress)

	r = mustNew(t, bram.PortConfig{Width: 9}, bram.PortConfig{Width: 36})
	r.A.Write(0, 0x200)
	r.Edge()
	assert.ErrorIs(t, r.Err(), bram.ErrData)
	v, err := r.Peek(&r.A, 0)
	require.NoError(t, err)
	assert.Equal(t, uint64(0), v, "a rejected write does not land")

	_, err = r.Peek(&r.A, 2048)
	assert.ErrorIs(t, err, bram.ErrAddress)
	assert.ErrorIs(t, r.Load(&r.B, make([]uint64, 513)), bram.ErrAddress)
	assert.ErrorIs(t, r.Load(&r.A, []uint64{0x1ff, 0x200}), bram.ErrData)
}

func TestDriveAndEdgeDoNotAllocate(t *testing.T) {
	r := mustNew(t, bram.PortConfig{Width: 36}, bram.PortConfig{Width: 36, Mode: bram.ReadFirst})
	i := 0
	allocs := testing.AllocsPerRun(1000, func() {
		r.A.Write(i%512, uint64(i))
		r.B.Read((i + 1) % 512)
		r.Edge()
		i++
	})
	assert.Zero(t, allocs)
	assert.NoError(t, r.Err())
}

func BenchmarkEdge(b *testing.B) {
	r := mustNew(b, bram.PortConfig{Width: 36}, bram.PortConfig{Width: 9, Mode: bram.ReadFirst})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r.A.Write(i&511, uint64(i)&0xfffffffff)
		r.B.Read((i + 2048 - 8) & 2047)
		r.Edge()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "edges/s")
}
