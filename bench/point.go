package bench

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
)

// Puzzle is one named puzzle of a sweep.
type Puzzle struct {
	Name string
	Grid *sudoku.Grid
}

// GridHash identifies a puzzle by its content: the first 64 bits of the
// SHA-256 of its order and cells, in hex. Two files with one name but other
// givens hash differently; a generated puzzle's hash follows its seed.
func GridHash(g *sudoku.Grid) string {
	h := sha256.New()
	h.Write([]byte{byte(g.Order)})
	h.Write(g.Cells)
	return hex.EncodeToString(h.Sum(nil)[:8])
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

// Settings are the settings of a sweep that are the same for all its
// points but change their results. Every point carries them, so they are
// part of its key: a sweep run again with another setting runs again.
type Settings struct {
	// Mode is "fast" (bnb.Fast) or "cycle" (bnb.Simulate).
	Mode string `json:"mode"`
	// MaxCycles is the search cycle limit; 0 is t_max of the puzzle's order
	// at the point's clock.
	MaxCycles uint64 `json:"max_cycles"`
	// Link is how the puzzle reaches the processor: "direct" or "uart".
	Link string `json:"link"`
	// Device is where the resource columns are placed (its catalogue name).
	Device string `json:"device"`
}

// Point is one run of a sweep: a puzzle on one configuration under the
// sweep's settings.
type Point struct {
	Puzzle string `json:"puzzle"`
	// PuzzleHash is GridHash of the puzzle: the name says which file, the
	// hash what was in it.
	PuzzleHash  string  `json:"puzzle_hash"`
	Order       int     `json:"order"`
	CPC         int     `json:"cpc"`
	Heuristics  string  `json:"heuristics"`
	SubsetUnits int     `json:"subset_units"`
	MaxOrder    int     `json:"max_order"`
	ClockMHz    float64 `json:"clock_mhz"`
	Settings
}

// Key identifies a point in journals; two points with one key are the same
// run. It is the point's JSON encoding, so every field of Point (and of
// Settings) is in it without being listed here: a field added to either
// cannot be left out of the key (TestKeyCoversEveryField).
func (p Point) Key() string {
	b, err := json.Marshal(p)
	if err != nil { // strings, integers and finite floats (Points checks) always encode
		panic(fmt.Sprintf("bench: point key: %v", err))
	}
	return string(b)
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

// Points is the cartesian product of the axes over the puzzles under the
// settings set, in a fixed order (puzzle-major, then k, heuristics, subset
// units, maximum order, clock). A puzzle larger than a configuration's maximum order is left out
// of that configuration: the hardware would only reject it. Version 1 has no
// subset comparator, so its points take subset units 0 only. No subset-unit
// axis means the simulator's default (0).
func Points(axes Axes, puzzles []Puzzle, set Settings) ([]Point, error) {
	if len(axes.CPC) == 0 || len(axes.Heuristics) == 0 || len(axes.MaxOrders) == 0 || len(axes.ClockMHz) == 0 {
		return nil, fmt.Errorf("bench: every axis needs at least one value (cpc %v, heuristics %v, max order %v, clock %v)",
			axes.CPC, axes.Heuristics, axes.MaxOrders, axes.ClockMHz)
	}
	for _, f := range axes.ClockMHz {
		if !(f > 0) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("bench: clock %g MHz is not a positive number", f)
		}
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
		hash := GridHash(pz.Grid)
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
							pts = append(pts, Point{Puzzle: pz.Name, PuzzleHash: hash, Order: pz.Grid.Order, CPC: k, Heuristics: h,
								SubsetUnits: u, MaxOrder: m, ClockMHz: f, Settings: set})
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
