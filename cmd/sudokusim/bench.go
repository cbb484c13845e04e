package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
)

func init() {
	register(command{name: "bench", summary: "run a puzzle suite through version 1 and version 2: cycles, t_max, FPT'09 score, simulator speed", run: runBench})
}

const benchSynopsis = `usage: sudokusim bench [flags] [FILE|DIR ...]

Runs every puzzle (FILEs, the .sudoku files of a DIR; default the FPT'09
suite in ../shared/data/fpt09) through the FPT'09 processor in version 1
(--heuristics none) and version 2 (the paper's units), over the UART at the
clock, with the search watchdog at t_max of each order. It prints a Markdown
table per puzzle and version — status, cycles by phase, seconds, t_max, what
the heuristics left — the FPT'09 score of each version, and the simulator's
own wall time and simulated cycles per second. Puzzles run in parallel.`

// benchRow is one puzzle through one version.
type benchRow struct {
	Puzzle     string          `json:"puzzle"`
	Order      int             `json:"order"`
	Empty      int             `json:"empty"`
	Version    int             `json:"version"`
	Status     string          `json:"status"`
	Cycles     bnb.Cycles      `json:"cycles"`
	Total      uint64          `json:"total_cycles"`
	Seconds    float64         `json:"seconds"`
	TMax       float64         `json:"tmax_seconds"`
	Within     bool            `json:"within_tmax"`
	Search     bnb.SearchStats `json:"search"`
	Units      []bnb.UnitStats `json:"units,omitempty"`
	Wall       float64         `json:"wall_seconds"`
	CyclesPerS float64         `json:"cycles_per_second"`
	// LeftEmpty is what the heuristics left for the search (version 2).
	LeftEmpty int `json:"left_empty,omitempty"`
}

func runBench(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench", benchSynopsis, stdout)
	cpc := fs.Int("cpc", 8, "candidates per cycle")
	mode := fs.String("mode", "fast", "fast (timing model) or cycle (cycle-level simulation)")
	versions := fs.String("versions", "1,2", "which versions: 1, 2 or 1,2")
	clock := fs.Float64("clock-mhz", 100, "clock frequency in MHz")
	jobs := fs.Int("jobs", runtime.NumCPU(), "puzzles run at once")
	jsonPath := fs.String("json", "", "also write the rows as JSON to this file")
	if done, st := parseFlags(fs, args, stderr); done {
		return st
	}
	paths := fs.Args()
	if len(paths) == 0 {
		paths = []string{filepath.Join("..", "shared", "data", "fpt09")}
	}
	puzzles, err := loadSuite(paths)
	if err != nil {
		return inputError(stderr, err)
	}
	var vs []int
	for _, v := range strings.Split(*versions, ",") {
		switch strings.TrimSpace(v) {
		case "1":
			vs = append(vs, 1)
		case "2":
			vs = append(vs, 2)
		default:
			return usageError(stderr, "bench", "--versions: %q is not 1 or 2", v)
		}
	}
	if *mode != "fast" && *mode != "cycle" {
		return usageError(stderr, "bench", "--mode %q is not fast or cycle", *mode)
	}
	type job struct {
		name    string
		g       *sudoku.Grid
		version int
	}
	var todo []job
	for _, p := range puzzles {
		for _, v := range vs {
			todo = append(todo, job{p.Name, p.Grid, v})
		}
	}
	rows := make([]benchRow, len(todo))
	errs := make([]error, len(todo))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < max(1, *jobs); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				rows[i], errs[i] = benchOne(todo[i].name, todo[i].g, todo[i].version, *cpc, *clock*1e6, *mode)
				fmt.Fprintf(stderr, "bench: %s v%d %s %.1fs\n", todo[i].name, todo[i].version, rows[i].Status, rows[i].Wall)
			}
		}()
	}
	for i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			fmt.Fprintf(stderr, "sudokusim bench: %v\n", err)
			return exitFail
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Puzzle < rows[j].Puzzle })
	writeBenchMarkdown(stdout, rows, vs, *cpc, *clock, *mode)
	if *jsonPath != "" {
		b, err := json.MarshalIndent(rows, "", "  ")
		if err == nil {
			err = os.WriteFile(*jsonPath, append(b, '\n'), 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "sudokusim bench: --json: %v\n", err)
			return exitFail
		}
	}
	return exitOK
}

