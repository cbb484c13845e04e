package bench

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"sudokusim/rtl/area"
	"sudokusim/rtl/ga"
	"sudokusim/sudoku"
)

// GASweep is a sweep of the GA processor's parameters: every combination
// of population, tournament size and mutation probability, on every
// puzzle, with seeds 1..Seeds.
type GASweep struct {
	Population []int
	Tournament []int
	// Mutation are mutation probabilities per child, 0..1.
	Mutation []float64
	Seeds    int
	// Generations is max_gen; MaxCycles the cycle limit (0: t_max of the
	// puzzle's order), which caps the generations as in Compare.
	Generations uint64
	MaxCycles   uint64
	ClockMHz    float64
	// MaxOrder is the order the GA is built for in the resource columns (0:
	// the set's largest order).
	MaxOrder int
	Puzzles  []Puzzle
	Device   string
	Jobs     int
	Out      string
	Progress io.Writer
}

// GARow is one run of a GA sweep.
type GARow struct {
	Puzzle     string  `json:"puzzle"`
	Order      int     `json:"order"`
	Population int     `json:"population"`
	Tournament int     `json:"tournament"`
	Mutation   float64 `json:"mutation"`
	Seed       uint64  `json:"seed"`
	Status     string  `json:"status"`
	Cycles     uint64  `json:"cycles"`
	Seconds    float64 `json:"seconds"`
	TMax       float64 `json:"tmax_seconds"`
	WithinTMax bool    `json:"within_tmax"`
	GACounters
	MaxOrder  int    `json:"built_for_order"`
	Slices    int    `json:"slices"`
	BlockRAMs int    `json:"block_rams"`
	Device    string `json:"device"`
	Fits      bool   `json:"fits"`
	// full is the whole best-fitness history, for the plot.
	full []int
}

// gaKey is a GA configuration of a sweep.
type gaKey struct {
	pop, k int
	mut    float64
}

func (k gaKey) String() string { return fmt.Sprintf("P=%d k=%d p=%g", k.pop, k.k, k.mut) }

func (r GARow) key() gaKey { return gaKey{r.Population, r.Tournament, r.Mutation} }

// GASweepFiles are the files a GA sweep writes besides its plots.
var GASweepFiles = []string{"ga.csv", "ga.json"}

// GASweepPlots are its plots (PNG and SVG).
var GASweepPlots = []string{"ga_fitness_vs_generation", "ga_pareto"}

// Validate checks the sweep's configurations without running them.
func (s GASweep) Validate() error {
	_, _, err := s.configs()
	return err
}

func (s GASweep) configs() ([]ga.Config, int, error) {
	if len(s.Population) == 0 || len(s.Tournament) == 0 || len(s.Mutation) == 0 {
		return nil, 0, fmt.Errorf("bench: ga sweep: every axis needs a value (population %v, tournament %v, mutation %v)",
			s.Population, s.Tournament, s.Mutation)
	}
	if s.Seeds < 1 {
		return nil, 0, fmt.Errorf("bench: ga sweep: seeds %d: want at least 1", s.Seeds)
	}
	if len(s.Puzzles) == 0 {
		return nil, 0, fmt.Errorf("bench: ga sweep: no puzzles")
	}
	m := 0
	for _, p := range s.Puzzles {
		m = max(m, p.Grid.Order)
	}
	if s.MaxOrder != 0 {
		if s.MaxOrder < m || s.MaxOrder > sudoku.MaxOrder {
			return nil, 0, fmt.Errorf("bench: ga sweep: max order %d: want the set's largest order %d..%d", s.MaxOrder, m, sudoku.MaxOrder)
		}
		m = s.MaxOrder
	}
	var out []ga.Config
	for _, pop := range s.Population {
		for _, k := range s.Tournament {
			for _, mu := range s.Mutation {
				if !(mu >= 0 && mu <= 1) {
					return nil, 0, fmt.Errorf("bench: ga sweep: mutation %g: want 0..1", mu)
				}
				c := ga.DefaultConfig()
				c.PopSize, c.Tournament, c.MutationP16 = pop, k, uint32(mu*ga.MutationOne+0.5)
				c.MaxGenerations, c.ClockHz = s.Generations, s.ClockMHz*1e6
				if err := c.Validate(); err != nil {
					return nil, 0, fmt.Errorf("bench: ga sweep: %w", err)
				}
				out = append(out, c)
			}
		}
	}
	return out, m, nil
}

