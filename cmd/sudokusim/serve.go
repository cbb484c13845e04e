package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"sudokusim/board"
	"sudokusim/rtl/bnb"
	"sudokusim/sim"
	"sudokusim/sudoku/logic"
)

func init() {
	register(command{name: "serve", summary: "the simulated processor behind a pseudo-terminal or a serial port, for any host program", run: runServe})
}

const serveSynopsis = `usage: sudokusim serve (--pty | --port DEVICE) [flags]

Puts the simulated FPT'09 processor on a serial port: a new pseudo-terminal
(--pty) or a serial device (--port, e.g. /dev/ttyUSB0 at --baud, 8N1). A host
program opens the device and talks to it as to the board: each byte goes
into the model's UART receiver as it arrives, and the bytes the model's
transmitter sends come back, error replies included. The device path is the
first line on stdout. A log line per answer (status, cycles by phase, t_N
simulated and wall) goes to stderr or --log. Serves until interrupted, or
until --answers answers are out.
Exit status: 0 when the session ended normally, 1 when the model or the port
failed during it, 2 bad usage or a port that cannot be opened.`

// serveContext is the context serve runs under until a signal ends it
// (tests replace it).
var serveContext = context.Background

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", serveSynopsis, stdout)
	design := fs.String("design", "bnb", "hardware design with the serial front end: bnb (the FPT'09 processor)")
	usePTY := fs.Bool("pty", false, "serve on a new pseudo-terminal")
	device := fs.String("port", "", "serve on this serial device")
	cpc := fs.Int("cpc", 0, "candidates the evaluator tests per cycle: 1, 2, 4, 8, 16 or 32 (0: the paper's build, 8 for version 1, 1 for version 2)")
	heur := fs.String("heuristics", "paper", "none (version 1), paper, or a comma list of the units")
	subset := fs.Int("subset-units", bnb.DefaultSubsetUnits, "value combinations the hidden-subset unit compares per cycle")
	maxOrder := fs.Int("max-order", 0, "largest order the design is synthesised for, 2..15 (0: the paper's build, 15 for version 1, 11 for version 2)")
	clock := fs.Float64("clock-mhz", 100, "clock frequency in MHz")
	baud := fs.Int("baud", 115200, "RS-232 bit rate of the model's UART and of --port")
	maxCycles := fs.Uint64("max-cycles", 0, "search watchdog in cycles (0: t_max of the order at the clock)")
	realtime := fs.Bool("realtime", false, "send each answer byte no earlier than its simulated time, so a host measuring t_N sees the simulated latency")
	gap := fs.Duration("gap", board.DefaultGap, "wall time without a byte after which the host has stopped talking (a frame cut short then times out)")
	logPath := fs.String("log", "", "write the log lines to this file instead of stderr")
	vcdPath := fs.String("vcd", "", "write a VCD waveform of the whole session to this file")
	vcdUART := fs.Bool("vcd-uart-only", false, "keep only the 1-bit serial lines in the VCD (for sigrok-cli)")
	answers := fs.Int("answers", 0, "stop after this many answers (0: serve until interrupted)")
	if done, st := parseFlags(fs, args, stderr); done {
		return st
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "serve", "no FILE arguments, got %q", fs.Arg(0))
	}
	if *usePTY == (*device != "") {
		return usageError(stderr, "serve", "give exactly one of --pty and --port DEVICE")
	}
	if *design != "bnb" {
		return usageError(stderr, "serve", "--design %q: only bnb has the serial front end", *design)
	}
	if *answers < 0 || *gap <= 0 {
		return usageError(stderr, "serve", "--answers must be ≥ 0 and --gap positive")
	}
	hs, err := logic.ParseHeuristics(*heur)
	if err != nil {
		return usageError(stderr, "serve", "--heuristics: %v", err)
	}
	// The defaults are the paper's builds (version 1 at m = 15, k = 8;
	// version 2 at m = 11, k = 1), as for solve.
	cfg := paperConfig(hs, *cpc, *maxOrder)
	cfg.ClockHz, cfg.Baud = *clock*1e6, *baud
	cfg.MaxSearchCycles, cfg.SubsetUnits = *maxCycles, *subset
	if err := cfg.Validate(); err != nil {
		return usageError(stderr, "serve", "%v", err)
	}

	logw := stderr
	if *logPath != "" {
		f, err := os.Create(*logPath)
		if err != nil {
			return usageError(stderr, "serve", "--log: %v", err)
		}
		defer f.Close()
		logw = f
	}
	opt := bnb.SimOptions{}
	var vcdFile *os.File
	if *vcdPath != "" {
		if vcdFile, err = os.Create(*vcdPath); err != nil {
			return usageError(stderr, "serve", "--vcd: %v", err)
		}
		defer vcdFile.Close()
		opt.VCD = vcdFile
		if *vcdUART {
			opt.VCDOptions = sim.VCDOptions{Scopes: []string{"uart"}, OneBitOnly: true}
		}
	}
	b, err := bnb.NewBoard(cfg, opt)
	if err != nil {
		return usageError(stderr, "serve", "%v", err)
	}

	var port board.Port
	if *usePTY {
		if port, err = board.OpenPTY(); err != nil {
			return usageError(stderr, "serve", "--pty: %v", err)
		}
	} else if port, err = board.OpenSerial(*device, *baud); err != nil {
		return usageError(stderr, "serve", "--port %v", err)
	}
	defer port.Close()
	fmt.Fprintln(stdout, port.Name())
	paced := ""
	if *realtime {
		paced = ", paced at simulated time"
	}
	fmt.Fprintf(logw, "serving the FPT'09 processor (%s, k=%d, max order %d, %g MHz, %d baud) on %s%s\n",
		versionName(cfg.Heuristics), cfg.CPC, cfg.MaxOrder, *clock, cfg.Baud, port.Name(), paced)

	ctx, stop := signal.NotifyContext(serveContext(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	sum, err := board.Serve(ctx, port, bnbDesign{b}, board.Options{Realtime: *realtime, Gap: *gap, MaxAnswers: *answers, Log: logw})
	if cerr := b.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("--vcd: %w", cerr)
	}
	fmt.Fprintf(stdout, "%d answers; %d bytes in, %d out; %d cycles (%.6g s simulated), %.3f s wall\n",
		sum.Answers, sum.BytesIn, sum.BytesOut, sum.Cycles, float64(sum.Cycles)/cfg.ClockHz, time.Since(start).Seconds())
	if err != nil {
		fmt.Fprintf(stderr, "sudokusim serve: %s\n", oneLine(err.Error()))
		return exitFail
	}
	return exitOK
}

