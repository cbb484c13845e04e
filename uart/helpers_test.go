package uart_test

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/uart"
)

// fpt09Dir is ../shared/data/fpt09 from the repository root.
func fpt09Dir(t testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	require.True(t, ok)
	return filepath.Join(filepath.Dir(file), "..", "..", "shared", "data", "fpt09")
}

func loadFPT09(t testing.TB, name string) *sudoku.Grid {
	path := filepath.Join(fpt09Dir(t), name)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	g, err := sudoku.ParseSudoku(data, path)
	require.NoError(t, err)
	return g
}

// scriptLine is a line that starts at mark and toggles in the listed cycles
// (0-based index of the first cycle that sees the new level).
type scriptLine struct {
	toggles []uint64
	now     uint64
	idx     int
	lvl     bool
	nNow    uint64
	nIdx    int
	nLvl    bool
}

func newScriptLine(toggles ...uint64) *scriptLine {
	return &scriptLine{toggles: toggles, lvl: true, nLvl: true}
}

func (s *scriptLine) Name() string  { return "line" }
func (s *scriptLine) Level() bool   { return s.lvl }
func (s *scriptLine) Commit()       { s.now, s.idx, s.lvl = s.nNow, s.nIdx, s.nLvl }
func (s *scriptLine) Skip(k uint64) { s.now += k; s.nNow = s.now }
func (s *scriptLine) Eval() {
	s.nNow, s.nIdx, s.nLvl = s.now+1, s.idx, s.lvl
	if s.idx < len(s.toggles) && s.toggles[s.idx] == s.now+1 {
		s.nLvl, s.nIdx = !s.lvl, s.idx+1
	}
}
func (s *scriptLine) Idle() uint64 {
	if s.idx >= len(s.toggles) {
		return sim.Forever
	}
	return s.toggles[s.idx] - s.now - 1
}

// feeder offers byte i of data in cycle at[i] for one cycle (a receiver's
// strobe without the bits), so the frame decoder can be tested fast.
type feeder struct {
	data      []byte
	at        []uint64
	now, nNow uint64
	pos, nPos int
}

// newFeeder spaces bytes every `every` cycles, with extra idle cycles
// before the bytes listed in gaps.
func newFeeder(data []byte, every uint64, gaps map[int]uint64) *feeder {
	f := &feeder{data: data, at: make([]uint64, len(data))}
	t := uint64(1)
	for i := range data {
		t += gaps[i]
		f.at[i] = t
		t += every
	}
	return f
}

func (f *feeder) Name() string { return "feeder" }
func (f *feeder) Valid() bool  { return f.pos < len(f.data) && f.at[f.pos] == f.now }
func (f *feeder) Byte() byte   { return f.data[f.pos] }
func (f *feeder) Eval() {
	f.nNow, f.nPos = f.now+1, f.pos
	if f.Valid() {
		f.nPos++
	}
}
func (f *feeder) Commit()       { f.now, f.pos = f.nNow, f.nPos }
func (f *feeder) Skip(k uint64) { f.now += k; f.nNow = f.now }
func (f *feeder) Idle() uint64 {
	if f.pos >= len(f.data) {
		return sim.Forever
	}
	return f.at[f.pos] - f.now
}

// collector records every event of a frame decoder (in Eval, where it reads
// the decoder's current output like any block).
type collector struct {
	d      *uart.FrameDecoder
	events []uart.Event
}

func (c *collector) Name() string { return "collector" }
func (c *collector) Eval() {
	if ev := c.d.Event(); ev.Kind != uart.EventNone {
		c.events = append(c.events, ev)
	}
}
func (c *collector) Commit()     {}
func (c *collector) Skip(uint64) {}
func (c *collector) Idle() uint64 {
	if c.d.Event().Kind != uart.EventNone {
		return 0
	}
	return sim.Forever
}
