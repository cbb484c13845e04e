package bench

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"sudokusim/sudoku"
)

// ComparePlotNames are the plots of a comparison, each as NAME.png and
// NAME.svg; ga_success_vs_seeds only when a randomized design ran.
var ComparePlotNames = []string{"cycles_vs_order", "slices_vs_order", "ga_success_vs_seeds"}

// WriteComparePlots draws the comparison's plots into dir.
func WriteComparePlots(dir string, c *Comparison) error {
	p, err := compareCycles(c)
	if err != nil {
		return fmt.Errorf("bench: plot cycles_vs_order: %w", err)
	}
	if err := savePlot(p, dir, "cycles_vs_order"); err != nil {
		return err
	}
	if p, err = compareSlices(c); err != nil {
		return fmt.Errorf("bench: plot slices_vs_order: %w", err)
	}
	if err := savePlot(p, dir, "slices_vs_order"); err != nil {
		return err
	}
	for _, d := range c.Designs {
		if d.Seeds > 1 || d.Name == "ga" {
			p, err := compareSuccess(c, d.Name)
			if err != nil {
				return fmt.Errorf("bench: plot ga_success_vs_seeds: %w", err)
			}
			return savePlot(p, dir, "ga_success_vs_seeds")
		}
	}
	return nil
}

// designOffset spreads the designs' glyphs around each order so that
// points of one order do not hide each other.
func designOffset(i, n int) float64 {
	if n <= 1 {
		return 0
	}
	return -0.3 + 0.6*float64(i)/float64(n-1)
}

// compareCycles: solve cycles against the puzzle's order, a colour and
// glyph per design; a solved run filled, a timeout a cross at the limit it
// hit, a rejected or unsolvable run not drawn (the text table has it); the
// t_max of each order at the clock as a black line.
func compareCycles(c *Comparison) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Solve cycles vs order (%g MHz, grid loaded directly)", c.ClockMHz)
	p.X.Label.Text = "puzzle order n"
	p.Y.Label.Text = "solve cycles"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = decadeTicks{}
	p.X.Tick.Marker = intTicks{}
	minO, maxO := sudoku.MaxOrder, 0
	for _, r := range c.Runs {
		minO, maxO = min(minO, r.Order), max(maxO, r.Order)
	}
	var tmax plotter.XYs
	for n := minO; n <= maxO; n++ {
		tmax = append(tmax, plotter.XY{X: float64(n), Y: float64(TMaxCycles(n, c.ClockMHz))})
	}
	l, err := plotter.NewLine(tmax)
	if err != nil {
		return nil, err
	}
	l.Color, l.Width = color.Black, vg.Points(1)
	p.Add(l)
	p.Legend.Add("t_max", l)
	anyTimeout := false
	var notDrawn []string
	for i, d := range c.Designs {
		var solved, timeout plotter.XYs
		others := map[string]int{}
		dx := designOffset(i, len(c.Designs))
		for _, r := range c.Runs {
			if r.Design != d.Name {
				continue
			}
			xy := plotter.XY{X: float64(r.Order) + dx, Y: float64(max(1, r.Cycles))}
			switch r.Status {
			case sudoku.Solved.String():
				solved = append(solved, xy)
			case sudoku.Timeout.String():
				timeout = append(timeout, xy)
			default:
				others[r.Status]++
			}
		}
		for _, st := range []string{sudoku.Rejected.String(), sudoku.Unsolvable.String()} {
			if n := others[st]; n > 0 {
				notDrawn = append(notDrawn, fmt.Sprintf("%s: %d %s, not drawn", d.Name, n, st))
			}
		}
		col := plotutil.Color(i)
		var thumbs []plot.Thumbnailer
		if len(solved) > 0 {
			s, err := scatter(solved, col, solvedGlyph(i), vg.Points(3))
			if err != nil {
				return nil, err
			}
			p.Add(s)
			thumbs = append(thumbs, s)
		}
		if len(timeout) > 0 {
			anyTimeout = true
			s, err := scatter(timeout, col, draw.CrossGlyph{}, vg.Points(3))
			if err != nil {
				return nil, err
			}
			p.Add(s)
			if len(thumbs) == 0 {
				thumbs = append(thumbs, s)
			}
		}
		if len(thumbs) == 0 {
			continue
		}
		name := d.Name
		if d.Seeds > 1 {
			name += fmt.Sprintf(" (%d seeds)", d.Seeds)
		}
		p.Legend.Add(name, thumbs...)
	}
	if anyTimeout {
		s, err := scatter(plotter.XYs{{X: float64(minO), Y: 1}}, color.Gray{Y: 90}, draw.CrossGlyph{}, vg.Points(3))
		if err != nil {
			return nil, err
		}
		p.Legend.Add("× timeout, at its limit", s)
	}
	for _, t := range notDrawn {
		p.Legend.Add(t)
	}
	// The legend stands right of the data: the axis runs on past the
	// largest order, with ticks only where there are puzzles.
	p.X.Tick.Marker = intTicks{upTo: float64(maxO)}
	p.X.Min, p.X.Max = float64(minO)-0.6, float64(maxO)+0.6+0.45*float64(maxO-minO+1)
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	return p, nil
}

