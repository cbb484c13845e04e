package uart_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"sudokusim/sim"
	"sudokusim/uart"
)

// frontEnd is the processor's serial input: the PC sending a frame, the
// receiver and the frame decoder, at 100 MHz and 115200 baud.
type frontEnd struct {
	s  *sim.Scheduler
	rx *uart.Receiver
	d  *uart.FrameDecoder
	c  *collector
}

func newFrontEnd(t testing.TB, frame []byte, ff bool) frontEnd {
	pc := uart.NewHostSender("pc_tx", 868)
	pc.Queue(frame)
	rx := uart.NewReceiver("rx", 868, pc)
	d, err := uart.NewFrameDecoder("codec", uart.DecoderConfig{MaxOrder: 15, TimeoutCycles: uart.DefaultTimeoutBits * 868}, rx)
	require.NoError(t, err)
	c := &collector{d: d, events: make([]uart.Event, 0, len(frame))}
	s, err := sim.New(sim.Config{ClockHz: 100e6, FastForward: ff}, pc, rx, d, c)
	require.NoError(t, err)
	return frontEnd{s, rx, d, c}
}

func (f frontEnd) receive(t testing.TB) {
	st, err := f.s.RunUntil(func() bool { return f.d.Event().Kind == uart.EventDone }, 1<<40)
	require.NoError(t, err)
	require.Equal(t, sim.Done, st)
	require.Equal(t, uart.StatusOK, f.d.Event().Status)
}

// The order-15 frame is 50,631 bytes; the last one's Done event comes
// 50,630·8680 + 8249 cycles after the start (see TestReceiveFrameOverUART).
func TestReceiveOrder15Frame(t *testing.T) {
	frame := uart.EncodePuzzle(loadFPT09(t, "puzzle15b.sudoku"))
	require.Len(t, frame, 50631)
	f := newFrontEnd(t, frame, true)
	f.receive(t)
	require.Equal(t, uint64(50630*8680+8249), f.s.Cycle())
	_, err := f.s.Run(1)
	require.NoError(t, err)
	sum, grids := summarise(f.c.events)
	require.Equal(t, []frameSummary{{uart.EventDone, uart.StatusOK, 15, 50625}}, sum)
	require.True(t, loadFPT09(t, "puzzle15b.sudoku").Equal(grids[0]))
}

// BenchmarkReceiveOrder15 receives a whole order-15 frame (≈4.4·10⁸ cycles)
// with fast-forward on (idle line and bit waits jumped) and off.
func BenchmarkReceiveOrder15(b *testing.B) {
	frame := uart.EncodePuzzle(loadFPT09(b, "puzzle15b.sudoku"))
	for _, mode := range []struct {
		name string
		ff   bool
	}{{"fastforward", true}, {"stepping", false}} {
		b.Run(mode.name, func(b *testing.B) {
			b.ReportAllocs()
			var cycles, stepped uint64
			for i := 0; i < b.N; i++ {
				f := newFrontEnd(b, frame, mode.ff)
				f.receive(b)
				cycles += f.s.Cycle()
				stepped += f.s.Stats().Stepped
			}
			b.ReportMetric(float64(cycles)/b.Elapsed().Seconds(), "cycles/s")
			b.ReportMetric(float64(cycles)/float64(b.N), "cycles/frame")
			b.ReportMetric(float64(stepped)/float64(b.N), "stepped/frame")
		})
	}
}

// BenchmarkLoopbackBytes is the transmitter and receiver back to back with
// fast-forward: the cost per byte of the bit-level link.
func BenchmarkLoopbackBytes(b *testing.B) {
	data := make([]byte, 4096)
	for i := range data {
		data[i] = byte(i * 7)
	}
	b.ReportAllocs()
	var cycles uint64
	for i := 0; i < b.N; i++ {
		l := newLink(b, 100e6, 115200, 0, true)
		l.pc.Queue(data)
		if _, err := l.s.RunUntil(func() bool { return len(l.dut.Bytes()) == len(data) }, 1<<40); err != nil {
			b.Fatal(err)
		}
		cycles += l.s.Cycle()
	}
	b.ReportMetric(float64(cycles)/b.Elapsed().Seconds(), "cycles/s")
	b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N*len(data)), "ns/byte")
}
