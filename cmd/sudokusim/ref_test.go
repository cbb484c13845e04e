package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/sudoku/dlx"
)

func TestRefSample(t *testing.T) {
	code, out, errOut := runCmd(t, "", "ref")
	require.Equal(t, exitOK, code)
	g, err := sudoku.ParseSudoku([]byte(out), "stdout")
	require.NoError(t, err)
	assert.True(t, sudoku.SampleSolution().Equal(g))
	assert.Regexp(t, `^dlx: order 3 solved, 45 nodes, 0 backtracks, [0-9.]+ s \(t_max 0.2187 s\), checksum 29\n$`, errOut)
}

func TestRefJSONFPT09(t *testing.T) {
	path := filepath.Join(fpt09Dir, "puzzle09a.sudoku")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("FPT'09 puzzles not found: %v", err)
	}
	code, out, errOut := runCmd(t, "", "ref", "--json", path)
	require.Equal(t, exitOK, code, errOut)
	assert.Empty(t, errOut)
	var rep Report
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, "dlx", rep.Design)
	assert.Equal(t, 9, rep.Order)
	assert.Equal(t, "solved", rep.Status)
	puzzle, err := sudoku.LoadPuzzle(path, 0, nil)
	require.NoError(t, err)
	solution := sudoku.MustNew(9)
	for r, row := range rep.Solution {
		for c, v := range row {
			solution.Set(r, c, v)
		}
	}
	require.NoError(t, sudoku.Validate(puzzle, solution))
	require.NotNil(t, rep.Checksum)
	assert.Equal(t, int(sudoku.Checksum(solution)), *rep.Checksum)
	assert.Equal(t, uint64(1641), rep.Search.Nodes, "09a: 1,641 empty cells, all forced")
	assert.InDelta(t, sudoku.TMax(9), rep.TMaxSeconds, 1e-9)
	assert.True(t, rep.WithinTMax)
	assert.Nil(t, rep.Cycles, "no cycles for a software model")
	// The key fields are present by name.
	for _, key := range []string{`"design"`, `"order"`, `"status"`, `"solution"`, `"checksum"`, `"search":{"nodes"`, `"sim":{"wall_seconds"`} {
		assert.Contains(t, out, key)
	}
}

func TestRefStatuses(t *testing.T) {
	dir := t.TempDir()
	clash := sudoku.Sample()
	clash.Set(0, 0, 1)
	var cb strings.Builder
	_ = sudoku.WriteSudoku(&cb, clash)
	clashFile := writeFile(t, dir, "clash.sudoku", cb.String())
	line := sudoku.FormatLine(sudoku.Sample())

	tests := []struct {
		name    string
		stdin   string
		args    []string
		code    int
		status  string
		errLine string
	}{
		{"stdin line format", line + "\n", []string{"--json", "-"}, exitOK, "solved", ""},
		{"index", "# x\n" + line + "\n" + strings.Repeat(".", 81) + "\n", []string{"--json", "--index", "1", "-"}, exitOK, "solved", ""},
		{"clashing givens", "", []string{"--json", clashFile}, exitFail, "unsolvable", ""},
		{"node limit", strings.Repeat(".", 81), []string{"--json", "--node-limit", "5", "--index", "0", "-"}, exitFail, "timeout", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tc.stdin, append([]string{"ref"}, tc.args...)...)
			assert.Equal(t, tc.code, code, errOut)
			var rep Report
			require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
			assert.Equal(t, tc.status, rep.Status)
			if tc.status != "solved" {
				assert.Nil(t, rep.Solution)
				assert.Nil(t, rep.Checksum)
			}
		})
	}

	code, out, errOut := runCmd(t, "", "ref", clashFile)
	assert.Equal(t, exitFail, code)
	assert.Empty(t, out)
	assert.Equal(t, "dlx: order 3 unsolvable, 0 nodes, 0 backtracks, ", errOut[:len("dlx: order 3 unsolvable, 0 nodes, 0 backtracks, ")])
	assert.True(t, strings.HasSuffix(errOut, "; givens clash: row 1 holds 1 twice, at (1,1) and (1,2) (row,col from 1)\n"), errOut)
}

