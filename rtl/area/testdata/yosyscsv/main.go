// Command yosyscsv writes rtl/area/testdata/yosys.csv from the JSON of
// `sudokusim synth --heuristics none|paper --max-order M --cpc K --json`,
// one file per configuration, named on the command line:
//
//	go run ./rtl/area/testdata/yosyscsv RUN.json... > rtl/area/testdata/yosys.csv
//
// Each module's own cells become one row (sudoku_top, which has none, is
// left out); reset_ff is every flip-flop of the modules whose registers are
// all in `always @(posedge clk_i or negedge rst_ni)` blocks (uart_rx,
// uart_tx, frame_decoder, sudoku_core, heuristics) and none of the
// memories'. The columns are those testdata/README.md describes.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
)

type cells struct {
	LUT4    int `json:"lut4"`
	LUT1to3 int `json:"lut1_3"`
	FF      int `json:"ff"`
	RAMB16  int `json:"ramb16"`
	MULT18  int `json:"mult18x18"`
}

type run struct {
	Version  int `json:"version"`
	MaxOrder int `json:"max_order"`
	CPC      int `json:"cpc"`
	Modules  []struct {
		Module string `json:"module"`
		Cells  cells  `json:"cells"`
	} `json:"modules"`
}

// order is the row order within a configuration; a module not in it is an
// error (a new module needs a decision on its reset flip-flops).
var order = []string{"uart_rx", "frame_decoder", "uart_tx", "sudoku_core", "evaluator",
	"given_mem", "grid_mem", "heuristics", "cand_mem", "miss_mem"}

var resetModules = map[string]bool{"uart_rx": true, "uart_tx": true, "frame_decoder": true,
	"sudoku_core": true, "heuristics": true}

func main() {
	if err := write(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "yosyscsv: %v\n", err)
		os.Exit(2)
	}
}

func write(files []string) error {
	var runs []run
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		var r run
		if err := json.Unmarshal(b, &r); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		runs = append(runs, r)
	}
	slices.SortFunc(runs, func(a, b run) int {
		if a.Version != b.Version {
			return a.Version - b.Version
		}
		if a.MaxOrder != b.MaxOrder {
			return a.MaxOrder - b.MaxOrder
		}
		return a.CPC - b.CPC
	})
	var out strings.Builder
	out.WriteString("version,max_order,cpc,module,lut1_3,lut4,ff,reset_ff,ramb16,mult18x18\n")
	for _, r := range runs {
		rows := map[string]string{}
		for _, m := range r.Modules {
			if m.Module == "sudoku_top" {
				continue
			}
			if !slices.Contains(order, m.Module) {
				return fmt.Errorf("v%d m=%d k=%d: module %s is new: add it to order and decide its reset flip-flops", r.Version, r.MaxOrder, r.CPC, m.Module)
			}
			reset := 0
			if resetModules[m.Module] {
				reset = m.Cells.FF
			}
			c := m.Cells
			rows[m.Module] = fmt.Sprintf("%d,%d,%d,%s,%d,%d,%d,%d,%d,%d\n", r.Version, r.MaxOrder, r.CPC, m.Module,
				c.LUT1to3, c.LUT4, c.FF, reset, c.RAMB16, c.MULT18)
		}
		for _, name := range order {
			out.WriteString(rows[name])
		}
	}
	_, err := os.Stdout.WriteString(out.String())
	return err
}
