package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"sudokusim/bench"
	"sudokusim/rtl/area"
	"sudokusim/rtl/ga"
	"sudokusim/rtl/swarm"
)

func init() {
	register(command{name: "compare", summary: "run the hardware designs (FPT'09 v1 and v2, GA, engine array) side by side on the same puzzles", run: runCompare})
}

const compareSynopsis = `usage: sudokusim compare [flags] FILE|DIR...

Runs every design of the comparison's table (or --designs LIST) on the same
puzzles (FILEs, the .sudoku files of DIRs), each at its documented
configuration or the one the flags give, and prints a table: per design its
configuration, resources and fit on --device when built for the set's
largest order (version 2 at its own --v2-max-order, by default its
buildable paper configuration k=1, m=11, P=1), solved and within-t_max counts;
per puzzle each design's solve cycles or how it ended. The randomized GA runs
every puzzle with seeds 1..--seeds. Solve cycles only: the grid is loaded
directly into every design's memories (the GA and the engine array have no
serial front end). --out receives compare.txt, compare.csv, compare.json and
the plots (PNG and SVG): cycles_vs_order, slices_vs_order with the device's
capacity, ga_success_vs_seeds.
Exit status: 0 done, 1 a run failed, 2 bad usage or input.`

func runCompare(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("compare", compareSynopsis, stdout)
	designs := fs.String("designs", strings.Join(bench.DesignNames(), ","), "designs to compare, a list")
	seeds := fs.Int("seeds", 4, "runs of a randomized design (the GA) per puzzle, seeds 1..N")
	maxCycles := fs.Uint64("max-cycles", 0, "cycle limit per run (0: t_max of the puzzle's order at the clock): v1/v2 search watchdog, swarm cycle counter, ga generations that fit")
	clock := fs.Float64("clock-mhz", 100, "clock frequency of every design in MHz")
	maxOrder := fs.Int("max-order", 0, "order the designs are built for (0: the set's largest order)")
	dd := bench.DefaultDesignOptions()
	cpc := fs.Int("cpc", dd.CPC, "v1: candidates the evaluator tests per cycle")
	v2CPC := fs.Int("v2-cpc", dd.V2CPC, "v2: candidates the evaluator tests per cycle")
	v2Max := fs.Int("v2-max-order", dd.V2MaxOrder, "v2: maximum order (0: --max-order); k=1, m=11, P=1 is its buildable paper configuration")
	v2Units := fs.Int("v2-subset-units", dd.V2SubsetUnits, "v2: hidden-subset combinations per cycle")
	dg, ds := ga.DefaultConfig(), swarm.DefaultConfig()
	pop := fs.Int("population", dg.PopSize, "ga: chromosomes per generation")
	tour := fs.Int("tournament", dg.Tournament, "ga: candidates per tournament")
	mut := fs.Float64("mutation", float64(dg.MutationP16)/ga.MutationOne, "ga: mutation probability per child")
	gens := fs.Uint64("generations", dg.MaxGenerations, "ga: generations before giving up (the cycle limit may stop it sooner)")
	boards := fs.Int("boards", ds.BoardSlots, "swarm: board engines")
	copyW := fs.Int("copy-width", ds.CopyWidth, "swarm: cells per cycle on the copy bus")
	stack := fs.Int("stack", ds.StackDepth, "swarm: boards the branch stack holds")
	device := fs.String("device", area.DefaultDevice, "device for the resources and the area plot")
	out := fs.String("out", "compare-out", "output directory")
	jobs := fs.Int("jobs", 0, "runs made at once (0: all cores)")
	quiet := fs.Bool("quiet", false, "no progress bar (there is none when stderr is not a terminal)")
	if done, st := parseFlags(fs, args, stderr); done {
		return st
	}
	if fs.NArg() == 0 {
		return usageError(stderr, "compare", "no puzzles: give FILEs or DIRs")
	}
	names := strings.Split(*designs, ",")
	for i, n := range names {
		names[i] = strings.TrimSpace(n)
		if _, err := bench.LookupDesign(names[i]); err != nil {
			return usageError(stderr, "compare", "--designs: %q is not one of %s", names[i], strings.Join(bench.DesignNames(), ", "))
		}
	}
	// A flag of a design that is not compared is a mistake, not a no-op.
	has := map[string]bool{}
	randomized := false
	for _, n := range names {
		has[n] = true
		d, _ := bench.LookupDesign(n)
		randomized = randomized || d.Randomized
	}
	var bad []string
	fs.Visit(func(f *flag.Flag) {
		if d, ok := compareFlagDesigns[f.Name]; ok && !hasAny(has, d) {
			bad = append(bad, fmt.Sprintf("--%s (%s only)", f.Name, strings.Join(d, ", ")))
		}
	})
	if flagSet(fs, "seeds") && !randomized {
		bad = append(bad, "--seeds (randomized designs only)")
	}
	if len(bad) > 0 {
		return usageError(stderr, "compare", "%s: not among --designs %s", strings.Join(bad, ", "), *designs)
	}
	if *seeds < 1 || *seeds > 1000 {
		return usageError(stderr, "compare", "--seeds %d: want 1..1000", *seeds)
	}
	if !(*clock > 0) || *clock > 1e6 {
		return usageError(stderr, "compare", "--clock-mhz %g: want a frequency in (0, 1e6]", *clock)
	}
	if *mut < 0 || *mut > 1 {
		return usageError(stderr, "compare", "--mutation %g: want a probability 0..1", *mut)
	}
	o := bench.DefaultDesignOptions()
	o.ClockMHz, o.MaxCycles, o.MaxOrder, o.CPC = *clock, *maxCycles, *maxOrder, *cpc
	o.V2CPC, o.V2MaxOrder, o.V2SubsetUnits = *v2CPC, *v2Max, *v2Units
	o.GA.PopSize, o.GA.Tournament, o.GA.MaxGenerations = *pop, *tour, *gens
	o.GA.MutationP16 = uint32(*mut*ga.MutationOne + 0.5)
	o.Swarm.BoardSlots, o.Swarm.CopyWidth, o.Swarm.StackDepth = *boards, *copyW, *stack
	puzzles, err := loadSuite(fs.Args())
	if err != nil {
		return inputError(stderr, err)
	}
	spec := bench.CompareSpec{Designs: names, Options: o, Seeds: *seeds, Puzzles: puzzles, Device: *device, Jobs: *jobs}
	if !*quiet && isTerminal(stderr) {
		spec.Progress = stderr
	}
	if _, err := area.LookupDevice(*device); err != nil {
		return usageError(stderr, "compare", "--device: %v", err)
	}
	if err := bench.ValidateCompare(spec); err != nil {
		return usageError(stderr, "compare", "%s", oneLine(err.Error()))
	}
	cmp, err := bench.Compare(spec)
	if err != nil {
		fmt.Fprintf(stderr, "sudokusim compare: %s\n", oneLine(err.Error()))
		return exitFail
	}
	if err := bench.WriteComparison(*out, cmp); err != nil {
		fmt.Fprintf(stderr, "sudokusim compare: %s\n", oneLine(err.Error()))
		return exitFail
	}
	if err := cmp.WriteText(stdout); err != nil {
		fmt.Fprintf(stderr, "sudokusim compare: %v\n", err)
		return exitFail
	}
	fmt.Fprintf(stdout, "\n→ %s (compare.txt, compare.csv, compare.json, plots)\n", *out)
	return exitOK
}

// compareFlagDesigns are compare's design-specific flags and the designs
// they configure.
var compareFlagDesigns = map[string][]string{
	"cpc": {"v1"}, "v2-cpc": {"v2"}, "v2-max-order": {"v2"}, "v2-subset-units": {"v2"},
	"population": {"ga"}, "tournament": {"ga"}, "mutation": {"ga"}, "generations": {"ga"},
	"boards": {"swarm"}, "copy-width": {"swarm"}, "stack": {"swarm"},
}

func hasAny(set map[string]bool, names []string) bool {
	for _, n := range names {
		if set[n] {
			return true
		}
	}
	return false
}

// flagSet says whether flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
