package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"sudokusim/sudoku"
	"sudokusim/sudoku/dlx"
)

func init() {
	register(command{name: "ref", summary: "solve with the golden model (Dancing Links)", run: runRef})
}

const refSynopsis = `usage: sudokusim ref [flags] [FILE]

Solves every puzzle of FILE, in one process, with the golden model: Algorithm
X with Dancing Links. FILE is a .sudoku file, a file of 81-character lines
(--index picks one) or "-" for stdin; without FILE the embedded sample puzzle
is solved. The output follows the input: a .sudoku solution for a .sudoku
puzzle, one 81-character solution line per puzzle, in order, for the line
format (a "# puzzle I: STATUS" comment line where a puzzle is not solved);
--json prints one JSON object per puzzle, one per line, instead (DESIGN §4
fields that apply to software, plus "puzzle", its 0-based index, and
"solutions" with --count).
stderr gets a summary line for a single puzzle; for several, a line for each
puzzle not solved and a total with puzzles per second; and a progress bar
while it is a terminal.
Each puzzle is stopped at its order's FPT'09 time limit t_max (0.22 s at
order 3, 159 s at 9, 57 min at 15) unless --timeout says otherwise.
Exit status: 0 every puzzle solved, 1 any unsolvable or stopped by a limit,
2 bad usage or input.`

// refFlags are ref's flags.
type refFlags struct {
	json      *bool
	jobs      *int
	index     *int
	count     *int
	nodeLimit *uint64
	timeout   *timeLimit
	plain     *bool
	probeFrom *int
	restart   *uint64
	seed      *uint64
}

func addRefFlags(fs *flag.FlagSet) refFlags {
	f := refFlags{
		json:      fs.Bool("json", false, "print one JSON object per puzzle, one per line"),
		jobs:      fs.Int("jobs", 1, "solve `J` puzzles at a time, one per core (0: as many as Go may run at once); the output keeps the file's order"),
		index:     fs.Int("index", -1, "solve only puzzle `I` (0-based) of a line-format file; -1: every puzzle"),
		count:     fs.Int("count", 0, "count the solutions of each puzzle up to `N` (0: stop at the first)"),
		nodeLimit: fs.Uint64("node-limit", 0, "stop a puzzle after `N` search nodes plus probes (0: no limit); status timeout"),
		timeout:   &timeLimit{},
		plain:     fs.Bool("plain", false, "Knuth's Algorithm X only: no probing before the first branch"),
		probeFrom: fs.Int("probe-from", dlx.DefaultProbeFrom, "probe before the first branch from order `N` up (2: every order)"),
		restart:   fs.Uint64("restart", 0, "randomized restarts with budgets of `N`·luby(i) nodes (0: none)"),
		seed:      fs.Uint64("seed", 1, "seed `S` of the restart shuffles"),
	}
	fs.Var(f.timeout, "timeout", "stop a puzzle after `D` of wall time (0: no limit); status timeout")
	return f
}

// timeLimit is the --timeout flag: unset, each puzzle gets its order's
// t_max; 0 means no limit.
type timeLimit struct {
	set bool
	d   time.Duration
}

func (t *timeLimit) String() string {
	if t == nil || !t.set {
		return "the puzzle's t_max"
	}
	return t.d.String()
}

func (t *timeLimit) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("%q is not a duration such as 30s, 2m or 0", s)
	}
	if d < 0 {
		return fmt.Errorf("%s is negative", s)
	}
	t.set, t.d = true, d
	return nil
}

// forOrder is the limit for one puzzle of the given order (0: none) and
// how the user set it.
func (t *timeLimit) forOrder(order int) (time.Duration, string) {
	if t.set {
		return t.d, "--timeout " + t.d.String()
	}
	tmax := sudoku.TMax(order)
	return t.limit(order), fmt.Sprintf("t_max %.4g s", tmax)
}

// limit is forOrder's limit alone (no formatting: it is asked once per
// puzzle).
func (t *timeLimit) limit(order int) time.Duration {
	if t.set {
		return t.d
	}
	return time.Duration(sudoku.TMax(order) * float64(time.Second))
}

func runRef(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("ref", refSynopsis, stdout)
	f := addRefFlags(fs)
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	return refMain("ref", fs.Args(), f, stdout, stderr)
}

// refRecord is one line of `ref --json`: the puzzle's index in FILE, the
// report, and with --count the solutions counted.
type refRecord struct {
	Puzzle int `json:"puzzle"`
	Report
	Solutions *int `json:"solutions,omitempty"`
}