func benchOne(name string, g *sudoku.Grid, version, cpc int, clockHz float64, mode string) (benchRow, error) {
	cfg := bnb.DefaultConfig()
	cfg.CPC, cfg.ClockHz = cpc, clockHz
	if version == 2 {
		cfg.Heuristics = logic.PaperSet()
	}
	start := time.Now()
	var res bnb.Result
	var err error
	if mode == "fast" {
		res, err = bnb.Fast(cfg, g)
	} else {
		res, err = bnb.Simulate(cfg, g, bnb.SimOptions{})
	}
	wall := time.Since(start).Seconds()
	if err != nil {
		return benchRow{}, fmt.Errorf("%s version %d: %w", name, version, err)
	}
	if res.Solution != nil {
		if err := sudoku.Validate(g, res.Solution); err != nil {
			return benchRow{}, fmt.Errorf("%s version %d: wrong answer: %w", name, version, err)
		}
	}
	total := res.Cycles.Total()
	row := benchRow{Puzzle: name, Order: g.Order, Empty: g.Empty(), Version: version, Status: res.Status.String(),
		Cycles: res.Cycles, Total: total, Seconds: float64(total) / clockHz, TMax: sudoku.TMax(g.Order),
		Search: res.Search, Units: res.Units, Wall: wall}
	row.Within = res.Status == bnb.Solved && row.Seconds <= row.TMax
	if wall > 0 {
		row.CyclesPerS = float64(total) / wall
	}
	if version == 2 {
		fixed := 0
		for _, u := range res.Units {
			fixed += u.Fixed
		}
		row.LeftEmpty = row.Empty - fixed
	}
	return row, nil
}

// benchScore is the FPT'09 score Σ_N N⁶/t_N over the rows of one version,
// where a puzzle over t_max scores 0: each order contributes the mean over
// its puzzles of N⁶/t (0 for a puzzle not solved within t_max).
func benchScore(rows []benchRow, version int) float64 {
	perOrder := map[int][]float64{}
	for _, r := range rows {
		if r.Version != version {
			continue
		}
		s := 0.0
		if r.Within {
			s = float64(r.Order*r.Order*r.Order*r.Order*r.Order*r.Order) / r.Seconds
		}
		perOrder[r.Order] = append(perOrder[r.Order], s)
	}
	total := 0.0
	for o := sudoku.MinOrder; o <= sudoku.MaxOrder; o++ {
		if ss := perOrder[o]; len(ss) > 0 {
			m := 0.0
			for _, s := range ss {
				m += s
			}
			total += m / float64(len(ss))
		}
	}
	return total
}

func writeBenchMarkdown(w io.Writer, rows []benchRow, vs []int, cpc int, clockMHz float64, mode string) {
	fmt.Fprintf(w, "k = %d, %g MHz, 115200 baud, UART link, max order 15, search watchdog t_max, %s mode.\n\n", cpc, clockMHz, mode)
	fmt.Fprintln(w, "| puzzle | empty | v | status | rx | load | heuristics | search | tx | seconds | t_max | within | nodes | left for search | wall s | sim cycles/s |")
	fmt.Fprintln(w, "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|")
	for _, r := range rows {
		within := "no"
		if r.Within {
			within = "yes"
		}
		left := "—"
		if r.Version == 2 {
			left = fmt.Sprint(r.LeftEmpty)
		}
		fmt.Fprintf(w, "| %s | %d | %d | %s | %d | %d | %d | %d | %d | %.4g | %.4g | %s | %d | %s | %.2f | %.3g |\n",
			r.Puzzle, r.Empty, r.Version, r.Status, r.Cycles.Rx, r.Cycles.Load, r.Cycles.Heuristics, r.Cycles.Search, r.Cycles.Tx,
			r.Seconds, r.TMax, within, r.Search.Nodes, left, r.Wall, r.CyclesPerS)
	}
	fmt.Fprintln(w)
	for _, v := range vs {
		n, ok := 0, 0
		for _, r := range rows {
			if r.Version == v {
				n++
				if r.Within {
					ok++
				}
			}
		}
		fmt.Fprintf(w, "Version %d: %d of %d puzzles within t_max; FPT'09 score %.4g.\n\n", v, ok, n, benchScore(rows, v))
	}
}
