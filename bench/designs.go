package bench

import (
	"fmt"
	"math"
	"strings"

	"sudokusim/rtl/area"
	"sudokusim/rtl/bnb"
	"sudokusim/rtl/ga"
	"sudokusim/rtl/swarm"
	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
)

// DesignOptions are what a comparison fixes for every design: the clock,
// the cycle limit, the order the designs are built for and each design's
// own parameters. The zero value is not useful; start from
// DefaultDesignOptions.
type DesignOptions struct {
	// ClockMHz is every design's clock.
	ClockMHz float64
	// MaxCycles is the cycle limit of one run; 0 is t_max of the puzzle's
	// order at the clock. Each design applies it where its hardware has a
	// watchdog: the FPT'09 processor's search watchdog, the engine array's
	// cycle counter, the GA's generation counter (the most generations
	// whose run fits in the limit).
	MaxCycles uint64
	// MaxOrder is the order the designs are built for (the set's largest
	// order when 0): the resources are estimated there and the FPT'09
	// processor rejects larger puzzles.
	MaxOrder int
	// CPC is version 1's evaluator width (candidates per cycle).
	CPC int
	// V2CPC, V2MaxOrder and V2SubsetUnits are version 2's own evaluator
	// width, maximum order (0: MaxOrder) and hidden-subset comparator
	// width: its buildable paper configuration is k = 1, m = 11, P = 1,
	// the only version-2 point that fits the XC2VP30
	// (docs/resource-model.md §5).
	V2CPC, V2MaxOrder, V2SubsetUnits int
	// GA is the GA processor's configuration (its seed is set per run and
	// its clock from ClockMHz).
	GA ga.Config
	// Swarm is the engine array's configuration (MaxOrder, MaxCycles and
	// the clock are set from the fields above).
	Swarm swarm.Config
}

// DefaultDesignOptions: 100 MHz, the t_max watchdog, version 1 at k = 8
// (its Table 2 configuration that fits the XC2VP30 at m = 15), version 2
// at k = 1, m = 11, P = 1, and the GA and engine array at their
// DefaultConfig.
func DefaultDesignOptions() DesignOptions {
	return DesignOptions{ClockMHz: 100, CPC: 8, V2CPC: 1, V2MaxOrder: 11, V2SubsetUnits: 1,
		GA: ga.DefaultConfig(), Swarm: swarm.DefaultConfig()}
}

// Outcome is one run of one design on one puzzle.
type Outcome struct {
	Status sudoku.Status
	// Cycles are the solve cycles: from the first cycle after the grid is in
	// the design's memory (or, for the FPT'09 processor, its load) to the
	// answer, no serial link.
	Cycles uint64
	// Limit is the cycle limit the run had (the search watchdog for the
	// FPT'09 processor; the GA's rounds to whole generations).
	Limit    uint64
	Solution *sudoku.Grid
	// Counters are the design's own counters.
	Counters Counters
}

// Counters are a design's own counters of one run; they print as JSON and
// as one line of text (no Go map syntax).
type Counters interface {
	Detail() string
}

// DesignRun is one design as a comparison runs it.
type DesignRun struct {
	// Config is the design's configuration as it goes into JSON.
	Config any
	// Summary is the configuration in one line of text.
	Summary string
	// BuiltFor is the largest order the design takes: larger puzzles are
	// rejected by the hardware (FPT'09 processor) or not run (GA).
	BuiltFor int
	// Run runs one puzzle; seed matters only to a randomized design.
	Run func(g *sudoku.Grid, seed uint64) (Outcome, error)
	// Area estimates the design built for order m.
	Area func(m int) (area.Report, error)
}

// Design is one entry of the comparison's table of designs: adding a
// design to `compare` is adding one Design to Designs.
type Design struct {
	Name string
	// Doc says in one line what the design is.
	Doc string
	// Randomized designs run once per seed; the others once.
	Randomized bool
	// Setup builds the design's run for a comparison's options.
	Setup func(o DesignOptions) (DesignRun, error)
}

