package uart_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
	"sudokusim/uart"
)

func TestEncodePuzzleSample(t *testing.T) {
	b := uart.EncodePuzzle(sudoku.Sample())
	require.Len(t, b, uart.FrameLen(3))
	assert.Equal(t, 87, len(b))
	assert.Equal(t, []byte{0xA5, 0x3C, 0x5A, 0xC3, 9}, b[:5])
	assert.Equal(t, []byte{0, 1, 4, 5, 2, 0, 0, 0, 9}, b[5:14], "first row")
	assert.Equal(t, byte(0x03), b[86], "the sample's checksum is 3")
}

func TestSolutionRoundTrip(t *testing.T) {
	sol := sudoku.SampleSolution()
	b := uart.EncodeSolution(sol)
	assert.Equal(t, []byte{0xA5, 0x3C, 0x5A, 0xC3, 0x1D, 9}, b[:6], "checksum 29 before the size")
	r, err := uart.DecodeResponse(b)
	require.NoError(t, err)
	assert.Equal(t, uart.StatusOK, r.Status)
	assert.Equal(t, uint8(0x1D), r.Checksum)
	assert.True(t, sol.Equal(r.Grid))

	g := loadFPT09(t, "puzzle15a.sudoku")
	r, err = uart.DecodeResponse(uart.EncodeSolution(g))
	require.NoError(t, err)
	assert.True(t, g.Equal(r.Grid))
	assert.Equal(t, 50631, len(uart.EncodePuzzle(g)))
}

func TestErrorReplyRoundTrip(t *testing.T) {
	for st := uart.StatusBadChecksum; st <= uart.StatusCut; st++ {
		t.Run(st.String(), func(t *testing.T) {
			b := uart.EncodeError(st)
			assert.Equal(t, []byte{0xA5, 0x3C, 0x5A, 0xC3, 0, 0, byte(st)}, b)
			r, err := uart.DecodeResponse(b)
			require.NoError(t, err)
			assert.Equal(t, uart.Response{Status: st}, r)
		})
	}
}

func TestDecodeResponseErrors(t *testing.T) {
	good := uart.EncodeSolution(sudoku.SampleSolution())
	mod := func(i int, v byte) []byte {
		b := append([]byte(nil), good...)
		b[i] = v
		return b
	}
	cases := []struct {
		name string
		in   []byte
		want string
	}{
		{"short", good[:6], "shorter than any reply"},
		{"header", mod(2, 0x00), "byte 2 = 0x00: want header byte 0x5a"},
		{"checksum", mod(4, 0x1E), "byte 4 = 0x1e: checksum of the cells is 0x1d"},
		{"size", mod(5, 10), "byte 5 = 10: size must be a square"},
		{"size vs length", mod(5, 16), "an order-4 solution frame has 262"},
		{"cell", mod(6, 10), "byte 6 = 10: cell value above 9"},
		{"truncated", good[:len(good)-1], "86 bytes: an order-3 solution frame has 87"},
		{"error checksum", []byte{0xA5, 0x3C, 0x5A, 0xC3, 1, 0, 1}, "an error reply has checksum 0"},
		{"error status", []byte{0xA5, 0x3C, 0x5A, 0xC3, 0, 0, 7}, "error status must be 1..6"},
		{"error trailing", []byte{0xA5, 0x3C, 0x5A, 0xC3, 0, 0, 4, 0}, "1 bytes after the error reply"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := uart.DecodeResponse(tc.in)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
