package ga

import (
	"fmt"
	"math"
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

// Validate returns nil or an error naming the first bad field.
func (c Config) Validate() error {
	switch {
	case c.PopSize < MinPopSize || c.PopSize > MaxPopSize:
		return fmt.Errorf("ga: Config.PopSize %d: want %d..%d", c.PopSize, MinPopSize, MaxPopSize)
	case c.Tournament < 1 || c.Tournament > MaxTournament || c.Tournament > c.PopSize:
		return fmt.Errorf("ga: Config.Tournament %d: want 1..min(%d, PopSize %d)", c.Tournament, MaxTournament, c.PopSize)
	case c.MutationP16 > MutationOne:
		return fmt.Errorf("ga: Config.MutationP16 %d: want 0..%d", c.MutationP16, MutationOne)
	case c.MaxGenerations > 1<<40:
		return fmt.Errorf("ga: Config.MaxGenerations %d: want at most 2^40", c.MaxGenerations)
	case math.IsNaN(c.ClockHz) || math.IsInf(c.ClockHz, 0) || c.ClockHz <= 0 || c.ClockHz > 1e12:
		return fmt.Errorf("ga: Config.ClockHz %v: want a frequency in (0, 1e12] Hz", c.ClockHz)
	}
	return nil
}
