package sudoku

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestChecksumNegativeSum(t *testing.T) {
	// Only odd-parity cells hold values: Σ = −(4+3) = −7 → 0xF9 = 249.
	g := MustNew(2)
	g.Set(0, 1, 4)
	g.Set(1, 0, 3)
	assert.Equal(t, uint8(249), Checksum(g))
	// A full order-15 row of 225s at odd positions sums far below −256.
	h := MustNew(15)
	for c := 1; c < 225; c += 2 {
		h.Set(0, c, 225)
	}
	assert.Equal(t, uint8((-112*225)&0xff), Checksum(h))
}

func TestTMax(t *testing.T) {
	tests := []struct {
		order int
		want  float64
	}{{3, 0.2187}, {9, 159.4323}, {15, 3417.1875}}
	for _, tc := range tests {
		assert.InDelta(t, tc.want, TMax(tc.order), 1e-9, "order %d", tc.order)
	}
}

func TestScore(t *testing.T) {
	tests := []struct {
		name string
		mean map[int]float64
		want float64
	}{
		{"empty", nil, 0},
		{"one order", map[int]float64{3: 0.001}, 729 / 0.001},
		{"two orders", map[int]float64{3: 0.01, 4: 0.5}, 729/0.01 + 4096/0.5},
		{"over tmax scores 0", map[int]float64{3: 0.3, 4: 0.5}, 4096 / 0.5},
		{"zero, negative, inf ignored", map[int]float64{3: 0, 4: -1, 5: math.Inf(1)}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.InDelta(t, tc.want, Score(tc.mean), 1e-6)
		})
	}
}
