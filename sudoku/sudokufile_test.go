package sudoku

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const order2 = "2\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n"

func TestParseSudokuAccepts(t *testing.T) {
	want := MustNew(2)
	copy(want.Cells, []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1})
	tests := []struct{ name, text string }{
		{"strict", order2},
		{"CRLF", "2\r\n1 2 3 4\r\n3 4 1 2\r\n2 1 4 3\r\n4 3 2 1\r\n"},
		{"no final newline", "2\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1"},
		{"trailing spaces", "2  \n1 2 3 4 \n3 4 1 2\n2 1 4 3   \n4 3 2 1 \r\n"},
		// Real benchmark files end with blank lines, and some start with a
		// UTF-8 byte order mark (issue 13, item 5).
		{"trailing blank lines", order2 + "\n\n"},
		{"trailing whitespace lines", order2 + " \t\r\n\t\n  "},
		{"trailing tab", "2\t\n1 2 3 4\t\n3 4 1 2\n2 1 4 3\n4 3 2 1 \t\n"},
		{"byte order mark", "\xef\xbb\xbf" + order2},
		{"byte order mark, CRLF, blank lines", "\xef\xbb\xbf2\r\n1 2 3 4\r\n3 4 1 2\r\n2 1 4 3\r\n4 3 2 1\r\n\r\n\r\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ParseSudoku([]byte(tc.text), "x.sudoku")
			require.NoError(t, err)
			assert.True(t, want.Equal(g), "got\n%v", g)
		})
	}
}

func TestParseSudokuErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"empty file", "", "p:1:1: empty file; expected the order n (2..15) on the first line"},
		{"empty first line", "\n1 2\n", "p:1:1: expected the order n (2..15), found an empty line"},
		{"order not a number", "x\n", `p:1:1: expected a number, found 'x'`},
		{"order low", "1\n1\n", "p:1:1: order 1 outside 2..15"},
		{"order high", "16\n", "p:1:1: order 16 outside 2..15"},
		{"order with junk", "2 2\n", "p:1:2: expected the end of the line after the order, found a space"},
		{"leading space order", " 2\n", "p:1:1: expected a number, found a space"},
		{"missing rows", "2\n1 2 3 4\n3 4 1 2\n", "p:4:1: file ends after 2 of 4 rows"},
		{"short row", "2\n1 2 3 4\n3 4 1\n2 1 4 3\n4 3 2 1\n", "p:3:6: row 2 has 3 values, want 4"},
		{"long row", "2\n1 2 3 4 1\n", "p:2:9: row 1 has more than 4 values"},
		{"value high", "2\n1 2 3 5\n", "p:2:7: value 5 outside 0..4"},
		{"letter", "2\n1 2 a 4\n", "p:2:5: expected a number, found 'a'"},
		{"negative", "2\n1 -2 3 4\n", "p:2:3: expected a number, found '-'"},
		{"double space", "2\n1  2 3 4\n", "p:2:3: two spaces; values are separated by a single space"},
		{"tab", "2\n1\t2 3 4\n", "p:2:2: expected a space or the end of the line, found a tab"},
		{"leading space row", "2\n 1 2 3 4\n", "p:2:1: expected a number, found a space"},
		{"empty row", "2\n\n", "p:2:1: empty line; expected 4 values for row 1"},
		{"huge number", "2\n1 2 3 123456789012\n", `p:2:7: number "12345678..." too long`},
		{"binary", "2\n1 2 3 \x00\n", "p:2:7: expected a number, found byte 0x00"},
		{"extra line", order2 + "1 2 3 4\n", "p:6:1: unexpected line after the last of the 4 rows"},
		{"extra line after blank lines", order2 + "\n\n1 2 3 4\n", "p:8:1: unexpected line after the last of the 4 rows"},
		{"byte order mark twice", "\xef\xbb\xbf\xef\xbb\xbf2\n", "p:1:1: expected a number, found a second UTF-8 byte order mark"},
		{"byte order mark mid-file", "2\n\xef\xbb\xbf1 2 3 4\n", "p:2:1: expected a number, found a UTF-8 byte order mark (only allowed at the start of the file)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ParseSudoku([]byte(tc.text), "p")
			require.Error(t, err)
			assert.Nil(t, g)
			assert.Equal(t, tc.want, err.Error())
			var pe *ParseError
			assert.True(t, errors.As(err, &pe))
		})
	}
}

func TestWriteSudokuRoundTrip(t *testing.T) {
	for _, g := range []*Grid{Sample(), SampleSolution(), MustNew(15)} {
		var b bytes.Buffer
		require.NoError(t, WriteSudoku(&b, g))
		back, err := ParseSudoku(b.Bytes(), "round")
		require.NoError(t, err)
		assert.True(t, g.Equal(back))
	}
}

func FuzzParseSudoku(f *testing.F) {
	var b bytes.Buffer
	_ = WriteSudoku(&b, Sample())
	for _, s := range []string{b.String(), order2, "2\r\n1 2 3 4\r\n", "", "3\n", "15\n0", "2\n1  2", "2\n4 3 2 1 \n\n", "\xef\xbb\xbf2\n1 2 3 4\n \t\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseSudoku(data, "fuzz")
		if err != nil {
			var pe *ParseError
			require.True(t, errors.As(err, &pe), "error %v is not a *ParseError", err)
			require.Nil(t, g)
			return
		}
		require.NoError(t, CheckGrid(g))
		var out bytes.Buffer
		require.NoError(t, WriteSudoku(&out, g))
		back, err := ParseSudoku(out.Bytes(), "fuzz")
		require.NoError(t, err)
		require.True(t, g.Equal(back))
	})
}

// BenchmarkParseSudoku reads the largest FPT'09 file (order 15, 50,625
// cells) when the shared data is present, else a written order-15 grid.
func BenchmarkParseSudoku(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "data", "fpt09", "puzzle15b.sudoku"))
	if err != nil {
		var buf bytes.Buffer
		g := MustNew(15)
		for i := range g.Cells {
			g.Cells[i] = uint8(i%225 + 1)
		}
		_ = WriteSudoku(&buf, g)
		data = buf.Bytes()
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseSudoku(data, "bench"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "files/s")
}
