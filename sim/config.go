package sim

// Config is the Scheduler's configuration.
type Config struct {
	// ClockHz is the frequency of the one clock, in hertz; it converts
	// cycles to seconds and sets the VCD timescale. It must be positive and
	// at most 1 THz.
	ClockHz float64
	// FastForward lets the Scheduler jump over cycles in which every block
	// only counts (Idler) and run a lone busy block in batches (Soloist).
	// Results, cycle counts, phase totals and traces are the same either way.
	FastForward bool
}

// DefaultConfig is a 100 MHz clock with fast-forward on.
func DefaultConfig() Config { return Config{ClockHz: 100e6, FastForward: true} }

func (c Config) validate() error {
	return CheckClock("sim", c.ClockHz)
}
