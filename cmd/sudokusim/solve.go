package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"sudokusim/rtl/area"
	"sudokusim/rtl/bnb"
	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
)

func init() {
	register(command{name: "solve", summary: "simulate the FPT'09 processor on one puzzle, serial frame in to serial frame out", run: runSolve})
}

const solveSynopsis = `usage: sudokusim solve [flags] [FILE]

Simulates one puzzle end to end on the FPT'09 processor: the frame over
RS-232, load, heuristics (version 2), search, and the answer back. FILE is a
.sudoku file, a file of 81-character lines (--index picks one), or - for
standard input; without FILE the embedded sample puzzle runs.
Exit status: 0 solved, 1 not solved (unsolvable, timeout, rejected), 2 bad
usage or input.`

// solveReport is the JSON of solve: DESIGN §4's report plus the run's
// configuration and where its cycles went.
type solveReport struct {
	Report
	Mode       string            `json:"mode"`
	Link       string            `json:"link"`
	CPC        int               `json:"cpc"`
	MaxOrder   int               `json:"max_order"`
	Heuristics []logic.Heuristic `json:"heuristics"`
	ReplyCode  uint8             `json:"reply_code"`
	Units      []bnb.UnitStats   `json:"units,omitempty"`
	States     []bnb.StateCycles `json:"states,omitempty"`
}

