package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
	"sudokusim/uart"
)

func init() {
	register(command{name: "serial", summary: "feed raw serial bytes and puzzles to the processor over RS-232 and print every answer", run: runSerial})
}

const serialSynopsis = `usage: sudokusim serial [flags] FILE...

A session on the simulated board's serial port: each FILE is sent in turn —
a .bin file byte for byte (captured frames, garbage, a frame cut short),
any other file as one FPT'09 frame per puzzle it holds — and the host waits
after each for the answer, or for the line to go quiet, as the FPT'09 host
does. Every answer is printed: its status, the error-reply code, cycles by
phase and the search statistics. Bytes that arrive while the processor is
busy are lost, and counted.
Exit status: 0 when every answer is a solution, 1 otherwise, 2 bad usage.`

func runSerial(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("serial", serialSynopsis, stdout)
	cpc := fs.Int("cpc", 0, "candidates the evaluator tests per cycle (0: the paper's build, 8 for version 1, 1 for version 2)")
	heur := fs.String("heuristics", "paper", "none (version 1), paper, or a comma list of the units")
	maxOrder := fs.Int("max-order", 0, "largest order the design is synthesised for (0: the paper's build, 15 for version 1, 11 for version 2)")
	clock := fs.Float64("clock-mhz", 100, "clock frequency in MHz")
	baud := fs.Int("baud", 115200, "RS-232 bit rate")
	maxCycles := fs.Uint64("max-cycles", 0, "search watchdog in cycles (0: t_max of the order)")
	limit := fs.Uint64("chunk-cycles", 1<<40, "cycles the host waits for an answer to one chunk")
	jsonOut := fs.Bool("json", false, "print the answers as one JSON object")
	if done, st := parseFlags(fs, args, stderr); done {
		return st
	}
	if fs.NArg() == 0 {
		return usageError(stderr, "serial", "no FILE")
	}
	hs, err := logic.ParseHeuristics(*heur)
	if err != nil {
		return usageError(stderr, "serial", "--heuristics: %s", stripPkg(err.Error()))
	}
	cfg := paperConfig(hs, *cpc, *maxOrder)
	cfg.ClockHz, cfg.Baud, cfg.MaxSearchCycles = *clock*1e6, *baud, *maxCycles
	if err := cfg.Validate(); err != nil {
		return configError(stderr, "serial", fs, err)
	}
	var chunks [][]byte
	var names []string
	for _, f := range fs.Args() {
		if strings.HasSuffix(f, ".bin") {
			b, err := os.ReadFile(f)
			if err != nil {
				return inputError(stderr, err)
			}
			chunks, names = append(chunks, b), append(names, f)
			continue
		}
		gs, err := sudoku.LoadPuzzles(f, stdin)
		if err != nil {
			return inputError(stderr, err)
		}
		for i, g := range gs {
			chunks = append(chunks, uart.EncodePuzzle(g))
			names = append(names, fmt.Sprintf("%s#%d", f, i))
		}
	}
	p, err := bnb.NewProcessor(cfg, bnb.SimOptions{})
	if err != nil {
		return usageError(stderr, "serial", "%v", err)
	}
	start := time.Now()
	answers, dropped, err := p.Session(chunks, *limit)
	wall := time.Since(start).Seconds()
	if err != nil {
		fmt.Fprintf(stderr, "sudokusim serial: %v\n", err)
		return exitFail
	}
	code := exitOK
	for _, a := range answers {
		if a.Status != bnb.Solved {
			code = exitFail
		}
	}
	total := p.Scheduler().Cycle()
	if *jsonOut {
		type answer struct {
			Order     int               `json:"order"`
			Status    string            `json:"status"`
			ReplyCode uint8             `json:"reply_code"`
			Checksum  uint8             `json:"checksum"`
			Cycles    bnb.Cycles        `json:"cycles"`
			Search    bnb.SearchStats   `json:"search"`
			Units     []bnb.UnitStats   `json:"units,omitempty"`
			States    []bnb.StateCycles `json:"states,omitempty"`
		}
		out := struct {
			Chunks      []string `json:"chunks"`
			Answers     []answer `json:"answers"`
			Dropped     uint64   `json:"dropped_events"`
			TotalCycles uint64   `json:"total_cycles"`
			Seconds     float64  `json:"seconds"`
			WallSeconds float64  `json:"wall_seconds"`
		}{Chunks: names, Dropped: dropped, TotalCycles: total, Seconds: float64(total) / cfg.ClockHz, WallSeconds: wall}
		for _, a := range answers {
			out.Answers = append(out.Answers, answer{a.Order, a.Status.String(), a.ReplyCode, a.Checksum, a.Cycles, a.Search, a.Units, a.States})
		}
		if err := json.NewEncoder(stdout).Encode(out); err != nil {
			fmt.Fprintf(stderr, "sudokusim serial: %v\n", err)
			return exitUsage
		}
		return code
	}
	fmt.Fprintf(stdout, "%d chunks sent, %d answers, %d decoder events lost while busy; %d cycles (%.6g s at %g MHz), %.3f s wall\n",
		len(chunks), len(answers), dropped, total, float64(total)/cfg.ClockHz, *clock, wall)
	for i, a := range answers {
		status := a.Status.String()
		if a.ReplyCode != 0 {
			status += fmt.Sprintf(" (error reply %d)", a.ReplyCode)
		} else {
			status += fmt.Sprintf(", checksum %d", a.Checksum)
		}
		c := a.Cycles
		fmt.Fprintf(stdout, "answer %d: order %d, %s; cycles rx %d (since the previous answer) + load %d + heuristics %d + search %d + tx %d; %d nodes, %d backtracks\n",
			i, a.Order, status, c.Rx, c.Load, c.Heuristics, c.Search, c.Tx, a.Search.Nodes, a.Search.Backtracks)
	}
	return code
}
