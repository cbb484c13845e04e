// Package bench runs the FPT'09 processor model over benchmark suites and
// design spaces and turns the results into tables and plots.
//
// A sweep is the cartesian product of synthesis parameters (candidates per
// cycle, heuristic set, maximum order, clock) over a puzzle set. Every point
// is one simulated run (bnb.Fast by default, bnb.Simulate in cycle mode)
// plus the resource estimate of its configuration (rtl/area). Points run in
// parallel; each finished point is appended to a journal (points.jsonl) in
// the output directory, so a sweep that is stopped (or killed) and started
// again skips what it has done. A point's key is the point itself: the
// puzzle's name and content hash, the configuration and every setting that
// can change its result (mode, cycle limit, link, device), so a changed
// setting runs again. A shard i/n runs every n-th point, so independent
// machines or a batch scheduler's job array can split a sweep; each output
// directory's sweep.json names the sweep (a hash of all its points' keys)
// and the shard, and Merge joins the journals of one sweep's shards only,
// all of them and each finished. The results (results.csv, results.json) hold no wall-clock
// figure, so a sharded and merged sweep writes the same bytes as one run.
// Plots (PNG and SVG, gonum/plot): slices versus k with the paper's Table 2,
// block RAMs versus maximum order with the device's capacity, solve cycles
// versus k per puzzle, and the Pareto front of slices versus mean solve time.
//
// Compare runs every hardware design of the Designs table (versions 1 and 2
// of the FPT'09 processor, the GA processor, the engine array; a design is
// one entry: a name and how to set it up, run one puzzle and estimate its
// area) on the same puzzles, solve cycles only, and writes a table, CSV,
// JSON and plots. GASweep and SwarmSweep sweep the GA's and the engine
// array's own parameters. Every plot follows the conventions of
// plotstyle.go: a timeout is a cross at the limit it hit, never joined to
// or averaged with solved runs; what does not fit the device is faded and
// stays off the Pareto front; area plots draw the device's capacity.
package bench
