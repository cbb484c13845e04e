package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// cosim's exit statuses: 2 with one line naming the reason for what the
// HDL does not cover, a bad flag or a missing tool.
func TestCosimBadInput(t *testing.T) {
	order4 := filepath.Join(fpt09Dir, "puzzle04a.sudoku")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"version 2 with other units", []string{"cosim", "--heuristics", "all"}, "none (version 1) and paper"},
		{"unknown simulator", []string{"cosim", "--sim", "modelsim"}, "not verilator or icarus"},
		{"bad link", []string{"cosim", "--link", "ether"}, "--link"},
		{"bad k", []string{"cosim", "--cpc", "3"}, "candidates per cycle 3"},
		{"two files", []string{"cosim", "a", "b"}, "one FILE"},
		{"puzzle above max order", []string{"cosim", "--link", "direct", "--max-order", "3", order4}, "does not fit"},
		{"hdl waveform under verilator", []string{"cosim", "--link", "direct", "--max-order", "3", "--hdl-vcd", "x.vcd"}, "--sim icarus"},
		{"speed over the uart", []string{"cosim", "--speed", "go"}, "--link direct"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "hdl waveform under verilator" {
				if _, err := exec.LookPath("verilator"); err != nil {
					t.Skip("verilator not found: install the Debian package verilator")
				}
			}
			code, _, stderr := runCmd(t, "", c.args...)
			assert.Equal(t, exitUsage, code, stderr)
			assert.Contains(t, stderr, c.want)
			assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line: %q", stderr)
		})
	}
}

// Without Verilator on PATH cosim exits 2 naming the Debian package.
func TestCosimNoVerilator(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	code, _, stderr := runCmd(t, "", "cosim", "--link", "direct", "--max-order", "3")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "install the Debian package verilator")
}

// The sample over the direct link agrees (the max-order-8, k = 8 build the
// hdl tests use too).
func TestCosimAgrees(t *testing.T) {
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not found: install the Debian package verilator")
	}
	code, stdout, stderr := runCmd(t, "", "cosim", "--link", "direct", "--max-order", "8", "--cpc", "8")
	assert.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stdout, "agree      879 cycles compared")
	assert.Contains(t, stdout, "cycles     rx 0 + load 248 + search 631 + tx 0")
}

// cosim --heuristics paper runs version 2 (here under Icarus, the quicker
// build) and agrees, the heuristics phase included.
func TestCosimHeuristics(t *testing.T) {
	if _, err := exec.LookPath("iverilog"); err != nil {
		t.Skip("iverilog not found: install the Debian package iverilog")
	}
	code, out, errOut := runCmd(t, "", "cosim", "--heuristics", "paper", "--link", "direct", "--max-order", "3", "--cpc", "1", "--sim", "icarus")
	assert.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "version 2")
	assert.Contains(t, out, "agree      1094 cycles compared, every one identical")
	assert.Contains(t, out, "cycles     rx 0 + load 248 + heuristics 836 + search 10 + tx 0")
}
