package uart_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sim"
	"sudokusim/uart"
)

func TestDivisor(t *testing.T) {
	cases := []struct {
		hz   float64
		baud int
		want uint32
	}{
		{100e6, 115200, 868}, // 868.06
		{50e6, 115200, 434},  // 434.03
		{25e6, 921600, 27},   // 27.13
		{100e6, 9600, 10417}, // 10416.67
	}
	for _, tc := range cases {
		d, err := uart.Divisor(tc.hz, tc.baud)
		require.NoError(t, err)
		assert.Equal(t, tc.want, d, "%v Hz / %d baud", tc.hz, tc.baud)
	}
	for _, bad := range []struct {
		hz   float64
		baud int
	}{{100e6, 0}, {0, 9600}, {1e6, 1e6}, {100, 115200}} {
		_, err := uart.Divisor(bad.hz, bad.baud)
		assert.Error(t, err, "%v Hz / %d baud", bad.hz, bad.baud)
	}
}

type link struct {
	s    *sim.Scheduler
	pc   *uart.HostSender
	dut  *uart.HostListener
	half uint64
}

func newLink(t testing.TB, hz float64, baud int, rxDiv uint32, ff bool) link {
	div, err := uart.Divisor(hz, baud)
	require.NoError(t, err)
	if rxDiv == 0 {
		rxDiv = div
	}
	pc := uart.NewHostSender("pc_tx", div)
	dut := uart.NewHostListener("rx", rxDiv, pc, 0)
	s, err := sim.New(sim.Config{ClockHz: hz, FastForward: ff}, pc, dut)
	require.NoError(t, err)
	return link{s: s, pc: pc, dut: dut, half: uint64(rxDiv / 2)}
}

func allBytes() []byte {
	b := make([]byte, 0, 260)
	for i := 0; i < 256; i++ {
		b = append(b, byte(i))
	}
	return append(b, 0x55, 0xAA, 0x00, 0xFF)
}

// Loopback: the PC's transmitter into the receiver, every byte value back
// to back. The sender offers byte 0 in cycle 0 and its start bit is on the
// line from cycle 1; byte i starts at 1 + 10·i·div. The receiver sees the
// edge in that cycle, samples the start bit half = div/2 cycles later and
// the stop bit 9·div after that, and the byte is in the listener after
// that cycle: 2 + half + 9·div cycles after byte i started, minus the 1.
func TestLoopback(t *testing.T) {
	cases := []struct {
		hz   float64
		baud int
		div  uint64
	}{
		{100e6, 115200, 868},
		{50e6, 115200, 434},
		{25e6, 921600, 27},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%gMHz/%d", tc.hz/1e6, tc.baud), func(t *testing.T) {
			l := newLink(t, tc.hz, tc.baud, 0, true)
			data := allBytes()
			l.pc.Queue(data)
			st, err := l.s.RunUntil(func() bool { return len(l.dut.Bytes()) == len(data) }, 1<<40)
			require.NoError(t, err)
			require.Equal(t, sim.Done, st)
			assert.Equal(t, data, l.dut.Bytes())
			assert.Zero(t, l.dut.FramingErrors())
			n := uint64(len(data))
			assert.Equal(t, (n-1)*10*tc.div+2+tc.div/2+9*tc.div, l.s.Cycle())
			assert.Equal(t, n, l.pc.Sent())
			assert.Less(t, l.s.Stats().Stepped, 40*n, "bit waits are jumped")
		})
	}
}

