package main

import (
	"io"
	"testing"
)

func TestZZProf(t *testing.T) {
	for i := 0; i < 5; i++ {
		runRef([]string{"/tmp/i13ref2/hard9x9x20.txt"}, io.Discard, io.Discard)
	}
}
