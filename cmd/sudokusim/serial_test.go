package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/uart"
)

func TestSerialCommand(t *testing.T) {
	dir := t.TempDir()
	bad := uart.EncodePuzzle(sudoku.Sample())
	bad[len(bad)-1]++ // wrong checksum
	raw := filepath.Join(dir, "capture.bin")
	require.NoError(t, os.WriteFile(raw, append([]byte{0x00, 0x42}, bad...), 0o644))
	puzzle := filepath.Join("..", "..", "bench", "testdata", "gen03a.sudoku")

	var out, errb bytes.Buffer
	code := run([]string{"serial", "--json", raw, puzzle}, &out, &errb)
	assert.Equal(t, exitFail, code, "a rejected frame is an answer that is not a solution")
	var js struct {
		Answers []struct {
			Status    string `json:"status"`
			ReplyCode int    `json:"reply_code"`
			Order     int    `json:"order"`
		} `json:"answers"`
		Dropped uint64 `json:"dropped_events"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &js), errb.String())
	require.Len(t, js.Answers, 2)
	assert.Equal(t, "rejected", js.Answers[0].Status)
	assert.Equal(t, 1, js.Answers[0].ReplyCode)
	assert.Equal(t, "solved", js.Answers[1].Status)
	assert.Equal(t, 3, js.Answers[1].Order)
	assert.Zero(t, js.Dropped)

	out.Reset()
	code = run([]string{"serial", puzzle}, &out, &errb)
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out.String(), "answer 0  "+puzzle+": order 3, solved, checksum")

	for _, args := range [][]string{{"serial"}, {"serial", filepath.Join(dir, "missing.sudoku")}, {"serial", "--cpc", "3", puzzle}} {
		errb.Reset()
		assert.Equal(t, exitUsage, run(args, &out, &errb), "%v", args)
		assert.Len(t, strings.Split(strings.TrimSpace(errb.String()), "\n"), 1)
	}
}

// serial reports every frame (issue 13, item 2): each answer tied to its
// input, the solved grid in text and JSON, and exit 1 with a message for
// every frame that is lost, unanswered or answered with an error.
func TestSerialReportsEveryFrame(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, b, 0o644))
		return p
	}
	puzzle := filepath.Join("..", "..", "bench", "testdata", "gen03a.sudoku")
	g, err := sudoku.LoadPuzzle(puzzle, 0, nil)
	require.NoError(t, err)
	frame := uart.EncodePuzzle(g) // 87 bytes
	wrongHeader := append([]byte{0xA5, 0x3C, 0x5A, 0xC4}, frame[4:]...)

	for _, tc := range []struct {
		name string
		file string
		want string // in the report on stdout
	}{
		{"wrong header", write("wrong.bin", wrongHeader), "no answer " + filepath.Join(dir, "wrong.bin") + ": no frame starts in its 87 bytes"},
		{"truncated", write("cut.bin", frame[:40]), "answer 0  " + filepath.Join(dir, "cut.bin") + " bytes 0..39: order 3, rejected (error reply 6: frame cut short)"},
		{"header only", write("header.bin", uart.Header[:]), "answer 0  " + filepath.Join(dir, "header.bin") + " bytes 0..3: order 0, rejected (error reply 6: frame cut short)"},
		{"garbage", write("junk.bin", []byte("hello, board")), "no answer " + filepath.Join(dir, "junk.bin") + ": no frame starts in its 12 bytes"},
		{"empty file", write("empty.bin", nil), "no answer " + filepath.Join(dir, "empty.bin") + ": empty file: nothing sent"},
		{"back to back", write("two.bin", append(append([]byte{}, frame...), frame...)), "lost      " + filepath.Join(dir, "two.bin") + " byte 87: frame lost: it arrived while the board was busy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run([]string{"serial", tc.file}, &out, &errb)
			assert.Equal(t, exitFail, code, out.String())
			assert.Contains(t, out.String(), tc.want)
			assert.Equal(t, 1, strings.Count(errb.String(), "\n"), errb.String())
			assert.Contains(t, errb.String(), "sudokusim serial: 1 of ")
		})
	}

	// A stray header just before a good frame costs nothing: one answer,
	// solved, tied to the frame's bytes; the grid is printed.
	stray := write("stray.bin", append(append([]byte{}, uart.Header[:]...), frame...))
	var out, errb bytes.Buffer
	code := run([]string{"serial", stray, puzzle}, &out, &errb)
	require.Equal(t, exitOK, code, out.String()+errb.String())
	assert.Contains(t, out.String(), "answer 0  "+stray+" bytes 4..90: order 3, solved, checksum")
	assert.Contains(t, out.String(), "answer 1  "+puzzle+": order 3, solved")
	sol, err := sudoku.ParsePuzzles([]byte("3\n"+strings.SplitN(out.String(), "tx 755161; 0 nodes, 0 backtracks\n", 2)[1][:162]), "out")
	require.NoError(t, err)
	require.NoError(t, sudoku.Validate(g, sol[0]))
	assert.Empty(t, errb.String())

	// The JSON ties answers to files and bytes and carries the grid.
	out.Reset()
	two := filepath.Join(dir, "two.bin")
	code = run([]string{"serial", "--json", two, puzzle}, &out, &errb)
	assert.Equal(t, exitFail, code)
	var rep struct {
		Answers []struct {
			File      string  `json:"file"`
			Puzzle    int     `json:"puzzle"`
			FirstByte int64   `json:"first_byte"`
			LastByte  uint64  `json:"last_byte"`
			Status    string  `json:"status"`
			Solution  [][]int `json:"solution"`
		} `json:"answers"`
		Lost []struct {
			File string `json:"file"`
			Byte int64  `json:"byte"`
		} `json:"lost"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
	require.Len(t, rep.Answers, 2)
	assert.Equal(t, two, rep.Answers[0].File)
	assert.Equal(t, -1, rep.Answers[0].Puzzle)
	assert.Equal(t, int64(0), rep.Answers[0].FirstByte)
	assert.Equal(t, uint64(86), rep.Answers[0].LastByte)
	assert.Equal(t, puzzle, rep.Answers[1].File)
	assert.Equal(t, 0, rep.Answers[1].Puzzle)
	for _, a := range rep.Answers {
		assert.Equal(t, "solved", a.Status)
		assert.Equal(t, sol[0].Rows(), a.Solution)
	}
	require.Len(t, rep.Lost, 1)
	assert.Equal(t, two, rep.Lost[0].File)
	assert.Equal(t, int64(87), rep.Lost[0].Byte)
}

// --input-fifo builds the optional input buffer: two frames back to back
// are both answered; resources shows what it costs (issue 13, item 2).
func TestSerialInputFIFO(t *testing.T) {
	puzzle := filepath.Join("..", "..", "bench", "testdata", "gen03a.sudoku")
	g, err := sudoku.LoadPuzzle(puzzle, 0, nil)
	require.NoError(t, err)
	frame := uart.EncodePuzzle(g)
	two := filepath.Join(t.TempDir(), "two.bin")
	require.NoError(t, os.WriteFile(two, append(append([]byte{}, frame...), frame...), 0o644))

	var out, errb bytes.Buffer
	code := run([]string{"serial", "--input-fifo", "83", two}, &out, &errb)
	assert.Equal(t, exitOK, code, out.String()+errb.String())
	assert.Contains(t, out.String(), "answer 0  "+two+" bytes 0..86: order 3, solved")
	assert.Contains(t, out.String(), "answer 1  "+two+" bytes 87..173: order 3, solved")
	assert.Contains(t, out.String(), "0 frames lost")

	out.Reset()
	code = run([]string{"serial", "--input-fifo", "82", two}, &out, &errb)
	assert.Equal(t, exitFail, code)
	assert.Contains(t, out.String(), "lost      "+two+" byte 87: frame lost: it arrived while the board was busy and overflowed the input buffer of 82 events")

	out.Reset()
	require.Equal(t, exitOK, run([]string{"resources", "--input-fifo", "50627"}, &out, &errb), errb.String())
	assert.Contains(t, out.String(), "input buffer of 50627 events (not in the paper)")
	assert.Contains(t, out.String(), "Number of RAMB16s:                           136 out of       136  100%")
	out.Reset()
	require.Equal(t, exitOK, run([]string{"resources"}, &out, &errb), errb.String())
	assert.Contains(t, out.String(), "Number of RAMB16s:                           107 out of       136   79%", "off by default: Table 2")

	errb.Reset()
	assert.Equal(t, exitUsage, run([]string{"serial", "--input-fifo", "-1", two}, &out, &errb))
	assert.Contains(t, errb.String(), "--input-fifo -1: want 0..1048576 decoder events (0: none)")
}
