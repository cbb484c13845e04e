package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"

	"sudokusim/sim"
)

// Exit statuses shared by every subcommand (DESIGN §4).
const (
	exitOK    = 0 // solved, valid, done
	exitFail  = 1 // ran but not solved, or invalid
	exitUsage = 2 // bad usage or bad input
)

// command is one subcommand. run gets the arguments after the subcommand
// name and returns the exit status; it must not call os.Exit, so tests can
// run it in-process.
type command struct {
	name    string
	summary string // one line for `sudokusim help`
	run     func(args []string, stdout, stderr io.Writer) int
}

// commands is the registry; subcommands add themselves from init with
// register. A file per subcommand keeps engineers out of each other's code.
var commands = map[string]command{}

// stdin is what FILE "-" reads; tests replace it.
var stdin io.Reader = os.Stdin

// register adds a subcommand; a duplicate name is a programming error.
func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("sudokusim: subcommand " + c.name + " registered twice")
	}
	commands[c.name] = c
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run dispatches to a subcommand.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printCommands(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return c.run([]string{"--help"}, stdout, stderr)
			}
			fmt.Fprintf(stderr, "sudokusim: unknown command %q (run 'sudokusim help')\n", args[1])
			return exitUsage
		}
		printCommands(stdout)
		return exitOK
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "sudokusim: unknown command %q (run 'sudokusim help')\n", name)
		return exitUsage
	}
	return c.run(args[1:], stdout, stderr)
}

func printCommands(w io.Writer) {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintln(w, "usage: sudokusim COMMAND [flags] [args]   (sudokusim COMMAND --help for details)")
	fmt.Fprintln(w, "commands:")
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
}

// newFlagSet returns a FlagSet for subcommand name whose --help prints
// synopsis (the usage line and any explanation) and then every flag in the
// long --flag spelling. Parse errors are not printed by the flag package;
// parseFlags prints them as one line.
func newFlagSet(name, synopsis string, stdout io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintln(stdout, strings.TrimRight(synopsis, "\n"))
		var any bool
		fs.VisitAll(func(f *flag.Flag) {
			if !any {
				fmt.Fprintln(stdout, "flags:")
				any = true
			}
			arg, usage := flag.UnquoteUsage(f)
			long := "--" + f.Name
			if len(f.Name) == 1 {
				long = "-" + f.Name
			}
			if arg != "" {
				long += " " + arg
			}
			def := ""
			if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
				def = fmt.Sprintf(" (default %s)", f.DefValue)
			}
			fmt.Fprintf(stdout, "  %-22s %s%s\n", long, usage, def)
		})
	}
	return fs
}

// parseFlags parses args. It returns done=true with the exit status when the
// subcommand must stop: --help (status 0, help on stdout) or a bad flag
// (status 2, one line on stderr).
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) (done bool, status int) {
	usage := fs.Usage
	fs.Usage = func() {} // the flag package calls it on every error; we print our own
	err := parseInterleaved(fs, args)
	fs.Usage = usage
	switch {
	case err == nil:
		return false, exitOK
	case errors.Is(err, flag.ErrHelp):
		fs.Usage()
		return true, exitOK
	default:
		fmt.Fprintf(stderr, "sudokusim %s: %v (see --help)\n", fs.Name(), err)
		return true, exitUsage
	}
}

// parseInterleaved parses flags that may stand before, between or after
// the positional arguments (`ref FILE --json` as well as `ref --json FILE`);
// "--" still ends the flags. The positional arguments end up in fs.Args().
func parseInterleaved(fs *flag.FlagSet, args []string) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		// fs.Parse stops at the first positional argument, or after "--".
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			pos = append(pos, rest...)
			break
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
	return fs.Parse(append([]string{"--"}, pos...))
}

// usageError prints one line for bad usage, without Go package prefixes,
// and returns exitUsage.
func usageError(stderr io.Writer, cmd, format string, args ...any) int {
	fmt.Fprintf(stderr, "sudokusim %s: %s (see --help)\n", cmd, stripPkg(fmt.Sprintf(format, args...)))
	return exitUsage
}

// inputError prints a bad-input error (which already names the file, line
// and column) as one line and returns exitUsage.
func inputError(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, oneLine(err.Error()))
	return exitUsage
}

// oneLine folds a message onto one line.
func oneLine(s string) string {
	return strings.ReplaceAll(strings.TrimSpace(s), "\n", "; ")
}

// paramFlags maps the parameters a design's Validate names (*sim.ParamError)
// to the flags that set them, so errors speak the command line's words.
var paramFlags = map[string]string{
	"maximum order": "max-order", "candidates per cycle": "cpc", "clock": "clock-mhz", "bit rate": "baud",
	"subset units": "subset-units", "population": "population", "tournament size": "tournament",
	"mutation probability": "mutation", "generation limit": "generations", "board engines": "boards",
	"copy width": "copy-width", "branch stack": "stack", "cycle limit": "max-cycles", "input buffer": "input-fifo",
}

// configError reports a configuration a design refused as bad usage: a
// *sim.ParamError as the flag and the value the user gave ("--cpc 3: want
// 1, 2, 4, 8, 16 or 32"), anything else as its message without the Go
// package prefix.
func configError(stderr io.Writer, cmd string, fs *flag.FlagSet, err error) int {
	var pe *sim.ParamError
	if errors.As(err, &pe) {
		if name, ok := paramFlags[pe.Param]; ok {
			if f := fs.Lookup(name); f != nil {
				return usageError(stderr, cmd, "--%s %s: want %s", name, f.Value.String(), pe.Want)
			}
		}
		return usageError(stderr, cmd, "%s %s: want %s", pe.Param, pe.Got, pe.Want)
	}
	return usageError(stderr, cmd, "%s", stripPkg(err.Error()))
}

// goPkgPrefix matches the Go package prefixes ("bnb: ", "gen: ") that
// wrapped errors carry, at the start or after another ": ".
var goPkgPrefix = regexp.MustCompile(`(^|: )(bnb|area|sim|ga|swarm|logic|uart|bench|gen|sudoku|dlx): `)

// stripPkg drops the Go package prefixes from a message meant for a user.
func stripPkg(msg string) string {
	return goPkgPrefix.ReplaceAllString(msg, "$1")
}
