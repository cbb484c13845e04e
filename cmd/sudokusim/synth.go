package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"sudokusim/hdl"
	"sudokusim/hdl/synth"
	"sudokusim/rtl/area"
	"sudokusim/rtl/bnb"
	"sudokusim/uart"
)

func init() {
	register(command{
		name:    "synth",
		summary: "synthesise the Verilog twin (hdl/) with Yosys for the Virtex-II Pro, beside the resource model",
		run:     runSynth,
	})
}

const synthSynopsis = `usage: sudokusim synth [flags]

Runs Yosys (synth_xilinx -family xc2vp, hierarchy kept) on the Verilog twin of
the FPT'09 processor in hdl/ for one configuration and prints an ISE-style
utilisation summary from the mapped cells — LUT1-4, flip-flops, MUXF5-8,
carry chain, RAMB16 by shape, MULT18X18 — per module and in total, with an
occupied-slice range (Yosys does not pack or place: "packed" is every slice
full, "unpacked" no flip-flop sharing a slice with an unrelated LUT), beside
the resource model's figure (rtl/area) for the blocks each module implements.

--heuristics none is version 1, paper version 2 (the paper's five heuristic
units, hdl/rtl/heuristics.v, with --subset-units hidden-subset combinations
per cycle); a comma list of both, like --cpc and --max-order lists, makes a
--table over every configuration.

Results are cached per configuration in the user's cache directory; the
first run of a configuration takes from under a minute (max order 3) to
much longer for large orders. Needs the Debian package yosys.`

// blockModules says which Verilog module implements each block of the
// resource model (rtl/area, named as in docs/microarchitecture.md), so that
// a module's cells can be held against the model's LUTs, flip-flops and
// RAMB16s for the same hardware. A block goes to the first of its modules
// that the design has: the Go Core is one block, and so is hdl/'s
// sudoku_core, which holds the RowAssembler, Loader, Controller, word
// registers, lane extractor, checksum register and ResponseUnit until they
// are modules of their own. Version 2's units are one Verilog module,
// heuristics (it shares the region front end's registers among the units,
// as the Go model's heur.go does), so its row is compared with the sum of
// the model's blocks for it; the candidate window is the evaluator's
// taken_i operand.
var blockModules = []struct {
	block   string
	modules []string
}{
	{"Receiver", []string{"uart_rx"}},
	{"FrameCodec", []string{"frame_decoder"}},
	{"Transmitter", []string{"uart_tx"}},
	{"ResponseUnit", []string{"response_unit", "sudoku_core"}},
	{"RowAssembler", []string{"row_assembler", "sudoku_core"}},
	{"ChecksumRegister", []string{"row_assembler", "sudoku_core"}},
	{"GridMem", []string{"grid_mem"}},
	{"GivenMem", []string{"given_mem"}},
	{"WordRegister", []string{"controller", "sudoku_core"}},
	{"LaneExtract", []string{"controller", "sudoku_core"}},
	{"Evaluator", []string{"evaluator"}},
	{"Controller", []string{"controller", "sudoku_core"}},
	{"Loader", []string{"loader", "sudoku_core"}},
	{"CandMem", []string{"cand_mem"}},
	{"MissMem", []string{"miss_mem"}},
	{"CandidateWindow", []string{"evaluator"}},
	{"FixPath", []string{"fix_path", "heuristics"}},
	{"RegionFrontEnd", []string{"region_front_end", "heuristics"}},
	{"Strategy", []string{"strategy", "heuristics"}},
	{"SingleUnit", []string{"single_unit", "heuristics"}},
	{"ScanRegisters", []string{"scan_registers", "heuristics"}},
	{"HiddenSingleUnit", []string{"hidden_single_unit", "heuristics"}},
	{"HiddenSubsetUnit", []string{"hidden_subset_unit", "heuristics"}},
}

