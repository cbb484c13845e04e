package bnb

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/bram"
	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
)

// bramReplay replays GridMem's port traffic, cycle by cycle, on a
// bram.Memory of the same geometry — the memory built from RAMB16
// primitives (bram checks it output for output against the literal array
// of primitives) — and checks that it breaks no RAMB16 rule and that every
// read returns the word the model used.
type bramReplay struct {
	t      *testing.T
	g      *GridMem
	mem    *bram.Memory
	din    []uint64
	mask   []uint64
	pend   [2]int // word read on each port this cycle, -1 none
	want   [2][]uint64
	reads  int
	writes int
}

func newBramReplay(t *testing.T, g *GridMem) *bramReplay {
	mem, err := bram.NewMemory("grid", g.Words(), 8*g.m, bram.WriteFirst, bram.WriteFirst)
	require.NoError(t, err)
	require.Equal(t, g.Mapping(), mem.Mapping())
	r := &bramReplay{t: t, g: g, mem: mem, din: make([]uint64, mem.Words()), mask: make([]uint64, mem.Words()), pend: [2]int{-1, -1}}
	// The word contents before the run (the direct link's initialisation).
	for w := 0; w < g.Words(); w++ {
		r.pack(g.lanes[w*g.m : (w+1)*g.m])
		for i := range r.mask {
			r.mask[i] = ^uint64(0)
		}
		if r.mem.Width()%64 != 0 {
			r.mask[len(r.mask)-1] = 1<<uint(r.mem.Width()%64) - 1
		}
		mem.A.WriteMasked(w, r.din, r.mask)
		mem.Edge()
	}
	require.NoError(t, mem.Err())
	return r
}

func (r *bramReplay) pack(lanes []uint8) {
	clear(r.din)
	for j, v := range lanes {
		r.din[(8*j)/64] |= uint64(v) << uint((8*j)%64)
	}
}

func (r *bramReplay) port(p int) *bram.MemPort {
	if p == PortA {
		return &r.mem.A
	}
	return &r.mem.B
}

func (r *bramReplay) read(p, w int) {
	r.port(p).Read(w)
	r.pend[p] = w
	r.pack(r.g.lanes[w*r.g.m : (w+1)*r.g.m])
	r.want[p] = append(r.want[p][:0], r.din...)
	r.reads++
}

func (r *bramReplay) write(p, w int, lanes []uint8, lo, hi int) {
	r.pack(lanes)
	r.mem.ColumnMask(8*lo, 8*hi, r.mask) // whole RAMB16 columns: read-modify-write
	r.port(p).WriteMasked(w, r.din, r.mask)
	r.writes++
}

func (r *bramReplay) edge() {
	r.mem.Edge()
	if err := r.mem.Err(); err != nil {
		r.t.Fatalf("RAMB16 rule broken: %v", err)
	}
	for p, w := range r.pend {
		if w >= 0 {
			if got := r.port(p).Dout(); !assert.Equal(r.t, r.want[p], got, "port %c word %d", 'A'+p, w) {
				r.t.FailNow()
			}
			r.pend[p] = -1
		}
	}
}

// The grid memory's traffic — loader passes, search, heuristic fixes —
// replayed on RAMB16s reads back what the model used, never uses a port
// twice in a cycle and never collides.
func TestGridMemOnRAMB16s(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    *sudoku.Grid
		v2   bool
	}{
		{"sample v1", sudoku.Sample(), false},
		{"03b v1", loadFPT(t, "03b"), false},
		{"03b v2", loadFPT(t, "03b"), true},
		{"06a v2", loadFPT(t, "06a"), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := directConfig(4)
			if tc.v2 {
				cfg.Heuristics = logic.PaperSet()
			}
			p, err := NewProcessor(cfg, SimOptions{})
			require.NoError(t, err)
			p.core.preload(tc.g)
			replay := newBramReplay(t, p.core.mem)
			p.core.mem.Watch(replay)
			p.sched.EnterPhase(p.core.ph.load)
			_, err = p.sched.RunUntil(func() bool { return p.core.st == stHalt }, ^uint64(0))
			require.NoError(t, err)
			require.Equal(t, Solved, p.core.status)
			p.core.mem.Edge() // the clock edge that ends the last cycle
			assert.Positive(t, replay.reads)
			assert.Positive(t, replay.writes)
			// Every word ends the same in both.
			for w := 0; w < p.core.mem.Words(); w++ {
				replay.read(PortA, w)
				replay.edge()
			}
		})
	}
}

// A second access to a port in one cycle, or a write colliding with the
// other port, is reported as the run's error.
func TestGridMemPortRules(t *testing.T) {
	g, err := NewGridMem(3)
	require.NoError(t, err)
	g.Watch(nil)
	g.Read(PortA, 1)
	g.Read(PortA, 2)
	assert.ErrorContains(t, g.Err(), "port A used twice")

	g, _ = NewGridMem(3)
	g.Watch(nil)
	g.Read(PortA, 4)
	g.WriteLane(PortB, 4, 0, 7)
	assert.ErrorContains(t, g.Err(), "collision")

	g, _ = NewGridMem(3)
	g.Watch(nil)
	g.Read(PortA, 4)
	g.Read(PortB, 4) // two reads of one word are allowed
	g.Edge()
	g.WriteLane(PortA, 4, 0, 7)
	assert.NoError(t, g.Err())
}
