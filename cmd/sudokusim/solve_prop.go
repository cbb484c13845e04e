package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"sudokusim/rtl/area"
	"sudokusim/rtl/bnb"
	"sudokusim/rtl/prop"
	"sudokusim/sim"
	"sudokusim/sudoku"
)

// solve --design prop: version 3, the propagating processor (rtl/prop,
// docs/prop.md). It takes the FPT'09 processor's hardware flags with the
// same meaning (--cpc is the sweep's lanes) and two of its own.

// propFlags are the flags only version 3 reads.
type propFlags struct {
	rules, branch, probe, visit *string
}

// propOnlyFlags names them, so other designs refuse them.
var propOnlyFlags = map[string]bool{"rules": true, "branch": true, "probe": true, "visit": true}

func addPropFlags(fs *flag.FlagSet) propFlags {
	d := prop.DefaultConfig()
	return propFlags{
		rules:  fs.String("rules", d.Rules.String(), "--design prop: propagation hardware: naked, hidden-rows or hidden"),
		branch: fs.String("branch", d.Branch.String(), "--design prop: branching cell: mrv (fewest candidates), first (first empty), mrv-rows (fewest, chosen in row sweeps), local (fewest in the last placed cell's region) or pair (a region-value with two places when the fewest-candidates cell has more: Dancing Links' column choice)"),
		probe:  fs.String("probe", d.Probe.String(), "--design prop: probe phase before the first decision: none, or pairs (every two-candidate cell's lower value tried and propagated; on a contradiction the other value is placed)"),
		visit:  fs.String("visit", d.Visit.String(), "--design prop: cells a sweep evaluates: all, or empty (per-region maps of the empty cells; three more memories)"),
	}
}

// propAccepted are the solve flags version 3 reads; any other flag given
// with --design prop is refused by name.
var propAccepted = map[string]bool{"design": true, "cpc": true, "max-order": true, "clock-mhz": true, "baud": true,
	"link": true, "max-cycles": true, "mode": true, "vcd": true, "vcd-uart-only": true, "json": true, "device": true,
	"index": true, "rules": true, "branch": true, "probe": true, "visit": true}

// propFlagsSetElsewhere names the version-3 flags given to another design.
func propFlagsSetElsewhere(fs *flag.FlagSet) []string {
	var bad []string
	fs.Visit(func(f *flag.Flag) {
		if propOnlyFlags[f.Name] {
			bad = append(bad, "--"+f.Name)
		}
	})
	return bad
}

// solvePropReport is solve's JSON for version 3.
type solvePropReport struct {
	Report
	Mode      string            `json:"mode"`
	Link      string            `json:"link"`
	CPC       int               `json:"cpc"`
	MaxOrder  int               `json:"max_order"`
	Rules     string            `json:"rules"`
	Branch    string            `json:"branch"`
	Probe     string            `json:"probe"`
	Visit     string            `json:"visit"`
	ReplyCode uint8             `json:"reply_code"`
	Counters  prop.Counters     `json:"counters"`
	States    []bnb.StateCycles `json:"states,omitempty"`
}

func flagValue[T any](fs *flag.FlagSet, name string) T {
	return fs.Lookup(name).Value.(flag.Getter).Get().(T)
}