func runSolve(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("solve", solveSynopsis, stdout)
	design := fs.String("design", "bnb", "hardware design: bnb (the FPT'09 processor), ga (seed 001's genetic algorithm), swarm (seed 002's board-parallel engine array) or prop (version 3, the propagating processor)")
	other := addOtherDesignFlags(fs)
	pf := addPropFlags(fs)
	cpc := fs.Int("cpc", 0, "candidates the evaluator tests per cycle: 1, 2, 4, 8, 16 or 32 (0: the paper's build, 8 for version 1, 1 for version 2; --design prop: cells the sweep evaluates per cycle, 1, 2, 4 or 8, default 2)")
	heur := fs.String("heuristics", "paper", "none (version 1), paper, or a comma list of single,hidden-single,hidden-pair,hidden-triple,hidden-quad")
	ignoreCands := fs.Bool("search-ignores-candidates", false, "version 2: the evaluator tests against the grid only, not the candidates the heuristics left")
	subset := fs.Int("subset-units", bnb.DefaultSubsetUnits, "value combinations the hidden-subset unit compares per cycle")
	maxOrder := fs.Int("max-order", 0, "largest order the design is synthesised for, 2..15 (0: the paper's build, 15 for version 1, 11 for version 2; ga and swarm: the puzzle's order)")
	clock := fs.Float64("clock-mhz", 100, "clock frequency in MHz")
	baud := fs.Int("baud", 115200, "RS-232 bit rate")
	link := fs.String("link", "uart", "uart (frames over RS-232) or direct (grid loaded straight into memory)")
	maxCycles := fs.Uint64("max-cycles", 0, "cycle limit (0: t_max of the puzzle's order at the clock): bnb's search watchdog, swarm's cycle counter, the ga generations that fit")
	mode := fs.String("mode", "cycle", "cycle (cycle-level simulation) or fast (independent timing model)")
	vcdPath := fs.String("vcd", "", "write a VCD waveform of the run to this file (cycle mode)")
	vcdUART := fs.Bool("vcd-uart-only", false, "keep only the 1-bit serial lines in the VCD (for sigrok-cli)")
	jsonOut := fs.Bool("json", false, "print one JSON object (DESIGN §4)")
	device := fs.String("device", area.DefaultDevice, "device for the resource line")
	index := fs.Int("index", 0, "which puzzle of a line-format file (0-based)")
	if done, st := parseFlags(fs, args, stderr); done {
		return st
	}
	if fs.NArg() > 1 {
		return usageError(stderr, "solve", "one FILE at most, got %d", fs.NArg())
	}
	set := setFlags(fs)
	if set["index"] && fs.NArg() == 0 {
		return usageError(stderr, "solve", "--index picks a puzzle of a FILE; give the FILE")
	}
	if bad := propFlagsSetElsewhere(fs); len(bad) > 0 && *design != "prop" {
		return usageError(stderr, "solve", "%s apply to --design prop only", strings.Join(bad, ", "))
	}
	switch *design {
	case "bnb", "ga", "swarm":
		if err := solveForeignFlags(fs, *design); err != nil {
			return usageError(stderr, "solve", "%v", err)
		}
	}
	switch *design {
	case "bnb":
	case "prop":
		return runSolveProp(fs, pf, stdout, stderr)
	case "ga", "swarm":
		return runSolveOther(*design, other, fs.Args(), *index, *clock, *maxCycles, *jsonOut, stdout, stderr)
	default:
		return usageError(stderr, "solve", "--design %q is not bnb, ga, swarm or prop", *design)
	}
	hs, err := logic.ParseHeuristics(*heur)
	if err != nil {
		return usageError(stderr, "solve", "--heuristics: %s", stripPkg(err.Error()))
	}
	cfg := paperConfig(hs, *cpc, *maxOrder)
	cfg.ClockHz, cfg.Baud = *clock*1e6, *baud
	cfg.MaxSearchCycles, cfg.SubsetUnits = *maxCycles, *subset
	cfg.SearchIgnoresCandidates = *ignoreCands
	if cfg.Link, err = bnb.ParseLink(*link); err != nil {
		return usageError(stderr, "solve", "--link: %v", err)
	}
	if err := cfg.Validate(); err != nil {
		return configError(stderr, "solve", fs, err)
	}
	if *mode != "cycle" && *mode != "fast" {
		return usageError(stderr, "solve", "--mode %q is not cycle or fast", *mode)
	}
	if *vcdPath != "" && *mode != "cycle" {
		return usageError(stderr, "solve", "--vcd needs --mode cycle")
	}
	if *vcdUART && *vcdPath == "" {
		return usageError(stderr, "solve", "--vcd-uart-only needs --vcd FILE")
	}
	if *vcdUART && cfg.Link != bnb.LinkUART {
		return usageError(stderr, "solve", "--vcd-uart-only keeps the serial lines, and --link direct has none")
	}
	dev, err := area.LookupDevice(*device)
	if err != nil {
		return usageError(stderr, "solve", "--device: %v", err)
	}
	g := sudoku.Sample()
	source := "embedded sample"
	if fs.NArg() == 1 {
		source = fs.Arg(0)
		if g, err = sudoku.LoadPuzzle(source, *index, stdin); err != nil {
			return inputError(stderr, err)
		}
	}
	if clash := sudoku.Conflicts(g); len(clash) > 0 {
		// Not a bad file: the puzzle is well formed and has no solution. The
		// processor answers "no solution"; say where the clash is.
		fmt.Fprintf(stderr, "sudokusim solve: %s: givens clash: %v\n", source, clash[0])
	}
	est, err := area.Estimate(areaParams(cfg))
	if err != nil {
		return configError(stderr, "solve", fs, err)
	}
	fit := est.Fit(dev)

	start := time.Now()
	var res bnb.Result
	// A long run (order 15 to t_max is over half an hour) shows its
	// progress on a terminal.
	prog := newRunProgress(stderr, "solve", tmaxCycles(cfg, g.Order))
	var progress bnb.Progress
	if prog != nil {
		tmax := tmaxCycles(cfg, g.Order)
		progress = func(c uint64) { prog.cycles("solve "+source, c, tmax) }
	}
	if *mode == "fast" {
		res, err = bnb.FastProgress(cfg, g, progress)
	} else {
		opt := bnb.SimOptions{Progress: progress}
		var f *os.File
		if *vcdPath != "" {
			if f, err = os.Create(*vcdPath); err != nil {
				return usageError(stderr, "solve", "--vcd: %v", err)
			}
			opt.VCD = f
			if *vcdUART {
				opt.VCDOptions = sim.VCDOptions{Scopes: []string{"uart"}, OneBitOnly: true}
			}
		}
		res, err = bnb.Simulate(cfg, g, opt)
		if f != nil {
			if cerr := f.Close(); err == nil && cerr != nil {
				err = fmt.Errorf("--vcd: %w", cerr)
			}
		}
	}
	wall := time.Since(start).Seconds()
	prog.finish()
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

	rep := solveReport{Mode: *mode, Link: cfg.Link.String(), CPC: cfg.CPC, MaxOrder: cfg.MaxOrder,
		Heuristics: cfg.Heuristics, ReplyCode: res.ReplyCode, Units: res.Units, States: res.States}
	if rep.Heuristics == nil {
		rep.Heuristics = []logic.Heuristic{}
	}
	rep.Design = "bnb"
	rep.Order = g.Order
	rep.Status = res.Status.String()
	if res.Solution != nil {
		rep.Solution = res.Solution.Rows()
	}
	cs := int(res.Checksum)
	rep.Checksum = &cs
	total := res.Cycles.Total()
	rep.Cycles = &Cycles{Total: total, RX: res.Cycles.Rx, Solve: res.Cycles.Load + res.Cycles.Heuristics + res.Cycles.Search,
		TX: res.Cycles.Tx, Phases: map[string]uint64{"load": res.Cycles.Load, "heuristics": res.Cycles.Heuristics, "search": res.Cycles.Search}}
	rep.ClockMHz = *clock
	rep.SetTiming(float64(total) / cfg.ClockHz)
	rep.Resources = newResources(fit)
	rep.Search = &Search{Nodes: res.Search.Nodes, Backtracks: res.Search.Backtracks, MaxDepth: res.Search.MaxDepth}
	rep.Sim = Sim{WallSeconds: wall}
	if wall > 0 {
		rep.Sim.CyclesPerSecond = float64(total) / wall
	}
	if *jsonOut {
		if err := json.NewEncoder(stdout).Encode(&rep); err != nil {
			fmt.Fprintf(stderr, "sudokusim solve: %v\n", err)
			return exitUsage
		}
	} else {
		writeSolveText(stdout, source, g, &rep, res, fit)
	}
	if res.Status != bnb.Solved {
		return exitFail
	}
	return exitOK
}

