package synth

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func needYosys(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("yosys"); err != nil {
		t.Skip("yosys not installed (Debian package yosys)")
	}
}

// TestRunCountsCells synthesises a design whose mapping is known by hand.
// Each 12-bit accumulator is 12 flip-flops, 12 LUT2s (a ⊕ q of each bit
// feeding the carry chain), 12 XORCYs and 11 MUXCYs (the top bit's carry out
// is unused). The top inverts the second accumulator's input (12 LUT1s) and
// holds the 512 × 36 memory: one RAMB16_S36, whose output register absorbs
// the read register (no flip-flop left in the top).
func TestRunCountsCells(t *testing.T) {
	needYosys(t)
	cache := t.TempDir()
	j := Job{Files: []string{"testdata/acc_ram.v"}, Top: "acc_ram", Params: []Param{{"Width", 12}}}
	r, err := Run(context.Background(), j, Options{CacheDir: cache})
	require.NoError(t, err)
	require.False(t, r.Cached)

	acc, ok := r.Module("acc")
	require.True(t, ok)
	assert.Equal(t, "Width=12", acc.Params)
	assert.Equal(t, 2, acc.Instances)
	assert.Equal(t, Cells{LUT2: 12, FF: 12, MUXCY: 11, XORCY: 12}, acc.Own)
	assert.Equal(t, acc.Own, acc.Total, "acc has no submodules")

	top, ok := r.Module("acc_ram")
	require.True(t, ok)
	assert.Equal(t, 1, top.Instances)
	assert.Equal(t, 12, top.Own.LUT1)
	assert.Equal(t, 0, top.Own.FF)
	assert.Equal(t, []Count{{"RAMB16_S36", 1}}, top.Own.RAMB16)
	assert.Equal(t, []Count{{"acc", 2}}, top.Children)

	d := r.Design
	assert.Equal(t, 36, d.LUTs())
	assert.Equal(t, 24, d.FF)
	assert.Equal(t, 1, d.Blocks())
	assert.Equal(t, 18, d.SlicesPacked(), "⌈36 LUTs / 2⌉")
	assert.Equal(t, 30, d.SlicesUnpacked(), "18 LUT halves + 12 FF halves")
	assert.Equal(t, top.Total, d)

	again, err := Run(context.Background(), j, Options{CacheDir: cache})
	require.NoError(t, err)
	assert.True(t, again.Cached)
	again.Cached = false
	again.Seconds = r.Seconds
	for i := range r.Modules {
		r.Modules[i].yosys = ""
	}
	assert.Equal(t, r, again, "the cached report is the run's")
}

