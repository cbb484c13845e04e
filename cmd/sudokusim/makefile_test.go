package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// `make fuzz` runs every fuzz target of the tree (issue 13, item 8: it
// missed FuzzFrameDecoder).
func TestMakeFuzzRunsEveryFuzzTarget(t *testing.T) {
	root := filepath.Join("..", "..")
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	require.NoError(t, err)
	i := strings.Index(string(mk), "\nfuzz:")
	require.GreaterOrEqual(t, i, 0, "Makefile has no fuzz target")
	recipe := string(mk[i+1:])
	if j := strings.Index(recipe, "\n\n"); j >= 0 {
		recipe = recipe[:j]
	}
	fuzzFunc := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)
	var found []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != root {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range fuzzFunc.FindAllStringSubmatch(string(b), -1) {
			pkg := "./" + filepath.ToSlash(filepath.Dir(strings.TrimPrefix(p, root+string(filepath.Separator))))
			found = append(found, m[1])
			assert.Regexp(t, regexp.MustCompile(regexp.QuoteMeta(pkg)+` .*-fuzz `+m[1]+`\b`), recipe, "make fuzz does not run %s in %s", m[1], pkg)
		}
		return nil
	})
	require.NoError(t, err)
	assert.Contains(t, found, "FuzzFrameDecoder")
}
