package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"sudokusim/rtl/area"
	"sudokusim/rtl/bnb"
	"sudokusim/rtl/ga"
	"sudokusim/rtl/swarm"
	"sudokusim/sudoku/logic"
)

func init() {
	register(command{
		name:    "resources",
		summary: "estimate slices, LUTs, flip-flops and block RAMs of a configuration on a device",
		run:     runResources,
	})
}

const resourcesSynopsis = `usage: sudokusim resources [flags]

Estimates the FPGA resources of a design built with the given parameters
(rtl/area; formulas and calibration in docs/resource-model.md) and prints an
ISE-style device utilization summary for --device.

--design bnb (default) is the FPT'09 processor: --heuristics none is version
1 (Table 2's design); a list of the paper's units (or "paper") is version 2.
--design ga is seed 001's genetic-algorithm processor, built for the one
order --max-order (--population, --tournament); --design swarm is seed 002's
engine array built for orders up to --max-order (--boards, --copy-width,
--stack); --design prop is version 3, the propagating processor (--cpc
lanes, --rules, --branch, --probe, --visit; docs/prop.md), and also says whether it fits at
max order 11 and 15. The GA, swarm and prop figures are uncalibrated structural estimates:
the packing factor was fitted on the FPT'09 processor only.`

// resourceFlags are the synthesis parameters shared by resources and sweep.
type resourceFlags struct {
	cpc, maxOrder, subsetUnits, baud int
	heuristics, link, device         string
	clockMHz                         float64
	design                           string
	population, tournament           int
	boards, copyWidth, stack         int
	inputFIFO                        int
	rules, branch, probe, visit      string
	cpcSet                           bool
}

// designFlags are the flags that apply to each design of `resources`
// (--design, --device, --max-order, --json and --blocks apply to all).
var designFlags = map[string][]string{
	"bnb":   {"cpc", "heuristics", "subset-units", "link", "clock-mhz", "baud", "input-fifo"},
	"ga":    {"population", "tournament"},
	"swarm": {"boards", "copy-width", "stack"},
	"prop":  {"cpc", "link", "clock-mhz", "baud", "rules", "branch", "probe", "visit"},
}

// foreignFlags lists the flags set on fs that belong to a design other
// than design.
func foreignFlags(fs *flag.FlagSet, design string) []string {
	own := map[string]bool{}
	for _, n := range designFlags[design] {
		own[n] = true
	}
	other := map[string]bool{}
	for d, names := range designFlags {
		if d == design {
			continue
		}
		for _, n := range names {
			if !own[n] {
				other[n] = true
			}
		}
	}
	var bad []string
	fs.Visit(func(f *flag.Flag) {
		if other[f.Name] {
			bad = append(bad, "--"+f.Name)
		}
	})
	sort.Strings(bad)
	return bad
}

