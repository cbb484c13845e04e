// Package prop models version 3 of the FPT'09 Sudoku processor, this
// project's own design (DESIGN §1.1b): the serial front end of versions 1
// and 2, but no N⁶-bit candidate memory. A cell's candidates are computed
// each time it is visited from three value-set memories (one word of N²
// bits per row, column and box), so memory grows as N⁴ and order 15 fits
// the XC2VP30. After every decision the Propagator sweeps the regions,
// placing naked singles as it meets them and hidden singles at the end of
// each region, to a fixpoint; it branches on the cell with fewest
// candidates seen in the last (quiet) sweep and undoes through a trail of
// placed cells in block RAM.
//
// Two timing models agree cycle for cycle: Simulate steps the Core, a
// sim.Block on the project's scheduler with every memory a bram.Memory,
// and Fast runs the same algorithm as plain software adding up the costs of
// docs/prop.md. Configuration is a plain struct (DefaultConfig, Validate);
// Result carries the status, the cycles by phase and the search counters.
//
// The package builds on rtl/bnb for what the processors share (the link
// choice, the run statuses, the error-reply codes and the serial front
// end's timing formulas) and on uart for the front end's blocks; rtl/bnb
// does not know about it.
package prop
