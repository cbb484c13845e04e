package bench

import (
	"fmt"
	"strings"

	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
)

// Puzzle is one named puzzle of a sweep.
type Puzzle struct {
	Name string
	Grid *sudoku.Grid
}

// Axes are the swept synthesis parameters.
type Axes struct {
	CPC []int
	// Heuristics are heuristic sets as --heuristics spells them ("none",
	// "paper", or comma-separated names).
	Heuristics []string
	MaxOrders  []int
	ClockMHz   []float64
	// SubsetUnits are hidden-subset comparator widths (combinations per
	// cycle, 0 = the simulator's default); they matter only with heuristics.
	SubsetUnits []int
}

// Point is one run of a sweep: a puzzle on one configuration.
type Point struct {
	Puzzle      string  `json:"puzzle"`
	Order       int     `json:"order"`
	CPC         int     `json:"cpc"`
	Heuristics  string  `json:"heuristics"`
	SubsetUnits int     `json:"subset_units"`
	MaxOrder    int     `json:"max_order"`
	ClockMHz    float64 `json:"clock_mhz"`
	Mode        string  `json:"mode"`
}

// Key identifies a point in journals; two points with one key are the same
// run.
func (p Point) Key() string {
	return fmt.Sprintf("%s|%d|%s|%d|%d|%g|%s", p.Puzzle, p.CPC, p.Heuristics, p.SubsetUnits, p.MaxOrder, p.ClockMHz, p.Mode)
}

// Config is the configuration part of a point (everything but the puzzle).
func (p Point) Config() Config {
	return Config{CPC: p.CPC, Heuristics: p.Heuristics, SubsetUnits: p.SubsetUnits, MaxOrder: p.MaxOrder, ClockMHz: p.ClockMHz}
}

// Config is one synthesised design of a sweep.
type Config struct {
	CPC         int     `json:"cpc"`
	Heuristics  string  `json:"heuristics"`
	SubsetUnits int     `json:"subset_units"`
	MaxOrder    int     `json:"max_order"`
	ClockMHz    float64 `json:"clock_mhz"`
}

func (c Config) String() string {
	s := fmt.Sprintf("k=%d %s m=%d %gMHz", c.CPC, c.Heuristics, c.MaxOrder, c.ClockMHz)
	if c.Heuristics != "none" {
		s += fmt.Sprintf(" P=%d", c.SubsetUnits)
	}
	return s
}

// canonicalHeuristics spells a heuristic set the one way keys use: "none",
// or the unit names joined by commas ("paper" expands).
func canonicalHeuristics(s string) (string, error) {
	hs, err := logic.ParseHeuristics(s)
	if err != nil {
		return "", err
	}
	if len(hs) == 0 {
		return "none", nil
	}
	names := make([]string, len(hs))
	for i, h := range hs {
		names[i] = h.String()
	}
	return strings.Join(names, ","), nil
}

// Points is the cartesian product of the axes over the puzzles, in a fixed
// order (puzzle-major, then k, heuristics, subset units, maximum order,
// clock). A puzzle larger than a configuration's maximum order is left out
// of that configuration: the hardware would only reject it. Version 1 has no
// subset comparator, so its points take subset units 0 only. No subset-unit
// axis means the simulator's default (0).
func Points(axes Axes, puzzles []Puzzle, mode string) ([]Point, error) {
	if len(axes.CPC) == 0 || len(axes.Heuristics) == 0 || len(axes.MaxOrders) == 0 || len(axes.ClockMHz) == 0 {
		return nil, fmt.Errorf("bench: every axis needs at least one value (cpc %v, heuristics %v, max order %v, clock %v)",
			axes.CPC, axes.Heuristics, axes.MaxOrders, axes.ClockMHz)
	}
	hs := make([]string, len(axes.Heuristics))
	for i, h := range axes.Heuristics {
		c, err := canonicalHeuristics(h)
		if err != nil {
			return nil, fmt.Errorf("bench: %w", err)
		}
		hs[i] = c
	}
	units := axes.SubsetUnits
	if len(units) == 0 {
		units = []int{0}
	}
	var pts []Point
	for _, pz := range puzzles {
		for _, k := range axes.CPC {
			for _, h := range hs {
				us := units
				if h == "none" {
					us = []int{0}
				}
				for _, u := range us {
					for _, m := range axes.MaxOrders {
						if pz.Grid.Order > m {
							continue
						}
						for _, f := range axes.ClockMHz {
							pts = append(pts, Point{Puzzle: pz.Name, Order: pz.Grid.Order, CPC: k, Heuristics: h,
								SubsetUnits: u, MaxOrder: m, ClockMHz: f, Mode: mode})
						}
					}
				}
			}
		}
	}
	if len(pts) == 0 {
		return nil, fmt.Errorf("bench: no points: every puzzle is larger than every maximum order %v", axes.MaxOrders)
	}
	return pts, nil
}

// Shard selects every N-th point starting at I (0 ≤ I < N); the zero value
// is the whole sweep.
type Shard struct{ I, N int }

// ParseShard reads "i/n".
func ParseShard(s string) (Shard, error) {
	var sh Shard
	if _, err := fmt.Sscanf(s, "%d/%d", &sh.I, &sh.N); err != nil || fmt.Sprintf("%d/%d", sh.I, sh.N) != s {
		return Shard{}, fmt.Errorf("bench: shard %q is not i/n", s)
	}
	if sh.N < 1 || sh.I < 0 || sh.I >= sh.N {
		return Shard{}, fmt.Errorf("bench: shard %q needs 0 ≤ i < n", s)
	}
	return sh, nil
}

// Select returns the shard's points.
func (s Shard) Select(pts []Point) []Point {
	if s.N <= 1 {
		return pts
	}
	var out []Point
	for i := s.I; i < len(pts); i += s.N {
		out = append(out, pts[i])
	}
	return out
}
