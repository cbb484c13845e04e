package swarm

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sim"
	"sudokusim/sudoku"
)

// grid4 parses an order-2 grid written as 16 digits with optional spaces.
func grid4(t testing.TB, s string) *sudoku.Grid {
	t.Helper()
	s = strings.Join(strings.Fields(s), "")
	require.Len(t, s, 16)
	g := sudoku.MustNew(2)
	for i, ch := range s {
		g.Cells[i] = uint8(ch - '0')
	}
	return g
}

// cfg4 is a small order-2 array: copy bus of 4 cells, so L = 16/4 = 4 words
// per board, and the reduction tree over 16 cells is ⌈log₂ 16⌉ = 4 levels.
func cfg4(slots, stack int) Config {
	c := DefaultConfig()
	c.BoardSlots, c.CopyWidth, c.StackDepth, c.MaxOrder = slots, 4, stack, 2
	return c
}

const solved4 = "1234 3412 2143 4321"

func TestPinnedOrder2(t *testing.T) {
	tests := []struct {
		name   string
		cfg    Config
		puzzle string
		status Status
		want   Cycles
		// solution when solved
		solution string
		steps    uint64
		branches uint64
		copies   uint64
		spills   uint64
		refills  uint64
		killed   uint64
	}{
		{
			// LOAD L+1 = 5 (one BRAM latency cycle + 4 beats); UPDATE 1 sees
			// no empty cell: solved. Total 6.
			name: "full grid", cfg: cfg4(4, 4), puzzle: solved4, status: Solved,
			want: Cycles{Load: 5, Update: 1}, solution: solved4, steps: 1,
		},
		{
			// LOAD 5; UPDATE 1 assigns the one empty cell; UPDATE 2 sees the
			// board full. Total 7.
			name: "one empty cell", cfg: cfg4(4, 4), puzzle: "0234 3412 2143 4321", status: Solved,
			want: Cycles{Load: 5, Update: 2}, solution: solved4, steps: 2,
		},
		{
			// The deadly rectangle (0,0),(0,2),(1,0),(1,2) holds {1,3} in
			// every cell. LOAD 5; UPDATE 1 assigns nothing (stuck); SELECT 4
			// picks cell 0, options {1,3}; BRANCH one copy (value 3) into
			// engine 1: L = 4; engine 0 keeps 1. UPDATE 2 assigns (0,2)=3 and
			// (1,0)=3, UPDATE 3 assigns (1,2)=1, UPDATE 4 sees engine 0 full.
			// Total 5 + 4 + 4 + 4 = 17.
			name: "two solutions, branch to engine", cfg: cfg4(4, 4), puzzle: "0204 0402 2143 4321", status: Solved,
			want: Cycles{Load: 5, Update: 4, Select: 4, Branch: 4}, solution: solved4,
			steps: 4, branches: 1, copies: 1,
		},
		{
			// As above with one engine: the copy goes onto the stack (L = 4
			// beats, the write lands at the last edge); engine 0 solves
			// before anything is popped. Total 17.
			name: "two solutions, branch to stack", cfg: cfg4(1, 1), puzzle: "0204 0402 2143 4321", status: Solved,
			want: Cycles{Load: 5, Update: 4, Select: 4, Branch: 4}, solution: solved4,
			steps: 4, branches: 1, spills: 1,
		},
		{
			// One engine, no stack: the branch has nowhere to put value 3.
			// LOAD 5 + UPDATE 1 + SELECT 4 = 10, then the array is exhausted.
			name: "slots exhausted", cfg: cfg4(1, 0), puzzle: "0204 0402 2143 4321", status: Timeout,
			want: Cycles{Load: 5, Update: 1, Select: 4}, steps: 1, branches: 1,
		},
		{
			// Clashing givens (two 1s in row 0): LOAD 5 kills the board;
			// nothing is live and the stack is empty.
			name: "clashing givens", cfg: cfg4(4, 4), puzzle: "1100 0000 0000 0000", status: Unsolvable,
			want: Cycles{Load: 5}, killed: 1,
		},
		{
			// Cell (0,0) sees 2,3 in its row, 4 in its column, 1 in its box:
			// no option. LOAD 5 + UPDATE 1 = 6.
			name: "cell without candidates", cfg: cfg4(4, 4), puzzle: "0230 0100 4000 0000", status: Unsolvable,
			want: Cycles{Load: 5, Update: 1}, steps: 1, killed: 1,
		},
		{
			// (0,0) and (0,1) both have the single option 1 (row 3,4; box 2):
			// assigned in the same cycle, they collide. LOAD 5 + UPDATE 1.
			name: "collision of singles", cfg: cfg4(4, 4), puzzle: "0034 2000 0000 0000", status: Unsolvable,
			want: Cycles{Load: 5, Update: 1}, steps: 1, killed: 1,
		},
		{
			// One engine, the kept value dies and the spilled one is popped.
			//   0 0 4 0 / 0 0 2 0 / 3 2 1 4 / 0 0 3 2
			// LOAD 5. UPDATE 1: no single (cell 0 {1,2}, cell 1 {1,3}, cell 3
			// {1,3}, ...): stuck. SELECT 4 picks cell 0; BRANCH 4 spills
			// value 2, engine 0 keeps 1. UPDATE 2: (0,1) and (0,3) both have
			// the single option 3 in row 0: collision, the board dies.
			// REFILL 4+1 = 5 pops the board with (0,0)=2. UPDATE 3: stuck,
			// cell 1 {1,3} has the fewest options. SELECT 4; BRANCH 4 spills
			// 3, keeps 1. UPDATE 4 assigns (0,3)=3, (1,0)=4, (3,1)=4; UPDATE 5
			// (1,1)=3, (1,3)=1, (3,0)=1; UPDATE 6 sees the board full.
			// Total 5 + 6 + 8 + 8 + 5 = 32.
			name: "kept value dies, refill", cfg: cfg4(1, 4), puzzle: "0040 0020 3214 0032", status: Solved,
			want: Cycles{Load: 5, Update: 6, Select: 8, Branch: 8, Refill: 5}, solution: "2143 4321 3214 1432",
			steps: 6, branches: 2, spills: 2, refills: 1, killed: 1,
		},
		{
			// A copy bus of one cell: L = 16, LOAD 17, UPDATE 1. Total 18.
			name: "narrow bus", cfg: func() Config { c := cfg4(2, 0); c.CopyWidth = 1; return c }(),
			puzzle: solved4, status: Solved, want: Cycles{Load: 17, Update: 1}, solution: solved4, steps: 1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := grid4(t, tc.puzzle)
			res, err := Simulate(tc.cfg, g)
			require.NoError(t, err)
			assert.Equal(t, tc.status, res.Status, "status")
			assert.Equal(t, tc.want, res.Cycles, "cycles")
			assert.Equal(t, tc.want.Total(), res.Cycles.Total())
			assert.Equal(t, tc.steps, res.Steps, "steps")
			assert.Equal(t, tc.branches, res.Branches, "branches")
			assert.Equal(t, tc.copies, res.Copies, "copies")
			assert.Equal(t, tc.spills, res.Spills, "spills")
			assert.Equal(t, tc.refills, res.Refills, "refills")
			assert.Equal(t, tc.killed, res.BoardsKilled, "boards killed")
			assert.Equal(t, tc.status == Timeout && tc.cfg.StackDepth == 0, res.Exhausted, "exhausted")
			checkCosts(t, tc.cfg, 2, res)
			if tc.status == Solved {
				require.NotNil(t, res.Solution)
				require.NoError(t, sudoku.Validate(g, res.Solution))
				assert.Equal(t, grid4(t, tc.solution).Cells, res.Solution.Cells)
			} else {
				assert.Nil(t, res.Solution)
			}
		})
	}
}

