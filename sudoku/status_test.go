package sudoku

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStatusNames(t *testing.T) {
	for s, want := range map[Status]string{Solved: "solved", Unsolvable: "unsolvable", Timeout: "timeout", Rejected: "rejected", 9: "Status(9)"} {
		assert.Equal(t, want, s.String())
	}
	b, err := json.Marshal(struct{ S Status }{Timeout})
	require.NoError(t, err)
	assert.JSONEq(t, `{"S":"timeout"}`, string(b))
}
