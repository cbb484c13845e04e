//go:build ignore

// Propsweep is the sweep of version 3's options (docs/results.md, "The
// sweep of the design's options"): every combination of propagation rules,
// branching rule, lanes, probe phase and sweep visit given, on a set of
// FPT'09 puzzles, with the timing model (prop.Fast, equal to the
// cycle-level model cycle for cycle) over the UART link at 100 MHz, and the
// resource estimate of each configuration at max order 15. It prints one
// markdown table row per configuration and, with -plot, draws the score
// against the estimated slices (fitting configurations filled, the others
// hollow; -from redraws it from a table this program printed, without
// running the sweep again):
//
//	go run scripts/propsweep.go -set small -max-cycles 100000000
//	go run scripts/propsweep.go -set suite -max-cycles 400000000 -rules hidden -branch first,mrv \
//	    -lanes 1,2 -probe none,pairs -visit all,empty -plot docs/sweep-prop/score_vs_slices
//	go run scripts/propsweep.go -from TABLE.md -plot docs/sweep-prop/score_vs_slices
//
// The score is the FPT'09 score over the orders the set holds: per order
// the mean over its a- and b-puzzle of N⁶/t, a puzzle not in the set or not
// solved within the watchdog counting 0 (so an order whose b-puzzle is not
// run keeps at most half its a-puzzle's N⁶/t).
package main

import (
	"flag"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"sudokusim/rtl/area"
	"sudokusim/rtl/prop"
	"sudokusim/sudoku"
)

var sets = map[string][]string{
	"small": {"03a", "03b", "04a", "04b", "05a", "05b", "06a", "07a", "08a"},
	"suite": {"03a", "03b", "04a", "04b", "05a", "05b", "06a", "07a", "08a", "09a", "10a", "11a", "12a", "13a", "14a", "15a"},
}

type point struct {
	cfg                       prop.Config
	solved                    int
	search, decisions, probes uint64
	score                     float64
	slices, bram              int
	fits                      bool
	unsolved                  []string
}

