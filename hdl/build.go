package hdl

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Sources are the Verilog of the design and the co-simulation harness.
//
//go:embed *.v rtl/*.v harness/*.v harness/*.cpp
var Sources embed.FS

// Params is the parameter set of one build of the design.
type Params struct {
	MaxOrder   int // 2..15
	K          int // candidates per cycle, 1..32
	ClksPerBit int // UART bit time in cycles
}

// Validate reports a parameter the HDL does not cover.
func (p Params) Validate() error {
	if p.MaxOrder < 2 || p.MaxOrder > 15 {
		return fmt.Errorf("hdl: max order %d outside 2..15", p.MaxOrder)
	}
	if p.K < 1 || p.K > 32 {
		return fmt.Errorf("hdl: %d candidates per cycle outside 1..32", p.K)
	}
	if p.ClksPerBit < 4 || p.ClksPerBit > 1<<20 {
		return fmt.Errorf("hdl: bit time of %d cycles outside 4..%d", p.ClksPerBit, 1<<20)
	}
	return nil
}

func (p Params) flags() []string {
	return []string{fmt.Sprintf("-GMaxOrder=%d", p.MaxOrder), fmt.Sprintf("-GK=%d", p.K), fmt.Sprintf("-GClksPerBit=%d", p.ClksPerBit)}
}

// ToolMissingError says a simulator or compiler is not installed and which
// Debian package provides it.
type ToolMissingError struct {
	Tool, Package string
}

func (e *ToolMissingError) Error() string {
	return fmt.Sprintf("hdl: %s not found; install the Debian package %s (apt-get install %s)", e.Tool, e.Package, e.Package)
}

// BuildError is a failed build of the Verilog; First is the first error the
// tool printed.
type BuildError struct {
	Tool, First string
}

func (e *BuildError) Error() string {
	return fmt.Sprintf("hdl: %s build failed: %s", e.Tool, e.First)
}

// needTools checks that every tool is on PATH.
func needTools(tools ...[2]string) error {
	for _, t := range tools {
		if _, err := exec.LookPath(t[0]); err != nil {
			return &ToolMissingError{Tool: t[0], Package: t[1]}
		}
	}
	return nil
}

// CacheDir is where builds are kept: the user's cache directory, or
// SUDOKUSIM_HDL_CACHE when set.
func CacheDir() (string, error) {
	if d := os.Getenv("SUDOKUSIM_HDL_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("hdl: no cache directory: %w", err)
	}
	return filepath.Join(d, "sudokusim", "hdl"), nil
}

// buildKey names a build: the sources, the parameters, the tool's version
// and the simulator.
func buildKey(sim string, p Params, version string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%+v\n", sim, version, p)
	err := fs.WalkDir(Sources, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := Sources.ReadFile(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", path, len(b))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// writeSources copies the embedded sources into dir.
func writeSources(dir string) error {
	return fs.WalkDir(Sources, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		out := filepath.Join(dir, path)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		b, err := Sources.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(out, b, 0o644)
	})
}

// rtlFiles are the design's Verilog files under dir: the serial front end
// (hdl/*.v) and the core (hdl/rtl/*.v).
func rtlFiles(dir string) ([]string, error) {
	fe, err := filepath.Glob(filepath.Join(dir, "*.v"))
	if err != nil {
		return nil, err
	}
	core, err := filepath.Glob(filepath.Join(dir, "rtl", "*.v"))
	return append(fe, core...), err
}

// toolVersion is the first line of `tool --version` (part of the cache key).
func toolVersion(tool string, arg string) string {
	out, err := exec.Command(tool, arg).CombinedOutput()
	if err != nil {
		return "unknown"
	}
	line, _, _ := strings.Cut(string(out), "\n")
	return line
}

// Build returns the path of the Verilator co-simulation executable for p,
// building it (about a minute) when the cache does not hold it.
func Build(p Params) (string, error) {
	if err := p.Validate(); err != nil {
		return "", err
	}
	if err := needTools([2]string{"verilator", "verilator"}, [2]string{"make", "make"}, [2]string{"g++", "g++"}); err != nil {
		return "", err
	}
	cache, err := CacheDir()
	if err != nil {
		return "", err
	}
	// Verilator's -O3, and the C++ of the model at -O3 too (Verilator's
	// makefile defaults to -Os); one thread (no --threads).
	flags := []string{"--cc", "--exe", "--build", "-O3", "--x-assign", "fast", "--x-initial", "fast",
		"-Wno-fatal", "-Wno-lint", "-Wno-style", "--top-module", "cosim_top",
		"-MAKEFLAGS", "OPT_FAST=-O3", "-MAKEFLAGS", "OPT_GLOBAL=-O3", "-o", "cosim", "-j", "2"}
	key, err := buildKey("verilator "+strings.Join(flags, " "), p, toolVersion("verilator", "--version"))
	if err != nil {
		return "", err
	}
	final := filepath.Join(cache, "verilator-"+key)
	exe := filepath.Join(final, "cosim")
	if _, err := os.Stat(exe); err == nil {
		return exe, nil
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", fmt.Errorf("hdl: %w", err)
	}
	tmp, err := os.MkdirTemp(cache, "build-")
	if err != nil {
		return "", fmt.Errorf("hdl: %w", err)
	}
	defer os.RemoveAll(tmp)
	if err := writeSources(tmp); err != nil {
		return "", fmt.Errorf("hdl: %w", err)
	}
	files, err := rtlFiles(tmp)
	if err != nil {
		return "", fmt.Errorf("hdl: %w", err)
	}
	args := append(append([]string(nil), flags...), "-Mdir", filepath.Join(tmp, "obj"))
	args = append(args, p.flags()...)
	args = append(args, filepath.Join(tmp, "harness", "cosim_top.v"))
	args = append(args, files...)
	args = append(args, filepath.Join(tmp, "harness", "harness.cpp"))
	cmd := exec.Command("verilator", args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", &BuildError{Tool: "verilator", First: firstError(out.String(), err)}
	}
	if err := os.MkdirAll(filepath.Join(tmp, "done"), 0o755); err != nil {
		return "", fmt.Errorf("hdl: %w", err)
	}
	if err := os.Rename(filepath.Join(tmp, "obj", "cosim"), filepath.Join(tmp, "done", "cosim")); err != nil {
		return "", fmt.Errorf("hdl: %w", err)
	}
	if err := os.Rename(filepath.Join(tmp, "done"), final); err != nil {
		// Another build of the same key finished first: use it.
		if _, serr := os.Stat(exe); serr == nil {
			return exe, nil
		}
		return "", fmt.Errorf("hdl: %w", err)
	}
	return exe, nil
}

// firstError picks the first line of a tool's output that reports an error.
func firstError(out string, err error) string {
	for _, line := range strings.Split(out, "\n") {
		l := strings.ToLower(line)
		if strings.Contains(l, "error") && !strings.Contains(l, "exited with") && !strings.HasPrefix(l, "make") {
			return strings.TrimSpace(line)
		}
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return fmt.Sprintf("%v (no error line in its output)", err)
	}
	return err.Error()
}
