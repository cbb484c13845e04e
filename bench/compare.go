package bench

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"sudokusim/rtl/area"
	"sudokusim/sudoku"
)

// FrontEndNote says what a comparison's cycles count. The GA and the
// engine array have no serial front end, so every design, the FPT'09
// processor included, gets the grid written straight into its memories and
// only solve cycles are compared.
const FrontEndNote = "solve cycles only: every design gets the grid loaded directly into its memories " +
	"(no serial link, so the FPT'09 processor's rx and tx are left out and its load is counted; " +
	"the GA and the engine array have no front end modelled); resources are estimated without the UART"

// CompareSpec is a comparison to run.
type CompareSpec struct {
	// Designs are names from the Designs table; all of them when empty.
	Designs []string
	Options DesignOptions
	// Seeds: a randomized design runs every puzzle with seeds 1..Seeds.
	Seeds   int
	Puzzles []Puzzle
	// Device is where the resources are placed (area.DefaultDevice when
	// empty).
	Device string
	// Jobs is the number of runs made at once (all cores when 0).
	Jobs int
	// Progress, when set, receives a progress bar.
	Progress io.Writer
}

// CompareRun is one run of one design on one puzzle.
type CompareRun struct {
	Design string `json:"design"`
	Puzzle string `json:"puzzle"`
	Order  int    `json:"order"`
	// Seed is the seed of a randomized design's run (0 for the others).
	Seed   uint64 `json:"seed,omitempty"`
	Status string `json:"status"`
	// Cycles are solve cycles (FrontEndNote); Limit the cycle limit the
	// run had.
	Cycles     uint64   `json:"solve_cycles"`
	Limit      uint64   `json:"cycle_limit"`
	Seconds    float64  `json:"seconds"`
	TMax       float64  `json:"tmax_seconds"`
	WithinTMax bool     `json:"within_tmax"`
	Counters   Counters `json:"counters"`
}

// OrderArea is a design's resources when built for one order.
type OrderArea struct {
	Order     int  `json:"order"`
	Slices    int  `json:"slices"`
	BlockRAMs int  `json:"block_rams"`
	Fits      bool `json:"fits"`
}

// CompareDesign is one design of a comparison with its totals.
type CompareDesign struct {
	Name    string `json:"name"`
	Doc     string `json:"doc"`
	Config  any    `json:"config"`
	Summary string `json:"summary"`
	// BuiltFor is the order the design is built for and its resources are
	// estimated at.
	BuiltFor  int      `json:"built_for_order"`
	Resources area.Fit `json:"resources"`
	// Seeds is how many runs each puzzle had.
	Seeds  int `json:"seeds"`
	Runs   int `json:"runs"`
	Solved int `json:"solved"`
	Within int `json:"within_tmax"`
	// Area is the design's resources built for each order of the area
	// plot.
	Area []OrderArea `json:"area_by_order"`
}

// Comparison is the result of Compare.
type Comparison struct {
	Note      string          `json:"note"`
	Device    string          `json:"device"`
	Capacity  DeviceCapacity  `json:"capacity"`
	ClockMHz  float64         `json:"clock_mhz"`
	MaxCycles uint64          `json:"max_cycles"`
	MaxOrder  int             `json:"max_order"`
	Puzzles   int             `json:"puzzles"`
	Designs   []CompareDesign `json:"designs"`
	Runs      []CompareRun    `json:"runs"`
}

// DeviceCapacity is what a device holds, for the plots' capacity lines.
type DeviceCapacity struct {
	Slices    int `json:"slices"`
	BlockRAMs int `json:"block_rams"`
}

// compareTask is one run of a comparison.
type compareTask struct {
	d    int
	p    Puzzle
	seed uint64
}

// ValidateCompare sets every design of s up without running it: an error
// is a bad configuration (usage), not a failed run.
func ValidateCompare(s CompareSpec) error {
	_, _, _, _, err := s.setup()
	return err
}

// Compare runs every design of the spec on every puzzle.
func Compare(s CompareSpec) (*Comparison, error) {
	cmp, names, runs, tasks, err := s.setup()
	if err != nil {
		return nil, err
	}
	return cmp, s.run(cmp, names, runs, tasks)
}

