package sim

import "fmt"

// PhaseID names a phase of a run (rx, load, search, tx, ...) for cycle
// accounting. Phase 0, "idle", is in force until the design enters another.
type PhaseID uint8

// IdlePhase is the phase in force before a design enters any other.
const IdlePhase PhaseID = 0

// PhaseTotal is the number of cycles attributed to one phase.
type PhaseTotal struct {
	Name   string
	Cycles uint64
}

type phaseBook struct {
	names   []string
	totals  []uint64
	cur     PhaseID
	since   uint64 // cycle at which cur came into force
	pending PhaseID
	dirty   bool
}

func (p *phaseBook) init() {
	p.names = []string{"idle"}
	p.totals = []uint64{0}
}

// DefinePhase returns the id of the phase with this name, creating it if it
// is new. Ids are handed out in order of first definition, so reports list
// phases in that order.
func (s *Scheduler) DefinePhase(name string) PhaseID {
	for i, n := range s.phases.names {
		if n == name {
			return PhaseID(i)
		}
	}
	if len(s.phases.names) > 255 {
		panic(fmt.Sprintf("sim: more than 256 phases defined (defining %q)", name))
	}
	s.phases.names = append(s.phases.names, name)
	s.phases.totals = append(s.phases.totals, 0)
	return PhaseID(len(s.phases.names) - 1)
}

// EnterPhase makes id the phase of the cycles that follow. Called during a
// cycle (from a block's Eval or Commit, or from RunAlone in the last cycle it
// runs) the current cycle still counts for the old phase and id takes effect
// from the next cycle; called between runs it takes effect at once. The last
// call in a cycle wins.
func (s *Scheduler) EnterPhase(id PhaseID) {
	if int(id) >= len(s.phases.names) {
		panic(fmt.Sprintf("sim: EnterPhase(%d): phase not defined", id))
	}
	if s.running {
		s.phases.pending, s.phases.dirty = id, true
		return
	}
	s.switchPhase(id)
}

// Phase returns the phase in force.
func (s *Scheduler) Phase() PhaseID { return s.phases.cur }

// PhaseName returns the name of a defined phase.
func (s *Scheduler) PhaseName(id PhaseID) string { return s.phases.names[id] }

func (s *Scheduler) switchPhase(id PhaseID) {
	p := &s.phases
	p.totals[p.cur] += s.cycle - p.since
	p.cur, p.since, p.dirty = id, s.cycle, false
}

// PhaseCycles returns the cycles attributed to every defined phase, in order
// of definition; their sum is Cycle().
func (s *Scheduler) PhaseCycles() []PhaseTotal {
	p := &s.phases
	out := make([]PhaseTotal, len(p.names))
	for i, n := range p.names {
		out[i] = PhaseTotal{Name: n, Cycles: p.totals[i]}
	}
	out[p.cur].Cycles += s.cycle - p.since
	return out
}

// PhaseCyclesOf returns the cycles attributed so far to one phase.
func (s *Scheduler) PhaseCyclesOf(id PhaseID) uint64 {
	c := s.phases.totals[id]
	if id == s.phases.cur {
		c += s.cycle - s.phases.since
	}
	return c
}
