//go:build !linux

package bench

import "time"

// threadCPU has no per-thread clock here; a point's cost falls back to its
// wall-clock time.
func threadCPU() (time.Duration, bool) { return 0, false }