// Fast-forward on and off give the same cycles and the same VCD bytes.
func TestLoopbackFastForwardIdentical(t *testing.T) {
	run := func(ff bool) (string, uint64) {
		l := newLink(t, 25e6, 921600, 0, ff)
		l.pc.Queue([]byte("FPT'09"))
		l.pc.Pause(13)
		l.pc.Queue([]byte{0xA5, 0x3C})
		var buf bytes.Buffer
		v, err := sim.NewVCD(&buf, l.s, sim.VCDOptions{})
		require.NoError(t, err)
		_, err = l.s.RunUntil(func() bool { return len(l.dut.Bytes()) == 8 }, 1<<30)
		require.NoError(t, err)
		_, err = l.s.Run(1000)
		require.NoError(t, err)
		require.NoError(t, v.Close())
		assert.Equal(t, "FPT'09\xA5\x3C", string(l.dut.Bytes()))
		return buf.String(), l.s.Cycle()
	}
	on, c1 := run(true)
	off, c2 := run(false)
	assert.Equal(t, c2, c1)
	assert.Equal(t, off, on)
	// div 27, a byte is 270 cycles. Bytes 0..5 start at 1 + 270·i; byte 5's
	// stop bit ends in cycle 1620, the transmitter is idle from 1621, the
	// pause counts 13·27 = 351 cycles (1621..1971), byte 6 is taken in 1972
	// and starts at 1973, byte 7 at 2243 and is received after
	// 2243 + 1 + 13 + 9·27 = 2500 cycles; then 1000 more.
	assert.Equal(t, uint64(3500), c1)
}

// A receiver clocked with a divisor off by more than the ~5 % the mid-bit
// sampling tolerates samples the stop bit outside it: framing errors.
func TestBaudMismatch(t *testing.T) {
	cases := []struct {
		name    string
		rxDiv   uint32
		framing bool
	}{
		{"rx 3% slow", 894, false},
		{"rx 3% fast", 842, false},
		{"rx 8% slow", 937, true},
		{"rx 8% fast", 799, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l := newLink(t, 100e6, 115200, tc.rxDiv, true)
			data := bytes.Repeat([]byte{0x00, 0x00, 0x0F, 0x00}, 8)
			l.pc.Queue(data)
			_, err := l.s.Run(uint64(len(data)+2) * 8680)
			require.NoError(t, err)
			require.True(t, l.pc.Done())
			if !tc.framing {
				assert.Equal(t, data, l.dut.Bytes())
				assert.Zero(t, l.dut.FramingErrors())
				return
			}
			assert.Positive(t, l.dut.FramingErrors())
			assert.NotEqual(t, data, l.dut.Bytes())
		})
	}
}

// A pulse to space shorter than half a bit (434 cycles at 868) is found at
// mark by the mid-bit check and starts nothing; a longer one starts a byte
// whose bits all read mark: 0xFF.
func TestGlitch(t *testing.T) {
	cases := []struct {
		low  uint64
		want []byte
	}{
		{1, nil},
		{200, nil},
		{433, nil},
		{434, nil},
		{435, []byte{0xFF}},
		{868, []byte{0xFF}},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprint(tc.low), func(t *testing.T) {
			line := newScriptLine(1000, 1000+tc.low)
			rx := uart.NewHostListener("rx", 868, line, 0)
			s, err := sim.New(sim.DefaultConfig(), line, rx)
			require.NoError(t, err)
			_, err = s.Run(20_000)
			require.NoError(t, err)
			if tc.want == nil {
				assert.Empty(t, rx.Bytes())
			} else {
				assert.Equal(t, tc.want, rx.Bytes())
			}
			assert.Zero(t, rx.FramingErrors())
		})
	}
}

// A line held at space (a break) gives one framing error, then nothing until
// the line returns to mark, then bytes again.
func TestBreakThenRecover(t *testing.T) {
	// low from cycle 100 to 30,000; then a 0x00 character (one start bit,
	// eight zero bits, stop at mark) from 40,000 to 48,680.
	line := newScriptLine(100, 30_000, 40_000, 40_000+9*868)
	rx := uart.NewHostListener("rx", 868, line, 0)
	s, err := sim.New(sim.DefaultConfig(), line, rx)
	require.NoError(t, err)
	_, err = s.Run(60_000)
	require.NoError(t, err)
	assert.Equal(t, uint32(1), rx.FramingErrors())
	assert.Equal(t, []byte{0x00}, rx.Bytes())
}
