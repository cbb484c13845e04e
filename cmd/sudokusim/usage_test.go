package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goWords are Go identifiers that leaked into user-facing errors before
// issue 13 (item 8): config field names and package-qualified types.
var goWords = regexp.MustCompile(`Config\.|ClockHz|MaxOrder|SubsetUnits|MutationP16|PopSize|BoardSlots|CopyWidth|StackDepth|\bCPC \d|\bBaud \d|\bbnb: |\bsim: |\barea: `)

// Usage errors exit 2 before any work, with one stderr line that names the
// flag as the user typed it and what is allowed (issue 13, items 4 and 8).
func TestUsageErrorsBeforeWork(t *testing.T) {
	dir := t.TempDir()
	vcd := filepath.Join(dir, "out.vcd")
	gen03 := filepath.Join("..", "..", "bench", "testdata", "gen03a.sudoku")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--cpc", "3", gen03}, "--cpc 3: want 1, 2, 4, 8, 16 or 32"},
		{[]string{"bench", "--clock-mhz", "1e9", gen03}, "--clock-mhz 1e+09: want a frequency above 0 and at most 1 THz"},
		{[]string{"bench", "--max-order", "16", gen03}, "--max-order 16: want 2..15"},
		{[]string{"bench", "--jobs", "0", gen03}, "--jobs 0: want at least 1"},
		{[]string{"solve", "--clock-mhz", "1e9"}, "--clock-mhz 1e+09: want a frequency above 0 and at most 1 THz"},
		{[]string{"solve", "--clock-mhz", "0"}, "--clock-mhz 0: want a frequency above 0"},
		{[]string{"solve", "--cpc", "3"}, "--cpc 3: want 1, 2, 4, 8, 16 or 32"},
		{[]string{"solve", "--max-order", "16"}, "--max-order 16: want 2..15"},
		{[]string{"solve", "--baud", "0"}, "--baud 0: want a positive rate"},
		{[]string{"solve", "--baud", "50000000"}, "--baud 50000000: want a bit of at least 4 clock cycles: at most 25000000 baud at 100 MHz"},
		{[]string{"solve", "--clock-mhz", "1e6", "--baud", "1"}, "--baud 1: want a bit of at most 2³¹ clock cycles: at least 466 baud at 1e+12 Hz"},
		{[]string{"solve", "--link", "direct", "--vcd", vcd, "--vcd-uart-only"}, "--vcd-uart-only keeps the serial lines, and --link direct has none"},
		{[]string{"solve", "--vcd-uart-only"}, "--vcd-uart-only needs --vcd FILE"},
		{[]string{"solve", "--index", "3"}, "--index picks a puzzle of a FILE; give the FILE"},
		{[]string{"solve", "--subset-units", "2000"}, "--subset-units 2000: want 0..1024"},
		{[]string{"solve", "--subset-units", "-1"}, "--subset-units -1: want 0..1024"},
		{[]string{"serial", "--cpc", "3", gen03}, "--cpc 3: want 1, 2, 4, 8, 16 or 32"},
		{[]string{"serial", "--clock-mhz", "1e9", gen03}, "--clock-mhz 1e+09: want a frequency above 0"},
		{[]string{"resources", "--cpc", "3"}, "--cpc 3: want 1, 2, 4, 8, 16 or 32"},
		{[]string{"resources", "--clock-mhz", "0"}, "--clock-mhz 0: want a frequency above 0"},
		{[]string{"resources", "--subset-units", "5000"}, "--subset-units 5000: want 0..1024"},
		{[]string{"sweep", "--out", dir, "--cpc", "3", gen03}, "--cpc 3: want 1, 2, 4, 8, 16 or 32"},
		{[]string{"sweep", "--out", dir, "--clock-mhz", "1e9", gen03}, "--clock-mhz 1e9: want a frequency above 0"},
		{[]string{"sweep", "--out", dir, "--jobs", "-1", gen03}, "--jobs -1: want 0 (all cores) or more"},
		{[]string{"sweep", "--out", dir, "--generate", "3", "--holes", "2"}, "--generate: generate order 3, holes 2: hole fraction 2 outside 0..1"},
		{[]string{"gen", "--order", "16"}, "order 16 outside 2..15"},
		{[]string{"solve", "--device", "x"}, `--device: unknown device "x" (known: `},
		{[]string{"resources", "--device", "x"}, `unknown device "x" (known: `},
		{[]string{"sweep", "--out", dir, "--shard", "3/2", gen03}, `shard "3/2" needs 0 ≤ i < n`},
		{[]string{"solve", "--design", "ga", "--population", "1"}, "--population 1: want 2..4096 chromosomes"},
		{[]string{"solve", "--design", "swarm", "--boards", "0"}, "--boards 0: want 1..1024"},
	} {
		var out, errb bytes.Buffer
		code := run(tc.args, &out, &errb)
		assert.Equal(t, exitUsage, code, "%v: %s", tc.args, errb.String())
		assert.Empty(t, out.String(), "%v: no work, no output", tc.args)
		msg := errb.String()
		assert.Equal(t, 1, strings.Count(msg, "\n"), "%v: one line: %q", tc.args, msg)
		assert.Contains(t, msg, tc.want, "%v", tc.args)
		assert.NotRegexp(t, goWords, msg, "%v: Go words in a user's error", tc.args)
	}
	_, err := os.Stat(vcd)
	assert.True(t, os.IsNotExist(err), "a refused --vcd leaves no file behind")
}

// Figures print without float noise (issue 13, item 8): t_max of order 3
// is 0.2187 s in text and JSON, not 0.21869999999999998.
func TestNoFloatNoise(t *testing.T) {
	var out, errb bytes.Buffer
	require.Equal(t, exitOK, run([]string{"solve", "--json"}, &out, &errb), errb.String())
	assert.Contains(t, out.String(), `"tmax_seconds":0.2187,`)
	out.Reset()
	require.Equal(t, exitOK, run([]string{"solve", "--clock-mhz", "33.3"}, &out, &errb), errb.String())
	assert.Contains(t, out.String(), "at 33.3 MHz; t_max 0.2187 s met")
	assert.NotRegexp(t, regexp.MustCompile(`\d{9,}e|\.\d*(0000|9999)\d`), out.String())
}
