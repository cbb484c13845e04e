package bnb

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/uart"
)

// Every answer of a session names the bytes of the line it answers, and
// every frame lost while the processor was busy is named by its first
// byte, so the host can tie answers to its inputs (issue 13, item 2).
func TestSessionTiesAnswersToBytes(t *testing.T) {
	small := grid(t, 2, 1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 0, 0)
	frame := uart.EncodePuzzle(small) // 22 bytes
	badSize := append(append([]byte(nil), uart.Header[:]...), 5)
	cut := frame[:10]
	chunks := [][]byte{
		{0x00, 0x11, 0x22}, // 0..2: garbage, no answer
		frame,              // 3..24
		append(append([]byte{}, frame...), frame...), // 25..46 answered, 47..68 lost
		badSize,                        // 69..73: refused at its size byte
		cut,                            // 74..83: cut short
		uart.Header[:],                 // 84..87: a header alone
		append([]byte{0x99}, frame...), // 88 junk, 89..110
	}
	p, err := NewProcessor(DefaultConfig(), SimOptions{})
	require.NoError(t, err)
	answers, dropped, err := p.Session(chunks, 50_000_000)
	require.NoError(t, err)
	assert.Positive(t, dropped)
	type span struct {
		first int64
		last  uint64
		code  uint8
	}
	var got []span
	for _, a := range answers {
		got = append(got, span{a.FirstByte, a.LastByte, a.ReplyCode})
	}
	assert.Equal(t, []span{
		{3, 24, 0},
		{25, 46, 0},
		{69, 73, ReplyBadSize},
		{74, 83, ReplyCut},
		{84, 87, ReplyCut},
		{89, 110, 0},
	}, got)
	assert.Equal(t, []uint64{47}, p.Lost())
	for _, a := range answers {
		if a.Status == Solved {
			require.NoError(t, sudoku.Validate(small, a.Solution))
		}
	}
}