// Designs is the table of designs `compare` knows, in the order it lists
// them.
var Designs = []Design{
	{Name: "v1", Doc: "FPT'09 processor, version 1: backtracking with the k-candidate evaluator (seed 000 §2)",
		Setup: func(o DesignOptions) (DesignRun, error) { return fpt09Run(o, nil, o.CPC, o.MaxOrder, 0) }},
	{Name: "v2", Doc: "FPT'09 processor, version 2: the paper's five heuristic units in front of the search (seed 000 §3)",
		Setup: func(o DesignOptions) (DesignRun, error) {
			m := o.V2MaxOrder
			if m == 0 {
				m = o.MaxOrder
			}
			return fpt09Run(o, logic.PaperSet(), o.V2CPC, m, o.V2SubsetUnits)
		}},
	{Name: "prop", Doc: "version 3, the propagating processor: value sets, naked and hidden singles, a trail, a probe phase, empty-cell sweeps (rtl/prop)",
		Setup: propRun},
	// The GA is synthesised for one order: each puzzle runs on a GA of its
	// own order, and its area is that of the GA built for MaxOrder.
	{Name: "ga", Doc: "genetic-algorithm processor of seed 001 (rtl/ga)", Randomized: true, Setup: gaRun},
	{Name: "swarm", Doc: "board-engine array of seed 002 (rtl/swarm)", Setup: swarmRun},
}

// LookupDesign finds a design of the table by name.
func LookupDesign(name string) (Design, error) {
	var names []string
	for _, d := range Designs {
		if d.Name == name {
			return d, nil
		}
		names = append(names, d.Name)
	}
	return Design{}, fmt.Errorf("bench: no design %q (designs: %s)", name, strings.Join(names, ", "))
}

// BnBConfig is the FPT'09 processor's configuration in a comparison's JSON.
type BnBConfig struct {
	Version     int      `json:"version"`
	CPC         int      `json:"cpc"`
	Heuristics  []string `json:"heuristics"`
	SubsetUnits int      `json:"subset_units,omitempty"`
	MaxOrder    int      `json:"max_order"`
	Link        string   `json:"link"`
	ClockMHz    float64  `json:"clock_mhz"`
	// MaxSearchCycles is the search watchdog; 0 is t_max of each order.
	MaxSearchCycles uint64 `json:"max_search_cycles"`
}

// BnBCounters are the FPT'09 processor's counters of one run.
type BnBCounters struct {
	Load       uint64 `json:"cycles_load"`
	Heuristics uint64 `json:"cycles_heuristics"`
	Search     uint64 `json:"cycles_search"`
	Nodes      uint64 `json:"nodes"`
	Backtracks uint64 `json:"backtracks"`
	MaxDepth   int    `json:"max_depth"`
	ReplyCode  uint8  `json:"reply_code"`
}

// Detail implements Counters.
func (c BnBCounters) Detail() string {
	return fmt.Sprintf("load %d + heuristics %d + search %d cycles; %d nodes, %d backtracks, depth %d",
		c.Load, c.Heuristics, c.Search, c.Nodes, c.Backtracks, c.MaxDepth)
}