func TestRefMalformedInputIsOneLine(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, file, text, want string
	}{
		{"value too big", "v.sudoku", "2\n1 2 3 4\n3 4 1 2\n2 1 4 9\n4 3 2 1\n", "v.sudoku:4:7: value 9 outside 0..4"},
		{"order", "o.sudoku", "17\n", "o.sudoku:1:1: order 17 outside 2..15"},
		{"short line", "s.txt", "# set\n12345\n", "s.txt:2:6: line has 5 cells, want 81"},
		{"not a number", "n.sudoku", "2\n1 2 x 4\n", "n.sudoku:2:5: expected a number, found 'x'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := writeFile(t, dir, tc.file, tc.text)
			code, out, errOut := runCmd(t, "", "ref", "--json", p)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, filepath.Join(dir, tc.want)+"\n", errOut)
		})
	}
	code, _, errOut := runCmd(t, "", "ref", filepath.Join(dir, "missing.sudoku"))
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, 1, strings.Count(errOut, "\n"))
	assert.Contains(t, errOut, "missing.sudoku: no such file or directory")
}

func TestCyclesJSON(t *testing.T) {
	c := Cycles{Total: 10, RX: 1, Solve: 8, TX: 1, Phases: map[string]uint64{"search": 5, "heuristics": 3}}
	b, err := json.Marshal(c)
	require.NoError(t, err)
	assert.Equal(t, `{"total":10,"rx":1,"solve":8,"tx":1,"heuristics":3,"search":5}`, string(b))
	_, err = json.Marshal(Cycles{Phases: map[string]uint64{"rx": 1}})
	assert.Error(t, err)
}

// gen9x9 is the committed 100-puzzle 9×9 set (unique puzzles).
var gen9x9 = filepath.Join("..", "..", "bench", "testdata", "gen9x9.txt")

// loadLines reads a line-format file of puzzles.
func loadLines(t *testing.T, path string) []*sudoku.Grid {
	t.Helper()
	grids, err := sudoku.LoadPuzzles(path, nil)
	require.NoError(t, err)
	return grids
}

// gridFromRows turns a JSON solution back into a grid.
func gridFromRows(order int, rows [][]int) *sudoku.Grid {
	g := sudoku.MustNew(order)
	for r, row := range rows {
		for c, v := range row {
			g.Set(r, c, v)
		}
	}
	return g
}

func TestRefBatchLines(t *testing.T) {
	puzzles := loadLines(t, gen9x9)
	code, out, errOut := runCmd(t, "", "ref", gen9x9)
	require.Equal(t, exitOK, code, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, len(puzzles), "one solution line per puzzle")
	for i, line := range lines {
		sol, err := sudoku.ParseLines([]byte(line), "stdout")
		require.NoError(t, err, "line %d", i)
		require.Len(t, sol, 1)
		require.NoError(t, sudoku.Validate(puzzles[i], sol[0]), "puzzle %d: solutions come out in input order", i)
	}
	assert.Regexp(t, `^dlx: 100 puzzles: 100 solved, 0 unsolvable, 0 timeout in [0-9.]+ s, [0-9]+ puzzles/s\n$`, errOut)
}