func main() {
	set := flag.String("set", "small", "puzzles: small (03a…08a, 03b…05b) or suite (03a…15a, 03b…05b)")
	dir := flag.String("dir", filepath.Join("..", "shared", "data", "fpt09"), "the FPT'09 puzzle directory")
	rules := flag.String("rules", "hidden,hidden-rows,naked", "propagation rules, a list")
	branches := flag.String("branch", "first,mrv", "branching rules, a list")
	lanes := flag.String("lanes", "2", "lanes (--cpc), a list")
	probes := flag.String("probe", "none,pairs", "probe phases, a list")
	visits := flag.String("visit", "all", "sweep visits (all, empty), a list")
	maxCycles := flag.Uint64("max-cycles", 100_000_000, "the sweep's search watchdog in cycles (0: t_max)")
	plotPath := flag.String("plot", "", "draw score against slices to PATH.png and PATH.svg")
	from := flag.String("from", "", "reprint a table this program printed with the area columns re-estimated by today's resource model, and draw its plot (no runs)")
	flag.Parse()
	if *from != "" {
		pts, err := readTable(*from)
		if err == nil {
			err = draw2(pts, *plotPath)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "propsweep:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*set, *dir, *rules, *branches, *lanes, *probes, *visits, *maxCycles, *plotPath); err != nil {
		fmt.Fprintln(os.Stderr, "propsweep:", err)
		os.Exit(1)
	}
}

func run(set, dir, rules, branches, lanes, probes, visits string, maxCycles uint64, plotPath string) error {
	names, ok := sets[set]
	if !ok {
		return fmt.Errorf("-set %q is not small or suite", set)
	}
	var grids []*sudoku.Grid
	for _, n := range names {
		g, err := sudoku.LoadPuzzle(filepath.Join(dir, "puzzle"+n+".sudoku"), 0, nil)
		if err != nil {
			return err
		}
		grids = append(grids, g)
	}
	dev, err := area.LookupDevice("XC2VP30")
	if err != nil {
		return err
	}
	var pts []point
	fmt.Println("| rules | branch | K | probe | visit | solved | search cycles, sum | decisions, sum | probes, sum | score | of ceiling | slices m=15 | RAMB16 m=15 | fits | not solved |")
	fmt.Println("|---|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
	for _, rs := range strings.Split(rules, ",") {
		r, err := prop.ParseRules(rs)
		if err != nil {
			return err
		}
		for _, bs := range strings.Split(branches, ",") {
			b, err := prop.ParseBranch(bs)
			if err != nil {
				return err
			}
			for _, ks := range strings.Split(lanes, ",") {
				k, err := strconv.Atoi(ks)
				if err != nil {
					return fmt.Errorf("-lanes: %w", err)
				}
				for _, ps := range strings.Split(probes, ",") {
					p, err := prop.ParseProbe(ps)
					if err != nil {
						return err
					}
					for _, vs := range strings.Split(visits, ",") {
						v, err := prop.ParseVisit(vs)
						if err != nil {
							return err
						}
						cfg := prop.DefaultConfig()
						cfg.Rules, cfg.Branch, cfg.Lanes, cfg.Probe, cfg.Visit, cfg.MaxSearchCycles = r, b, k, p, v, maxCycles
						pt, err := measure(cfg, names, grids, dev)
						if err != nil {
							return err
						}
						pts = append(pts, pt)
						fmt.Printf("| %s | %s | %d | %s | %s | %d of %d | %d | %d | %d | %.4g | %.3f | %d | %d | %v | %s |\n",
							r, b, k, p, v, pt.solved, len(names), pt.search, pt.decisions, pt.probes, pt.score, pt.score/ceiling(names),
							pt.slices, pt.bram, pt.fits, strings.Join(pt.unsolved, " "))
					}
				}
			}
		}
	}
	if plotPath != "" {
		return draw2(pts, plotPath)
	}
	return nil
}

// measure runs one configuration on the set.
func measure(cfg prop.Config, names []string, grids []*sudoku.Grid, dev area.Device) (point, error) {
	pt := point{cfg: cfg}
	perOrder := map[int]float64{}
	for i, g := range grids {
		res, err := prop.Fast(cfg, g)
		if err != nil {
			return pt, err
		}
		pt.search += res.Cycles.Search
		pt.decisions += res.Counters.Decisions
		pt.probes += res.Counters.Probes
		sec := float64(res.Cycles.Total()) / cfg.ClockHz
		if res.Status == sudoku.Solved && sec <= sudoku.TMax(g.Order) {
			if err := sudoku.Validate(g, res.Solution); err != nil {
				return pt, fmt.Errorf("%s: %v", names[i], err)
			}
			pt.solved++
			perOrder[g.Order] += math.Pow(float64(g.Order), 6) / sec / 2
		} else {
			pt.unsolved = append(pt.unsolved, names[i])
		}
	}
	for _, s := range perOrder {
		pt.score += s
	}
	a := cfg
	a.MaxSearchCycles = 0
	est, err := area.EstimateProp(a)
	if err != nil {
		return pt, err
	}
	fit := est.Fit(dev)
	pt.slices, pt.bram, pt.fits = est.Slices, est.RAMB16, fit.Fits
	return pt, nil
}

// ceiling is the link's bound on the score over the orders of the set:
// 5,760·N⁶/(N⁴+6) per order (docs/results.md, "The link ceiling").
func ceiling(names []string) float64 {
	seen := map[int]bool{}
	c := 0.0
	for _, n := range names {
		o, _ := strconv.Atoi(n[:2])
		if !seen[o] {
			seen[o] = true
			c += 5760 * math.Pow(float64(o), 6) / (math.Pow(float64(o), 4) + 6)
		}
	}
	return c
}

// readTable reads the rows of a table run printed — the configuration and
// the score, the measured columns — and estimates the area columns again
// with today's resource model (they are the model's figures, not
// measurements, and change when the model does); it prints the table
// with those columns replaced.
func readTable(path string) ([]point, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dev, err := area.LookupDevice("XC2VP30")
	if err != nil {
		return nil, err
	}
	var pts []point
	for n, line := range strings.Split(string(b), "\n") {
		f := strings.Split(line, "|")
		if len(f) < 16 || strings.TrimSpace(f[1]) == "rules" || strings.HasPrefix(strings.TrimSpace(f[1]), "-") {
			if strings.HasPrefix(line, "|") {
				fmt.Println(line)
			}
			continue
		}
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		var pt point
		cfg := prop.DefaultConfig()
		var errs [6]error
		cfg.Rules, errs[0] = prop.ParseRules(f[1])
		cfg.Branch, errs[1] = prop.ParseBranch(f[2])
		cfg.Lanes, errs[2] = strconv.Atoi(f[3])
		cfg.Probe, errs[3] = prop.ParseProbe(f[4])
		cfg.Visit, errs[4] = prop.ParseVisit(f[5])
		pt.score, errs[5] = strconv.ParseFloat(f[10], 64)
		for _, e := range errs {
			if e != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n+1, e)
			}
		}
		cfg.MaxSearchCycles = 0
		est, err := area.EstimateProp(cfg)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n+1, err)
		}
		pt.cfg = cfg
		pt.slices, pt.bram, pt.fits = est.Slices, est.RAMB16, est.Fit(dev).Fits
		f[12], f[13], f[14] = strconv.Itoa(pt.slices), strconv.Itoa(pt.bram), strconv.FormatBool(pt.fits)
		fmt.Println(strings.TrimSpace(strings.Join(f, " | ")))
		pts = append(pts, pt)
	}
	if len(pts) == 0 {
		return nil, fmt.Errorf("%s: no table rows", path)
	}
	return pts, nil
}

