package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"sudokusim/sudoku"
	"sudokusim/sudoku/gen"
)

func init() {
	register(command{name: "gen", summary: "generate FPT'09-style puzzles", run: runGen})
}

const genSynopsis = `usage: sudokusim gen [flags]

Generates a puzzle of order N: a shuffled full grid with a fraction of the
cells emptied, uniformly (default), balanced (the same count in every row,
column and box) or, for orders up to 4, while the solution stays unique.
The same flags give the same puzzle. Writes .sudoku (one puzzle) or the
81-character line format (order 3, --count puzzles from seeds S, S+1, ...).`

func runGen(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("gen", genSynopsis, stdout)
	order := fs.Int("order", 3, "order `N` (2..15): an N²×N² grid")
	holes := fs.Float64("holes", 0.5, "fraction `F` of empty cells (0..1); a target in --unique mode")
	seed := fs.Uint64("seed", 1, "random seed `S`")
	balanced := fs.Bool("balanced", false, "same number of holes in every row, column and box")
	unique := fs.Bool("unique", false, "keep the solution unique (orders up to 4)")
	count := fs.Int("count", 1, "number of puzzles `K` (more than one needs --format line)")
	format := fs.String("format", "sudoku", "output `FORMAT`: sudoku or line")
	out := fs.String("o", "", "write to `FILE` instead of stdout")
	if done, code := parseFlags(fs, args, stderr); done {
		return code
	}
	if fs.NArg() != 0 {
		return usageError(stderr, "gen", "unexpected argument %q", fs.Arg(0))
	}
	switch {
	case *format != "sudoku" && *format != "line":
		return usageError(stderr, "gen", "--format %q: want sudoku or line", *format)
	case *format == "line" && *order != 3:
		return usageError(stderr, "gen", "--format line holds order 3 only, got --order %d", *order)
	case *count < 1:
		return usageError(stderr, "gen", "--count %d: want at least 1", *count)
	case *count > 1 && *format != "line":
		return usageError(stderr, "gen", "--count %d needs --format line", *count)
	}
	var buf bytes.Buffer
	grids := make([]*sudoku.Grid, 0, *count)
	for i := 0; i < *count; i++ {
		p, err := gen.Generate(gen.Options{Order: *order, Holes: *holes, Seed: *seed + uint64(i), Balanced: *balanced, Unique: *unique})
		if err != nil {
			return usageError(stderr, "gen", "%s", stripPkg(err.Error()))
		}
		grids = append(grids, p.Puzzle)
	}
	if *format == "line" {
		fmt.Fprintf(&buf, "# sudokusim gen --order 3 --holes %g --seed %d --count %d%s%s --format line\n",
			*holes, *seed, *count, flagIf(*balanced, " --balanced"), flagIf(*unique, " --unique"))
		_ = sudoku.WriteLines(&buf, grids)
	} else {
		_ = sudoku.WriteSudoku(&buf, grids[0])
	}
	if *out == "" {
		_, err := stdout.Write(buf.Bytes())
		if err != nil {
			fmt.Fprintf(stderr, "sudokusim gen: write: %v\n", err)
			return exitUsage
		}
		return exitOK
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "sudokusim gen: %v\n", err)
		return exitUsage
	}
	return exitOK
}

func flagIf(on bool, s string) string {
	if on {
		return s
	}
	return ""
}
