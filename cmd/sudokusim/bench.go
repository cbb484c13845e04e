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

	"sudokusim/rtl/area"
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
clock, with the search watchdog at t_max of each order (or --max-cycles). It
prints a Markdown table per puzzle, version and k — status, cycles by phase,
seconds, t_max, what the heuristics left — the FPT'09 score of each version,
and the simulator's own wall time and simulated cycles per second. With
--mode both every run is made by the cycle-level model and the timing model,
and any difference in cycles, status or search statistics is an error
(exit 1). Runs go in parallel.`

// benchRow is one puzzle through one version.
type benchRow struct {
	Puzzle     string          `json:"puzzle"`
	Order      int             `json:"order"`
	Empty      int             `json:"empty"`
	Version    int             `json:"version"`
	CPC        int             `json:"cpc"`
	MaxOrder   int             `json:"max_order"`
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
	cpcList := fs.String("cpc", "", "candidates per cycle, a list (default: the paper's build of each version, 8 for version 1, 1 for version 2)")
	maxOrder := fs.Int("max-order", 0, "largest order the design is synthesised for, 2..15; larger puzzles get the bad-size reply and score 0 (0: the paper's build, 15 for version 1, 11 for version 2)")
	mode := fs.String("mode", "fast", "fast (timing model), cycle (cycle-level simulation) or both (and compare)")
	maxCycles := fs.Uint64("max-cycles", 0, "search watchdog in cycles (0: t_max of each order)")
	versions := fs.String("versions", "1,2", "which versions: 1, 2 or 1,2")
	clock := fs.Float64("clock-mhz", 100, "clock frequency in MHz")
	jobs := fs.Int("jobs", runtime.NumCPU(), "puzzles run at once")
	jsonPath := fs.String("json", "", "also write the rows as JSON to this file")
	if done, st := parseFlags(fs, args, stderr); done {
		return st
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
	if *mode != "fast" && *mode != "cycle" && *mode != "both" {
		return usageError(stderr, "bench", "--mode %q is not fast, cycle or both", *mode)
	}
	var ks []int
	if *cpcList != "" {
		var err error
		if ks, err = intList(*cpcList); err != nil {
			return usageError(stderr, "bench", "--cpc: %v", err)
		}
	}
	if *jobs < 1 {
		return usageError(stderr, "bench", "--jobs %d: want at least 1", *jobs)
	}
	// Every configuration is checked before any puzzle runs.
	var cfgs []bnb.Config
	var fits []area.Fit
	dev, _ := area.LookupDevice(area.DefaultDevice)
	for _, v := range vs {
		hs := []logic.Heuristic(nil)
		if v == 2 {
			hs = logic.PaperSet()
		}
		vks := ks
		if len(vks) == 0 {
			vks = []int{bnb.PaperConfig(v).CPC}
		}
		for _, k := range vks {
			cfg := paperConfig(hs, k, *maxOrder)
			cfg.ClockHz, cfg.MaxSearchCycles = *clock*1e6, *maxCycles
			if err := cfg.Validate(); err != nil {
				return configError(stderr, "bench", fs, err)
			}
			est, err := area.Estimate(areaParams(cfg))
			if err != nil {
				return configError(stderr, "bench", fs, err)
			}
			cfgs, fits = append(cfgs, cfg), append(fits, est.Fit(dev))
		}
	}
	paths := fs.Args()
	if len(paths) == 0 {
		paths = []string{filepath.Join("..", "shared", "data", "fpt09")}
	}
	puzzles, err := loadSuite(paths)
	if err != nil {
		return inputError(stderr, err)
	}
	type job struct {
		name string
		g    *sudoku.Grid
		cfg  bnb.Config
	}
	var todo []job
	for _, p := range puzzles {
		for _, cfg := range cfgs {
			todo = append(todo, job{p.Name, p.Grid, cfg})
		}
	}
	rows := make([]benchRow, len(todo))
	errs := make([]error, len(todo))
	var wg sync.WaitGroup
	// On a terminal, one line: jobs done, the time left, and the puzzle
	// last heard from with its simulated cycles and fraction of t_max.
	prog := newRunProgress(stderr, "bench", int64(len(todo)))
	next := make(chan int)
	for w := 0; w < max(1, *jobs); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				j := todo[i]
				var progress bnb.Progress
				if prog != nil {
					label := fmt.Sprintf("bench %s v%d k=%d", j.name, j.cfg.Version(), j.cfg.CPC)
					tmax := float64(tmaxCycles(j.cfg, j.g.Order))
					progress = func(c uint64) {
						prog.describe(fmt.Sprintf("%s: %s cycles, %.1f%% of t_max", label, num(float64(c)), 100*float64(c)/tmax))
					}
				}
				rows[i], errs[i] = benchOne(j.name, j.g, j.cfg, *mode, progress)
				prog.add()
			}
		}()
	}
	for i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	prog.finish()
	for _, err := range errs {
		if err != nil {
			fmt.Fprintf(stderr, "sudokusim bench: %v\n", err)
			return exitFail
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Puzzle < rows[j].Puzzle })
	writeBenchMarkdown(stdout, rows, vs, cfgs, fits, *clock, *maxCycles, *mode)
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

func benchOne(name string, g *sudoku.Grid, cfg bnb.Config, mode string, progress bnb.Progress) (benchRow, error) {
	version, cpc, clockHz := cfg.Version(), cfg.CPC, cfg.ClockHz
	start := time.Now()
	var res bnb.Result
	var err error
	if mode == "fast" {
		res, err = bnb.FastProgress(cfg, g, progress)
	} else {
		res, err = bnb.Simulate(cfg, g, bnb.SimOptions{Progress: progress})
	}
	wall := time.Since(start).Seconds()
	if err != nil {
		return benchRow{}, fmt.Errorf("%s version %d k=%d: %w", name, version, cpc, err)
	}
	if mode == "both" {
		fast, err := bnb.Fast(cfg, g)
		if err != nil {
			return benchRow{}, fmt.Errorf("%s version %d k=%d: %w", name, version, cpc, err)
		}
		if fast.Cycles != res.Cycles || fast.Status != res.Status || fast.Search != res.Search || fmt.Sprint(fast.Units) != fmt.Sprint(res.Units) {
			return benchRow{}, fmt.Errorf("%s version %d k=%d: the timing model disagrees with the cycle-level model: %+v %v %+v vs %+v %v %+v",
				name, version, cpc, fast.Cycles, fast.Status, fast.Search, res.Cycles, res.Status, res.Search)
		}
	}
	if res.Solution != nil {
		if err := sudoku.Validate(g, res.Solution); err != nil {
			return benchRow{}, fmt.Errorf("%s version %d: wrong answer: %w", name, version, err)
		}
	}
	total := res.Cycles.Total()
	row := benchRow{Puzzle: name, Order: g.Order, Empty: g.Empty(), Version: version, CPC: cpc, MaxOrder: cfg.MaxOrder, Status: res.Status.String(),
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
func benchScore(rows []benchRow, version, k int) float64 {
	perOrder := map[int][]float64{}
	for _, r := range rows {
		if r.Version != version || r.CPC != k {
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

func writeBenchMarkdown(w io.Writer, rows []benchRow, vs []int, cfgs []bnb.Config, fits []area.Fit, clockMHz float64, maxCycles uint64, mode string) {
	for i, f := range fits {
		if !f.Fits {
			fmt.Fprintf(w, "%s: version %d, k = %d, max order %d.\n\n", notFitLine(f), cfgs[i].Version(), cfgs[i].CPC, cfgs[i].MaxOrder)
			break
		}
	}
	watchdog := "t_max"
	if maxCycles > 0 {
		watchdog = fmt.Sprintf("%d cycles", maxCycles)
	}
	var builds []string
	for i, c := range cfgs {
		fit := "fits the " + fits[i].Device
		if !fits[i].Fits {
			fit = "does NOT fit the " + fits[i].Device
		}
		builds = append(builds, fmt.Sprintf("version %d at k = %d, max order %d (%s)", c.Version(), c.CPC, c.MaxOrder, fit))
	}
	fmt.Fprintf(w, "%s; %s MHz, 115200 baud, UART link, search watchdog %s, %s mode.\n\n", strings.Join(builds, "; "), num(clockMHz), watchdog, mode)
	fmt.Fprintln(w, "| puzzle | empty | v | k | status | rx | load | heuristics | search | tx | seconds | t_max | within | nodes | left for search | wall s | sim cycles/s |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|")
	for _, r := range rows {
		within := "no"
		if r.Within {
			within = "yes"
		}
		left := "—"
		if r.Version == 2 {
			left = fmt.Sprint(r.LeftEmpty)
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %s | %d | %d | %d | %d | %d | %.4g | %.4g | %s | %d | %s | %.2f | %.3g |\n",
			r.Puzzle, r.Empty, r.Version, r.CPC, r.Status, r.Cycles.Rx, r.Cycles.Load, r.Cycles.Heuristics, r.Cycles.Search, r.Cycles.Tx,
			r.Seconds, r.TMax, within, r.Search.Nodes, left, r.Wall, r.CyclesPerS)
	}
	fmt.Fprintln(w)
	for _, c := range cfgs {
		v, k := c.Version(), c.CPC
		n, ok := 0, 0
		for _, r := range rows {
			if r.Version == v && r.CPC == k {
				n++
				if r.Within {
					ok++
				}
			}
		}
		fmt.Fprintf(w, "Version %d, k = %d, max order %d: %d of %d puzzles within t_max; FPT'09 score %.4g.\n\n", v, k, c.MaxOrder, ok, n, benchScore(rows, v, k))
	}
}
