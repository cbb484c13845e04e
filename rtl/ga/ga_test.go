package ga

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sim"
	"sudokusim/sudoku"
)

func TestConfigValidate(t *testing.T) {
	require.NoError(t, DefaultConfig().Validate())
	for _, tc := range []struct {
		field string
		edit  func(*Config)
	}{
		{"population", func(c *Config) { c.PopSize = 1 }},
		{"population", func(c *Config) { c.PopSize = MaxPopSize + 1 }},
		{"tournament size", func(c *Config) { c.Tournament = 0 }},
		{"tournament size", func(c *Config) { c.PopSize, c.Tournament = 4, 5 }},
		{"mutation probability", func(c *Config) { c.MutationP16 = MutationOne + 1 }},
		{"generation limit", func(c *Config) { c.MaxGenerations = 1<<40 + 1 }},
		{"clock", func(c *Config) { c.ClockHz = 0 }},
	} {
		t.Run(tc.field, func(t *testing.T) {
			c := DefaultConfig()
			tc.edit(&c)
			err := c.Validate()
			require.Error(t, err)
			// In a designer's words, not the Go field's (issue 13, item 8).
			var pe *sim.ParamError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, tc.field, pe.Param)
			assert.NotContains(t, err.Error(), "Config.")
			_, err = Simulate(c, sudoku.Sample())
			assert.Error(t, err)
		})
	}
}

func TestBadPuzzle(t *testing.T) {
	twice := sudoku.MustNew(2)
	twice.Cells[0], twice.Cells[5] = 3, 3 // cells (1,1) and (2,2): box 1
	for _, tc := range []struct {
		name string
		g    *sudoku.Grid
		want string
	}{
		{"nil", nil, "no puzzle"},
		{"order", &sudoku.Grid{Order: 1, Cells: []uint8{0}}, "order 1"},
		{"cells", &sudoku.Grid{Order: 2, Cells: make([]uint8, 15)}, "15 cells"},
		{"value", &sudoku.Grid{Order: 2, Cells: append([]uint8{5}, make([]uint8, 15)...)}, "holds 5"},
		{"box_twice", twice, "box 1 gives 3 twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Simulate(DefaultConfig(), tc.g)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestPinnedCycles checks whole runs against the costs of docs/ga.md §3:
// INIT P·(S+1), EVAL P+D+2 per generation, CHECK 1, ELITE 1, per pair
// SEL k+1 and REPR_LOAD+CX+MUT+WRITE 4, SWAP 1; pairs = ⌈(P−1)/2⌉.
func TestPinnedCycles(t *testing.T) {
	// Row 1 gives 1 twice (boxes 1 and 2): never fitness 0, always timeout.
	clash := sudoku.MustNew(2)
	clash.Cells[0], clash.Cells[2] = 1, 1
	for _, tc := range []struct {
		name    string
		puzzle  *sudoku.Grid
		pop, k  int
		maxGen  uint64
		status  Status
		gens    uint64
		cycles  Cycles
		states  map[string]uint64
		history int
	}{
		{
			// A full order-2 grid is solved by generation 0. S = 4, D =
			// ⌈log₂ 8⌉ = 3. init 4·(4+1) = 20; eval 4+3+2 = 9; check 1.
			// Total 30.
			name: "order2_full", puzzle: patternSolution(2), pop: 4, k: 2, maxGen: 5,
			status: Solved, gens: 0, cycles: Cycles{Init: 20, Evaluate: 9, Check: 1},
			states:  map[string]uint64{"INIT_FILL": 16, "INIT_WRITE": 4, "EVAL": 9, "CHECK": 1},
			history: 1,
		},
		{
			// The order-3 sample cannot be solved by 4 chromosomes in one
			// generation. S = 9, D = ⌈log₂ 18⌉ = 5, 2 pairs.
			// init 4·10 = 40; eval 2·(4+5+2) = 22; check 2;
			// select ELITE 1 + 2·SEL(2+1) = 7; reproduce 2·4 + SWAP 1 = 9.
			// Total 80.
			name: "order3_sample", puzzle: sudoku.Sample(), pop: 4, k: 2, maxGen: 1,
			status: Timeout, gens: 1, cycles: Cycles{Init: 40, Evaluate: 22, Check: 2, Select: 7, Reproduce: 9},
			states: map[string]uint64{"INIT_FILL": 36, "INIT_WRITE": 4, "EVAL": 22, "CHECK": 2, "ELITE": 1,
				"SEL": 6, "REPR_LOAD": 2, "CX": 2, "MUT": 2, "WRITE": 2, "SWAP": 1},
			history: 2,
		},
		{
			// Odd population P = 5: slots 1..4 in 2 pairs, k = 1, two bred
			// generations. init 5·5 = 25; eval 3·(5+3+2) = 30; check 3;
			// select 2·(1 + 2·2) = 10; reproduce 2·(2·4 + 1) = 18. Total 86.
			name: "order2_clash_odd", puzzle: clash, pop: 5, k: 1, maxGen: 2,
			status: Timeout, gens: 2, cycles: Cycles{Init: 25, Evaluate: 30, Check: 3, Select: 10, Reproduce: 18},
			history: 3,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.PopSize, cfg.Tournament, cfg.MaxGenerations = tc.pop, tc.k, tc.maxGen
			r, err := Simulate(cfg, tc.puzzle)
			require.NoError(t, err)
			assert.Equal(t, tc.status, r.Status)
			assert.Equal(t, tc.gens, r.Generations)
			assert.Equal(t, tc.cycles, r.Cycles)
			assert.Len(t, r.FitnessHistory, tc.history)
			if tc.states != nil {
				got := map[string]uint64{}
				for _, s := range r.States {
					got[s.State] = s.Cycles
				}
				assert.Equal(t, tc.states, got)
			}
			if tc.status == Timeout {
				assert.Equal(t, CycleBound(cfg, tc.puzzle.Order), r.Cycles.Total(), "a run to max_gen is the bound")
				assert.Nil(t, r.Solution)
			}
			assert.InDelta(t, float64(r.Cycles.Total())/cfg.ClockHz, r.Seconds, 1e-15)
		})
	}
}

func TestSolves(t *testing.T) {
	sol := sudoku.SampleSolution()
	easy := sol.Clone()
	for i := 0; i < 10; i++ {
		easy.Cells[i*8] = 0 // 10 cells spread over the grid
	}
	for _, tc := range []struct {
		name   string
		puzzle *sudoku.Grid
		pop    int
		maxGen uint64
	}{
		{"order2_half_empty", blank(patternSolution(2), 0, 2), 16, 200},
		{"order2_empty", sudoku.MustNew(2), 16, 200},
		{"order3_10_empty", easy, 32, 500},
		{"order4_15_empty", blank(patternSolution(4), 1, 17), 32, 500},
	} {
		for seed := uint64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", tc.name, seed), func(t *testing.T) {
				cfg := DefaultConfig()
				cfg.PopSize, cfg.MaxGenerations, cfg.Seed = tc.pop, tc.maxGen, seed
				r, err := Simulate(cfg, tc.puzzle)
				require.NoError(t, err)
				require.Equal(t, Solved, r.Status, "best fitness %d after %d generations", r.BestFitness, r.Generations)
				require.NoError(t, sudoku.Validate(tc.puzzle, r.Solution))
				assert.Zero(t, r.BestFitness)
				assert.Equal(t, r.Solution, r.Best)
				assert.Len(t, r.FitnessHistory, int(r.Generations)+1)
				assert.Zero(t, r.FitnessHistory[len(r.FitnessHistory)-1])
			})
		}
	}
}

