package bench

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"gonum.org/v1/plot/plotter"
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
