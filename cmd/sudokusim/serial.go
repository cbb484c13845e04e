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
does. Every answer is tied to its input (file, puzzle or byte offset) and
printed: its status, the error-reply code, cycles by phase, the search
statistics and the solved grid. The board has no input buffer: a frame that
arrives while it is busy (two frames back to back in one .bin file) is lost,
and reported by its first byte (--input-fifo builds the optional input
buffer that keeps it, at a cost in block RAM). An input that gets no answer (no frame
header in it, an empty file) is reported too.
Exit status: 0 when every input is answered with a solution; 1 when any
frame is lost, unanswered or answered with an error reply; 2 bad usage.`

// serialInput is one FILE argument's bytes on the line: a whole .bin file,
// or the frame of one puzzle of a puzzle file.
type serialInput struct {
	File   string `json:"file"`
	Puzzle int    `json:"puzzle"` // index in the file, -1 for a .bin file
	Start  uint64 `json:"first_byte"`
	Bytes  uint64 `json:"bytes"`
	single bool   // the only puzzle of its file
}

// name says which input it is, for people.
func (in serialInput) name() string {
	if in.Puzzle < 0 || in.single {
		return in.File
	}
	return fmt.Sprintf("%s puzzle %d", in.File, in.Puzzle)
}

// serialInputs place the inputs on the line, one after the other.
type serialInputs []serialInput

// at finds the input holding byte off of the line and the offset in it.
func (ins serialInputs) at(off uint64) (int, uint64) {
	for i, in := range ins {
		if off >= in.Start && off < in.Start+in.Bytes {
			return i, off - in.Start
		}
	}
	return -1, 0
}

// where names byte off of the line: the puzzle of a puzzle file, or the
// file and the byte offset in it.
func (ins serialInputs) where(off uint64) string {
	i, rel := ins.at(off)
	switch {
	case i < 0:
		return fmt.Sprintf("byte %d of the session", off)
	case ins[i].Puzzle >= 0:
		return ins[i].name()
	}
	return fmt.Sprintf("%s byte %d", ins[i].File, rel)
}

// serialAnswer is one answer of the board, tied to its input.
type serialAnswer struct {
	Input     string            `json:"input"` // where the frame was: a puzzle, or a file and byte
	File      string            `json:"file"`
	Puzzle    int               `json:"puzzle"`     // -1: a .bin file
	FirstByte int64             `json:"first_byte"` // of the frame in the file; -1 when not known
	LastByte  uint64            `json:"last_byte"`  // the byte that decided the answer, in the file
	Order     int               `json:"order"`      // 0 when refused before its size byte
	Status    string            `json:"status"`     // solved | unsolvable | timeout | rejected
	ReplyCode uint8             `json:"reply_code"` // the error reply's status byte, 0 for a solution
	Reply     string            `json:"reply"`      // what the status byte means
	Checksum  uint8             `json:"checksum"`   // of the solution frame
	Solution  [][]int           `json:"solution,omitempty"`
	Cycles    bnb.Cycles        `json:"cycles"` // rx counts from the previous answer
	Search    bnb.SearchStats   `json:"search"`
	Units     []bnb.UnitStats   `json:"units,omitempty"`
	States    []bnb.StateCycles `json:"states,omitempty"`
}

// serialProblem is an input or frame that did not get a solution back
// without being answered at all: lost while the board was busy, or no
// frame in it.
type serialProblem struct {
	Input string `json:"input"`
	File  string `json:"file"`
	Byte  int64  `json:"byte"` // in the file; -1 for the whole input
	What  string `json:"what"`
}

// serialReport is what `serial --json` prints.
type serialReport struct {
	Inputs      []serialInput   `json:"inputs"`
	Answers     []serialAnswer  `json:"answers"`
	Lost        []serialProblem `json:"lost"`       // frames lost while the board was busy
	Unanswered  []serialProblem `json:"unanswered"` // inputs that got no answer at all
	Dropped     uint64          `json:"dropped_events"`
	TotalCycles uint64          `json:"total_cycles"`
	Seconds     float64         `json:"seconds"`
	WallSeconds float64         `json:"wall_seconds"`
	Fits        bool            `json:"fits"`
}

func runSerial(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("serial", serialSynopsis, stdout)
	cpc := fs.Int("cpc", 0, "candidates the evaluator tests per cycle (0: the paper's build, 8 for version 1, 1 for version 2)")
	heur := fs.String("heuristics", "paper", "none (version 1), paper, or a comma list of the units")
	maxOrder := fs.Int("max-order", 0, "largest order the design is synthesised for (0: the paper's build, 15 for version 1, 11 for version 2)")
	clock := fs.Float64("clock-mhz", 100, "clock frequency in MHz")
	baud := fs.Int("baud", 115200, "RS-232 bit rate")
	maxCycles := fs.Uint64("max-cycles", 0, "search watchdog in cycles (0: t_max of the order)")
	limit := fs.Uint64("chunk-cycles", 1<<40, "cycles the host waits for an answer to one input")
	device := fs.String("device", area.DefaultDevice, "device for the fit check")
	fifo := fs.Int("input-fifo", 0, "build the optional input buffer of this many decoder events (not in the paper; a frame of order n needs n⁴+2; 0: none, as built)")
	jsonOut := fs.Bool("json", false, "print the session as one JSON object")
	if done, st := parseFlags(fs, args, stderr); done {
		return st
	}
	if fs.NArg() == 0 {
		return usageError(stderr, "serial", "no FILE")
	}
	if *limit == 0 {
		return usageError(stderr, "serial", "--chunk-cycles 0: want at least 1")
	}
	hs, err := logic.ParseHeuristics(*heur)
	if err != nil {
		return usageError(stderr, "serial", "--heuristics: %s", stripPkg(err.Error()))
	}
	cfg := paperConfig(hs, *cpc, *maxOrder)
	cfg.ClockHz, cfg.Baud, cfg.MaxSearchCycles, cfg.InputFIFO = *clock*1e6, *baud, *maxCycles, *fifo
	if err := cfg.Validate(); err != nil {
		return configError(stderr, "serial", fs, err)
	}
	dev, err := area.LookupDevice(*device)
	if err != nil {
		return usageError(stderr, "serial", "--device: %v", err)
	}
	est, err := area.Estimate(areaParams(cfg))
	if err != nil {
		return configError(stderr, "serial", fs, err)
	}
	fit := est.Fit(dev)

	var chunks [][]byte
	var ins serialInputs
	var at uint64
	for _, f := range fs.Args() {
		if strings.HasSuffix(f, ".bin") {
			b, err := os.ReadFile(f)
			if err != nil {
				return inputError(stderr, err)
			}
			ins = append(ins, serialInput{File: f, Puzzle: -1, Start: at, Bytes: uint64(len(b))})
			if len(b) > 0 {
				chunks = append(chunks, b)
			}
			at += uint64(len(b))
			continue
		}
		gs, err := sudoku.LoadPuzzles(f, stdin)
		if err != nil {
			return inputError(stderr, err)
		}
		for i, g := range gs {
			b := uart.EncodePuzzle(g)
			ins = append(ins, serialInput{File: f, Puzzle: i, Start: at, Bytes: uint64(len(b)), single: len(gs) == 1})
			chunks = append(chunks, b)
			at += uint64(len(b))
		}
	}
	p, err := bnb.NewProcessor(cfg, bnb.SimOptions{})
	if err != nil {
		return configError(stderr, "serial", fs, err)
	}
	start := time.Now()
	answers, dropped, err := p.Session(chunks, *limit)
	wall := time.Since(start).Seconds()
	if err != nil {
		fmt.Fprintf(stderr, "sudokusim serial: %s\n", oneLine(stripPkg(err.Error())))
		return exitFail
	}
	total := p.Scheduler().Cycle()
	rep := serialReport{Inputs: ins, Answers: []serialAnswer{}, Lost: []serialProblem{}, Unanswered: []serialProblem{},
		Dropped: dropped, TotalCycles: total, Seconds: float64(total) / cfg.ClockHz, WallSeconds: wall, Fits: fit.Fits}
	answered := make([]bool, len(ins))
	for _, a := range answers {
		rep.Answers = append(rep.Answers, tieAnswer(ins, a, answered))
	}
	for _, off := range p.Lost() {
		i, rel := ins.at(off)
		pr := serialProblem{Input: ins.where(off), Byte: int64(rel),
			What: lostWhy(cfg)}
		if i >= 0 {
			pr.File = ins[i].File
			answered[i] = true // reported as lost, not as unanswered
		}
		rep.Lost = append(rep.Lost, pr)
	}
	for i, in := range ins {
		if answered[i] {
			continue
		}
		pr := serialProblem{Input: in.name(), File: in.File, Byte: -1}
		switch {
		case in.Bytes == 0:
			pr.What = "empty file: nothing sent"
		case in.Puzzle < 0:
			pr.What = fmt.Sprintf("no frame starts in its %d bytes (the board skips everything until the header A5 3C 5A C3)", in.Bytes)
		default:
			pr.What = "no answer"
		}
		rep.Unanswered = append(rep.Unanswered, pr)
	}

	code := exitOK
	bad := len(rep.Lost) + len(rep.Unanswered)
	for _, a := range rep.Answers {
		if a.Status != "solved" {
			bad++
		}
	}
	if bad > 0 {
		code = exitFail
	}
	if *jsonOut {
		if err := json.NewEncoder(stdout).Encode(&rep); err != nil {
			fmt.Fprintf(stderr, "sudokusim serial: %v\n", err)
			return exitFail
		}
	} else {
		writeSerialText(stdout, &rep, answers, fit, *clock)
	}
	if bad > 0 {
		fmt.Fprintf(stderr, "sudokusim serial: %d of %d frames and inputs not answered with a solution (%d error replies, %d frames lost, %d inputs unanswered)\n",
			bad, len(rep.Answers)+len(rep.Lost)+len(rep.Unanswered), bad-len(rep.Lost)-len(rep.Unanswered), len(rep.Lost), len(rep.Unanswered))
	}
	return code
}

// tieAnswer places an answer on its input and marks the inputs it covers
// as answered.
func tieAnswer(ins serialInputs, a bnb.Result, answered []bool) serialAnswer {
	sa := serialAnswer{Order: a.Order, Status: a.Status.String(), ReplyCode: a.ReplyCode, Reply: uart.Status(a.ReplyCode).String(),
		Checksum: a.Checksum, Cycles: a.Cycles, Search: a.Search, Units: a.Units, States: a.States, FirstByte: -1, Puzzle: -1}
	if a.Solution != nil {
		sa.Solution = a.Solution.Rows()
	}
	from := a.LastByte
	if a.FirstByte >= 0 {
		from = uint64(a.FirstByte)
	}
	i, rel := ins.at(from)
	if i < 0 {
		sa.Input = ins.where(from)
		return sa
	}
	in := ins[i]
	sa.File, sa.Puzzle = in.File, in.Puzzle
	if a.FirstByte >= 0 {
		sa.FirstByte = int64(rel)
	}
	// The deciding byte is in the same input unless the frame ran on into
	// the next one (a frame cut by the end of a .bin file completed by the
	// next input).
	j, last := ins.at(a.LastByte)
	sa.LastByte = last
	switch {
	case in.Puzzle >= 0:
		sa.Input = in.name()
	case a.FirstByte >= 0 && j == i:
		sa.Input = fmt.Sprintf("%s bytes %d..%d", in.File, rel, last)
	case a.FirstByte >= 0:
		sa.Input = fmt.Sprintf("%s byte %d to %s", in.File, rel, ins.where(a.LastByte))
	default:
		sa.Input = fmt.Sprintf("%s byte %d", in.File, rel)
	}
	answered[i] = true
	if j >= 0 {
		answered[j] = true
	}
	return sa
}

func writeSerialText(w io.Writer, rep *serialReport, answers []bnb.Result, fit area.Fit, clockMHz float64) {
	if !fit.Fits {
		fmt.Fprintln(w, notFitLine(fit))
	}
	var sent uint64
	for _, in := range rep.Inputs {
		sent += in.Bytes
	}
	fmt.Fprintf(w, "%d inputs sent (%d bytes), %d answers, %d frames lost while the board was busy, %d inputs unanswered; %d cycles (%s s at %s MHz), %.3f s wall\n",
		len(rep.Inputs), sent, len(rep.Answers), len(rep.Lost), len(rep.Unanswered), rep.TotalCycles, num(rep.Seconds), num(clockMHz), rep.WallSeconds)
	for i, a := range rep.Answers {
		status := a.Status
		if a.ReplyCode != 0 {
			status += fmt.Sprintf(" (error reply %d: %s)", a.ReplyCode, a.Reply)
		} else {
			status += fmt.Sprintf(", checksum %d", a.Checksum)
		}
		c := a.Cycles
		fmt.Fprintf(w, "answer %d  %s: order %d, %s; cycles rx %d (since the previous answer) + load %d + heuristics %d + search %d + tx %d; %d nodes, %d backtracks\n",
			i, a.Input, a.Order, status, c.Rx, c.Load, c.Heuristics, c.Search, c.Tx, a.Search.Nodes, a.Search.Backtracks)
		if g := answers[i].Solution; g != nil {
			fmt.Fprint(w, g.String())
		}
	}
	for _, l := range rep.Lost {
		fmt.Fprintf(w, "lost      %s: %s\n", l.Input, l.What)
	}
	for _, u := range rep.Unanswered {
		fmt.Fprintf(w, "no answer %s: %s\n", u.Input, u.What)
	}
}

// lostWhy says why a frame was lost and what the host can do.
func lostWhy(cfg bnb.Config) string {
	if cfg.InputFIFO > 0 {
		return fmt.Sprintf("frame lost: it arrived while the board was busy and overflowed the input buffer of %d events (wait for each answer, or a deeper --input-fifo)", cfg.InputFIFO)
	}
	return "frame lost: it arrived while the board was busy with the previous one (the board has no input buffer; wait for each answer)"
}
