package area

import (
	"fmt"
	"io"
	"math"
)

// LUT6PerLUT4 is the conversion of the LUT4 estimate to 6-input LUTs: a
// LUT6 takes three bit pairs of a comparator (LUT4: two), a 4:1 mux (LUT4:
// 2:1 under MUXF5) or a 6-input OR; for this comparator-, mux- and
// OR-tree-dominated design two LUT4s become about 1.4 LUT6s.
const LUT6PerLUT4 = 0.7

// M4KShapes are the Cyclone II M4K port shapes (4,608 bits with parity).
var M4KShapes = []struct{ Depth, Width int }{
	{4096, 1}, {2048, 2}, {1024, 4}, {512, 9}, {256, 18}, {128, 36},
}

// m4kBlocks maps a logical memory onto M4K blocks: columns of one shape side
// by side, ⌈depth/shape depth⌉ deep — the cheapest single shape (Quartus
// mixes shapes rarely for such regular memories).
func m4kBlocks(depth, width int) int {
	best := -1
	for _, s := range M4KShapes {
		n := ceilDiv(width, s.Width) * ceilDiv(depth, s.Depth)
		if best < 0 || n < best {
			best = n
		}
	}
	return best
}

// Utilisation is one line of a device utilisation summary.
type Utilisation struct {
	Resource  string  `json:"resource"`
	Used      int     `json:"used"`
	Available int     `json:"available"`
	Percent   float64 `json:"percent"`
}

// The three verdicts of a Fit.
const (
	VerdictFits    = "fits"
	VerdictMayFit  = "may fit"
	VerdictNotFits = "does NOT fit"
)

// Fit is a report placed on a device.
type Fit struct {
	Device string        `json:"device"`
	Lines  []Utilisation `json:"utilisation"`
	// Verdict is VerdictFits when every resource is within the device's
	// capacity at the high end of the slice range, VerdictNotFits when a
	// resource other than the logic is over capacity or the whole slice
	// range is, and VerdictMayFit when the slice range spans the capacity.
	Verdict string `json:"verdict"`
	// Fits is false only for VerdictNotFits: a configuration that may fit
	// is not refused.
	Fits bool `json:"fits"`
	// Limiting is the resource with the highest utilisation.
	Limiting string `json:"limiting"`
	// Slices and BlockRAMs are the design's figures in the device's terms
	// (slices or slice equivalents; RAMB16, M4K or RAMB36 blocks).
	Slices    int `json:"slices"`
	BlockRAMs int `json:"block_rams"`
	// SlicesLow and SlicesHigh are Report.SliceRange in the terms of the
	// device's logic line (slices; logic elements on Cyclone II), and
	// SlicesAvailable its capacity in those terms.
	SlicesLow       int `json:"slices_low"`
	SlicesHigh      int `json:"slices_high"`
	SlicesAvailable int `json:"slices_available"`
}

