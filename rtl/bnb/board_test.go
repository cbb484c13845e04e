package bnb

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/uart"
)

// runBoard runs the board with the host quiet until it answers or goes
// quiet, collecting the bytes the host received.
func runBoard(t *testing.T, b *Board) ([]BoardAnswer, []byte) {
	t.Helper()
	var got []byte
	for range 1000 {
		st, err := b.Run(1_000_000, false)
		require.NoError(t, err)
		got = b.Take(got)
		if st == BoardAnswered || st == BoardQuiet {
			return b.Answers(), got
		}
	}
	t.Fatal("the board neither answered nor went quiet")
	return nil, nil
}

// A frame fed to the board in one piece, or in pieces as a pseudo-terminal
// delivers it, gets the answer of a one-puzzle run byte for byte, and the
// host's t_N (first byte queued to last stop bit) equals that run's cycles.
func TestBoardMatchesSimulate(t *testing.T) {
	sample := sudoku.Sample()
	cfg := DefaultConfig()
	one, err := Simulate(cfg, sample, SimOptions{})
	require.NoError(t, err)
	frame := uart.EncodePuzzle(sample)

	for _, cuts := range [][]int{nil, {1}, {4, 5, 40, 86}} {
		b, err := NewBoard(cfg, SimOptions{})
		require.NoError(t, err)
		from := 0
		for _, c := range cuts {
			b.Send(frame[from:c])
			from = c
			st, err := b.Run(^uint64(0), true)
			require.NoError(t, err)
			require.Equal(t, BoardWaitsForHost, st, "cut at %d", c)
		}
		b.Send(frame[from:])
		answers, got := runBoard(t, b)
		require.Len(t, answers, 1, "cuts %v", cuts)
		a := answers[0]
		assert.Equal(t, one.Response, got, "cuts %v", cuts)
		assert.Equal(t, one.Response, a.Response)
		assert.Equal(t, Solved, a.Status)
		assert.Equal(t, one.Cycles.Total(), a.Latency(), "cuts %v", cuts)
		assert.Equal(t, one.Cycles.Load, a.Cycles.Load)
		assert.Equal(t, one.Cycles.Heuristics, a.Cycles.Heuristics)
		assert.Equal(t, one.Cycles.Search, a.Cycles.Search)
		assert.Equal(t, one.Cycles.Tx, a.Cycles.Tx)
		require.NoError(t, sudoku.Validate(sample, a.Solution))
	}
}

// Garbage, a bad checksum, a frame whose host went quiet half way, and then
// a good frame: the board answers the bad frame and the cut one with their
// error replies, and the good one as if it were alone.
func TestBoardSessionResynchronises(t *testing.T) {
	sample := sudoku.Sample()
	cfg := DefaultConfig()
	one, err := Simulate(cfg, sample, SimOptions{})
	require.NoError(t, err)
	b, err := NewBoard(cfg, SimOptions{})
	require.NoError(t, err)

	b.Send([]byte{0x00, 0xFF, 0xA5, 0x3C, 0x42})
	answers, got := runBoard(t, b)
	assert.Empty(t, answers)
	assert.Empty(t, got)

	bad := uart.EncodePuzzle(sample)
	bad[len(bad)-1] ^= 0x55
	b.Send(bad)
	answers, got = runBoard(t, b)
	require.Len(t, answers, 1)
	assert.Equal(t, uart.EncodeError(uart.StatusBadChecksum), got)
	assert.Equal(t, Rejected, answers[0].Status)

	b.Send(uart.EncodePuzzle(sample)[:40])
	st, err := b.Run(^uint64(0), true)
	require.NoError(t, err)
	require.Equal(t, BoardWaitsForHost, st)
	answers, got = runBoard(t, b) // the host has gone: the decoder's timeout runs
	require.Len(t, answers, 1)
	assert.Equal(t, Rejected, answers[0].Status)
	assert.Equal(t, uart.EncodeError(uart.StatusCut), got)

	b.Send(uart.EncodePuzzle(sample))
	answers, got = runBoard(t, b)
	require.Len(t, answers, 1)
	assert.Equal(t, one.Response, got)
	assert.Equal(t, one.Cycles.Total(), answers[0].Latency())
	assert.Zero(t, answers[0].Dropped)
}