// compareSlices: each design's slices when built for each order, faded
// where it does not fit the device (slices or block RAMs), with the
// device's slice capacity.
func compareSlices(c *Comparison) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Slices vs order built for (" + c.Device + ")"
	p.X.Label.Text = "order the design is built for"
	p.Y.Label.Text = "slices (estimate)"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = decadeTicks{}
	p.X.Tick.Marker = intTicks{}
	minO, maxO := sudoku.MaxOrder, 0
	for i, d := range c.Designs {
		var line, fit, nofit plotter.XYs
		for _, a := range d.Area {
			minO, maxO = min(minO, a.Order), max(maxO, a.Order)
			xy := plotter.XY{X: float64(a.Order), Y: float64(max(1, a.Slices))}
			line = append(line, xy)
			if a.Fits {
				fit = append(fit, xy)
			} else {
				nofit = append(nofit, xy)
			}
		}
		if len(line) == 0 {
			continue
		}
		l, err := designLine(p, i, line)
		if err != nil {
			return nil, err
		}
		thumbs := []plot.Thumbnailer{l}
		if len(fit) > 0 {
			s, err := scatter(fit, plotutil.Color(i), solvedGlyph(i), vg.Points(3))
			if err != nil {
				return nil, err
			}
			p.Add(s)
			thumbs = append(thumbs, s)
		}
		if len(nofit) > 0 {
			s, err := scatter(nofit, fade(plotutil.Color(i)), solvedGlyph(i), vg.Points(3))
			if err != nil {
				return nil, err
			}
			p.Add(s)
		}
		p.Legend.Add(d.Name, thumbs...)
	}
	if err := capacityLine(p, float64(minO), float64(maxO), float64(c.Capacity.Slices),
		fmt.Sprintf("%s capacity (%d slices)", c.Device, c.Capacity.Slices)); err != nil {
		return nil, err
	}
	s, err := scatter(plotter.XYs{{X: float64(minO), Y: 1}}, fade(color.Black), draw.CircleGlyph{}, vg.Points(3))
	if err != nil {
		return nil, err
	}
	p.Legend.Add("faded: does not fit (slices or block RAMs)", s)
	p.X.Min, p.X.Max = float64(minO)-0.5, float64(maxO)+0.5
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	return p, nil
}

// compareSuccess: a randomized design's success against the seeds run —
// the share of all runs with seeds 1..s that solved, and the share of
// puzzles solved by at least one of seeds 1..s.
func compareSuccess(c *Comparison, design string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s success vs seeds (%d puzzles)", design, c.Puzzles)
	p.X.Label.Text = "seeds run (1..s)"
	p.Y.Label.Text = "solved"
	p.Y.Tick.Marker = percentTicks{}
	p.X.Tick.Marker = intTicks{}
	rate, anyOf := c.SuccessBySeeds(design)
	for i, ys := range []struct {
		name string
		v    []float64
	}{{"runs solved (success rate)", rate}, {"puzzles solved by any of the seeds", anyOf}} {
		var pts plotter.XYs
		for s, v := range ys.v {
			pts = append(pts, plotter.XY{X: float64(s + 1), Y: v})
		}
		if len(pts) == 0 {
			continue
		}
		l, err := designLine(p, i, pts)
		if err != nil {
			return nil, err
		}
		sc, err := scatter(pts, plotutil.Color(i), solvedGlyph(i), vg.Points(3))
		if err != nil {
			return nil, err
		}
		p.Add(sc)
		p.Legend.Add(ys.name, l, sc)
	}
	p.Y.Min, p.Y.Max = 0, 1.05
	p.X.Min = 0.5
	p.X.Max = max(p.X.Max, 1) + 0.5
	p.Legend.Top, p.Legend.Left = true, true
	return p, nil
}