// setup resolves the options, sets every design up, estimates its area and
// lists the runs to make.
func (s CompareSpec) setup() (*Comparison, []string, []DesignRun, []compareTask, error) {
	if len(s.Puzzles) == 0 {
		return nil, nil, nil, nil, fmt.Errorf("bench: compare: no puzzles")
	}
	if s.Device == "" {
		s.Device = area.DefaultDevice
	}
	dev, err := area.LookupDevice(s.Device)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if s.Seeds < 1 {
		return nil, nil, nil, nil, fmt.Errorf("bench: compare: seeds %d: want at least 1", s.Seeds)
	}
	names := s.Designs
	if len(names) == 0 {
		names = DesignNames()
	}
	minOrder, maxOrder := sudoku.MaxOrder, 0
	for _, p := range s.Puzzles {
		minOrder, maxOrder = min(minOrder, p.Grid.Order), max(maxOrder, p.Grid.Order)
	}
	o := s.Options
	if o.MaxOrder == 0 {
		o.MaxOrder = maxOrder
	}
	if o.MaxOrder < maxOrder {
		return nil, nil, nil, nil, fmt.Errorf("bench: compare: max order %d is below the set's largest order %d", o.MaxOrder, maxOrder)
	}
	cmp := &Comparison{Note: FrontEndNote, Device: dev.Name, Capacity: DeviceCapacity{Slices: deviceSlices(dev), BlockRAMs: dev.BlockRAMs},
		ClockMHz: o.ClockMHz, MaxCycles: o.MaxCycles, MaxOrder: o.MaxOrder, Puzzles: len(s.Puzzles)}
	var tasks []compareTask
	runs := make([]DesignRun, len(names))
	seen := map[string]bool{}
	for i, name := range names {
		if seen[name] {
			return nil, nil, nil, nil, fmt.Errorf("bench: compare: design %q listed twice", name)
		}
		seen[name] = true
		d, err := LookupDesign(name)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		if runs[i], err = d.Setup(o); err != nil {
			return nil, nil, nil, nil, fmt.Errorf("bench: compare: %s: %w", name, err)
		}
		est, err := runs[i].Area(runs[i].BuiltFor)
		if err != nil {
			return nil, nil, nil, nil, fmt.Errorf("bench: compare: %s: %w", name, err)
		}
		cd := CompareDesign{Name: d.Name, Doc: d.Doc, Config: runs[i].Config, Summary: runs[i].Summary,
			BuiltFor: runs[i].BuiltFor, Resources: est.Fit(dev), Seeds: 1}
		if d.Randomized {
			cd.Seeds = s.Seeds
		}
		for m := max(sudoku.MinOrder, minOrder); m <= sudoku.MaxOrder; m++ {
			est, err := runs[i].Area(m)
			if err != nil {
				return nil, nil, nil, nil, fmt.Errorf("bench: compare: %s at order %d: %w", name, m, err)
			}
			f := est.Fit(dev)
			cd.Area = append(cd.Area, OrderArea{Order: m, Slices: f.Slices, BlockRAMs: f.BlockRAMs, Fits: f.Fits})
		}
		cmp.Designs = append(cmp.Designs, cd)
		for _, p := range s.Puzzles {
			if !d.Randomized {
				tasks = append(tasks, compareTask{i, p, 0})
				continue
			}
			for seed := 1; seed <= s.Seeds; seed++ {
				tasks = append(tasks, compareTask{i, p, uint64(seed)})
			}
		}
	}
	return cmp, names, runs, tasks, nil
}

// run makes the runs on Jobs workers and totals them per design.
func (s CompareSpec) run(cmp *Comparison, names []string, runs []DesignRun, tasks []compareTask) error {
	cmp.Runs = make([]CompareRun, len(tasks))
	err := runParallel(len(tasks), s.Jobs, s.Progress, "compare", func(i int) (err error) {
		t := tasks[i]
		cmp.Runs[i], err = runOne(names[t.d], runs[t.d], t.p, t.seed, cmp.ClockMHz)
		return err
	})
	if err != nil {
		return err
	}
	for i := range cmp.Designs {
		d := &cmp.Designs[i]
		for _, r := range cmp.Runs {
			if r.Design != d.Name {
				continue
			}
			d.Runs++
			if r.Status == sudoku.Solved.String() {
				d.Solved++
			}
			if r.WithinTMax {
				d.Within++
			}
		}
	}
	return nil
}

// deviceSlices is the device's slice capacity in the units Fit reports
// (logic elements on an ArchLE device).
func deviceSlices(d area.Device) int {
	if d.Arch == area.ArchLE {
		return d.LEs / 2 // Fit counts two LEs as one slice equivalent
	}
	return d.Slices
}

