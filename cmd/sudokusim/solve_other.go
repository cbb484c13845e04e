package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"sudokusim/bench"
	"sudokusim/rtl/area"
	"sudokusim/rtl/ga"
	"sudokusim/rtl/swarm"
	"sudokusim/sim"
	"sudokusim/sudoku"
)

// The other hardware solvers of DESIGN §1.2–1.3 through `solve --design`:
// they load the grid straight into their memories (no serial front end is
// modelled for them), so their reports carry the cycles, the answer, t_max
// and the resource estimate of rtl/area (EstimateGA for the puzzle's order,
// EstimateSwarm for the array's maximum order) on --device, and say so.

// solveDesignFlags are the flags of solve that configure one design;
// --design, --clock-mhz, --max-cycles, --max-order, --vcd, --json, --index
// and --device apply to every design.
var solveDesignFlags = map[string][]string{
	"bnb":   {"cpc", "heuristics", "search-ignores-candidates", "subset-units", "baud", "link", "mode", "vcd-uart-only"},
	"ga":    {"population", "tournament", "mutation", "generations", "seed"},
	"swarm": {"boards", "copy-width", "stack"},
}

// solveForeignFlags returns an error naming every flag set on fs that
// configures a design other than design.
func solveForeignFlags(fs *flag.FlagSet, design string) error {
	owner := map[string]string{}
	for d, names := range solveDesignFlags {
		for _, n := range names {
			owner[n] = d
		}
	}
	var bad []string
	fs.Visit(func(f *flag.Flag) {
		if d, ok := owner[f.Name]; ok && d != design {
			bad = append(bad, "--"+f.Name)
		}
	})
	if len(bad) == 0 {
		return nil
	}
	verb := "do not apply"
	if len(bad) == 1 {
		verb = "does not apply"
	}
	return fmt.Errorf("%s %s to --design %s", strings.Join(bad, ", "), verb, design)
}

type otherDesignFlags struct {
	population, tournament  *int
	mutation                *float64
	generations, seed       *uint64
	boards, copyWidth, stak *int
	// fs is the solve flag set, which holds --device (defined by runSolve).
	fs *flag.FlagSet
}

// device is the --device flag's value, looked up in the catalogue.
// flagString is the value of one of solve's flags, and whether it was set.
func (f otherDesignFlags) flagString(name string) (string, bool) {
	set := false
	f.fs.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	if fl := f.fs.Lookup(name); fl != nil {
		return fl.Value.String(), set
	}
	return "", false
}

// traceTo opens the --vcd file, if one was asked for, on scheduler s.
func (f otherDesignFlags) traceTo(s *sim.Scheduler) (*sim.VCD, error) {
	path, set := f.flagString("vcd")
	if !set || path == "" {
		return nil, nil
	}
	return sim.CreateVCD(path, s, sim.VCDOptions{})
}

// runTraced runs a design on scheduler s, with the --vcd trace attached
// when one was asked for, and returns the exit status of a failure (exitOK
// when the run went through).
func (f otherDesignFlags) runTraced(s *sim.Scheduler, source string, stderr io.Writer, run func() error) int {
	vcd, err := f.traceTo(s)
	if err != nil {
		return usageError(stderr, "solve", "--vcd: %v", err)
	}
	err = run()
	if vcd != nil {
		if cerr := vcd.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "sudokusim solve: %s: %v\n", source, err)
		return exitFail
	}
	return exitOK
}

func (f otherDesignFlags) device() (area.Device, error) {
	name := area.DefaultDevice
	if fl := f.fs.Lookup("device"); fl != nil {
		name = fl.Value.String()
	}
	return area.LookupDevice(name)
}

func addOtherDesignFlags(fs *flag.FlagSet) otherDesignFlags {
	dg, ds := ga.DefaultConfig(), swarm.DefaultConfig()
	return otherDesignFlags{
		population:  fs.Int("population", dg.PopSize, "ga: chromosomes per generation"),
		tournament:  fs.Int("tournament", dg.Tournament, "ga: candidates per tournament"),
		mutation:    fs.Float64("mutation", float64(dg.MutationP16)/65536, "ga: mutation probability per child"),
		generations: fs.Uint64("generations", dg.MaxGenerations, "ga: generations before giving up"),
		seed:        fs.Uint64("seed", dg.Seed, "ga: LFSR seed"),
		boards:      fs.Int("boards", ds.BoardSlots, "swarm: board engines"),
		copyWidth:   fs.Int("copy-width", ds.CopyWidth, "swarm: cells per cycle on the copy bus"),
		stak:        fs.Int("stack", ds.StackDepth, "swarm: boards the branch stack holds"),
		fs:          fs,
	}
}

