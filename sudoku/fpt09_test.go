package sudoku

import (
	"fmt"
	"math"
	"strconv"
	"strings"
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

// t_max prints without float noise at every order (issue 13, item 8):
// JSON and %v print the shortest decimal that reads back, so the value must
// be the double nearest to 3·n⁶/10⁴.
func TestTMaxPrintsExactly(t *testing.T) {
	for n := MinOrder; n <= MaxOrder; n++ {
		n6 := n * n * n * n * n * n
		want := fmt.Sprintf("%d.%04d", 3*n6/10000, 3*n6%10000)
		want = strings.TrimRight(strings.TrimRight(want, "0"), ".")
		assert.Equal(t, want, strconv.FormatFloat(TMax(n), 'f', -1, 64), "order %d", n)
	}
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
