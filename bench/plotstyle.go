package bench

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The conventions every plot of the package follows, so a designer reads
// them at a glance: a filled glyph is a solved run, a cross in the same
// colour a timeout drawn at the limit it hit (never joined to a line or
// averaged with solved runs); a configuration that does not fit the device
// is faded; area plots draw the device's capacity as a black dashed line.

// solvedGlyph is design i's filled glyph.
func solvedGlyph(i int) draw.GlyphDrawer {
	gs := []draw.GlyphDrawer{draw.CircleGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.CircleGlyph{}, draw.BoxGlyph{}}
	return gs[i%len(gs)]
}

// fade is c at a quarter of its opacity.
func fade(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 60}
}

// scatter is a scatter of pts in colour c with glyph g.
func scatter(pts plotter.XYs, c color.Color, g draw.GlyphDrawer, radius vg.Length) (*plotter.Scatter, error) {
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	s.Color, s.Shape, s.Radius = c, g, radius
	return s, nil
}

// capacityLine adds the device's capacity from x0 to x1 as a black dashed
// line with a legend entry.
func capacityLine(p *plot.Plot, x0, x1, capacity float64, name string) error {
	l, err := plotter.NewLine(plotter.XYs{{X: x0, Y: capacity}, {X: x1, Y: capacity}})
	if err != nil {
		return err
	}
	l.Color = color.Black
	l.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
	l.Width = vg.Points(1.5)
	p.Add(l)
	p.Legend.Add(name, l)
	return nil
}

// savePlot writes p as dir/name.png and dir/name.svg.
func savePlot(p *plot.Plot, dir, name string) error {
	widenLog(&p.X)
	widenLog(&p.Y)
	for _, ext := range []string{".png", ".svg"} {
		if err := p.Save(16*vg.Centimeter, 11*vg.Centimeter, filepath.Join(dir, name+ext)); err != nil {
			return fmt.Errorf("bench: plot %s%s: %w", name, ext, err)
		}
	}
	return nil
}

// decadeTicks marks a log axis at powers of ten (powerLabel), with unlabelled minor ticks at 2..9 times them when the
// range spans at most four decades.
type decadeTicks struct{}

func (decadeTicks) Ticks(min, max float64) []plot.Tick {
	if !(min > 0) || !(max > min) {
		return nil
	}
	var t []plot.Tick
	lo, hi := math.Floor(math.Log10(min)), math.Ceil(math.Log10(max))
	minor := hi-lo <= 4
	for e := lo; e <= hi; e++ {
		for m := 1.0; m <= 9; m++ {
			v := m * math.Pow(10, e)
			if v < min*0.9999 || v > max*1.0001 {
				continue
			}
			switch {
			case m == 1:
				t = append(t, plot.Tick{Value: v, Label: powerLabel(e)})
			case minor:
				t = append(t, plot.Tick{Value: v})
			}
		}
	}
	if len(t) == 0 || countLabels(t) < 2 {
		// Inside one decade: label the ends plainly.
		t = append(t, plot.Tick{Value: min, Label: plainNumber(min)}, plot.Tick{Value: max, Label: plainNumber(max)})
	}
	return t
}

func countLabels(t []plot.Tick) int {
	n := 0
	for _, x := range t {
		if x.Label != "" {
			n++
		}
	}
	return n
}

// powerLabel writes 10^e with an SI suffix (1, 10, 100, 1k, 10k, … 1M,
// … 1G, … 1T): no exponent notation on the axes, and no glyph the plot
// font may lack.
func powerLabel(e float64) string {
	if e < 0 {
		if e >= -3 {
			return strconv.FormatFloat(math.Pow(10, e), 'f', int(-e), 64)
		}
		return "1e" + strconv.Itoa(int(e))
	}
	n := int(e)
	suffix := []string{"", "k", "M", "G", "T", "P"}
	if n/3 >= len(suffix) {
		return "1e" + strconv.Itoa(n)
	}
	return strconv.Itoa(int(math.Pow(10, float64(n%3)))) + suffix[n/3]
}

// plainNumber prints v with at most three significant digits: with an SI
// suffix from 10⁴ up (12.5k, 1.5M), as a plain decimal below (0.00025),
// never in exponent notation.
func plainNumber(v float64) string {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	if math.Abs(v) >= 1e4 {
		e := 3 * math.Floor(math.Log10(math.Abs(v))/3)
		if int(e/3) < 6 {
			return strconv.FormatFloat(v/math.Pow(10, e), 'g', 3, 64) + strings.TrimPrefix(powerLabel(e), "1")
		}
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 3, 64), 64)
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// intTicks marks every integer of a linear axis (every other one past
// 16), up to upTo when it is set (an axis stretched to make room for a
// legend has no ticks beyond its data).
type intTicks struct{ upTo float64 }