// otherReport is the JSON of solve --design ga|swarm: DESIGN §4's report
// plus the design's configuration and its own counters.
type otherReport struct {
	Report
	Config   any            `json:"config"`
	Counters bench.Counters `json:"counters"`
}

// runMaxOrder is the order a GA or swarm run is built for: --max-order
// when set (at least the puzzle's order), else the puzzle's order.
func (f otherDesignFlags) runMaxOrder(order int) (int, error) {
	v, set := f.flagString("max-order")
	if !set {
		return order, nil
	}
	var m int
	if _, err := fmt.Sscan(v, &m); err != nil {
		return 0, fmt.Errorf("--max-order %q: %v", v, err)
	}
	if m < order || m > sudoku.MaxOrder {
		return 0, fmt.Errorf("--max-order %d: want the puzzle's order %d..%d", m, order, sudoku.MaxOrder)
	}
	return m, nil
}

func runSolveOther(design string, f otherDesignFlags, args []string, index int, clockMHz float64, maxCycles uint64,
	jsonOut bool, stdout, stderr io.Writer) int {
	dev, err := f.device()
	if err != nil {
		return usageError(stderr, "solve", "--device: %v", err)
	}
	g, source := sudoku.Sample(), "embedded sample"
	if len(args) == 1 {
		source = args[0]
		if g, err = sudoku.LoadPuzzle(source, index, stdin); err != nil {
			return inputError(stderr, err)
		}
	}
	maxOrder, err := f.runMaxOrder(g.Order)
	if err != nil {
		return usageError(stderr, "solve", "%v", err)
	}
	rep := otherReport{Report: Report{Design: design, Order: g.Order, ClockMHz: clockMHz,
		Note: "direct load into memory (no serial front end modelled for this design); resources are an uncalibrated structural estimate"}}
	var est area.Report
	start := time.Now()
	var status string
	var sol *sudoku.Grid
	var total uint64
	var phases []phaseCycles
	var detail string
	switch design {
	case "ga":
		cfg := ga.DefaultConfig()
		cfg.PopSize, cfg.Tournament, cfg.MaxGenerations, cfg.Seed = *f.population, *f.tournament, *f.generations, *f.seed
		cfg.MutationP16 = uint32(*f.mutation*ga.MutationOne + 0.5)
		cfg.ClockHz = clockMHz * 1e6
		if err := cfg.Validate(); err != nil {
			return configError(stderr, "solve", f.fs, err)
		}
		if est, err = area.EstimateGA(cfg, maxOrder); err != nil {
			return configError(stderr, "solve", f.fs, err)
		}
		// The GA's watchdog is its generation counter: the cycle limit
		// (--max-cycles, or t_max of the order) allows the generations
		// whose run fits in it, at most --generations.
		limit := maxCycles
		if limit == 0 {
			limit = bench.TMaxCycles(g.Order, clockMHz)
		}
		genCap := bench.GAGenerationsWithin(cfg, g.Order, limit)
		run := cfg
		run.MaxGenerations = genCap
		rep.Config = bench.GAConfig{Population: cfg.PopSize, Tournament: cfg.Tournament,
			Mutation: float64(cfg.MutationP16) / ga.MutationOne, MaxGenerations: cfg.MaxGenerations, ClockMHz: clockMHz}
		p, err := ga.NewProcessor(run, g, true)
		if err != nil {
			return inputError(stderr, fmt.Errorf("%s: %w", source, err))
		}
		var res ga.Result
		if code := f.runTraced(p.Scheduler(), source, stderr, func() (err error) { res, err = p.Run(); return err }); code != exitOK {
			return code
		}
		status, sol, total = res.Status.String(), res.Solution, res.Cycles.Total()
		c := res.Cycles
		phases = []phaseCycles{{"init", c.Init}, {"evaluate", c.Evaluate}, {"check", c.Check}, {"select", c.Select}, {"reproduce", c.Reproduce}}
		counters := bench.NewGACounters(res, cfg.Seed, genCap)
		rep.Counters = counters
		detail = counters.Detail() + fmt.Sprintf(", pop_mem %d RAMB16", res.Memory.Primitives)
	case "swarm":
		cfg := swarm.DefaultConfig()
		cfg.BoardSlots, cfg.CopyWidth, cfg.StackDepth, cfg.ClockHz = *f.boards, *f.copyWidth, *f.stak, clockMHz*1e6
		cfg.MaxOrder = maxOrder
		// --max-cycles 0 is t_max of the puzzle's order at the clock.
		cfg.MaxCycles = bench.SwarmMaxCycles(maxCycles, g.Order, clockMHz)
		if err := cfg.Validate(); err != nil {
			return configError(stderr, "solve", f.fs, err)
		}
		if est, err = area.EstimateSwarm(cfg); err != nil {
			return configError(stderr, "solve", f.fs, err)
		}
		rep.Config = bench.SwarmConfig{Engines: cfg.BoardSlots, CopyWidth: cfg.CopyWidth, StackDepth: cfg.StackDepth,
			MaxOrder: cfg.MaxOrder, MaxCycles: cfg.MaxCycles, ClockMHz: clockMHz}
		a, err := swarm.NewArray(cfg)
		if err != nil {
			return configError(stderr, "solve", f.fs, err)
		}
		var res swarm.Result
		if code := f.runTraced(a.Scheduler(), source, stderr, func() (err error) { res, err = a.Solve(g); return err }); code != exitOK {
			return code
		}
		status, sol, total = res.Status.String(), res.Solution, res.Cycles.Total()
		c := res.Cycles
		phases = []phaseCycles{{"load", c.Load}, {"update", c.Update}, {"select", c.Select}, {"branch", c.Branch}, {"refill", c.Refill}}
		counters := bench.NewSwarmCounters(res)
		rep.Counters = counters
		detail = counters.Detail()
		if res.Exhausted {
			rep.Note += "; stopped with every engine busy and the branch stack full"
		}
	}
	wall := time.Since(start).Seconds()
	if sol != nil {
		if err := sudoku.Validate(g, sol); err != nil {
			fmt.Fprintf(stderr, "sudokusim solve: %s: the %s design's answer is wrong: %v\n", source, design, err)
			return exitFail
		}
		rep.SetSolution(sol)
	}
	fit := est.Fit(dev)
	rep.Resources = newResources(fit)
	rep.Status = status
	byName := map[string]uint64{}
	for _, ph := range phases {
		byName[ph.name] = ph.cycles
	}
	rep.Cycles = &Cycles{Total: total, Solve: total, Phases: byName}
	rep.SetTiming(float64(total) / (clockMHz * 1e6))
	rep.Sim = Sim{WallSeconds: wall}
	if wall > 0 {
		rep.Sim.CyclesPerSecond = float64(total) / wall
	}
	if jsonOut {
		if err := json.NewEncoder(stdout).Encode(&rep); err != nil {
			fmt.Fprintf(stderr, "sudokusim solve: %v\n", err)
			return exitUsage
		}
	} else {
		if !fit.Fits {
			fmt.Fprintln(stdout, notFitLine(fit))
		}
		fmt.Fprintf(stdout, "%s design, %s (order %d, %d empty cells), direct load\n", design, source, g.Order, g.Empty())
		fmt.Fprintf(stdout, "status     %s\n", status)
		fmt.Fprintf(stdout, "cycles     %d total = %s\n", total, phaseSum(phases))
		fmt.Fprintf(stdout, "detail     %s\n", detail)
		within := "met"
		if !rep.WithinTMax {
			within = "NOT met"
		}
		fmt.Fprintf(stdout, "time       %.6g s at %g MHz; t_max %.6g s %s\n", rep.Seconds, clockMHz, rep.TMaxSeconds, within)
		fmt.Fprintf(stdout, "resources  %s\n", otherResourcesLine(est, fit))
		fmt.Fprintf(stdout, "simulator  %.3f s wall, %.3g simulated cycles/s\n", wall, rep.Sim.CyclesPerSecond)
		if sol != nil {
			fmt.Fprint(stdout, sol.String())
		}
	}
	if status != "solved" {
		return exitFail
	}
	return exitOK
}

// phaseCycles is one phase of a run's cycles, in the design's phase order.
type phaseCycles struct {
	name   string
	cycles uint64
}

// phaseSum writes phases as "load 7 + update 11 + …".
func phaseSum(phases []phaseCycles) string {
	parts := make([]string, len(phases))
	for i, p := range phases {
		parts[i] = fmt.Sprintf("%s %d", p.name, p.cycles)
	}
	return strings.Join(parts, " + ")
}

// otherResourcesLine is the text report's resource line of a GA or swarm
// estimate on its device.
func otherResourcesLine(r area.Report, f area.Fit) string {
	verdict := f.Verdict
	if !f.Fits {
		verdict = "does NOT fit (limiting: " + f.Limiting + ")"
	}
	return fmt.Sprintf("%d slices (%d..%d), %d block RAMs on the %s (built for order %d): %s; uncalibrated structural estimate",
		f.Slices, f.SlicesLow, f.SlicesHigh, f.BlockRAMs, f.Device, r.MaxOrder, verdict)
}
