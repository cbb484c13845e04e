// Command sudokusim is the one program of the project: it simulates the
// FPT'09 Sudoku processor and its companions, and runs the reference solver,
// the generator and the checker. Each subcommand lives in its own file and
// registers itself in init (see main.go), so a new subcommand is one new file.
//
// Usage:
//
//	sudokusim COMMAND [flags] [args]
//	sudokusim help [COMMAND]
//
// Exit status (DESIGN §4): 0 success (solved, valid), 1 ran but did not
// succeed (unsolvable, timeout, invalid solution), 2 bad usage or bad input,
// with exactly one line on stderr naming the file, line and column.
package main
