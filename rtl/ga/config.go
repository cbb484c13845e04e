package ga

import (
	"fmt"
	"strconv"

	"sudokusim/sim"
)

// Limits of the synthesis parameters.
const (
	MinPopSize = 2
	MaxPopSize = 4096
	// MaxTournament bounds the tournament size k.
	MaxTournament = 64
	// MutationOne is the mutation threshold of probability 1: a mutation
	// unit swaps when its 16 random bits are below Config.MutationP16.
	MutationOne = 1 << 16
	// HistoryCap bounds Result.FitnessHistory: the first HistoryCap
	// generations are recorded.
	HistoryCap = 1 << 16
)

// Config holds the hardware parameters of the GA processor. The zero value is
// not useful; start from DefaultConfig.
type Config struct {
	// PopSize is the number of chromosomes per generation (pop_size), 2..4096.
	PopSize int
	// Tournament is the number of random candidates per tournament (k),
	// 1..min(64, PopSize).
	Tournament int
	// MutationP16 is the mutation probability of one child as a fraction of
	// 2¹⁶ (mut_bits): 0 never mutates, 65536 always.
	MutationP16 uint32
	// MaxGenerations is max_gen: the run stops with Timeout when generation
	// MaxGenerations has been evaluated without a solution. 0 evaluates the
	// initial population only.
	MaxGenerations uint64
	// Seed sets the LFSR bank's start states. Same seed, same run.
	Seed uint64
	// ClockHz is the clock frequency, for converting cycles to seconds.
	ClockHz float64
}

// DefaultConfig is a population of 64, tournaments of 3, mutation
// probability 1/4 (16384/65536), 10 000 generations, seed 1, 100 MHz.
func DefaultConfig() Config {
	return Config{PopSize: 64, Tournament: 3, MutationP16: 16384, MaxGenerations: 10000, Seed: 1, ClockHz: 100e6}
}

// Validate returns nil or a *sim.ParamError naming the first bad
// parameter in a designer's words.
func (c Config) Validate() error {
	bad := func(param, got, want string) error {
		return &sim.ParamError{Pkg: "ga", Param: param, Got: got, Want: want}
	}
	switch {
	case c.PopSize < MinPopSize || c.PopSize > MaxPopSize:
		return bad("population", strconv.Itoa(c.PopSize), fmt.Sprintf("%d..%d chromosomes", MinPopSize, MaxPopSize))
	case c.Tournament < 1 || c.Tournament > MaxTournament || c.Tournament > c.PopSize:
		return bad("tournament size", strconv.Itoa(c.Tournament), fmt.Sprintf("1..%d candidates", min(MaxTournament, c.PopSize)))
	case c.MutationP16 > MutationOne:
		return bad("mutation probability", strconv.FormatFloat(float64(c.MutationP16)/MutationOne, 'g', 6, 64), "a probability in 0..1")
	case c.MaxGenerations > 1<<40:
		return bad("generation limit", strconv.FormatUint(c.MaxGenerations, 10), "at most 2⁴⁰")
	}
	return sim.CheckClock("ga", c.ClockHz)
}
