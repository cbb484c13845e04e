package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"sudokusim/bench"
	"sudokusim/rtl/area"
	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
)

func init() {
	register(command{
		name:    "sweep",
		summary: "run a design-space sweep (cpc × heuristics × max order × clock) over puzzles; 'sweep merge' joins shards",
		run:     runSweep,
	})
}

const sweepSynopsis = `usage: sudokusim sweep [flags] [FILE|DIR ...]
       sudokusim sweep merge --out DIR SHARD_DIR ...

Runs every combination of --cpc, --heuristics, --subset-units, --max-order
and --clock-mhz on
every puzzle (FILEs, every .sudoku file in a DIR, a --generate'd suite, or
the embedded sample puzzle when none is given) on all cores, and writes results.csv,
results.json and the plots (PNG and SVG) into --out. Finished points are
journalled in --out/points.jsonl with what each cost: running the same sweep
again skips them (a changed setting or puzzle content runs again).
--shard i/n runs every n-th point from i (0 ≤ i < n) for job arrays;
'sweep merge' joins the shard directories of one sweep (docs/cluster.md,
scripts/slurm-sweep.sh).
Lists are comma-separated; --heuristics may be repeated, one set each.
--design ga or --design swarm sweeps the GA processor or the engine array
instead (sudokusim sweep --design ga --help).`

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ";") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

func runSweep(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return runSweepMerge(args[1:], stdout, stderr)
	}
	args, st, done := routeSweepDesign(args, stdout, stderr)
	if done {
		return st
	}
	fs := newFlagSet("sweep", sweepSynopsis, stdout)
	cpc := fs.String("cpc", "1,2,4,8", "candidates per cycle, a list")
	var heur listFlag
	fs.Var(&heur, "heuristics", "a heuristic set (none, paper, or names); repeat for several (default none)")
	units := fs.String("subset-units", "0", "hidden-subset combinations per cycle, a list (0: the simulator's default, 1; version 2 only)")
	orders := fs.String("max-order", "15", "maximum orders, a list")
	clocks := fs.String("clock-mhz", "100", "clock frequencies in MHz, a list")
	mode := fs.String("mode", "fast", "fast (timing model) or cycle (cycle-level simulation)")
	maxCycles := fs.Uint64("max-cycles", 0, "search cycle limit per point (0: t_max of the puzzle's order)")
	link := fs.String("link", "direct", "direct or uart")
	device := fs.String("device", area.DefaultDevice, "device for the resource columns and plots")
	jobs := fs.Int("jobs", 0, "points run at once (0: all cores)")
	shard := fs.String("shard", "", "run only shard i/n of the points")
	out := fs.String("out", "sweep-out", "output directory")
	quiet := fs.Bool("quiet", false, "no progress bar (there is none when stderr is not a terminal)")
	generate := fs.String("generate", "", "generate the puzzle set instead: a list of orders (sudoku/gen, balanced holes)")
	holes := fs.String("holes", "0.25,0.5", "with --generate: hole fractions, a list (FPT'09 types a and b)")
	seed := fs.Uint64("seed", 1, "with --generate: generator seed")
	if done, status := parseFlags(fs, args, stderr); done {
		return status
	}
	if len(heur) == 0 {
		heur = listFlag{"none"}
	}
	axes := bench.Axes{Heuristics: heur}
	var err error
	if axes.CPC, err = intList(*cpc); err != nil {
		return usageError(stderr, "sweep", "--cpc: %v", err)
	}
	if axes.SubsetUnits, err = intList(*units); err != nil {
		return usageError(stderr, "sweep", "--subset-units: %v", err)
	}
	if axes.MaxOrders, err = intList(*orders); err != nil {
		return usageError(stderr, "sweep", "--max-order: %v", err)
	}
	if axes.ClockMHz, err = floatList(*clocks); err != nil {
		return usageError(stderr, "sweep", "--clock-mhz: %v", err)
	}
	l, err := bnb.ParseLink(*link)
	if err != nil {
		return usageError(stderr, "sweep", "--link: %v", err)
	}
	if *jobs < 0 {
		return usageError(stderr, "sweep", "--jobs %d: want 0 (all cores) or more", *jobs)
	}
	spec := bench.Spec{Axes: axes, Mode: *mode, MaxCycles: *maxCycles, Link: l, Device: *device, Jobs: *jobs, Out: *out}
	if *shard != "" {
		if spec.Shard, err = bench.ParseShard(*shard); err != nil {
			return usageError(stderr, "sweep", "%v", err)
		}
	}
	if !*quiet && isTerminal(stderr) {
		spec.Progress = stderr // the bar only on a terminal, never into a log
	}
	if *generate != "" {
		if fs.NArg() > 0 {
			return usageError(stderr, "sweep", "--generate and puzzle files exclude each other")
		}
		ords, err := intList(*generate)
		if err != nil {
			return usageError(stderr, "sweep", "--generate: %v", err)
		}
		hs, err := floatList(*holes)
		if err != nil {
			return usageError(stderr, "sweep", "--holes: %v", err)
		}
		if spec.Puzzles, err = bench.GenerateSuite(ords, hs, *seed); err != nil {
			return usageError(stderr, "sweep", "--generate: %s", stripPkg(err.Error()))
		}
	} else if spec.Puzzles, err = loadSweepPuzzles(fs.Args()); err != nil {
		return inputError(stderr, err)
	}
	notFit, err := validateSweep(spec)
	if err != nil {
		return configError(stderr, "sweep", fs, err)
	}
	sum, err := bench.Run(spec)
	if err != nil {
		fmt.Fprintf(stderr, "sudokusim sweep: %s\n", oneLine(err.Error()))
		return exitFail
	}
	if len(notFit) > 0 {
		fmt.Fprintf(stdout, "%s: %s\n", notFitLine(notFit[0].fit), notFitList(notFit))
	}
	fmt.Fprintf(stdout, "sweep: %d points (%d already done, %d run) → %s; the points cost %s of CPU\n",
		sum.Points, sum.Skipped, sum.Ran, *out, cpuTime(sum.CostSeconds))
	return exitOK
}