// refMain loads every puzzle named by args, solves each with dlx and
// prints the results.
func refMain(cmd string, args []string, f refFlags, stdout, stderr io.Writer) int {
	if len(args) > 1 {
		return usageError(stderr, cmd, "want at most one FILE, got %d", len(args))
	}
	switch {
	case *f.count < 0:
		return usageError(stderr, cmd, "--count %d: want 0 (stop at the first solution) or a positive limit", *f.count)
	case *f.count > 0 && *f.restart > 0:
		return usageError(stderr, cmd, "--restart applies to finding one solution, not to --count")
	case *f.jobs < 0:
		return usageError(stderr, cmd, "--jobs %d: want 1 or more, or 0 for one per core", *f.jobs)
	case *f.probeFrom < sudoku.MinOrder:
		return usageError(stderr, cmd, "--probe-from %d: want an order of %d or more", *f.probeFrom, sudoku.MinOrder)
	}
	path := ""
	if len(args) == 1 {
		path = args[0]
	}
	grids, format, err := loadRefPuzzles(path)
	if err != nil {
		return inputError(stderr, err)
	}
	first := 0
	if *f.index >= 0 {
		if *f.index >= len(grids) {
			return inputError(stderr, fmt.Errorf("%s: puzzle index %d out of range; the file holds %d puzzle(s), index 0..%d", refName(path), *f.index, len(grids), len(grids)-1))
		}
		first, grids = *f.index, grids[*f.index:*f.index+1]
	}
	batch := len(grids) > 1

	jobs := *f.jobs
	if jobs == 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	jobs = min(jobs, len(grids))

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	prog := newRefProgress(stderr, len(grids))
	var tally refTally
	start := time.Now()
	ctx, cancel := context.WithCancel(context.Background())
	solveOne := func(s *dlx.Solver, i int) refOutcome {
		opts := dlx.Options{NodeLimit: *f.nodeLimit, Plain: *f.plain, ProbeFrom: *f.probeFrom, Restart: *f.restart, Seed: *f.seed}
		limit := f.timeout.limit(grids[i].Order)
		if jobs == 1 {
			prog.puzzle(first+i, limit, &opts) // one solver: its node count can go on the bar
		}
		return solveRefPuzzle(ctx, s, grids[i], opts, *f.count, limit)
	}
	// With several jobs, workers solve the puzzles in any order, each with
	// its own Solver, and hand them over through one channel per puzzle so
	// that the output keeps the file's order.
	solved := make([]chan refOutcome, len(grids))
	var workers sync.WaitGroup
	defer func() { cancel(); workers.Wait() }()
	if jobs > 1 {
		next := make(chan int, len(grids))
		for i := range grids {
			solved[i] = make(chan refOutcome, 1)
			next <- i
		}
		close(next)
		for range jobs {
			workers.Add(1)
			go func() {
				defer workers.Done()
				var s dlx.Solver
				for i := range next {
					if ctx.Err() != nil {
						return
					}
					solved[i] <- solveOne(&s, i)
				}
			}()
		}
	}
	var s dlx.Solver
	for i, g := range grids {
		var o refOutcome
		if jobs > 1 {
			o = <-solved[i]
		} else {
			o = solveOne(&s, i)
		}
		rep, res := o.rep, o.res
		if o.err != nil {
			prog.clear()
			return inputError(stderr, fmt.Errorf("%s: puzzle %d: %w", refName(path), first+i, o.err))
		}
		if o.invalid != nil { // a bug in dlx, never the user's input
			prog.clear()
			fmt.Fprintf(stderr, "sudokusim %s: %s: puzzle %d: dlx returned an invalid solution: %v\n", cmd, refName(path), first+i, o.invalid)
			return exitFail
		}
		switch {
		case res.Status == dlx.NodeLimit:
			rep.Note = fmt.Sprintf("stopped at --node-limit %d", *f.nodeLimit)
		case res.Status == dlx.Canceled:
			_, limitName := f.timeout.forOrder(g.Order)
			rep.Note = "stopped at the time limit, " + limitName
		}
		if res.Status == dlx.Unsolvable && res.Nodes == 0 { // clashing givens end the search before it starts
			if clash := sudoku.Conflicts(g); len(clash) > 0 {
				rep.Note = joinNote(rep.Note, "givens clash: "+clash[0].String())
			}
		}
		tally.add(rep.Status, res.Count)
		if err := writeRefResult(out, format, *f.json, first+i, rep, res, *f.count); err != nil {
			prog.clear()
			fmt.Fprintf(stderr, "sudokusim %s: write: %v\n", cmd, err)
			return exitUsage
		}
		if !batch && !*f.json {
			fmt.Fprintln(stderr, summaryLine(rep, res, *f.count))
		} else if batch && rep.Status != "solved" {
			prog.clear()
			fmt.Fprintf(stderr, "dlx: puzzle %d: %s\n", first+i, summaryLine(rep, res, *f.count))
		}
		prog.done()
	}
	prog.clear()
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "sudokusim %s: write: %v\n", cmd, err)
		return exitUsage
	}
	if batch {
		fmt.Fprintln(stderr, tally.line(time.Since(start), *f.count))
	}
	if tally.solved != len(grids) {
		return exitFail
	}
	return exitOK
}

