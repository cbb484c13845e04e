package hdl

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestVerilatorLintV2 lints the whole design with the version-2 units
// (sudoku_top, Heuristics = 1) under `verilator --lint-only -Wall` across
// max orders 2..15, k 1..32 and the comparator's P, where the widths of the
// position registers, the combination indices and the address arithmetic
// change; any warning fails.
func TestVerilatorLintV2(t *testing.T) {
	verilator, err := exec.LookPath("verilator")
	if err != nil {
		t.Skip("verilator not found: install the Debian package verilator (apt-get install verilator)")
	}
	files, dirs := feLintFiles(t)
	var inc []string
	for _, d := range dirs {
		inc = append(inc, "-I"+d)
	}
	for _, c := range []struct{ maxOrder, k, p int }{{2, 32, 1}, {3, 1, 1}, {6, 8, 3}, {11, 8, 1}, {15, 1, 4}} {
		t.Run(fmt.Sprintf("m%d/k%d/p%d", c.maxOrder, c.k, c.p), func(t *testing.T) {
			args := append([]string{"--lint-only", "-Wall", "--top-module", "sudoku_top",
				fmt.Sprintf("-GMaxOrder=%d", c.maxOrder), fmt.Sprintf("-GK=%d", c.k),
				"-GHeuristics=1", fmt.Sprintf("-GSubsetUnits=%d", c.p)}, inc...)
			out, err := exec.Command(verilator, append(args, files...)...).CombinedOutput()
			require.NoError(t, err, "verilator --lint-only -Wall:\n%s", out)
			require.Empty(t, strings.TrimSpace(string(out)), "verilator warnings")
		})
	}
}