func fpt09Run(o DesignOptions, hs []logic.Heuristic, cpc, maxOrder, subsetUnits int) (DesignRun, error) {
	cfg := bnb.DefaultConfig()
	cfg.CPC, cfg.MaxOrder, cfg.ClockHz, cfg.Link = cpc, maxOrder, o.ClockMHz*1e6, bnb.LinkDirect
	cfg.Heuristics, cfg.MaxSearchCycles, cfg.SubsetUnits = hs, o.MaxCycles, subsetUnits
	if err := cfg.Validate(); err != nil {
		return DesignRun{}, err
	}
	names := make([]string, len(hs))
	for i, h := range hs {
		names[i] = h.String()
	}
	version := 1
	summary := fmt.Sprintf("version 1, k=%d, max order %d", cfg.CPC, maxOrder)
	if len(hs) > 0 {
		version = 2
		summary = fmt.Sprintf("version 2, k=%d, max order %d, P=%d", cfg.CPC, maxOrder, subsetUnits)
	}
	run := DesignRun{
		Config: BnBConfig{Version: version, CPC: cfg.CPC, Heuristics: names, SubsetUnits: subsetUnits, MaxOrder: maxOrder,
			Link: "direct", ClockMHz: o.ClockMHz, MaxSearchCycles: o.MaxCycles},
		Summary:  summary,
		BuiltFor: maxOrder,
		Run: func(g *sudoku.Grid, _ uint64) (Outcome, error) {
			res, err := bnb.Fast(cfg, g)
			if err != nil {
				return Outcome{}, err
			}
			c := res.Cycles
			limit := cfg.MaxSearchCycles
			if limit == 0 {
				limit = TMaxCycles(g.Order, o.ClockMHz)
			}
			return Outcome{Status: res.Status, Cycles: c.Load + c.Heuristics + c.Search, Limit: limit, Solution: res.Solution,
				Counters: BnBCounters{Load: c.Load, Heuristics: c.Heuristics, Search: c.Search, Nodes: res.Search.Nodes,
					Backtracks: res.Search.Backtracks, MaxDepth: res.Search.MaxDepth, ReplyCode: res.ReplyCode}}, nil
		},
		Area: func(m int) (area.Report, error) {
			return area.Estimate(area.Params{MaxOrder: m, CPC: cfg.CPC, Heuristics: hs, SubsetUnits: cfg.SubsetUnits,
				UART: false, ClockHz: cfg.ClockHz, Baud: cfg.Baud})
		},
	}
	return run, nil
}

// TMaxCycles is t_max of order n in cycles at clockMHz.
func TMaxCycles(n int, clockMHz float64) uint64 {
	return uint64(math.Ceil(sudoku.TMax(n) * clockMHz * 1e6))
}

// GAConfig is the GA processor's configuration in a comparison's JSON.
type GAConfig struct {
	Population     int     `json:"population"`
	Tournament     int     `json:"tournament"`
	Mutation       float64 `json:"mutation"`
	MaxGenerations uint64  `json:"max_generations"`
	ClockMHz       float64 `json:"clock_mhz"`
}

// GAGeneration is one point of a best-fitness history.
type GAGeneration struct {
	Generation  uint64 `json:"generation"`
	BestFitness int    `json:"best_fitness"`
}

// GACounters are the GA processor's counters of one run.
type GACounters struct {
	Seed        uint64 `json:"seed"`
	Generations uint64 `json:"generations"`
	// GenerationCap is the generation limit the run had (the cycle limit
	// rounded down to whole generations, at most MaxGenerations).
	GenerationCap uint64 `json:"generation_cap"`
	BestFitness   int    `json:"best_fitness"`
	// LastImproved is the generation whose evaluation last lowered the best
	// fitness: the GA stagnated from there on.
	LastImproved uint64 `json:"last_improved"`
	// History is the best fitness after each generation, downsampled to
	// HistoryPoints points: the first and last generations and the
	// generations where it changed (every one when there are few enough).
	History   []GAGeneration `json:"best_fitness_history"`
	Mutations uint64         `json:"mutations"`
	Init      uint64         `json:"cycles_init"`
	Evaluate  uint64         `json:"cycles_evaluate"`
	Check     uint64         `json:"cycles_check"`
	Select    uint64         `json:"cycles_select"`
	Reproduce uint64         `json:"cycles_reproduce"`
}

// HistoryPoints bounds GACounters.History.
const HistoryPoints = 64

// Detail implements Counters.
func (c GACounters) Detail() string {
	return fmt.Sprintf("seed %d: %d of %d generations, best fitness %d (0 = solved), last improved at generation %d, %d mutations",
		c.Seed, c.Generations, c.GenerationCap, c.BestFitness, c.LastImproved, c.Mutations)
}

// NewGACounters are the counters of a GA result.
func NewGACounters(res ga.Result, seed, genCap uint64) GACounters {
	c := res.Cycles
	out := GACounters{Seed: seed, Generations: res.Generations, GenerationCap: genCap, BestFitness: res.BestFitness,
		Mutations: res.Mutations, Init: c.Init, Evaluate: c.Evaluate, Check: c.Check, Select: c.Select, Reproduce: c.Reproduce}
	out.LastImproved, out.History = DownsampleFitness(res.FitnessHistory, HistoryPoints)
	return out
}

