package bench

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/rtl/area"
	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
)

// fpt09 is the benchmark directory relative to the package (DESIGN §6).
const fpt09 = "../../shared/data/fpt09"

func tinyPuzzles(t *testing.T) []Puzzle {
	t.Helper()
	ps := []Puzzle{{Name: "sample", Grid: sudoku.Sample()}}
	for _, n := range []string{"puzzle03a", "puzzle03b"} {
		g, err := sudoku.LoadPuzzle(filepath.Join(fpt09, n+".sudoku"), 0, nil)
		require.NoError(t, err)
		ps = append(ps, Puzzle{Name: n, Grid: g})
	}
	return ps
}

func tinySpec(t *testing.T, out string) Spec {
	return Spec{
		Axes:    Axes{CPC: []int{1, 4}, Heuristics: []string{"none"}, MaxOrders: []int{3, 15}, ClockMHz: []float64{50, 100}},
		Puzzles: tinyPuzzles(t), Link: bnb.LinkDirect, Jobs: 2, Out: out,
	}
}

func TestSweepWritesEverything(t *testing.T) {
	out := t.TempDir()
	sum, err := Run(tinySpec(t, out))
	require.NoError(t, err)
	// 3 puzzles × 2 k × 1 heuristic set × 2 orders × 2 clocks.
	assert.Equal(t, Summary{Points: 24, Skipped: 0, Ran: 24}, counts(sum))

	csvData, err := os.ReadFile(filepath.Join(out, "results.csv"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(csvData)), "\n")
	assert.Len(t, lines, 25)
	assert.True(t, strings.HasPrefix(lines[0], "puzzle,puzzle_hash,order,cpc,"))

	// Every solved row's cycles agree with a direct bnb.Fast run, and the
	// seconds with the clock.
	var res Results
	readJSON(t, filepath.Join(out, "results.json"), &res)
	require.Len(t, res.Rows, 24)
	for _, r := range res.Rows {
		cfg := bnb.DefaultConfig()
		cfg.CPC, cfg.MaxOrder, cfg.ClockHz, cfg.Link = r.CPC, r.MaxOrder, r.ClockMHz*1e6, bnb.LinkDirect
		g := gridOf(t, r.Puzzle)
		want, err := bnb.Fast(cfg, g)
		require.NoError(t, err)
		assert.Equal(t, want.Status.String(), r.Status, r.Key())
		assert.Equal(t, want.Cycles.Total(), r.Cycles, r.Key())
		assert.Equal(t, want.Cycles.Load+want.Cycles.Search, r.Solve, r.Key())
		assert.InDelta(t, float64(r.Cycles)/(r.ClockMHz*1e6), r.Seconds, 1e-15, r.Key())
		assert.Equal(t, "XC2VP30", r.Device)
	}
	// A bigger evaluator never takes more evaluator cycles on one puzzle.
	by := map[string]Row{}
	for _, r := range res.Rows {
		by[r.Key()] = r
	}
	for _, r := range res.Rows {
		if r.CPC == 4 {
			k1 := r.Point
			k1.CPC = 1
			assert.LessOrEqual(t, r.Search, by[k1.Key()].Search, r.Key())
		}
	}

	for _, name := range PlotNames {
		f, err := os.Open(filepath.Join(out, name+".png"))
		require.NoError(t, err)
		img, err := png.Decode(f)
		f.Close()
		require.NoError(t, err, name)
		assert.Positive(t, img.Bounds().Dx())
	}
	// Expected series by plot (legend entries): slices_vs_k has a model line
	// per (heuristics, max order) plus the paper points; bram_vs_order two
	// versions and the capacity; cycles_vs_k a line per puzzle and heuristic set;
	// pareto the configurations, the front and the capacity (every
	// configuration of the tiny sweep solves everything and fits).
	series := map[string][]string{
		"slices_vs_k":   {"model v1 m=15", "model v1 m=3", "paper Table 2 (v1, m=15, XC2VP30)", "XC2VP30 capacity (13696 slices)"},
		"bram_vs_order": {"version 1 (GridMem + GivenMem)", "version 2 (+ CandMem, MissingMem)", "XC2VP30 capacity (136)"},
		"cycles_vs_k":   {"puzzle03a", "puzzle03b", "sample"},
		"pareto":        {"configurations (every puzzle solved)", "Pareto front (fitting, all solved)", "XC2VP30 capacity (13696 slices)"},
	}
	for name, want := range series {
		texts := svgTexts(t, filepath.Join(out, name+".svg"))
		for _, s := range want {
			assert.Equal(t, 1, texts[s], "%s: legend entry %q", name, s)
		}
		assert.Equal(t, len(want), legendEntries(texts, want), name)
	}
}

