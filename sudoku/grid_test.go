package sudoku

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestChecksumVectors(t *testing.T) {
	assert.Equal(t, uint8(3), Checksum(Sample()))
	assert.Equal(t, uint8(29), Checksum(SampleSolution()))
}
