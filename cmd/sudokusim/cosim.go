package main

import (
	"errors"
	"fmt"
	"io"

	"sudokusim/hdl"
	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
)

func init() {
	register(command{name: "cosim", summary: "run the Verilog of the processor beside the Go model and compare them every cycle", run: runCosim})
}

const cosimSynopsis = `usage: sudokusim cosim [flags] [FILE]

Co-simulates version 1 of the FPT'09 processor: the Verilog of hdl/ (built
with Verilator, cached per parameter set in the user's cache directory, or
run under Icarus with --sim icarus) and the Go cycle-level model get the
same stimulus and are compared every clock cycle: FSM state, the checksum,
size and reply registers, each block-RAM port's enable, write enable,
address and write data, and the tx line. At the first difference it prints
the cycle, the signal, both values and the last cycles of both. Without
FILE it runs the embedded sample.
Exit status: 0 the models agree, 1 they differ, 2 bad usage, a puzzle or
configuration the HDL does not cover, a missing tool or a failed build.`

func runCosim(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("cosim", cosimSynopsis, stdout)
	cpc := fs.Int("cpc", 8, "candidates the evaluator tests per cycle: 1, 2, 4, 8, 16 or 32")
	heur := fs.String("heuristics", "none", "none (version 1; the only version in Verilog)")
	maxOrder := fs.Int("max-order", 15, "largest order the design is synthesised for (2..15)")
	clock := fs.Float64("clock-mhz", 100, "clock frequency in MHz")
	baud := fs.Int("baud", 115200, "RS-232 bit rate")
	link := fs.String("link", "uart", "uart (frames over RS-232) or direct (grid loaded straight into memory)")
	maxCycles := fs.Uint64("max-cycles", 0, "search watchdog in cycles (0: t_max of the order at the clock)")
	simName := fs.String("sim", "verilator", "HDL simulator: verilator or icarus")
	history := fs.Int("history", 8, "cycles of both models shown before a difference")
	index := fs.Int("index", 0, "which puzzle of a line-format file (0-based)")
	hdlVCD := fs.String("hdl-vcd", "", "write a VCD waveform of the HDL to this file (--sim icarus; solve --vcd writes the Go side)")
	speed := fs.String("speed", "", "instead of comparing, run one side free (direct link, no trace) and print its cycles per second: verilator or go")
	if done, st := parseFlags(fs, args, stderr); done {
		return st
	}
	if fs.NArg() > 1 {
		return usageError(stderr, "cosim", "one FILE at most, got %d", fs.NArg())
	}
	if *heur != "none" {
		return usageError(stderr, "cosim", "--heuristics %q: the Verilog is version 1, only none is covered", *heur)
	}
	if *simName != hdl.SimVerilator && *simName != hdl.SimIcarus {
		return usageError(stderr, "cosim", "--sim %q is not verilator or icarus", *simName)
	}
	cfg := bnb.DefaultConfig()
	cfg.CPC, cfg.MaxOrder, cfg.ClockHz, cfg.Baud, cfg.MaxSearchCycles = *cpc, *maxOrder, *clock*1e6, *baud, *maxCycles
	var err error
	if cfg.Link, err = bnb.ParseLink(*link); err != nil {
		return usageError(stderr, "cosim", "--link: %v", err)
	}
	if err := cfg.Validate(); err != nil {
		return usageError(stderr, "cosim", "%v", err)
	}
	g := sudoku.Sample()
	source := "embedded sample"
	if fs.NArg() == 1 {
		source = fs.Arg(0)
		if g, err = sudoku.LoadPuzzle(source, *index, stdin); err != nil {
			return inputError(stderr, err)
		}
	}
	if *speed != "" {
		return runCosimSpeed(*speed, cfg, g, source, stdout, stderr)
	}
	rep, err := hdl.Check(cfg, g, hdl.Options{Sim: *simName, History: *history, HDLVCD: *hdlVCD})
	if err != nil {
		var ce *hdl.CoverageError
		var tm *hdl.ToolMissingError
		var be *hdl.BuildError
		if errors.As(err, &ce) || errors.As(err, &tm) || errors.As(err, &be) {
			fmt.Fprintf(stderr, "sudokusim cosim: %s: %s\n", source, oneLine(err.Error()))
			return exitUsage
		}
		fmt.Fprintf(stderr, "sudokusim cosim: %s: %s\n", source, oneLine(err.Error()))
		return exitFail
	}
	fmt.Fprintf(stdout, "design     version 1, max order %d, %d candidates/cycle, %s link, %s\n", cfg.MaxOrder, cfg.CPC, cfg.Link, *simName)
	fmt.Fprintf(stdout, "puzzle     %s (order %d)\n", source, g.Order)
	if rep.Diff != nil {
		fmt.Fprintf(stdout, "DIFFERENCE after %d cycles agreed\n%s", rep.Cycles, rep.Diff)
		return exitFail
	}
	if len(rep.Mismatch) > 0 {
		fmt.Fprintf(stdout, "every one of %d cycles agreed, but the outcomes differ:\n", rep.Cycles)
		for _, m := range rep.Mismatch {
			fmt.Fprintf(stdout, "  %s\n", m)
		}
		return exitFail
	}
	c := rep.Go.Cycles
	fmt.Fprintf(stdout, "agree      %d cycles compared, every one identical\n", rep.Cycles)
	fmt.Fprintf(stdout, "cycles     rx %d + load %d + search %d + tx %d (both)\n", c.Rx, c.Load, c.Search, c.Tx)
	fmt.Fprintf(stdout, "search     %d nodes, %d backtracks (both)\n", rep.Go.Search.Nodes, rep.Go.Search.Backtracks)
	fmt.Fprintf(stdout, "answer     %s, %d bytes identical\n", rep.Go.Status, len(rep.Go.Response))
	return exitOK
}

// runCosimSpeed runs one side alone on the puzzle, free-running, and prints
// its simulation rate.
func runCosimSpeed(side string, cfg bnb.Config, g *sudoku.Grid, source string, stdout, stderr io.Writer) int {
	if cfg.Link != bnb.LinkDirect {
		return usageError(stderr, "cosim", "--speed runs the direct link: add --link direct")
	}
	var sp hdl.Speed
	var err error
	switch side {
	case "verilator":
		sp, err = hdl.VerilatorSpeed(cfg, g)
	case "go":
		if g.Order > cfg.MaxOrder {
			return usageError(stderr, "cosim", "a puzzle of order %d does not fit max order %d", g.Order, cfg.MaxOrder)
		}
		sp, err = hdl.GoSpeed(cfg, g)
	default:
		return usageError(stderr, "cosim", "--speed %q is not verilator or go", side)
	}
	if err != nil {
		fmt.Fprintf(stderr, "sudokusim cosim: %s: %s\n", source, oneLine(err.Error()))
		return exitUsage
	}
	fmt.Fprintf(stdout, "%s: %d cycles in %.3f s, %.0f cycles/s (version 1, max order %d, k=%d, direct link, %s)\n",
		side, sp.Cycles, sp.Time.Seconds(), sp.CyclesPerSecond(), cfg.MaxOrder, cfg.CPC, source)
	return exitOK
}