func (it intTicks) Ticks(min, max float64) []plot.Tick {
	if it.upTo > 0 && it.upTo < max {
		max = it.upTo
	}
	step := 1.0
	for (max-min)/step > 16 {
		step *= 2
	}
	var t []plot.Tick
	for v := math.Ceil(min/step) * step; v <= max; v += step {
		t = append(t, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', 0, 64)})
	}
	return t
}

// percentTicks marks a 0..1 axis at every 20 %.
type percentTicks struct{}

func (percentTicks) Ticks(min, max float64) []plot.Tick {
	var t []plot.Tick
	for v := 0; v <= 100; v += 20 {
		f := float64(v) / 100
		if f >= min-1e-9 && f <= max+1e-9 {
			t = append(t, plot.Tick{Value: f, Label: fmt.Sprintf("%d%%", v)})
		}
	}
	return t
}

// designLine draws pts as design i's line (colour and dashes of
// plotutil) without a legend entry.
func designLine(p *plot.Plot, i int, pts plotter.XYs) (*plotter.Line, error) {
	l, err := plotter.NewLine(pts)
	if err != nil {
		return nil, err
	}
	l.Color = plotutil.Color(i)
	l.Dashes = plotutil.Dashes(i)
	l.Width = vg.Points(1.2)
	p.Add(l)
	return l, nil
}

// placeLabels adds text labels at data points so that no two overlap: each
// label goes right of its point, and is pushed down (then up) in steps of
// its height past every label already placed that it would cover. The
// positions are decided in canvas units when the plot is drawn.
type placeLabels struct {
	XYs   plotter.XYs
	Texts []string
	Style draw.TextStyle
}

func newPlaceLabels(xys plotter.XYs, texts []string, size vg.Length) *placeLabels {
	sty := draw.TextStyle{Color: color.Black, Font: plot.DefaultFont, Handler: plot.DefaultTextHandler}
	sty.Font.Size = size
	return &placeLabels{XYs: xys, Texts: texts, Style: sty}
}

// Plot implements plot.Plotter.
func (pl *placeLabels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	anchors := make([]vg.Point, len(pl.XYs))
	sizes := make([]vg.Point, len(pl.XYs))
	for i, xy := range pl.XYs {
		anchors[i] = vg.Point{X: trX(xy.X) + vg.Points(4), Y: trY(xy.Y) + vg.Points(2)}
		sizes[i] = vg.Point{X: pl.Style.Width(pl.Texts[i]), Y: pl.Style.Height(pl.Texts[i])}
	}
	for i, at := range placeBoxes(anchors, sizes) {
		c.FillText(pl.Style, at, pl.Texts[i])
	}
}

// placeBoxes places boxes of the given sizes at their anchors, in order,
// moving each one down, then up, then further down … in steps of its
// height until it overlaps no box placed before it; it returns the
// lower-left corners.
func placeBoxes(anchors, sizes []vg.Point) []vg.Point {
	type box struct{ x0, y0, x1, y1 vg.Length }
	var placed []box
	overlaps := func(b box) bool {
		for _, q := range placed {
			if b.x0 < q.x1 && q.x0 < b.x1 && b.y0 < q.y1 && q.y0 < b.y1 {
				return true
			}
		}
		return false
	}
	out := make([]vg.Point, len(anchors))
	for i, a := range anchors {
		w, h := sizes[i].X, sizes[i].Y
		b := box{a.X, a.Y, a.X + w, a.Y + h}
		for k := 1; overlaps(b) && k < 40; k++ {
			dy := vg.Length(k/2+1) * h
			if k%2 == 1 {
				dy = -dy
			}
			b = box{a.X, a.Y + dy, a.X + w, a.Y + dy + h}
		}
		placed = append(placed, b)
		out[i] = vg.Point{X: b.x0, Y: b.y0}
	}
	return out
}

// siTicks are gonum's default linear ticks labelled by plainNumber
// (140k rather than 140000).
type siTicks struct{}

func (siTicks) Ticks(min, max float64) []plot.Tick {
	t := plot.DefaultTicks{}.Ticks(min, max)
	for i := range t {
		if t[i].Label != "" {
			t[i].Label = plainNumber(t[i].Value)
		}
	}
	return t
}
