//go:build ignore

// Sweepcost extrapolates the CPU time of a design-space sweep run to the
// FPT'09 watchdog (t_max) from two measured sweeps of the same points at
// one clock, run to a low and a high search-cycle cap (docs/cluster.md §3),
// and sizes the job array that finishes it within a turnaround:
//
//	go run scripts/sweepcost.go [-check DIR] LOW_CAP_DIR HIGH_CAP_DIR
//
// A sweep directory gives the points in sweep order (sweep.json) and each
// point's status, search cycles and CPU-time cost (points.jsonl). For every
// point and every clock f the watchdog is L_f = ⌈t_max(n)·f⌉ search cycles
// (bnb.Config.SearchLimit), and with costs c1, c2 at the caps C1 < C2:
//
//   - solved at a cap in S search cycles: the same run if S ≤ L_f (its
//     measured cost), else a timeout at L_f, c·L_f/S;
//   - timed out at both caps: it runs on to L_f (it may solve before: in
//     that respect the estimate is an upper bound) at the marginal rate the
//     two caps show,
//     c2 + (L_f − C2)·(c2 − c1)/(C2 − C1); the fixed part of a point (load,
//     heuristics, resource estimate) is not scaled with the cycles.
//
// -check DIR compares the estimate with the measured cost of points run to
// t_max in DIR.
//
// The array is the sweep's own sharding (point j → shard j mod N) with
// each shard's points fed in order to its c workers; the turnaround is the
// longest shard.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

type point struct {
	Puzzle      string  `json:"puzzle"`
	PuzzleHash  string  `json:"puzzle_hash"`
	Order       int     `json:"order"`
	CPC         int     `json:"cpc"`
	Heuristics  string  `json:"heuristics"`
	SubsetUnits int     `json:"subset_units"`
	MaxOrder    int     `json:"max_order"`
	ClockMHz    float64 `json:"clock_mhz"`
	Mode        string  `json:"mode"`
	MaxCycles   uint64  `json:"max_cycles"`
	Link        string  `json:"link"`
	Device      string  `json:"device"`
}

type entry struct {
	point
	Status      string  `json:"status"`
	Search      uint64  `json:"cycles_search"`
	CostSeconds float64 `json:"cost_seconds"`
}

func (p point) key() string {
	p.ClockMHz, p.MaxCycles = 0, 0
	b, _ := json.Marshal(p)
	return string(b)
}

func main() {
	clocks := flag.String("clocks", "50,100,200", "clocks (MHz) of the full sweep")
	check := flag.String("check", "", "a sweep run to t_max to compare estimates with")
	show := flag.String("show", "", "puzzles (comma-separated) whose k=8, m=15 points' estimates at the measured clock to print")
	turnaround := flag.Float64("turnaround", 3600, "wanted turnaround in seconds")
	cores := flag.String("cpus-per-task", "1,8", "CPUs per array task to size for")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/sweepcost.go [flags] LOW_CAP_DIR HIGH_CAP_DIR")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), flag.Arg(1), *check, *show, *clocks, *cores, *turnaround); err != nil {
		fmt.Fprintln(os.Stderr, "sweepcost:", err)
		os.Exit(1)
	}
}

