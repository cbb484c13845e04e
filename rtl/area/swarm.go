package area

import (
	"fmt"
	"math/bits"

	"sudokusim/bram"
	"sudokusim/rtl/swarm"
)

// The board-parallel engine array of seed 002 (rtl/swarm, docs/swarm.md),
// estimated block by block like the FPT'09 processor: the same mapping rules
// (logic.go), the branch stack mapped by swarm.Config.StackMemory exactly as
// the model sizes it, and the same packing factor Pack — which was calibrated
// on the FPT'09 processor only, so these are uncalibrated structural
// estimates (docs/resource-model.md §8).
//
// Widths: m = Config.MaxOrder, S = m² values, C = m⁴ cells per engine, cb =
// Config.CellBits() bits per cell, bc = ⌈log₂(S+1)⌉ bits of an option count,
// B engines, W cells per copy-bus beat, L = Config.WordsPerBoard(m) beats
// per board, T = ⌈log₂ C⌉ reduction-tree levels.

// swarmDims are the widths the engine-array formulas are written in.
type swarmDims struct {
	m, S, C, cb, bc int
	B, W, L, T      int
	depth           int // StackDepth
	cyc             int // MaxCycles counter width
}

func newSwarmDims(cfg swarm.Config) swarmDims {
	m := cfg.MaxOrder
	S := m * m
	return swarmDims{m: m, S: S, C: S * S, cb: cfg.CellBits(), bc: bits.Len(uint(S)),
		B: cfg.BoardSlots, W: cfg.CopyWidth, L: cfg.WordsPerBoard(m), T: clog2(S * S),
		depth: cfg.StackDepth, cyc: max(1, bits.Len64(cfg.MaxCycles))}
}

// EstimateSwarm estimates the engine array of cfg, built for cfg.MaxOrder
// (the one order field; the array takes every order up to it).
func EstimateSwarm(cfg swarm.Config) (Report, error) {
	if err := cfg.Validate(); err != nil {
		return Report{}, fmt.Errorf("area: %w", err)
	}
	x := newSwarmDims(cfg)
	stack, err := swarmStack(cfg, x)
	if err != nil {
		return Report{}, err
	}
	input, err := swarmInputBuffer(x)
	if err != nil {
		return Report{}, err
	}
	blocks := []Block{input, swarmCellUnits(x), swarmMasks(x), swarmStatus(x), swarmMinTree(x),
		swarmBranchCell(x), swarmCopyBus(x), stack, swarmController(x)}
	r := newReport(blocks)
	r.Design = "swarm"
	r.MaxOrder = x.m
	return r, nil
}

// engines is the block name prefix of per-engine logic, repeated B times.
func (x swarmDims) engines(name string) string { return fmt.Sprintf("%s ×%d", name, x.B) }

// swarmInputBuffer is the puzzle's input buffer the LOAD state reads (block
// RAM, data one cycle after the address): one board, L words of W cells.
func swarmInputBuffer(x swarmDims) (Block, error) {
	mem, err := newMemory("InputBuffer", x.L, x.W*x.cb)
	if err != nil {
		return Block{}, err
	}
	return Block{Name: "InputBuffer", Memories: []Memory{mem}}, nil
}

// swarmStack is the branch stack, StackDepth boards of L words of W cells,
// mapped by Config.StackMemory (none when StackDepth is 0). Its write data
// is the copy-bus register and its address the controller's word counter;
// a cascaded mapping adds the read mux over the cascade.
func swarmStack(cfg swarm.Config, x swarmDims) (Block, error) {
	b := Block{Name: "BranchStack"}
	if x.depth == 0 {
		return b, nil
	}
	mp, err := cfg.StackMemory()
	if err != nil {
		return Block{}, fmt.Errorf("area: %w", err)
	}
	b.Memories = []Memory{fromMapping("BranchStack", mp)}
	for _, g := range mp.Groups {
		b.Logic = b.Logic.Add(mux(g.Cascade, g.Columns*g.Aspect.Width))
	}
	return b, nil
}

// fromMapping is a Memory for a mapping a model made itself.
func fromMapping(name string, mp bram.Mapping) Memory {
	return Memory{Name: name, Depth: mp.Depth, Width: mp.Width, Mapping: mp, RAMB16: mp.Primitives}
}

// swarmCellUnits are the C cell units of every engine. A unit holds its
// value (cb flip-flops; D input a 3:1 mux of the copy-bus lane i mod W, the
// encoded single and the branch value), detects empty (value = 0), forms
// its options ¬(row ∨ col ∨ box) ∧ enabled — one LUT per value, the three
// mask bits of its own row, column and box being fixed wires — counts them
// (popcount of S) and tests the count for 0 and 1, encodes a single's
// value (index + 1 of the one-hot: an OR of ⌈S/2⌉ lines per value bit) and
// decodes the value it is being written (decoder(S), gated by the write
// strobe) for the mask update.
func swarmCellUnits(x swarmDims) Block {
	cell := Logic{FF: x.cb, Paired: x.cb}.Add(mux(3, x.cb)).
		Add(eqConst(x.cb)).
		Add(Logic{LUT: x.S}).
		Add(popcount(x.S)).Add(eqConst(x.bc).Times(2)).
		Add(orTree(ceilDiv(x.S, 2)).Times(x.cb)).
		Add(decoder(x.S))
	return Block{Name: x.engines("CellUnits"), Logic: cell.Times(x.C * x.B)}
}

