package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"sudokusim/sudoku"
	"sudokusim/sudoku/dlx"
)

func init() {
	register(command{name: "ref", summary: "solve with the golden model (Dancing Links)", run: runRef})
}

const refSynopsis = `usage: sudokusim ref [flags] [FILE]

Solves FILE with the golden model, Algorithm X with Dancing Links. FILE is a
.sudoku file, a file of 81-character lines (--index picks one) or "-" for
stdin; without FILE the embedded sample puzzle is solved. The solution goes
to stdout in the .sudoku format and a summary line to stderr; --json prints
one JSON object instead (DESIGN §4 fields that apply to software).
Exit status: 0 solved, 1 unsolvable or stopped by a limit, 2 bad input.`

// refFlags are the flags ref (and the provisional solve) share.
type refFlags struct {
	json      *bool
	index     *int
	nodeLimit *uint64
	timeout   *time.Duration
	plain     *bool
	restart   *uint64
	seed      *uint64
}

func addRefFlags(fs *flag.FlagSet) refFlags {
	return refFlags{
		json:      fs.Bool("json", false, "print one JSON object"),
		index:     fs.Int("index", 0, "0-based `I` of the puzzle in a line-format file"),
		nodeLimit: fs.Uint64("node-limit", 0, "stop after `N` search nodes (0: no limit); status timeout"),
		timeout:   fs.Duration("timeout", 0, "stop after `D` of wall time (0: none); status timeout"),
		plain:     fs.Bool("plain", false, "Knuth's Algorithm X only: no probing before the first branch"),
		restart:   fs.Uint64("restart", 0, "randomized restarts with budgets of `N`·luby(i) nodes (0: none)"),
		seed:      fs.Uint64("seed", 1, "seed `S` of the restart shuffles"),
	}
}

func runRef(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("ref", refSynopsis, stdout)
	f := addRefFlags(fs)
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	return refMain("ref", fs.Args(), f, "", stdout, stderr)
}

// refMain loads the puzzle named by args, solves it with dlx and prints the
// result; note, when set, is added to the report and the summary line.
func refMain(cmd string, args []string, f refFlags, note string, stdout, stderr io.Writer) int {
	if len(args) > 1 {
		return usageError(stderr, cmd, "want at most one FILE, got %d", len(args))
	}
	path := ""
	if len(args) == 1 {
		path = args[0]
	}
	g, err := sudoku.LoadPuzzle(path, *f.index, stdin)
	if err != nil {
		return inputError(stderr, err)
	}
	ctx := context.Background()
	if *f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *f.timeout)
		defer cancel()
	}
	rep, res, err := goldenSolve(ctx, g, dlx.Options{NodeLimit: *f.nodeLimit, Plain: *f.plain, Restart: *f.restart, Seed: *f.seed})
	if err != nil {
		return inputError(stderr, err)
	}
	rep.Note = note
	if clash := sudoku.Conflicts(g); len(clash) > 0 {
		rep.Note = joinNote(rep.Note, "givens clash: "+clash[0].String())
	}
	if *f.json {
		if err := rep.WriteJSON(stdout); err != nil {
			fmt.Fprintf(stderr, "sudokusim %s: %v\n", cmd, err)
			return exitUsage
		}
	} else {
		if res.Solution != nil {
			_ = sudoku.WriteSudoku(stdout, res.Solution)
		}
		fmt.Fprintln(stderr, summaryLine(rep))
	}
	if rep.Status != "solved" {
		return exitFail
	}
	return exitOK
}

// goldenSolve runs dlx on g and fills a Report with the fields that apply to
// a software solver: design "dlx", order, status, solution, checksum,
// seconds (wall), tmax, search nodes/backtracks/depth, sim.wall_seconds.
func goldenSolve(ctx context.Context, g *sudoku.Grid, opts dlx.Options) (Report, dlx.Result, error) {
	start := time.Now()
	res, err := dlx.Solve(ctx, g, opts)
	wall := time.Since(start).Seconds()
	if err != nil {
		return Report{}, res, err
	}
	rep := Report{Design: "dlx", Order: g.Order, Status: goldenStatus(res.Status)}
	if res.Status == dlx.Solved {
		rep.SetSolution(res.Solution)
	}
	rep.SetTiming(wall)
	rep.Sim.WallSeconds = wall
	rep.Search = &Search{Nodes: res.Nodes, Backtracks: res.Backtracks, MaxDepth: res.MaxDepth}
	return rep, res, nil
}

// goldenStatus maps a dlx status onto the DESIGN §4 status words.
func goldenStatus(s dlx.Status) string {
	switch s {
	case dlx.Solved:
		return "solved"
	case dlx.Unsolvable:
		return "unsolvable"
	}
	return "timeout" // node limit or wall-clock timeout
}

func summaryLine(r Report) string {
	s := fmt.Sprintf("%s: order %d %s, %d nodes, %d backtracks, %.6f s (t_max %.4g s)",
		r.Design, r.Order, r.Status, r.Search.Nodes, r.Search.Backtracks, r.Seconds, r.TMaxSeconds)
	if r.Checksum != nil {
		s += fmt.Sprintf(", checksum %d", *r.Checksum)
	}
	if r.Note != "" {
		s += "; " + r.Note
	}
	return s
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
