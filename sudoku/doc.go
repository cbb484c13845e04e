// Package sudoku is the problem domain every model shares: a generalised
// Sudoku grid of order n (an n²×n² board of n² boxes, each n×n, values 1..n²,
// 0 for an empty cell), the FPT'09 file formats, validation against the rules
// and the givens, and the FPT'09 checksum, time limit and score.
//
// Files: ParseSudoku/WriteSudoku handle the FPT'09 `.sudoku` format,
// ParseLines/WriteLines the 81-character line format of 9×9 collections,
// and LoadPuzzle is the one entry point commands use for a FILE argument
// (a path, "-" for stdin, "" for the embedded sample). Malformed input is a
// *ParseError whose message reads `file:line:col: what is wrong`.
//
// Rules: Validate checks a solution against its puzzle and returns the first
// *Violation; Conflicts lists givens that already clash; CheckGrid catches a
// grid that is malformed for its order. Checksum, TMax and Score are the
// competition's formulas (DESIGN §1.1).
//
// It is a leaf package: the hardware models (rtl/...), the reference solvers
// (sudoku/dlx, sudoku/logic) and the generator (sudoku/gen) build on it and
// it depends on nothing else in the project.
package sudoku