// swarmMasks are the 3S row, column and box mask registers of every engine,
// S bits each. Bit x of a unit's mask is set when any of its S cells is
// written x (an OR tree over the S decoded lines, the old bit and the clear
// of the first beat); the same tree's "seen twice" half (atLeastTwo over
// the S lines and the old bit) flags a collision, and the engine ORs the
// 3S² collision flags.
func swarmMasks(x swarmDims) Block {
	bit := orTree(x.S + 2).Add(Logic{FF: 1, Paired: 1}).Add(atLeastTwo(x.S + 1))
	engine := bit.Times(3 * x.S * x.S).Add(orTree(3 * x.S * x.S))
	return Block{Name: x.engines("Masks"), Logic: engine.Times(x.B)}
}

// swarmStatus is an engine's verdict of an UPDATE: dead (an OR over the C
// zero-option flags and the collision flag), solved (a NOR over the C empty
// flags), stuck (a NOR over the C single flags), and its live and stuck
// flip-flops.
func swarmStatus(x swarmDims) Block {
	engine := orTree(x.C + 1).Add(orTree(x.C).Times(2)).Add(Logic{LUT: 2, FF: 2, Paired: 2})
	return Block{Name: x.engines("Status"), Logic: engine.Times(x.B)}
}

// swarmMinTree is an engine's min-option reduction tree: each leaf's key is
// its option count, or all ones when the cell is not an empty cell with two
// or more options (a LUT per count bit); level l (1..T, registered) has
// ⌈C/2^l⌉ nodes, each a bc-bit magnitude compare, a 2:1 mux of the count
// and the l−1 index bits so far, and bc + l flip-flops (the new index bit is
// the compare, ties to the lower index).
func swarmMinTree(x swarmDims) Block {
	engine := Logic{LUT: x.bc * x.C}
	for l, k := 1, x.C; k > 1; l++ {
		k = ceilDiv(k, 2)
		w := x.bc + l
		engine = engine.Add(adder(x.bc).Add(mux(2, w-1)).Add(Logic{FF: w, Paired: w}).Times(k))
	}
	return Block{Name: x.engines("MinTree"), Logic: engine.Times(x.B)}
}

// swarmBranchCell is an engine's side of BRANCH — the branch queue of
// docs/swarm.md §3 kept distributed: the chosen cell's options fetched by a
// C:1 mux of S bits into an S-bit register that drops its lowest value per
// queued copy (a priority encoder over S and a clear LUT per bit), the
// value encoded (+1, an adder of cb bits); and the branch-cell write: a 2:1
// mux of the cell index (own at the end of BRANCH, the broadcast one for a
// copy's destination) into a decoder of C lines.
func swarmBranchCell(x swarmDims) Block {
	engine := mux(x.C, x.S).Add(Logic{LUT: x.S, FF: x.S, Paired: x.S}).
		Add(priorityEncoder(x.S)).Add(adder(x.cb)).
		Add(mux(2, x.T)).Add(decoder(x.C))
	return Block{Name: x.engines("BranchCell"), Logic: engine.Times(x.B)}
}

// swarmCopyBus is the shared bus of W cells: every engine drives beat t of
// its board through an L:1 mux of W·cb bits, a (B+2):1 mux picks the
// source (an engine, the input buffer, the stack) into the bus register;
// one decoder of the beat (L lines) ANDed per engine with its destination
// select gives the cells' load enables; the branch broadcast (cell index
// and value) is a register of T + cb bits.
func swarmCopyBus(x swarmDims) Block {
	wb := x.W * x.cb
	l := mux(x.L, wb).Times(x.B).Add(mux(x.B+2, wb)).Add(Logic{FF: wb, Paired: wb}).
		Add(decoder(x.L)).Add(Logic{LUT: x.L * x.B}).Add(register(x.T + x.cb))
	return Block{Name: "CopyBus", Logic: l}
}

// swarmController is the array controller: a six-state FSM, the operation
// counter (to max(L+1, T)) and its end compare, priority encoders over the B
// engines for the lowest free engine, the next stuck engine with values
// left and the lowest solved engine, source and destination registers, the
// stack pointer (to StackDepth, with full and empty compares) and the stack
// word address (a base stepping by L and an adder for the beat), the
// MaxCycles counter and compare, and the enabled values of the loaded
// order (an S-bit register from a thermometer of S).
func swarmController(x swarmDims) Block {
	ow := clog2(max(x.L+1, x.T) + 1)
	sp := max(1, bits.Len(uint(x.depth)))
	aw := max(1, clog2(x.depth*x.L))
	bb := max(1, clog2(x.B))
	l := fsm(6, 3).Add(counter(ow)).Add(eqConst(ow)).
		Add(priorityEncoder(x.B).Times(3)).
		Add(register(bb)).Add(register(bb + 1)).
		Add(counter(sp)).Add(eqConst(sp).Times(2)).
		Add(counter(aw)).Add(adder(aw)).
		Add(counter(x.cyc)).Add(eqConst(x.cyc)).
		Add(register(x.S)).Add(thermometer(x.S))
	return Block{Name: "Controller", Logic: l}
}