// DownsampleFitness returns the last generation at which the best fitness
// fell and at most n (≥ 2) points of the history: the first and the last
// generation and the generations where the value changed, thinned evenly
// when there are more.
func DownsampleFitness(h []int, n int) (lastImproved uint64, pts []GAGeneration) {
	if len(h) == 0 {
		return 0, []GAGeneration{}
	}
	idx := []int{0}
	for i := 1; i < len(h); i++ {
		if h[i] != h[i-1] {
			idx = append(idx, i)
			lastImproved = uint64(i)
		}
	}
	if idx[len(idx)-1] != len(h)-1 {
		idx = append(idx, len(h)-1)
	}
	if len(idx) > n {
		keep := make([]int, 0, n)
		for j := 0; j < n; j++ {
			keep = append(keep, idx[j*(len(idx)-1)/(n-1)])
		}
		idx = keep
	}
	for _, i := range idx {
		pts = append(pts, GAGeneration{Generation: uint64(i), BestFitness: h[i]})
	}
	return lastImproved, pts
}

// GAGenerationsWithin is the most generations (at most cfg.MaxGenerations)
// whose full run on an order-n puzzle takes at most limit cycles
// (ga.CycleBound); 0 when not even the first generation fits.
func GAGenerationsWithin(cfg ga.Config, n int, limit uint64) uint64 {
	lo, hi := uint64(0), cfg.MaxGenerations
	c := cfg
	fits := func(g uint64) bool { c.MaxGenerations = g; return ga.CycleBound(c, n) <= limit }
	if fits(hi) {
		return hi
	}
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

func gaRun(o DesignOptions) (DesignRun, error) {
	cfg := o.GA
	cfg.ClockHz = o.ClockMHz * 1e6
	if err := cfg.Validate(); err != nil {
		return DesignRun{}, err
	}
	return DesignRun{
		Config: GAConfig{Population: cfg.PopSize, Tournament: cfg.Tournament, Mutation: float64(cfg.MutationP16) / ga.MutationOne,
			MaxGenerations: cfg.MaxGenerations, ClockMHz: o.ClockMHz},
		Summary: fmt.Sprintf("population %d, tournament %d, mutation %g, at most %d generations",
			cfg.PopSize, cfg.Tournament, float64(cfg.MutationP16)/ga.MutationOne, cfg.MaxGenerations),
		BuiltFor: o.MaxOrder,
		Run: func(g *sudoku.Grid, seed uint64) (Outcome, error) {
			c := cfg
			c.Seed = seed
			limit := o.MaxCycles
			if limit == 0 {
				limit = TMaxCycles(g.Order, o.ClockMHz)
			}
			c.MaxGenerations = GAGenerationsWithin(cfg, g.Order, limit)
			res, err := ga.Simulate(c, g)
			if err != nil {
				return Outcome{}, err
			}
			return Outcome{Status: res.Status, Cycles: res.Cycles.Total(), Limit: ga.CycleBound(c, g.Order), Solution: res.Solution,
				Counters: NewGACounters(res, seed, c.MaxGenerations)}, nil
		},
		Area: func(m int) (area.Report, error) { return area.EstimateGA(cfg, m) },
	}, nil
}

// SwarmConfig is the engine array's configuration in a comparison's JSON.
type SwarmConfig struct {
	Engines    int     `json:"engines"`
	CopyWidth  int     `json:"copy_width"`
	StackDepth int     `json:"stack_depth"`
	MaxOrder   int     `json:"max_order"`
	MaxCycles  uint64  `json:"max_cycles"`
	ClockMHz   float64 `json:"clock_mhz"`
}

// SwarmCounters are the engine array's counters of one run.
type SwarmCounters struct {
	Steps        uint64 `json:"steps"`
	Branches     uint64 `json:"branches"`
	Copies       uint64 `json:"copies"`
	Spills       uint64 `json:"spills"`
	Refills      uint64 `json:"refills"`
	BoardsKilled uint64 `json:"boards_killed"`
	PeakBoards   int    `json:"peak_live_boards"`
	PeakStack    int    `json:"stack_peak"`
	// Exhausted: the run stopped because a branch found every engine busy
	// and the branch stack full.
	Exhausted bool   `json:"exhausted"`
	Load      uint64 `json:"cycles_load"`
	Update    uint64 `json:"cycles_update"`
	Select    uint64 `json:"cycles_select"`
	Branch    uint64 `json:"cycles_branch"`
	Refill    uint64 `json:"cycles_refill"`
}

// NewSwarmCounters are the counters of an engine-array result.
func NewSwarmCounters(r swarm.Result) SwarmCounters {
	c := r.Cycles
	return SwarmCounters{Steps: r.Steps, Branches: r.Branches, Copies: r.Copies, Spills: r.Spills, Refills: r.Refills,
		BoardsKilled: r.BoardsKilled, PeakBoards: r.PeakBoards, PeakStack: r.PeakStack, Exhausted: r.Exhausted,
		Load: c.Load, Update: c.Update, Select: c.Select, Branch: c.Branch, Refill: c.Refill}
}

// Detail implements Counters.
func (c SwarmCounters) Detail() string {
	s := fmt.Sprintf("%d steps, %d branches, %d copies, %d spills, %d refills, %d boards killed, peak %d live boards, stack peak %d",
		c.Steps, c.Branches, c.Copies, c.Spills, c.Refills, c.BoardsKilled, c.PeakBoards, c.PeakStack)
	if c.Exhausted {
		s += "; stopped: every engine busy and the branch stack full"
	}
	return s
}

// SwarmMaxCycles is the engine array's cycle limit for an order-n puzzle:
// limit, or t_max of the order at the clock when limit is 0.
func SwarmMaxCycles(limit uint64, n int, clockMHz float64) uint64 {
	if limit > 0 {
		return limit
	}
	return max(1, TMaxCycles(n, clockMHz))
}

func swarmRun(o DesignOptions) (DesignRun, error) {
	cfg := o.Swarm
	cfg.MaxOrder, cfg.ClockHz = o.MaxOrder, o.ClockMHz*1e6
	// The cycle counter is as wide as the largest limit any puzzle gets.
	cfg.MaxCycles = SwarmMaxCycles(o.MaxCycles, o.MaxOrder, o.ClockMHz)
	if err := cfg.Validate(); err != nil {
		return DesignRun{}, err
	}
	return DesignRun{
		Config: SwarmConfig{Engines: cfg.BoardSlots, CopyWidth: cfg.CopyWidth, StackDepth: cfg.StackDepth, MaxOrder: cfg.MaxOrder,
			MaxCycles: o.MaxCycles, ClockMHz: o.ClockMHz},
		Summary:  fmt.Sprintf("%d engines, copy bus %d cells, stack %d boards, max order %d", cfg.BoardSlots, cfg.CopyWidth, cfg.StackDepth, cfg.MaxOrder),
		BuiltFor: cfg.MaxOrder,
		Run: func(g *sudoku.Grid, _ uint64) (Outcome, error) {
			c := cfg
			c.MaxCycles = SwarmMaxCycles(o.MaxCycles, g.Order, o.ClockMHz)
			res, err := swarm.Simulate(c, g)
			if err != nil {
				return Outcome{}, err
			}
			return Outcome{Status: res.Status, Cycles: res.Cycles.Total(), Limit: c.MaxCycles, Solution: res.Solution,
				Counters: NewSwarmCounters(res)}, nil
		},
		Area: func(m int) (area.Report, error) {
			c := cfg
			c.MaxOrder = m
			c.CopyWidth = min(c.CopyWidth, m*m*m*m)
			return area.EstimateSwarm(c)
		},
	}, nil
}

// DesignNames lists the table's names.
func DesignNames() []string {
	out := make([]string, len(Designs))
	for i, d := range Designs {
		out[i] = d.Name
	}
	return out
}
