package logic

import (
	"fmt"
	"io"
	"strings"
)

// Render writes the table as text: a summary line, one line per heuristic,
// then one line per puzzle for the run of the whole list.
func (tab *Table) Render(w io.Writer) error {
	var b strings.Builder
	names := make([]string, len(tab.Heuristics))
	for i, h := range tab.Heuristics {
		names[i] = h.String()
	}
	fmt.Fprintf(&b, "heuristics: %s\n", strings.Join(names, ","))
	fmt.Fprintf(&b, "%d puzzles, %d empty cells at start, mean log10 search space %.1f\n\n",
		len(tab.Puzzles), tab.StartEmpty, tab.StartLog10)
	fmt.Fprintf(&b, "%-16s %9s %9s %7s %6s %6s %10s %7s %10s\n",
		"heuristic", "fixed", "removed", "passes", "alone", "cumul", "cells left", "share", "mean log10")
	for _, r := range tab.Rows {
		fmt.Fprintf(&b, "%-16s %9d %9d %7d %6d %6d %10d %6.2f%% %10.1f\n",
			r.Heuristic, r.Fixed, r.Removed, r.Passes, r.Alone, r.Cumulative,
			r.CellsLeft, 100*r.CellsLeftShare, r.MeanLog10)
	}
	fmt.Fprintf(&b, "\n%-14s %5s %-10s %7s %7s %9s %9s %9s %9s\n",
		"puzzle", "order", "status", "empty0", "empty", "log10 0", "log10", "fixed", "removed")
	for _, p := range tab.Puzzles {
		fmt.Fprintf(&b, "%-14s %5d %-10s %7d %7d %9.1f %9.1f %9d %9d\n",
			p.Name, p.Order, p.Status, p.StartEmpty, p.Empty, p.StartLog10, p.Log10Space, p.Fixed, p.Removed)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// String is Render into a string.
func (tab *Table) String() string {
	var b strings.Builder
	_ = tab.Render(&b)
	return b.String()
}
