package sim_test

import "sudokusim/sim"

// ticker toggles its output every period cycles; between toggles it only
// counts down, so it is idle for cnt cycles.
type ticker struct {
	name   string
	period uint64
	cnt    uint64
	level  bool
	nCnt   uint64
	nLevel bool
}

func newTicker(name string, period uint64) *ticker {
	return &ticker{name: name, period: period, cnt: period - 1, nCnt: period - 1}
}

func (t *ticker) Name() string { return t.name }
func (t *ticker) Level() bool  { return t.level }
func (t *ticker) Eval() {
	if t.cnt == 0 {
		t.nLevel, t.nCnt = !t.level, t.period-1
		return
	}
	t.nCnt = t.cnt - 1
}
func (t *ticker) Commit()       { t.cnt, t.level = t.nCnt, t.nLevel }
func (t *ticker) Idle() uint64  { return t.cnt }
func (t *ticker) Skip(k uint64) { t.cnt -= k; t.nCnt = t.cnt }
func (t *ticker) Signals() []sim.Signal {
	return []sim.Signal{{Name: "level", Width: 1, Value: func() uint64 { return b2u(t.level) }}}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// worker waits for its ticker to toggle, then runs a job of `job` busy
// cycles that steps an LFSR; it counts finished jobs. It enters phase
// "work" when a job starts and "wait" when it ends, and is a Soloist whose
// RunAlone runs the LFSR in a tight loop.
type worker struct {
	s          *sim.Scheduler
	in         *ticker
	job        uint64
	work, wait sim.PhaseID

	cur, next workerState
}

type workerState struct {
	seen bool
	busy bool
	left uint64
	lfsr uint32
	jobs uint32
}

func newWorker(s *sim.Scheduler, in *ticker, job uint64) *worker {
	w := &worker{s: s, in: in, job: job, work: s.DefinePhase("work"), wait: s.DefinePhase("wait")}
	w.cur.lfsr = 1
	w.next = w.cur
	return w
}

func lfsrStep(x uint32) uint32 { return x>>1 ^ (-(x & 1) & 0xd0000001) }

func (w *worker) Name() string  { return "worker" }
func (w *worker) Jobs() uint32  { return w.cur.jobs }
func (w *worker) Commit()       { w.cur = w.next }
func (w *worker) Skip(k uint64) {}
func (w *worker) Idle() uint64 {
	if !w.cur.busy && w.in.Level() == w.cur.seen {
		return sim.Forever
	}
	return 0
}
func (w *worker) Eval() {
	c := w.cur
	n := c
	switch {
	case c.busy:
		n.lfsr = lfsrStep(c.lfsr)
		n.left = c.left - 1
		if n.left == 0 {
			n.busy = false
			n.jobs++
			w.s.EnterPhase(w.wait)
		}
	case w.in.Level() != c.seen:
		n.seen = w.in.Level()
		n.busy, n.left = true, w.job
		w.s.EnterPhase(w.work)
	}
	w.next = n
}

// RunAlone steps the LFSR in a loop and stops at the cycle that changes the
// job count or the phase.
func (w *worker) RunAlone(max uint64) uint64 {
	if !w.cur.busy {
		w.Eval()
		w.Commit()
		return 1
	}
	n := min(max, w.cur.left)
	x := w.cur.lfsr
	for i := uint64(0); i < n; i++ {
		x = lfsrStep(x)
	}
	w.cur.lfsr = x
	w.cur.left -= n
	if w.cur.left == 0 {
		w.cur.busy = false
		w.cur.jobs++
		w.s.EnterPhase(w.wait)
	}
	w.next = w.cur
	return n
}

func (w *worker) Signals() []sim.Signal {
	return []sim.Signal{
		{Name: "busy", Width: 1, Value: func() uint64 { return b2u(w.cur.busy) }},
		{Name: "jobs", Width: 32, Value: func() uint64 { return uint64(w.cur.jobs) }},
		{Name: "lfsr", Width: 32, Value: func() uint64 { return uint64(w.cur.lfsr) }},
	}
}

// tally adds the worker's job count every time it changes; idle otherwise.
type tally struct {
	in        *worker
	seen, sum uint32
	nSeen     uint32
	nSum      uint32
}

func (t *tally) Name() string { return "tally" }
func (t *tally) Eval() {
	t.nSeen, t.nSum = t.seen, t.sum
	if j := t.in.Jobs(); j != t.seen {
		t.nSeen, t.nSum = j, t.sum+j
	}
}
func (t *tally) Commit() { t.seen, t.sum = t.nSeen, t.nSum }
func (t *tally) Idle() uint64 {
	if t.in.Jobs() == t.seen {
		return sim.Forever
	}
	return 0
}
func (t *tally) Skip(uint64) {}
func (t *tally) Signals() []sim.Signal {
	return []sim.Signal{{Name: "sum", Width: 32, Value: func() uint64 { return uint64(t.sum) }}}
}

// mix is a register block whose next value mixes its own value and another
// block's: used to show that evaluation order does not matter.
type mix struct {
	name string
	k    uint32
	r    sim.Reg[uint32]
	in   *mix
}

func (m *mix) Name() string { return m.name }
func (m *mix) Eval() {
	x := m.in.r.Get()
	m.r.Set((x<<3 | x>>29) ^ m.r.Get()*2654435761 + m.k)
}
func (m *mix) Commit() { m.r.Commit() }
