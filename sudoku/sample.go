package sudoku

// samplePuzzle and sampleSolution are the order-3 sample of DESIGN §1.1: the
// puzzle has FPT'09 checksum 3, its unique solution 29.
var samplePuzzle = [81]uint8{
	0, 1, 4, 5, 2, 0, 0, 0, 9,
	3, 0, 0, 0, 9, 0, 4, 5, 1,
	5, 0, 8, 0, 0, 0, 0, 6, 7,
	0, 0, 0, 0, 0, 3, 7, 0, 0,
	0, 0, 6, 2, 0, 5, 1, 0, 0,
	0, 0, 3, 4, 0, 0, 0, 0, 0,
	4, 3, 0, 0, 0, 0, 6, 0, 2,
	8, 2, 7, 0, 4, 0, 0, 0, 5,
	1, 0, 0, 0, 5, 2, 8, 4, 0,
}

var sampleSolution = [81]uint8{
	6, 1, 4, 5, 2, 7, 3, 8, 9,
	3, 7, 2, 6, 9, 8, 4, 5, 1,
	5, 9, 8, 1, 3, 4, 2, 6, 7,
	2, 5, 1, 8, 6, 3, 7, 9, 4,
	9, 4, 6, 2, 7, 5, 1, 3, 8,
	7, 8, 3, 4, 1, 9, 5, 2, 6,
	4, 3, 5, 9, 8, 1, 6, 7, 2,
	8, 2, 7, 3, 4, 6, 9, 1, 5,
	1, 6, 9, 7, 5, 2, 8, 4, 3,
}

// Sample returns a fresh copy of the embedded order-3 sample puzzle, the one
// `sudokusim solve` runs when given no file.
func Sample() *Grid {
	return &Grid{Order: 3, Cells: append([]uint8(nil), samplePuzzle[:]...)}
}

// SampleSolution returns a fresh copy of the sample's unique solution.
func SampleSolution() *Grid {
	return &Grid{Order: 3, Cells: append([]uint8(nil), sampleSolution[:]...)}
}
