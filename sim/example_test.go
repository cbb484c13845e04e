package sim_test

import (
	"fmt"

	"sudokusim/sim"
)

// counter is a 4-bit counter register with an enable from a toggle block.
type counter struct {
	en *toggle
	q  sim.Reg[uint8]
}

func (c *counter) Name() string { return "counter" }
func (c *counter) Eval() {
	if c.en.q.Get() {
		c.q.Set((c.q.Get() + 1) & 15)
	}
}
func (c *counter) Commit() { c.q.Commit() }

type toggle struct{ q sim.Reg[bool] }

func (t *toggle) Name() string { return "toggle" }
func (t *toggle) Eval()        { t.q.Set(!t.q.Get()) }
func (t *toggle) Commit()      { t.q.Commit() }

// A counter enabled every other cycle by a toggle flip-flop: after 10 cycles
// it has counted the 5 cycles in which the toggle's current value was 1.
func Example() {
	tg := &toggle{}
	c := &counter{en: tg}
	s, err := sim.New(sim.DefaultConfig(), c, tg)
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := s.Run(10)
	fmt.Println(st, err, c.q.Get(), s.Cycle(), s.Seconds())
	// Output: done <nil> 5 10 1e-07
}