// unfit is a sweep configuration that does not fit the device.
type unfit struct {
	cfg bench.Config
	fit area.Fit
}

// notFitList names the configurations that do not fit (the first few).
func notFitList(us []unfit) string {
	var names []string
	for i, u := range us {
		if i == 4 {
			names = append(names, fmt.Sprintf("and %d more", len(us)-i))
			break
		}
		names = append(names, u.cfg.String())
	}
	return fmt.Sprintf("%d configuration(s): %s", len(us), strings.Join(names, ", "))
}

// validateSweep checks the configurations before any point runs, so bad
// usage is exit status 2 rather than a failed run, and returns those that
// do not fit the device.
func validateSweep(s bench.Spec) ([]unfit, error) {
	if s.Mode != "fast" && s.Mode != "cycle" {
		return nil, fmt.Errorf("--mode %q is not fast or cycle", s.Mode)
	}
	dev, err := area.LookupDevice(s.Device)
	if err != nil {
		return nil, err
	}
	pts, err := s.Points()
	if err != nil {
		return nil, err
	}
	var notFit []unfit
	seen := map[bench.Config]bool{}
	for _, p := range pts {
		c := p.Config()
		if seen[c] {
			continue
		}
		seen[c] = true
		sc, err := bench.SimConfig(c, s.Link)
		if err != nil {
			return nil, err
		}
		if err := sc.Validate(); err != nil {
			return nil, err
		}
		p, err := bench.AreaParams(c, s.Link == bnb.LinkUART)
		if err != nil {
			return nil, err
		}
		est, err := area.Estimate(p)
		if err != nil {
			return nil, err
		}
		if fit := est.Fit(dev); !fit.Fits {
			notFit = append(notFit, unfit{c, fit})
		}
	}
	return notFit, nil
}

func runSweepMerge(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("sweep merge", "usage: sudokusim sweep merge --out DIR SHARD_DIR ...\n\nJoins the journals of the shard directories of one sweep (every shard, each\nfinished) and writes the results and plots into --out; shards of different\nsweeps (their sweep.json) are refused.", stdout)
	out := fs.String("out", "sweep-out", "output directory")
	device := fs.String("device", "", "check that the sweep placed its designs on this device (default: take the sweep's)")
	if done, status := parseFlags(fs, args, stderr); done {
		return status
	}
	if fs.NArg() == 0 {
		return usageError(stderr, "sweep merge", "no shard directories")
	}
	sum, err := bench.Merge(*out, fs.Args(), *device)
	if err != nil {
		fmt.Fprintf(stderr, "sudokusim sweep merge: %s\n", oneLine(err.Error()))
		return exitUsage
	}
	fmt.Fprintf(stdout, "sweep merge: %d points from %d shards → %s; the points cost %s of CPU\n",
		sum.Points, sum.Shards, *out, cpuTime(sum.CostSeconds))
	return exitOK
}

// loadSweepPuzzles reads files and directories (see loadSuite); none
// means the embedded sample.
func loadSweepPuzzles(args []string) ([]bench.Puzzle, error) {
	if len(args) == 0 {
		return []bench.Puzzle{{Name: "sample", Grid: sudoku.Sample()}}, nil
	}
	return loadSuite(args)
}

// cpuTime spells a sum of per-point costs: seconds below an hour, else
// CPU-hours.
func cpuTime(sec float64) string {
	if sec < 3600 {
		return strconv.FormatFloat(sec, 'f', 1, 64) + " s"
	}
	return strconv.FormatFloat(sec/3600, 'f', 2, 64) + " h"
}

func intList(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("%q is not an integer", f)
		}
		out = append(out, v)
	}
	return out, nil
}

func floatList(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || !(v > 0) {
			return nil, fmt.Errorf("%q is not a positive number", f)
		}
		out = append(out, v)
	}
	return out, nil
}
