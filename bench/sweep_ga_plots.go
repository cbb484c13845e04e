package bench

import (
	"fmt"
	"image/color"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"sudokusim/rtl/area"
	"sudokusim/sudoku"
)

func writeGAPlots(dir string, rows []GARow, dev area.Device) error {
	p, err := gaFitnessPlot(rows)
	if err != nil {
		return fmt.Errorf("bench: plot ga_fitness_vs_generation: %w", err)
	}
	if err := savePlot(p, dir, "ga_fitness_vs_generation"); err != nil {
		return err
	}
	if p, err = gaParetoPlot(rows, dev); err != nil {
		return fmt.Errorf("bench: plot ga_pareto: %w", err)
	}
	return savePlot(p, dir, "ga_pareto")
}

// gaConfigs lists the sweep's configurations in sweep order.
func gaConfigs(rows []GARow) []gaKey {
	seen := map[gaKey]bool{}
	var out []gaKey
	for _, r := range rows {
		if !seen[r.key()] {
			seen[r.key()] = true
			out = append(out, r.key())
		}
	}
	return out
}

// MedianFitness is the median over runs of the best fitness after each
// generation; a run that solved before the longest one ended stays at 0,
// one that stopped at its generation cap holds its last value.
func MedianFitness(histories [][]int) []int {
	n := 0
	for _, h := range histories {
		n = max(n, len(h))
	}
	out := make([]int, n)
	vals := make([]int, len(histories))
	for g := 0; g < n; g++ {
		for i, h := range histories {
			switch {
			case g < len(h):
				vals[i] = h[g]
			case len(h) > 0 && h[len(h)-1] == 0:
				vals[i] = 0
			case len(h) > 0:
				vals[i] = h[len(h)-1]
			}
		}
		sort.Ints(vals)
		out[g] = vals[len(vals)/2]
	}
	return out
}

// gaFitnessPlot: the best fitness against the generation on the sweep's
// first puzzle, a line per configuration (the median over its seeds), and
// a dot where that line last improved: everything right of the dot is the
// stagnation seed 001 describes.
func gaFitnessPlot(rows []GARow) (*plot.Plot, error) {
	p := plot.New()
	if len(rows) == 0 {
		return p, nil
	}
	puzzle := rows[0].Puzzle
	p.Title.Text = fmt.Sprintf("GA best fitness vs generation (%s, median over seeds)", puzzle)
	p.X.Label.Text = "generation"
	p.Y.Label.Text = "best fitness (conflicts; 0 = solved)"
	for i, k := range gaConfigs(rows) {
		var hs [][]int
		for _, r := range rows {
			if r.Puzzle == puzzle && r.key() == k {
				hs = append(hs, r.full)
			}
		}
		med := MedianFitness(hs)
		if len(med) == 0 {
			continue
		}
		last, _ := DownsampleFitness(med, 2)
		step := max(1, len(med)/400)
		var pts plotter.XYs
		for g := 0; g < len(med); g += step {
			pts = append(pts, plotter.XY{X: float64(g), Y: float64(med[g])})
		}
		pts = append(pts, plotter.XY{X: float64(len(med) - 1), Y: float64(med[len(med)-1])})
		l, err := designLine(p, i, pts)
		if err != nil {
			return nil, err
		}
		dot, err := scatter(plotter.XYs{{X: float64(last), Y: float64(med[last])}}, plotutil.Color(i), solvedGlyph(i), vg.Points(3.5))
		if err != nil {
			return nil, err
		}
		p.Add(dot)
		p.Legend.Add(fmt.Sprintf("%s: last better at %d of %d", k, last, len(med)-1), l, dot)
	}
	p.Y.Min = 0
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	return p, nil
}

