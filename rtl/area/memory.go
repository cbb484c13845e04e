package area

import (
	"fmt"

	"sudokusim/bram"
)

// Memory is one logical memory of the design and its RAMB16 mapping.
type Memory struct {
	// Name is the memory's name in docs/microarchitecture.md (GridMem,
	// GivenMem, CandMem, ...).
	Name string `json:"name"`
	// Depth words of Width bits.
	Depth int `json:"depth"`
	Width int `json:"width"`
	// Mapping is how bram.Map builds it from RAMB16 primitives.
	Mapping bram.Mapping `json:"-"`
	// RAMB16 is Mapping.Primitives.
	RAMB16 int `json:"ramb16"`
}

// Bits is the memory's logical size, Depth × Width.
func (m Memory) Bits() int { return m.Depth * m.Width }

// newMemory maps a logical memory onto RAMB16s.
func newMemory(name string, depth, width int) (Memory, error) {
	mp, err := bram.Map(depth, width)
	if err != nil {
		return Memory{}, fmt.Errorf("area: %s: %w", name, err)
	}
	return Memory{Name: name, Depth: depth, Width: width, Mapping: mp, RAMB16: mp.Primitives}, nil
}

// String is the memory in a synthesis report's words.
func (m Memory) String() string { return m.Name + " " + m.Mapping.String() }