func runOne(name string, d DesignRun, p Puzzle, seed uint64, clockMHz float64) (CompareRun, error) {
	out, err := d.Run(p.Grid, seed)
	if err != nil {
		return CompareRun{}, fmt.Errorf("bench: compare: %s on %s: %w", name, p.Name, err)
	}
	if out.Solution != nil {
		if err := sudoku.Validate(p.Grid, out.Solution); err != nil {
			return CompareRun{}, fmt.Errorf("bench: compare: %s on %s: wrong answer: %w", name, p.Name, err)
		}
	}
	r := CompareRun{Design: name, Puzzle: p.Name, Order: p.Grid.Order, Seed: seed, Status: out.Status.String(),
		Cycles: out.Cycles, Limit: out.Limit, Seconds: float64(out.Cycles) / (clockMHz * 1e6), TMax: sudoku.TMax(p.Grid.Order),
		Counters: out.Counters}
	r.WithinTMax = out.Status == sudoku.Solved && r.Seconds <= r.TMax
	return r, nil
}

// CompareFiles are the files WriteComparison writes besides the plots.
var CompareFiles = []string{"compare.txt", "compare.csv", "compare.json"}

// WriteComparison writes the text table, the CSV, the JSON and the plots
// of cmp into dir.
func WriteComparison(dir string, cmp *Comparison) error {
	err := writeFiles(dir, CompareFiles, func(name string, w io.Writer) error {
		switch name {
		case "compare.txt":
			return cmp.WriteText(w)
		case "compare.csv":
			return cmp.WriteCSV(w)
		}
		return cmp.WriteJSON(w)
	})
	if err != nil {
		return err
	}
	return WriteComparePlots(dir, cmp)
}

// WriteJSON writes the comparison as one indented JSON object.
func (c *Comparison) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(c)
}

var compareCSVHeader = []string{"design", "puzzle", "order", "seed", "status", "solve_cycles", "cycle_limit",
	"seconds", "tmax_seconds", "within_tmax", "built_for_order", "slices", "block_rams", "device", "fits", "detail"}

