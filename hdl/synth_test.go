package hdl

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The whole processor reads and elaborates under Yosys 0.23 as
// synthesisable Verilog: no latch, and GridMem and GivenMem come out as
// two inferred memories (what synth_xilinx then maps to RAMB16s; docs/hdl.md
// has that run), at max order 3, k = 2.
func TestCoreSynth(t *testing.T) {
	yosys, err := exec.LookPath("yosys")
	if err != nil {
		t.Skip("yosys not found: install the Debian package yosys")
	}
	dir := t.TempDir()
	require.NoError(t, writeSources(dir))
	files, err := rtlFiles(dir)
	require.NoError(t, err)
	stat := filepath.Join(dir, "stat.txt")
	script := "read_verilog -I" + dir + " -I" + filepath.Join(dir, "rtl")
	for _, f := range files {
		script += " " + f
	}
	script += "; chparam -set MaxOrder 3 -set K 2 sudoku_top; hierarchy -top sudoku_top; proc; flatten; memory -nomap; opt -fast" +
		"; select -assert-none t:$dlatch t:$sr t:$dlatchsr; tee -q -o " + stat + " stat"
	out, err := exec.Command(yosys, "-q", "-p", script).CombinedOutput()
	require.NoError(t, err, "%s", out)
	b, err := os.ReadFile(stat)
	require.NoError(t, err)
	m := regexp.MustCompile(`\$mem_v2\s+(\d+)`).FindSubmatch(b)
	require.NotNil(t, m, "no inferred memory:\n%s", b)
	n, _ := strconv.Atoi(string(m[1]))
	assert.Equal(t, 2, n, "GridMem and GivenMem")
}
