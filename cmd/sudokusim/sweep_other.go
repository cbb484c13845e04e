package main

import (
	"fmt"
	"io"
	"strings"

	"sudokusim/bench"
	"sudokusim/rtl/area"
	"sudokusim/rtl/ga"
	"sudokusim/rtl/swarm"
)

// `sweep --design ga|swarm`: the parameter sweeps of the GA processor and
// the engine array. `sweep` itself (the FPT'09 processor's, with journal,
// shards and merge) stays in sweep.go; routeSweepDesign sends the other
// designs here.

const sweepGASynopsis = `usage: sudokusim sweep --design ga [flags] FILE|DIR...

Runs the GA processor with every combination of --population, --tournament
and --mutation on every puzzle, with seeds 1..--seeds, and writes ga.csv,
ga.json (best fitness per generation, downsampled, and the generation it
last improved) and the plots ga_fitness_vs_generation (median over seeds on
the first puzzle, a dot where each configuration last improved) and
ga_pareto (runs solved vs slices; the front joins fitting configurations)
into --out. Lists are comma-separated.`

const sweepSwarmSynopsis = `usage: sudokusim sweep --design swarm [flags] FILE|DIR...

Runs the engine array with every combination of --boards, --stack and
--copy-width on every puzzle and writes swarm.csv, swarm.json (branches,
copies, peak live boards, stack peak) and the plots swarm_cycles_vs_engines
(timeouts as crosses, never joined to the solved runs) and swarm_pareto
(puzzles solved vs slices; the front joins fitting configurations) into
--out. Lists are comma-separated.`

// bnbSweepFlags are sweep's flags of the FPT'09 processor.
var bnbSweepFlags = []string{"cpc", "heuristics", "subset-units", "mode", "link", "shard", "generate", "holes", "seed"}

// routeSweepDesign finds --design in sweep's arguments: ga and swarm run
// here (done); bnb, or no --design, continues with the FPT'09 sweep on the
// arguments without it.
func routeSweepDesign(args []string, stdout, stderr io.Writer) (rest []string, status int, done bool) {
	design := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		switch {
		case a == "--design" || a == "-design":
			if i+1 >= len(args) {
				return nil, usageError(stderr, "sweep", "--design needs a value: bnb, ga or swarm"), true
			}
			design = args[i+1]
			i++
		case strings.HasPrefix(a, "--design=") || strings.HasPrefix(a, "-design="):
			design = a[strings.Index(a, "=")+1:]
		default:
			rest = append(rest, a)
		}
	}
	switch design {
	case "", "bnb":
		return rest, exitOK, false
	case "ga":
		return nil, runSweepGA(rest, stdout, stderr), true
	case "swarm":
		return nil, runSweepSwarm(rest, stdout, stderr), true
	}
	return nil, usageError(stderr, "sweep", "--design %q is not bnb, ga or swarm", design), true
}

// parseOtherSweep parses the flags of a GA or swarm sweep, naming an FPT'09
// flag given to them.
func parseOtherSweep(design string, fsArgs []string, parse func([]string) (bool, int)) (bool, int, string) {
	for _, a := range fsArgs {
		name := strings.TrimLeft(strings.SplitN(a, "=", 2)[0], "-")
		if !strings.HasPrefix(a, "-") {
			continue
		}
		for _, b := range bnbSweepFlags {
			if name == b {
				return true, exitUsage, fmt.Sprintf("--%s does not apply to --design %s", name, design)
			}
		}
	}
	done, st := parse(fsArgs)
	return done, st, ""
}

func runSweepGA(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("sweep", sweepGASynopsis, stdout)
	dg := ga.DefaultConfig()
	pop := fs.String("population", fmt.Sprint(dg.PopSize), "chromosomes per generation, a list")
	tour := fs.String("tournament", fmt.Sprint(dg.Tournament), "candidates per tournament, a list")
	mut := fs.String("mutation", fmt.Sprint(float64(dg.MutationP16)/ga.MutationOne), "mutation probabilities per child, a list")
	seeds := fs.Int("seeds", 4, "runs per configuration and puzzle, seeds 1..N")
	gens := fs.Uint64("generations", dg.MaxGenerations, "generations before giving up (the cycle limit may stop a run sooner)")
	maxCycles := fs.Uint64("max-cycles", 0, "cycle limit per run, rounded down to whole generations (0: t_max of the puzzle's order)")
	clock := fs.Float64("clock-mhz", 100, "clock frequency in MHz")
	maxOrder := fs.Int("max-order", 0, "order the GA is built for in the resource columns (0: the set's largest)")
	device := fs.String("device", area.DefaultDevice, "device for the resource columns and plots")
	jobs := fs.Int("jobs", 0, "runs made at once (0: all cores)")
	out := fs.String("out", "sweep-ga", "output directory")
	quiet := fs.Bool("quiet", false, "no progress bar (there is none when stderr is not a terminal)")
	done, st, msg := parseOtherSweep("ga", args, func(a []string) (bool, int) { return parseFlags(fs, a, stderr) })
	if msg != "" {
		return usageError(stderr, "sweep", "%s", msg)
	}
	if done {
		return st
	}
	s := bench.GASweep{Seeds: *seeds, Generations: *gens, MaxCycles: *maxCycles, ClockMHz: *clock, MaxOrder: *maxOrder,
		Device: *device, Jobs: *jobs, Out: *out}
	var err error
	if s.Population, err = intList(*pop); err != nil {
		return usageError(stderr, "sweep", "--population: %v", err)
	}
	if s.Tournament, err = intList(*tour); err != nil {
		return usageError(stderr, "sweep", "--tournament: %v", err)
	}
	if s.Mutation, err = probList(*mut); err != nil {
		return usageError(stderr, "sweep", "--mutation: %v", err)
	}
	return runOtherSweep("ga", fs.Args(), *clock, *device, *out, *quiet, &s.Puzzles, &s.Progress, func() error { return s.Validate() },
		func() (int, error) { rows, err := s.Run(); return len(rows), err }, stdout, stderr)
}

