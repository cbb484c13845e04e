package bench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/rtl/area"
	"sudokusim/rtl/ga"
	"sudokusim/rtl/swarm"
	"sudokusim/sudoku"
)

func requirePlots(t *testing.T, dir string, names []string) {
	t.Helper()
	for _, n := range names {
		for _, ext := range []string{".png", ".svg"} {
			st, err := os.Stat(filepath.Join(dir, n+ext))
			require.NoError(t, err, n+ext)
			assert.Positive(t, st.Size(), n+ext)
		}
	}
}

func TestGASweepRunsEveryConfigurationAndSeed(t *testing.T) {
	dir := t.TempDir()
	s := GASweep{Population: []int{8, 16}, Tournament: []int{2}, Mutation: []float64{0.25, 0.5}, Seeds: 2,
		Generations: 300, ClockMHz: 100, Puzzles: []Puzzle{{Name: "empty2", Grid: sudoku.MustNew(2)}}, Jobs: 2, Out: dir}
	rows, err := s.Run()
	require.NoError(t, err)
	require.Len(t, rows, 2*1*2*2)
	dev, err := area.LookupDevice(area.DefaultDevice)
	require.NoError(t, err)
	for _, r := range rows {
		cfg := ga.DefaultConfig()
		cfg.PopSize, cfg.Tournament, cfg.MutationP16, cfg.MaxGenerations = r.Population, r.Tournament, uint32(r.Mutation*ga.MutationOne+0.5), 300
		est, err := area.EstimateGA(cfg, 2)
		require.NoError(t, err)
		assert.Equal(t, est.Fit(dev).Slices, r.Slices)
		cfg.Seed = r.Seed
		want, err := ga.Simulate(cfg, sudoku.MustNew(2))
		require.NoError(t, err)
		assert.Equal(t, want.Status.String(), r.Status)
		assert.Equal(t, want.Cycles.Total(), r.Cycles)
		assert.Equal(t, want.Generations, r.Generations)
		last, _ := DownsampleFitness(want.FitnessHistory, HistoryPoints)
		assert.Equal(t, last, r.LastImproved)
		assert.NotEmpty(t, r.History)
	}
	requirePlots(t, dir, GASweepPlots)
	assert.Equal(t, 1, svgTexts(t, filepath.Join(dir, "ga_pareto.svg"))["XC2VP30 capacity (13696 slices)"])
	data, err := os.ReadFile(filepath.Join(dir, "ga.csv"))
	require.NoError(t, err)
	assert.Equal(t, 1+len(rows), strings.Count(string(data), "\n"))
	var js struct {
		Rows []struct {
			History []GAGeneration `json:"best_fitness_history"`
		} `json:"rows"`
	}
	readJSON(t, filepath.Join(dir, "ga.json"), &js)
	require.Len(t, js.Rows, len(rows))
	assert.NotEmpty(t, js.Rows[0].History)

	bad := s
	bad.Tournament = []int{99}
	assert.ErrorContains(t, bad.Validate(), "tournament size")
	bad = s
	bad.Mutation = []float64{1.5}
	assert.ErrorContains(t, bad.Validate(), "mutation 1.5")
}

func TestSwarmSweepRunsEveryConfiguration(t *testing.T) {
	dir := t.TempDir()
	g := gridOf(t, "puzzle03b")
	s := SwarmSweep{Engines: []int{1, 4}, StackDepth: []int{0, 32}, CopyWidth: []int{16}, MaxCycles: 100_000, ClockMHz: 100,
		Puzzles: []Puzzle{{Name: "puzzle03b", Grid: g}}, Jobs: 2, Out: dir}
	rows, err := s.Run()
	require.NoError(t, err)
	require.Len(t, rows, 4)
	for _, r := range rows {
		cfg := swarm.DefaultConfig()
		cfg.BoardSlots, cfg.StackDepth, cfg.CopyWidth, cfg.MaxOrder, cfg.MaxCycles = r.Engines, r.StackDepth, r.CopyWidth, 3, 100_000
		want, err := swarm.Simulate(cfg, g)
		require.NoError(t, err)
		assert.Equal(t, want.Status.String(), r.Status, "%+v", r)
		assert.Equal(t, want.Cycles.Total(), r.Cycles)
		assert.Equal(t, want.Branches, r.Branches)
		assert.Equal(t, want.PeakBoards, r.PeakBoards)
		assert.Equal(t, want.PeakStack, r.PeakStack)
		assert.Equal(t, want.Exhausted, r.Exhausted)
		est, err := area.EstimateSwarm(cfg)
		require.NoError(t, err)
		dev, _ := area.LookupDevice(area.DefaultDevice)
		assert.Equal(t, est.Fit(dev).Slices, r.Slices)
	}
	requirePlots(t, dir, SwarmSweepPlots)
	assert.Equal(t, 1, svgTexts(t, filepath.Join(dir, "swarm_pareto.svg"))["XC2VP30 capacity (13696 slices)"])
	bad := s
	bad.CopyWidth = []int{0}
	assert.ErrorContains(t, bad.Validate(), "copy width")
	bad = s
	bad.MaxOrder = 2
	assert.ErrorContains(t, bad.Validate(), "below the set's largest order 3")
}

func TestParetoFrontOnlyOfFittingConfigurations(t *testing.T) {
	pts := []ParetoPoint{
		{Cost: 100, Gain: 0.2, Fits: true, Label: "a"},
		{Cost: 50, Gain: 0.9, Fits: false, Label: "big gain, does not fit"},
		{Cost: 200, Gain: 0.5, Fits: true, Label: "b"},
		{Cost: 150, Gain: 0.1, Fits: true, Label: "dominated"},
		{Cost: 300, Gain: 0.5, Fits: true, Label: "no better"},
	}
	assert.Equal(t, []int{0, 2}, ParetoFront(pts))
	assert.Empty(t, ParetoFront([]ParetoPoint{{Cost: 1, Gain: 1}}))
}

func TestMedianFitness(t *testing.T) {
	// A solved run stays at 0; a capped one holds its last value.
	got := MedianFitness([][]int{{9, 5, 0}, {9, 8, 7, 7, 6}, {9, 9, 9, 9, 9}})
	assert.Equal(t, []int{9, 8, 7, 7, 6}, got)
	assert.Empty(t, MedianFitness(nil))
}
