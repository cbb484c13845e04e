package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"

	"sudokusim/rtl/area"
	"sudokusim/sudoku"
)

// Report is the one JSON object `--json` prints (DESIGN §4). Hardware
// simulations fill every field; the golden model (design "dlx") leaves the
// hardware-only ones (cycles, clock, resources) out.
type Report struct {
	Design      string     `json:"design"`
	Order       int        `json:"order"`
	Status      string     `json:"status"` // solved | unsolvable | timeout | rejected
	Solution    [][]int    `json:"solution,omitempty"`
	Checksum    *int       `json:"checksum,omitempty"` // of the output frame, 0..255
	Cycles      *Cycles    `json:"cycles,omitempty"`
	ClockMHz    float64    `json:"clock_mhz,omitempty"`
	Seconds     float64    `json:"seconds"` // total cycles / clock; wall time for software models
	TMaxSeconds float64    `json:"tmax_seconds"`
	WithinTMax  bool       `json:"within_tmax"`
	Resources   *Resources `json:"resources,omitempty"`
	Sim         Sim        `json:"sim"`
	Search      *Search    `json:"search,omitempty"`
	Note        string     `json:"note,omitempty"`
}

// Cycles splits the simulated cycles by phase: total, the serial receive
// (rx), the solve and the serial transmit (tx), plus any further phases a
// design reports (preprocess, backtrack, ...) in Phases. JSON puts total, rx,
// solve, tx first and the extra phases after them in name order.
type Cycles struct {
	Total  uint64
	RX     uint64
	Solve  uint64
	TX     uint64
	Phases map[string]uint64
}

// MarshalJSON writes the phases in a fixed order, so reports are byte-for-
// byte reproducible.
func (c Cycles) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"total":%d,"rx":%d,"solve":%d,"tx":%d`, c.Total, c.RX, c.Solve, c.TX)
	names := make([]string, 0, len(c.Phases))
	for n := range c.Phases {
		switch n {
		case "total", "rx", "solve", "tx":
			return nil, fmt.Errorf("sudokusim: cycle phase %q duplicates a fixed field", n)
		}
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, ",%s:%d", strconv.Quote(n), c.Phases[n])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Resources is the FPGA cost of the simulated design on a device.
type Resources struct {
	BRAM   int    `json:"bram"`
	Slices int    `json:"slices"`
	Device string `json:"device"`
	Fits   bool   `json:"fits"`
	// SlicesLow..SlicesHigh is the model's slice range and Verdict its
	// fits / may fit / does NOT fit (docs/resource-model.md §4.1).
	SlicesLow  int    `json:"slices_low"`
	SlicesHigh int    `json:"slices_high"`
	Verdict    string `json:"verdict"`
}

// newResources is the JSON resources object of a fit.
func newResources(fit area.Fit) *Resources {
	return &Resources{BRAM: fit.BlockRAMs, Slices: fit.Slices, Device: fit.Device, Fits: fit.Fits,
		SlicesLow: fit.SlicesLow, SlicesHigh: fit.SlicesHigh, Verdict: fit.Verdict}
}

// resourcesLine is the text line solve prints for a fit: the point
// estimate, its range and the verdict when it is not a plain "fits".
func resourcesLine(fit area.Fit) string {
	s := fmt.Sprintf("resources  %d slices (%d..%d), %d block RAMs on %s", fit.Slices, fit.SlicesLow, fit.SlicesHigh, fit.BlockRAMs, fit.Device)
	switch {
	case !fit.Fits:
		s += ", does NOT fit: " + fit.Limiting
	case fit.Verdict == area.VerdictMayFit:
		s += ", may fit (the range spans the capacity)"
	}
	return s
}

// Sim is how fast the simulator itself ran.
type Sim struct {
	WallSeconds     float64 `json:"wall_seconds"`
	CyclesPerSecond float64 `json:"cycles_per_second,omitempty"`
}

// Search counts the search work: nodes visited (placements tried),
// backtracks, deepest level.
type Search struct {
	Nodes      uint64 `json:"nodes"`
	Backtracks uint64 `json:"backtracks,omitempty"`
	MaxDepth   int    `json:"max_depth,omitempty"`
}

// SetTiming fills Seconds, TMaxSeconds and WithinTMax from the solve time
// in seconds and the report's Order.
func (r *Report) SetTiming(seconds float64) {
	r.Seconds = seconds
	r.TMaxSeconds = sudoku.TMax(r.Order)
	r.WithinTMax = r.Status == "solved" && seconds <= r.TMaxSeconds
}

// SetSolution fills Solution and Checksum from a solved grid.
func (r *Report) SetSolution(g *sudoku.Grid) {
	r.Solution = g.Rows()
	cs := int(sudoku.Checksum(g))
	r.Checksum = &cs
}

// WriteJSON prints the report as one JSON object on one line (a solution
// of order 15 has 50,625 cells; indenting would put each on its own line).
func (r *Report) WriteJSON(w io.Writer) error {
	return json.NewEncoder(w).Encode(r)
}
