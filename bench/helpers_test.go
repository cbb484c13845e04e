package bench

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"sudokusim/sudoku"
)

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, v))
}

func gridOf(t *testing.T, name string) *sudoku.Grid {
	t.Helper()
	if name == "sample" {
		return sudoku.Sample()
	}
	g, err := sudoku.LoadPuzzle(filepath.Join(fpt09, name+".sudoku"), 0, nil)
	require.NoError(t, err)
	return g
}

// counts is a summary without its cost, which is wall-clock time.
func counts(s Summary) Summary {
	s.CostSeconds = 0
	return s
}