func TestRefBatchJSONL(t *testing.T) {
	puzzles := loadLines(t, gen9x9)[:7]
	var in strings.Builder
	require.NoError(t, sudoku.WriteLines(&in, puzzles))
	code, out, errOut := runCmd(t, in.String(), "ref", "--json", "-")
	require.Equal(t, exitOK, code, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, len(puzzles), "one JSON object per line")
	for i, line := range lines {
		var rec refRecord
		require.NoError(t, json.Unmarshal([]byte(line), &rec), line)
		assert.Equal(t, i, rec.Puzzle)
		assert.Equal(t, "dlx", rec.Design)
		assert.Equal(t, "solved", rec.Status)
		assert.Nil(t, rec.Solutions, "no count without --count")
		require.NoError(t, sudoku.Validate(puzzles[i], gridFromRows(3, rec.Solution)))
		require.NotNil(t, rec.Checksum)
		assert.Equal(t, int(sudoku.Checksum(gridFromRows(3, rec.Solution))), *rec.Checksum)
	}
	assert.Regexp(t, `^dlx: 7 puzzles: 7 solved, 0 unsolvable, 0 timeout in [0-9.]+ s, [0-9]+ puzzles/s\n$`, errOut)
}

func TestRefBatchKeepsOrderPastAFailure(t *testing.T) {
	clash := sudoku.Sample()
	clash.Set(0, 0, 1) // 1 is already in row 1
	puzzles := []*sudoku.Grid{sudoku.Sample(), clash, loadLines(t, gen9x9)[5]}
	var in strings.Builder
	require.NoError(t, sudoku.WriteLines(&in, puzzles))
	code, out, errOut := runCmd(t, in.String(), "ref", "-")
	assert.Equal(t, exitFail, code, "one puzzle not solved")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 3)
	assert.Equal(t, sudoku.FormatLine(sudoku.SampleSolution()), lines[0])
	assert.Equal(t, "# puzzle 1: unsolvable", lines[1])
	sol, err := sudoku.ParseLines([]byte(lines[2]), "stdout")
	require.NoError(t, err)
	require.NoError(t, sudoku.Validate(puzzles[2], sol[0]))
	errLines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	require.Len(t, errLines, 2, errOut)
	assert.True(t, strings.HasPrefix(errLines[0], "dlx: puzzle 1: dlx: order 3 unsolvable, 0 nodes"), errLines[0])
	assert.Contains(t, errLines[0], "givens clash: row 1 holds 1 twice")
	assert.Regexp(t, `^dlx: 3 puzzles: 2 solved, 1 unsolvable, 0 timeout in `, errLines[1])
}

func TestRefCount(t *testing.T) {
	sparse := sudoku.Sample()
	for _, i := range []int{1, 2, 3, 4, 9, 13, 14, 15} { // drop givens: several solutions
		sparse.Cells[i] = 0
	}
	var sb strings.Builder
	require.NoError(t, sudoku.WriteSudoku(&sb, sudoku.MustNew(2)))
	empty2 := writeFile(t, t.TempDir(), "empty2.sudoku", sb.String())

	tests := []struct {
		name   string
		stdin  string
		args   []string
		want   int
		phrase string
	}{
		{"unique", sudoku.FormatLine(sudoku.Sample()) + "\n", []string{"--count", "2", "-"}, 1, "exactly 1 solution"},
		{"limit reached", sudoku.FormatLine(sparse) + "\n", []string{"--count", "2", "-"}, 2, "at least 2 solutions (--count 2 reached)"},
		{"all 288 of order 2", "", []string{"--count", "1000", empty2}, 288, "exactly 288 solutions"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tc.stdin, append([]string{"ref"}, tc.args...)...)
			require.Equal(t, exitOK, code, errOut)
			assert.Contains(t, errOut, ", "+tc.phrase+", checksum ")
			var puzzle *sudoku.Grid
			if tc.stdin != "" {
				grids, err := sudoku.ParseLines([]byte(tc.stdin), "in")
				require.NoError(t, err)
				puzzle = grids[0]
				sol, err := sudoku.ParseLines([]byte(out), "stdout")
				require.NoError(t, err)
				require.NoError(t, sudoku.Validate(puzzle, sol[0]), "the first solution is printed")
			} else {
				puzzle = sudoku.MustNew(2)
				sol, err := sudoku.ParseSudoku([]byte(out), "stdout")
				require.NoError(t, err)
				require.NoError(t, sudoku.Validate(puzzle, sol))
			}

			code, out, _ = runCmd(t, tc.stdin, append([]string{"ref", "--json"}, tc.args...)...)
			require.Equal(t, exitOK, code)
			var rec refRecord
			require.NoError(t, json.Unmarshal([]byte(out), &rec))
			require.NotNil(t, rec.Solutions)
			assert.Equal(t, tc.want, *rec.Solutions)
			assert.Equal(t, "solved", rec.Status)
			require.NoError(t, sudoku.Validate(puzzle, gridFromRows(puzzle.Order, rec.Solution)))
		})
	}
}

