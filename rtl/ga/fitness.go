package ga

// fitnessUnit is fitness_sudoku. Stage 0 takes a chromosome word from the
// RAM and, for each of the S rows and S columns in parallel, counts its
// duplicates, S minus the number of distinct values (a one-hot OR and a
// population count per unit); it also compares every masked cell with its
// given. The 2S counts then go through a pipelined adder tree of D = ⌈log₂
// 2S⌉ stages (adder_tree_stage), the given check travelling alongside; the
// output register holds the sum, or the worst value (the field all ones)
// when a given was altered. Throughput one chromosome per cycle, latency D+1
// registers after the word arrives.
//
// The model computes the sum when the word arrives and carries it through a
// delay line of D+1 entries, which is what the output shows.
type fitnessUnit struct {
	g     *geometry
	given []uint8
	mark  []uint32 // seen-value stamps, one per value
	stamp uint32
}

func newFitnessUnit(g *geometry, given []uint8) *fitnessUnit {
	return &fitnessUnit{g: g, given: given, mark: make([]uint32, g.s+1)}
}

// eval is the fitness of one chromosome: 0 solved, the duplicate count of
// its rows and columns, or g.worst if a given was altered.
func (f *fitnessUnit) eval(cells []uint8) int {
	s := f.g.s
	for i, v := range f.given {
		if v != 0 && cells[i] != v {
			return f.g.worst
		}
	}
	dup := 0
	for u := 0; u < s; u++ {
		f.newUnit()
		for j := 0; j < s; j++ { // row u
			dup += f.see(cells[u*s+j])
		}
		f.newUnit()
		for j := 0; j < s; j++ { // column u
			dup += f.see(cells[j*s+u])
		}
	}
	return dup
}

func (f *fitnessUnit) newUnit() {
	f.stamp++
	if f.stamp == 0 { // wrapped: clear the stamps once every 2³² units
		clear(f.mark)
		f.stamp = 1
	}
}

// see returns 1 if v was already seen in the current unit.
func (f *fitnessUnit) see(v uint8) int {
	if f.mark[v] == f.stamp {
		return 1
	}
	f.mark[v] = f.stamp
	return 0
}
