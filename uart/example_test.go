package uart_test

import (
	"fmt"

	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/uart"
)

// The host side of the link: a puzzle frame out, a solution frame and an
// error reply back.
func ExampleDecodeResponse() {
	frame := uart.EncodePuzzle(sudoku.Sample())
	fmt.Printf("% X ... %02X (%d bytes)\n", frame[:5], frame[len(frame)-1], len(frame))

	r, err := uart.DecodeResponse(uart.EncodeSolution(sudoku.SampleSolution()))
	fmt.Println(r.Status, r.Checksum, r.Grid.At(0, 0), err)

	r, err = uart.DecodeResponse(uart.EncodeError(uart.StatusNoSolution))
	fmt.Println(r.Status, r.Grid == nil, err)
	// Output:
	// A5 3C 5A C3 09 ... 03 (87 bytes)
	// ok 29 6 <nil>
	// no solution true <nil>
}

// A PC sending two bytes to a receiver at 100 MHz and 115200 baud: 868
// cycles per bit, and the second byte is in the listener after
// 8680 + 2 + 434 + 9·868 cycles.
func ExampleHostListener() {
	div, err := uart.Divisor(100e6, 115200)
	if err != nil {
		fmt.Println(err)
		return
	}
	pc := uart.NewHostSender("pc_tx", div)
	pc.Queue([]byte("ok"))
	rx := uart.NewHostListener("rx", div, pc, 2)
	s, err := sim.New(sim.DefaultConfig(), pc, rx)
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := s.RunUntil(func() bool { return len(rx.Bytes()) == 2 }, 1_000_000)
	fmt.Println(div, st, err, string(rx.Bytes()), s.Cycle())
	// Output: 868 done <nil> ok 16928
}
