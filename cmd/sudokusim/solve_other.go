package main

import (
	"flag"
	"fmt"
	"io"
	"time"

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

// otherDesignFlags are solve's flags for the ga and swarm designs; the
// names below are the ones that apply to them (the bnb-only flags are
// refused).
var otherDesignFlagNames = map[string]bool{"design": true, "population": true, "tournament": true, "mutation": true,
	"max-order": true, "vcd": true, "vcd-uart-only": false,
	"generations": true, "seed": true, "boards": true, "copy-width": true, "stack": true,
	"clock-mhz": true, "max-cycles": true, "json": true, "index": true, "device": true}

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
	rep := Report{Design: design, Order: g.Order, ClockMHz: clockMHz,
		Note: "direct load into memory (no serial front end modelled for this design); resources are an uncalibrated structural estimate"}
	var est area.Report
	start := time.Now()
	var status string
	var sol *sudoku.Grid
	var total uint64
	phases := map[string]uint64{}
	var detail string
	switch design {
	case "ga":
		cfg := ga.DefaultConfig()
		cfg.PopSize, cfg.Tournament, cfg.MaxGenerations, cfg.Seed = *f.population, *f.tournament, *f.generations, *f.seed
		cfg.MutationP16 = uint32(*f.mutation*65536 + 0.5)
		cfg.ClockHz = clockMHz * 1e6
		if err := cfg.Validate(); err != nil {
			return configError(stderr, "solve", f.fs, err)
		}
		if est, err = area.EstimateGA(cfg, g.Order); err != nil {
			return configError(stderr, "solve", f.fs, err)
		}
		p, err := ga.NewProcessor(cfg, g, true)
		if err != nil {
			return inputError(stderr, fmt.Errorf("%s: %w", source, err))
		}
		var res ga.Result
		if code := f.runTraced(p.Scheduler(), source, stderr, func() (err error) { res, err = p.Run(); return err }); code != exitOK {
			return code
		}
		status, sol, total = res.Status.String(), res.Solution, res.Cycles.Total()
		c := res.Cycles
		phases["init"], phases["evaluate"], phases["check"], phases["select"], phases["reproduce"] = c.Init, c.Evaluate, c.Check, c.Select, c.Reproduce
		detail = fmt.Sprintf("%d generations, best fitness %d (0 = solved), %d mutations, pop_mem %d RAMB16",
			res.Generations, res.BestFitness, res.Mutations, res.Memory.Primitives)
	case "swarm":
		cfg := swarm.DefaultConfig()
		cfg.BoardSlots, cfg.CopyWidth, cfg.StackDepth, cfg.ClockHz = *f.boards, *f.copyWidth, *f.stak, clockMHz*1e6
		if m, set := f.flagString("max-order"); set {
			if _, err := fmt.Sscan(m, &cfg.MaxOrder); err != nil {
				return usageError(stderr, "solve", "--max-order %q: %v", m, err)
			}
		}
		if maxCycles > 0 {
			cfg.MaxCycles = maxCycles
		}
		if err := cfg.Validate(); err != nil {
			return configError(stderr, "solve", f.fs, err)
		}
		if est, err = area.EstimateSwarm(cfg); err != nil {
			return configError(stderr, "solve", f.fs, err)
		}
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
		phases["load"], phases["update"], phases["select"], phases["branch"], phases["refill"] = c.Load, c.Update, c.Select, c.Branch, c.Refill
		detail = fmt.Sprintf("%d steps, %d branches, %d copies, %d spills, %d refills, %d boards killed, peak %d engines / %d stacked",
			res.Steps, res.Branches, res.Copies, res.Spills, res.Refills, res.BoardsKilled, res.PeakBoards, res.PeakStack)
		if res.Exhausted {
			detail += "; stopped: a branch found no free engine and a full branch stack"
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
	rep.Resources = &Resources{BRAM: fit.BlockRAMs, Slices: fit.Slices, Device: fit.Device, Fits: fit.Fits}
	rep.Status = status
	rep.Cycles = &Cycles{Total: total, Solve: total, Phases: phases}
	rep.SetTiming(float64(total) / (clockMHz * 1e6))
	rep.Sim = Sim{WallSeconds: wall}
	if wall > 0 {
		rep.Sim.CyclesPerSecond = float64(total) / wall
	}
	if jsonOut {
		if err := rep.WriteJSON(stdout); err != nil {
			fmt.Fprintf(stderr, "sudokusim solve: %v\n", err)
			return exitUsage
		}
	} else {
		if !fit.Fits {
			fmt.Fprintln(stdout, notFitLine(fit))
		}
		fmt.Fprintf(stdout, "%s design, %s (order %d, %d empty cells), direct load\n", design, source, g.Order, g.Empty())
		fmt.Fprintf(stdout, "status     %s\n", status)
		fmt.Fprintf(stdout, "cycles     %d total %v\n", total, phases)
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

// otherResourcesLine is the text report's resource line of a GA or swarm
// estimate on its device.
func otherResourcesLine(r area.Report, f area.Fit) string {
	verdict := "fits"
	if !f.Fits {
		verdict = "does NOT fit (limiting: " + f.Limiting + ")"
	}
	return fmt.Sprintf("%d slices, %d block RAMs on the %s (built for order %d): %s; uncalibrated structural estimate",
		f.Slices, f.BlockRAMs, f.Device, r.MaxOrder, verdict)
}
