package sudoku

import (
	"bytes"
	"fmt"
)

// ParseError is a malformed puzzle file: the file, the 1-based line and
// column (a byte offset within the line) where reading stopped, and what was
// expected there. Its message has the compiler shape `file:line:col: what`,
// so editors and the command line can point at the spot.
type ParseError struct {
	File string
	Line int
	Col  int
	Msg  string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

func parseErrorf(file string, line, col int, format string, args ...any) *ParseError {
	return &ParseError{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// BOM is the UTF-8 byte order mark some editors put at the start of a text
// file; the readers skip it there and name it anywhere else.
const BOM = "\xef\xbb\xbf"

// trimBOM drops a byte order mark at the start of data.
func trimBOM(data []byte) []byte {
	return bytes.TrimPrefix(data, []byte(BOM))
}

// describeAt names what starts at line[i] where something else was
// expected: a byte order mark as such, else the byte (describeByte).
func describeAt(line []byte, i int, lineNo int) string {
	if bytes.HasPrefix(line[i:], []byte(BOM)) {
		if lineNo == 1 && i == 0 {
			return "a second UTF-8 byte order mark"
		}
		return "a UTF-8 byte order mark (only allowed at the start of the file)"
	}
	return describeByte(line[i])
}

// describeByte names a byte found where something else was expected: the
// character itself when printable, its hex value otherwise.
func describeByte(b byte) string {
	if b >= 0x21 && b < 0x7f {
		return fmt.Sprintf("%q", rune(b))
	}
	switch b {
	case ' ':
		return "a space"
	case '\t':
		return "a tab"
	case '\r':
		return "a carriage return"
	}
	return fmt.Sprintf("byte 0x%02x", b)
}