// TestEmptyGridSolves: every board of an empty grid branches each round, so the
// copies pile up on the stack (breadth first) — a deep enough stack solves
// it, a shallow one is exhausted.
func TestEmptyGridSolves(t *testing.T) {
	for _, slots := range []int{1, 2, 16} {
		t.Run(fmt.Sprint("slots=", slots), func(t *testing.T) {
			g := sudoku.MustNew(2)
			res, err := Simulate(cfg4(slots, 256), g)
			require.NoError(t, err)
			require.Equal(t, Solved, res.Status)
			require.NoError(t, sudoku.Validate(g, res.Solution))
			assert.LessOrEqual(t, res.PeakBoards, slots)
			checkCosts(t, cfg4(slots, 256), 2, res)
		})
	}
}

func TestEmptyGridExhaustsShallowStack(t *testing.T) {
	res, err := Simulate(cfg4(16, 64), sudoku.MustNew(2))
	require.NoError(t, err)
	assert.Equal(t, Timeout, res.Status)
	assert.True(t, res.Exhausted)
	assert.Equal(t, 64, res.PeakStack)
}

func TestSample(t *testing.T) {
	res, err := Simulate(DefaultConfig(), sudoku.Sample())
	require.NoError(t, err)
	require.Equal(t, Solved, res.Status)
	assert.Equal(t, sudoku.SampleSolution().Cells, res.Solution.Cells)
	// The sample falls to naked singles: LOAD ⌈81/16⌉ + 1 = 7, ten UPDATE
	// rounds that assign, an eleventh that sees the board full. Total 18.
	assert.Equal(t, Cycles{Load: 7, Update: 11}, res.Cycles)
	assert.Zero(t, res.Branches)
	assert.Equal(t, 1, res.PeakBoards)
}