func runResources(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("resources", resourcesSynopsis, stdout)
	var f resourceFlags
	fs.IntVar(&f.cpc, "cpc", 0, "candidates per cycle k (1, 2, 4, 8, 16, 32; 0: the paper's build, 8 for version 1, 1 for version 2)")
	fs.IntVar(&f.maxOrder, "max-order", 0, "maximum order m the design is built for (0: the paper's build, 15 for version 1, 11 for version 2; 15 for ga and swarm)")
	fs.StringVar(&f.heuristics, "heuristics", "none", "heuristic units: none (version 1), paper, or a list")
	fs.IntVar(&f.subsetUnits, "subset-units", 0, "hidden-subset combinations compared per cycle (0: the simulator's default, 1)")
	fs.StringVar(&f.link, "link", "uart", "uart (RS-232 front end built) or direct")
	fs.Float64Var(&f.clockMHz, "clock-mhz", 100, "clock frequency in MHz (sizes the UART and watchdog counters)")
	fs.IntVar(&f.baud, "baud", 115200, "RS-232 bit rate")
	fs.IntVar(&f.inputFIFO, "input-fifo", 0, "the optional input buffer's depth in decoder events (not in the paper; n⁴+2 holds a frame of order n; 0: none)")
	fs.StringVar(&f.device, "device", area.DefaultDevice, "target device (XC2VP30, EP2C35, EP2C70, XC3SD1800A, XC3S1400AN, XC7A100T, XCVU9P)")
	dg, ds := ga.DefaultConfig(), swarm.DefaultConfig()
	fs.StringVar(&f.design, "design", "bnb", "bnb (the FPT'09 processor), ga (seed 001), swarm (seed 002) or prop (version 3)")
	fs.IntVar(&f.population, "population", dg.PopSize, "ga: chromosomes per generation")
	fs.IntVar(&f.tournament, "tournament", dg.Tournament, "ga: candidates per tournament")
	fs.IntVar(&f.boards, "boards", ds.BoardSlots, "swarm: board engines")
	fs.IntVar(&f.copyWidth, "copy-width", ds.CopyWidth, "swarm: cells per cycle on the copy bus")
	fs.IntVar(&f.stack, "stack", ds.StackDepth, "swarm: boards the branch stack holds")
	fs.StringVar(&f.rules, "rules", propDefaultRules(), "prop: propagation hardware (naked, hidden-rows, hidden)")
	fs.StringVar(&f.branch, "branch", propDefaultBranch(), "prop: branching rule (mrv, first, mrv-rows, local, pair)")
	fs.StringVar(&f.probe, "probe", propDefaultProbe(), "prop: probe phase before the first decision (none, pairs)")
	fs.StringVar(&f.visit, "visit", propDefaultVisit(), "prop: cells a sweep evaluates (all, empty)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	blocks := fs.Bool("blocks", false, "also list every block's LUTs and flip-flops and every memory's mapping")
	if done, status := parseFlags(fs, args, stderr); done {
		return status
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "resources", "unexpected argument %q", fs.Arg(0))
	}
	if f.maxOrder == 0 && f.design != "bnb" {
		f.maxOrder = 15
	}
	if _, ok := designFlags[f.design]; !ok {
		return usageError(stderr, "resources", "--design %q is not bnb, ga, swarm or prop", f.design)
	}
	fs.Visit(func(fl *flag.Flag) { f.cpcSet = f.cpcSet || fl.Name == "cpc" })
	if bad := foreignFlags(fs, f.design); len(bad) > 0 {
		return usageError(stderr, "resources", "%s do not apply to --design %s", strings.Join(bad, ", "), f.design)
	}
	d, err := area.LookupDevice(f.device)
	if err != nil {
		return usageError(stderr, "resources", "%v", err)
	}
	r, title, err := f.estimate()
	if err != nil {
		return configError(stderr, "resources", fs, err)
	}
	fit := r.Fit(d)
	if *asJSON {
		if err := json.NewEncoder(stdout).Encode(newResourcesJSON(f, r, fit)); err != nil {
			fmt.Fprintf(stderr, "sudokusim resources: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	switch fit.Verdict {
	case area.VerdictNotFits:
		fmt.Fprintln(stdout, notFitLine(fit))
	case area.VerdictMayFit:
		fmt.Fprintln(stdout, mayFitLine(fit))
	}
	fmt.Fprintf(stdout, "%s\n\n", title)
	if err := fit.WriteSummary(stdout); err != nil {
		fmt.Fprintf(stderr, "sudokusim resources: %v\n", err)
		return exitFail
	}
	if f.design == "prop" {
		if err := writePropOrders(stdout, f, d); err != nil {
			return usageError(stderr, "resources", "%v", err)
		}
	}
	if *blocks {
		writeBlocks(stdout, r)
	}
	return exitOK
}

// estimate runs the estimate of the chosen design and names it in a line.
func (f resourceFlags) estimate() (area.Report, string, error) {
	const uncalibrated = " (uncalibrated structural estimate)"
	switch f.design {
	case "prop":
		return f.estimateProp()
	case "ga":
		cfg := f.gaConfig()
		r, err := area.EstimateGA(cfg, f.maxOrder)
		return r, fmt.Sprintf("GA processor (seed 001): order %d, population %d, tournament %d%s",
			f.maxOrder, cfg.PopSize, cfg.Tournament, uncalibrated), err
	case "swarm":
		cfg := f.swarmConfig()
		r, err := area.EstimateSwarm(cfg)
		return r, fmt.Sprintf("engine array (seed 002): max order %d, %d engines, copy width %d, stack %d boards%s",
			cfg.MaxOrder, cfg.BoardSlots, cfg.CopyWidth, cfg.StackDepth, uncalibrated), err
	}
	p, err := f.params()
	if err != nil {
		return area.Report{}, "", err
	}
	r, err := area.Estimate(p)
	title := fmt.Sprintf("FPT'09 processor, version %d: max order %d, cpc %d, heuristics %s, link %s",
		r.Version, p.MaxOrder, p.CPC, f.heuristics, f.link)
	if p.InputFIFO > 0 {
		title += fmt.Sprintf(", input buffer of %d events (not in the paper)", p.InputFIFO)
	}
	return r, title, err
}

// gaConfig is ga.DefaultConfig with the GA flags.
func (f resourceFlags) gaConfig() ga.Config {
	c := ga.DefaultConfig()
	c.PopSize, c.Tournament = f.population, f.tournament
	return c
}

// swarmConfig is swarm.DefaultConfig with the swarm flags.
func (f resourceFlags) swarmConfig() swarm.Config {
	c := swarm.DefaultConfig()
	c.MaxOrder, c.BoardSlots, c.CopyWidth, c.StackDepth = f.maxOrder, f.boards, f.copyWidth, f.stack
	return c
}

// params turns the flags into area parameters.
func (f resourceFlags) params() (area.Params, error) {
	hs, err := logic.ParseHeuristics(f.heuristics)
	if err != nil {
		return area.Params{}, fmt.Errorf("--heuristics: %s", stripPkg(err.Error()))
	}
	build := paperConfig(hs, f.cpc, f.maxOrder)
	p := area.Params{
		MaxOrder: build.MaxOrder, CPC: build.CPC, Heuristics: hs, SubsetUnits: f.subsetUnits,
		ClockHz: f.clockMHz * 1e6, Baud: f.baud, InputFIFO: f.inputFIFO,
	}
	switch f.link {
	case "uart":
		p.UART = true
	case "direct":
		build.Link = bnb.LinkDirect
	default:
		return area.Params{}, fmt.Errorf("--link %q is not uart or direct", f.link)
	}
	// The simulator's checks first: they name the parameter in the
	// flags' words.
	build.ClockHz, build.Baud, build.SubsetUnits, build.InputFIFO = p.ClockHz, p.Baud, p.SubsetUnits, p.InputFIFO
	if err := build.Validate(); err != nil {
		return area.Params{}, err
	}
	return p, p.Validate()
}

func writeBlocks(w io.Writer, r area.Report) {
	fmt.Fprintf(w, "\n%-20s %8s %8s %8s   %s\n", "block", "LUT4", "FF", "RAMB16", "slice band")
	for _, b := range r.Blocks {
		band := fmt.Sprintf("Pack %.3f..%.3f", area.PackLow, area.PackHigh)
		if !b.Calibrated {
			band = fmt.Sprintf("uncalibrated, ±%.0f%% more", 100*b.Spread)
		}
		fmt.Fprintf(w, "%-20s %8d %8d %8d   %s\n", b.Name, b.LUT, b.FF, b.RAMB16(), band)
	}
	calibrated := "calibrated"
	if r.Design != "bnb" {
		calibrated = "Pack from the FPT'09 processor,"
	}
	fmt.Fprintf(w, "%-20s %8d %8d %8d   (structural; %s LUT4 %d, Pack %.3f; slices %d, range %d..%d)\n",
		"total", r.Structural.LUT, r.Structural.FF, r.RAMB16, calibrated, r.LUT, area.Pack,
		r.Slices, r.SliceRange.Low, r.SliceRange.High)
	fmt.Fprintln(w, "\nmemories:")
	for _, m := range r.Memories() {
		fmt.Fprintf(w, "  %s (%d bits)\n", m, m.Bits())
	}
}

// resourcesJSON is what `resources --json` prints. The FPT'09 processor's
// parameters are at the top level (absent for the other designs; no
// "heuristics" is version 1), the GA's and the swarm's in their own object.
type resourcesJSON struct {
	Design      string           `json:"design"`
	MaxOrder    int              `json:"max_order"`
	Version     int              `json:"version,omitempty"`
	CPC         int              `json:"cpc,omitempty"`
	Heuristics  []string         `json:"heuristics,omitempty"`
	SubsetUnits int              `json:"subset_units,omitempty"`
	Link        string           `json:"link,omitempty"`
	GA          *gaParamsJSON    `json:"ga,omitempty"`
	Swarm       *swarmParamsJSON `json:"swarm,omitempty"`
	LUT4        int              `json:"lut4"`
	FF          int              `json:"ff"`
	Slices      int              `json:"slices"`
	// SliceRange is the band the evidence allows around Slices and Verdict
	// the fit on the device: "fits", "may fit" or "does NOT fit".
	SliceRange area.SliceRange `json:"slice_range"`
	Verdict    string          `json:"verdict"`
	RAMB16     int             `json:"ramb16"`
	MULT18     int             `json:"mult18x18"`
	Pack       float64         `json:"pack"`
	// Calibrated is true where Pack was fitted (the FPT'09 processor).
	Calibrated bool          `json:"calibrated"`
	Structural area.Logic    `json:"structural"`
	Blocks     []area.Block  `json:"blocks"`
	Memories   []area.Memory `json:"memories"`
	Fit        area.Fit      `json:"fit"`
}

type gaParamsJSON struct {
	Population int `json:"population"`
	Tournament int `json:"tournament"`
}

type swarmParamsJSON struct {
	Boards    int `json:"boards"`
	CopyWidth int `json:"copy_width"`
	Stack     int `json:"stack"`
}

func newResourcesJSON(f resourceFlags, r area.Report, fit area.Fit) resourcesJSON {
	j := resourcesJSON{
		Design: r.Design, MaxOrder: r.MaxOrder,
		LUT4: r.LUT, FF: r.FF, Slices: r.Slices, SliceRange: r.SliceRange, Verdict: fit.Verdict,
		RAMB16: r.RAMB16, MULT18: r.MULT18,
		Pack: area.Pack, Calibrated: r.Design == "bnb",
		Structural: r.Structural, Blocks: r.Blocks, Memories: r.Memories(), Fit: fit,
	}
	switch r.Design {
	case "ga":
		c := f.gaConfig()
		j.GA = &gaParamsJSON{Population: c.PopSize, Tournament: c.Tournament}
	case "swarm":
		c := f.swarmConfig()
		j.Swarm = &swarmParamsJSON{Boards: c.BoardSlots, CopyWidth: c.CopyWidth, Stack: c.StackDepth}
	default:
		hs := make([]string, len(r.Params.Heuristics))
		for i, h := range r.Params.Heuristics {
			hs[i] = h.String()
		}
		j.Version, j.CPC, j.Heuristics = r.Version, r.Params.CPC, hs
		j.SubsetUnits, j.Link = subsetUnits(r.Params), strings.ToLower(f.link)
	}
	return j
}

// subsetUnits is the comparator parallelism the estimate used.
func subsetUnits(p area.Params) int {
	if p.SubsetUnits == 0 {
		return area.DefaultSubsetUnits
	}
	return p.SubsetUnits
}