func TestRunReportsYosysError(t *testing.T) {
	needYosys(t)
	j := Job{Files: []string{"testdata/acc_ram.v"}, Top: "no_such_module"}
	_, err := Run(context.Background(), j, Options{CacheDir: t.TempDir()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no_such_module")
}

func TestPlainName(t *testing.T) {
	for _, c := range []struct{ in, name, params string }{
		{`\grid_mem`, "grid_mem", ""},
		{`$paramod\evaluator\K=32'00000000000000000000000000001000\MaxOrder=32'00000000000000000000000000001111`, "evaluator", "K=8 MaxOrder=15"},
		{`$paramod\acc\Width=s32'00000000000000000000000000001100`, "acc", "Width=12"},
	} {
		name, params := plainName(c.in)
		assert.Equal(t, c.name, name, c.in)
		assert.Equal(t, c.params, params, c.in)
	}
}

func TestCellClasses(t *testing.T) {
	var c Cells
	for typ, n := range map[string]int{
		"LUT4": 3, "INV": 1, "FDRE": 2, "FDCE": 1, "MUXF5": 2, "MUXF6": 1, "MUXCY": 4, "XORCY": 4,
		"RAM16X1S": 2, "RAM32X1D": 1, "SRL16E": 1, "RAMB16_S18_S18": 2, "MULT18X18S": 1, "IBUF": 5, "BUFG": 1,
		"FOO": 1,
	} {
		c.add(typ, n)
	}
	assert.Equal(t, 3+1+2*1+1*2*2+1, c.LUTs(), "LUTs + RAM16X1S (1 site) + RAM32X1D (2·2 sites) + SRL16E")
	assert.Equal(t, 3, c.FF)
	assert.Equal(t, 2, c.Blocks())
	assert.Equal(t, 1, c.MULT18)
	assert.Equal(t, 6, c.IOB)
	assert.Equal(t, []Count{{"FOO", 1}}, c.Other)
	// LUT sites 11 → 6 slices; FF 3 → 2; MUXF5 2; F6 1; MUXCY 4 → 2.
	assert.Equal(t, 6, c.SlicesPacked())
	assert.Equal(t, 8, c.SlicesUnpacked())
}

// TestParseYosys023Stat reads the statistics Yosys 0.23 wrote for the
// version-1 processor at max order 3, k = 1, D = 868 (hashed module names,
// and the hierarchy listing it prints inside the JSON).
func TestParseYosys023Stat(t *testing.T) {
	raw, err := os.ReadFile("testdata/stat-yosys023-sudoku_top.json")
	require.NoError(t, err)
	r, err := parseStat(raw, "sudoku_top")
	require.NoError(t, err)
	require.Equal(t, "sudoku_top", r.Modules[0].Name)
	var names []string
	for _, m := range r.Modules {
		names = append(names, m.Name)
		assert.Equal(t, 1, m.Instances, m.Name)
	}
	assert.ElementsMatch(t, []string{"sudoku_top", "uart_rx", "frame_decoder", "uart_tx", "sudoku_core", "evaluator", "grid_mem", "given_mem"}, names)
	// The design totals Yosys printed: 1761 LUT4, 637+2+155 flip-flops,
	// 2 RAMB16_S36_S36, 9 RAM16X1S (one LUT site each), 742 INV as LUT1 sites.
	d := r.Design
	assert.Equal(t, 1761, d.LUT4)
	assert.Equal(t, 794, d.FF)
	assert.Equal(t, 253+742, d.LUT1)
	assert.Equal(t, 9, d.DistRAM)
	assert.Equal(t, []Count{{"RAMB16_S36_S36", 2}}, d.RAMB16)
	assert.Equal(t, 5, d.MULT18)
	assert.Equal(t, 1400, d.MUXF5)
	ev, ok := r.Module("evaluator")
	require.True(t, ok)
	core, _ := r.Module("sudoku_core")
	assert.Equal(t, core.Own.plus(ev.Total, 1), core.Total)
}

// TestKeyIgnoresTheDirectory: the same sources copied to another directory
// are the same configuration (the command writes them to a new temporary
// directory on every run); other contents or parameters are not.
func TestKeyIgnoresTheDirectory(t *testing.T) {
	src, err := os.ReadFile("testdata/acc_ram.v")
	require.NoError(t, err)
	write := func(dir string, b []byte) string {
		p := filepath.Join(dir, "acc_ram.v")
		require.NoError(t, os.WriteFile(p, b, 0o644))
		return p
	}
	a := Job{Files: []string{write(t.TempDir(), src)}, Top: "acc_ram", Params: []Param{{"Width", 12}}}
	b := a
	b.Files = []string{write(t.TempDir(), src)}
	ka, err := a.key("yosys x")
	require.NoError(t, err)
	kb, err := b.key("yosys x")
	require.NoError(t, err)
	assert.Equal(t, ka, kb)
	c := a
	c.Params = []Param{{"Width", 13}}
	kc, _ := c.key("yosys x")
	assert.NotEqual(t, ka, kc)
	d := a
	d.Files = []string{write(t.TempDir(), append(src, '\n'))}
	kd, _ := d.key("yosys x")
	assert.NotEqual(t, ka, kd)
	ke, _ := a.key("yosys y")
	assert.NotEqual(t, ka, ke)
}
