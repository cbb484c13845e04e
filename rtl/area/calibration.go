package area

// Table2Point is one row of seed 000's Table 2: version 1 on the XC2VP30 at
// maximum order 15, k candidates per cycle.
type Table2Point struct {
	CPC    int
	Slices int
	RAMB16 int
}

// Table2 is seed 000's Table 2. The design handled orders 3..15 (the
// competition's range; 107 RAMB16 is GridMem + GivenMem at m = 15, and
// nothing smaller reaches it), so the calibration is at m = 15.
var Table2 = []Table2Point{
	{CPC: 1, Slices: 9471, RAMB16: 107},
	{CPC: 2, Slices: 9716, RAMB16: 107},
	{CPC: 4, Slices: 10699, RAMB16: 107},
	{CPC: 8, Slices: 12227, RAMB16: 107},
}

// Table2Order is the maximum order of the paper's Table 2 build.
const Table2Order = 15

// Table2Params is the version-1 build of Table 2 at k candidates per cycle.
func Table2Params(k int) Params {
	p := DefaultParams()
	p.MaxOrder, p.CPC = Table2Order, k
	return p
}

// Calibrate fits the packing factor: the least-squares solution of
// Pack · halves_k / 2 ≈ slices_k over the rows of Table 2, halves_k the
// model's LUTs plus unpaired flip-flops at k. Pack is this value rounded to
// three decimals.
func Calibrate() (float64, error) {
	var num, den float64
	for _, t := range Table2 {
		r, err := Estimate(Table2Params(t.CPC))
		if err != nil {
			return 0, err
		}
		h := float64(r.Structural.SliceHalves()) / 2
		num += h * float64(t.Slices)
		den += h * h
	}
	return num / den, nil
}

// Table2Packs is the packing factor each row of Table 2 gives on its own,
// slices_k ÷ (halves_k / 2), in Table 2's order: the spread that PackLow and
// PackHigh bound.
func Table2Packs() ([]float64, error) {
	var out []float64
	for _, t := range Table2 {
		r, err := Estimate(Table2Params(t.CPC))
		if err != nil {
			return nil, err
		}
		out = append(out, float64(t.Slices)/(float64(r.Structural.SliceHalves())/2))
	}
	return out, nil
}
