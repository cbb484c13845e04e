package bench

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
)

// runShards runs spec as n shards into fresh directories.
func runShards(t *testing.T, spec Spec, n int) []string {
	t.Helper()
	var dirs []string
	for i := 0; i < n; i++ {
		spec.Out, spec.Shard = t.TempDir(), Shard{I: i, N: n}
		_, err := Run(spec)
		require.NoError(t, err)
		dirs = append(dirs, spec.Out)
	}
	return dirs
}

// TestMergeRefuses: a merge takes the shards of one sweep, each once, all
// of them, each finished; anything else is an error that says which.
func TestMergeRefuses(t *testing.T) {
	spec := tinySpec(t, "")
	dirs := runShards(t, spec, 3)
	other := spec
	other.MaxCycles = 100000 // one setting differs: another sweep
	otherDirs := runShards(t, other, 3)
	m0, err := ReadManifest(dirs[0])
	require.NoError(t, err)
	m1, err := ReadManifest(otherDirs[1])
	require.NoError(t, err)
	require.NotEqual(t, m0.Sweep, m1.Sweep)

	unfinished := t.TempDir()
	copyDir(t, dirs[2], unfinished)
	journal := filepath.Join(unfinished, JournalName)
	data, err := os.ReadFile(journal)
	require.NoError(t, err)
	lines := bytes.SplitAfter(data, []byte("\n"))
	require.NoError(t, os.WriteFile(journal, bytes.Join(lines[:3], nil), 0o644))

	tests := []struct {
		name string
		dirs []string
		want string
	}{
		{"different sweeps", []string{dirs[0], otherDirs[1], dirs[2]}, "shards of different sweeps do not merge"},
		{"missing shard", []string{dirs[0], dirs[2]}, "missing shard 1/3"},
		{"shard twice", []string{dirs[0], dirs[1], dirs[1], dirs[2]}, "shard 1/3 is both"},
		{"unfinished shard", []string{dirs[0], dirs[1], unfinished}, "shard 2/3 is unfinished (3 of 8 points journalled)"},
		{"not a sweep", []string{dirs[0], t.TempDir()}, "has no " + ManifestName},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			_, err := Merge(out, tc.dirs, "")
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			_, statErr := os.Stat(filepath.Join(out, "results.csv"))
			assert.True(t, errors.Is(statErr, os.ErrNotExist), "no results written")
		})
	}
	_, err = Merge(t.TempDir(), dirs, "EP2C70")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "placed its designs on XC2VP30, not EP2C70")
	sum, err := Merge(t.TempDir(), []string{dirs[2], dirs[0], dirs[1]}, "xc2vp30")
	require.NoError(t, err, "any order of the shards")
	assert.Equal(t, 24, sum.Points)
	assert.Equal(t, 3, sum.Shards)
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	for _, name := range []string{JournalName, ManifestName} {
		data, err := os.ReadFile(filepath.Join(from, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(to, name), data, 0o644))
	}
}

// killSpec is a shard of six points run one at a time (fast mode to a
// 300k-cycle limit).
func killSpec(t *testing.T, out string) Spec {
	var ps []Puzzle
	for _, n := range []string{"puzzle03a", "puzzle04a", "puzzle04b"} {
		ps = append(ps, Puzzle{Name: n, Grid: gridOf(t, n)})
	}
	return Spec{
		Axes:    Axes{CPC: []int{1, 2, 4, 8}, Heuristics: []string{"none"}, MaxOrders: []int{4}, ClockMHz: []float64{100}},
		Puzzles: ps, Link: bnb.LinkDirect, MaxCycles: 300000, Jobs: 1, Shard: Shard{I: 1, N: 2}, Out: out,
	}
}

const killEnv = "SUDOKUSIM_BENCH_KILL_OUT"

// TestHelperShardKilled is the process TestKilledShardResumes kills: it
// runs killSpec's shard and, the moment its second point is journalled,
// kills itself with SIGKILL, as a scheduler pre-empting the task would.
func TestHelperShardKilled(t *testing.T) {
	out := os.Getenv(killEnv)
	if out == "" {
		t.Skip("the process TestKilledShardResumes starts")
	}
	journalAdded = func(lines int) {
		if lines == 2 {
			_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
		}
	}
	_, err := Run(killSpec(t, out))
	require.NoError(t, err)
}

