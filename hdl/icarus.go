package hdl

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// icarusRunner runs the design under Icarus Verilog with the Verilog
// harness hdl/harness/cosim_tb.v, compiled once per parameter set into the
// same cache as the Verilator builds.
type icarusRunner struct{ vvp string }

func newIcarusRunner(p Params) (runner, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if err := needTools([2]string{"iverilog", "iverilog"}, [2]string{"vvp", "iverilog"}); err != nil {
		return nil, err
	}
	cache, err := CacheDir()
	if err != nil {
		return nil, err
	}
	key, err := buildKey("icarus", p, toolVersion("iverilog", "-V"))
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(cache, "icarus-"+key)
	out := filepath.Join(dir, "cosim.vvp")
	if _, err := os.Stat(out); err == nil {
		return icarusRunner{out}, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("hdl: %w", err)
	}
	src, err := os.MkdirTemp(dir, "src-")
	if err != nil {
		return nil, fmt.Errorf("hdl: %w", err)
	}
	defer os.RemoveAll(src)
	if err := writeSources(src); err != nil {
		return nil, fmt.Errorf("hdl: %w", err)
	}
	files, err := rtlFiles(src)
	if err != nil {
		return nil, fmt.Errorf("hdl: %w", err)
	}
	tmp := filepath.Join(src, "cosim.vvp")
	args := []string{"-g2005", "-o", tmp, "-s", "cosim_tb",
		fmt.Sprintf("-Pcosim_tb.MaxOrder=%d", p.MaxOrder), fmt.Sprintf("-Pcosim_tb.K=%d", p.K),
		fmt.Sprintf("-Pcosim_tb.ClksPerBit=%d", p.ClksPerBit),
		filepath.Join(src, "harness", "cosim_tb.v"), filepath.Join(src, "harness", "cosim_top.v")}
	args = append(args, files...)
	cmd := exec.Command("iverilog", args...)
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Run(); err != nil {
		return nil, &BuildError{Tool: "iverilog", First: firstError(log.String(), err)}
	}
	if err := os.Rename(tmp, out); err != nil {
		return nil, fmt.Errorf("hdl: %w", err)
	}
	return icarusRunner{out}, nil
}

// start runs vvp with the records on a pipe of their own (file descriptor
// 3): vvp prints its own messages (a VCD opened, $finish) on stdout.
func (r icarusRunner) start(args []string) (io.ReadCloser, func() error, error) {
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, fmt.Errorf("hdl: %w", err)
	}
	cmd := exec.Command("vvp", append([]string{"-n", r.vvp}, append(args, "+out=/dev/fd/3")...)...)
	cmd.ExtraFiles = []*os.File{pw}
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		return nil, nil, fmt.Errorf("hdl: %w", err)
	}
	pw.Close()
	wait := func() error {
		if err := cmd.Wait(); err != nil && stderr.Len() > 0 {
			return fmt.Errorf("hdl: vvp: %v: %s", err, bytes.TrimSpace(stderr.Bytes()))
		}
		return nil
	}
	return pr, wait, nil
}
