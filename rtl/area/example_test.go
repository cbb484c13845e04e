package area_test

import (
	"fmt"
	"os"

	"sudokusim/rtl/area"
)

// The paper's version 1 with 8 candidates per cycle on the XUP board.
func ExampleEstimate() {
	r, err := area.Estimate(area.Table2Params(8))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range r.Memories() {
		fmt.Println(m)
	}
	d, _ := area.LookupDevice("XC2VP30")
	_ = r.Fit(d).WriteSummary(os.Stdout)
	// Output:
	// GridMem 675×1800: 100 RAMB16 (1K×18 ×100)
	// GivenMem 225×225: 7 RAMB16 (512×36 ×6 + 2K×9 ×1)
	// Device utilization summary (XC2VP30):
	//
	//    Number of Slices:                          11737 out of     13696   86%
	//    Number of Slice Flip Flops:                 6045 out of     27392   22%
	//    Number of 4 input LUTs:                    21136 out of     27392   77%
	//    Number of RAMB16s:                           107 out of       136   79%
	//    Number of MULT18X18s:                          0 out of       136    0%
	//    Range of Slices:                        11162..12237 out of     13696 (docs/resource-model.md §4)
	//
	// The design fits the XC2VP30; limiting resource: Slices.
}