func floats(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// load reads a sweep directory: its points in order and its journal by
// key (clock and cap left out of the key).
func load(dir string) ([]point, map[string]entry, error) {
	var man struct {
		Points []point `json:"points"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "sweep.json"))
	if err != nil {
		return nil, nil, err
	}
	if err := json.Unmarshal(data, &man); err != nil {
		return nil, nil, err
	}
	f, err := os.Open(filepath.Join(dir, "points.jsonl"))
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	byKey := map[string]entry{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, nil, err
		}
		byKey[e.key()] = e
	}
	return man.Points, byKey, sc.Err()
}

// estimate is the CPU-seconds of point p run to t_max at fMHz from its
// entries at the two caps.
func estimate(e1, e2 entry, fMHz float64) float64 {
	limit := math.Ceil(3e-4 * math.Pow(float64(e1.Order), 6) * fMHz * 1e6)
	for _, e := range []entry{e1, e2} {
		if e.Status == "solved" {
			if float64(e.Search) <= limit {
				return e.CostSeconds
			}
			return e.CostSeconds * limit / float64(e.Search)
		}
	}
	c1, c2 := e1.CostSeconds, e2.CostSeconds
	C1, C2 := float64(e1.MaxCycles), float64(e2.MaxCycles)
	rate := (c2 - c1) / (C2 - C1)
	if !(rate > 0) { // noise: fall back to the high cap's mean rate
		rate = c2 / C2
	}
	if limit <= C2 {
		return c1 + (limit-C1)*rate
	}
	return c2 + (limit-C2)*rate
}

type group struct {
	points, solved, solved2, atCap int
	measured, measured2, est       float64
}

func run(dir1, dir2, check, show, clockList, coreList string, turnaround float64) error {
	fs, err := floats(clockList)
	if err != nil {
		return err
	}
	cs, err := floats(coreList)
	if err != nil {
		return err
	}
	points, byKey, err := load(dir1)
	if err != nil {
		return err
	}
	_, byKey2, err := load(dir2)
	if err != nil {
		return err
	}

	groups := map[string]*group{}
	var costs []float64 // per point of the full sweep, in sweep order
	measured, measured2 := 0.0, 0.0
	for _, p := range points {
		e, ok := byKey[p.key()]
		e2, ok2 := byKey2[p.key()]
		if !ok || !ok2 {
			return fmt.Errorf("point %s k=%d %s m=%d not journalled in both sweeps: finish them first", p.Puzzle, p.CPC, p.Heuristics, p.MaxOrder)
		}
		if e.MaxCycles == 0 || e2.MaxCycles <= e.MaxCycles {
			return fmt.Errorf("point %s: caps %d and %d: want two caps, low then high", p.Puzzle, e.MaxCycles, e2.MaxCycles)
		}
		measured += e.CostSeconds
		measured2 += e2.CostSeconds
		name := fmt.Sprintf("%2d %s", e.Order, label(p))
		g := groups[name]
		if g == nil {
			g = &group{}
			groups[name] = g
		}
		g.atCap++
		g.measured += e.CostSeconds
		g.measured2 += e2.CostSeconds
		if e.Status == "solved" {
			g.solved++
		}
		if e2.Status == "solved" {
			g.solved2++
		}
		for _, fMHz := range fs {
			c := estimate(e, e2, fMHz)
			costs = append(costs, c)
			g.points++
			g.est += c
		}
	}
	names := make([]string, 0, len(groups))
	for n := range groups {
		names = append(names, n)
	}
	sort.Strings(names)
	C1, C2 := byKey[points[0].key()].MaxCycles, byKey2[points[0].key()].MaxCycles
	fmt.Printf("measured: %d points at one clock to caps of %d and %d search cycles: %.1f and %.1f CPU-s\n\n",
		len(points), C1, C2, measured, measured2)
	fmt.Printf("| order, version | points (%s MHz) | solved at %.0e | solved at %.0e | CPU-s at %.0e | CPU-s at %.0e | CPU-h to t_max |\n",
		clockList, float64(C1), float64(C2), float64(C1), float64(C2))
	fmt.Printf("|---|---:|---:|---:|---:|---:|---:|\n")
	for _, n := range names {
		g := groups[n]
		fmt.Printf("| %s | %d | %d/%d | %d/%d | %.1f | %.1f | %.2f |\n", n, g.points, g.solved, g.atCap, g.solved2, g.atCap, g.measured, g.measured2, g.est/3600)
	}
	fmt.Println()
	if check != "" {
		cpts, cby, err := load(check)
		if err != nil {
			return err
		}
		fmt.Println("check: points run to t_max, measured against extrapolated CPU-s")
		for _, p := range cpts {
			m, ok := cby[p.key()]
			e1, ok1 := byKey[p.key()]
			e2, ok2 := byKey2[p.key()]
			if !ok || !ok1 || !ok2 || m.MaxCycles != 0 {
				continue
			}
			fmt.Printf("  %s k=%d %s m=%d %g MHz: %s, measured %.1f s, extrapolated %.1f s\n",
				p.Puzzle, p.CPC, label(p), p.MaxOrder, p.ClockMHz, m.Status, m.CostSeconds, estimate(e1, e2, p.ClockMHz))
		}
	}
	if show != "" {
		want := map[string]bool{}
		for _, p := range strings.Split(show, ",") {
			want[p] = true
		}
		fmt.Println("extrapolated: k=8, m=15, at the measured clock")
		for _, p := range points {
			if want[p.Puzzle] && p.CPC == 8 && p.MaxOrder == 15 {
				e1, e2 := byKey[p.key()], byKey2[p.key()]
				fmt.Printf("  %s %s: %s at the high cap, extrapolated %.1f s\n", p.Puzzle, label(p), e2.Status, estimate(e1, e2, p.ClockMHz))
			}
		}
	}
	report := func(what string, costs []float64) {
		total, longest, li := 0.0, 0.0, 0
		for i, c := range costs {
			total += c
			if c > longest {
				longest, li = c, i
			}
		}
		p := points[li/len(fs)]
		fmt.Printf("%s: %d points: %.1f CPU-hours; longest point %.0f CPU-s (%s k=%d %s m=%d at %g MHz)\n",
			what, len(costs), total/3600, longest, p.Puzzle, p.CPC, label(p), p.MaxOrder, fs[li%len(fs)])
		for _, c := range cs {
			n := arraySize(costs, int(c), turnaround)
			if n == 0 {
				fmt.Printf("  %g CPUs per task: no array finishes within %.0f s (the longest point alone takes %.0f s)\n", c, turnaround, longest)
				continue
			}
			fmt.Printf("  %g CPUs per task: --array=0-%d (%d tasks, %d CPUs) finishes within %.0f s (longest shard %.0f s)\n",
				c, n-1, n, n*int(c), turnaround, makespan(costs, n, int(c)))
		}
	}
	report("full sweep, extrapolated", costs)
	return nil
}

func label(p point) string {
	if p.Heuristics == "none" {
		return "v1"
	}
	return fmt.Sprintf("v2 P=%d", p.SubsetUnits)
}

// makespan is the longest shard's time: shard i takes points i, i+n, …, in
// order, each to the first free of its c workers.
func makespan(costs []float64, n, c int) float64 {
	worst := 0.0
	for i := 0; i < n; i++ {
		free := make([]float64, c)
		for j := i; j < len(costs); j += n {
			w := 0
			for k := range free {
				if free[k] < free[w] {
					w = k
				}
			}
			free[w] += costs[j]
		}
		for _, t := range free {
			worst = math.Max(worst, t)
		}
	}
	return worst
}

// arraySize is the smallest shard count whose makespan is within limit (0
// if none up to one shard per point).
func arraySize(costs []float64, c int, limit float64) int {
	for n := 1; n <= len(costs); n++ {
		if makespan(costs, n, c) <= limit {
			return n
		}
	}
	return 0
}
