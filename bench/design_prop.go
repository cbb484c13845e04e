package bench

import (
	"fmt"

	"sudokusim/rtl/area"
	"sudokusim/rtl/bnb"
	"sudokusim/rtl/prop"
	"sudokusim/sudoku"
)

// PropConfig is version 3's configuration in a comparison's JSON.
type PropConfig struct {
	Lanes    int     `json:"lanes"`
	Rules    string  `json:"rules"`
	Branch   string  `json:"branch"`
	Probe    string  `json:"probe"`
	Visit    string  `json:"visit"`
	MaxOrder int     `json:"max_order"`
	Link     string  `json:"link"`
	ClockMHz float64 `json:"clock_mhz"`
	// MaxSearchCycles is the search watchdog; 0 is t_max of each order.
	MaxSearchCycles uint64 `json:"max_search_cycles"`
}

// PropCounters are version 3's counters of one run.
type PropCounters struct {
	Load   uint64 `json:"cycles_load"`
	Search uint64 `json:"cycles_search"`
	prop.Counters
	ReplyCode uint8 `json:"reply_code"`
}

// Detail implements Counters.
func (c PropCounters) Detail() string {
	return fmt.Sprintf("load %d + search %d cycles; %d decisions, %d propagated (%d naked, %d hidden), %d backtracks, trail peak %d; %d probes (%d failed)",
		c.Load, c.Search, c.Decisions, c.Propagated, c.Naked, c.Hidden, c.Backtracks, c.TrailPeak, c.Probes, c.FailedProbes)
}

// propRun is version 3 at its default configuration (docs/prop.md), built
// for the comparison's max order and loaded directly; its timing model
// (prop.Fast) agrees with its cycle-level model cycle for cycle.
func propRun(o DesignOptions) (DesignRun, error) {
	cfg := prop.DefaultConfig()
	cfg.MaxOrder, cfg.ClockHz, cfg.Link, cfg.MaxSearchCycles = o.MaxOrder, o.ClockMHz*1e6, bnb.LinkDirect, o.MaxCycles
	if err := cfg.Validate(); err != nil {
		return DesignRun{}, err
	}
	return DesignRun{
		Config: PropConfig{Lanes: cfg.Lanes, Rules: cfg.Rules.String(), Branch: cfg.Branch.String(), Probe: cfg.Probe.String(), Visit: cfg.Visit.String(), MaxOrder: cfg.MaxOrder,
			Link: "direct", ClockMHz: o.ClockMHz, MaxSearchCycles: o.MaxCycles},
		Summary: fmt.Sprintf("version 3, %d lanes, rules %s, branch %s, probe %s, visit %s, max order %d",
			cfg.Lanes, cfg.Rules, cfg.Branch, cfg.Probe, cfg.Visit, cfg.MaxOrder),
		BuiltFor: cfg.MaxOrder,
		Run: func(g *sudoku.Grid, _ uint64) (Outcome, error) {
			res, err := prop.Fast(cfg, g)
			if err != nil {
				return Outcome{}, err
			}
			limit := cfg.MaxSearchCycles
			if limit == 0 {
				limit = TMaxCycles(g.Order, o.ClockMHz)
			}
			c := res.Cycles
			return Outcome{Status: res.Status, Cycles: c.Load + c.Search, Limit: limit, Solution: res.Solution,
				Counters: PropCounters{Load: c.Load, Search: c.Search, Counters: res.Counters, ReplyCode: res.ReplyCode}}, nil
		},
		Area: func(m int) (area.Report, error) {
			a := cfg
			a.MaxOrder = m
			return area.EstimateProp(a)
		},
	}, nil
}