// Fit places the estimate on device d (docs/resource-model.md §5).
func (r Report) Fit(d Device) Fit {
	f := Fit{Device: d.Name}
	line := func(name string, used, avail int) {
		f.Lines = append(f.Lines, Utilisation{Resource: name, Used: used, Available: avail,
			Percent: 100 * float64(used) / float64(avail)})
	}
	switch d.Arch {
	case ArchLUT4Slice:
		f.Slices, f.BlockRAMs = r.Slices, r.RAMB16
		line("Slices", r.Slices, d.Slices)
		line("Slice Flip Flops", r.FF, d.FFs)
		line("4 input LUTs", r.LUT, d.LUTs)
		line("RAMB16s", r.RAMB16, d.BlockRAMs)
		line("MULT18X18s", r.MULT18, d.Multipliers)
	case ArchLE:
		// An LE is a LUT4 and a flip-flop: LUTs plus unpaired flip-flops,
		// calibrated like the slices; a slice equivalent is two LEs.
		les := int(math.Ceil(Pack * float64(r.Structural.SliceHalves())))
		f.Slices = ceilDiv(les, 2)
		for _, m := range r.Memories() {
			f.BlockRAMs += m4kBlocks(m.Depth, m.Width)
		}
		line("Logic elements", les, d.LEs)
		line("Registers", r.FF, d.FFs)
		line("M4K blocks", f.BlockRAMs, d.BlockRAMs)
		line("Embedded 18x18 multipliers", r.MULT18, d.Multipliers)
	case ArchLUT6Slice:
		lut6 := int(math.Ceil(LUT6PerLUT4 * float64(r.LUT)))
		// The device's own ratio gives the slice shape (4 LUT6 + 8 FF in the
		// 7 series, 8 + 16 in UltraScale+).
		f.Slices = max(ceilDiv(lut6, d.LUTs/d.Slices), ceilDiv(r.FF, d.FFs/d.Slices))
		// A RAMB36 holds two RAMB16-shaped 18 Kbit halves.
		f.BlockRAMs = ceilDiv(r.RAMB16, 2)
		line("Slices", f.Slices, d.Slices)
		line("Slice LUTs", lut6, d.LUTs)
		line("Slice Registers", r.FF, d.FFs)
		line("RAMB36", f.BlockRAMs, d.BlockRAMs)
		line("DSP slices", r.MULT18, d.Multipliers)
	}
	// The range scales the logic lines (slices or LEs, and the LUTs) as the
	// estimate's band scales the slices; the flip-flops, block RAMs and
	// multipliers are counted, not estimated through Pack.
	scale := func(used, by int) int {
		if r.Slices == 0 {
			return used
		}
		return int(math.Ceil(float64(used) * float64(by) / float64(r.Slices)))
	}
	logic := f.Lines[0]
	f.SlicesAvailable = logic.Available
	f.SlicesLow = min(logic.Used, scale(logic.Used, r.SliceRange.Low))
	f.SlicesHigh = max(logic.Used, scale(logic.Used, r.SliceRange.High))
	sure, maybe := false, false
	worst := -1.0
	for i, l := range f.Lines {
		estimated := i == 0 || l.Resource == "4 input LUTs" || l.Resource == "Slice LUTs"
		switch {
		case !estimated && l.Used > l.Available:
			sure = true
		case estimated && min(l.Used, scale(l.Used, r.SliceRange.Low)) > l.Available:
			sure = true
		case estimated && max(l.Used, scale(l.Used, r.SliceRange.High)) > l.Available:
			maybe = true
		}
		if l.Percent > worst {
			worst, f.Limiting = l.Percent, l.Resource
		}
	}
	switch {
	case sure:
		f.Verdict = VerdictNotFits
	case maybe:
		f.Verdict = VerdictMayFit
	default:
		f.Verdict = VerdictFits
	}
	f.Fits = f.Verdict != VerdictNotFits
	return f
}

// WriteSummary prints the fit as ISE's "Device utilization summary".
func (f Fit) WriteSummary(w io.Writer) error {
	_, err := fmt.Fprintf(w, "Device utilization summary (%s):\n\n", f.Device)
	for _, l := range f.Lines {
		if err != nil {
			break
		}
		_, err = fmt.Fprintf(w, "   Number of %-28s %9d out of %9d %4.0f%%\n", l.Resource+":", l.Used, l.Available, l.Percent)
	}
	if err == nil && f.SlicesLow != f.SlicesHigh {
		_, err = fmt.Fprintf(w, "   Range of %-30s %9s out of %9d (docs/resource-model.md §4)\n",
			f.Lines[0].Resource+":", fmt.Sprintf("%d..%d", f.SlicesLow, f.SlicesHigh), f.SlicesAvailable)
	}
	if err == nil {
		_, err = fmt.Fprintf(w, "\nThe design %s the %s; limiting resource: %s.\n", f.Verdict, f.Device, f.Limiting)
	}
	return err
}