// Run runs the sweep and writes ga.csv, ga.json and the plots into Out.
func (s GASweep) Run() ([]GARow, error) {
	cfgs, maxOrder, err := s.configs()
	if err != nil {
		return nil, err
	}
	dev, err := area.LookupDevice(orDefault(s.Device))
	if err != nil {
		return nil, err
	}
	type task struct {
		c    ga.Config
		mut  float64
		p    Puzzle
		seed uint64
	}
	var tasks []task
	for _, p := range s.Puzzles {
		for ci, c := range cfgs {
			for seed := 1; seed <= s.Seeds; seed++ {
				tasks = append(tasks, task{c, s.Mutation[ci%len(s.Mutation)], p, uint64(seed)})
			}
		}
	}
	rows := make([]GARow, len(tasks))
	err = runParallel(len(tasks), s.Jobs, s.Progress, "ga sweep", func(i int) error {
		t := tasks[i]
		c := t.c
		c.Seed = t.seed
		limit := s.MaxCycles
		if limit == 0 {
			limit = TMaxCycles(t.p.Grid.Order, s.ClockMHz)
		}
		c.MaxGenerations = GAGenerationsWithin(t.c, t.p.Grid.Order, limit)
		res, err := ga.Simulate(c, t.p.Grid)
		if err != nil {
			return fmt.Errorf("bench: ga sweep: %s on %s: %w", t.p.Name, gaKey{c.PopSize, c.Tournament, t.mut}, err)
		}
		est, err := area.EstimateGA(t.c, maxOrder)
		if err != nil {
			return err
		}
		fit := est.Fit(dev)
		r := GARow{Puzzle: t.p.Name, Order: t.p.Grid.Order, Population: c.PopSize, Tournament: c.Tournament, Mutation: t.mut,
			Seed: t.seed, Status: res.Status.String(), Cycles: res.Cycles.Total(), Seconds: res.Seconds, TMax: sudoku.TMax(t.p.Grid.Order),
			GACounters: NewGACounters(res, t.seed, c.MaxGenerations),
			MaxOrder:   maxOrder, Slices: fit.Slices, BlockRAMs: fit.BlockRAMs, Device: dev.Name, Fits: fit.Fits, full: res.FitnessHistory}
		r.WithinTMax = res.Status == sudoku.Solved && r.Seconds <= r.TMax
		rows[i] = r
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = writeFiles(s.Out, GASweepFiles, func(name string, w io.Writer) error {
		if name == "ga.csv" {
			return writeGACSV(w, rows)
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(struct {
			Runs int     `json:"runs"`
			Rows []GARow `json:"rows"`
		}{len(rows), rows})
	})
	if err != nil {
		return nil, err
	}
	return rows, writeGAPlots(s.Out, rows, dev)
}

func orDefault(device string) string {
	if device == "" {
		return area.DefaultDevice
	}
	return device
}

func writeGACSV(w io.Writer, rows []GARow) error {
	cw := csv.NewWriter(w)
	head := []string{"puzzle", "order", "population", "tournament", "mutation", "seed", "status", "cycles", "seconds", "tmax_seconds",
		"within_tmax", "generations", "generation_cap", "best_fitness", "last_improved", "mutations",
		"built_for_order", "slices", "block_rams", "device", "fits"}
	if err := cw.Write(head); err != nil {
		return err
	}
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, r := range rows {
		if err := cw.Write([]string{r.Puzzle, strconv.Itoa(r.Order), strconv.Itoa(r.Population), strconv.Itoa(r.Tournament), f(r.Mutation),
			u(r.Seed), r.Status, u(r.Cycles), f(r.Seconds), f(r.TMax), strconv.FormatBool(r.WithinTMax), u(r.Generations),
			u(r.GenerationCap), strconv.Itoa(r.BestFitness), u(r.LastImproved), u(r.Mutations),
			strconv.Itoa(r.MaxOrder), strconv.Itoa(r.Slices), strconv.Itoa(r.BlockRAMs), r.Device, strconv.FormatBool(r.Fits)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