// WriteCSV writes one line per run, with the design's resources.
func (c *Comparison) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(compareCSVHeader); err != nil {
		return err
	}
	byName := map[string]CompareDesign{}
	for _, d := range c.Designs {
		byName[d.Name] = d
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, r := range c.Runs {
		d := byName[r.Design]
		detail := ""
		if r.Counters != nil {
			detail = r.Counters.Detail()
		}
		if err := cw.Write([]string{r.Design, r.Puzzle, strconv.Itoa(r.Order), strconv.FormatUint(r.Seed, 10), r.Status,
			strconv.FormatUint(r.Cycles, 10), strconv.FormatUint(r.Limit, 10), f(r.Seconds), f(r.TMax), strconv.FormatBool(r.WithinTMax),
			strconv.Itoa(d.BuiltFor), strconv.Itoa(d.Resources.Slices), strconv.Itoa(d.Resources.BlockRAMs), c.Device,
			strconv.FormatBool(d.Resources.Fits), detail}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteText writes the designs' summary and a table of puzzles by design:
// a solved run's solve cycles, or how it ended; a randomized design's
// solved runs out of its seeds and the median cycles of those solved.
func (c *Comparison) WriteText(w io.Writer) error {
	limit := "t_max of each order"
	if c.MaxCycles > 0 {
		limit = fmt.Sprintf("%d cycles", c.MaxCycles)
	}
	fmt.Fprintf(w, "%d puzzles, %g MHz, cycle limit %s\n%s.\n\n", c.Puzzles, c.ClockMHz, limit, c.Note)
	tw := newTextTable("design", "built for", "slices", "block RAMs", "fits "+c.Device, "solved", "within t_max", "configuration")
	for _, d := range c.Designs {
		fits := "yes"
		switch {
		case !d.Resources.Fits:
			fits = "NO (" + d.Resources.Limiting + ")"
		case d.Resources.Verdict == area.VerdictMayFit:
			fits = "may fit"
		}
		slices := fmt.Sprintf("%d (%d..%d)", d.Resources.Slices, d.Resources.SlicesLow, d.Resources.SlicesHigh)
		tw.row(d.Name, "order "+strconv.Itoa(d.BuiltFor), slices, strconv.Itoa(d.Resources.BlockRAMs), fits,
			fmt.Sprintf("%d/%d", d.Solved, d.Runs), fmt.Sprintf("%d/%d", d.Within, d.Runs), d.Summary)
	}
	tw.write(w)
	fmt.Fprintf(w, "(%s capacity: %d slices, %d block RAMs; uncalibrated structural estimates for prop, ga and swarm)\n\n",
		c.Device, c.Capacity.Slices, c.Capacity.BlockRAMs)
	head := []string{"puzzle", "order"}
	for _, d := range c.Designs {
		h := d.Name
		if d.Seeds > 1 {
			h += fmt.Sprintf(" (%d seeds)", d.Seeds)
		}
		head = append(head, h)
	}
	pt := newTextTable(head...)
	type key struct{ design, puzzle string }
	by := map[key][]CompareRun{}
	var puzzles []string
	orders := map[string]int{}
	for _, r := range c.Runs {
		k := key{r.Design, r.Puzzle}
		if _, ok := orders[r.Puzzle]; !ok {
			puzzles = append(puzzles, r.Puzzle)
			orders[r.Puzzle] = r.Order
		}
		by[k] = append(by[k], r)
	}
	for _, p := range puzzles {
		cells := []string{p, strconv.Itoa(orders[p])}
		for _, d := range c.Designs {
			cells = append(cells, runCell(by[key{d.Name, p}], d.Seeds > 1))
		}
		pt.row(cells...)
	}
	pt.write(w)
	fmt.Fprintln(w, "cells: solve cycles of a solved run; * over t_max; timeout, unsolvable or rejected otherwise")
	for _, d := range c.Designs {
		if d.Seeds > 1 {
			fmt.Fprintln(w, "a randomized design: solved runs / seeds and the median solve cycles of the solved ones (timeouts never averaged)")
			break
		}
	}
	return nil
}

// runCell is one puzzle's cell of a design in the text table.
func runCell(rs []CompareRun, randomized bool) string {
	if len(rs) == 0 {
		return "—"
	}
	if !randomized {
		r := rs[0]
		if r.Status != sudoku.Solved.String() {
			return r.Status
		}
		s := strconv.FormatUint(r.Cycles, 10)
		if !r.WithinTMax {
			s += "*"
		}
		return s
	}
	var solved []uint64
	for _, r := range rs {
		if r.Status == sudoku.Solved.String() {
			solved = append(solved, r.Cycles)
		}
	}
	s := fmt.Sprintf("%d/%d", len(solved), len(rs))
	if len(solved) > 0 {
		slices.Sort(solved)
		s += fmt.Sprintf(" %d", solved[len(solved)/2])
	}
	return s
}

// textTable lays out columns padded to their widest cell.
type textTable struct{ rows [][]string }

func newTextTable(head ...string) *textTable { return &textTable{rows: [][]string{head}} }

func (t *textTable) row(cells ...string) { t.rows = append(t.rows, cells) }

func (t *textTable) write(w io.Writer) {
	width := make([]int, len(t.rows[0]))
	for _, r := range t.rows {
		for i, c := range r {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	for _, r := range t.rows {
		var b strings.Builder
		for i, c := range r {
			if i == len(r)-1 {
				b.WriteString(c)
				break
			}
			b.WriteString(c)
			b.WriteString(strings.Repeat(" ", width[i]-len([]rune(c))+2))
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// SuccessBySeeds is, for s = 1..seeds, the share of runs of a randomized
// design solved with seeds 1..s (mean success rate) and the share of
// puzzles solved by at least one of seeds 1..s.
func (c *Comparison) SuccessBySeeds(design string) (rate, anyOf []float64) {
	seeds := 0
	solved := map[string]map[uint64]bool{}
	for _, r := range c.Runs {
		if r.Design != design {
			continue
		}
		if solved[r.Puzzle] == nil {
			solved[r.Puzzle] = map[uint64]bool{}
		}
		solved[r.Puzzle][r.Seed] = r.Status == sudoku.Solved.String()
		seeds = max(seeds, int(r.Seed))
	}
	if len(solved) == 0 {
		return nil, nil
	}
	puzzles := make([]string, 0, len(solved))
	for p := range solved {
		puzzles = append(puzzles, p)
	}
	sort.Strings(puzzles)
	runs, ok := 0, 0
	got := map[string]bool{}
	for s := 1; s <= seeds; s++ {
		for _, p := range puzzles {
			runs++
			if solved[p][uint64(s)] {
				ok++
				got[p] = true
			}
		}
		rate = append(rate, float64(ok)/float64(runs))
		anyOf = append(anyOf, float64(len(got))/float64(len(puzzles)))
	}
	return rate, anyOf
}
