package uart_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/uart"
)

// decodeBytes feeds data to a frame decoder one byte every 10 cycles (gaps
// adds idle cycles before chosen bytes), with a 40-cycle timeout, and
// returns every event.
func decodeBytes(t testing.TB, maxOrder int, data []byte, gaps map[int]uint64) ([]uart.Event, *uart.FrameDecoder) {
	return decode(t, maxOrder, 10, data, gaps)
}

// decodeBytesEvery feeds a byte every cycle to an order-9 decoder.
func decodeBytesEvery(t testing.TB, data []byte, gaps map[int]uint64) ([]uart.Event, *uart.FrameDecoder) {
	return decode(t, 9, 1, data, gaps)
}

func decode(t testing.TB, maxOrder int, every uint64, data []byte, gaps map[int]uint64) ([]uart.Event, *uart.FrameDecoder) {
	f := newFeeder(data, every, gaps)
	d, err := uart.NewFrameDecoder("codec", uart.DecoderConfig{MaxOrder: maxOrder, TimeoutCycles: 40}, f)
	require.NoError(t, err)
	c := &collector{d: d}
	s, err := sim.New(sim.DefaultConfig(), f, d, c)
	require.NoError(t, err)
	total := uint64(len(data))*every + 1000
	for _, g := range gaps {
		total += g
	}
	_, err = s.Run(total)
	require.NoError(t, err)
	return c.events, d
}

// frameSummary condenses events: Start/Done/Abort in order (cells counted
// into the grid rebuilt from them).
type frameSummary struct {
	Kind   uart.EventKind
	Status uart.Status
	Order  uint8
	Cells  int
}

func summarise(events []uart.Event) ([]frameSummary, []*sudoku.Grid) {
	var out []frameSummary
	var grids []*sudoku.Grid
	var g *sudoku.Grid
	cells := 0
	for _, e := range events {
		switch e.Kind {
		case uart.EventStart:
			g, cells = sudoku.MustNew(int(e.Order)), 0
		case uart.EventCell:
			g.Cells[e.Index] = e.Value
			cells++
		case uart.EventDone:
			out = append(out, frameSummary{e.Kind, e.Status, e.Order, cells})
			if e.Kind == uart.EventDone && e.Status == uart.StatusOK {
				grids = append(grids, g)
			}
			cells = 0
		}
	}
	return out, grids
}

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