// TestKilledShardResumes (issue 15): a shard killed mid-way and run again
// continues its journal: it runs only the points the killed process did not
// finish, no point is computed twice, and its results and the merged sweep
// are those of runs never interrupted.
func TestKilledShardResumes(t *testing.T) {
	out := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperShardKilled$")
	cmd.Env = append(os.Environ(), killEnv+"="+out)
	err := cmd.Run()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, "the shard must be killed mid-way")
	status, ok := exit.Sys().(syscall.WaitStatus)
	require.True(t, ok)
	require.True(t, status.Signaled(), "killed by a signal: %v", err)
	require.Equal(t, syscall.SIGKILL, status.Signal())

	journal := filepath.Join(out, JournalName)
	before, err := os.ReadFile(journal)
	require.NoError(t, err)
	done := bytes.Count(before, []byte("\n"))
	spec := killSpec(t, out)
	all, err := spec.Points()
	require.NoError(t, err)
	total := len(spec.Shard.Select(all))
	require.Equal(t, 6, total)
	require.GreaterOrEqual(t, done, 2)
	require.Less(t, done, total, "killed before its last point")
	t.Logf("killed after %d of %d points", done, total)

	sum, err := Run(spec)
	require.NoError(t, err)
	assert.Equal(t, Summary{Points: total, Skipped: done, Ran: total - done}, counts(sum))
	after, err := os.ReadFile(journal)
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(after, before[:bytes.LastIndexByte(before, '\n')+1]), "the journal is continued, not rewritten")
	keys := map[string]int{}
	for _, line := range bytes.Split(bytes.TrimSpace(after), []byte("\n")) {
		var r Row
		require.NoError(t, json.Unmarshal(line, &r))
		keys[r.Key()]++
	}
	assert.Len(t, keys, total)
	for k, n := range keys {
		assert.Equal(t, 1, n, "point computed %d times: %s", n, k)
	}

	// The same results as a shard never killed, and with the other shard
	// the same merged sweep as one whole run.
	clean := killSpec(t, t.TempDir())
	_, err = Run(clean)
	require.NoError(t, err)
	sameFiles(t, clean.Out, out, "results.csv", "results.json", ManifestName)
	other := killSpec(t, t.TempDir())
	other.Shard.I = 0
	_, err = Run(other)
	require.NoError(t, err)
	merged := t.TempDir()
	_, err = Merge(merged, []string{out, other.Out}, "")
	require.NoError(t, err)
	whole := killSpec(t, t.TempDir())
	whole.Shard = Shard{}
	_, err = Run(whole)
	require.NoError(t, err)
	sameFiles(t, whole.Out, merged, "results.csv", "results.json", ManifestName)
}

func sameFiles(t *testing.T, a, b string, names ...string) {
	t.Helper()
	for _, n := range names {
		x, err := os.ReadFile(filepath.Join(a, n))
		require.NoError(t, err)
		y, err := os.ReadFile(filepath.Join(b, n))
		require.NoError(t, err)
		assert.Equal(t, string(x), string(y), n)
	}
}

// TestManifest: a run writes the sweep's identity, its shard and its
// points; another setting is another sweep.
func TestManifest(t *testing.T) {
	spec := tinySpec(t, t.TempDir())
	spec.Shard = Shard{I: 1, N: 3}
	_, err := Run(spec)
	require.NoError(t, err)
	m, err := ReadManifest(spec.Out)
	require.NoError(t, err)
	all, err := spec.Points()
	require.NoError(t, err)
	assert.Equal(t, SweepID(all), m.Sweep)
	assert.Len(t, m.Sweep, 16)
	assert.Equal(t, "1/3", m.Shard)
	assert.Equal(t, 24, m.Total)
	assert.Equal(t, spec.Shard.Select(all), m.Points)
	g := sudoku.Sample()
	for i, v := range g.Cells {
		if v != 0 {
			g.Cells[i] = 0
			break
		}
	}
	spec.Puzzles[0].Grid = g
	changed, err := spec.Points()
	require.NoError(t, err)
	assert.NotEqual(t, m.Sweep, SweepID(changed), "another puzzle content is another sweep")
}
