package sudoku

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadPuzzle(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	var sb strings.Builder
	require.NoError(t, WriteSudoku(&sb, Sample()))
	fpt := write("a.sudoku", sb.String())
	sniffed := write("a.txt", sb.String())
	lines := write("set.txt", "# two\n"+FormatLine(SampleSolution())+"\n"+sampleLine+"\n")
	noext := write("set", sampleLine+"\n")

	tests := []struct {
		name  string
		path  string
		index int
		stdin string
		want  *Grid
	}{
		{"sample", "", 0, "", Sample()},
		{"fpt09 by extension", fpt, 0, "", Sample()},
		{"fpt09 by content", sniffed, 0, "", Sample()},
		{"lines first", lines, 0, "", SampleSolution()},
		{"lines index", lines, 1, "", Sample()},
		{"lines no extension", noext, 0, "", Sample()},
		{"stdin fpt09", "-", 0, sb.String(), Sample()},
		{"stdin lines", "-", 0, sampleLine, Sample()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := LoadPuzzle(tc.path, tc.index, strings.NewReader(tc.stdin))
			require.NoError(t, err)
			assert.True(t, tc.want.Equal(g), "got\n%v", g)
		})
	}

	errTests := []struct {
		name  string
		path  string
		index int
		stdin string
		want  string
	}{
		{"index past end", lines, 2, "", lines + ": puzzle index 2 out of range; the file holds 2 puzzle(s), index 0..1"},
		{"negative index", fpt, -1, "", fpt + ": puzzle index -1 out of range; the file holds 1 puzzle(s), index 0..0"},
		{"missing file", filepath.Join(dir, "nope.sudoku"), 0, "", "open " + filepath.Join(dir, "nope.sudoku") + ": no such file or directory"},
		{"stdin malformed", "-", 0, "3\n1 2\n", "<stdin>:2:4: row 1 has 2 values, want 9"},
		{"malformed line file", write("bad.txt", "12345\n"), 0, "", filepath.Join(dir, "bad.txt") + ":1:6: line has 5 cells, want 81"},
	}
	for _, tc := range errTests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadPuzzle(tc.path, tc.index, strings.NewReader(tc.stdin))
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}

func TestDetectFormat(t *testing.T) {
	tests := []struct {
		name, file, text string
		want             Format
	}{
		{"extension wins", "x.sudoku", sampleLine, FormatFPT09},
		{"order line", "x", "12\r\n", FormatFPT09},
		{"comment", "x", "# 2\n", FormatLines},
		{"puzzle line", "x.txt", sampleLine, FormatLines},
		{"three digits", "x", "123\n", FormatLines},
		{"order line after a byte order mark", "x", "\xef\xbb\xbf9\n", FormatFPT09},
		{"puzzle line after a byte order mark", "x", "\xef\xbb\xbf" + sampleLine, FormatLines},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, DetectFormat(tc.file, []byte(tc.text)))
		})
	}
}