// gaParetoPlot: each configuration's share of runs solved against its
// slices; the Pareto front (fewer slices, more solved) joins only the
// configurations that fit the device, the others are faded; the device's
// slice capacity is a vertical line.
func gaParetoPlot(rows []GARow, dev area.Device) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "GA: runs solved vs slices (" + dev.Name + ")"
	p.X.Label.Text = "slices (estimate)"
	p.Y.Label.Text = "runs solved"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = decadeTicks{}
	p.Y.Tick.Marker = percentTicks{}
	type acc struct {
		runs, solved, slices int
		fits                 bool
	}
	by := map[gaKey]*acc{}
	keys := gaConfigs(rows)
	for _, r := range rows {
		a := by[r.key()]
		if a == nil {
			a = &acc{slices: r.Slices, fits: r.Fits}
			by[r.key()] = a
		}
		a.runs++
		if r.Status == sudoku.Solved.String() {
			a.solved++
		}
	}
	pts := make([]ParetoPoint, len(keys))
	for i, k := range keys {
		a := by[k]
		pts[i] = ParetoPoint{Cost: float64(max(1, a.slices)), Gain: float64(a.solved) / float64(a.runs), Fits: a.fits, Label: k.String()}
	}
	return paretoPlot(p, pts, deviceSlices(dev), dev.Name)
}

// ParetoPoint is one configuration of a Pareto plot: its cost (slices,
// lower is better), its gain (higher is better), whether it fits the
// device.
type ParetoPoint struct {
	Cost, Gain float64
	Fits       bool
	Label      string
}

// ParetoFront returns the indices of the points that fit and that no
// other fitting point beats (cost ≤, gain ≥, one strictly), by increasing
// cost.
func ParetoFront(pts []ParetoPoint) []int {
	var idx []int
	for i, q := range pts {
		if q.Fits {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool {
		if pts[idx[a]].Cost != pts[idx[b]].Cost {
			return pts[idx[a]].Cost < pts[idx[b]].Cost
		}
		return pts[idx[a]].Gain > pts[idx[b]].Gain
	})
	var front []int
	for _, i := range idx {
		if len(front) == 0 || pts[i].Gain > pts[front[len(front)-1]].Gain {
			front = append(front, i)
		}
	}
	return front
}

// paretoPlot draws points (x = cost on p's x axis, y = gain): fitting ones
// solid, the others faded, the front of the fitting ones as a line with
// non-overlapping labels, and the capacity as a vertical dashed line.
func paretoPlot(p *plot.Plot, pts []ParetoPoint, capacity int, device string) (*plot.Plot, error) {
	var fit, nofit plotter.XYs
	for _, q := range pts {
		xy := plotter.XY{X: q.Cost, Y: q.Gain}
		if q.Fits {
			fit = append(fit, xy)
		} else {
			nofit = append(nofit, xy)
		}
	}
	if len(fit) > 0 {
		s, err := scatter(fit, plotutil.Color(0), draw.CircleGlyph{}, vg.Points(3))
		if err != nil {
			return nil, err
		}
		p.Add(s)
		p.Legend.Add("fits "+device, s)
	}
	if len(nofit) > 0 {
		s, err := scatter(nofit, fade(plotutil.Color(0)), draw.CircleGlyph{}, vg.Points(3))
		if err != nil {
			return nil, err
		}
		p.Add(s)
		p.Legend.Add("does not fit (faded)", s)
	}
	front := ParetoFront(pts)
	if len(front) > 0 {
		var xys plotter.XYs
		var labels []string
		for _, i := range front {
			xys = append(xys, plotter.XY{X: pts[i].Cost, Y: pts[i].Gain})
			labels = append(labels, pts[i].Label)
		}
		l, err := plotter.NewLine(xys)
		if err != nil {
			return nil, err
		}
		l.Color, l.Width = plotutil.Color(1), vg.Points(1.5)
		p.Add(l)
		p.Legend.Add("Pareto front of the fitting ones", l)
		p.Add(newPlaceLabels(xys, labels, vg.Points(7)))
	}
	ymin, ymax := 0.0, 1.0
	for _, q := range pts {
		ymin, ymax = min(ymin, q.Gain), max(ymax, q.Gain)
	}
	l, err := plotter.NewLine(plotter.XYs{{X: float64(capacity), Y: ymin}, {X: float64(capacity), Y: ymax}})
	if err != nil {
		return nil, err
	}
	l.Color = color.Black
	l.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
	l.Width = vg.Points(1.5)
	p.Add(l)
	p.Legend.Add(fmt.Sprintf("%s capacity (%d slices)", device, capacity), l)
	p.Y.Min, p.Y.Max = ymin, ymax*1.05
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	return p, nil
}