// TestSampleStagnates runs the order-3 sample (45 empty cells). The GA
// closes in fast and then sticks at a few conflicts, the weakness seed 001
// documents; elitism keeps the best fitness from ever getting worse.
func TestSampleStagnates(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxGenerations = 1000
	r, err := Simulate(cfg, sudoku.Sample())
	require.NoError(t, err)
	require.Len(t, r.FitnessHistory, int(r.Generations)+1)
	for i := 1; i < len(r.FitnessHistory); i++ {
		require.LessOrEqual(t, r.FitnessHistory[i], r.FitnessHistory[i-1], "generation %d got worse", i)
	}
	assert.Less(t, r.BestFitness, r.FitnessHistory[0], "no progress at all")
	if r.Status == Solved {
		require.NoError(t, sudoku.Validate(sudoku.Sample(), r.Solution))
	} else {
		assert.Equal(t, cfg.MaxGenerations, r.Generations)
		assert.Positive(t, r.BestFitness)
		t.Logf("sample: best fitness %d after %d generations (gen 0: %d), %d cycles",
			r.BestFitness, r.Generations, r.FitnessHistory[0], r.Cycles.Total())
	}
}

func TestDeterminism(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxGenerations = 50
	a, err := Simulate(cfg, sudoku.Sample())
	require.NoError(t, err)
	b, err := Simulate(cfg, sudoku.Sample())
	require.NoError(t, err)
	assert.Equal(t, a, b, "same config and seed")
	cfg.Seed++
	c, err := Simulate(cfg, sudoku.Sample())
	require.NoError(t, err)
	assert.NotEqual(t, a.Best, c.Best, "another seed")
}

// TestFastForwardIdentical steps every cycle through the scheduler and
// compares with the solo-batched run.
func TestFastForwardIdentical(t *testing.T) {
	cfg := DefaultConfig()
	cfg.PopSize, cfg.MaxGenerations = 16, 30
	var res [2]Result
	for i, ff := range []bool{true, false} {
		p, err := NewProcessor(cfg, sudoku.Sample(), ff)
		require.NoError(t, err)
		res[i], err = p.Run()
		require.NoError(t, err)
		st := p.Scheduler().Stats()
		if ff {
			assert.Positive(t, st.Solo)
		} else {
			assert.Equal(t, p.Scheduler().Cycle(), st.Stepped)
		}
	}
	assert.Equal(t, res[0], res[1])
}
