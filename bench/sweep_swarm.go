package bench

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"sudokusim/rtl/area"
	"sudokusim/rtl/swarm"
	"sudokusim/sudoku"
)

// SwarmSweep is a sweep of the engine array's parameters: every
// combination of engines, branch-stack depth and copy-bus width on every
// puzzle.
type SwarmSweep struct {
	Engines    []int
	StackDepth []int
	CopyWidth  []int
	// MaxOrder is the order the array is built for (0: the set's largest).
	MaxOrder int
	// MaxCycles is the cycle limit of one puzzle (0: t_max of its order).
	MaxCycles uint64
	ClockMHz  float64
	Puzzles   []Puzzle
	Device    string
	Jobs      int
	Out       string
	Progress  io.Writer
}

// SwarmRow is one run of an engine-array sweep.
type SwarmRow struct {
	Puzzle     string  `json:"puzzle"`
	Order      int     `json:"order"`
	Engines    int     `json:"engines"`
	StackDepth int     `json:"stack_depth"`
	CopyWidth  int     `json:"copy_width"`
	MaxOrder   int     `json:"max_order"`
	Status     string  `json:"status"`
	Cycles     uint64  `json:"cycles"`
	Limit      uint64  `json:"cycle_limit"`
	Seconds    float64 `json:"seconds"`
	TMax       float64 `json:"tmax_seconds"`
	WithinTMax bool    `json:"within_tmax"`
	SwarmCounters
	Slices    int    `json:"slices"`
	BlockRAMs int    `json:"block_rams"`
	Device    string `json:"device"`
	Fits      bool   `json:"fits"`
}

// swarmKey is an engine-array configuration of a sweep.
type swarmKey struct{ b, s, w int }

func (k swarmKey) String() string { return fmt.Sprintf("B=%d S=%d W=%d", k.b, k.s, k.w) }

func (r SwarmRow) key() swarmKey { return swarmKey{r.Engines, r.StackDepth, r.CopyWidth} }

// SwarmSweepFiles are the files an engine-array sweep writes besides its
// plots.
var SwarmSweepFiles = []string{"swarm.csv", "swarm.json"}

// SwarmSweepPlots are its plots (PNG and SVG).
var SwarmSweepPlots = []string{"swarm_cycles_vs_engines", "swarm_pareto"}

// Validate checks the sweep's configurations without running them.
func (s SwarmSweep) Validate() error {
	_, err := s.configs()
	return err
}

