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
	assert.Contains(t, out.String(), "answer 0: order 3, solved, checksum")

	for _, args := range [][]string{{"serial"}, {"serial", filepath.Join(dir, "missing.sudoku")}, {"serial", "--cpc", "3", puzzle}} {
		errb.Reset()
		assert.Equal(t, exitUsage, run(args, &out, &errb), "%v", args)
		assert.Len(t, strings.Split(strings.TrimSpace(errb.String()), "\n"), 1)
	}
}
