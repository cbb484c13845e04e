package sim

import (
	"fmt"
	"time"
)

// Scheduler clocks a design: it owns the blocks (evaluated in the order they
// were added), the cycle counter, the clock frequency, the phase accounting
// and the attached observers.
type Scheduler struct {
	cfg    Config
	blocks []Block
	// Capabilities, parallel to blocks; nil where a block lacks one.
	idlers   []Idler
	soloists []Soloist
	faulters []Faulter
	faultIdx []int
	// allIdlers is true when every block is an Idler, the precondition for
	// any fast-forward.
	allIdlers bool

	cycle     uint64
	running   bool
	observers []Observer
	phases    phaseBook
	stats     Stats
}

// Stats counts how the Scheduler advanced time: cycles stepped one by one,
// cycles jumped while every block was idle, and cycles run in solo batches.
// Stepped + Jumped + Solo is the cycle counter.
type Stats struct {
	Stepped, Jumped, Solo uint64
	Jumps, Batches        uint64
}

// New returns a Scheduler for cfg with the given blocks, or an error naming
// the bad Config field.
func New(cfg Config, blocks ...Block) (*Scheduler, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	s := &Scheduler{cfg: cfg, allIdlers: true}
	s.phases.init()
	s.Add(blocks...)
	return s, nil
}

// Add appends blocks to the design; they are evaluated after the ones
// already added. Adding a block twice or adding during a run is a model bug
// and panics.
func (s *Scheduler) Add(blocks ...Block) {
	if s.running {
		panic("sim: Scheduler.Add called during a run")
	}
	for _, b := range blocks {
		for _, o := range s.blocks {
			if o == b {
				panic(fmt.Sprintf("sim: block %q added twice", b.Name()))
			}
		}
		s.blocks = append(s.blocks, b)
		id, _ := b.(Idler)
		s.idlers = append(s.idlers, id)
		if id == nil {
			s.allIdlers = false
		}
		so, _ := b.(Soloist)
		if so != nil && id == nil {
			panic(fmt.Sprintf("sim: block %q is a Soloist but not an Idler", b.Name()))
		}
		s.soloists = append(s.soloists, so)
		if f, ok := b.(Faulter); ok {
			s.faulters = append(s.faulters, f)
			s.faultIdx = append(s.faultIdx, len(s.blocks)-1)
		}
	}
}

// Blocks returns the blocks in evaluation order.
func (s *Scheduler) Blocks() []Block { return s.blocks }

// Config returns the configuration the Scheduler was built with.
func (s *Scheduler) Config() Config { return s.cfg }

// Cycle is the number of clock cycles completed.
func (s *Scheduler) Cycle() uint64 { return s.cycle }

// Seconds converts the cycles completed to seconds of the modelled clock.
func (s *Scheduler) Seconds() float64 { return s.CyclesToSeconds(s.cycle) }

// CyclesToSeconds converts a cycle count to seconds of the modelled clock.
func (s *Scheduler) CyclesToSeconds(c uint64) float64 { return float64(c) / s.cfg.ClockHz }

// SecondsToCycles converts seconds of the modelled clock to whole cycles,
// rounding up (a deadline of t seconds needs that many cycles to pass).
func (s *Scheduler) SecondsToCycles(sec float64) uint64 {
	c := sec * s.cfg.ClockHz
	n := uint64(c)
	if float64(n) < c {
		n++
	}
	return n
}

// Period is the clock period.
func (s *Scheduler) Period() time.Duration {
	return time.Duration(1e9 / s.cfg.ClockHz)
}

// Stats reports how time was advanced so far.
func (s *Scheduler) Stats() Stats { return s.stats }

// Attach adds an observer, called after every clock edge and jump. While any
// observer is attached the Scheduler steps lone busy blocks cycle by cycle
// instead of batching them (it still jumps when every block is idle, which
// changes no signal).
func (s *Scheduler) Attach(o Observer) {
	if s.running {
		panic("sim: Scheduler.Attach called during a run")
	}
	s.observers = append(s.observers, o)
}

// Detach removes an observer attached earlier; unknown observers are ignored.
func (s *Scheduler) Detach(o Observer) {
	if s.running {
		panic("sim: Scheduler.Detach called during a run")
	}
	for i, x := range s.observers {
		if x == o {
			s.observers = append(s.observers[:i], s.observers[i+1:]...)
			return
		}
	}
}
