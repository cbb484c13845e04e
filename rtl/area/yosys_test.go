package area

import (
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// yosysRow is one module of one Yosys run (testdata/yosys-v1.csv): the
// version-1 Verilog twin (hdl/) through `sudokusim synth --max-order m --cpc
// k --json`, Yosys 0.23 synth_xilinx -family xc2vp, hierarchy kept, UART at
// 100 MHz / 115200 baud.
type yosysRow struct {
	m, k   int
	module string
	lut    [4]int // LUT1 (INV included) .. LUT4
	ff     int
	// resetFF are the flip-flops with the active-low asynchronous reset:
	// Yosys puts one inverter (a LUT1 site) in front of each one's CLR.
	resetFF int
	ramb16  int
	mult18  int
}

// lut4 is the module's LUT4-equivalents: every LUT1–LUT4 site but the
// reset inverters — a Virtex-II slice inverts its SR input for free, so ISE
// uses no LUT for them (docs/resource-model.md §9).
func (r yosysRow) lut4() int { return r.lut[0] + r.lut[1] + r.lut[2] + r.lut[3] - r.resetFF }

func loadYosys(t *testing.T) []yosysRow {
	t.Helper()
	f, err := os.Open("testdata/yosys-v1.csv")
	require.NoError(t, err)
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	var rows []yosysRow
	for i, rec := range recs[1:] {
		n := make([]int, 0, 10)
		for j, s := range rec {
			if j == 2 {
				continue
			}
			v, err := strconv.Atoi(s)
			require.NoError(t, err, "testdata/yosys-v1.csv line %d", i+2)
			n = append(n, v)
		}
		rows = append(rows, yosysRow{m: n[0], k: n[1], module: rec[2],
			lut: [4]int{n[2], n[3], n[4], n[5]}, ff: n[6], resetFF: n[7], ramb16: n[8], mult18: n[9]})
	}
	return rows
}

// synthGroup is a set of Verilog modules held against a set of the model's
// blocks. The core is one group: sudoku_core holds the Controller, Loader,
// word registers, lane extractor, RowAssembler, checksum register and
// ResponseUnit, and also GridMem's write data and address muxes, which the
// model books to GridMem; grid_mem's fabric (its output registers and their
// hold muxes, a Yosys mapping of the no-change read port that the RAMB16
// does itself) is left out.
type synthGroup struct {
	name    string
	modules []string
	blocks  []string
}

var synthGroups = []synthGroup{
	{"Receiver", []string{"uart_rx"}, []string{"Receiver"}},
	{"FrameCodec", []string{"frame_decoder"}, []string{"FrameCodec"}},
	{"Transmitter", []string{"uart_tx"}, []string{"Transmitter"}},
	{"Evaluator", []string{"evaluator"}, []string{"Evaluator"}},
	{"Core", []string{"sudoku_core", "given_mem"}, []string{"ResponseUnit", "RowAssembler",
		"ChecksumRegister", "WordRegister", "LaneExtract", "Controller", "Loader", "GridMem", "GivenMem"}},
}

// groupCount is one group at one configuration: Yosys's LUT4-equivalents
// and flip-flops beside the model's structural LUT4s and flip-flops.
type groupCount struct {
	m, k                 int
	group                string
	yLUT, yFF, mLUT, mFF int
}

func (g groupCount) lutErr() float64 { return relErr(g.mLUT, g.yLUT) }
func (g groupCount) ffErr() float64  { return relErr(g.mFF, g.yFF) }

// relErr is (model − yosys) / yosys.
func relErr(model, yosys int) float64 {
	if yosys == 0 {
		if model == 0 {
			return 0
		}
		return math.Inf(1)
	}
	return float64(model-yosys) / float64(yosys)
}

// compareYosys puts every group of every configuration in the table beside
// the model.
func compareYosys(t *testing.T, rows []yosysRow) []groupCount {
	t.Helper()
	type cfg struct{ m, k int }
	byCfg := map[cfg]map[string]yosysRow{}
	var order []cfg
	for _, r := range rows {
		c := cfg{r.m, r.k}
		if byCfg[c] == nil {
			byCfg[c] = map[string]yosysRow{}
			order = append(order, c)
		}
		byCfg[c][r.module] = r
	}
	var out []groupCount
	for _, c := range order {
		p := DefaultParams()
		p.MaxOrder, p.CPC = c.m, c.k
		rep, err := Estimate(p)
		require.NoError(t, err)
		ramb := 0
		for _, r := range byCfg[c] {
			ramb += r.ramb16
		}
		assert.Equal(t, ramb, rep.RAMB16, "m=%d k=%d: RAMB16s, Yosys and model (bram.Map)", c.m, c.k)
		blocks := map[string]Block{}
		for _, b := range rep.Blocks {
			blocks[b.Name] = b
		}
		for _, g := range synthGroups {
			gc := groupCount{m: c.m, k: c.k, group: g.name}
			for _, name := range g.modules {
				r, ok := byCfg[c][name]
				require.True(t, ok, "m=%d k=%d: no module %s in the table", c.m, c.k, name)
				gc.yLUT += r.lut4()
				gc.yFF += r.ff
			}
			for _, name := range g.blocks {
				b, ok := blocks[name]
				require.True(t, ok, "no block %s in the model", name)
				gc.mLUT += b.LUT
				gc.mFF += b.FF
			}
			out = append(out, gc)
		}
	}
	return out
}

// TestModelAgainstYosys holds every block group of the structural model
// against Yosys's LUT4-equivalents and flip-flops (version 1, m = 3, 5, 7)
// and pins the worst errors quoted in docs/resource-model.md §9, so that a
// formula change that moves them fails here. Block RAMs are equal at every
// configuration.
func TestModelAgainstYosys(t *testing.T) {
	counts := compareYosys(t, loadYosys(t))
	worst := map[string][2]float64{}
	for _, g := range counts {
		t.Logf("m=%d k=%2d %-12s LUT4 model %5d yosys %5d %+6.1f%%   FF model %5d yosys %5d %+6.1f%%",
			g.m, g.k, g.group, g.mLUT, g.yLUT, 100*g.lutErr(), g.mFF, g.yFF, 100*g.ffErr())
		key := fmt.Sprintf("%s m=%d", g.group, g.m)
		w := worst[key]
		if math.Abs(g.lutErr()) > math.Abs(w[0]) {
			w[0] = g.lutErr()
		}
		if math.Abs(g.ffErr()) > math.Abs(w[1]) {
			w[1] = g.ffErr()
		}
		worst[key] = w
	}
	// The worst LUT4 and FF errors per group and order, as
	// docs/resource-model.md §9 quotes them (percent).
	want := map[string][2]float64{
		"Receiver m=3": {-62.9, 0}, "Receiver m=5": {-46.5, 0}, "Receiver m=7": {-46.5, 0},
		"FrameCodec m=3": {-41.1, 0}, "FrameCodec m=5": {-35.3, 0}, "FrameCodec m=7": {-34.9, 0},
		"Transmitter m=3": {-49.0, 0}, "Transmitter m=5": {-49.0, 0}, "Transmitter m=7": {-49.0, 0},
		"Evaluator m=3": {-29.9, 0}, "Evaluator m=5": {-12.3, 0}, "Evaluator m=7": {-0.4, 0},
		"Core m=3": {-73.1, -14.3}, "Core m=5": {-63.6, -6.6}, "Core m=7": {-59.0, -3.4},
	}
	for _, g := range synthGroups {
		for _, m := range []int{3, 5, 7} {
			key := fmt.Sprintf("%s m=%d", g.name, m)
			w, ok := worst[key]
			require.True(t, ok, key)
			t.Logf("worst %-16s LUT4 %+6.1f%%  FF %+6.1f%%", key, 100*w[0], 100*w[1])
			assert.InDelta(t, want[key][0], 100*w[0], 0.05, "%s LUT4", key)
			assert.InDelta(t, want[key][1], 100*w[1], 0.05, "%s FF", key)
		}
	}
}

// kPrediction is the fit-on-k ≤ 8, predict-16-and-32 check of
// docs/resource-model.md §9 for one group of modules (or the whole design,
// group ""), at m = 3.
type kPrediction struct {
	// Scale is a, the least-squares fit of Yosys ≈ a·model over k = 1, 2,
	// 4, 8.
	Scale float64
	// Structural[k] is the structural model's error at k = 16 and 32,
	// Fitted[k] the error of a·model there.
	Structural, Fitted map[int]float64
}

func predictLargeK(counts []groupCount, group string) kPrediction {
	yl, ml := map[int]float64{}, map[int]float64{}
	for _, g := range counts {
		if g.m != 3 || (group != "" && g.group != group) {
			continue
		}
		yl[g.k] += float64(g.yLUT)
		ml[g.k] += float64(g.mLUT)
	}
	var num, den float64
	for _, k := range []int{1, 2, 4, 8} {
		num += yl[k] * ml[k]
		den += ml[k] * ml[k]
	}
	p := kPrediction{Scale: num / den, Structural: map[int]float64{}, Fitted: map[int]float64{}}
	for _, k := range []int{16, 32} {
		p.Structural[k] = (ml[k] - yl[k]) / yl[k]
		p.Fitted[k] = (p.Scale*ml[k] - yl[k]) / yl[k]
	}
	return p
}

// TestPredictLargeK: fitted on the m = 3 Yosys runs at k ≤ 8 only, how well
// does the model predict k = 16 and 32? A per-design scale a (Yosys ≈
// a·model, least squares over k = 1, 2, 4, 8) is fitted to the whole
// design's LUT4-equivalents and to the Evaluator's (the block that carries
// k); the errors of the structural model and of a·model at k = 16 and 32
// are pinned to the figures in docs/resource-model.md §9.
func TestPredictLargeK(t *testing.T) {
	counts := compareYosys(t, loadYosys(t))
	want := map[string]struct {
		scale          float64
		struc16, fit16 float64
		struc32, fit32 float64
	}{
		"":          {2.2639, -0.4616, +0.2188, -0.3106, +0.5606},
		"Evaluator": {1.2029, -0.1649, +0.0045, +0.0343, +0.2442},
	}
	for _, group := range []string{"", "Evaluator"} {
		p := predictLargeK(counts, group)
		name := group
		if name == "" {
			name = "whole design"
		}
		t.Logf("%s: a = %.4f; k=16 structural %+.1f%%, a·model %+.1f%%; k=32 structural %+.1f%%, a·model %+.1f%%",
			name, p.Scale, 100*p.Structural[16], 100*p.Fitted[16], 100*p.Structural[32], 100*p.Fitted[32])
		w := want[group]
		assert.InDelta(t, w.scale, p.Scale, 5e-5, name)
		assert.InDelta(t, w.struc16, p.Structural[16], 5e-5, name)
		assert.InDelta(t, w.fit16, p.Fitted[16], 5e-5, name)
		assert.InDelta(t, w.struc32, p.Structural[32], 5e-5, name)
		assert.InDelta(t, w.fit32, p.Fitted[32], 5e-5, name)
	}
}

// evaluatorSpread is the worst proportional error of the Evaluator's
// structural count against Yosys once the count is scaled by its own
// least-squares factor: how far a formula that counts what a Verilog module
// builds still strays between configurations.
func evaluatorSpread(counts []groupCount) float64 {
	var num, den float64
	for _, g := range counts {
		if g.group == "Evaluator" {
			num += float64(g.yLUT) * float64(g.mLUT)
			den += float64(g.mLUT) * float64(g.mLUT)
		}
	}
	a, worst := num/den, 0.0
	for _, g := range counts {
		if g.group == "Evaluator" {
			worst = max(worst, math.Abs(float64(g.yLUT)/(a*float64(g.mLUT))-1))
		}
	}
	return worst
}
