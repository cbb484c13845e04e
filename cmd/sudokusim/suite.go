package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"sudokusim/bench"
	"sudokusim/sudoku"
)

// expandPuzzleArgs turns FILE and DIR arguments into puzzle files: a FILE
// as given, a DIR as its .sudoku files in name order.
func expandPuzzleArgs(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		m, err := filepath.Glob(filepath.Join(p, "*.sudoku"))
		if err != nil {
			return nil, err
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("%s: no .sudoku files in the directory", p)
		}
		sort.Strings(m)
		files = append(files, m...)
	}
	return files, nil
}

// loadSuite reads every puzzle of FILE and DIR arguments; a file holding
// several puzzles (line format) names them FILE#i.
func loadSuite(args []string) ([]bench.Puzzle, error) {
	files, err := expandPuzzleArgs(args)
	if err != nil {
		return nil, err
	}
	var out []bench.Puzzle
	for _, f := range files {
		gs, err := sudoku.LoadPuzzles(f, stdin)
		if err != nil {
			return nil, err
		}
		base := strings.TrimSuffix(filepath.Base(f), ".sudoku")
		for i, g := range gs {
			name := base
			if len(gs) > 1 {
				name = fmt.Sprintf("%s#%d", base, i)
			}
			out = append(out, bench.Puzzle{Name: name, Grid: g})
		}
	}
	return out, nil
}