// areaParams is the resource model's view of a processor configuration.
func areaParams(cfg bnb.Config) area.Params {
	return area.Params{MaxOrder: cfg.MaxOrder, CPC: cfg.CPC, Heuristics: cfg.Heuristics,
		SubsetUnits: cfg.SubsetUnits, UART: cfg.Link == bnb.LinkUART, ClockHz: cfg.ClockHz, Baud: cfg.Baud, InputFIFO: cfg.InputFIFO}
}

func writeSolveText(w io.Writer, source string, g *sudoku.Grid, rep *solveReport, res bnb.Result, fit area.Fit) {
	if !fit.Fits {
		fmt.Fprintln(w, notFitLine(fit))
	}
	version := "version 1 (no heuristics)"
	if len(rep.Heuristics) > 0 {
		names := make([]string, len(rep.Heuristics))
		for i, h := range rep.Heuristics {
			names[i] = h.String()
		}
		version = "version 2 (" + strings.Join(names, ",") + ")"
	}
	fmt.Fprintf(w, "FPT'09 processor, %s, k=%d, max order %d, %s link, %s mode\n",
		version, rep.CPC, rep.MaxOrder, rep.Link, rep.Mode)
	fmt.Fprintf(w, "puzzle     %s (order %d, %d empty cells)\n", source, rep.Order, g.Empty())
	status := rep.Status
	if res.ReplyCode != 0 {
		status += fmt.Sprintf(" (error reply, status byte %d)", res.ReplyCode)
	}
	fmt.Fprintf(w, "status     %s\n", status)
	c := res.Cycles
	fmt.Fprintf(w, "cycles     %d total = rx %d + load %d + heuristics %d + search %d + tx %d\n",
		c.Total(), c.Rx, c.Load, c.Heuristics, c.Search, c.Tx)
	for _, u := range res.Units {
		fmt.Fprintf(w, "  %-14s %d passes, %d fixed, %d candidates removed, %d cycles\n", u.Heuristic, u.Passes, u.Fixed, u.Removed, u.Cycles)
	}
	fmt.Fprintf(w, "search     %d nodes, %d backtracks, max depth %d\n", res.Search.Nodes, res.Search.Backtracks, res.Search.MaxDepth)
	within := "met"
	if !rep.WithinTMax {
		within = "NOT met"
	}
	fmt.Fprintf(w, "time       %s s at %s MHz; t_max %s s %s\n", num(rep.Seconds), num(rep.ClockMHz), num(rep.TMaxSeconds), within)
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
