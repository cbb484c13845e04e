package bench

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"sudokusim/rtl/area"
	"sudokusim/sudoku/logic"
)

// PlotNames are the plots a sweep writes, each as NAME.png and NAME.svg.
var PlotNames = []string{"slices_vs_k", "bram_vs_order", "cycles_vs_k", "pareto"}

// plotK are the evaluator widths of the model lines.
var plotK = []int{1, 2, 4, 8, 16, 32}

// WritePlots draws the four sweep plots of rows into dir.
func WritePlots(dir string, rows []Row, dev area.Device) error {
	builders := map[string]func([]Row, area.Device) (*plot.Plot, error){
		"slices_vs_k":   slicesVsK,
		"bram_vs_order": bramVsOrder,
		"cycles_vs_k":   cyclesVsK,
		"pareto":        pareto,
	}
	for _, name := range PlotNames {
		p, err := builders[name](rows, dev)
		if err != nil {
			return fmt.Errorf("bench: plot %s: %w", name, err)
		}
		widenLog(&p.X)
		widenLog(&p.Y)
		for _, ext := range []string{".png", ".svg"} {
			if err := p.Save(16*vg.Centimeter, 11*vg.Centimeter, filepath.Join(dir, name+ext)); err != nil {
				return fmt.Errorf("bench: plot %s%s: %w", name, ext, err)
			}
		}
	}
	return nil
}

