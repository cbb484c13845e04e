package bram_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/bram"
	"sudokusim/sim"
)

// copier is a block that owns a RAMB16: port A reads address i while port
// B writes address i-1 with the word read in the previous cycle plus one,
// one word per cycle.
type copier struct {
	ram bram.RAMB16
	i   int
}

func (c *copier) Name() string { return "copier" }
func (c *copier) Eval() {
	c.ram.A.Read(c.i)
	if c.i > 0 {
		c.ram.B.Write(c.i-1+256, c.ram.A.Dout()+1)
	}
}
func (c *copier) Commit()    { c.ram.Edge(); c.i++ }
func (c *copier) Err() error { return c.ram.Err() }

func newCopier(t *testing.T) *copier {
	c := &copier{}
	require.NoError(t, c.ram.Configure("grid", bram.PortConfig{Width: 36}, bram.PortConfig{Width: 36}))
	words := make([]uint64, 100)
	for i := range words {
		words[i] = uint64(i * i)
	}
	require.NoError(t, c.ram.Load(&c.ram.A, words))
	return c
}

func TestOwnerBlockThroughScheduler(t *testing.T) {
	c := newCopier(t)
	s, err := sim.New(sim.DefaultConfig(), c)
	require.NoError(t, err)
	st, err := s.Run(101)
	require.NoError(t, err)
	assert.Equal(t, sim.Done, st)
	for i := 0; i < 100; i++ {
		v, err := c.ram.Peek(&c.ram.B, 256+i)
		require.NoError(t, err)
		assert.Equal(t, uint64(i*i+1), v, "word %d copied one cycle after it was read", i)
	}
}

func TestCollisionEndsTheRun(t *testing.T) {
	d := &reader{}
	require.NoError(t, d.ram.Configure("grid", bram.PortConfig{Width: 18}, bram.PortConfig{Width: 18, Mode: bram.ReadFirst}))
	s, err := sim.New(sim.DefaultConfig(), d)
	require.NoError(t, err)
	st, err := s.Run(100)
	assert.Equal(t, sim.Faulted, st)
	require.ErrorIs(t, err, bram.ErrCollision)
	assert.Equal(t, "sim: cycle 6: block reader: bram grid: collision: read/write: port A reads address 6 while port B writes address 6", err.Error())
	assert.Equal(t, uint64(7), s.Cycle(), "the run stops after the faulty cycle")
}

// reader reads address i on port A and writes address i+1 on port B, except
// in cycle 6, where it writes the address it reads.
type reader struct {
	ram bram.RAMB16
	i   int
}

func (r *reader) Name() string { return "reader" }
func (r *reader) Eval() {
	r.ram.A.Read(r.i)
	w := r.i + 1
	if r.i == 6 {
		w = r.i
	}
	r.ram.B.Write(w, uint64(r.i))
}
func (r *reader) Commit()    { r.ram.Edge(); r.i++ }
func (r *reader) Err() error { return r.ram.Err() }

// A RAMB16 used directly: write in one cycle, read in the next, data the
// cycle after the address.
func ExampleRAMB16() {
	r, err := bram.New("demo", bram.PortConfig{Width: 36}, bram.PortConfig{Width: 9, Mode: bram.ReadFirst})
	if err != nil {
		fmt.Println(err)
		return
	}
	r.A.Write(1, 0x1_04030201) // parity 1, data bytes 1..4
	r.Edge()
	r.B.Read(4) // 9-bit word 4 is byte 0 of 36-bit word 1
	r.Edge()
	fmt.Printf("%#x %v\n", r.B.Dout(), r.Err())
	r.A.Write(1, 0)
	r.B.Read(5)
	r.Edge()
	fmt.Println(r.Err())
	// Output:
	// 0x101 <nil>
	// bram demo: collision: read/write: port B reads address 5 while port A writes address 1
}
