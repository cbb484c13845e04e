package sudoku

import (
	"bytes"
	"fmt"
	"io"
)

// LineCells is the length of a puzzle in the line format: one 9×9 grid.
const LineCells = 81

// ParseLines reads a file in the 81-character line format used for 9×9
// puzzle collections: one puzzle per line, cells row-major, '1'..'9' for a
// given and '.' or '0' for an empty cell. Lines starting with '#' are
// comments; blank lines are skipped; a UTF-8 byte order mark at the start,
// CRLF line ends and trailing spaces or tabs are accepted. A file with no puzzle at all is an error. Errors are
// *ParseError values naming the file, line and column.
func ParseLines(data []byte, name string) ([]*Grid, error) {
	var grids []*Grid
	lineNo := 0
	data = trimBOM(data)
	for len(data) > 0 {
		lineNo++
		var line []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			line, data = data, nil
		}
		line = bytes.TrimRight(bytes.TrimSuffix(line, []byte{'\r'}), " \t")
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		g, err := parseLine(line, name, lineNo)
		if err != nil {
			return nil, err
		}
		grids = append(grids, g)
	}
	if len(grids) == 0 {
		return nil, parseErrorf(name, lineNo+1, 1, "no puzzle found; expected lines of %d cells ('1'..'9', '.' or '0' for empty)", LineCells)
	}
	return grids, nil
}

// ReadLines is ParseLines over a reader.
func ReadLines(r io.Reader, name string) ([]*Grid, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: read: %w", name, err)
	}
	return ParseLines(data, name)
}

func parseLine(line []byte, name string, lineNo int) (*Grid, error) {
	g := MustNew(3)
	for i, ch := range line {
		if i == LineCells {
			return nil, parseErrorf(name, lineNo, i+1, "line longer than %d cells", LineCells)
		}
		switch {
		case ch == '.' || ch == '0':
		case ch >= '1' && ch <= '9':
			g.Cells[i] = ch - '0'
		default:
			return nil, parseErrorf(name, lineNo, i+1, "expected '1'..'9', '.' or '0', found %s", describeAt(line, i, lineNo))
		}
	}
	if len(line) < LineCells {
		return nil, parseErrorf(name, lineNo, len(line)+1, "line has %d cells, want %d", len(line), LineCells)
	}
	return g, nil
}

// FormatLine renders an order-3 grid as one line of the line format ('.' for
// an empty cell, no newline). It panics on another order: the line format
// only holds 9×9 grids, and passing anything else is a bug in the caller.
func FormatLine(g *Grid) string {
	if g.Order != 3 {
		panic(fmt.Sprintf("sudoku.FormatLine: order %d grid; the line format holds order 3 only", g.Order))
	}
	var b [LineCells]byte
	for i, v := range g.Cells {
		if v == 0 {
			b[i] = '.'
		} else {
			b[i] = '0' + v
		}
	}
	return string(b[:])
}

// WriteLines writes order-3 grids in the line format, one per line, LF ends.
func WriteLines(w io.Writer, grids []*Grid) error {
	var b bytes.Buffer
	for _, g := range grids {
		b.WriteString(FormatLine(g))
		b.WriteByte('\n')
	}
	_, err := w.Write(b.Bytes())
	return err
}
