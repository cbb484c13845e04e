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

	"sudokusim/sudoku/logic"
)

// yosysRow is one module of one Yosys run (testdata/yosys.csv): the Verilog
// twin (hdl/) of version 1 or 2 through `sudokusim synth --heuristics
// none|paper --max-order m --cpc k --json`, Yosys 0.23 synth_xilinx -family
// xc2vp, hierarchy kept, UART at 100 MHz / 115200 baud; the module's own
// cells, not its submodules'.
type yosysRow struct {
	version, m, k int
	module        string
	// lut13 are the LUT1 (INV included), LUT2 and LUT3 sites, lut4 the LUT4s.
	lut13, lut4 int
	ff          int
	// resetFF are the flip-flops with the active-low asynchronous reset:
	// Yosys puts one inverter (a LUT1 site) in front of each one's CLR.
	resetFF int
	ramb16  int
	mult18  int
}

// lut4eq is the module's LUT4-equivalents: every LUT1–LUT4 site but the
// reset inverters — a Virtex-II slice inverts its SR input for free, so ISE
// uses no LUT for them (docs/resource-model.md §9.1).
func (r yosysRow) lut4eq() int { return r.lut13 + r.lut4 - r.resetFF }

func loadYosys(t *testing.T) []yosysRow { return loadYosysFile(t, "testdata/yosys.csv") }

func loadYosysFile(t *testing.T, path string) []yosysRow {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"version", "max_order", "cpc", "module", "lut1_3", "lut4", "ff", "reset_ff", "ramb16", "mult18x18"}, recs[0])
	var rows []yosysRow
	for i, rec := range recs[1:] {
		n := make([]int, 0, 9)
		for j, s := range rec {
			if j == 3 {
				continue
			}
			v, err := strconv.Atoi(s)
			require.NoError(t, err, "%s line %d", path, i+2)
			n = append(n, v)
		}
		rows = append(rows, yosysRow{version: n[0], m: n[1], k: n[2], module: rec[3],
			lut13: n[3], lut4: n[4], ff: n[5], resetFF: n[6], ramb16: n[7], mult18: n[8]})
	}
	return rows
}

// synthGroup is a set of Verilog modules held against a set of the model's
// blocks. The core is one group: sudoku_core holds the Controller, Loader,
// word registers, lane extractor, RowAssembler, checksum register and
// ResponseUnit, and also GridMem's write data and address muxes, which the
// model books to GridMem; grid_mem's fabric (its output registers and their
// hold muxes, a Yosys mapping of the no-change read port that the RAMB16
// does itself) is left out. Version 2's heuristics module holds the units,
// the region front end, the strategy FSM, the fix path and CandMem's and
// MissMem's write data and address muxes (cand_mem and miss_mem are
// instantiated inside it); miss_mem's fabric is left out as grid_mem's is.
// In version 2 the evaluator also holds the CandidateWindow.
type synthGroup struct {
	name    string
	modules []string
	blocks  []string
}

var version1Groups = []synthGroup{
	{"Receiver", []string{"uart_rx"}, []string{"Receiver"}},
	{"FrameCodec", []string{"frame_decoder"}, []string{"FrameCodec"}},
	{"Transmitter", []string{"uart_tx"}, []string{"Transmitter"}},
	{"Evaluator", []string{"evaluator"}, []string{"Evaluator"}},
	{"Core", []string{"sudoku_core", "given_mem"}, []string{"ResponseUnit", "RowAssembler",
		"ChecksumRegister", "WordRegister", "LaneExtract", "Controller", "Loader", "GridMem", "GivenMem"}},
}

var version2Groups = []synthGroup{
	version1Groups[0], version1Groups[1], version1Groups[2],
	{"Evaluator", []string{"evaluator"}, []string{"Evaluator", "CandidateWindow"}},
	version1Groups[4],
	{"Heuristics", []string{"heuristics", "cand_mem"}, []string{"FixPath", "RegionFrontEnd", "Strategy",
		"SingleUnit", "ScanRegisters", "HiddenSingleUnit", "HiddenSubsetUnit", "CandMem", "MissMem"}},
}

func synthGroups(version int) []synthGroup {
	if version == 2 {
		return version2Groups
	}
	return version1Groups
}