func TestFrameDecoderCases(t *testing.T) {
	sample := uart.EncodePuzzle(sudoku.Sample())
	solved := uart.EncodePuzzle(sudoku.SampleSolution())
	order4 := uart.EncodePuzzle(sudoku.MustNew(4))
	with := func(i int, v byte) []byte {
		b := append([]byte(nil), sample...)
		b[i] = v
		return b
	}
	done := func(st uart.Status, order uint8, cells int) frameSummary {
		return frameSummary{uart.EventDone, st, order, cells}
	}
	ok3 := done(uart.StatusOK, 3, 81)
	cases := []struct {
		name     string
		maxOrder int
		data     []byte
		gaps     map[int]uint64
		want     []frameSummary
		grids    []*sudoku.Grid
	}{
		{"one frame", 9, sample, nil, []frameSummary{ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"garbage before the header", 9,
			cat([]byte{0x00, 0xA5, 0x3C, 0x00, 0xA5, 0xA5, 0x3C, 0x5A, 0x11, 0xC3}, sample), nil,
			[]frameSummary{ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"two frames back to back", 9, cat(sample, solved), nil,
			[]frameSummary{ok3, ok3}, []*sudoku.Grid{sudoku.Sample(), sudoku.SampleSolution()}},
		{"cut short then a good frame", 9, cat(sample[:50], sample), map[int]uint64{50: 100},
			[]frameSummary{done(uart.StatusCut, 3, 45), ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"cut before the checksum byte", 9, sample[:len(sample)-1], nil,
			[]frameSummary{done(uart.StatusCut, 3, 81)}, nil},
		{"header only then a good frame", 9, cat(sample[:4], sample), map[int]uint64{4: 100},
			[]frameSummary{done(uart.StatusCut, 0, 0), ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"header only after a good frame", 9, cat(sample, sample[:4]), nil,
			[]frameSummary{ok3, done(uart.StatusCut, 0, 0)}, []*sudoku.Grid{sudoku.Sample()}},
		{"partial header cut short then a good frame", 9, cat(sample[:3], sample), map[int]uint64{3: 100},
			[]frameSummary{ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"garbage alone", 9, []byte{0x00, 0x11, 0xA5, 0x3C, 0x5A, 0x22, 0xFF}, nil, nil, nil},
		// A stray copy of the header, or of a prefix of it, just before a
		// frame: the hunt restarts on the frame's A5.
		{"stray A5 3C before a frame", 9, cat([]byte{0xA5, 0x3C}, sample), nil,
			[]frameSummary{ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"stray A5 before a frame", 9, cat([]byte{0xA5}, sample), nil,
			[]frameSummary{ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"stray A5 3C 5A before a frame", 9, cat([]byte{0xA5, 0x3C, 0x5A}, sample), nil,
			[]frameSummary{ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"stray header before a frame", 9, cat(sample[:4], sample), nil,
			[]frameSummary{ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"two stray headers before a frame", 9, cat(sample[:4], sample[:4], sample), nil,
			[]frameSummary{ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"stray header and A5 before a frame", 9, cat(sample[:4], []byte{0xA5}, sample), nil,
			[]frameSummary{ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"stray header and A5 3C before a frame", 9, cat(sample[:4], []byte{0xA5, 0x3C}, sample), nil,
			[]frameSummary{ok3}, []*sudoku.Grid{sudoku.Sample()}},
		// A header, then A5 that does not start a header: a frame with size
		// byte A5, answered when the match breaks or times out.
		{"size byte A5 then garbage", 9, cat(sample[:4], []byte{0xA5, 0x3C, 0x00}, sample), nil,
			[]frameSummary{done(uart.StatusBadSize, 0, 0), ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"size byte A5 then silence", 9, cat(sample[:4], []byte{0xA5, 0x3C}, sample), map[int]uint64{6: 100},
			[]frameSummary{done(uart.StatusBadSize, 0, 0), ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"bad checksum", 9, with(86, 0x04), nil, []frameSummary{done(uart.StatusBadChecksum, 3, 81)}, nil},
		{"size not a square", 9, cat(with(4, 10)[:5], sample), nil,
			[]frameSummary{done(uart.StatusBadSize, 0, 0), ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"size 1 (order 1)", 9, with(4, 1)[:5], nil, []frameSummary{done(uart.StatusBadSize, 0, 0)}, nil},
		{"size 0", 9, with(4, 0)[:5], nil, []frameSummary{done(uart.StatusBadSize, 0, 0)}, nil},
		{"size 256-1", 15, with(4, 255)[:5], nil, []frameSummary{done(uart.StatusBadSize, 0, 0)}, nil},
		{"cell value above N²", 9, with(5+40, 10), nil, []frameSummary{done(uart.StatusBadCell, 3, 80)}, nil},
		{"bad cell wins over bad checksum", 9, with(5+40, 200), nil, []frameSummary{done(uart.StatusBadCell, 3, 80)}, nil},
		{"order above the maximum", 3, cat(order4, sample), nil,
			[]frameSummary{done(uart.StatusBadSize, 0, 0), ok3}, []*sudoku.Grid{sudoku.Sample()}},
		{"order at the maximum", 4, order4, nil, []frameSummary{done(uart.StatusOK, 4, 256)}, []*sudoku.Grid{sudoku.MustNew(4)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			events, d := decodeBytes(t, tc.maxOrder, tc.data, tc.gaps)
			got, grids := summarise(events)
			assert.Equal(t, tc.want, got)
			require.Len(t, grids, len(tc.grids))
			for i := range grids {
				assert.True(t, tc.grids[i].Equal(grids[i]), "grid %d:\n%v", i, grids[i])
			}
			assert.True(t, d.Hunting(), "the decoder returns to hunting")
		})
	}
}

func TestFrameDecoderConfig(t *testing.T) {
	f := newFeeder(nil, 1, nil)
	for _, m := range []int{1, 16} {
		_, err := uart.NewFrameDecoder("codec", uart.DecoderConfig{MaxOrder: m}, f)
		assert.ErrorContains(t, err, "MaxOrder")
	}
}

// End to end at the bit level: the PC sends the FPT'09 puzzle 03a at
// 115200 baud, 100 MHz; the receiver and decoder deliver every cell.
// Byte i's start bit is on the line from cycle 1 + 8680·i; the receiver
// delivers it after 1 + 434 + 9·868 = 8247 more cycles (the stop-bit
// sample) plus one for the strobe, the decoder's event is one cycle later:
// the last byte (i = 86) gives EventDone after 86·8680 + 8249 cycles.
func TestReceiveFrameOverUART(t *testing.T) {
	g := loadFPT09(t, "puzzle03a.sudoku")
	pc := uart.NewHostSender("pc_tx", 868)
	pc.Queue(uart.EncodePuzzle(g))
	rx := uart.NewReceiver("rx", 868, pc)
	d, err := uart.NewFrameDecoder("codec", uart.DecoderConfig{MaxOrder: 15, TimeoutCycles: uart.DefaultTimeoutBits * 868}, rx)
	require.NoError(t, err)
	c := &collector{d: d}
	s, err := sim.New(sim.DefaultConfig(), pc, rx, d, c)
	require.NoError(t, err)
	st, err := s.RunUntil(func() bool { return d.Event().Kind == uart.EventDone }, 1<<32)
	require.NoError(t, err)
	require.Equal(t, sim.Done, st)
	assert.Equal(t, uint64(86*8680+8249), s.Cycle())
	// the collector sees the Done event in the cycle after RunUntil stops
	_, err = s.Run(1)
	require.NoError(t, err)
	sum, grids := summarise(c.events)
	assert.Equal(t, []frameSummary{{uart.EventDone, uart.StatusOK, 3, 81}}, sum)
	require.Len(t, grids, 1)
	assert.True(t, g.Equal(grids[0]))
}

// A frame cut short is ended by the timeout: TimeoutCycles after the cycle
// of the last byte's event, the decoder reports EventDone with StatusCut
// (the last byte arrives in cycle 91, its event is out in cycle 92, the cut
// is out in cycle 92 + 40).
func TestFrameDecoderCutTiming(t *testing.T) {
	for _, tc := range []struct {
		name  string
		bytes int
		order uint8
	}{{"header only", 4, 0}, {"after the size byte", 5, 3}, {"inside the cells", 10, 3}} {
		t.Run(tc.name, func(t *testing.T) {
			data := uart.EncodePuzzle(sudoku.Sample())[:tc.bytes]
			f := newFeeder(data, 10, nil)
			d, err := uart.NewFrameDecoder("codec", uart.DecoderConfig{MaxOrder: 9, TimeoutCycles: 40}, f)
			require.NoError(t, err)
			s, err := sim.New(sim.DefaultConfig(), f, d)
			require.NoError(t, err)
			st, err := s.RunUntil(func() bool { return d.Event().Kind == uart.EventDone }, 10_000)
			require.NoError(t, err)
			require.Equal(t, sim.Done, st)
			last := uint64(1 + 10*(tc.bytes-1))
			assert.Equal(t, last+1+40, s.Cycle())
			assert.Equal(t, uart.Event{Kind: uart.EventDone, Status: uart.StatusCut, Order: tc.order}, d.Event())
			assert.Equal(t, uint32(1), d.Frames())
		})
	}
}

// stampedCollector records each event with the cycle it was seen in.
type stampedCollector struct {
	collector
	s      *sim.Scheduler
	cycles []uint64
}

func (c *stampedCollector) Eval() {
	if ev := c.d.Event(); ev.Kind != uart.EventNone {
		c.events = append(c.events, ev)
		c.cycles = append(c.cycles, c.s.Cycle())
	}
}

// Jumping over idle cycles and stepping every cycle give the same events in
// the same cycles, through stray headers, cut frames and their timeouts.
func TestFrameDecoderFastForwardIdentical(t *testing.T) {
	sample := uart.EncodePuzzle(sudoku.Sample())
	data := cat(sample[:4], sample, sample[:30], sample[:4], []byte{0xA5, 0x3C, 0x00},
		sample[:4], sample[:4], []byte{0xA5}, sample[:2], sample[:4], []byte{0xA5, 0x3C})
	// pauses longer than the 40-cycle timeout after the cut frame and
	// inside a stray header's second match; short ones elsewhere
	gaps := map[int]uint64{20: 7, 60: 29, 121: 50, 130: 3, 139: 50}
	run := func(ff bool) ([]uart.Event, []uint64) {
		f := newFeeder(data, 10, gaps)
		d, err := uart.NewFrameDecoder("codec", uart.DecoderConfig{MaxOrder: 9, TimeoutCycles: 40}, f)
		require.NoError(t, err)
		c := &stampedCollector{collector: collector{d: d}}
		s, err := sim.New(sim.Config{ClockHz: 100e6, FastForward: ff}, f, d, c)
		require.NoError(t, err)
		c.s = s
		_, err = s.Run(uint64(len(data))*10 + 5000)
		require.NoError(t, err)
		return c.events, c.cycles
	}
	evFF, cycFF := run(true)
	evStep, cycStep := run(false)
	require.NotEmpty(t, evStep)
	sum, _ := summarise(evStep)
	var statuses []uart.Status
	for _, s := range sum {
		statuses = append(statuses, s.Status)
	}
	assert.Equal(t, []uart.Status{uart.StatusOK, uart.StatusCut, uart.StatusBadSize, uart.StatusBadSize,
		uart.StatusBadSize}, statuses)
	assert.Equal(t, evStep, evFF)
	assert.Equal(t, cycStep, cycFF)
}
