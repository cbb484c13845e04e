package hdl

import (
	"errors"
	"fmt"
	"testing"
)

// BenchmarkSpeed runs, side by side in one run, the Verilated design (-O3,
// one thread, no trace) and the Go cycle-level model on the same puzzle
// and design: version 1, direct link, max order 8, 04a and 08a at k = 1
// and 8. It reports both simulation rates and their ratio.
//
//	go test -run '^$' -bench Speed -benchtime 1x ./hdl
func BenchmarkSpeed(b *testing.B) {
	for _, name := range []string{"04a", "08a"} {
		for _, k := range []int{1, 8} {
			b.Run(fmt.Sprintf("%s/k%d", name, k), func(b *testing.B) {
				g := loadFPT(b, name)
				cfg := directCfg(8, k)
				if _, err := VerilatorSpeed(cfg, g); err != nil { // build outside the timing
					var tm *ToolMissingError
					if errors.As(err, &tm) {
						b.Skipf("needs %s: install the Debian package %s", tm.Tool, tm.Package)
					}
					b.Fatal(err)
				}
				var vs, gs Speed
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					v, err := VerilatorSpeed(cfg, g)
					if err != nil {
						b.Fatal(err)
					}
					s, err := GoSpeed(cfg, g)
					if err != nil {
						b.Fatal(err)
					}
					if v.Cycles != s.Cycles {
						b.Fatalf("Verilator ran %d cycles, Go %d", v.Cycles, s.Cycles)
					}
					vs.Cycles, vs.Time = vs.Cycles+v.Cycles, vs.Time+v.Time
					gs.Cycles, gs.Time = gs.Cycles+s.Cycles, gs.Time+s.Time
				}
				b.ReportMetric(vs.CyclesPerSecond(), "verilator-cycles/s")
				b.ReportMetric(gs.CyclesPerSecond(), "go-cycles/s")
				b.ReportMetric(gs.CyclesPerSecond()/vs.CyclesPerSecond(), "go/verilator")
			})
		}
	}
}