// configs lists the distinct configurations of rows in key order.
func configs(rows []Row) []Config {
	seen := map[Config]bool{}
	var out []Config
	for _, r := range rows {
		c := r.Config()
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// designs lists the distinct (heuristics, max order) pairs of rows.
func designs(rows []Row) []Config {
	seen := map[Config]bool{}
	var out []Config
	for _, c := range configs(rows) {
		d := Config{Heuristics: c.Heuristics, SubsetUnits: c.SubsetUnits, MaxOrder: c.MaxOrder}
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// shortDesign names a heuristic set (and, for version 2, the subset
// comparator width) in a legend.
func shortDesign(h string, units int) string {
	if h == "none" {
		return "v1"
	}
	p := "default"
	if units > 0 {
		p = fmt.Sprint(units)
	}
	if c, _ := canonicalHeuristics("paper"); c == h {
		return "v2 paper P=" + p
	}
	return "v2 " + h + " P=" + p
}

func addLine(p *plot.Plot, i int, name string, pts plotter.XYs, dots bool) error {
	l, err := plotter.NewLine(pts)
	if err != nil {
		return err
	}
	l.Color = plotutil.Color(i)
	l.Dashes = plotutil.Dashes(i)
	l.Width = vg.Points(1.2)
	p.Add(l)
	thumbs := []plot.Thumbnailer{l}
	if dots {
		s, err := plotter.NewScatter(pts)
		if err != nil {
			return err
		}
		s.Color = l.Color
		s.Shape = plotutil.Shape(i)
		p.Add(s)
		thumbs = append(thumbs, s)
	}
	p.Legend.Add(name, thumbs...)
	return nil
}

// slicesVsK: the model's slices against k for every swept design, with the
// paper's Table 2 points.
func slicesVsK(rows []Row, dev area.Device) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Slices vs candidates per cycle (" + dev.Name + ")"
	p.X.Label.Text = "candidates per cycle k"
	p.Y.Label.Text = "slices"
	p.Y.Tick.Marker = siTicks{}
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = kTicks{}
	for i, d := range designs(rows) {
		var pts plotter.XYs
		for _, k := range plotK {
			ap, err := AreaParams(Config{CPC: k, Heuristics: d.Heuristics, SubsetUnits: d.SubsetUnits, MaxOrder: d.MaxOrder, ClockMHz: 100}, true)
			if err != nil {
				return nil, err
			}
			r, err := area.Estimate(ap)
			if err != nil {
				return nil, err
			}
			pts = append(pts, plotter.XY{X: float64(k), Y: float64(r.Fit(dev).Slices)})
		}
		if err := addLine(p, i, fmt.Sprintf("model %s m=%d", shortDesign(d.Heuristics, d.SubsetUnits), d.MaxOrder), pts, true); err != nil {
			return nil, err
		}
	}
	var paper plotter.XYs
	for _, t := range area.Table2 {
		paper = append(paper, plotter.XY{X: float64(t.CPC), Y: float64(t.Slices)})
	}
	s, err := plotter.NewScatter(paper)
	if err != nil {
		return nil, err
	}
	s.Shape = draw.CrossGlyph{}
	s.Radius = vg.Points(5)
	s.Color = color.Black
	p.Add(s)
	p.Legend.Add("paper Table 2 (v1, m=15, XC2VP30)", s)
	// The legend gets the top of the plot to itself: the slices axis runs
	// on above the data by a line per entry.
	entries := len(designs(rows)) + 2
	p.Y.Max *= 1 + 0.075*float64(entries)
	if err := capacityLine(p, float64(plotK[0]), float64(plotK[len(plotK)-1]), float64(deviceSlices(dev)),
		fmt.Sprintf("%s capacity (%d slices)", dev.Name, deviceSlices(dev))); err != nil {
		return nil, err
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	return p, nil
}

// bramVsOrder: block RAMs of version 1 and version 2 against the maximum
// order, with the device's capacity.
func bramVsOrder(_ []Row, dev area.Device) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Block RAMs vs maximum order (" + dev.Name + ")"
	p.X.Label.Text = "maximum order m"
	p.Y.Label.Text = "block RAMs"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	for i, hs := range [][]logic.Heuristic{nil, logic.PaperSet()} {
		var pts plotter.XYs
		for m := 3; m <= 15; m++ {
			ap := area.DefaultParams()
			ap.MaxOrder, ap.Heuristics = m, hs
			r, err := area.Estimate(ap)
			if err != nil {
				return nil, err
			}
			pts = append(pts, plotter.XY{X: float64(m), Y: float64(r.Fit(dev).BlockRAMs)})
		}
		name := "version 1 (GridMem + GivenMem)"
		if hs != nil {
			name = "version 2 (+ CandMem, MissingMem)"
		}
		if err := addLine(p, i, name, pts, true); err != nil {
			return nil, err
		}
	}
	if err := capacityLine(p, 3, 15, float64(dev.BlockRAMs), fmt.Sprintf("%s capacity (%d)", dev.Name, dev.BlockRAMs)); err != nil {
		return nil, err
	}
	p.Legend.Top, p.Legend.Left = true, true
	return p, nil
}

// cyclesVsK: solve cycles (load + heuristics + search) against k, a line
// per puzzle and design (heuristic set, comparator width), at the first
// swept clock and the largest swept maximum order (cycles do not depend on
// the maximum order).
func cyclesVsK(rows []Row, _ area.Device) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Solve cycles vs candidates per cycle"
	p.X.Label.Text = "candidates per cycle k"
	p.Y.Label.Text = "load + heuristics + search cycles"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = kTicks{}
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = ticks125{}
	clock, maxM := math.Inf(1), 0
	type design struct {
		heur  string
		units int
	}
	kinds := map[design]bool{}
	for _, r := range rows {
		clock = math.Min(clock, r.ClockMHz)
		maxM = max(maxM, r.MaxOrder)
		kinds[design{r.Heuristics, r.SubsetUnits}] = true
	}
	type series struct {
		puzzle, heur string
		units        int
	}
	lines := map[series][]Row{}
	var order []series
	for _, r := range rows {
		if r.ClockMHz != clock || r.MaxOrder != maxM {
			continue
		}
		s := series{r.Puzzle, r.Heuristics, r.SubsetUnits}
		if _, ok := lines[s]; !ok {
			order = append(order, s)
		}
		lines[s] = append(lines[s], r)
	}
	sort.Slice(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if a.puzzle != b.puzzle {
			return a.puzzle < b.puzzle
		}
		if a.heur != b.heur {
			return a.heur < b.heur
		}
		return a.units < b.units
	})
	anyTimeout := false
	for i, s := range order {
		rs := lines[s]
		sort.Slice(rs, func(a, b int) bool { return rs[a].CPC < rs[b].CPC })
		name := s.puzzle
		if len(kinds) > 1 {
			name += " " + shortDesign(s.heur, s.units)
		}
		// Solved runs are joined; a timeout breaks the line and is a
		// cross at the cycles it was stopped at.
		var seg, timeouts plotter.XYs
		var thumbs []plot.Thumbnailer
		flush := func() error {
			if len(seg) == 0 {
				return nil
			}
			if len(seg) > 1 {
				l, err := designLine(p, i, seg)
				if err != nil {
					return err
				}
				if len(thumbs) == 0 {
					thumbs = append(thumbs, l)
				}
			}
			sc, err := scatter(seg, plotutil.Color(i), plotutil.Shape(i), vg.Points(3))
			if err != nil {
				return err
			}
			p.Add(sc)
			thumbs = append(thumbs, sc)
			seg = nil
			return nil
		}
		for _, r := range rs {
			xy := plotter.XY{X: float64(r.CPC), Y: float64(max(1, r.Solve))}
			if r.Status == "solved" {
				seg = append(seg, xy)
				continue
			}
			if err := flush(); err != nil {
				return nil, err
			}
			if r.Status == "timeout" {
				timeouts = append(timeouts, xy)
			}
		}
		if err := flush(); err != nil {
			return nil, err
		}
		if len(timeouts) > 0 {
			anyTimeout = true
			sc, err := scatter(timeouts, plotutil.Color(i), draw.CrossGlyph{}, vg.Points(4))
			if err != nil {
				return nil, err
			}
			p.Add(sc)
			if len(thumbs) == 0 {
				thumbs = append(thumbs, sc)
			}
		}
		p.Legend.Add(name, thumbs...)
	}
	if anyTimeout {
		sc, err := scatter(plotter.XYs{{X: 1, Y: 1}}, color.Gray{Y: 90}, draw.CrossGlyph{}, vg.Points(4))
		if err != nil {
			return nil, err
		}
		p.Legend.Add("× timeout, at the watchdog", sc)
	}
	p.Title.Text += fmt.Sprintf(" (m=%d, %g MHz)", maxM, clock)
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	// Room on the right for the legend: the k axis runs on to 4× its data,
	// ticks only where there is data.
	p.X.Tick.Marker = kTicks{upTo: p.X.Max}
	p.X.Max *= 4
	return p, nil
}

// pareto: every configuration as (mean seconds over its puzzles, slices).
// A configuration with a timeout is a cross: its mean counts the timeout
// at the time it was stopped, so it is only a lower bound, and it takes no
// part in the front. A configuration that does not fit the device is faded
// and takes no part either. The front — the solved-everything, fitting
// configurations no other one beats on both — is labelled; the device's
// slice capacity is a dashed line.
func pareto(rows []Row, dev area.Device) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Slices vs mean solve time (" + dev.Name + ")"
	p.X.Label.Text = "mean seconds per puzzle"
	p.Y.Label.Text = "slices"
	p.Y.Tick.Marker = siTicks{}
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = ticks125{}
	type acc struct {
		sum         float64
		n, timeouts int
		slices      int
		fits        bool
	}
	by := map[Config]*acc{}
	for _, r := range rows {
		a := by[r.Config()]
		if a == nil {
			a = &acc{slices: r.Slices, fits: r.Fits}
			by[r.Config()] = a
		}
		a.sum += r.Seconds
		a.n++
		if r.Status != "solved" {
			a.timeouts++
		}
	}
	var clean plotter.XYs
	groups := map[string]plotter.XYs{}
	names := map[plotter.XY]string{}
	minX, maxX := math.Inf(1), 0.0
	for _, c := range configs(rows) {
		a := by[c]
		xy := plotter.XY{X: math.Max(a.sum/float64(a.n), 1e-9), Y: float64(a.slices)}
		minX, maxX = math.Min(minX, xy.X), math.Max(maxX, xy.X)
		kind := "solved"
		if a.timeouts > 0 {
			kind = "timeout"
		}
		if !a.fits {
			kind += " nofit"
		}
		groups[kind] = append(groups[kind], xy)
		if a.timeouts == 0 && a.fits {
			clean = append(clean, xy)
		}
		name := fmt.Sprintf("k=%d m=%d", c.CPC, c.MaxOrder)
		if c.Heuristics != "none" {
			name += " " + shortDesign(c.Heuristics, c.SubsetUnits)
		}
		if _, dup := names[xy]; !dup {
			names[xy] = name
		}
	}
	for _, g := range []struct {
		kind, legend string
		glyph        draw.GlyphDrawer
		faded        bool
	}{
		{"solved", "configurations (every puzzle solved)", draw.CircleGlyph{}, false},
		{"timeout", "× with timeouts (mean is a lower bound)", draw.CrossGlyph{}, false},
		{"solved nofit", "faded: does not fit " + dev.Name, draw.CircleGlyph{}, true},
		{"timeout nofit", "faded: does not fit " + dev.Name, draw.CrossGlyph{}, true},
	} {
		if len(groups[g.kind]) == 0 {
			continue
		}
		col := plotutil.Color(0)
		if g.faded {
			col = fade(col)
		}
		sc, err := scatter(groups[g.kind], col, g.glyph, vg.Points(3))
		if err != nil {
			return nil, err
		}
		p.Add(sc)
		if g.kind != "timeout nofit" || len(groups["solved nofit"]) == 0 {
			p.Legend.Add(g.legend, sc)
		}
	}
	front := paretoFront(clean)
	if len(front) > 0 {
		if err := addLine(p, 1, "Pareto front (fitting, all solved)", front, false); err != nil {
			return nil, err
		}
		texts := make([]string, len(front))
		for i, q := range front {
			texts[i] = names[q]
		}
		p.Add(newPlaceLabels(front, texts, vg.Points(7)))
	} else {
		p.Title.Text += ": no front"
		p.Legend.Add("no fitting configuration solved every puzzle")
	}
	if maxX > 0 {
		if err := capacityLine(p, minX, maxX, float64(deviceSlices(dev)),
			fmt.Sprintf("%s capacity (%d slices)", dev.Name, deviceSlices(dev))); err != nil {
			return nil, err
		}
	}
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	return p, nil
}

