package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"sudokusim/board"
	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
	"sudokusim/uart"
)

func init() {
	register(command{name: "send", summary: "the FPT'09 host: send puzzles to a board on a serial port, check the answers, t_N and score", run: runSend})
}

const sendSynopsis = `usage: sudokusim send --port DEVICE [flags] [FILE...]

The host side of the FPT'09 competition: for each puzzle of each FILE (the
sample without FILE) it sends the frame to the board on DEVICE (a serial
device, or the pseudo-terminal of 'sudokusim serve --pty'), waits for the
answer (--timeout), and checks its header, size and checksum and the grid
against the rules and the givens. It prints t_N as measured at the port
(wall) and as the FPT'09 processor model with the given flags has it
(simulated, from the independent timing model), and the FPT'09 score
Σ N⁶/t_N over the files for both; an order with a wrong or missing answer
scores 0.
Exit status: 0 when every answer is a correct solution, 1 when any is wrong
or missing, 2 bad usage, an unreadable FILE or a port that cannot be opened.`

func runSend(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("send", sendSynopsis, stdout)
	device := fs.String("port", "", "serial device of the board")
	baud := fs.Int("baud", 115200, "RS-232 bit rate (8N1)")
	timeout := fs.Duration("timeout", time.Minute, "how long to wait for each answer")
	model := fs.Bool("model", true, "print the simulated t_N of the FPT'09 processor model for the flags below")
	cpc := fs.Int("cpc", 0, "model: candidates the evaluator tests per cycle (0: the paper's build, 8 for version 1, 1 for version 2)")
	heur := fs.String("heuristics", "paper", "model: none (version 1), paper, or a comma list of the units")
	subset := fs.Int("subset-units", bnb.DefaultSubsetUnits, "model: value combinations the hidden-subset unit compares per cycle")
	maxOrder := fs.Int("max-order", 0, "model: largest order the design is synthesised for (0: the paper's build, 15 for version 1, 11 for version 2)")
	clock := fs.Float64("clock-mhz", 100, "model: clock frequency in MHz")
	maxCycles := fs.Uint64("max-cycles", 0, "model: search watchdog in cycles (0: t_max of the order)")
	if done, st := parseFlags(fs, args, stderr); done {
		return st
	}
	if *device == "" {
		return usageError(stderr, "send", "--port DEVICE is required")
	}
	if *timeout <= 0 {
		return usageError(stderr, "send", "--timeout must be positive")
	}
	hs, err := logic.ParseHeuristics(*heur)
	if err != nil {
		return usageError(stderr, "send", "--heuristics: %v", err)
	}
	// The defaults are the paper's builds (version 1 at m = 15, k = 8;
	// version 2 at m = 11, k = 1), as for solve.
	cfg := paperConfig(hs, *cpc, *maxOrder)
	cfg.ClockHz, cfg.Baud = *clock*1e6, *baud
	cfg.MaxSearchCycles, cfg.SubsetUnits = *maxCycles, *subset
	if err := cfg.Validate(); err != nil {
		return usageError(stderr, "send", "%v", err)
	}
	type puzzle struct {
		name string
		g    *sudoku.Grid
	}
	var puzzles []puzzle
	files := fs.Args()
	if len(files) == 0 {
		puzzles = append(puzzles, puzzle{"sample", sudoku.Sample()})
	}
	for _, f := range files {
		gs, err := sudoku.LoadPuzzles(f, stdin)
		if err != nil {
			return inputError(stderr, err)
		}
		for i, g := range gs {
			name := f
			if len(gs) > 1 {
				name = fmt.Sprintf("%s#%d", f, i)
			}
			puzzles = append(puzzles, puzzle{name, g})
		}
	}
	port, err := board.OpenSerial(*device, *baud)
	if err != nil {
		return usageError(stderr, "send", "--port %v", err)
	}
	defer port.Close()

	type tally struct {
		wall, sim float64
		n         int
		bad       bool
	}
	byOrder := map[int]*tally{}
	solved, wrong, missing := 0, 0, 0
	for _, p := range puzzles {
		t := byOrder[p.g.Order]
		if t == nil {
			t = &tally{}
			byOrder[p.g.Order] = t
		}
		simText := ""
		simSec := math.NaN()
		if *model {
			if r, err := bnb.Fast(cfg, p.g); err == nil {
				simSec = float64(r.Cycles.Total()) / cfg.ClockHz
				simText = fmt.Sprintf(", %.6g s simulated (%d cycles)", simSec, r.Cycles.Total())
			}
		}
		if err := port.ResetInput(); err != nil {
			fmt.Fprintf(stderr, "sudokusim send: %s: %v\n", *device, err)
			return exitFail
		}
		start := time.Now()
		if _, err := port.Write(uart.EncodePuzzle(p.g)); err != nil {
			fmt.Fprintf(stderr, "sudokusim send: %s: %v\n", *device, err)
			return exitFail
		}
		resp, skipped, err := readAnswer(port, start.Add(*timeout))
		wall := time.Since(start).Seconds()
		if err != nil {
			missing++
			t.bad = true
			fmt.Fprintf(stdout, "%s: order %d, MISSING: %v\n", p.name, p.g.Order, err)
			continue
		}
		note := ""
		if skipped > 0 {
			note = fmt.Sprintf(" (%d bytes before the header skipped)", skipped)
		}
		if err := checkAnswer(p.g, resp); err != nil {
			wrong++
			t.bad = true
			fmt.Fprintf(stdout, "%s: order %d, WRONG: %v; t_N %.6g s wall%s%s\n", p.name, p.g.Order, err, wall, simText, note)
			continue
		}
		solved++
		t.n++
		t.wall += wall
		t.sim += simSec
		fmt.Fprintf(stdout, "%s: order %d, solved, checksum 0x%02X ok; t_N %.6g s wall%s%s\n", p.name, p.g.Order, resp[4], wall, simText, note)
	}
	wallMean, simMean := map[int]float64{}, map[int]float64{}
	for order, t := range byOrder {
		if t.bad || t.n == 0 {
			continue
		}
		wallMean[order] = t.wall / float64(t.n)
		simMean[order] = t.sim / float64(t.n)
	}
	fmt.Fprintf(stdout, "%d puzzles: %d solved, %d wrong, %d missing; FPT'09 score %.6g (wall t_N)", len(puzzles), solved, wrong, missing, sudoku.Score(wallMean))
	if *model {
		fmt.Fprintf(stdout, ", %.6g (simulated t_N)", sudoku.Score(simMean))
	}
	fmt.Fprintln(stdout)
	if wrong+missing > 0 {
		return exitFail
	}
	return exitOK
}