func TestRefTimeLimit(t *testing.T) {
	empty := strings.Repeat(".", 81) + "\n"
	t.Run("t_max by default", func(t *testing.T) {
		// Counting the solutions of the empty 9×9 grid (6.7·10²¹) cannot
		// end, so the default limit, order 3's t_max of 0.2187 s, stops it.
		code, out, errOut := runCmd(t, empty, "ref", "--json", "--count", "1000000000", "-")
		assert.Equal(t, exitFail, code)
		var rec refRecord
		require.NoError(t, json.Unmarshal([]byte(out), &rec), out)
		assert.Equal(t, "timeout", rec.Status)
		assert.Equal(t, "stopped at the time limit, t_max 0.2187 s", rec.Note)
		assert.Nil(t, rec.Solution)
		assert.Positive(t, *rec.Solutions, "a lower bound: solutions found before the limit")
		assert.Empty(t, errOut)
	})
	t.Run("text", func(t *testing.T) {
		code, out, errOut := runCmd(t, empty, "ref", "--timeout", "1ns", "--count", "1000000000", "-")
		assert.Equal(t, exitFail, code)
		assert.Equal(t, "# puzzle 0: timeout\n", out)
		assert.Regexp(t, `^dlx: order 3 timeout, [0-9]+ nodes, .*, at least [0-9]+ solutions found before the limit; stopped at the time limit, --timeout 1ns\n$`, errOut)
	})
	t.Run("flag values", func(t *testing.T) {
		var tl timeLimit
		d, name := tl.forOrder(3)
		assert.Equal(t, time.Duration(sudoku.TMax(3)*float64(time.Second)), d)
		assert.Equal(t, "t_max 0.2187 s", name)
		d, _ = tl.forOrder(15)
		assert.Equal(t, 3417, int(d.Seconds()), "t_max at order 15 is 3,417 s")
		require.NoError(t, tl.Set("0"))
		d, name = tl.forOrder(3)
		assert.Zero(t, d, "0 means no limit")
		assert.Equal(t, "--timeout 0s", name)
		require.NoError(t, tl.Set("90s"))
		d, _ = tl.forOrder(15)
		assert.Equal(t, 90*time.Second, d)
		assert.Error(t, tl.Set("-1s"))
		assert.Error(t, tl.Set("soon"))
	})
}

func TestRefUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--count", "-1"}, "sudokusim ref: --count -1: want 0 (stop at the first solution) or a positive limit (see --help)\n"},
		{[]string{"--count", "2", "--restart", "100"}, "sudokusim ref: --restart applies to finding one solution, not to --count (see --help)\n"},
		{[]string{"--jobs", "-1"}, "sudokusim ref: --jobs -1: want 1 or more, or 0 for one per core (see --help)\n"},
		{[]string{"--probe-from", "1"}, "sudokusim ref: --probe-from 1: want an order of 2 or more (see --help)\n"},
		{[]string{"--timeout", "soon"}, "sudokusim ref: invalid value \"soon\" for flag -timeout: \"soon\" is not a duration such as 30s, 2m or 0 (see --help)\n"},
		{[]string{"--index", "100", gen9x9}, gen9x9 + ": puzzle index 100 out of range; the file holds 100 puzzle(s), index 0..99\n"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := runCmd(t, "", append([]string{"ref"}, tc.args...)...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, tc.want, errOut)
		})
	}
}

