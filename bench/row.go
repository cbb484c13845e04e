package bench

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
)

// Row is the result of one point.
type Row struct {
	Point
	Status string `json:"status"`
	// Cycles by phase (docs/microarchitecture.md §2, §10); Solve is load +
	// heuristics + search.
	Cycles     uint64  `json:"cycles"`
	Rx         uint64  `json:"cycles_rx"`
	Load       uint64  `json:"cycles_load"`
	HeurCycles uint64  `json:"cycles_heuristics"`
	Search     uint64  `json:"cycles_search"`
	Tx         uint64  `json:"cycles_tx"`
	Solve      uint64  `json:"cycles_solve"`
	Nodes      uint64  `json:"nodes"`
	Backtracks uint64  `json:"backtracks"`
	MaxDepth   int     `json:"max_depth"`
	Seconds    float64 `json:"seconds"`
	TMax       float64 `json:"tmax_seconds"`
	WithinTMax bool    `json:"within_tmax"`
	Slices     int     `json:"slices"`
	BlockRAMs  int     `json:"block_rams"`
	Fits       bool    `json:"fits"`
}

var csvHeader = []string{
	"puzzle", "puzzle_hash", "order", "cpc", "heuristics", "subset_units", "max_order", "clock_mhz", "mode", "max_cycles", "link", "status",
	"cycles", "cycles_rx", "cycles_load", "cycles_heuristics", "cycles_search", "cycles_tx", "cycles_solve",
	"nodes", "backtracks", "max_depth", "seconds", "tmax_seconds", "within_tmax",
	"slices", "block_rams", "device", "fits",
}

func (r Row) csv() []string {
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	return []string{
		r.Puzzle, r.PuzzleHash, strconv.Itoa(r.Order), strconv.Itoa(r.CPC), r.Heuristics, strconv.Itoa(r.SubsetUnits), strconv.Itoa(r.MaxOrder), f(r.ClockMHz),
		r.Mode, u(r.MaxCycles), r.Link, r.Status,
		u(r.Cycles), u(r.Rx), u(r.Load), u(r.HeurCycles), u(r.Search), u(r.Tx), u(r.Solve),
		u(r.Nodes), u(r.Backtracks), strconv.Itoa(r.MaxDepth), f(r.Seconds), f(r.TMax), strconv.FormatBool(r.WithinTMax),
		strconv.Itoa(r.Slices), strconv.Itoa(r.BlockRAMs), r.Device, strconv.FormatBool(r.Fits),
	}
}

// sortRows orders rows by key, the order of results files.
func sortRows(rows []Row) {
	sort.Slice(rows, func(i, j int) bool { return rows[i].Key() < rows[j].Key() })
}

// WriteCSV writes rows with a header line.
func WriteCSV(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	for _, r := range rows {
		if err := cw.Write(r.csv()); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// Results is the content of results.json.
type Results struct {
	Points int   `json:"points"`
	Rows   []Row `json:"rows"`
}

// WriteJSON writes rows as one indented JSON object.
func WriteJSON(w io.Writer, rows []Row) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	if err := enc.Encode(Results{Points: len(rows), Rows: rows}); err != nil {
		return fmt.Errorf("bench: results.json: %w", err)
	}
	return nil
}
