package bnb

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sudoku/logic"
)

// A puzzle the build accepts runs the same whatever order the build was
// synthesised for: the memories are wider, but no phase takes a cycle more
// or less. This is what lets docs/results.md derive version 2's score at
// maximum order 11 from the per-puzzle runs at maximum order 15 (issue 13,
// item 3). The cycle-level model is checked on orders 3..7 (with a
// short watchdog), the timing model on every FPT'09 puzzle up to order 11.
func TestCyclesDoNotDependOnMaxOrder(t *testing.T) {
	for _, hs := range [][]logic.Heuristic{nil, logic.PaperSet()} {
		for n := 3; n <= 11; n++ {
			for _, kind := range []string{"a", "b"} {
				name := fmt.Sprintf("%02d%s", n, kind)
				g := loadFPT(t, name)
				var prev Result
				for i, m := range []int{n, 11, 15} {
					cfg := DefaultConfig()
					cfg.Heuristics, cfg.MaxOrder, cfg.CPC = hs, m, 1
					cfg.MaxSearchCycles = 2_000_000
					var res Result
					var err error
					if n <= 7 {
						res, err = Simulate(cfg, g, SimOptions{})
					} else {
						res, err = Fast(cfg, g)
					}
					require.NoError(t, err)
					res.States = nil // the histogram names no width
					if i > 0 {
						assert.Equal(t, prev.Cycles, res.Cycles, "%s v%d max order %d", name, cfg.Version(), m)
						assert.Equal(t, prev.Status, res.Status, "%s v%d max order %d", name, cfg.Version(), m)
						assert.Equal(t, prev.Search, res.Search, "%s v%d max order %d", name, cfg.Version(), m)
						assert.Equal(t, prev.Response, res.Response, "%s v%d max order %d", name, cfg.Version(), m)
					}
					prev = res
				}
			}
		}
	}
}
