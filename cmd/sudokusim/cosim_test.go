package main

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
)

// cosim --heuristics paper runs version 2 (here under Icarus, the quicker
// build) and agrees; any other list is refused as bad usage.
func TestCosimHeuristics(t *testing.T) {
	code, _, errOut := runCmd(t, "", "cosim", "--heuristics", "all", "--link", "direct", "--max-order", "3")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--heuristics")
	if _, err := exec.LookPath("iverilog"); err != nil {
		t.Skip("iverilog not found: install the Debian package iverilog")
	}
	code, out, errOut := runCmd(t, "", "cosim", "--heuristics", "paper", "--link", "direct", "--max-order", "3", "--cpc", "1", "--sim", "icarus")
	assert.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "version 2")
	assert.Contains(t, out, "every one identical")
	assert.Contains(t, out, "heuristics 836")
}
