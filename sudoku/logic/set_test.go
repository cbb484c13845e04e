package logic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSetAcrossWords(t *testing.T) {
	vals := []int{1, 2, 63, 64, 65, 128, 129, 192, 193, 225}
	s := SetOf(vals...)
	assert.Equal(t, len(vals), s.Len())
	assert.Equal(t, vals, s.Values())
	assert.Equal(t, 1, s.First())
	assert.Equal(t, 225, s.Last())
	for _, v := range vals {
		assert.True(t, s.Has(v), "has %d", v)
	}
	for _, v := range []int{3, 62, 66, 127, 130, 224} {
		assert.False(t, s.Has(v), "has %d", v)
	}
	s.Remove(1)
	s.Remove(225)
	assert.Equal(t, 2, s.First())
	assert.Equal(t, 193, s.Last())
	assert.Equal(t, 64, s.Next(63))
	assert.Equal(t, 128, s.Next(65))
	assert.Equal(t, 0, s.Next(193))
	assert.Equal(t, 0, Set{}.First())
	assert.Equal(t, 0, Set{}.Last())
	assert.True(t, Set{}.IsEmpty())
}

func TestFullSet(t *testing.T) {
	for _, n := range []int{4, 9, 64, 65, 128, 225} {
		s := fullSet(n)
		require.Equal(t, n, s.Len(), "n=%d", n)
		assert.Equal(t, 1, s.First())
		assert.Equal(t, n, s.Last())
	}
}

func TestSetAlgebra(t *testing.T) {
	a, b := SetOf(1, 2, 70, 200), SetOf(2, 3, 200)
	assert.Equal(t, SetOf(1, 2, 3, 70, 200), a.Or(b))
	assert.Equal(t, SetOf(2, 200), a.And(b))
	assert.Equal(t, SetOf(1, 70), a.AndNot(b))
}