func runSolveProp(fs *flag.FlagSet, pf propFlags, stdout, stderr io.Writer) int {
	var bad []string
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) {
		set[f.Name] = true
		if !propAccepted[f.Name] {
			bad = append(bad, "--"+f.Name)
		}
	})
	if len(bad) > 0 {
		return usageError(stderr, "solve", "%s do not apply to --design prop", strings.Join(bad, ", "))
	}
	cfg := prop.DefaultConfig()
	if set["cpc"] {
		cfg.Lanes = flagValue[int](fs, "cpc")
	}
	if set["max-order"] {
		cfg.MaxOrder = flagValue[int](fs, "max-order")
	}
	clock := flagValue[float64](fs, "clock-mhz")
	cfg.ClockHz, cfg.Baud = clock*1e6, flagValue[int](fs, "baud")
	cfg.MaxSearchCycles = flagValue[uint64](fs, "max-cycles")
	var err error
	if cfg.Link, err = bnb.ParseLink(flagValue[string](fs, "link")); err != nil {
		return usageError(stderr, "solve", "--link: %v", err)
	}
	if cfg.Rules, err = prop.ParseRules(*pf.rules); err != nil {
		return usageError(stderr, "solve", "--rules: %v", err)
	}
	if cfg.Branch, err = prop.ParseBranch(*pf.branch); err != nil {
		return usageError(stderr, "solve", "--branch: %v", err)
	}
	if cfg.Probe, err = prop.ParseProbe(*pf.probe); err != nil {
		return usageError(stderr, "solve", "--probe: %v", err)
	}
	if cfg.Visit, err = prop.ParseVisit(*pf.visit); err != nil {
		return usageError(stderr, "solve", "--visit: %v", err)
	}
	if err := cfg.Validate(); err != nil {
		return usageError(stderr, "solve", "%v", err)
	}
	mode := flagValue[string](fs, "mode")
	if mode != "cycle" && mode != "fast" {
		return usageError(stderr, "solve", "--mode %q is not cycle or fast", mode)
	}
	vcdPath := flagValue[string](fs, "vcd")
	if vcdPath != "" && mode != "cycle" {
		return usageError(stderr, "solve", "--vcd needs --mode cycle")
	}
	dev, err := area.LookupDevice(flagValue[string](fs, "device"))
	if err != nil {
		return usageError(stderr, "solve", "--device: %v", err)
	}
	g := sudoku.Sample()
	source := "embedded sample"
	if fs.NArg() == 1 {
		source = fs.Arg(0)
		if g, err = sudoku.LoadPuzzle(source, flagValue[int](fs, "index"), stdin); err != nil {
			return inputError(stderr, err)
		}
	}
	if clash := sudoku.Conflicts(g); len(clash) > 0 {
		fmt.Fprintf(stderr, "sudokusim solve: %s: givens clash: %v\n", source, clash[0])
	}
	est, err := area.EstimateProp(cfg)
	if err != nil {
		return usageError(stderr, "solve", "%v", err)
	}
	fit := est.Fit(dev)

	start := time.Now()
	var res prop.Result
	if mode == "fast" {
		res, err = prop.Fast(cfg, g)
	} else {
		opt := prop.SimOptions{}
		var f *os.File
		if vcdPath != "" {
			if f, err = os.Create(vcdPath); err != nil {
				return usageError(stderr, "solve", "--vcd: %v", err)
			}
			opt.VCD = f
			if flagValue[bool](fs, "vcd-uart-only") {
				opt.VCDOptions = sim.VCDOptions{Scopes: []string{"uart"}, OneBitOnly: true}
			}
		}
		res, err = prop.Simulate(cfg, g, opt)
		if f != nil {
			if cerr := f.Close(); err == nil && cerr != nil {
				err = fmt.Errorf("--vcd: %w", cerr)
			}
		}
	}
	wall := time.Since(start).Seconds()
	if err != nil {
		fmt.Fprintf(stderr, "sudokusim solve: %s: %v\n", source, err)
		return exitFail
	}
	if res.Solution != nil {
		if verr := sudoku.Validate(g, res.Solution); verr != nil {
			fmt.Fprintf(stderr, "sudokusim solve: %s: the processor's answer is wrong: %v\n", source, verr)
			return exitFail
		}
	}
	rep := solvePropReport{Mode: mode, Link: cfg.Link.String(), CPC: cfg.Lanes, MaxOrder: cfg.MaxOrder,
		Rules: cfg.Rules.String(), Branch: cfg.Branch.String(), Probe: cfg.Probe.String(), Visit: cfg.Visit.String(), ReplyCode: res.ReplyCode, Counters: res.Counters, States: res.States}
	rep.Design = "prop"
	rep.Order = g.Order
	rep.Status = res.Status.String()
	if res.Solution != nil {
		rep.Solution = res.Solution.Rows()
	}
	cs := int(res.Checksum)
	rep.Checksum = &cs
	total := res.Cycles.Total()
	rep.Cycles = &Cycles{Total: total, RX: res.Cycles.Rx, Solve: res.Cycles.Load + res.Cycles.Search, TX: res.Cycles.Tx,
		Phases: map[string]uint64{"load": res.Cycles.Load, "search": res.Cycles.Search}}
	rep.ClockMHz = clock
	rep.SetTiming(float64(total) / cfg.ClockHz)
	rep.Resources = newResources(fit)
	rep.Search = &Search{Nodes: res.Counters.Decisions + res.Counters.Propagated, Backtracks: res.Counters.Backtracks, MaxDepth: res.Counters.TrailPeak}
	rep.Sim = Sim{WallSeconds: wall}
	if wall > 0 {
		rep.Sim.CyclesPerSecond = float64(total) / wall
	}
	if flagValue[bool](fs, "json") {
		if err := json.NewEncoder(stdout).Encode(&rep); err != nil {
			fmt.Fprintf(stderr, "sudokusim solve: %v\n", err)
			return exitUsage
		}
	} else {
		writeSolvePropText(stdout, source, g, &rep, res, fit)
	}
	if res.Status != sudoku.Solved {
		return exitFail
	}
	return exitOK
}

