package hdl

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// feLintDirs are the folders of synthesizable Verilog under hdl/: every .v file
// in them is one module named after its file. Testbenches (hdl/tb) and
// simulation harnesses are not linted here.
var feLintDirs = []string{".", "rtl"}

// feLintFiles returns the synthesizable Verilog files, sorted, and the folders
// they are in (the include path where a module finds its submodules).
func feLintFiles(t testing.TB) (files, dirs []string) {
	_, file, _, ok := runtime.Caller(0)
	require.True(t, ok)
	root := filepath.Dir(file)
	for _, d := range feLintDirs {
		dir := filepath.Join(root, d)
		found, err := filepath.Glob(filepath.Join(dir, "*.v"))
		require.NoError(t, err)
		if len(found) > 0 {
			files = append(files, found...)
			dirs = append(dirs, dir)
		}
	}
	sort.Strings(files)
	return files, dirs
}

// TestVerilatorLint runs `verilator --lint-only -Wall` on every module of
// hdl/ (each file as the top, default parameters, submodules found on the
// include path) and fails on any warning. A waived warning is waived in the
// source with a comment saying why.
func TestVerilatorLint(t *testing.T) {
	verilator, err := exec.LookPath("verilator")
	if err != nil {
		t.Skip("verilator not found: install the Debian package verilator (apt-get install verilator)")
	}
	files, dirs := feLintFiles(t)
	require.NotEmpty(t, files)
	var inc []string
	for _, d := range dirs {
		inc = append(inc, "-I"+d)
	}
	for _, f := range files {
		top := strings.TrimSuffix(filepath.Base(f), ".v")
		t.Run(top, func(t *testing.T) {
			args := append([]string{"--lint-only", "-Wall", "--top-module", top}, inc...)
			out, err := exec.Command(verilator, append(args, f)...).CombinedOutput()
			require.NoError(t, err, "verilator --lint-only -Wall %s:\n%s", filepath.Base(f), out)
			require.Empty(t, strings.TrimSpace(string(out)), "verilator warnings on %s", filepath.Base(f))
		})
	}
}

// TestModuleFileNames: one module per file, named after the file (lowRISC
// style), so the lint above and the builds find every module by name.
func TestModuleFileNames(t *testing.T) {
	files, _ := feLintFiles(t)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		var modules []string
		for _, line := range strings.Split(string(src), "\n") {
			fields := strings.Fields(line)
			if len(fields) >= 2 && fields[0] == "module" {
				modules = append(modules, strings.TrimRight(fields[1], "#(;"))
			}
		}
		require.Equal(t, []string{strings.TrimSuffix(filepath.Base(f), ".v")}, modules, "modules in %s", f)
	}
}
