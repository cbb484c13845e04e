package bench

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

func TestGenerateSuite(t *testing.T) {
	ps, err := GenerateSuite([]int{3, 4}, []float64{0.25, 0.5}, 7)
	require.NoError(t, err)
	require.Len(t, ps, 4)
	names := []string{ps[0].Name, ps[1].Name, ps[2].Name, ps[3].Name}
	assert.Equal(t, []string{"gen03-h25", "gen03-h50", "gen04-h25", "gen04-h50"}, names)
	for _, p := range ps {
		assert.Empty(t, sudoku.Conflicts(p.Grid), p.Name)
		size := p.Grid.Size()
		want := size * size / 4
		if p.Name[len(p.Name)-2:] == "50" {
			want = size * size / 2
		}
		assert.InDelta(t, want, p.Grid.Empty(), float64(size), p.Name)
	}
	again, err := GenerateSuite([]int{3, 4}, []float64{0.25, 0.5}, 7)
	require.NoError(t, err)
	for i := range ps {
		assert.True(t, ps[i].Grid.Equal(again[i].Grid), "deterministic: %s", ps[i].Name)
	}
	_, err = GenerateSuite([]int{16}, []float64{0.5}, 1)
	assert.Error(t, err)
}