// readAnswer reads one answer — a solution frame or an error reply — from
// the port by deadline, skipping bytes before the header (it returns how
// many).
func readAnswer(port *board.Serial, deadline time.Time) ([]byte, int, error) {
	var buf []byte
	chunk := make([]byte, 64<<10)
	skipped := 0
	for {
		// Drop what cannot start a header.
		if i := bytes.Index(buf, uart.Header[:]); i > 0 {
			skipped += i
			buf = buf[i:]
		} else if i < 0 && len(buf) >= len(uart.Header) {
			k := len(buf) - (len(uart.Header) - 1)
			skipped += k
			buf = buf[k:]
		}
		if bytes.HasPrefix(buf, uart.Header[:]) && len(buf) >= 6 {
			need := uart.ErrorReplyLen
			if size := int(buf[5]); size != 0 {
				need = 6 + size*size
			}
			if len(buf) >= need {
				return buf[:need], skipped, nil
			}
		}
		left := time.Until(deadline)
		if left <= 0 {
			return nil, skipped, fmt.Errorf("no answer by the timeout (%d bytes received, %d before a header)", len(buf)+skipped, skipped)
		}
		if err := port.SetReadTimeout(min(left, 100*time.Millisecond)); err != nil {
			return nil, skipped, err
		}
		n, err := port.Read(chunk)
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, skipped, err
		}
		buf = append(buf, chunk[:n]...)
	}
}

// checkAnswer checks an answer to puzzle g: header, size, cells and
// checksum (uart.DecodeResponse), then the grid against the rules and the
// givens. An error reply is a wrong answer that names its status.
func checkAnswer(g *sudoku.Grid, resp []byte) error {
	r, err := uart.DecodeResponse(resp)
	if err != nil {
		return err
	}
	if r.Status != uart.StatusOK {
		return fmt.Errorf("error reply %d (%s)", r.Status, r.Status)
	}
	return sudoku.Validate(g, r.Grid)
}
