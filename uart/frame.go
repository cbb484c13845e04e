package uart

import (
	"fmt"

	"sudokusim/sudoku"
)

// Header is the sync pattern that starts every FPT'09 frame, both ways.
var Header = [4]byte{0xA5, 0x3C, 0x5A, 0xC3}

// Status is the outcome of a frame: the FrameDecoder's verdict on a puzzle
// frame (0..3, 6) and the status byte of this design's error reply (1..6).
type Status uint8

const (
	StatusOK          Status = 0
	StatusBadChecksum Status = 1 // the checksum byte does not match the cells
	StatusBadSize     Status = 2 // size byte not a square of 2..15, or above the maximum order
	StatusBadCell     Status = 3 // a cell value above N²
	StatusNoSolution  Status = 4 // the puzzle has no solution
	StatusCycleLimit  Status = 5 // the search hit its cycle limit
	// StatusCut: the frame stopped after its header, before its checksum
	// byte (the FrameDecoder's inter-byte timeout fired).
	StatusCut Status = 6
)

func (s Status) String() string {
	switch s {
	case StatusOK:
		return "ok"
	case StatusBadChecksum:
		return "bad checksum"
	case StatusBadSize:
		return "bad size"
	case StatusBadCell:
		return "bad cell value"
	case StatusNoSolution:
		return "no solution"
	case StatusCycleLimit:
		return "cycle limit"
	case StatusCut:
		return "frame cut short"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// FrameLen is the length of a puzzle or solution frame of order n:
// 4 header bytes, size, n⁴ cells, checksum.
func FrameLen(order int) int { return 4 + 1 + order*order*order*order + 1 }

// EncodePuzzle is the host's puzzle frame: A5 3C 5A C3, N*N, the N⁴ cells
// row-major from the top left (0 = empty), the FPT'09 checksum.
func EncodePuzzle(g *sudoku.Grid) []byte {
	b := make([]byte, 0, FrameLen(g.Order))
	b = append(b, Header[:]...)
	b = append(b, byte(g.Size()))
	b = append(b, g.Cells...)
	return append(b, sudoku.Checksum(g))
}

// EncodeSolution is the processor's solution frame: A5 3C 5A C3, the
// checksum of the solved grid, N*N, the N⁴ cells. The processor's
// transmitter sends exactly these bytes.
func EncodeSolution(g *sudoku.Grid) []byte {
	b := make([]byte, 0, FrameLen(g.Order))
	b = append(b, Header[:]...)
	b = append(b, sudoku.Checksum(g), byte(g.Size()))
	return append(b, g.Cells...)
}

// ErrorReplyLen is the length of an error reply.
const ErrorReplyLen = 7

// EncodeError is this design's error reply (the FPT'09 protocol has none):
// A5 3C 5A C3, checksum byte 0, size byte 0, one status byte 1..6.
func EncodeError(s Status) []byte {
	return []byte{Header[0], Header[1], Header[2], Header[3], 0, 0, byte(s)}
}

// Response is a decoded reply of the processor: a solution (Status OK,
// Grid set) or an error reply (Status 1..6, Grid nil).
type Response struct {
	Status   Status
	Grid     *sudoku.Grid
	Checksum uint8
}

// DecodeResponse decodes one reply: a solution frame or an error reply,
// with nothing before or after it. Errors name the byte offset.
func DecodeResponse(b []byte) (Response, error) {
	if len(b) < ErrorReplyLen {
		return Response{}, fmt.Errorf("uart: response of %d bytes: shorter than any reply (%d)", len(b), ErrorReplyLen)
	}
	for i, h := range Header {
		if b[i] != h {
			return Response{}, fmt.Errorf("uart: response byte %d = %#02x: want header byte %#02x", i, b[i], h)
		}
	}
	sum, size := b[4], b[5]
	if size == 0 {
		if sum != 0 {
			return Response{}, fmt.Errorf("uart: response byte 4 = %#02x: an error reply has checksum 0", sum)
		}
		st := Status(b[6])
		if st < StatusBadChecksum || st > StatusCut {
			return Response{}, fmt.Errorf("uart: response byte 6 = %d: error status must be 1..6", b[6])
		}
		if len(b) != ErrorReplyLen {
			return Response{}, fmt.Errorf("uart: response byte %d: %d bytes after the error reply", ErrorReplyLen, len(b)-ErrorReplyLen)
		}
		return Response{Status: st}, nil
	}
	order, ok := orderOfSize(size, sudoku.MaxOrder)
	if !ok {
		return Response{}, fmt.Errorf("uart: response byte 5 = %d: size must be a square of %d..%d", size, sudoku.MinOrder, sudoku.MaxOrder)
	}
	if want := FrameLen(order); len(b) != want {
		return Response{}, fmt.Errorf("uart: response of %d bytes: an order-%d solution frame has %d", len(b), order, want)
	}
	g := sudoku.MustNew(order)
	copy(g.Cells, b[6:])
	for i, v := range g.Cells {
		if int(v) > g.Size() {
			return Response{}, fmt.Errorf("uart: response byte %d = %d: cell value above %d", 6+i, v, g.Size())
		}
	}
	if c := sudoku.Checksum(g); c != sum {
		return Response{}, fmt.Errorf("uart: response byte 4 = %#02x: checksum of the cells is %#02x", sum, c)
	}
	return Response{Status: StatusOK, Grid: g, Checksum: sum}, nil
}

// orderOfSize returns n when size = n² with 2 ≤ n ≤ maxOrder.
func orderOfSize(size byte, maxOrder int) (int, bool) {
	for n := sudoku.MinOrder; n <= maxOrder && n*n <= int(size); n++ {
		if n*n == int(size) {
			return n, true
		}
	}
	return 0, false
}
