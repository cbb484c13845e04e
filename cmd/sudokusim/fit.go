package main

import (
	"flag"
	"fmt"
	"strconv"

	"sudokusim/rtl/area"
	"sudokusim/rtl/bnb"
	"sudokusim/sudoku/logic"
)

// notFitLine is the first line of the text output of any run whose
// configuration does not fit its device: the figures are then a what-if,
// not something the board can be built to do.
func notFitLine(f area.Fit) string {
	detail := f.Limiting
	for _, l := range f.Lines {
		if l.Resource == f.Limiting {
			detail = fmt.Sprintf("%s: %d needed, %d available", l.Resource, l.Used, l.Available)
		}
	}
	return fmt.Sprintf("WARNING: this configuration does NOT fit the %s (%s); what follows is a what-if, not a buildable design", f.Device, detail)
}

// mayFitLine is the first line of the text output of `resources` when the
// estimate's slice range spans the device's capacity: the model cannot say
// whether it fits (docs/resource-model.md §4).
func mayFitLine(f area.Fit) string {
	return fmt.Sprintf("NOTE: this configuration may fit the %s (%s: %d..%d needed, %d available; the model's range spans the capacity, docs/resource-model.md §4)",
		f.Device, f.Lines[0].Resource, f.SlicesLow, f.SlicesHigh, f.SlicesAvailable)
}

// setFlags is the set of flags given on the command line.
func setFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// num prints a measured or derived float for people: six significant
// digits at most, no float noise (0.2187, not 0.21869999999999998).
func num(v float64) string {
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// paperConfig is the paper's build of the version the heuristics select
// (bnb.PaperConfig) with the heuristics, and cpc and maxOrder where they
// are not 0 (the flags' "the paper's build").
func paperConfig(hs []logic.Heuristic, cpc, maxOrder int) bnb.Config {
	v := 1
	if len(hs) > 0 {
		v = 2
	}
	cfg := bnb.PaperConfig(v)
	cfg.Heuristics = hs
	if cpc != 0 {
		cfg.CPC = cpc
	}
	if maxOrder != 0 {
		cfg.MaxOrder = maxOrder
	}
	return cfg
}
