package logic

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHeuristicJSONRoundTrip(t *testing.T) {
	b, err := json.Marshal(FullSet())
	require.NoError(t, err)
	var back []Heuristic
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, FullSet(), back)
	assert.Error(t, json.Unmarshal([]byte(`["no-such"]`), &back))
}