func fptPuzzle(t testing.TB, name string) *sudoku.Grid {
	t.Helper()
	path := filepath.Join("..", "..", "..", "shared", "data", "fpt09", "puzzle"+name+".sudoku")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s: %v", path, err)
	}
	g, err := sudoku.LoadPuzzle(path, 0, nil)
	require.NoError(t, err)
	return g
}

func TestFPT09(t *testing.T) {
	for _, name := range []string{"03a", "03b", "04a"} {
		t.Run(name, func(t *testing.T) {
			g := fptPuzzle(t, name)
			res, err := Simulate(DefaultConfig(), g)
			require.NoError(t, err)
			require.Equal(t, Solved, res.Status)
			require.NoError(t, sudoku.Validate(g, res.Solution))
			c := DefaultConfig()
			L := uint64(c.WordsPerBoard(g.Order))
			assert.Equal(t, L+1, res.Cycles.Load)
			assert.Equal(t, res.Steps, res.Cycles.Update)
			assert.Equal(t, (res.Copies+res.Spills)*L, res.Cycles.Branch, "one copy = L cycles")
			assert.Equal(t, res.Refills*(L+1), res.Cycles.Refill, "one pop = L+1 cycles")
			assert.LessOrEqual(t, res.PeakBoards, c.BoardSlots)
			assert.LessOrEqual(t, res.PeakStack, c.StackDepth)
			t.Logf("%s: %d cycles %+v steps %d branches %d copies %d spills %d refills %d killed %d peak %d/%d",
				name, res.Cycles.Total(), res.Cycles, res.Steps, res.Branches, res.Copies, res.Spills, res.Refills,
				res.BoardsKilled, res.PeakBoards, res.PeakStack)
		})
	}
}

func TestMaxCyclesTimeout(t *testing.T) {
	c := DefaultConfig()
	c.MaxCycles = 10
	res, err := Simulate(c, sudoku.Sample())
	require.NoError(t, err)
	assert.Equal(t, Timeout, res.Status)
	assert.False(t, res.Exhausted)
	assert.Nil(t, res.Solution)
	assert.Equal(t, uint64(10), res.Cycles.Total())
}

