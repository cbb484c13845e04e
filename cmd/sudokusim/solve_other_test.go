package main

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/bench"
	"sudokusim/rtl/area"
	"sudokusim/rtl/ga"
)

// Issue 12 item 5: a flag of another design is refused by name; the engine
// array's --max-cycles 0 is t_max of the puzzle's order; the GA and the
// array are estimated at the run's max order, by default the puzzle's.
func TestSolveFlagHygiene(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--population", "8"}, "--population does not apply to --design bnb"},
		{[]string{"solve", "--design", "bnb", "--boards", "2", "--seed", "3"}, "--boards, --seed do not apply to --design bnb"},
		{[]string{"solve", "--design", "ga", "--stack", "2"}, "--stack does not apply to --design ga"},
		{[]string{"solve", "--design", "swarm", "--tournament", "2"}, "--tournament does not apply to --design swarm"},
		{[]string{"solve", "--design", "ga", "--vcd-uart-only"}, "--vcd-uart-only does not apply to --design ga"},
		{[]string{"solve", "--design", "swarm", "--mode", "fast"}, "--mode does not apply to --design swarm"},
		{[]string{"solve", "--design", "swarm", "--max-order", "2"}, "--max-order 2: want the puzzle's order 3..15"},
	} {
		var out, errb bytes.Buffer
		assert.Equal(t, exitUsage, run(tc.args, &out, &errb), tc.args)
		assert.Contains(t, errb.String(), tc.want, tc.args)
		assert.Equal(t, 1, strings.Count(errb.String(), "\n"), "one stderr line")
	}

	type report struct {
		Status string `json:"status"`
		Cycles struct {
			Total uint64 `json:"total"`
		} `json:"cycles"`
		Resources Resources      `json:"resources"`
		Config    map[string]any `json:"config"`
		Counters  map[string]any `json:"counters"`
	}
	solveOther := func(args ...string) report {
		var out, errb bytes.Buffer
		run(append([]string{"solve", "--json"}, args...), &out, &errb)
		var r report
		require.NoError(t, json.Unmarshal(out.Bytes(), &r), errb.String())
		return r
	}
	r := solveOther("--design", "swarm")
	assert.Equal(t, float64(bench.TMaxCycles(3, 100)), r.Config["max_cycles"], "--max-cycles 0 is t_max of order 3 at 100 MHz")
	for _, k := range []string{"branches", "copies", "peak_live_boards", "stack_peak"} {
		assert.Contains(t, r.Counters, k)
	}
	r = solveOther("--design", "swarm", "--max-cycles", "5")
	assert.Equal(t, "timeout", r.Status)
	assert.Equal(t, uint64(5), r.Cycles.Total)

	dev, err := area.LookupDevice(area.DefaultDevice)
	require.NoError(t, err)
	cfg := ga.DefaultConfig()
	cfg.MaxGenerations = 2 // the gen_ctr width follows max_gen
	for _, m := range []int{3, 5} {
		args := []string{"--design", "ga", "--generations", "2"}
		if m != 3 {
			args = append(args, "--max-order", strconv.Itoa(m))
		}
		r = solveOther(args...)
		est, err := area.EstimateGA(cfg, m)
		require.NoError(t, err)
		assert.Equal(t, est.Fit(dev).Slices, r.Resources.Slices, "GA built for order %d", m)
		for _, k := range []string{"generations", "best_fitness", "last_improved", "best_fitness_history"} {
			assert.Contains(t, r.Counters, k)
		}
		assert.Equal(t, float64(2), r.Counters["generations"])
	}
	// The GA's cycle limit caps its generations.
	cfg = ga.DefaultConfig()
	r = solveOther("--design", "ga", "--max-cycles", "3000")
	assert.LessOrEqual(t, r.Cycles.Total, uint64(3000))
	assert.Equal(t, float64(bench.GAGenerationsWithin(cfg, 3, 3000)), r.Counters["generation_cap"])

	var out, errb bytes.Buffer
	for _, d := range []string{"ga", "swarm"} {
		out.Reset()
		args := []string{"solve", "--design", d}
		if d == "ga" {
			args = append(args, "--generations", "1")
		}
		run(args, &out, &errb)
		assert.NotContains(t, out.String(), "map[", "no Go map syntax in %s's text", d)
		assert.Contains(t, out.String(), "cycles ")
	}
}
