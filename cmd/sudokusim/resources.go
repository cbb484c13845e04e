package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"sudokusim/rtl/area"
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

Estimates the FPGA resources of the FPT'09 processor built with the given
parameters (rtl/area; formulas and calibration in docs/resource-model.md) and
prints an ISE-style device utilization summary for --device.
--heuristics none is version 1 (Table 2's design); a list of the paper's
units (or "paper") is version 2.`

// resourceFlags are the synthesis parameters shared by resources and sweep.
type resourceFlags struct {
	cpc, maxOrder, subsetUnits, baud int
	heuristics, link, device         string
	clockMHz                         float64
}

func runResources(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("resources", resourcesSynopsis, stdout)
	var f resourceFlags
	fs.IntVar(&f.cpc, "cpc", 8, "candidates per cycle k (1, 2, 4, 8, 16, 32)")
	fs.IntVar(&f.maxOrder, "max-order", 15, "maximum order m the design is built for")
	fs.StringVar(&f.heuristics, "heuristics", "none", "heuristic units: none (version 1), paper, or a list")
	fs.IntVar(&f.subsetUnits, "subset-units", 0, "hidden-subset combinations compared per cycle (0: the simulator's default, 1)")
	fs.StringVar(&f.link, "link", "uart", "uart (RS-232 front end built) or direct")
	fs.Float64Var(&f.clockMHz, "clock-mhz", 100, "clock frequency in MHz (sizes the UART and watchdog counters)")
	fs.IntVar(&f.baud, "baud", 115200, "RS-232 bit rate")
	fs.StringVar(&f.device, "device", area.DefaultDevice, "target device (XC2VP30, EP2C35, EP2C70, XC3SD1800A, XC3S1400AN, XC7A100T, XCVU9P)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	blocks := fs.Bool("blocks", false, "also list every block's LUTs and flip-flops and every memory's mapping")
	if done, status := parseFlags(fs, args, stderr); done {
		return status
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "resources", "unexpected argument %q", fs.Arg(0))
	}
	p, err := f.params()
	if err != nil {
		return usageError(stderr, "resources", "%v", err)
	}
	d, err := area.LookupDevice(f.device)
	if err != nil {
		return usageError(stderr, "resources", "%v", err)
	}
	r, err := area.Estimate(p)
	if err != nil {
		return usageError(stderr, "resources", "%v", err)
	}
	fit := r.Fit(d)
	if *asJSON {
		if err := json.NewEncoder(stdout).Encode(newResourcesJSON(f, r, fit)); err != nil {
			fmt.Fprintf(stderr, "sudokusim resources: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	fmt.Fprintf(stdout, "FPT'09 processor, version %d: max order %d, cpc %d, heuristics %s, link %s\n\n",
		r.Version, p.MaxOrder, p.CPC, f.heuristics, f.link)
	if err := fit.WriteSummary(stdout); err != nil {
		fmt.Fprintf(stderr, "sudokusim resources: %v\n", err)
		return exitFail
	}
	if *blocks {
		writeBlocks(stdout, r)
	}
	return exitOK
}

// params turns the flags into area parameters.
func (f resourceFlags) params() (area.Params, error) {
	hs, err := logic.ParseHeuristics(f.heuristics)
	if err != nil {
		return area.Params{}, err
	}
	p := area.Params{
		MaxOrder: f.maxOrder, CPC: f.cpc, Heuristics: hs, SubsetUnits: f.subsetUnits,
		ClockHz: f.clockMHz * 1e6, Baud: f.baud,
	}
	switch f.link {
	case "uart":
		p.UART = true
	case "direct":
	default:
		return area.Params{}, fmt.Errorf("link %q is not uart or direct", f.link)
	}
	return p, p.Validate()
}

func writeBlocks(w io.Writer, r area.Report) {
	fmt.Fprintf(w, "\n%-20s %8s %8s %8s\n", "block", "LUT4", "FF", "RAMB16")
	for _, b := range r.Blocks {
		fmt.Fprintf(w, "%-20s %8d %8d %8d\n", b.Name, b.LUT, b.FF, b.RAMB16())
	}
	fmt.Fprintf(w, "%-20s %8d %8d %8d   (structural; calibrated LUT4 %d, Pack %.3f)\n",
		"total", r.Structural.LUT, r.Structural.FF, r.RAMB16, r.LUT, area.Pack)
	fmt.Fprintln(w, "\nmemories:")
	for _, m := range r.Memories() {
		fmt.Fprintf(w, "  %s (%d bits)\n", m, m.Bits())
	}
}

// resourcesJSON is what `resources --json` prints.
type resourcesJSON struct {
	Version     int           `json:"version"`
	MaxOrder    int           `json:"max_order"`
	CPC         int           `json:"cpc"`
	Heuristics  []string      `json:"heuristics"`
	SubsetUnits int           `json:"subset_units"`
	Link        string        `json:"link"`
	LUT4        int           `json:"lut4"`
	FF          int           `json:"ff"`
	Slices      int           `json:"slices"`
	RAMB16      int           `json:"ramb16"`
	MULT18      int           `json:"mult18x18"`
	Pack        float64       `json:"pack"`
	Structural  area.Logic    `json:"structural"`
	Blocks      []area.Block  `json:"blocks"`
	Memories    []area.Memory `json:"memories"`
	Fit         area.Fit      `json:"fit"`
}

func newResourcesJSON(f resourceFlags, r area.Report, fit area.Fit) resourcesJSON {
	hs := make([]string, len(r.Params.Heuristics))
	for i, h := range r.Params.Heuristics {
		hs[i] = h.String()
	}
	return resourcesJSON{
		Version: r.Version, MaxOrder: r.Params.MaxOrder, CPC: r.Params.CPC,
		Heuristics: hs, SubsetUnits: subsetUnits(r.Params), Link: strings.ToLower(f.link),
		LUT4: r.LUT, FF: r.FF, Slices: r.Slices, RAMB16: r.RAMB16, MULT18: r.MULT18,
		Pack: area.Pack, Structural: r.Structural, Blocks: r.Blocks, Memories: r.Memories(), Fit: fit,
	}
}

// subsetUnits is the comparator parallelism the estimate used.
func subsetUnits(p area.Params) int {
	if p.SubsetUnits == 0 {
		return area.DefaultSubsetUnits
	}
	return p.SubsetUnits
}