func TestSimulateAllAndDeterminism(t *testing.T) {
	gs := []*sudoku.Grid{sudoku.Sample(), grid4(t, "0204 0402 2143 4321"), sudoku.Sample()}
	c := DefaultConfig()
	c.CopyWidth = 4
	all, err := SimulateAll(c, gs)
	require.NoError(t, err)
	require.Len(t, all, 3)
	// Each puzzle alone gives the same result as in the sequence: the array
	// is reset between puzzles.
	for i, g := range gs {
		one, err := Simulate(c, g)
		require.NoError(t, err)
		assert.Equal(t, one, all[i], "puzzle %d", i)
	}
	assert.Equal(t, all[0], all[2])
	// Stepping every cycle gives the same results as solo batches.
	a, err := newArray(c, false)
	require.NoError(t, err)
	for i, g := range gs {
		r, err := a.Solve(g)
		require.NoError(t, err)
		assert.Equal(t, all[i], r, "stepped puzzle %d", i)
	}
	assert.Equal(t, a.Scheduler().Cycle(), all[0].Cycles.Total()+all[1].Cycles.Total()+all[2].Cycles.Total())
	assert.Zero(t, a.Scheduler().Stats().Solo)
}

func TestConfigValidate(t *testing.T) {
	require.NoError(t, DefaultConfig().Validate())
	tests := []struct {
		field string
		mod   func(*Config)
	}{
		{"board engines", func(c *Config) { c.BoardSlots = 0 }},
		{"copy width", func(c *Config) { c.CopyWidth = 0 }},
		{"copy width", func(c *Config) { c.MaxOrder, c.CopyWidth = 2, 17 }},
		{"branch stack", func(c *Config) { c.StackDepth = -1 }},
		{"maximum order", func(c *Config) { c.MaxOrder = 16 }},
		{"cycle limit", func(c *Config) { c.MaxCycles = 0 }},
		{"clock", func(c *Config) { c.ClockHz = 0 }},
	}
	for _, tc := range tests {
		t.Run(tc.field, func(t *testing.T) {
			c := DefaultConfig()
			tc.mod(&c)
			err := c.Validate()
			require.Error(t, err)
			// In a designer's words, not the Go field's (issue 13, item 8).
			var pe *sim.ParamError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, tc.field, pe.Param)
			assert.NotContains(t, err.Error(), "Config.")
			_, err = Simulate(c, sudoku.Sample())
			require.Error(t, err)
		})
	}
}

func TestBadInput(t *testing.T) {
	c := DefaultConfig()
	c.MaxOrder = 2
	_, err := Simulate(c, sudoku.Sample())
	require.ErrorContains(t, err, "maximum order 2")
	_, err = Simulate(DefaultConfig(), &sudoku.Grid{Order: 3, Cells: make([]uint8, 80)})
	require.Error(t, err)
	_, err = Simulate(DefaultConfig(), nil)
	require.Error(t, err)
}

func TestStackMemory(t *testing.T) {
	c := DefaultConfig()
	c.MaxOrder, c.CopyWidth, c.StackDepth = 3, 9, 64
	m, err := c.StackMemory()
	require.NoError(t, err)
	// 64 boards × ⌈81/9⌉ = 576 words of 9 cells × 4 bits = 36 bits: one
	// RAMB16 in its 512×36 shape holds 512, so two are needed.
	assert.Equal(t, 576, m.Depth)
	assert.Equal(t, 36, m.Width)
	assert.Equal(t, 2, m.Primitives)
	c.StackDepth = 0
	m, err = c.StackMemory()
	require.NoError(t, err)
	assert.Zero(t, m.Primitives)
}

// TestSteppedEqualsBatched: a run that steps every cycle (no solo batches)
// gives the same result, cycle for cycle and phase for phase, as the batched
// run, on a puzzle that branches, spills and refills.
func TestSteppedEqualsBatched(t *testing.T) {
	g := fptPuzzle(t, "03b")
	c := DefaultConfig()
	c.BoardSlots = 8
	want, err := Simulate(c, g)
	require.NoError(t, err)
	require.Positive(t, want.Refills)
	a, err := newArray(c, false)
	require.NoError(t, err)
	got, err := a.Solve(g)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, got.Cycles.Total(), a.Scheduler().Stats().Stepped)
}