func runSweepSwarm(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("sweep", sweepSwarmSynopsis, stdout)
	ds := swarm.DefaultConfig()
	boards := fs.String("boards", "2,4,8,16", "board engines, a list")
	stack := fs.String("stack", fmt.Sprint(ds.StackDepth), "boards the branch stack holds, a list")
	copyW := fs.String("copy-width", fmt.Sprint(ds.CopyWidth), "cells per cycle on the copy bus, a list")
	maxCycles := fs.Uint64("max-cycles", 0, "cycle limit per puzzle (0: t_max of the puzzle's order)")
	clock := fs.Float64("clock-mhz", 100, "clock frequency in MHz")
	maxOrder := fs.Int("max-order", 0, "order the array is built for (0: the set's largest)")
	device := fs.String("device", area.DefaultDevice, "device for the resource columns and plots")
	jobs := fs.Int("jobs", 0, "runs made at once (0: all cores)")
	out := fs.String("out", "sweep-swarm", "output directory")
	quiet := fs.Bool("quiet", false, "no progress bar (there is none when stderr is not a terminal)")
	done, st, msg := parseOtherSweep("swarm", args, func(a []string) (bool, int) { return parseFlags(fs, a, stderr) })
	if msg != "" {
		return usageError(stderr, "sweep", "%s", msg)
	}
	if done {
		return st
	}
	s := bench.SwarmSweep{MaxOrder: *maxOrder, MaxCycles: *maxCycles, ClockMHz: *clock, Device: *device, Jobs: *jobs, Out: *out}
	var err error
	if s.Engines, err = intList(*boards); err != nil {
		return usageError(stderr, "sweep", "--boards: %v", err)
	}
	if s.StackDepth, err = intList(*stack); err != nil {
		return usageError(stderr, "sweep", "--stack: %v", err)
	}
	if s.CopyWidth, err = intList(*copyW); err != nil {
		return usageError(stderr, "sweep", "--copy-width: %v", err)
	}
	return runOtherSweep("swarm", fs.Args(), *clock, *device, *out, *quiet, &s.Puzzles, &s.Progress, func() error { return s.Validate() },
		func() (int, error) { rows, err := s.Run(); return len(rows), err }, stdout, stderr)
}

// otherSweepCommon checks what the GA and swarm sweeps share.
func otherSweepCommon(paths []string, clock float64, device string, stderr io.Writer) int {
	if len(paths) == 0 {
		return usageError(stderr, "sweep", "no puzzles: give FILEs or DIRs")
	}
	if !(clock > 0) || clock > 1e6 {
		return usageError(stderr, "sweep", "--clock-mhz %g: want a frequency in (0, 1e6]", clock)
	}
	if _, err := area.LookupDevice(device); err != nil {
		return usageError(stderr, "sweep", "--device: %v", err)
	}
	return exitOK
}

// probList reads a comma-separated list of probabilities 0..1.
func probList(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s, ",") {
		var v float64
		if _, err := fmt.Sscan(strings.TrimSpace(f), &v); err != nil || v < 0 || v > 1 {
			return nil, fmt.Errorf("%q is not a probability 0..1", f)
		}
		out = append(out, v)
	}
	return out, nil
}

// runOtherSweep is what the GA and engine-array sweeps share after their own
// flags: the common checks, the puzzles, the progress bar (only on a
// terminal), validation before any run, the run and its summary line.
func runOtherSweep(design string, args []string, clock float64, device, out string, quiet bool,
	puzzles *[]bench.Puzzle, progress *io.Writer, validate func() error, run func() (int, error),
	stdout, stderr io.Writer) int {
	if code := otherSweepCommon(args, clock, device, stderr); code != exitOK {
		return code
	}
	var err error
	if *puzzles, err = loadSuite(args); err != nil {
		return inputError(stderr, err)
	}
	if !quiet && isTerminal(stderr) {
		*progress = stderr
	}
	if err := validate(); err != nil {
		return usageError(stderr, "sweep", "%s", oneLine(err.Error()))
	}
	n, err := run()
	if err != nil {
		fmt.Fprintf(stderr, "sudokusim sweep: %s\n", oneLine(err.Error()))
		return exitFail
	}
	fmt.Fprintf(stdout, "sweep --design %s: %d runs → %s\n", design, n, out)
	return exitOK
}
