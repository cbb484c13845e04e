package sudoku

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
)

// ParseSudoku reads one puzzle in the FPT'09 benchmark format (`.sudoku`):
// the first line holds the order n (2..15), then n² lines each hold n²
// decimal values 0..n² separated by single spaces, 0 for an empty cell.
//
// Accepted beyond the strict form: a UTF-8 byte order mark at the start,
// spaces and tabs at the end of a line, CRLF line ends, a missing newline
// after the last row, and blank (or whitespace-only) lines after it. Nothing
// else is: no leading spaces, no tabs between values, no blank lines before
// the last row, no extra rows, no signs or leading '+'.
// The error names the file (name), the line and the column and says what was
// expected; it is a *ParseError.
func ParseSudoku(data []byte, name string) (*Grid, error) {
	lines := splitLines(trimBOM(data))
	if len(lines) == 0 {
		return nil, parseErrorf(name, 1, 1, "empty file; expected the order n (%d..%d) on the first line", MinOrder, MaxOrder)
	}
	order, err := parseOrderLine(lines[0], name)
	if err != nil {
		return nil, err
	}
	g := MustNew(order)
	size := g.Size()
	for r := 0; r < size; r++ {
		lineNo := r + 2
		if r+1 >= len(lines) {
			return nil, parseErrorf(name, lineNo, 1, "file ends after %d of %d rows", r, size)
		}
		if err := parseRow(lines[r+1], g.Cells[r*size:(r+1)*size], size, name, lineNo); err != nil {
			return nil, err
		}
	}
	for i := size + 1; i < len(lines); i++ {
		if len(lines[i]) > 0 {
			return nil, parseErrorf(name, i+1, 1, "unexpected line after the last of the %d rows", size)
		}
	}
	return g, nil
}

// ReadSudoku is ParseSudoku over a reader.
func ReadSudoku(r io.Reader, name string) (*Grid, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: read: %w", name, err)
	}
	return ParseSudoku(data, name)
}

// WriteSudoku writes g in the FPT'09 `.sudoku` format with LF line ends.
func WriteSudoku(w io.Writer, g *Grid) error {
	var b bytes.Buffer
	b.WriteString(strconv.Itoa(g.Order))
	b.WriteByte('\n')
	b.WriteString(g.String())
	_, err := w.Write(b.Bytes())
	return err
}

// splitLines splits data at LF, drops one CR before each LF and the empty
// piece after a final LF, and trims trailing spaces and tabs from every
// line.
func splitLines(data []byte) [][]byte {
	if len(data) == 0 {
		return nil
	}
	lines := bytes.Split(data, []byte{'\n'})
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		l = bytes.TrimSuffix(l, []byte{'\r'})
		lines[i] = bytes.TrimRight(l, " \t")
	}
	return lines
}

func parseOrderLine(line []byte, name string) (int, error) {
	if len(line) == 0 {
		return 0, parseErrorf(name, 1, 1, "expected the order n (%d..%d), found an empty line", MinOrder, MaxOrder)
	}
	v, end, err := parseNumber(line, 0, name, 1)
	if err != nil {
		return 0, err
	}
	if end != len(line) {
		return 0, parseErrorf(name, 1, end+1, "expected the end of the line after the order, found %s", describeByte(line[end]))
	}
	if v < MinOrder || v > MaxOrder {
		return 0, parseErrorf(name, 1, 1, "order %d outside %d..%d", v, MinOrder, MaxOrder)
	}
	return v, nil
}

// parseRow reads size values into cells.
func parseRow(line []byte, cells []uint8, size int, name string, lineNo int) error {
	if len(line) == 0 {
		return parseErrorf(name, lineNo, 1, "empty line; expected %d values for row %d", size, lineNo-1)
	}
	i := 0
	for k := 0; ; k++ {
		if k == size {
			return parseErrorf(name, lineNo, i+1, "row %d has more than %d values", lineNo-1, size)
		}
		v, end, err := parseNumber(line, i, name, lineNo)
		if err != nil {
			return err
		}
		if v > size {
			return parseErrorf(name, lineNo, i+1, "value %d outside 0..%d", v, size)
		}
		cells[k] = uint8(v)
		i = end
		if i == len(line) {
			if k+1 < size {
				return parseErrorf(name, lineNo, i+1, "row %d has %d values, want %d", lineNo-1, k+1, size)
			}
			return nil
		}
		if line[i] != ' ' {
			return parseErrorf(name, lineNo, i+1, "expected a space or the end of the line, found %s", describeByte(line[i]))
		}
		i++
		if line[i] == ' ' { // trailing spaces were trimmed, so a digit or space follows
			return parseErrorf(name, lineNo, i+1, "two spaces; values are separated by a single space")
		}
	}
}

// parseNumber reads a decimal number starting at line[i] and returns it with
// the index just past it. Values above 999 are reported as too long rather
// than parsed, so no input overflows.
func parseNumber(line []byte, i int, name string, lineNo int) (v, end int, err error) {
	start := i
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		if i-start == 3 {
			return 0, 0, parseErrorf(name, lineNo, start+1, "number %q too long", clip(line[start:]))
		}
		v = v*10 + int(line[i]-'0')
		i++
	}
	if i == start {
		return 0, 0, parseErrorf(name, lineNo, i+1, "expected a number, found %s", describeAt(line, i, lineNo))
	}
	return v, i, nil
}

// clip returns the leading run of digits of b, at most 8 of them.
func clip(b []byte) string {
	n := 0
	for n < len(b) && n < 8 && b[n] >= '0' && b[n] <= '9' {
		n++
	}
	s := string(b[:n])
	if n == 8 {
		s += "..."
	}
	return s
}
