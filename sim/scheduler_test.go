package sim_test

import (
	"bytes"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sim"
)

func TestNewValidatesConfig(t *testing.T) {
	for _, hz := range []float64{0, -1, math.NaN(), math.Inf(1), 2e12} {
		_, err := sim.New(sim.Config{ClockHz: hz})
		require.Error(t, err, "ClockHz %v", hz)
		assert.Contains(t, err.Error(), "sim: clock ")
		assert.NotContains(t, err.Error(), "ClockHz")
	}
	s, err := sim.New(sim.DefaultConfig())
	require.NoError(t, err)
	assert.Equal(t, 100e6, s.Config().ClockHz)
	assert.True(t, s.Config().FastForward)
}

func TestTimeConversion(t *testing.T) {
	s, err := sim.New(sim.Config{ClockHz: 50e6})
	require.NoError(t, err)
	_, err = s.Run(50_000_000)
	require.NoError(t, err)
	assert.Equal(t, 1.0, s.Seconds())
	assert.Equal(t, uint64(434), s.SecondsToCycles(434.0/50e6))
	assert.Equal(t, uint64(1), s.SecondsToCycles(1e-9), "a partial cycle rounds up")
	assert.Equal(t, "20ns", s.Period().String())
}

// The 4-block ring of mix registers run in every evaluation order must give
// the same values every cycle.
func TestEvaluationOrderNeverChangesResults(t *testing.T) {
	ring := func() []*mix {
		m := make([]*mix, 4)
		for i := range m {
			m[i] = &mix{name: string(rune('a' + i)), k: uint32(i + 1), r: sim.NewReg(uint32(i * 77))}
		}
		for i := range m {
			m[i].in = m[(i+3)%4]
		}
		return m
	}
	trace := func(order []int) [][4]uint32 {
		m := ring()
		blocks := make([]sim.Block, 4)
		for i, j := range order {
			blocks[i] = m[j]
		}
		s, err := sim.New(sim.DefaultConfig(), blocks...)
		require.NoError(t, err)
		var out [][4]uint32
		for c := 0; c < 50; c++ {
			_, err := s.Run(1)
			require.NoError(t, err)
			out = append(out, [4]uint32{m[0].r.Get(), m[1].r.Get(), m[2].r.Get(), m[3].r.Get()})
		}
		return out
	}
	want := trace([]int{0, 1, 2, 3})
	var perms [][]int
	var permute func(p []int, k int)
	permute = func(p []int, k int) {
		if k == len(p) {
			perms = append(perms, append([]int(nil), p...))
			return
		}
		for i := k; i < len(p); i++ {
			p[k], p[i] = p[i], p[k]
			permute(p, k+1)
			p[k], p[i] = p[i], p[k]
		}
	}
	permute([]int{0, 1, 2, 3}, 0)
	require.Len(t, perms, 24)
	for _, p := range perms {
		assert.Equal(t, want, trace(p), "order %v", p)
	}
	// and the values do move, so the comparison means something
	assert.NotEqual(t, want[0], want[49])
}

type design struct {
	s *sim.Scheduler
	t *ticker
	w *worker
	y *tally
}

func newDesign(t *testing.T, ff, reversed bool) design {
	s, err := sim.New(sim.Config{ClockHz: 100e6, FastForward: ff})
	require.NoError(t, err)
	tk := newTicker("ticker", 1000)
	w := newWorker(s, tk, 300)
	y := &tally{in: w}
	if reversed {
		s.Add(y, w, tk)
	} else {
		s.Add(tk, w, y)
	}
	return design{s, tk, w, y}
}

func (d design) result() []any {
	return []any{d.s.Cycle(), d.s.PhaseCycles(), d.w.cur, d.y.sum, d.t.level}
}

func TestFastForwardAndSoloGiveIdenticalResults(t *testing.T) {
	cases := []struct {
		name         string
		ff, reversed bool
	}{
		{"stepping", false, false},
		{"fast-forward", true, false},
		{"fast-forward reversed order", true, true},
		{"stepping reversed order", false, true},
	}
	var want []any
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := newDesign(t, tc.ff, tc.reversed)
			st, err := d.s.RunUntil(func() bool { return d.y.sum >= 55 }, 1_000_000)
			require.NoError(t, err)
			require.Equal(t, sim.Done, st)
			_, err = d.s.Run(12_345)
			require.NoError(t, err)
			got := d.result()
			if want == nil {
				want = got
			} else {
				assert.Equal(t, want, got)
			}
			st2 := d.s.Stats()
			assert.Equal(t, d.s.Cycle(), st2.Stepped+st2.Jumped+st2.Solo)
			if tc.ff {
				assert.Positive(t, st2.Jumped, "idle spans must be jumped")
				assert.Positive(t, st2.Solo, "the worker's jobs must run solo")
				assert.Less(t, st2.Stepped, d.s.Cycle()/50)
			} else {
				assert.Equal(t, d.s.Cycle(), st2.Stepped)
			}
		})
	}
	// The ticker's level toggles after 1000j cycles; the worker sees it in
	// cycle 1000j (0-based, still phase idle/wait), works in cycles
	// 1000j+1 .. 1000j+300 and shows jobs = j after 1000j+301 cycles; the
	// tally adds it one cycle later. sum = 1+..+10 = 55 after 10,302 cycles;
	// the 12,345 more cycles see jobs 11..22 (job 22 starts at 22,000).
	require.NotNil(t, want)
	const total = 10*1000 + 302 + 12_345
	assert.Equal(t, uint64(total), want[0])
	phases := want[1].([]sim.PhaseTotal)
	assert.Equal(t, []sim.PhaseTotal{
		{Name: "idle", Cycles: 1001},
		{Name: "work", Cycles: 22 * 300},
		{Name: "wait", Cycles: total - 1001 - 22*300},
	}, phases)
}

