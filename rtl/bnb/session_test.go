package bnb

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/uart"
)

// A session the way a board on a serial port sees it: garbage, a frame
// with a bad checksum, a frame cut short, a header alone, good frames of two
// orders (the second after a stray copy of the header) and a puzzle with
// clashing givens — every frame answered in order, each answer's cycles the
// same as a one-puzzle run of that frame; the garbage gets no answer.
func TestSerialSession(t *testing.T) {
	sample, small := sudoku.Sample(), grid(t, 2, 1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 0, 0)
	clash := sudoku.Sample()
	clash.Set(0, 0, 1)
	badSum := uart.EncodePuzzle(sample)
	badSum[len(badSum)-1] ^= 0xFF
	cut := uart.EncodePuzzle(sample)[:40]
	chunks := [][]byte{
		{0x00, 0xA5, 0x3C, 0x13, 0x37}, // garbage, including half a header
		badSum,
		cut,            // its tail never comes: the decoder's timeout ends it
		uart.Header[:], // a header alone: the same
		uart.EncodePuzzle(small),
		append(uart.Header[:], uart.EncodePuzzle(sample)...), // a stray header first
		uart.EncodePuzzle(clash),
	}
	cfg := DefaultConfig()
	cfg.Heuristics = nil
	p, err := NewProcessor(cfg, SimOptions{})
	require.NoError(t, err)
	answers, dropped, err := p.Session(chunks, 50_000_000)
	require.NoError(t, err)
	assert.Zero(t, dropped)
	require.Len(t, answers, 6)

	assert.Equal(t, Rejected, answers[0].Status)
	assert.Equal(t, uint8(ReplyBadChecksum), answers[0].ReplyCode)
	for i, order := range []int{3, 0} {
		a := answers[1+i]
		assert.Equal(t, Rejected, a.Status, "answer %d", 1+i)
		assert.Equal(t, uint8(ReplyCut), a.ReplyCode, "answer %d", 1+i)
		assert.Equal(t, uart.EncodeError(uart.StatusCut), a.Response, "answer %d", 1+i)
		assert.Equal(t, order, a.Order, "answer %d", 1+i)
		assert.Zero(t, a.Cycles.Load+a.Cycles.Search, "answer %d", 1+i)
		// The answer goes out after the timeout, 7 bytes back to back (§7).
		assert.Equal(t, fastTxCycles(868, ErrorReplyLen), a.Cycles.Tx, "answer %d", 1+i)
	}

	for i, g := range []*sudoku.Grid{small, sample} {
		a := answers[3+i]
		require.Equal(t, Solved, a.Status, "answer %d", 3+i)
		require.NoError(t, sudoku.Validate(g, a.Solution))
		one, err := Simulate(cfg, g, SimOptions{})
		require.NoError(t, err)
		// The frame's rx includes the wait since the previous answer, so
		// compare the phases after it.
		assert.Equal(t, one.Cycles.Load, a.Cycles.Load)
		assert.Equal(t, one.Cycles.Search, a.Cycles.Search)
		assert.Equal(t, one.Cycles.Tx, a.Cycles.Tx)
		assert.Equal(t, one.Search, a.Search)
		assert.Equal(t, one.Response, a.Response)
		assert.Equal(t, one.States, a.States)
	}
	assert.Equal(t, Unsolvable, answers[5].Status)
	assert.Equal(t, uint8(ReplyNoSolution), answers[5].ReplyCode)
	assert.Equal(t, uint64(3), answers[5].Cycles.Load)
}

// A host that does not wait — two frames back to back — loses the second
// frame's bytes while the processor answers the first; the loss is counted.
func TestSerialSessionImpatientHost(t *testing.T) {
	small := grid(t, 2, 1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 0, 0)
	both := append(uart.EncodePuzzle(small), uart.EncodePuzzle(small)...)
	p, err := NewProcessor(DefaultConfig(), SimOptions{})
	require.NoError(t, err)
	answers, dropped, err := p.Session([][]byte{both}, 50_000_000)
	require.NoError(t, err)
	require.NotEmpty(t, answers)
	assert.Equal(t, Solved, answers[0].Status)
	assert.Positive(t, dropped)
}