func TestBoardNeedsUART(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Link = LinkDirect
	_, err := NewBoard(cfg, SimOptions{})
	assert.ErrorContains(t, err, "UART")
}

// Whatever a host sends — headers with any size byte, cells of any value,
// frames cut anywhere, bytes while the processor is busy — the board keeps
// answering with well-formed replies (Run decodes every answer and fails
// otherwise), and after a pause it answers a good frame byte for byte.
func TestBoardSurvivesJunk(t *testing.T) {
	sample := sudoku.Sample()
	cfg := DefaultConfig()
	one, err := Simulate(cfg, sample, SimOptions{})
	require.NoError(t, err)
	b, err := NewBoard(cfg, SimOptions{})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(14, 9))
	sizes := []byte{0, 1, 4, 9, 16, 17, 0xA5, 225, 255}
	replies := map[uint8]int{}
	for range 60 {
		var junk []byte
		for range 1 + rng.IntN(4) {
			if rng.IntN(3) > 0 {
				junk = append(junk, uart.Header[:]...)
			}
			junk = append(junk, sizes[rng.IntN(len(sizes))])
			for range rng.IntN(300) {
				junk = append(junk, byte(rng.IntN(256)))
			}
		}
		b.Send(junk)
		for range 1000 {
			st, err := b.Run(1_000_000, rng.IntN(2) == 0)
			require.NoError(t, err)
			if st == BoardQuiet || st == BoardWaitsForHost && rng.IntN(2) == 0 {
				break
			}
		}
		for _, a := range b.Answers() {
			require.NotEqual(t, Solved, a.Status, "junk is never a solvable frame here")
			replies[a.ReplyCode]++
		}
	}
	// The junk reaches the decoder's refusals: bad size, bad cell, cut.
	assert.Positive(t, replies[uint8(uart.StatusBadSize)])
	assert.Positive(t, replies[uint8(uart.StatusBadCell)])
	assert.Positive(t, replies[uint8(uart.StatusCut)])
	runBoard(t, b) // the host pauses: any cut frame times out
	b.Take(nil)
	b.Send(uart.EncodePuzzle(sample))
	answers, got := runBoard(t, b)
	require.Len(t, answers, 1)
	assert.Equal(t, one.Response, got)
}

// FuzzBoard: any bytes from a host, in any pieces, leave the board able to
// answer the next good frame byte for byte once the host has paused. Run
// decodes every answer it sees, so a malformed reply fails too.
func FuzzBoard(f *testing.F) {
	small := sudoku.MustNew(2)
	copy(small.Cells, []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 0, 0})
	good := uart.EncodePuzzle(small)
	f.Add([]byte{0x00, 0xA5, 0x3C, 0x5A, 0xC3}, uint8(3))
	f.Add(append([]byte{0xA5, 0x3C, 0x5A, 0xC3, 0x04}, make([]byte, 17)...), uint8(7))
	f.Add(append(append([]byte{}, good[:10]...), good...), uint8(10))
	f.Add([]byte{0xA5, 0x3C, 0x5A, 0xC3, 0xA5, 0x3C, 0x5A, 0xC3, 0x09, 0x01}, uint8(0))
	cfg := DefaultConfig()
	cfg.MaxOrder, cfg.MaxSearchCycles = 4, 1_000_000
	one, err := Simulate(cfg, small, SimOptions{})
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, junk []byte, cut uint8) {
		if len(junk) > 4096 {
			return
		}
		b, err := NewBoard(cfg, SimOptions{})
		require.NoError(t, err)
		at := min(int(cut), len(junk))
		b.Send(junk[:at])
		_, err = b.Run(^uint64(0), true)
		require.NoError(t, err)
		b.Send(junk[at:])
		runBoard(t, b)
		b.Take(nil)
		b.Answers()
		b.Send(good)
		answers, got := runBoard(t, b)
		require.Len(t, answers, 1)
		assert.Equal(t, one.Response, got)
	})
}
