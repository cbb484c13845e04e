package sim

import "fmt"

// Status says why a run ended.
type Status uint8

const (
	// Done: Run completed its cycles, or RunUntil's condition became true.
	Done Status = iota
	// CycleLimit: RunUntil reached its cycle limit with the condition false.
	CycleLimit
	// Quiescent: every block waits forever for an input change, so
	// RunUntil's condition can never become true.
	Quiescent
	// Faulted: a block reported an error (see Faulter); the error says which.
	Faulted
)

func (st Status) String() string {
	switch st {
	case Done:
		return "done"
	case CycleLimit:
		return "cycle limit"
	case Quiescent:
		return "quiescent"
	case Faulted:
		return "faulted"
	}
	return fmt.Sprintf("Status(%d)", uint8(st))
}

// Run advances the design by exactly n cycles (fewer only if a block
// faults). A design in which every block waits forever still sees its clock
// run: the cycles pass in one jump.
func (s *Scheduler) Run(n uint64) (Status, error) {
	return s.run(nil, n)
}

// RunUntil advances the design until cond returns true (checked before the
// first cycle and after every step, jump or batch), at most limit cycles
// from now. cond must depend only on block outputs, not on the cycle counter
// (use limit for time): fast-forward checks it only where outputs can change.
func (s *Scheduler) RunUntil(cond func() bool, limit uint64) (Status, error) {
	if cond == nil {
		panic("sim: RunUntil with a nil condition")
	}
	return s.run(cond, limit)
}

func (s *Scheduler) run(cond func() bool, limit uint64) (Status, error) {
	if s.running {
		panic("sim: Run called from inside a run")
	}
	s.running = true
	defer func() { s.running = false }()

	end := s.cycle + limit
	if end < s.cycle {
		end = ^uint64(0)
	}
	ff := s.cfg.FastForward && s.allIdlers && len(s.blocks) > 0
	traced := len(s.observers) > 0
	if traced {
		// State set between runs (a testbench loading a design) shows in the
		// trace at the cycle it was set, not one edge later.
		s.observe()
	}
	for {
		if cond != nil && cond() {
			return Done, nil
		}
		if s.cycle >= end {
			if cond == nil {
				return Done, nil
			}
			return CycleLimit, nil
		}
		if ff {
			switch s.advance(end-s.cycle, cond != nil, traced) {
			case advanced:
				if err := s.fault(); err != nil {
					return Faulted, err
				}
				continue
			case quiescent:
				return Quiescent, nil
			}
		}
		s.step(traced)
		if err := s.fault(); err != nil {
			return Faulted, err
		}
	}
}

// step is one clock cycle: every Eval, then every Commit.
func (s *Scheduler) step(traced bool) {
	for _, b := range s.blocks {
		b.Eval()
	}
	for _, b := range s.blocks {
		b.Commit()
	}
	s.cycle++
	s.stats.Stepped++
	if s.phases.dirty {
		s.switchPhase(s.phases.pending)
	}
	if traced {
		s.observe()
	}
}

func (s *Scheduler) observe() {
	for _, o := range s.observers {
		o.Observe(s.cycle)
	}
}

type advance uint8

const (
	mustStep advance = iota
	advanced
	quiescent
)

// advance tries to move time without stepping: a jump when every block is
// idle, a solo batch when one Soloist is the only busy block.
func (s *Scheduler) advance(left uint64, hasCond, traced bool) advance {
	m := Forever // minimum idle of the idle blocks
	busy := -1
	for i, id := range s.idlers {
		k := id.Idle()
		if k == 0 {
			if busy >= 0 {
				return mustStep
			}
			busy = i
			continue
		}
		if k < m {
			m = k
		}
	}
	if busy < 0 {
		if m == Forever && hasCond {
			return quiescent
		}
		k := min(m, left)
		for _, id := range s.idlers {
			id.Skip(k)
		}
		s.cycle += k
		s.stats.Jumped += k
		s.stats.Jumps++
		if traced {
			s.observe()
		}
		return advanced
	}
	solo := s.soloists[busy]
	if solo == nil || traced {
		return mustStep
	}
	k := min(m, left)
	ran := solo.RunAlone(k)
	if ran == 0 || ran > k {
		panic(fmt.Sprintf("sim: block %q: RunAlone(%d) ran %d cycles, want 1..%d",
			s.blocks[busy].Name(), k, ran, k))
	}
	for i, id := range s.idlers {
		if i != busy {
			id.Skip(ran)
		}
	}
	s.cycle += ran
	s.stats.Solo += ran
	s.stats.Batches++
	if s.phases.dirty {
		s.switchPhase(s.phases.pending)
	}
	return advanced
}

func (s *Scheduler) fault() error {
	for i, f := range s.faulters {
		if err := f.Err(); err != nil {
			// The error arose in the last cycle run (0-based index cycle-1).
			return fmt.Errorf("sim: cycle %d: block %s: %w", s.cycle-1, s.blocks[s.faultIdx[i]].Name(), err)
		}
	}
	return nil
}
