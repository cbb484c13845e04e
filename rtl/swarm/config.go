package swarm

import (
	"fmt"
	"math/bits"
	"strconv"

	"sudokusim/bram"
	"sudokusim/sim"
	"sudokusim/sudoku"
)

// Config holds the design parameters of the engine array. The zero value is
// not valid; start from DefaultConfig.
type Config struct {
	// BoardSlots is B, the number of board engines, 1..1024.
	BoardSlots int
	// CopyWidth is the width of the copy bus in cells per cycle, which is
	// also the word width (in cells) of the branch stack; 1..MaxOrder⁴.
	CopyWidth int
	// StackDepth is the number of boards the branch stack in block RAM
	// holds, 0..1<<20; 0 builds no stack (a branch with no free engine then
	// exhausts the array).
	StackDepth int
	// MaxOrder is the largest order n the array is built for, 2..15.
	MaxOrder int
	// MaxCycles bounds the cycles of one puzzle, load included; reaching it
	// is the Timeout status. At least 1.
	MaxCycles uint64
	// ClockHz is the clock frequency in hertz, in (0, 1e12].
	ClockHz float64
}

// DefaultConfig is 16 engines, a 16-cell copy bus, a 256-board branch stack,
// orders up to 15, 10⁹ cycles per puzzle and a 100 MHz clock.
func DefaultConfig() Config {
	return Config{BoardSlots: 16, CopyWidth: 16, StackDepth: 256, MaxOrder: sudoku.MaxOrder,
		MaxCycles: 1_000_000_000, ClockHz: 100e6}
}

// Validate returns nil or a *sim.ParamError naming the first bad
// parameter in a designer's words.
func (c Config) Validate() error {
	bad := func(param string, got int, want string) error {
		return &sim.ParamError{Pkg: "swarm", Param: param, Got: strconv.Itoa(got), Want: want}
	}
	switch {
	case c.MaxOrder < sudoku.MinOrder || c.MaxOrder > sudoku.MaxOrder:
		return bad("maximum order", c.MaxOrder, fmt.Sprintf("%d..%d", sudoku.MinOrder, sudoku.MaxOrder))
	case c.BoardSlots < 1 || c.BoardSlots > 1024:
		return bad("board engines", c.BoardSlots, "1..1024")
	case c.CopyWidth < 1 || c.CopyWidth > cellsOf(c.MaxOrder):
		return bad("copy width", c.CopyWidth, fmt.Sprintf("1..%d cells per cycle (the cells of an order-%d board)", cellsOf(c.MaxOrder), c.MaxOrder))
	case c.StackDepth < 0 || c.StackDepth > 1<<20:
		return bad("branch stack", c.StackDepth, fmt.Sprintf("0..%d boards", 1<<20))
	case c.MaxCycles < 1:
		return &sim.ParamError{Pkg: "swarm", Param: "cycle limit", Got: strconv.FormatUint(c.MaxCycles, 10), Want: "at least 1 cycle"}
	}
	return sim.CheckClock("swarm", c.ClockHz)
}

// cellsOf is n⁴, the cells of a board of order n.
func cellsOf(n int) int { return n * n * n * n }

// CellBits is the width of one cell register of an array built for
// MaxOrder: values 0..MaxOrder², ⌈log₂(MaxOrder²+1)⌉ bits.
func (c Config) CellBits() int { return bits.Len(uint(c.MaxOrder * c.MaxOrder)) }

// WordsPerBoard is L = ⌈n⁴ / CopyWidth⌉, the copy-bus beats (and stack
// words) of one board of order n.
func (c Config) WordsPerBoard(n int) int { return (cellsOf(n) + c.CopyWidth - 1) / c.CopyWidth }

// StackMemory maps the branch stack onto RAMB16 primitives: StackDepth
// boards of WordsPerBoard(MaxOrder) words, each word CopyWidth cells of
// CellBits bits (docs/swarm.md §4). A design with no stack maps to nothing.
func (c Config) StackMemory() (bram.Mapping, error) {
	if err := c.Validate(); err != nil {
		return bram.Mapping{}, err
	}
	if c.StackDepth == 0 {
		return bram.Mapping{}, nil
	}
	m, err := bram.Map(c.StackDepth*c.WordsPerBoard(c.MaxOrder), c.CopyWidth*c.CellBits())
	if err != nil {
		return bram.Mapping{}, fmt.Errorf("swarm: branch stack: %w", err)
	}
	return m, nil
}
