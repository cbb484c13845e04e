package prop

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

// Both models agree cycle for cycle with the probe phase on FPT'09 puzzles.
func TestModelsAgreeProbe(t *testing.T) {
	for _, name := range []string{"03a", "03b", "04b", "05a", "05b", "12a"} {
		for _, cfg := range []Config{
			probing(2, RulesHidden, BranchFirst),
			probing(1, RulesHidden, BranchMRV),
		} {
			t.Run(fmt.Sprintf("%s/%d-%s", name, cfg.Lanes, cfg.Branch), func(t *testing.T) {
				res := runBoth(t, cfg, loadFPT(t, name))
				require.Equal(t, sudoku.Solved, res.Status)
				t.Logf("%+v %+v", res.Cycles, res.Counters)
			})
		}
	}
}