// draw2 plots score against slices, one point per configuration, labelled.
func draw2(pts []point, path string) error {
	p := plot.New()
	p.Title.Text = "version 3 options: score against slices (max order 15, XC2VP30)"
	p.X.Label.Text = "slices (uncalibrated estimate)"
	p.Y.Label.Text = "score on the set"
	target, err := plotter.NewLine(plotter.XYs{{X: minSlices(pts) - 200, Y: 3.6e6}, {X: maxSlices(pts) + 200, Y: 3.6e6}})
	if err != nil {
		return err
	}
	target.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	target.LineStyle.Color = color.Gray{Y: 0x80}
	p.Add(target)
	p.Legend.Add("issue 11's target, 3.6·10⁶", target)
	var fit, nofit plotter.XYs
	var labels []string
	var all plotter.XYs
	for _, pt := range pts {
		xy := plotter.XY{X: float64(pt.slices), Y: pt.score}
		if pt.fits {
			fit = append(fit, xy)
		} else {
			nofit = append(nofit, xy)
		}
		all = append(all, xy)
		labels = append(labels, fmt.Sprintf("%s/%s/K%d/%s/%s", short(pt.cfg.Rules.String()), pt.cfg.Branch, pt.cfg.Lanes, pt.cfg.Probe, pt.cfg.Visit))
	}
	for _, s := range []struct {
		xys    plotter.XYs
		filled bool
		name   string
	}{{fit, true, "fits"}, {nofit, false, "does not fit"}} {
		if len(s.xys) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(s.xys)
		if err != nil {
			return err
		}
		sc.GlyphStyle.Radius = vg.Points(3)
		sc.GlyphStyle.Color = color.RGBA{R: 0x1f, G: 0x5f, B: 0xb0, A: 0xff}
		if s.filled {
			sc.GlyphStyle.Shape = draw.CircleGlyph{}
		} else {
			sc.GlyphStyle.Shape = draw.RingGlyph{}
		}
		p.Add(sc)
		if len(fit) > 0 && len(nofit) > 0 {
			p.Legend.Add(s.name, sc)
		}
	}
	lb, err := plotter.NewLabels(plotter.XYLabels{XYs: all, Labels: labels})
	if err != nil {
		return err
	}
	for i := range lb.TextStyle {
		lb.TextStyle[i].Font.Size = vg.Points(6)
		lb.TextStyle[i].XAlign = draw.XLeft
	}
	lb.Offset = vg.Point{X: vg.Points(4)}
	p.Add(lb)
	p.Legend.Top, p.Legend.Left = false, true
	p.Legend.YOffs = vg.Points(60)
	for _, ext := range []string{".png", ".svg"} {
		if err := p.Save(18*vg.Centimeter, 12*vg.Centimeter, path+ext); err != nil {
			return err
		}
	}
	return nil
}

func short(rules string) string {
	switch rules {
	case "hidden-rows":
		return "hrows"
	}
	return rules
}

func minSlices(pts []point) float64 {
	m := math.Inf(1)
	for _, p := range pts {
		m = math.Min(m, float64(p.slices))
	}
	return m
}

func maxSlices(pts []point) float64 {
	m := math.Inf(-1)
	for _, p := range pts {
		m = math.Max(m, float64(p.slices))
	}
	return m
}
