package sudoku

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sampleLine = ".1452...93...9.4515.8....67.....37....62.51....34.....43....6.2827.4...51...5284."

func TestParseLines(t *testing.T) {
	zeros := strings.ReplaceAll(sampleLine, ".", "0")
	text := "# a comment\n\n" + sampleLine + "\r\n" + zeros + " \t\n# end"
	grids, err := ParseLines([]byte(text), "set.txt")
	require.NoError(t, err)
	require.Len(t, grids, 2)
	for _, g := range grids {
		assert.True(t, Sample().Equal(g))
	}
	assert.Equal(t, sampleLine, FormatLine(grids[0]))

	// A UTF-8 byte order mark at the start is skipped (issue 13, item 5).
	grids, err = ParseLines([]byte("\xef\xbb\xbf"+sampleLine+"\n\n"), "bom.txt")
	require.NoError(t, err)
	require.Len(t, grids, 1)
	assert.True(t, Sample().Equal(grids[0]))
}

func TestParseLinesErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"empty", "", "s:1:1: no puzzle found; expected lines of 81 cells ('1'..'9', '.' or '0' for empty)"},
		{"only comments", "# x\n\n", "s:3:1: no puzzle found; expected lines of 81 cells ('1'..'9', '.' or '0' for empty)"},
		{"short", "# c\n" + sampleLine[:80] + "\n", "s:2:81: line has 80 cells, want 81"},
		{"long", sampleLine + "1", "s:1:82: line longer than 81 cells"},
		{"bad char", "x" + sampleLine[1:], "s:1:1: expected '1'..'9', '.' or '0', found 'x'"},
		{"inner space", sampleLine[:10] + " " + sampleLine[11:], "s:1:11: expected '1'..'9', '.' or '0', found a space"},
		{"mark mid-file", sampleLine + "\n\xef\xbb\xbf" + sampleLine, "s:2:1: expected '1'..'9', '.' or '0', found a UTF-8 byte order mark (only allowed at the start of the file)"},
		{"second line bad", sampleLine + "\n" + sampleLine[:5] + "*" + sampleLine[6:], "s:2:6: expected '1'..'9', '.' or '0', found '*'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseLines([]byte(tc.text), "s")
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}

func TestFormatLinePanicsOnOtherOrders(t *testing.T) {
	assert.PanicsWithValue(t, "sudoku.FormatLine: order 4 grid; the line format holds order 3 only", func() { FormatLine(MustNew(4)) })
}

func TestWriteLinesRoundTrip(t *testing.T) {
	grids := []*Grid{Sample(), SampleSolution(), MustNew(3)}
	var b bytes.Buffer
	require.NoError(t, WriteLines(&b, grids))
	back, err := ParseLines(b.Bytes(), "round")
	require.NoError(t, err)
	require.Len(t, back, len(grids))
	for i := range grids {
		assert.True(t, grids[i].Equal(back[i]))
	}
}

func FuzzParseLine(f *testing.F) {
	for _, s := range []string{sampleLine, "#\n" + sampleLine + "\r\n", sampleLine[:40], "", "\n\n", sampleLine + "9", strings.Repeat("0", 81)} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		grids, err := ParseLines(data, "fuzz")
		if err != nil {
			var pe *ParseError
			require.True(t, errors.As(err, &pe), "error %v is not a *ParseError", err)
			return
		}
		require.NotEmpty(t, grids)
		var out bytes.Buffer
		require.NoError(t, WriteLines(&out, grids))
		back, err := ParseLines(out.Bytes(), "fuzz")
		require.NoError(t, err)
		require.Len(t, back, len(grids))
		for i := range grids {
			require.NoError(t, CheckGrid(grids[i]))
			require.True(t, grids[i].Equal(back[i]))
		}
	})
}