// loadRefPuzzles reads every puzzle named by path ("" the sample, "-"
// stdin) and the format of the file, which the output follows.
func loadRefPuzzles(path string) ([]*sudoku.Grid, sudoku.Format, error) {
	var data []byte
	var err error
	switch path {
	case "":
		return []*sudoku.Grid{sudoku.Sample()}, sudoku.FormatFPT09, nil
	case "-":
		if stdin == nil {
			return nil, 0, fmt.Errorf("%s: no standard input", sudoku.StdinName)
		}
		if data, err = io.ReadAll(stdin); err != nil {
			return nil, 0, fmt.Errorf("%s: read: %w", sudoku.StdinName, err)
		}
	default:
		if data, err = os.ReadFile(path); err != nil {
			return nil, 0, err // *fs.PathError names the file
		}
	}
	name := refName(path)
	grids, err := sudoku.ParsePuzzles(data, name)
	if err != nil {
		return nil, 0, err
	}
	if len(grids) == 0 {
		return nil, 0, fmt.Errorf("%s: no puzzle in the file", name)
	}
	return grids, sudoku.DetectFormat(name, data), nil
}

// refName is how errors name the puzzle source.
func refName(path string) string {
	switch path {
	case "":
		return "sample"
	case "-":
		return sudoku.StdinName
	}
	return path
}

// writeRefResult prints one puzzle's result on stdout: a JSON line, a
// solution line (or a comment line saying why there is none), or a
// .sudoku solution.
func writeRefResult(w io.Writer, format sudoku.Format, asJSON bool, index int, rep Report, res dlx.Result, count int) error {
	switch {
	case asJSON:
		rec := refRecord{Puzzle: index, Report: rep}
		if rep.Status == "solved" {
			rec.Solution = res.Solution.Rows()
		}
		if count > 0 {
			n := res.Count
			rec.Solutions = &n
		}
		return json.NewEncoder(w).Encode(rec)
	case format == sudoku.FormatLines:
		if rep.Status == "solved" {
			_, err := fmt.Fprintln(w, sudoku.FormatLine(res.Solution))
			return err
		}
		_, err := fmt.Fprintf(w, "# puzzle %d: %s\n", index, rep.Status)
		return err
	case rep.Status == "solved":
		return sudoku.WriteSudoku(w, res.Solution)
	}
	return nil
}

// refOutcome is one puzzle's result as a worker hands it over.
type refOutcome struct {
	rep     Report
	res     dlx.Result
	err     error // the puzzle is malformed
	invalid error // dlx's solution breaks a rule or a given
}

// solveRefPuzzle solves g with s and checks the solution it finds.
func solveRefPuzzle(ctx context.Context, s *dlx.Solver, g *sudoku.Grid, opts dlx.Options, count int, limit time.Duration) refOutcome {
	rep, res, err := goldenSolve(ctx, s, g, opts, count, limit)
	o := refOutcome{rep: rep, res: res, err: err}
	if err == nil && res.Solution != nil {
		o.invalid = sudoku.Validate(g, res.Solution)
	}
	return o
}