// legendEntries counts the texts that are series names of the kind the
// plot draws (the tick labels and titles are not).
func legendEntries(texts map[string]int, want []string) int {
	n := 0
	for _, w := range want {
		n += texts[w]
	}
	return n
}

// svgTexts parses an SVG as XML and counts its text elements by content.
func svgTexts(t *testing.T, path string) map[string]int {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NotEmpty(t, data)
	dec := xml.NewDecoder(bytes.NewReader(data))
	texts := map[string]int{}
	inText, root := false, ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, path)
		switch e := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = e.Name.Local
			}
			inText = e.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts[strings.TrimSpace(string(e))]++
			}
		case xml.EndElement:
			inText = false
		}
	}
	assert.Equal(t, "svg", root, path)
	return texts
}

func TestSweepResumes(t *testing.T) {
	out := t.TempDir()
	spec := tinySpec(t, out)
	spec.Axes.CPC = []int{1}
	_, err := Run(spec)
	require.NoError(t, err)
	first, err := os.ReadFile(filepath.Join(out, "results.json"))
	require.NoError(t, err)

	spec.Axes.CPC = []int{1, 2}
	sum, err := Run(spec)
	require.NoError(t, err)
	assert.Equal(t, Summary{Points: 24, Skipped: 12, Ran: 12}, counts(sum))
	sum, err = Run(spec)
	require.NoError(t, err)
	assert.Equal(t, Summary{Points: 24, Skipped: 24, Ran: 0}, counts(sum))

	journal, err := os.ReadFile(filepath.Join(out, JournalName))
	require.NoError(t, err)
	assert.Equal(t, 24, bytes.Count(journal, []byte("\n")), "every point journalled once")
	assert.NotEqual(t, first, journal)
}

func TestShardMergeEqualsWholeRun(t *testing.T) {
	whole := t.TempDir()
	_, err := Run(tinySpec(t, whole))
	require.NoError(t, err)

	var dirs []string
	total := 0
	for i := 0; i < 3; i++ {
		d := t.TempDir()
		spec := tinySpec(t, d)
		spec.Shard = Shard{I: i, N: 3}
		sum, err := Run(spec)
		require.NoError(t, err)
		total += sum.Points
		dirs = append(dirs, d)
	}
	assert.Equal(t, 24, total)
	merged := t.TempDir()
	msum, err := Merge(merged, dirs, "")
	require.NoError(t, err)
	assert.Equal(t, 24, msum.Points)
	// The merge's cost is the shards' costs, each point's once.
	var shardCost float64
	for _, d := range dirs {
		es, err := readJournal(d)
		require.NoError(t, err)
		for _, e := range es {
			assert.Positive(t, e.CostSeconds, e.Key())
			shardCost += e.CostSeconds
		}
	}
	assert.InDelta(t, shardCost, msum.CostSeconds, 1e-9)
	assert.Positive(t, msum.CostSeconds)
	for _, f := range []string{"results.csv", "results.json", ManifestName} {
		a, err := os.ReadFile(filepath.Join(whole, f))
		require.NoError(t, err)
		b, err := os.ReadFile(filepath.Join(merged, f))
		require.NoError(t, err)
		assert.Equal(t, string(a), string(b), f)
	}
}

func TestCycleModeAgreesWithFast(t *testing.T) {
	out := t.TempDir()
	spec := Spec{
		Axes:    Axes{CPC: []int{8}, Heuristics: []string{"none"}, MaxOrders: []int{3}, ClockMHz: []float64{100}},
		Puzzles: []Puzzle{{Name: "sample", Grid: sudoku.Sample()}}, Link: bnb.LinkDirect, Out: out, Mode: "cycle",
	}
	_, err := Run(spec)
	require.NoError(t, err)
	var res Results
	readJSON(t, filepath.Join(out, "results.json"), &res)
	require.Len(t, res.Rows, 1)
	fast, err := bnb.Fast(bnb.Config{MaxOrder: 3, CPC: 8, ClockHz: 100e6, Baud: 115200, Link: bnb.LinkDirect}, sudoku.Sample())
	require.NoError(t, err)
	assert.Equal(t, "cycle", res.Rows[0].Mode)
	assert.Equal(t, "solved", res.Rows[0].Status)
	assert.Equal(t, fast.Cycles.Total(), res.Rows[0].Cycles)
}

