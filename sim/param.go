package sim

import (
	"fmt"
	"math"
	"strconv"
)

// ParamError is a configuration parameter outside what a design (or the
// simulator) supports, said in a hardware designer's words rather than the
// Go field's: Param names the parameter ("clock", "candidates per cycle"),
// Got is the value as configured with its unit ("1e+15 Hz"), Want what is
// allowed ("at most 1 THz"). A command line maps Param to its flag and
// prints the value as the user typed it (cmd/sudokusim).
type ParamError struct {
	Pkg   string // the package that checked it: "bnb", "ga", ...
	Param string
	Got   string
	Want  string
}

func (e *ParamError) Error() string {
	return fmt.Sprintf("%s: %s %s: want %s", e.Pkg, e.Param, e.Got, e.Want)
}

// MaxClockHz is the fastest clock the scheduler accepts (1 THz): beyond it
// a cycle is shorter than the VCD's finest timescale.
const MaxClockHz = 1e12

// CheckClock returns a *ParamError from package pkg unless hz is a
// frequency in (0, MaxClockHz].
func CheckClock(pkg string, hz float64) error {
	if math.IsNaN(hz) || math.IsInf(hz, 0) || hz <= 0 || hz > MaxClockHz {
		return &ParamError{Pkg: pkg, Param: "clock", Got: FormatHz(hz), Want: "a frequency above 0 and at most 1 THz (10⁶ MHz)"}
	}
	return nil
}

// FormatHz prints a frequency with at most six significant digits and
// no float noise: "100 MHz", "1e+15 Hz".
func FormatHz(hz float64) string {
	switch a := math.Abs(hz); {
	case a >= 1e6 && a < 1e12:
		return strconv.FormatFloat(hz/1e6, 'g', 6, 64) + " MHz"
	default:
		return strconv.FormatFloat(hz, 'g', 6, 64) + " Hz"
	}
}
