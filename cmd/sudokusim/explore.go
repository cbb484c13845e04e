package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"sudokusim/sudoku/logic"
)

func init() {
	register(command{name: "explore", summary: "measure the software heuristics on a suite (the paper's Table 3 study)", run: runExplore})
}

const exploreSynopsis = `usage: sudokusim explore [flags] FILES|DIR...

Runs the software heuristics of seed 000 §3 (package sudoku/logic) on every
puzzle of the suite (.sudoku files, line files, or directories of .sudoku
files) and prints, per heuristic in list order: values fixed and candidates
removed in the run of the whole list, puzzles it finishes alone (with single),
puzzles the list up to it finishes, and the search space left for
backtracking (empty cells; mean log10 of the product of candidate counts).
Then one line per puzzle. Definitions: docs/heuristics.md.
LIST: all (default: the full software set in order of cost), paper, or names
separated by commas: single, hidden-single, naked-pair, hidden-pair,
candidate-lines, double-lines, naked-triple, hidden-triple, triple-lines,
naked-quad, hidden-quad, naked-quint, hidden-quint, forced-cells.
Exit status: 0 done, 2 bad usage or bad input.`

func runExplore(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("explore", exploreSynopsis, stdout)
	list := fs.String("heuristics", "all", "heuristic `LIST` in order of application")
	asJSON := fs.Bool("json", false, "print the table as one JSON object")
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	hs, err := logic.ParseHeuristics(*list)
	if err != nil {
		return usageError(stderr, "explore", "--heuristics: %v", strings.TrimPrefix(err.Error(), "logic: "))
	}
	if len(hs) == 0 {
		return usageError(stderr, "explore", "--heuristics none leaves nothing to explore")
	}
	if fs.NArg() == 0 {
		return usageError(stderr, "explore", "want FILES or DIR")
	}
	puzzles, err := loadExploreSuite(fs.Args())
	if err != nil {
		return inputError(stderr, err)
	}
	tab, err := logic.Explore(puzzles, hs)
	if err != nil {
		return inputError(stderr, err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(tab); err != nil {
			fmt.Fprintf(stderr, "sudokusim explore: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	if err := tab.Render(stdout); err != nil {
		fmt.Fprintf(stderr, "sudokusim explore: %v\n", err)
		return exitFail
	}
	return exitOK
}

// loadExploreSuite reads every puzzle of the arguments (see loadSuite).
func loadExploreSuite(args []string) ([]logic.Named, error) {
	ps, err := loadSuite(args)
	if err != nil {
		return nil, err
	}
	out := make([]logic.Named, len(ps))
	for i, p := range ps {
		out[i] = logic.Named{Name: p.Name, Grid: p.Grid}
	}
	return out, nil
}