func TestRefProgressOnlyOnATerminal(t *testing.T) {
	// Not a terminal (the tests' stderr is a buffer): the total line only.
	code, _, errOut := runCmd(t, "", "ref", gen9x9)
	require.Equal(t, exitOK, code)
	assert.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
	assert.NotContains(t, errOut, "\r")

	// A terminal: the bar counts the puzzles, then clears itself before the
	// total line.
	saved := refTerminal
	refTerminal = func(io.Writer) bool { return true }
	defer func() { refTerminal = saved }()
	code, out, errOut := runCmd(t, "", "ref", gen9x9)
	require.Equal(t, exitOK, code)
	assert.Regexp(t, `\r\s*ref .*\([0-9]+/100, [0-9]+ puzzles/`, errOut, "the bar counts the puzzles")
	assert.Regexp(t, `dlx: 100 puzzles: 100 solved, 0 unsolvable, 0 timeout in [0-9.]+ s, [0-9]+ puzzles/s\n$`, errOut)
	assert.NotContains(t, out, "/100", "progress never goes to stdout")
}

func TestRefProgressShowsTheSearch(t *testing.T) {
	saved := refTerminal
	refTerminal = func(io.Writer) bool { return true }
	defer func() { refTerminal = saved }()
	var buf strings.Builder
	p := newRefProgress(&buf, 3)
	var opts dlx.Options
	p.puzzle(2, 159*time.Second, &opts)
	require.NotNil(t, opts.Progress, "the search reports to the bar")
	p.shown = p.shown.Add(-time.Second) // as if the last redraw was a second ago
	opts.Progress(123456)
	assert.Contains(t, buf.String(), "ref: puzzle 2, 123456 nodes, ")
	assert.Contains(t, buf.String(), " s of 159 s")

	var none *refProgress // not a terminal: every method is a no-op
	opts = dlx.Options{}
	none.puzzle(0, time.Second, &opts)
	assert.Nil(t, opts.Progress)
	none.done()
	none.clear()
}

func TestRefJobsKeepTheOrder(t *testing.T) {
	clash := sudoku.Sample()
	clash.Set(0, 0, 1)
	puzzles := append(loadLines(t, gen9x9)[:20], clash)
	puzzles = append(puzzles, loadLines(t, filepath.Join("..", "..", "sudoku", "dlx", "testdata", "hard9x9.txt"))[:20]...)
	var in strings.Builder
	require.NoError(t, sudoku.WriteLines(&in, puzzles))

	code1, out1, err1 := runCmd(t, in.String(), "ref", "-")
	require.Equal(t, exitFail, code1, "the clashing puzzle is not solved")
	require.True(t, strings.HasPrefix(err1, "dlx: puzzle 20: dlx: order 3 unsolvable, 0 nodes, 0 backtracks, "), err1)
	for _, jobs := range []string{"3", "0"} {
		code, out, errOut := runCmd(t, in.String(), "ref", "--jobs", jobs, "-")
		assert.Equal(t, code1, code)
		assert.Equal(t, out1, out, "--jobs %s: the same lines in the same order", jobs)
		assert.True(t, strings.HasPrefix(errOut, "dlx: puzzle 20: dlx: order 3 unsolvable, 0 nodes, 0 backtracks, "), errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out1, "\n"), "\n")
	require.Len(t, lines, len(puzzles))
	assert.Equal(t, "# puzzle 20: unsolvable", lines[20])

	code, out, _ := runCmd(t, in.String(), "ref", "--json", "--jobs", "4", "-")
	assert.Equal(t, exitFail, code)
	recs := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, recs, len(puzzles))
	for i, line := range recs {
		var rec refRecord
		require.NoError(t, json.Unmarshal([]byte(line), &rec))
		assert.Equal(t, i, rec.Puzzle)
		if i != 20 {
			require.NoError(t, sudoku.Validate(puzzles[i], gridFromRows(3, rec.Solution)), "puzzle %d", i)
		}
	}
}