// versionName says which version of the processor the heuristics make.
func versionName(h []logic.Heuristic) string {
	if len(h) == 0 {
		return "version 1"
	}
	names := make([]string, len(h))
	for i, x := range h {
		names[i] = x.String()
	}
	return "version 2: " + strings.Join(names, ",")
}

// bnbDesign is the FPT'09 processor as a board.Design.
type bnbDesign struct{ b *bnb.Board }

func (d bnbDesign) Send(p []byte)          { d.b.Send(p) }
func (d bnbDesign) Take(dst []byte) []byte { return d.b.Take(dst) }
func (d bnbDesign) Backlog() int           { return d.b.Backlog() }
func (d bnbDesign) Cycle() uint64          { return d.b.Cycle() }
func (d bnbDesign) ClockHz() float64       { return d.b.Processor().Scheduler().Config().ClockHz }
func (d bnbDesign) Run(max uint64, talking bool) (board.Stop, error) {
	st, err := d.b.Run(max, talking)
	switch st {
	case bnb.BoardAnswered:
		return board.Answered, err
	case bnb.BoardWaitsForHost:
		return board.WaitsForHost, err
	case bnb.BoardQuiet:
		return board.Quiet, err
	}
	return board.Slice, err
}

func (d bnbDesign) Answers() []board.Answer {
	var out []board.Answer
	for _, a := range d.b.Answers() {
		c := a.Cycles
		out = append(out, board.Answer{Order: a.Order, Status: a.Status.String(), Reply: a.ReplyCode, Checksum: a.Checksum,
			Bytes: len(a.Response), Latency: a.Latency(), Dropped: a.Dropped,
			Phases: []board.Phase{{Name: "rx", Cycles: c.Rx}, {Name: "load", Cycles: c.Load}, {Name: "heuristics", Cycles: c.Heuristics},
				{Name: "search", Cycles: c.Search}, {Name: "tx", Cycles: c.Tx}}})
	}
	return out
}
