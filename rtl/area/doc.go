// Package area is the pre-synthesis resource model of the FPT'09 processor
// (rtl/bnb): an estimate, block by block, of the 4-input LUTs, flip-flops,
// occupied slices, RAMB16 block RAMs and MULT18X18 multipliers that ISE would
// report for a Virtex-II Pro, and of how that design fits the competition's
// other boards and two current devices.
//
// Every block's cost is a formula in the design parameters — the maximum
// order m (M = m² lanes), the evaluator's candidates per cycle k, the
// heuristic units of version 2 and their subset-unit parallelism, and the
// UART front end — derived from what the block contains: equality
// comparators, multiplexers, decoders, priority encoders, counters and
// registers, each costed with the Virtex-II mapping rules of logic.go.
// Block RAMs are not estimated: each logical memory (depth × width) is mapped
// onto primitives by bram.Map, exactly as the simulated design holds them.
//
// LUTs and flip-flops become occupied slices through one packing factor,
// calibrated once against the paper's Table 2 (version 1 at k = 1, 2, 4, 8,
// m = 15), with a range from the evidence around it (Table 2's per-row
// scatter; for blocks nothing calibrated, the structural count's spread
// against Yosys — version 2's own runs for its blocks, the evaluator's
// for the rest), so that a device fit is "fits", "may fit" or "does NOT
// fit". docs/resource-model.md derives every formula, gives the
// calibration and its residuals, and cites the device data sheets.
//
// The entry points are Estimate (Params → Report) and Report.Fit (a Device →
// a utilisation summary naming the limiting resource). EstimateGA and
// EstimateSwarm apply the same rules, bram.Map and Pack to the other two
// hardware designs, the GA processor (rtl/ga) and the engine array
// (rtl/swarm); Pack was calibrated on the FPT'09 processor only, so theirs
// are uncalibrated structural estimates (docs/resource-model.md §8).
package area
