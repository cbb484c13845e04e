package bnb

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func set(vals ...int) ValueSet {
	var s ValueSet
	for _, v := range vals {
		s.Set(v - 1)
	}
	return s
}

func TestEvaluatorStep(t *testing.T) {
	wide := set(1, 2, 3, 64, 65, 66, 67)
	for _, tc := range []struct {
		name      string
		used      ValueSet
		v, size   int
		k         int
		x         int
		exhausted bool
	}{
		{"first free", set(1, 2), 0, 9, 4, 3, false},
		{"window too short", set(1, 2), 0, 9, 2, 0, false},
		{"exhausted in window", set(8, 9), 7, 9, 4, 0, true},
		{"exhausted at S", set(), 9, 9, 1, 0, true},
		{"window capped at S", set(9), 8, 9, 8, 0, true},
		{"across a word boundary", wide, 62, 225, 8, 63, false},
		{"across a word boundary, skipping", wide, 63, 225, 8, 68, false},
		{"k=32 near the top", set(), 200, 225, 32, 201, false},
		{"k=32 exhausted at the top", set(222, 223, 224, 225), 221, 225, 32, 0, true},
		{"continue", set(1, 2, 3, 4), 0, 225, 4, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x, ex := Evaluator{K: tc.k}.Step(&tc.used, tc.v, tc.size)
			assert.Equal(t, tc.x, x)
			assert.Equal(t, tc.exhausted, ex)
		})
	}
}

func TestValueSetEncoders(t *testing.T) {
	s := set(1, 64, 65, 130, 200)
	// bits 0, 63, 64, 129, 199
	assert.Equal(t, 0, s.firstAbove(-1, 225))
	assert.Equal(t, 63, s.firstAbove(0, 225))
	assert.Equal(t, 64, s.firstAbove(63, 225))
	assert.Equal(t, 129, s.firstAbove(64, 225))
	assert.Equal(t, -1, s.firstAbove(129, 150))
	assert.Equal(t, -1, s.firstAbove(199, 225))
	assert.Equal(t, 199, s.lastBelow(225))
	assert.Equal(t, 129, s.lastBelow(199))
	assert.Equal(t, 64, s.lastBelow(129))
	assert.Equal(t, 63, s.lastBelow(64))
	assert.Equal(t, 0, s.lastBelow(63))
	assert.Equal(t, -1, s.lastBelow(0))
	assert.Equal(t, 5, s.Count())
	m := lowMask(130)
	assert.Equal(t, 130, m.Count())
	assert.True(t, m.Has(129))
	assert.False(t, m.Has(130))
}
