package synth

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// WriteSources copies the files of fsys that match any of the patterns
// (path.Match syntax, e.g. "rtl/*.v") into a new directory under the system's
// temporary directory and returns it with the copied files, sorted. The
// caller removes the directory.
func WriteSources(fsys fs.FS, patterns ...string) (dir string, files []string, err error) {
	var names []string
	for _, p := range patterns {
		m, err := fs.Glob(fsys, p)
		if err != nil {
			return "", nil, fmt.Errorf("synth: %w", err)
		}
		names = append(names, m...)
	}
	if len(names) == 0 {
		return "", nil, fmt.Errorf("synth: no Verilog source matches %v", patterns)
	}
	sort.Strings(names)
	dir, err = os.MkdirTemp("", "sudokusim-hdl-")
	if err != nil {
		return "", nil, fmt.Errorf("synth: %w", err)
	}
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			os.RemoveAll(dir)
			return "", nil, fmt.Errorf("synth: %w", err)
		}
		out := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			os.RemoveAll(dir)
			return "", nil, fmt.Errorf("synth: %w", err)
		}
		if err := os.WriteFile(out, b, 0o644); err != nil {
			os.RemoveAll(dir)
			return "", nil, fmt.Errorf("synth: %w", err)
		}
		files = append(files, out)
	}
	return dir, files, nil
}