func runSynth(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("synth", synthSynopsis, stdout)
	var f resourceFlags
	cpcs := fs.String("cpc", "8", "candidates per cycle k (1, 2, 4, 8, 16, 32); a comma list makes a --table")
	orders := fs.String("max-order", "15", "maximum order m the design is built for (2..15); a comma list makes a --table")
	table := fs.Bool("table", false, "print the model-vs-Yosys table (Markdown) of every configuration in the lists")
	versions := fs.String("heuristics", "none", "none (version 1) or paper (version 2, the paper's units); a comma list makes a --table")
	fs.IntVar(&f.subsetUnits, "subset-units", bnb.DefaultSubsetUnits, "version 2: hidden-subset combinations compared per cycle")
	fs.StringVar(&f.link, "link", "uart", "uart (RS-232 front end built) or direct")
	fs.Float64Var(&f.clockMHz, "clock-mhz", 100, "clock frequency in MHz (sizes the UART bit-time counter)")
	fs.IntVar(&f.baud, "baud", 115200, "RS-232 bit rate")
	asJSON := fs.Bool("json", false, "print one JSON object")
	noCache := fs.Bool("no-cache", false, "run Yosys even when the configuration is cached")
	if done, status := parseFlags(fs, args, stderr); done {
		return status
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "synth", "unexpected argument %q", fs.Arg(0))
	}
	f.design = "bnb"
	hs, err := versionList(*versions)
	if err != nil {
		return usageError(stderr, "synth", "--heuristics: %v", err)
	}
	if f.subsetUnits < 1 {
		return usageError(stderr, "synth", "--subset-units %d: at least 1 combination per cycle", f.subsetUnits)
	}
	if f.link != "uart" {
		return usageError(stderr, "synth", "--link %s: the Verilog top has the UART front end built in; synthesise --link uart", f.link)
	}
	ks, err := intList(*cpcs)
	if err != nil {
		return usageError(stderr, "synth", "--cpc: %v", err)
	}
	ms, err := intList(*orders)
	if err != nil {
		return usageError(stderr, "synth", "--max-order: %v", err)
	}
	var configs []area.Params
	for _, h := range hs {
		for _, m := range ms {
			for _, k := range ks {
				f.heuristics, f.maxOrder, f.cpc = h, m, k
				p, err := f.params()
				if err != nil {
					return usageError(stderr, "synth", "%v", err)
				}
				configs = append(configs, p)
			}
		}
	}
	if *table || len(configs) > 1 {
		return synthTable(configs, f, *noCache, stdout, stderr)
	}
	p := configs[0]
	// Yosys maps to Virtex-II Pro cells, so the summary is held against
	// the competition board's part.
	d, err := area.LookupDevice(area.DefaultDevice)
	if err != nil {
		return usageError(stderr, "synth", "%v", err)
	}
	div, err := uart.Divisor(f.clockMHz*1e6, f.baud)
	if err != nil {
		return usageError(stderr, "synth", "%v", err)
	}
	model, r, code := synthOne(p, int(div), *noCache, stderr)
	if code != exitOK {
		return code
	}
	rows := synthRows(r, model)
	if *asJSON {
		out := synthJSON{Design: "bnb", Version: version(p), MaxOrder: p.MaxOrder, CPC: p.CPC, SubsetUnits: synthSubsetUnits(p), Link: f.link,
			ClksPerBit: int(div), Device: d.Name, Yosys: r.Yosys, Cached: r.Cached, Modules: rows,
			Total: newSynthCells(r.Design), Model: synthModel{LUT4: model.LUT, FF: model.FF, RAMB16: model.RAMB16, Slices: model.Slices}}
		if err := json.NewEncoder(stdout).Encode(out); err != nil {
			fmt.Fprintf(stderr, "sudokusim synth: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	writeSynth(stdout, r, rows, model, d, p)
	return exitOK
}

// synthOne synthesises one configuration and estimates it with the model.
func synthOne(p area.Params, div int, noCache bool, stderr io.Writer) (area.Report, *synth.Report, int) {
	model, err := area.Estimate(p)
	if err != nil {
		return area.Report{}, nil, usageError(stderr, "synth", "%v", err)
	}
	dir, files, err := synth.WriteSources(hdl.Sources, "*.v", "rtl/*.v")
	if err != nil {
		fmt.Fprintf(stderr, "sudokusim synth: %v\n", err)
		return area.Report{}, nil, exitFail
	}
	defer os.RemoveAll(dir)
	job := synth.Job{Files: files, Top: "sudoku_top", Params: hdlParams(p, div)}
	var progress io.Writer
	if isTerminal(stderr) {
		progress = stderr
	}
	r, err := synth.Run(context.Background(), job, synth.Options{NoCache: noCache, Progress: progress})
	if err != nil {
		if err == synth.ErrNoYosys {
			return area.Report{}, nil, usageError(stderr, "synth", "%v", err)
		}
		fmt.Fprintf(stderr, "sudokusim synth: %v\n", err)
		return area.Report{}, nil, exitFail
	}
	return model, r, exitOK
}

// versionList parses synth's --heuristics: none, paper or a comma list of
// them (the HDL has version 1 and the paper's version 2, no other unit set).
func versionList(s string) ([]string, error) {
	var out []string
	for _, v := range strings.Split(s, ",") {
		v = strings.TrimSpace(v)
		if v != "none" && v != "paper" {
			return nil, fmt.Errorf("%q is not none or paper (hdl/ has version 1 and the paper's version 2)", v)
		}
		out = append(out, v)
	}
	return out, nil
}

// version is the FPT'09 processor's version of a model configuration.
func version(p area.Params) int {
	if len(p.Heuristics) > 0 {
		return 2
	}
	return 1
}

// synthSubsetUnits is the hidden-subset comparator's combinations per cycle
// of a version-2 configuration (0 for version 1).
func synthSubsetUnits(p area.Params) int {
	if version(p) == 1 {
		return 0
	}
	return subsetUnits(p)
}

// hdlParams are sudoku_top's parameters for a model configuration: version
// 2 builds the heuristic units (Heuristics 1) with the search honouring
// CandMem (CandSearch 1), as the paper's build and the co-simulation do.
func hdlParams(p area.Params, div int) []synth.Param {
	ps := []synth.Param{{Name: "MaxOrder", Value: p.MaxOrder}, {Name: "K", Value: p.CPC}, {Name: "ClksPerBit", Value: div}}
	if version(p) == 2 {
		ps = append(ps, synth.Param{Name: "Heuristics", Value: 1}, synth.Param{Name: "SubsetUnits", Value: synthSubsetUnits(p)},
			synth.Param{Name: "CandSearch", Value: 1})
	}
	return ps
}

// synthTable prints, for every configuration, each module's LUT sites,
// flip-flops and RAMB16s from Yosys beside the model's for the blocks the
// module implements, with the model's error, as a Markdown table.
func synthTable(configs []area.Params, f resourceFlags, noCache bool, stdout, stderr io.Writer) int {
	div, err := uart.Divisor(f.clockMHz*1e6, f.baud)
	if err != nil {
		return usageError(stderr, "synth", "%v", err)
	}
	fmt.Fprintln(stdout, "| v | m | k | module | model blocks | LUT Yosys | LUT model | error | FF Yosys | FF model | error | RAMB16 Yosys | RAMB16 model | MULT18X18 |")
	fmt.Fprintln(stdout, "|---|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, p := range configs {
		model, r, code := synthOne(p, int(div), noCache, stderr)
		if code != exitOK {
			return code
		}
		for _, row := range synthRows(r, model) {
			if row.Model == nil {
				if row.Cells.LUTs == 0 && row.Cells.FF == 0 && row.Cells.RAMB16 == 0 {
					continue
				}
				row.Model = &synthModel{}
			}
			c := row.Cells
			fmt.Fprintf(stdout, "| %d | %d | %d | %s | %s | %d | %d | %s | %d | %d | %s | %d | %d | %d |\n",
				version(p), p.MaxOrder, p.CPC, row.Module, strings.Join(row.Blocks, ", "),
				c.LUTs, row.Model.LUT4, modelError(row.Model.LUT4, c.LUTs),
				c.FF, row.Model.FF, modelError(row.Model.FF, c.FF), c.RAMB16, row.Model.RAMB16, c.MULT18)
		}
		t := newSynthCells(r.Design)
		fmt.Fprintf(stdout, "| %d | %d | %d | **total** | (structural) | %d | %d | %s | %d | %d | %s | %d | %d | %d |\n",
			version(p), p.MaxOrder, p.CPC, t.LUTs, model.Structural.LUT, modelError(model.Structural.LUT, t.LUTs),
			t.FF, model.FF, modelError(model.FF, t.FF), t.RAMB16, model.RAMB16, t.MULT18)
	}
	return exitOK
}

// modelError is (model − Yosys) / Yosys as a signed percentage.
func modelError(model, yosys int) string {
	if yosys == 0 {
		if model == 0 {
			return "0%"
		}
		return "—"
	}
	return fmt.Sprintf("%+.0f%%", 100*float64(model-yosys)/float64(yosys))
}

// synthRow is one module with the model's blocks for it.
type synthRow struct {
	Module    string      `json:"module"`
	Params    string      `json:"params,omitempty"`
	Instances int         `json:"instances"`
	Cells     synthCells  `json:"cells"`
	Blocks    []string    `json:"model_blocks,omitempty"`
	Model     *synthModel `json:"model,omitempty"`
}

// synthCells are one module's cells (one instance with its submodules
// counted in their own rows) in the summary's columns.
type synthCells struct {
	LUT4           int    `json:"lut4"`
	LUT1to3        int    `json:"lut1_3"`
	LUTs           int    `json:"luts"`
	FF             int    `json:"ff"`
	MUXF5          int    `json:"muxf5"`
	MUXF6to8       int    `json:"muxf6_8"`
	Carry          int    `json:"carry"`
	RAMB16         int    `json:"ramb16"`
	MULT18         int    `json:"mult18x18"`
	IOB            int    `json:"iob"`
	SlicesPacked   int    `json:"slices_packed"`
	SlicesUnpacked int    `json:"slices_unpacked"`
	ShapesText     string `json:"ramb16_shapes,omitempty"`
}

type synthModel struct {
	LUT4   int `json:"lut4"`
	FF     int `json:"ff"`
	RAMB16 int `json:"ramb16"`
	Slices int `json:"slices,omitempty"`
}

type synthJSON struct {
	Design   string `json:"design"`
	Version  int    `json:"version"`
	MaxOrder int    `json:"max_order"`
	CPC      int    `json:"cpc"`
	// SubsetUnits is version 2's hidden-subset combinations per cycle.
	SubsetUnits int        `json:"subset_units,omitempty"`
	Link        string     `json:"link"`
	ClksPerBit  int        `json:"clks_per_bit"`
	Device      string     `json:"device"`
	Yosys       string     `json:"yosys"`
	Cached      bool       `json:"cached"`
	Modules     []synthRow `json:"modules"`
	Total       synthCells `json:"total"`
	Model       synthModel `json:"model"`
}

func newSynthCells(c synth.Cells) synthCells {
	var shapes []string
	for _, r := range c.RAMB16 {
		shapes = append(shapes, fmt.Sprintf("%d×%s", r.N, strings.TrimPrefix(r.Type, "RAMB16_")))
	}
	return synthCells{
		LUT4: c.LUT4, LUT1to3: c.LUT1 + c.LUT2 + c.LUT3, LUTs: c.LUTs(), FF: c.FF,
		MUXF5: c.MUXF5, MUXF6to8: c.MUXF6 + c.MUXF7 + c.MUXF8, Carry: c.MUXCY + c.XORCY + c.MultAnd,
		RAMB16: c.Blocks(), MULT18: c.MULT18, IOB: c.IOB,
		SlicesPacked: c.SlicesPacked(), SlicesUnpacked: c.SlicesUnpacked(), ShapesText: strings.Join(shapes, " "),
	}
}

// synthRows lists the modules with each one's own cells and the model's
// blocks it implements.
func synthRows(r *synth.Report, model area.Report) []synthRow {
	byName := map[string]area.Block{}
	for _, b := range model.Blocks {
		byName[b.Name] = b
	}
	present := map[string]bool{}
	for _, m := range r.Modules {
		present[m.Name] = true
	}
	owner := map[string][]string{} // module → blocks
	for _, bm := range blockModules {
		if _, ok := byName[bm.block]; !ok {
			continue
		}
		for _, m := range bm.modules {
			if present[m] {
				owner[m] = append(owner[m], bm.block)
				break
			}
		}
	}
	var rows []synthRow
	for _, m := range r.Modules {
		row := synthRow{Module: m.Name, Params: m.Params, Instances: m.Instances, Cells: newSynthCells(m.Own)}
		if blocks := owner[m.Name]; len(blocks) > 0 {
			var sum synthModel
			for _, name := range blocks {
				b := byName[name]
				sum.LUT4 += b.LUT
				sum.FF += b.FF
				sum.RAMB16 += b.RAMB16()
			}
			row.Blocks, row.Model = blocks, &sum
		}
		rows = append(rows, row)
	}
	return rows
}

func writeSynth(w io.Writer, r *synth.Report, rows []synthRow, model area.Report, d area.Device, p area.Params) {
	cached := ""
	if r.Cached {
		cached = " (cached)"
	}
	fmt.Fprintf(w, "%s, synth_xilinx -family xc2vp%s\n", r.Yosys, cached)
	units := ""
	if version(p) == 2 {
		units = fmt.Sprintf(", the paper's heuristic units with %d subset combination(s) per cycle", synthSubsetUnits(p))
	}
	fmt.Fprintf(w, "FPT'09 processor, version %d (hdl/): max order %d, cpc %d%s, link uart, bit time %d cycles\n\n",
		version(p), p.MaxOrder, p.CPC, units, r.Job.Params[2].Value)
	fmt.Fprintf(w, "%-15s %4s %6s %7s %6s %6s %6s %6s %6s %15s   %-6s %6s %6s %6s\n",
		"module", "inst", "LUT4", "LUT1-3", "FF", "MUXF5", "F6-8", "carry", "RAMB16", "slices", "model:", "LUT4", "FF", "RAMB16")
	for _, row := range rows {
		c := row.Cells
		fmt.Fprintf(w, "%-15s %4d %6d %7d %6d %6d %6d %6d %6d %15s",
			row.Module, row.Instances, c.LUT4, c.LUT1to3, c.FF, c.MUXF5, c.MUXF6to8, c.Carry, c.RAMB16,
			fmt.Sprintf("%d..%d", c.SlicesPacked, c.SlicesUnpacked))
		if row.Model != nil {
			fmt.Fprintf(w, "   %-6s %6d %6d %6d", "", row.Model.LUT4, row.Model.FF, row.Model.RAMB16)
		}
		fmt.Fprintln(w)
	}
	t := newSynthCells(r.Design)
	fmt.Fprintf(w, "%-15s %4s %6d %7d %6d %6d %6d %6d %6d %15s   %-6s %6d %6d %6d\n",
		"total", "", t.LUT4, t.LUT1to3, t.FF, t.MUXF5, t.MUXF6to8, t.Carry, t.RAMB16,
		fmt.Sprintf("%d..%d", t.SlicesPacked, t.SlicesUnpacked), "", model.LUT, model.FF, model.RAMB16)
	fmt.Fprintf(w, "\nDevice utilization summary (%s), from Yosys's cells (no packing or placement):\n\n", d.Name)
	pct := func(n, of int) int {
		if of == 0 {
			return 0
		}
		return (100*n + of/2) / of
	}
	fmt.Fprintf(w, "   Number of Slices:              %6d..%-6d out of %6d  %d%%..%d%%   (model: %d)\n",
		t.SlicesPacked, t.SlicesUnpacked, d.Slices, pct(t.SlicesPacked, d.Slices), pct(t.SlicesUnpacked, d.Slices), model.Slices)
	fmt.Fprintf(w, "   Number of Slice Flip Flops:    %14d out of %6d  %d%%\n", t.FF, d.FFs, pct(t.FF, d.FFs))
	fmt.Fprintf(w, "   Number of 4 input LUTs:        %14d out of %6d  %d%%\n", t.LUTs, d.LUTs, pct(t.LUTs, d.LUTs))
	fmt.Fprintf(w, "   Number of RAMB16s:             %14d out of %6d  %d%%   %s\n", t.RAMB16, d.BlockRAMs, pct(t.RAMB16, d.BlockRAMs), t.ShapesText)
	fmt.Fprintf(w, "   Number of MULT18X18s:          %14d out of %6d  %d%%\n", t.MULT18, d.Multipliers, pct(t.MULT18, d.Multipliers))
	// A module that holds several of the model's blocks is compared with
	// their sum: say which.
	var groups []string
	for _, row := range rows {
		if len(row.Blocks) > 1 {
			groups = append(groups, fmt.Sprintf("  %s: %s", row.Module, strings.Join(row.Blocks, " + ")))
		}
	}
	if len(groups) > 0 {
		fmt.Fprintf(w, "\nModules compared with the sum of several of the model's blocks:\n%s\n", strings.Join(groups, "\n"))
	}
}
