package bench

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"sudokusim/rtl/area"
)

func TestParetoFront(t *testing.T) {
	pts := plotter.XYs{{X: 1, Y: 10}, {X: 2, Y: 5}, {X: 3, Y: 7}, {X: 4, Y: 4}, {X: 1, Y: 12}, {X: 5, Y: 4}}
	// (3,7) is beaten by (2,5); (1,12) by (1,10); (5,4) by (4,4).
	assert.Equal(t, plotter.XYs{{X: 1, Y: 10}, {X: 2, Y: 5}, {X: 4, Y: 4}}, paretoFront(pts))
}

func TestTicks125(t *testing.T) {
	tests := []struct {
		min, max float64
		want     []float64
	}{
		{0.9, 120, []float64{1, 2, 5, 10, 20, 50, 100}},
		{0.9, 12000, []float64{1, 10, 100, 1000, 10000}}, // over three decades: powers of ten
		{0.25, 0.45, []float64{0.3, 0.4}},                // no 1-2-5 inside: every mantissa
		{0.31, 0.48, []float64{0.31, 0.48}},              // only 0.4 inside: the ends
	}
	for _, tc := range tests {
		var got []float64
		for _, tk := range (ticks125{}).Ticks(tc.min, tc.max) {
			got = append(got, tk.Value)
		}
		assert.InDeltaSlice(t, tc.want, got, 1e-12, "%g..%g", tc.min, tc.max)
	}
}

// Issue 12 item 4: the front is made only of configurations that fit and
// solved every puzzle; a timeout is drawn as a cross and a configuration
// that does not fit is faded, both outside the front.
func TestParetoPlotKeepsTimeoutsAndMisfitsOffTheFront(t *testing.T) {
	dev, err := area.LookupDevice(area.DefaultDevice)
	require.NoError(t, err)
	row := func(k int, status string, seconds float64, slices int, fits bool) Row {
		return Row{Point: Point{Puzzle: "p", Order: 3, CPC: k, Heuristics: "none", MaxOrder: 15, ClockMHz: 100, Settings: Settings{Mode: "fast"}},
			Status: status, Seconds: seconds, Slices: slices, Fits: fits}
	}
	rows := []Row{
		row(1, "solved", 1, 1000, true),
		row(2, "timeout", 0.5, 500, true), // would beat k=1 if its timeout counted as solved
		row(4, "solved", 0.1, 100, false), // would beat both, but does not fit
	}
	p, err := pareto(rows, dev)
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, savePlot(p, dir, "pareto"))
	texts := svgTexts(t, filepath.Join(dir, "pareto.svg"))
	for _, want := range []string{"k=1 m=15", "× with timeouts (mean is a lower bound)", "faded: does not fit XC2VP30",
		"Pareto front (fitting, all solved)", "XC2VP30 capacity (13696 slices)"} {
		assert.Equal(t, 1, texts[want], want)
	}
	assert.Zero(t, texts["k=2 m=15"], "a configuration with a timeout is not on the front")
	assert.Zero(t, texts["k=4 m=15"], "a configuration that does not fit is not on the front")

	// cycles_vs_k draws the timeout as a cross with its own legend entry.
	c, err := cyclesVsK(rows, dev)
	require.NoError(t, err)
	require.NoError(t, savePlot(c, dir, "cycles"))
	assert.Equal(t, 1, svgTexts(t, filepath.Join(dir, "cycles.svg"))["× timeout, at the watchdog"])
}

func TestPlainNumberHasNoExponentNoise(t *testing.T) {
	for v, want := range map[float64]string{1e6: "1M", 2.5e4: "25k", 0.00025: "0.00025", 0.5: "0.5", 1234: "1230", 3e9: "3G"} {
		assert.Equal(t, want, plainNumber(v), "%g", v)
	}
}

// Labels of points that coincide or crowd are moved apart: no two placed
// boxes overlap.
func TestPlaceBoxesNoOverlap(t *testing.T) {
	size := vg.Point{X: 40, Y: 8}
	anchors := []vg.Point{{X: 10, Y: 10}, {X: 10, Y: 10}, {X: 20, Y: 12}, {X: 200, Y: 10}, {X: 15, Y: 5}}
	sizes := []vg.Point{size, size, size, size, size}
	got := placeBoxes(anchors, sizes)
	require.Len(t, got, len(anchors))
	assert.Equal(t, anchors[0], got[0], "the first label stays at its point")
	assert.Equal(t, anchors[3], got[3], "a label with room stays at its point")
	for i := range got {
		for j := i + 1; j < len(got); j++ {
			a, b := got[i], got[j]
			overlap := a.X < b.X+size.X && b.X < a.X+size.X && a.Y < b.Y+size.Y && b.Y < a.Y+size.Y
			assert.False(t, overlap, "labels %d and %d overlap at %v and %v", i, j, a, b)
		}
	}
}
