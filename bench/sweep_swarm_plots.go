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

func writeSwarmPlots(dir string, rows []SwarmRow, dev area.Device) error {
	p, err := swarmCyclesPlot(rows)
	if err != nil {
		return fmt.Errorf("bench: plot swarm_cycles_vs_engines: %w", err)
	}
	if err := savePlot(p, dir, "swarm_cycles_vs_engines"); err != nil {
		return err
	}
	if p, err = swarmParetoPlot(rows, dev); err != nil {
		return fmt.Errorf("bench: plot swarm_pareto: %w", err)
	}
	return savePlot(p, dir, "swarm_pareto")
}

// swarmCyclesPlot: cycles against the number of engines, a series per
// puzzle (and stack depth and copy width when those were swept): solved
// runs joined by a line, which breaks at a timeout; a timeout is a cross at
// the cycles it stopped at (the limit, or earlier when the engines and the
// stack were full).
func swarmCyclesPlot(rows []SwarmRow) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Engine array: cycles vs engines"
	p.X.Label.Text = "board engines B"
	p.Y.Label.Text = "cycles (load to halt)"
	p.X.Scale = plot.LogScale{}
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = decadeTicks{}
	type series struct {
		puzzle string
		s, w   int
	}
	stacks, widths := map[int]bool{}, map[int]bool{}
	by := map[series][]SwarmRow{}
	var order []series
	maxB := 0
	for _, r := range rows {
		stacks[r.StackDepth], widths[r.CopyWidth] = true, true
		k := series{r.Puzzle, r.StackDepth, r.CopyWidth}
		if _, ok := by[k]; !ok {
			order = append(order, k)
		}
		by[k] = append(by[k], r)
		maxB = max(maxB, r.Engines)
	}
	anyTimeout := false
	for i, k := range order {
		rs := by[k]
		sort.Slice(rs, func(a, b int) bool { return rs[a].Engines < rs[b].Engines })
		var seg, timeouts plotter.XYs
		var thumbs []plot.Thumbnailer
		flush := func() error {
			if len(seg) > 1 {
				l, err := designLine(p, i, seg)
				if err != nil {
					return err
				}
				if len(thumbs) == 0 {
					thumbs = append(thumbs, l)
				}
			}
			if len(seg) > 0 {
				s, err := scatter(seg, plotutil.Color(i), solvedGlyph(i), vg.Points(3))
				if err != nil {
					return err
				}
				p.Add(s)
				thumbs = append(thumbs, s)
			}
			seg = nil
			return nil
		}
		for _, r := range rs {
			xy := plotter.XY{X: float64(r.Engines), Y: float64(max(1, r.Cycles))}
			if r.Status == sudoku.Solved.String() {
				seg = append(seg, xy)
				continue
			}
			if err := flush(); err != nil {
				return nil, err
			}
			if r.Status == sudoku.Timeout.String() {
				timeouts = append(timeouts, xy)
			}
		}
		if err := flush(); err != nil {
			return nil, err
		}
		if len(timeouts) > 0 {
			anyTimeout = true
			s, err := scatter(timeouts, plotutil.Color(i), draw.CrossGlyph{}, vg.Points(3.5))
			if err != nil {
				return nil, err
			}
			p.Add(s)
			if len(thumbs) == 0 {
				thumbs = append(thumbs, s)
			}
		}
		name := k.puzzle
		if len(stacks) > 1 || len(widths) > 1 {
			name += fmt.Sprintf(" S=%d W=%d", k.s, k.w)
		}
		p.Legend.Add(name, thumbs...)
	}
	if anyTimeout {
		s, err := scatter(plotter.XYs{{X: 1, Y: 1}}, color.Gray{Y: 90}, draw.CrossGlyph{}, vg.Points(3.5))
		if err != nil {
			return nil, err
		}
		p.Legend.Add("× timeout (limit, or engines and stack full)", s)
	}
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	// Room on the right for the legend; ticks only where there are engines.
	p.X.Tick.Marker = kTicks{upTo: float64(maxB)}
	p.X.Max = float64(maxB) * 4
	return p, nil
}

// swarmParetoPlot: each configuration's share of puzzles solved against
// its slices, with the Pareto front of the fitting configurations.
func swarmParetoPlot(rows []SwarmRow, dev area.Device) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Engine array: puzzles solved vs slices (" + dev.Name + ")"
	p.X.Label.Text = "slices (estimate)"
	p.Y.Label.Text = "puzzles solved"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = decadeTicks{}
	p.Y.Tick.Marker = percentTicks{}
	type acc struct {
		runs, solved, slices int
		fits                 bool
	}
	by := map[swarmKey]*acc{}
	var keys []swarmKey
	for _, r := range rows {
		a := by[r.key()]
		if a == nil {
			a = &acc{slices: r.Slices, fits: r.Fits}
			by[r.key()] = a
			keys = append(keys, r.key())
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
