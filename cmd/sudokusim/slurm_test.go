package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSlurmSweepScript: scripts/slurm-sweep.sh turns an array task into
// shard SLURM_ARRAY_TASK_ID of N (N its first argument, so a task
// resubmitted alone is still shard I of N), runs on the task's CPUs into
// OUT/shard-I, passes the sweep's arguments through, and refuses a task
// that is not a shard. $SUDOKUSIM is echo here: the test reads the command
// line the task would run (make slurm-e2e runs it on Slurm for real).
func TestSlurmSweepScript(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("needs bash")
	}
	script := filepath.Join("..", "..", "scripts", "slurm-sweep.sh")
	run := func(env []string, args ...string) (string, string, int) {
		cmd := exec.Command(bash, append([]string{script}, args...)...)
		cmd.Env = append(os.Environ(), append([]string{"SUDOKUSIM=echo"}, env...)...)
		var so, se strings.Builder
		cmd.Stdout, cmd.Stderr = &so, &se
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else {
			require.NoError(t, err)
		}
		return so.String(), se.String(), code
	}
	out, errText, code := run([]string{"SLURM_ARRAY_TASK_ID=3", "SLURM_ARRAY_JOB_ID=77", "SLURM_CPUS_PER_TASK=4"},
		"4", "/scratch/s", "--cpc", "1,8", "puzzle03a.sudoku")
	require.Equal(t, 0, code, errText)
	assert.Contains(t, out, "shard 3/4 of job 77")
	assert.Contains(t, out, "\nsweep --quiet --jobs 4 --shard 3/4 --out /scratch/s/shard-3 --cpc 1,8 puzzle03a.sudoku\n")

	for _, tc := range []struct {
		env  []string
		args []string
		want string
	}{
		{[]string{"SLURM_ARRAY_TASK_ID=4"}, []string{"4", "out"}, "is not a shard of N=4"},
		{[]string{"SLURM_ARRAY_TASK_ID=0"}, []string{"x", "out"}, "N=x is not a positive integer"},
		{nil, []string{"4"}, "usage:"},
	} {
		_, errText, code := run(tc.env, tc.args...)
		assert.Equal(t, 2, code, "%v %v", tc.env, tc.args)
		assert.Contains(t, errText, tc.want)
	}
	// Not a job-array task at all.
	cmd := exec.Command(bash, script, "4", "out")
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SLURM_ARRAY_TASK_ID=") {
			env = append(env, kv)
		}
	}
	cmd.Env = env
	b, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, 2, ee.ExitCode())
	assert.Contains(t, string(b), "not a job-array task")
}
