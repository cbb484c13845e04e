package sudoku

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// StdinName is how puzzles read from standard input are named in errors.
const StdinName = "<stdin>"

// Format is a puzzle file format.
type Format int

const (
	// FormatFPT09 is the FPT'09 `.sudoku` format: one puzzle of any order.
	FormatFPT09 Format = iota
	// FormatLines is the 81-character line format: many 9×9 puzzles.
	FormatLines
)

func (f Format) String() string {
	if f == FormatLines {
		return "line"
	}
	return "sudoku"
}

// DetectFormat chooses the reader for a file: a name ending in ".sudoku" is
// the FPT'09 format; otherwise the content decides: a first line of only
// one or two digits (then optional spaces/CR) is the FPT'09 format, anything
// else (a '#' comment, an 81-character puzzle line) is the line format. A
// UTF-8 byte order mark at the start is skipped.
func DetectFormat(name string, data []byte) Format {
	if filepath.Ext(name) == ".sudoku" {
		return FormatFPT09
	}
	first := trimBOM(data)
	if i := bytes.IndexByte(first, '\n'); i >= 0 {
		first = first[:i]
	}
	first = bytes.TrimRight(first, " \r")
	if len(first) >= 1 && len(first) <= 2 {
		for _, b := range first {
			if b < '0' || b > '9' {
				return FormatLines
			}
		}
		return FormatFPT09
	}
	return FormatLines
}

// ParsePuzzles reads every puzzle in data in the format DetectFormat picks.
func ParsePuzzles(data []byte, name string) ([]*Grid, error) {
	if DetectFormat(name, data) == FormatLines {
		return ParseLines(data, name)
	}
	g, err := ParseSudoku(data, name)
	if err != nil {
		return nil, err
	}
	return []*Grid{g}, nil
}

// LoadPuzzles reads all puzzles named by a command-line argument: a file
// path, or "-" for stdin (named StdinName in errors). An empty path means
// the embedded sample puzzle.
func LoadPuzzles(path string, stdin io.Reader) ([]*Grid, error) {
	if path == "" {
		return []*Grid{Sample()}, nil
	}
	var data []byte
	var err error
	name := path
	if path == "-" {
		name = StdinName
		if stdin == nil {
			return nil, fmt.Errorf("%s: no standard input", name)
		}
		data, err = io.ReadAll(stdin)
		if err != nil {
			return nil, fmt.Errorf("%s: read: %w", name, err)
		}
	} else {
		data, err = os.ReadFile(path)
		if err != nil {
			return nil, err // *fs.PathError already names the file
		}
	}
	return ParsePuzzles(data, name)
}

// LoadPuzzle is the one way commands load a puzzle from their FILE argument:
// "" is the embedded sample puzzle, "-" reads stdin, anything else is a file
// path. The format is chosen by DetectFormat. index picks a puzzle (0-based)
// from a line-format file; a `.sudoku` file holds one puzzle, index 0.
func LoadPuzzle(path string, index int, stdin io.Reader) (*Grid, error) {
	grids, err := LoadPuzzles(path, stdin)
	if err != nil {
		return nil, err
	}
	if index < 0 || index >= len(grids) {
		name := path
		if path == "-" {
			name = StdinName
		}
		if path == "" {
			name = "sample"
		}
		return nil, fmt.Errorf("%s: puzzle index %d out of range; the file holds %d puzzle(s), index 0..%d", name, index, len(grids), len(grids)-1)
	}
	return grids[index], nil
}
