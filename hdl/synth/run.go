package synth

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Param is one Verilog parameter of the top module.
type Param struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

// Job is one synthesis run: the Verilog sources, the top module and its
// parameters.
type Job struct {
	Files  []string `json:"files"`
	Top    string   `json:"top"`
	Params []Param  `json:"params"`
}

// Module is one module of the synthesised hierarchy.
type Module struct {
	// Name is the Verilog module name; Yosys's parameterised copies
	// ($paramod\name\P=…) are reported under the plain name and told apart by
	// Params.
	Name   string `json:"name"`
	Params string `json:"params,omitempty"`
	// Instances is how many times the module occurs in the design.
	Instances int `json:"instances"`
	// Own are the cells of the module itself, Total those of one instance
	// with everything below it.
	Own   Cells `json:"own"`
	Total Cells `json:"total"`
	// Children are the names (as in Yosys) of the modules it instantiates.
	Children []Count `json:"children,omitempty"`
	yosys    string
}

// Report is the result of one synthesis run.
type Report struct {
	Job     Job     `json:"job"`
	Yosys   string  `json:"yosys"`
	Family  string  `json:"family"`
	Seconds float64 `json:"seconds"`
	// Modules in hierarchy order (top first, then depth first).
	Modules []Module `json:"modules"`
	// Design is the whole design's cells.
	Design Cells `json:"design"`
	// Cached says the report came from the cache, not a fresh run.
	Cached bool `json:"cached"`
}

// Module returns the module of that Verilog name (the first parameter set
// when there are several) and whether it is in the design.
func (r *Report) Module(name string) (Module, bool) {
	for _, m := range r.Modules {
		if m.Name == name {
			return m, true
		}
	}
	return Module{}, false
}

// ErrNoYosys is returned when the yosys program is not on the PATH.
var ErrNoYosys = errors.New("yosys not found: install the Debian package yosys (apt-get install -y yosys)")

// Version is the first line of `yosys -V`.
func Version(ctx context.Context) (string, error) {
	path, err := exec.LookPath("yosys")
	if err != nil {
		return "", ErrNoYosys
	}
	out, err := exec.CommandContext(ctx, path, "-V").Output()
	if err != nil {
		return "", fmt.Errorf("synth: yosys -V: %w", err)
	}
	return strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0]), nil
}

// Script is the Yosys script of a job: read the sources, set the top's
// parameters, map for the Virtex-II Pro with the hierarchy kept, and write
// the statistics as JSON to stat.
func (j Job) Script(stat string) string {
	var b strings.Builder
	for _, f := range j.Files {
		fmt.Fprintf(&b, "read_verilog %s\n", f)
	}
	if len(j.Params) > 0 {
		b.WriteString("chparam")
		for _, p := range j.Params {
			fmt.Fprintf(&b, " -set %s %d", p.Name, p.Value)
		}
		fmt.Fprintf(&b, " %s\n", j.Top)
	}
	fmt.Fprintf(&b, "synth_xilinx -family xc2vp -top %s\n", j.Top)
	fmt.Fprintf(&b, "tee -q -o %s stat -json\n", stat)
	return b.String()
}

// Options control a run.
type Options struct {
	// CacheDir holds cached reports; empty is the user's cache directory.
	// NoCache runs Yosys even when a cached report exists (and refreshes it).
	CacheDir string
	NoCache  bool
	// Progress, when set, receives a status line about every two seconds
	// while Yosys runs (the pass it is in and the time spent).
	Progress io.Writer
}

