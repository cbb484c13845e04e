package bench

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadCPU is the CPU time of the calling OS thread. A worker locks its
// goroutine to its thread while it runs a point, so the difference of two
// readings is the point's own CPU time, whatever else the machine runs.
func threadCPU() (time.Duration, bool) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
