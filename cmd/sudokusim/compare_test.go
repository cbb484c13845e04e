package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCompareCommand(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := run([]string{"compare", "--quiet", "--max-cycles", "20000", "--seeds", "2", "--out", dir,
		filepath.Join(fpt09Dir, "puzzle03a.sudoku"), filepath.Join(fpt09Dir, "puzzle04a.sudoku")}, &out, &errb)
	require.Equal(t, exitOK, code, errb.String())
	txt := out.String()
	for _, want := range []string{"solve cycles only", "v1", "v2", "prop", "ga (2 seeds)", "swarm", "puzzle03a", "puzzle04a", "fits XC2VP30"} {
		assert.Contains(t, txt, want)
	}
	assert.NotContains(t, txt, "map[")
	file, err := os.ReadFile(filepath.Join(dir, "compare.txt"))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(txt, string(file)), "stdout is compare.txt and the output line")
	var js struct {
		MaxOrder int `json:"max_order"`
		Runs     []struct {
			Design string `json:"design"`
		} `json:"runs"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "compare.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &js))
	assert.Equal(t, 4, js.MaxOrder)
	assert.Len(t, js.Runs, 2*4+2*2, "2 puzzles × (v1, v2, prop, swarm) + 2 × 2 GA seeds")

	out.Reset()
	code = run([]string{"compare", "--quiet", "--designs", "v2,swarm", "--max-cycles", "20000", "--out", dir,
		filepath.Join(fpt09Dir, "puzzle03a.sudoku")}, &out, &errb)
	require.Equal(t, exitOK, code, errb.String())
	assert.NotContains(t, out.String(), "\nga ", "no ga row")
	assert.Contains(t, out.String(), "\nswarm ")
}

func TestCompareUsage(t *testing.T) {
	p := filepath.Join(fpt09Dir, "puzzle03a.sudoku")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"compare"}, "no puzzles"},
		{[]string{"compare", "--designs", "v1,v3", p}, `"v3" is not one of v1, v2, prop, ga, swarm`},
		{[]string{"compare", "--designs", "v1,v2", "--population", "8", p}, "--population (ga only): not among --designs v1,v2"},
		{[]string{"compare", "--designs", "ga", "--boards", "2", "--cpc", "4", p}, "--boards (swarm only), --cpc (v1 only)"},
		{[]string{"compare", "--seeds", "0", p}, "--seeds 0"},
		{[]string{"compare", "--designs", "v1,swarm", "--seeds", "3", p}, "--seeds (randomized designs only)"},
		{[]string{"compare", "--designs", "v1", "--v2-cpc", "2", p}, "--v2-cpc (v2 only)"},
		{[]string{"compare", "--tournament", "99", p}, "tournament size 99"},
		{[]string{"compare", "--max-order", "2", p}, "below the set's largest order 3"},
		{[]string{"compare", "--device", "nope", p}, "unknown device"},
		{[]string{"compare", filepath.Join(fpt09Dir, "missing.sudoku")}, "missing.sudoku"},
	} {
		var out, errb bytes.Buffer
		assert.Equal(t, exitUsage, run(tc.args, &out, &errb), tc.args)
		assert.Contains(t, errb.String(), tc.want, tc.args)
		assert.Equal(t, 1, strings.Count(errb.String(), "\n"), tc.args)
	}
}