// Run synthesises the job, or returns its cached report.
func Run(ctx context.Context, j Job, opt Options) (*Report, error) {
	for _, f := range j.Files {
		if strings.ContainsAny(f, " \t\n\"") {
			return nil, fmt.Errorf("synth: %q: Yosys scripts cannot name a file with spaces or quotes", f)
		}
	}
	version, err := Version(ctx)
	if err != nil {
		return nil, err
	}
	key, err := j.key(version)
	if err != nil {
		return nil, err
	}
	cache := opt.CacheDir
	if cache == "" {
		if d, err := os.UserCacheDir(); err == nil {
			cache = filepath.Join(d, "sudokusim", "synth")
		}
	}
	var cached string
	if cache != "" {
		cached = filepath.Join(cache, key+".json")
		if !opt.NoCache {
			if r, err := readReport(cached); err == nil {
				r.Cached = true
				return r, nil
			}
		}
	}
	r, err := runYosys(ctx, j, version, opt.Progress)
	if err != nil {
		return nil, err
	}
	if cached != "" {
		if err := writeReport(cached, r); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// key hashes everything the result depends on.
func (j Job) key(version string) (string, error) {
	h := sha256.New()
	// The script names the sources by base name: the same sources in
	// another directory (WriteSources makes a new one per run) are the
	// same configuration.
	named := j
	named.Files = make([]string, len(j.Files))
	for i, f := range j.Files {
		named.Files[i] = filepath.Base(f)
	}
	fmt.Fprintf(h, "%s\n%s\n", version, named.Script("stat.json"))
	for _, f := range j.Files {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", fmt.Errorf("synth: %w", err)
		}
		fmt.Fprintf(h, "%s %d\n", filepath.Base(f), len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:32], nil
}

func readReport(path string) (*Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

func writeReport(path string, r *Report) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("synth: cache: %w", err)
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("synth: cache: %w", err)
	}
	return os.Rename(tmp, path)
}

// runYosys runs the job in a scratch directory.
func runYosys(ctx context.Context, j Job, version string, progress io.Writer) (*Report, error) {
	dir, err := os.MkdirTemp("", "sudokusim-synth-")
	if err != nil {
		return nil, fmt.Errorf("synth: %w", err)
	}
	defer os.RemoveAll(dir)
	files := make([]string, len(j.Files))
	for i, f := range j.Files {
		if files[i], err = filepath.Abs(f); err != nil {
			return nil, fmt.Errorf("synth: %w", err)
		}
	}
	abs := j
	abs.Files = files
	stat := filepath.Join(dir, "stat.json")
	script := filepath.Join(dir, "synth.ys")
	logf := filepath.Join(dir, "yosys.log")
	if err := os.WriteFile(script, []byte(abs.Script(stat)), 0o644); err != nil {
		return nil, fmt.Errorf("synth: %w", err)
	}
	cmd := exec.CommandContext(ctx, "yosys", "-q", "-l", logf, "-s", script)
	var stderr bytes.Buffer
	cmd.Stdout = &stderr
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("synth: yosys: %w", err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var runErr error
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
wait:
	for {
		select {
		case runErr = <-done:
			break wait
		case <-tick.C:
			if progress != nil {
				fmt.Fprintf(progress, "\rsynth: %s, %.0f s  %s", j.Top, time.Since(start).Seconds(), lastPass(logf))
			}
		}
	}
	if progress != nil && time.Since(start) > 2*time.Second {
		fmt.Fprintln(progress)
	}
	if runErr != nil {
		return nil, fmt.Errorf("synth: yosys failed: %s", firstError(stderr.String(), logf))
	}
	raw, err := os.ReadFile(stat)
	if err != nil {
		return nil, fmt.Errorf("synth: yosys wrote no statistics: %w", err)
	}
	r, err := parseStat(raw, abs.Top)
	if err != nil {
		return nil, err
	}
	r.Job = j
	r.Yosys = version
	r.Family = "xc2vp"
	r.Seconds = time.Since(start).Seconds()
	return r, nil
}

// lastPass is the last "Executing … pass" line of the log, for progress.
func lastPass(logf string) string {
	f, err := os.Open(logf)
	if err != nil {
		return ""
	}
	defer f.Close()
	last := ""
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.Contains(line, "Executing") {
			last = strings.TrimSpace(line)
		}
	}
	if len(last) > 60 {
		last = last[:60]
	}
	return last
}

// firstError is the first line Yosys marked as an error.
func firstError(out, logf string) string {
	text := out
	if b, err := os.ReadFile(logf); err == nil {
		text = out + "\n" + string(b)
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "ERROR") || strings.Contains(line, "error:") {
			return strings.TrimSpace(line)
		}
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// statJSON is the part of `stat -json` this package reads.
type statJSON struct {
	Modules map[string]struct {
		Cells map[string]int `json:"num_cells_by_type"`
	} `json:"modules"`
}

// parseStat turns Yosys's statistics into a Report.
func parseStat(raw []byte, top string) (*Report, error) {
	var s statJSON
	if err := json.Unmarshal(jsonLines(raw), &s); err != nil {
		return nil, fmt.Errorf("synth: reading yosys statistics: %w", err)
	}
	mods := map[string]*Module{}
	for yname, m := range s.Modules {
		mod := &Module{yosys: yname}
		mod.Name, mod.Params = plainName(yname)
		types := make([]string, 0, len(m.Cells))
		for t := range m.Cells {
			types = append(types, t)
		}
		sort.Strings(types)
		for _, t := range types {
			n := m.Cells[t]
			if _, sub := s.Modules[t]; sub {
				mod.Children = append(mod.Children, Count{Type: t, N: n})
				continue
			}
			mod.Own.add(t, n)
		}
		mods[yname] = mod
	}
	root := ""
	for yname, m := range mods {
		if m.Name == top && (root == "" || yname < root) {
			root = yname
		}
	}
	if root == "" {
		return nil, fmt.Errorf("synth: top module %s not in the synthesised design", top)
	}
	// Totals bottom-up, instance counts top-down.
	var total func(string, int) (Cells, error)
	total = func(y string, depth int) (Cells, error) {
		if depth > 64 {
			return Cells{}, fmt.Errorf("synth: hierarchy deeper than 64 at %s", y)
		}
		m := mods[y]
		t := m.Own
		for _, c := range m.Children {
			ct, err := total(c.Type, depth+1)
			if err != nil {
				return Cells{}, err
			}
			t = t.plus(ct, c.N)
		}
		m.Total = t
		return t, nil
	}
	design, err := total(root, 0)
	if err != nil {
		return nil, err
	}
	r := &Report{Design: design}
	var walk func(string, int)
	seen := map[string]bool{}
	var order []string
	walk = func(y string, n int) {
		mods[y].Instances += n
		if !seen[y] {
			seen[y] = true
			order = append(order, y)
		}
		for _, c := range mods[y].Children {
			walk(c.Type, n*c.N)
		}
	}
	walk(root, 1)
	for _, y := range order {
		m := *mods[y]
		for i, c := range m.Children {
			m.Children[i].Type, _ = plainName(c.Type)
		}
		r.Modules = append(r.Modules, m)
	}
	return r, nil
}

// jsonLines drops the lines of Yosys 0.23's `stat -json` output that are not
// JSON: with a hierarchy it prints the design-hierarchy listing (bare
// "module  count" lines) in the middle of the object.
func jsonLines(raw []byte) []byte {
	var out bytes.Buffer
	for _, line := range bytes.SplitAfter(raw, []byte("\n")) {
		t := bytes.TrimSpace(line)
		if len(t) > 0 && !bytes.ContainsAny(t[:1], `"{}[]`) {
			continue
		}
		out.Write(line)
	}
	return out.Bytes()
}

// plainName splits Yosys's name of a module — "\name" or
// "$paramod\name\P=32'…\Q=…" (or a hashed "$paramod$…\name") — into the
// Verilog name and its parameters, with binary constants as decimals.
func plainName(y string) (name, params string) {
	y = strings.TrimPrefix(y, `\`)
	if !strings.HasPrefix(y, "$paramod") {
		return y, ""
	}
	parts := strings.Split(y, `\`)
	if len(parts) < 2 {
		return y, ""
	}
	name = parts[1]
	var ps []string
	for _, p := range parts[2:] {
		k, v, ok := strings.Cut(p, "=")
		if !ok {
			continue
		}
		if _, bits, ok := strings.Cut(v, "'"); ok {
			if n, err := strconv.ParseUint(strings.TrimPrefix(bits, "s"), 2, 64); err == nil {
				v = strconv.FormatUint(n, 10)
			}
		}
		ps = append(ps, k+"="+v)
	}
	return name, strings.Join(ps, " ")
}
