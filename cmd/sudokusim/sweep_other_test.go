package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSweepOtherDesigns(t *testing.T) {
	p := filepath.Join(fpt09Dir, "puzzle03a.sudoku")
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := run([]string{"sweep", "--design", "swarm", "--quiet", "--boards", "1,2", "--stack", "0,16", "--max-cycles", "100000",
		"--out", filepath.Join(dir, "swarm"), p}, &out, &errb)
	require.Equal(t, exitOK, code, errb.String())
	assert.Contains(t, out.String(), "4 runs")
	for _, f := range []string{"swarm.csv", "swarm.json", "swarm_cycles_vs_engines.png", "swarm_pareto.svg"} {
		_, err := os.Stat(filepath.Join(dir, "swarm", f))
		assert.NoError(t, err, f)
	}
	out.Reset()
	code = run([]string{"sweep", "--design=ga", "--quiet", "--population", "8,16", "--seeds", "2", "--max-cycles", "20000",
		"--out", filepath.Join(dir, "ga"), p}, &out, &errb)
	require.Equal(t, exitOK, code, errb.String())
	assert.Contains(t, out.String(), "4 runs")
	for _, f := range []string{"ga.csv", "ga.json", "ga_fitness_vs_generation.png", "ga_pareto.svg"} {
		_, err := os.Stat(filepath.Join(dir, "ga", f))
		assert.NoError(t, err, f)
	}
	// --design bnb is the FPT'09 sweep.
	out.Reset()
	code = run([]string{"sweep", "--design", "bnb", "--quiet", "--cpc", "8", "--max-order", "3", "--out", filepath.Join(dir, "bnb"), p}, &out, &errb)
	require.Equal(t, exitOK, code, errb.String())
	assert.Contains(t, out.String(), "1 points")
}

func TestSweepOtherDesignsUsage(t *testing.T) {
	p := filepath.Join(fpt09Dir, "puzzle03a.sudoku")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "--design", "ga", "--cpc", "4", p}, "--cpc does not apply to --design ga"},
		{[]string{"sweep", "--design", "swarm", "--heuristics=paper", p}, "--heuristics does not apply to --design swarm"},
		{[]string{"sweep", "--design", "swarm", "--population", "4", p}, "-population"},
		{[]string{"sweep", "--design", "ga", "--mutation", "2", p}, `"2" is not a probability`},
		{[]string{"sweep", "--design", "ga", "--tournament", "99", p}, "tournament size 99"},
		{[]string{"sweep", "--design", "swarm", "--copy-width", "0", p}, "copy width 0"},
		{[]string{"sweep", "--design", "swarm"}, "no puzzles"},
		{[]string{"sweep", "--design", "prop", p}, `--design "prop" is not bnb, ga or swarm`},
		{[]string{"sweep", "--design"}, "--design needs a value"},
	} {
		var out, errb bytes.Buffer
		assert.Equal(t, exitUsage, run(tc.args, &out, &errb), tc.args)
		assert.Contains(t, errb.String(), tc.want, tc.args)
		assert.Equal(t, 1, strings.Count(errb.String(), "\n"), tc.args)
	}
}