// goldenSolve runs dlx on g with s — for one solution, or counting up to
// count when count > 0 — stopping when ctx is done or after limit of wall
// time (0: none), and fills a Report with the fields that apply to a
// software solver: design "dlx", order, status, checksum (the solution's
// rows are left to the JSON writer), seconds (wall), tmax, search
// nodes/backtracks/depth, sim.wall_seconds.
func goldenSolve(ctx context.Context, s *dlx.Solver, g *sudoku.Grid, opts dlx.Options, count int, limit time.Duration) (Report, dlx.Result, error) {
	start := time.Now()
	if limit > 0 {
		// A deadline, not a context with a timer: arming and stopping a
		// timer per puzzle costs more than solving a 9×9 puzzle.
		opts.Deadline = start.Add(limit)
	}
	var res dlx.Result
	var err error
	if count > 0 {
		res, err = s.Count(ctx, g, count, opts)
	} else {
		res, err = s.Solve(ctx, g, opts)
	}
	wall := time.Since(start).Seconds()
	if err != nil {
		return Report{}, res, err
	}
	rep := Report{Design: "dlx", Order: g.Order, Status: goldenStatus(res.Status)}
	if res.Status == dlx.Solved {
		// The checksum only: the rows are for --json, which fills them
		// (writeRefResult); a batch of lines does not need 10 slices a
		// puzzle.
		cs := int(sudoku.Checksum(res.Solution))
		rep.Checksum = &cs
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
	return "timeout" // node limit or wall-clock limit
}

func summaryLine(r Report, res dlx.Result, count int) string {
	s := fmt.Sprintf("%s: order %d %s, %d nodes, %d backtracks, %.6f s (t_max %.4g s)",
		r.Design, r.Order, r.Status, r.Search.Nodes, r.Search.Backtracks, r.Seconds, r.TMaxSeconds)
	if count > 0 {
		s += ", " + solutionsPhrase(res, count)
	}
	if r.Checksum != nil {
		s += fmt.Sprintf(", checksum %d", *r.Checksum)
	}
	if r.Note != "" {
		s += "; " + r.Note
	}
	return s
}

// solutionsPhrase says what --count found: an exact count, the limit
// reached, or a lower bound when a limit stopped the count.
func solutionsPhrase(res dlx.Result, count int) string {
	switch {
	case res.Status == dlx.Solved && res.Count >= count:
		return fmt.Sprintf("at least %d solutions (--count %d reached)", res.Count, count)
	case res.Status == dlx.Solved && res.Count == 1:
		return "exactly 1 solution"
	case res.Status == dlx.Solved:
		return fmt.Sprintf("exactly %d solutions", res.Count)
	case res.Status == dlx.Unsolvable:
		return "no solution"
	}
	return fmt.Sprintf("at least %d solutions found before the limit", res.Count)
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// refTally counts the outcomes of a batch.
type refTally struct {
	puzzles, solved, unsolvable, timeout int
	unique                               int // with --count ≥ 2: puzzles with exactly one solution
}

func (t *refTally) add(status string, solutions int) {
	t.puzzles++
	switch status {
	case "solved":
		t.solved++
		if solutions == 1 {
			t.unique++
		}
	case "unsolvable":
		t.unsolvable++
	default:
		t.timeout++
	}
}

// line is the batch's total for stderr.
func (t *refTally) line(wall time.Duration, count int) string {
	s := fmt.Sprintf("dlx: %d puzzles: %d solved, %d unsolvable, %d timeout", t.puzzles, t.solved, t.unsolvable, t.timeout)
	if count >= 2 {
		s += fmt.Sprintf(" (%d with exactly one solution)", t.unique)
	}
	sec := wall.Seconds()
	rate := 0.0
	if sec > 0 {
		rate = float64(t.puzzles) / sec
	}
	return s + fmt.Sprintf(" in %.3f s, %.0f puzzles/s", sec, rate)
}

// refTerminal reports whether w is a terminal; tests replace it.
var refTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// refProgress draws a progress bar on stderr while it is a terminal:
// puzzles done, puzzles per second and the time left, and within a long
// puzzle its search nodes against its time limit. A nil *refProgress
// draws nothing.
type refProgress struct {
	bar   *progressbar.ProgressBar
	index int
	limit time.Duration
	start time.Time
	shown time.Time
}

// refProgressEvery is how often a puzzle's node count is redrawn.
const refProgressEvery = 250 * time.Millisecond

func newRefProgress(stderr io.Writer, puzzles int) *refProgress {
	if !refTerminal(stderr) {
		return nil
	}
	return &refProgress{bar: progressbar.NewOptions(puzzles,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription("ref"),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("puzzles"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish())}
}

// puzzle starts puzzle index with its time limit and hooks the search's
// progress reports into opts.
func (p *refProgress) puzzle(index int, limit time.Duration, opts *dlx.Options) {
	if p == nil {
		return
	}
	p.index, p.limit, p.start = index, limit, time.Now()
	p.shown = p.start
	opts.Progress = p.work
}

// work redraws the current puzzle's line, at most every refProgressEvery.
func (p *refProgress) work(nodes uint64) {
	now := time.Now()
	if now.Sub(p.shown) < refProgressEvery {
		return
	}
	p.shown = now
	limit := "no time limit"
	if p.limit > 0 {
		limit = fmt.Sprintf("of %.4g s", p.limit.Seconds())
	}
	p.bar.Describe(fmt.Sprintf("ref: puzzle %d, %d nodes, %.1f s %s", p.index, nodes, now.Sub(p.start).Seconds(), limit))
}

// done counts a finished puzzle.
func (p *refProgress) done() {
	if p == nil {
		return
	}
	p.bar.Describe("ref")
	_ = p.bar.Add(1)
}

// clear wipes the bar so that a line can be printed.
func (p *refProgress) clear() {
	if p == nil {
		return
	}
	_ = p.bar.Clear()
}
