package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fpt09Dir is the shared FPT'09 benchmark directory seen from this package.
var fpt09Dir = filepath.Join("..", "..", "..", "shared", "data", "fpt09")

// runCmd runs the program in-process with stdin text and returns the exit
// status, stdout and stderr.
func runCmd(t *testing.T, input string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	saved := stdin
	stdin = strings.NewReader(input)
	defer func() { stdin = saved }()
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

func TestEveryCommandHasHelp(t *testing.T) {
	for name := range commands {
		t.Run(name, func(t *testing.T) {
			code, out, errOut := runCmd(t, "", name, "--help")
			assert.Equal(t, exitOK, code)
			assert.Contains(t, out, "usage: sudokusim "+name)
			assert.Empty(t, errOut)
		})
	}
}

func TestDispatch(t *testing.T) {
	code, out, _ := runCmd(t, "", "help")
	assert.Equal(t, exitOK, code)
	for name := range commands {
		assert.Contains(t, out, "  "+name+" ")
	}
	code, _, errOut := runCmd(t, "", "frobnicate")
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, "sudokusim: unknown command \"frobnicate\" (run 'sudokusim help')\n", errOut)
	code, _, _ = runCmd(t, "")
	assert.Equal(t, exitUsage, code)
}

func TestBadFlagIsOneLine(t *testing.T) {
	for _, name := range []string{"check", "gen", "ref"} {
		code, out, errOut := runCmd(t, "", name, "--no-such-flag")
		assert.Equal(t, exitUsage, code)
		assert.Empty(t, out)
		assert.Equal(t, "sudokusim "+name+": flag provided but not defined: -no-such-flag (see --help)\n", errOut)
	}
}

func TestFlagsAfterArguments(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "data", "fpt09", "puzzle03a.sudoku")
	if _, err := os.Stat(path); err != nil {
		t.Skip("FPT'09 suite not beside the checkout")
	}
	var out, errb bytes.Buffer
	code := run([]string{"ref", path, "--json"}, &out, &errb)
	require.Equal(t, exitOK, code, errb.String())
	assert.True(t, strings.HasPrefix(out.String(), "{"), "JSON on stdout: %q", out.String())
	out.Reset()
	code = run([]string{"solve", path, "--link", "direct", "--json"}, &out, &errb)
	require.Equal(t, exitOK, code, errb.String())
	assert.Contains(t, out.String(), `"link":"direct"`)
}