// paretoFront returns the points not dominated by another (lower or equal
// time and slices, one strictly lower), by increasing time.
func paretoFront(pts plotter.XYs) plotter.XYs {
	s := append(plotter.XYs(nil), pts...)
	sort.Slice(s, func(i, j int) bool {
		if s[i].X != s[j].X {
			return s[i].X < s[j].X
		}
		return s[i].Y < s[j].Y
	})
	var front plotter.XYs
	best := math.Inf(1)
	for _, q := range s {
		if q.Y < best {
			front = append(front, q)
			best = q.Y
		}
	}
	return front
}

// widenLog gives a log axis a range around its data: a sweep of one k or
// one configuration has a single value, which a log scale cannot span.
func widenLog(a *plot.Axis) {
	if _, ok := a.Scale.(plot.LogScale); !ok {
		return
	}
	a.Min = math.Max(a.Min, 1e-12) / 1.25
	a.Max = math.Max(a.Max, a.Min) * 1.25
}

// ticks125 marks the powers of ten of a log axis spanning more than three
// decades; otherwise 1, 2 and 5 times them — or every mantissa 1..9, or the
// range's ends, when that leaves fewer than two ticks — so a range inside
// one decade still has labelled ticks.
type ticks125 struct{}

func (ticks125) Ticks(min, max float64) []plot.Tick {
	if !(min > 0) || !(max > min) {
		return nil
	}
	mark := func(mantissas []float64) []plot.Tick {
		var t []plot.Tick
		for e := math.Floor(math.Log10(min)); e <= math.Ceil(math.Log10(max)); e++ {
			for _, m := range mantissas {
				v := m * math.Pow(10, e)
				if v >= min && v <= max {
					t = append(t, plot.Tick{Value: v, Label: plainNumber(v)})
				}
			}
		}
		return t
	}
	if max/min > 1000 {
		return mark([]float64{1})
	}
	t := mark([]float64{1, 2, 5})
	if len(t) < 2 {
		t = mark([]float64{1, 2, 3, 4, 5, 6, 7, 8, 9})
	}
	if len(t) < 2 {
		t = []plot.Tick{
			{Value: min, Label: plainNumber(min)},
			{Value: max, Label: plainNumber(max)},
		}
	}
	return t
}

// kTicks marks the powers of two of the k axis, up to upTo when it is set
// (an axis stretched to make room for a legend has no k beyond its data).
type kTicks struct{ upTo float64 }

func (kt kTicks) Ticks(min, max float64) []plot.Tick {
	if kt.upTo > 0 && kt.upTo < max {
		max = kt.upTo
	}
	var t []plot.Tick
	for k := 1.0; k <= max*1.0001; k *= 2 {
		if k >= min*0.9999 {
			t = append(t, plot.Tick{Value: k, Label: fmt.Sprintf("%g", k)})
		}
	}
	return t
}
