package uart_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/uart"
)

// FuzzFrameDecoder feeds arbitrary bytes, one per cycle, then a pause longer
// than the timeout and the sample frame: the decoder must never panic, its
// events must be well formed, and it must always come back to hunting and
// decode the good frame.
func FuzzFrameDecoder(f *testing.F) {
	sample := uart.EncodePuzzle(sudoku.Sample())
	f.Add([]byte{})
	f.Add(sample)
	f.Add(sample[:40])
	f.Add(append([]byte{0xA5, 0x3C, 0x5A, 0xC3, 4}, make([]byte, 3)...))
	f.Add([]byte{0xA5, 0x3C, 0x5A, 0xC3, 0xFF, 0xA5})
	f.Add([]byte{0xA5, 0x3C, 0x5A, 0xC3, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17})
	f.Add(uart.EncodePuzzle(sudoku.MustNew(2)))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			data = data[:4096]
		}
		in := append(append([]byte(nil), data...), sample...)
		events, d := decodeBytesEvery(t, in, map[int]uint64{len(data): 100})
		started := false
		var order, next uint32
		for _, e := range events {
			switch e.Kind {
			case uart.EventStart:
				require.False(t, started, "Start inside a frame")
				require.True(t, e.Order >= 2 && e.Order <= 9, "order %d", e.Order)
				started, order, next = true, uint32(e.Order), 0
			case uart.EventCell:
				require.True(t, started, "Cell outside a frame")
				n2 := order * order
				require.Less(t, e.Index, n2*n2)
				require.GreaterOrEqual(t, e.Index, next, "cell indices increase")
				require.LessOrEqual(t, uint32(e.Value), n2)
				next = e.Index + 1
			case uart.EventDone:
				require.True(t, e.Status <= uart.StatusBadCell || e.Status == uart.StatusCut, "status %v", e.Status)
				if e.Status != uart.StatusCut {
					require.Equal(t, started, e.Status != uart.StatusBadSize)
				}
				started = false
			}
		}
		sum, grids := summarise(events)
		require.NotEmpty(t, sum)
		assert.Equal(t, frameSummary{uart.EventDone, uart.StatusOK, 3, 81}, sum[len(sum)-1])
		require.NotEmpty(t, grids)
		assert.True(t, sudoku.Sample().Equal(grids[len(grids)-1]))
		assert.True(t, d.Hunting())
	})
}