func (s SwarmSweep) configs() ([]swarm.Config, error) {
	if len(s.Engines) == 0 || len(s.StackDepth) == 0 || len(s.CopyWidth) == 0 {
		return nil, fmt.Errorf("bench: swarm sweep: every axis needs a value (engines %v, stack %v, copy width %v)",
			s.Engines, s.StackDepth, s.CopyWidth)
	}
	if len(s.Puzzles) == 0 {
		return nil, fmt.Errorf("bench: swarm sweep: no puzzles")
	}
	m := 0
	for _, p := range s.Puzzles {
		m = max(m, p.Grid.Order)
	}
	if s.MaxOrder != 0 {
		if s.MaxOrder < m {
			return nil, fmt.Errorf("bench: swarm sweep: max order %d is below the set's largest order %d", s.MaxOrder, m)
		}
		m = s.MaxOrder
	}
	var out []swarm.Config
	for _, b := range s.Engines {
		for _, d := range s.StackDepth {
			for _, w := range s.CopyWidth {
				c := swarm.DefaultConfig()
				c.BoardSlots, c.StackDepth, c.CopyWidth, c.MaxOrder, c.ClockHz = b, d, w, m, s.ClockMHz*1e6
				c.MaxCycles = SwarmMaxCycles(s.MaxCycles, m, s.ClockMHz)
				if err := c.Validate(); err != nil {
					return nil, fmt.Errorf("bench: swarm sweep: %w", err)
				}
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// Run runs the sweep and writes swarm.csv, swarm.json and the plots into
// Out.
func (s SwarmSweep) Run() ([]SwarmRow, error) {
	cfgs, err := s.configs()
	if err != nil {
		return nil, err
	}
	dev, err := area.LookupDevice(orDefault(s.Device))
	if err != nil {
		return nil, err
	}
	type task struct {
		c swarm.Config
		p Puzzle
	}
	var tasks []task
	for _, p := range s.Puzzles {
		for _, c := range cfgs {
			tasks = append(tasks, task{c, p})
		}
	}
	rows := make([]SwarmRow, len(tasks))
	err = runParallel(len(tasks), s.Jobs, s.Progress, "swarm sweep", func(i int) error {
		t := tasks[i]
		// The area is that of the array as built (its cycle counter sized
		// for the largest limit); the run stops at its own order's limit.
		est, err := area.EstimateSwarm(t.c)
		if err != nil {
			return err
		}
		c := t.c
		c.MaxCycles = SwarmMaxCycles(s.MaxCycles, t.p.Grid.Order, s.ClockMHz)
		res, err := swarm.Simulate(c, t.p.Grid)
		if err != nil {
			return fmt.Errorf("bench: swarm sweep: %s on %s: %w", t.p.Name, swarmKey{c.BoardSlots, c.StackDepth, c.CopyWidth}, err)
		}
		if res.Solution != nil {
			if err := sudoku.Validate(t.p.Grid, res.Solution); err != nil {
				return fmt.Errorf("bench: swarm sweep: %s: wrong answer: %w", t.p.Name, err)
			}
		}
		fit := est.Fit(dev)
		r := SwarmRow{Puzzle: t.p.Name, Order: t.p.Grid.Order, Engines: c.BoardSlots, StackDepth: c.StackDepth, CopyWidth: c.CopyWidth,
			MaxOrder: c.MaxOrder, Status: res.Status.String(), Cycles: res.Cycles.Total(), Limit: c.MaxCycles, Seconds: res.Seconds,
			TMax: sudoku.TMax(t.p.Grid.Order), SwarmCounters: NewSwarmCounters(res),
			Slices: fit.Slices, BlockRAMs: fit.BlockRAMs, Device: dev.Name, Fits: fit.Fits}
		r.WithinTMax = res.Status == sudoku.Solved && r.Seconds <= r.TMax
		rows[i] = r
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = writeFiles(s.Out, SwarmSweepFiles, func(name string, w io.Writer) error {
		if name == "swarm.csv" {
			return writeSwarmCSV(w, rows)
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(struct {
			Runs int        `json:"runs"`
			Rows []SwarmRow `json:"rows"`
		}{len(rows), rows})
	})
	if err != nil {
		return nil, err
	}
	return rows, writeSwarmPlots(s.Out, rows, dev)
}

func writeSwarmCSV(w io.Writer, rows []SwarmRow) error {
	cw := csv.NewWriter(w)
	head := []string{"puzzle", "order", "engines", "stack_depth", "copy_width", "max_order", "status", "cycles", "cycle_limit",
		"seconds", "tmax_seconds", "within_tmax", "steps", "branches", "copies", "spills", "refills", "boards_killed",
		"peak_live_boards", "stack_peak", "exhausted", "slices", "block_rams", "device", "fits"}
	if err := cw.Write(head); err != nil {
		return err
	}
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, r := range rows {
		if err := cw.Write([]string{r.Puzzle, strconv.Itoa(r.Order), strconv.Itoa(r.Engines), strconv.Itoa(r.StackDepth),
			strconv.Itoa(r.CopyWidth), strconv.Itoa(r.MaxOrder), r.Status, u(r.Cycles), u(r.Limit), f(r.Seconds), f(r.TMax),
			strconv.FormatBool(r.WithinTMax), u(r.Steps), u(r.Branches), u(r.Copies), u(r.Spills), u(r.Refills), u(r.BoardsKilled),
			strconv.Itoa(r.PeakBoards), strconv.Itoa(r.PeakStack), strconv.FormatBool(r.Exhausted),
			strconv.Itoa(r.Slices), strconv.Itoa(r.BlockRAMs), r.Device, strconv.FormatBool(r.Fits)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