func TestVCDIdenticalWithAndWithoutFastForward(t *testing.T) {
	run := func(ff bool) ([]byte, uint64) {
		d := newDesign(t, ff, false)
		var buf bytes.Buffer
		v, err := sim.NewVCD(&buf, d.s, sim.VCDOptions{})
		require.NoError(t, err)
		_, err = d.s.RunUntil(func() bool { return d.w.Jobs() == 3 }, 1_000_000)
		require.NoError(t, err)
		_, err = d.s.Run(777)
		require.NoError(t, err)
		require.NoError(t, v.Close())
		assert.Zero(t, d.s.Stats().Solo, "no solo batching with a tracer attached")
		return buf.Bytes(), d.s.Cycle()
	}
	on, cOn := run(true)
	off, cOff := run(false)
	assert.Equal(t, cOff, cOn)
	assert.Equal(t, string(off), string(on))

	w, err := sim.ParseVCD(bytes.NewReader(on))
	require.NoError(t, err)
	assert.Equal(t, "10ns", w.Timescale)
	assert.Equal(t, cOn, w.End, "Close stamps the final cycle")
	// jobs reach 3 after 3301 cycles, then 777 more: 4078 cycles.
	assert.Equal(t, uint64(4078), cOn)
	lvl := w.History("ticker", "level")
	require.Len(t, lvl, 1+4)
	for i, c := range lvl {
		assert.Equal(t, uint64(i)*1000, c.Time, "a toggle every 1000 cycles")
		assert.Equal(t, uint64(i%2), c.Value)
	}
	busy := w.History("worker", "busy")
	require.Len(t, busy, 1+2*3+1) // the 4th job is still running
	assert.Equal(t, uint64(1001), busy[1].Time)
	assert.Equal(t, uint64(1301), busy[2].Time)
	jobs := w.History("worker", "jobs")
	assert.Equal(t, []sim.WaveChange{{0, jobs[0].ID, 0}, {1301, jobs[0].ID, 1}, {2301, jobs[0].ID, 2}, {3301, jobs[0].ID, 3}}, jobs)
	sum, ok := w.Var("tally", "sum")
	require.True(t, ok)
	assert.Equal(t, 32, sum.Width)
}

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// The VCD of a short run of the ticker/worker/tally design is pinned byte
// for byte (header, scopes, identifiers, timestamps, vector format) in
// testdata/worker.vcd; go test ./sim -run Golden -update rewrites it.
func TestVCDGolden(t *testing.T) {
	s, err := sim.New(sim.DefaultConfig())
	require.NoError(t, err)
	tk := newTicker("ticker", 6)
	w := newWorker(s, tk, 3)
	s.Add(tk, w, &tally{in: w})
	var buf bytes.Buffer
	v, err := sim.NewVCD(&buf, s, sim.VCDOptions{})
	require.NoError(t, err)
	_, err = s.Run(20)
	require.NoError(t, err)
	require.NoError(t, v.Close())
	golden := filepath.Join("testdata", "worker.vcd")
	if *update {
		require.NoError(t, os.WriteFile(golden, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(want), buf.String())
}

func TestVCDSelection(t *testing.T) {
	d := newDesign(t, true, false)
	var buf bytes.Buffer
	v, err := sim.NewVCD(&buf, d.s, sim.VCDOptions{Scopes: []string{"worker", "tally"}, OneBitOnly: true})
	require.NoError(t, err)
	_, err = d.s.Run(5000)
	require.NoError(t, err)
	require.NoError(t, v.Close())
	w, err := sim.ParseVCD(&buf)
	require.NoError(t, err)
	require.Len(t, w.Vars, 1)
	assert.Equal(t, sim.WaveVar{Scope: "worker", Name: "busy", ID: "!", Width: 1}, w.Vars[0])

	_, err = sim.NewVCD(&buf, d.s, sim.VCDOptions{Scopes: []string{"nothing"}})
	assert.ErrorContains(t, err, "no signal")
}

func TestVCDTimescale(t *testing.T) {
	cases := []struct {
		hz      float64
		unit    string
		perTick uint64
	}{
		{100e6, "10ns", 1},
		{50e6, "10ns", 2},
		{25e6, "10ns", 4},
		{1e9, "1ns", 1},
		{33e6, "10fs", 3030303},
		{125e6, "1ns", 8},
		{1, "1s", 1},
	}
	for _, tc := range cases {
		t.Run(tc.unit, func(t *testing.T) {
			s, err := sim.New(sim.Config{ClockHz: tc.hz})
			require.NoError(t, err)
			tk := newTicker("t", 2)
			s.Add(tk)
			var buf bytes.Buffer
			v, err := sim.NewVCD(&buf, s, sim.VCDOptions{})
			require.NoError(t, err)
			_, err = s.Run(2)
			require.NoError(t, err)
			require.NoError(t, v.Close())
			w, err := sim.ParseVCD(&buf)
			require.NoError(t, err)
			assert.Equal(t, tc.unit, w.Timescale)
			h := w.History("t", "level")
			require.Len(t, h, 2)
			assert.Equal(t, 2*tc.perTick, h[1].Time)
		})
	}
}

type failWriter struct{ n int }

func (f *failWriter) Write(p []byte) (int, error) {
	if f.n -= len(p); f.n < 0 {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

func TestVCDStickyError(t *testing.T) {
	d := newDesign(t, false, false)
	v, err := sim.NewVCD(&failWriter{n: 10}, d.s, sim.VCDOptions{})
	require.NoError(t, err)
	_, err = d.s.Run(100_000)
	require.NoError(t, err)
	err = v.Close()
	assert.ErrorContains(t, err, "disk full")
	assert.Equal(t, err, v.Close(), "Close twice reports the same error")
}

func TestRunStatuses(t *testing.T) {
	t.Run("a counting block is not quiescent", func(t *testing.T) {
		d := newDesign(t, true, false)
		d.t.period = ^uint64(0) // effectively never toggles again after the first
		st, err := d.s.RunUntil(func() bool { return d.w.Jobs() == 2 }, math.MaxUint64)
		require.NoError(t, err)
		assert.Equal(t, sim.CycleLimit, st, "a ticker counting down is not quiescent")
	})
	t.Run("quiescent when everything waits", func(t *testing.T) {
		s, err := sim.New(sim.DefaultConfig())
		require.NoError(t, err)
		tk := newTicker("t", 10)
		w := newWorker(s, tk, 5)
		y := &tally{in: w}
		s.Add(w, y) // the ticker is not clocked: nothing will ever change
		st, err := s.RunUntil(func() bool { return y.sum > 0 }, 1000)
		require.NoError(t, err)
		assert.Equal(t, sim.Quiescent, st)
		assert.Equal(t, uint64(0), s.Cycle())
		st, err = s.Run(1000)
		require.NoError(t, err)
		assert.Equal(t, sim.Done, st)
		assert.Equal(t, uint64(1000), s.Cycle(), "the clock still runs")
		assert.Equal(t, uint64(1), s.Stats().Jumps)
	})
	t.Run("cycle limit", func(t *testing.T) {
		d := newDesign(t, true, false)
		st, err := d.s.RunUntil(func() bool { return d.w.Jobs() == 100 }, 5000)
		require.NoError(t, err)
		assert.Equal(t, sim.CycleLimit, st)
		assert.Equal(t, uint64(5000), d.s.Cycle())
		assert.Equal(t, uint32(4), d.w.Jobs())
	})
	t.Run("faulted", func(t *testing.T) {
		f := &faulty{at: 37}
		s, err := sim.New(sim.DefaultConfig(), newTicker("t", 5), f)
		require.NoError(t, err)
		st, err := s.Run(100)
		assert.Equal(t, sim.Faulted, st)
		require.Error(t, err)
		assert.ErrorIs(t, err, errCollision)
		assert.Contains(t, err.Error(), "cycle 36", "the 37th cycle has index 36")
		assert.Contains(t, err.Error(), "block faulty")
		assert.Equal(t, uint64(37), s.Cycle())
	})
}

var errCollision = errors.New("collision")

type faulty struct {
	at, n uint64
	err   error
}

func (f *faulty) Name() string { return "faulty" }
func (f *faulty) Eval()        {}
func (f *faulty) Commit() {
	f.n++
	if f.n == f.at {
		f.err = errCollision
	}
}
func (f *faulty) Err() error { return f.err }

func TestPhaseAccounting(t *testing.T) {
	s, err := sim.New(sim.DefaultConfig())
	require.NoError(t, err)
	rx := s.DefinePhase("rx")
	tx := s.DefinePhase("tx")
	assert.Equal(t, rx, s.DefinePhase("rx"), "defining twice returns the same id")
	s.EnterPhase(rx) // between runs: at once
	_, err = s.Run(10)
	require.NoError(t, err)
	p := &phaser{s: s, at: 4, to: tx}
	s.Add(p)
	_, err = s.Run(10)
	require.NoError(t, err)
	// cycles 0..9 rx; the phaser enters tx during cycle 13 (its 4th), so
	// cycles 10..13 are rx and 14..19 tx.
	assert.Equal(t, []sim.PhaseTotal{{"idle", 0}, {"rx", 14}, {"tx", 6}}, s.PhaseCycles())
	assert.Equal(t, uint64(6), s.PhaseCyclesOf(tx))
	assert.Equal(t, "tx", s.PhaseName(s.Phase()))
	assert.Panics(t, func() { s.EnterPhase(9) })
}

type phaser struct {
	s  *sim.Scheduler
	n  int
	at int
	to sim.PhaseID
}

func (p *phaser) Name() string { return "phaser" }
func (p *phaser) Eval() {
	if p.n+1 == p.at {
		p.s.EnterPhase(p.to)
	}
}
func (p *phaser) Commit() { p.n++ }

func TestMisusePanicsNamingTheRule(t *testing.T) {
	s, err := sim.New(sim.DefaultConfig())
	require.NoError(t, err)
	tk := newTicker("t", 3)
	s.Add(tk)
	assert.PanicsWithValue(t, `sim: block "t" added twice`, func() { s.Add(tk) })
	bad := &liar{}
	s2, err := sim.New(sim.DefaultConfig(), bad)
	require.NoError(t, err)
	defer func() {
		r := recover()
		require.NotNil(t, r)
		assert.True(t, strings.Contains(r.(string), "RunAlone"), r)
	}()
	s2.Run(10)
}

// liar is a Soloist that claims to have run more cycles than allowed.
type liar struct{}

func (liar) Name() string               { return "liar" }
func (liar) Eval()                      {}
func (liar) Commit()                    {}
func (liar) Idle() uint64               { return 0 }
func (liar) Skip(uint64)                {}
func (liar) RunAlone(max uint64) uint64 { return max + 1 }

// wide declares a 2-bit signal and drives it with a 3-bit value: a model
// bug the VCD writer reports instead of writing a value a reader would
// misread.
type wide struct{ v uint64 }

func (w *wide) Name() string { return "wide" }
func (w *wide) Eval()        {}
func (w *wide) Commit()      { w.v++ }
func (w *wide) Signals() []sim.Signal {
	return []sim.Signal{{Name: "v", Width: 2, Value: func() uint64 { return w.v }}}
}

func TestVCDValueWiderThanSignal(t *testing.T) {
	s, err := sim.New(sim.DefaultConfig())
	require.NoError(t, err)
	s.Add(&wide{})
	var buf bytes.Buffer
	v, err := sim.NewVCD(&buf, s, sim.VCDOptions{})
	require.NoError(t, err)
	_, err = s.Run(3)
	require.NoError(t, err)
	require.NoError(t, v.Err(), "0..3 fit in 2 bits")
	_, err = s.Run(1)
	require.NoError(t, err)
	assert.ErrorContains(t, v.Close(), "signal wide.v: value 4 does not fit its 2 bits")
}

// held is a register a testbench sets between runs.
type held struct{ v uint64 }

func (h *held) Name() string { return "held" }
func (h *held) Eval()        {}
func (h *held) Commit()      {}
func (h *held) Signals() []sim.Signal {
	return []sim.Signal{{Name: "v", Width: 8, Value: func() uint64 { return h.v }}}
}

// A value set between runs appears in the trace at the cycle it was set.
func TestVCDShowsChangesBetweenRuns(t *testing.T) {
	s, err := sim.New(sim.DefaultConfig())
	require.NoError(t, err)
	h := &held{v: 1}
	s.Add(h, &wide{})
	var buf bytes.Buffer
	v, err := sim.NewVCD(&buf, s, sim.VCDOptions{Scopes: []string{"held"}})
	require.NoError(t, err)
	h.v = 7 // the testbench loads the design before the first edge
	_, err = s.Run(2)
	require.NoError(t, err)
	h.v = 9
	_, err = s.Run(1)
	require.NoError(t, err)
	require.NoError(t, v.Close())
	wf, err := sim.ParseVCD(&buf)
	require.NoError(t, err)
	var got []sim.WaveChange
	for _, c := range wf.History("held", "v") {
		got = append(got, sim.WaveChange{Time: c.Time, Value: c.Value})
	}
	assert.Equal(t, []sim.WaveChange{{Time: 0, Value: 1}, {Time: 0, Value: 7}, {Time: 2, Value: 9}}, got)
}
