// Package ga models the genetic-algorithm Sudoku processor of seed 001
// (DESIGN §1.2) cycle by cycle on the sim kernel, for any order n in 2..15.
//
// The hardware is one FSM (ga_sudoku) driving seven units: rng_bank (a bank
// of 32-bit maximal-length LFSRs), pop_mem (a dual-port population RAM whose
// extra address bit is the ping-pong pointer between the current and the
// next generation), chr_init (fills every box with a random permutation of
// its missing values, the givens held by a mask), fitness (counts duplicate
// values in every row and column through a pipelined adder tree; 0 means
// solved, an altered given the worst value), tournament (two k-candidate
// tournaments run in parallel, one on each RAM port), crossover (a random bit
// per box swaps whole boxes between two parents, two children at once) and two
// mutation units (with probability p/2¹⁶ swap two non-given cells of one
// random box). The FSM runs init → evaluate → check → elitism + selection →
// reproduction → write → swap → evaluate until a chromosome has fitness 0
// (solved) or the generation limit is reached (timeout).
//
// The units share the RAM port by port and hand over in a fixed order, so the
// design is one sim.Block (Processor) that advances its registers in place;
// nothing outside reads them. Every FSM state, what it reads and writes and
// how many cycles it takes is written down in docs/ga.md, and the tests pin
// small runs against that arithmetic.
//
// The documented weakness of the original holds here too: the population
// reaches a few remaining conflicts quickly and then stagnates in a local
// optimum, because selection keeps the fittest and breaking a near-solution
// up again would first make it much worse.
package ga
