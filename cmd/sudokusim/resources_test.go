package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/rtl/area"
)

func TestResourcesSummary(t *testing.T) {
	tests := []struct {
		args   []string
		want   []string
		status int
	}{
		{[]string{"resources", "--cpc", "1"}, []string{"version 1", "RAMB16s:", "107 out of", "The design fits the XC2VP30"}, exitOK},
		{[]string{"resources", "--heuristics", "paper", "--max-order", "15"}, []string{"version 2", "does NOT fit", "limiting resource: RAMB16s"}, exitOK},
		{[]string{"resources", "--device", "ep2c70", "--blocks"}, []string{"Logic elements:", "M4K blocks:", "Evaluator", "GridMem 675×1800"}, exitOK},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		got := run(tc.args, &out, &errb)
		require.Equal(t, tc.status, got, errb.String())
		for _, w := range tc.want {
			assert.Contains(t, out.String(), w, tc.args)
		}
	}
}

func TestResourcesJSON(t *testing.T) {
	var out, errb bytes.Buffer
	require.Equal(t, exitOK, run([]string{"resources", "--json", "--cpc", "4"}, &out, &errb), errb.String())
	var got resourcesJSON
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))
	r, err := area.Estimate(area.Table2Params(4))
	require.NoError(t, err)
	assert.Equal(t, r.Slices, got.Slices)
	assert.Equal(t, 107, got.RAMB16)
	assert.True(t, got.Fit.Fits)
	assert.Equal(t, "XC2VP30", got.Fit.Device)
	assert.Len(t, got.Memories, 2)
}

func TestResourcesBadUsage(t *testing.T) {
	for _, args := range [][]string{
		{"resources", "--cpc", "3"},
		{"resources", "--device", "nope"},
		{"resources", "--heuristics", "naked-pair"},
		{"resources", "--link", "usb"},
		{"resources", "extra"},
	} {
		var out, errb bytes.Buffer
		assert.Equal(t, exitUsage, run(args, &out, &errb), args)
		assert.Equal(t, 1, bytes.Count(errb.Bytes(), []byte("\n")), "one line on stderr for %v", args)
	}
}