func writeSolvePropText(w io.Writer, source string, g *sudoku.Grid, rep *solvePropReport, res prop.Result, fit area.Fit) {
	if !fit.Fits {
		fmt.Fprintf(w, "NOTE: this configuration does NOT fit the %s (%s); a what-if.\n", fit.Device, fit.Limiting)
	}
	fmt.Fprintf(w, "propagating processor (version 3), rules %s, branch %s, probe %s, visit %s, %d lanes, max order %d, %s link, %s mode\n",
		rep.Rules, rep.Branch, rep.Probe, rep.Visit, rep.CPC, rep.MaxOrder, rep.Link, rep.Mode)
	fmt.Fprintf(w, "puzzle     %s (order %d, %d empty cells)\n", source, rep.Order, g.Empty())
	status := rep.Status
	if res.ReplyCode != 0 {
		status += fmt.Sprintf(" (error reply, status byte %d)", res.ReplyCode)
	}
	fmt.Fprintf(w, "status     %s\n", status)
	c := res.Cycles
	fmt.Fprintf(w, "cycles     %d total = rx %d + load %d + search %d + tx %d\n", c.Total(), c.Rx, c.Load, c.Search, c.Tx)
	k := res.Counters
	fmt.Fprintf(w, "search     %d decisions, %d propagated (%d naked, %d hidden), %d backtracks, %d undone, %d sweeps, trail peak %d\n",
		k.Decisions, k.Propagated, k.Naked, k.Hidden, k.Backtracks, k.Undone, k.Sweeps, k.TrailPeak)
	if rep.Probe != prop.ProbeNone.String() {
		fmt.Fprintf(w, "probe      %d trials, %d failed (other value placed), %d rounds, %d cycles\n",
			k.Probes, k.FailedProbes, k.ProbeRounds, k.ProbeCycles)
	}
	within := "met"
	if !rep.WithinTMax {
		within = "NOT met"
	}
	fmt.Fprintf(w, "time       %.6g s at %g MHz; t_max %.6g s %s\n", rep.Seconds, rep.ClockMHz, rep.TMaxSeconds, within)
	if res.Solution != nil {
		fmt.Fprintf(w, "checksum   %d (0x%02X)\n", res.Checksum, res.Checksum)
	}
	fmt.Fprintln(w, resourcesLine(fit))
	if len(res.States) > 0 {
		fmt.Fprint(w, "states    ")
		for _, s := range res.States {
			fmt.Fprintf(w, " %s %d", s.State, s.Cycles)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "simulator  %.3f s wall, %.3g simulated cycles/s\n", rep.Sim.WallSeconds, rep.Sim.CyclesPerSecond)
	if res.Solution != nil {
		fmt.Fprint(w, res.Solution.String())
	}
}