// groupCount is one group at one configuration: Yosys's LUT4-equivalents
// and flip-flops beside the model's structural LUT4s and flip-flops.
type groupCount struct {
	version, m, k        int
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

// yosysParams is the model's configuration of a Yosys run: version 2 is the
// paper's unit set with one subset combination a cycle, as `synth
// --heuristics paper` builds it.
func yosysParams(version, m, k int) Params {
	p := DefaultParams()
	p.MaxOrder, p.CPC = m, k
	if version == 2 {
		p.Heuristics, p.SubsetUnits = logic.PaperSet(), 1
	}
	return p
}

// compareYosys puts every group of every configuration in the table beside
// the model; every module's RAMB16s must equal the model's.
func compareYosys(t *testing.T, rows []yosysRow) []groupCount {
	t.Helper()
	type cfg struct{ version, m, k int }
	byCfg := map[cfg]map[string]yosysRow{}
	var order []cfg
	for _, r := range rows {
		c := cfg{r.version, r.m, r.k}
		if byCfg[c] == nil {
			byCfg[c] = map[string]yosysRow{}
			order = append(order, c)
		}
		byCfg[c][r.module] = r
	}
	var out []groupCount
	for _, c := range order {
		rep, err := Estimate(yosysParams(c.version, c.m, c.k))
		require.NoError(t, err)
		require.Equal(t, c.version, rep.Version)
		blocks := map[string]Block{}
		for _, b := range rep.Blocks {
			blocks[b.Name] = b
		}
		ramb := 0
		for _, r := range byCfg[c] {
			ramb += r.ramb16
			assert.Zero(t, r.mult18, "v%d m=%d k=%d %s: MULT18X18s", c.version, c.m, c.k, r.module)
		}
		assert.Equal(t, ramb, rep.RAMB16, "v%d m=%d k=%d: RAMB16s, Yosys and model (bram.Map)", c.version, c.m, c.k)
		for mod, blk := range map[string]string{"grid_mem": "GridMem", "given_mem": "GivenMem", "cand_mem": "CandMem", "miss_mem": "MissMem"} {
			if r, ok := byCfg[c][mod]; ok {
				assert.Equal(t, blocks[blk].RAMB16(), r.ramb16, "v%d m=%d k=%d: %s RAMB16s", c.version, c.m, c.k, blk)
			}
		}
		for _, g := range synthGroups(c.version) {
			gc := groupCount{version: c.version, m: c.m, k: c.k, group: g.name}
			for _, name := range g.modules {
				r, ok := byCfg[c][name]
				require.True(t, ok, "v%d m=%d k=%d: no module %s in the table", c.version, c.m, c.k, name)
				gc.yLUT += r.lut4eq()
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

// worstErrors is the worst LUT4 and FF error, model against Yosys, of each
// group per version and order over k, keyed "v1 Core m=3".
func worstErrors(counts []groupCount) map[string][2]float64 {
	worst := map[string][2]float64{}
	for _, g := range counts {
		key := fmt.Sprintf("v%d %s m=%d", g.version, g.group, g.m)
		w := worst[key]
		if math.Abs(g.lutErr()) > math.Abs(w[0]) {
			w[0] = g.lutErr()
		}
		if math.Abs(g.ffErr()) > math.Abs(w[1]) {
			w[1] = g.ffErr()
		}
		worst[key] = w
	}
	return worst
}

// TestModelAgainstYosys holds every block group of the structural model
// against Yosys's LUT4-equivalents and flip-flops (versions 1 and 2, every
// configuration of testdata/yosys.csv) and pins the worst errors quoted in
// docs/resource-model.md §9.1, so that a formula change that moves them
// fails here. Block RAMs are equal at every configuration, per memory.
func TestModelAgainstYosys(t *testing.T) {
	counts := compareYosys(t, loadYosys(t))
	for _, g := range counts {
		t.Logf("v%d m=%d k=%2d %-12s LUT4 model %5d yosys %5d %+6.1f%%   FF model %5d yosys %5d %+6.1f%%",
			g.version, g.m, g.k, g.group, g.mLUT, g.yLUT, 100*g.lutErr(), g.mFF, g.yFF, 100*g.ffErr())
	}
	worst := worstErrors(counts)
	// The worst LUT4 and FF errors per group and order, as
	// docs/resource-model.md §9.1 quotes them (percent).
	want := map[string][2]float64{
		// pins:begin
		"v1 Core m=11":        {-33, -0.6},
		"v1 Core m=3":         {-63.7, -11.5},
		"v1 Core m=5":         {-53.9, -5.2},
		"v1 Core m=7":         {-41.6, -2.5},
		"v1 Core m=9":         {-36.1, -1},
		"v2 Core m=3":         {-65.2, -14.2},
		"v1 Evaluator m=11":   {1.4, 0},
		"v1 Evaluator m=3":    {-18.2, 0},
		"v1 Evaluator m=5":    {-16.8, 0},
		"v1 Evaluator m=7":    {-20.6, 0},
		"v1 Evaluator m=9":    {0.9, 0},
		"v2 Evaluator m=3":    {-22, 0},
		"v1 FrameCodec m=11":  {-35.9, 0},
		"v1 FrameCodec m=3":   {-44.1, 0},
		"v1 FrameCodec m=5":   {-38.2, 0},
		"v1 FrameCodec m=7":   {-39.5, 0},
		"v1 FrameCodec m=9":   {-36.7, 0},
		"v2 FrameCodec m=3":   {-40.7, 0},
		"v2 Heuristics m=3":   {-62.4, -25.4},
		"v1 Receiver m=11":    {-46.5, 0},
		"v1 Receiver m=3":     {-46.5, 0},
		"v1 Receiver m=5":     {-46.5, 0},
		"v1 Receiver m=7":     {-46.5, 0},
		"v1 Receiver m=9":     {-55.8, 0},
		"v2 Receiver m=3":     {-46.5, 0},
		"v1 Transmitter m=11": {-49, 0},
		"v1 Transmitter m=3":  {-49, 0},
		"v1 Transmitter m=5":  {-49, 0},
		"v1 Transmitter m=7":  {-49, 0},
		"v1 Transmitter m=9":  {-49, 0},
		"v2 Transmitter m=3":  {-49, 0},
		// pins:end
	}
	for key, w := range worst {
		t.Logf("worst %-22s LUT4 %+6.1f%%  FF %+6.1f%%", key, 100*w[0], 100*w[1])
	}
	for key, w := range want {
		got, ok := worst[key]
		if assert.True(t, ok, "%s: not in testdata/yosys.csv", key) {
			assert.InDelta(t, w[0], 100*got[0], 0.05, "%s LUT4", key)
			assert.InDelta(t, w[1], 100*got[1], 0.05, "%s FF", key)
		}
	}
	for key := range worst {
		_, ok := want[key]
		assert.True(t, ok, "%s: measured but not pinned (docs/resource-model.md §9.1)", key)
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
		if g.version != 1 || g.m != 3 || (group != "" && g.group != group) {
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
		"":          {1.8859, -0.3789, +0.1714, -0.2158, +0.4789},
		"Evaluator": {1.1212, -0.1550, -0.0525, +0.0430, +0.1694},
	}
	for _, group := range []string{"", "Evaluator"} {
		p := predictLargeK(counts, group)
		name := group
		if name == "" {
			name = "whole design"
		}
		t.Logf("%s: a = %.4f; k=16 structural %+.4f, a·model %+.4f; k=32 structural %+.4f, a·model %+.4f",
			name, p.Scale, p.Structural[16], p.Fitted[16], p.Structural[32], p.Fitted[32])
		w := want[group]
		assert.InDelta(t, w.scale, p.Scale, 5e-5, name)
		assert.InDelta(t, w.struc16, p.Structural[16], 5e-5, name)
		assert.InDelta(t, w.fit16, p.Fitted[16], 5e-5, name)
		assert.InDelta(t, w.struc32, p.Structural[32], 5e-5, name)
		assert.InDelta(t, w.fit32, p.Fitted[32], 5e-5, name)
	}
}

// evaluatorCounts puts the evaluator rows of a table beside the model's
// Evaluator (and CandidateWindow in version 2).
func evaluatorCounts(t *testing.T, rows []yosysRow) []groupCount {
	t.Helper()
	var out []groupCount
	for _, r := range rows {
		if r.module != "evaluator" {
			continue
		}
		rep, err := Estimate(yosysParams(r.version, r.m, r.k))
		require.NoError(t, err)
		g := groupCount{version: r.version, m: r.m, k: r.k, group: "Evaluator", yLUT: r.lut4eq(), yFF: r.ff}
		for _, b := range rep.Blocks {
			if b.Name == "Evaluator" || b.Name == "CandidateWindow" {
				g.mLUT += b.LUT
				g.mFF += b.FF
			}
		}
		out = append(out, g)
	}
	return out
}

// evaluatorSpread is the worst proportional error of the Evaluator's
// structural count against Yosys once the count is scaled by its own
// least-squares factor: how far a formula that counts what a Verilog module
// builds still strays between configurations.
func evaluatorSpread(counts []groupCount) (float64, groupCount) {
	var num, den float64
	for _, g := range counts {
		if g.group == "Evaluator" {
			num += float64(g.yLUT) * float64(g.mLUT)
			den += float64(g.mLUT) * float64(g.mLUT)
		}
	}
	a, worst, at := num/den, 0.0, groupCount{}
	for _, g := range counts {
		if e := math.Abs(float64(g.yLUT)/(a*float64(g.mLUT)) - 1); g.group == "Evaluator" && e > worst {
			worst, at = e, g
		}
	}
	return worst, at
}

// version2Spread is how far version 2's own blocks are counted out of
// proportion with the version-1 blocks of the same run: per version-2
// configuration, the Heuristics group's Yosys/model ratio divided by the
// other groups' (LUT4 and flip-flops separately), worst |ratio − 1|.
func version2Spread(counts []groupCount) float64 {
	type cfg struct{ m, k int }
	type sums struct{ uy, um, oy, om, uyf, umf, oyf, omf float64 }
	by := map[cfg]*sums{}
	for _, g := range counts {
		if g.version != 2 {
			continue
		}
		c := cfg{g.m, g.k}
		if by[c] == nil {
			by[c] = &sums{}
		}
		s := by[c]
		if g.group == "Heuristics" {
			s.uy, s.um, s.uyf, s.umf = s.uy+float64(g.yLUT), s.um+float64(g.mLUT), s.uyf+float64(g.yFF), s.umf+float64(g.mFF)
		} else {
			s.oy, s.om, s.oyf, s.omf = s.oy+float64(g.yLUT), s.om+float64(g.mLUT), s.oyf+float64(g.yFF), s.omf+float64(g.mFF)
		}
	}
	worst := 0.0
	for _, s := range by {
		worst = max(worst, math.Abs((s.uy/s.um)/(s.oy/s.om)-1), math.Abs((s.uyf/s.umf)/(s.oyf/s.omf)-1))
	}
	return worst
}