func TestSweepErrors(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Spec)
		want string
	}{
		{"mode", func(s *Spec) { s.Mode = "slow" }, `mode "slow"`},
		{"device", func(s *Spec) { s.Device = "nope" }, "unknown device"},
		{"empty axis", func(s *Spec) { s.Axes.CPC = nil }, "every axis"},
		{"too small", func(s *Spec) { s.Axes.MaxOrders = []int{2} }, "no points"},
		{"heuristic", func(s *Spec) { s.Axes.Heuristics = []string{"bogus"} }, "unknown heuristic"},
		{"naked pair", func(s *Spec) { s.Axes.Heuristics = []string{"naked-pair"} }, "no hardware unit"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tinySpec(t, t.TempDir())
			tc.edit(&s)
			_, err := Run(s)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, err := Merge(t.TempDir(), []string{t.TempDir()}, "")
	require.Error(t, err)
	assert.Contains(t, err.Error(), ManifestName)
}

func TestParseShard(t *testing.T) {
	for _, s := range []string{"0/1", "2/3"} {
		_, err := ParseShard(s)
		assert.NoError(t, err, s)
	}
	for _, s := range []string{"3/3", "-1/2", "1/0", "1", "a/b", "1/2x"} {
		_, err := ParseShard(s)
		assert.Error(t, err, s)
	}
	pts := make([]Point, 7)
	for i := range pts {
		pts[i].CPC = i
	}
	got := Shard{I: 1, N: 3}.Select(pts)
	require.Len(t, got, 2)
	assert.Equal(t, []int{1, 4}, []int{got[0].CPC, got[1].CPC})
}

// TestSweepResumesAfterTornLine: a sweep killed in the middle of a journal
// line runs that point again and leaves a clean journal.
func TestSweepResumesAfterTornLine(t *testing.T) {
	out := t.TempDir()
	spec := tinySpec(t, out)
	_, err := Run(spec)
	require.NoError(t, err)
	path := filepath.Join(out, JournalName)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := bytes.SplitAfter(data, []byte("\n"))
	require.Len(t, lines, 25) // 24 lines and the empty tail
	torn := append(bytes.Join(lines[:22], nil), lines[22][:len(lines[22])/2]...)
	require.NoError(t, os.WriteFile(path, torn, 0o644))

	sum, err := Run(spec)
	require.NoError(t, err)
	assert.Equal(t, Summary{Points: 24, Skipped: 22, Ran: 2}, counts(sum))
	rows, err := readJournal(out)
	require.NoError(t, err)
	assert.Len(t, rows, 24)
	again, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, 24, bytes.Count(again, []byte("\n")))

	// A bad line that is not the last is an error naming it.
	require.NoError(t, os.WriteFile(path, append([]byte("{bad\n"), again...), 0o644))
	_, err = Run(spec)
	require.Error(t, err)
	assert.Contains(t, err.Error(), JournalName+":1:")
}

// TestSweepVersionTwo sweeps both versions and two comparator widths:
// version 1 runs once (it has no comparator), version 2 once per width,
// every row agrees with bnb.Fast, and the wider comparator costs slices.
func TestSweepVersionTwo(t *testing.T) {
	out := t.TempDir()
	spec := tinySpec(t, out)
	spec.Axes = Axes{CPC: []int{8}, Heuristics: []string{"none", "paper"}, SubsetUnits: []int{1, 16},
		MaxOrders: []int{3}, ClockMHz: []float64{100}}
	sum, err := Run(spec)
	require.NoError(t, err)
	assert.Equal(t, 9, sum.Points) // 3 puzzles × (v1 + v2 at P=1 and P=16)
	var res Results
	readJSON(t, filepath.Join(out, "results.json"), &res)
	slices := map[int]int{}
	var heur uint64
	for _, r := range res.Rows {
		cfg, err := SimConfig(r.Config(), bnb.LinkDirect)
		require.NoError(t, err)
		want, err := bnb.Fast(cfg, gridOf(t, r.Puzzle))
		require.NoError(t, err)
		assert.Equal(t, want.Cycles.Total(), r.Cycles, r.Key())
		assert.Equal(t, want.Cycles.Heuristics, r.HeurCycles, r.Key())
		assert.Equal(t, "solved", r.Status, r.Key())
		if r.Heuristics == "none" {
			assert.Zero(t, r.SubsetUnits)
			assert.Zero(t, r.HeurCycles)
		} else {
			slices[r.SubsetUnits] = r.Slices
			heur += r.HeurCycles
		}
	}
	assert.Positive(t, heur)
	assert.Greater(t, slices[16], slices[1])
}

// TestDefaultSubsetUnitsAgree: the resource model's default comparator
// width is the simulator's, so an unset width means one design in both.
func TestDefaultSubsetUnitsAgree(t *testing.T) {
	assert.Equal(t, bnb.DefaultSubsetUnits, area.DefaultSubsetUnits)
}
