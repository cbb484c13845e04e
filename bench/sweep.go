package bench

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"sudokusim/rtl/area"
	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
)

// Spec is a sweep to run.
type Spec struct {
	Axes    Axes
	Puzzles []Puzzle
	// Mode is "fast" (bnb.Fast, the default) or "cycle" (bnb.Simulate).
	Mode string
	// MaxCycles is the per-point search limit; 0 is t_max of the puzzle's
	// order at the point's clock.
	MaxCycles uint64
	// Link is how the puzzle reaches the processor.
	Link bnb.Link
	// Device is where the resource columns are placed (area.DefaultDevice
	// when empty).
	Device string
	// Jobs is the number of points run at once (all cores when 0).
	Jobs  int
	Shard Shard
	// Out is the output directory.
	Out string
	// Progress, when set, receives a progress bar.
	Progress io.Writer
}

// settings are the spec's result-changing settings as every point carries
// them (TestSpecFieldsAreClassified holds each Spec field to being either
// here or declared result-neutral), with the defaults filled in and the
// device by its catalogue name.
func (s Spec) settings() (Settings, area.Device, error) {
	set := Settings{Mode: s.Mode, MaxCycles: s.MaxCycles, Link: s.Link.String(), Device: s.Device}
	if set.Mode == "" {
		set.Mode = "fast"
	}
	if set.Mode != "fast" && set.Mode != "cycle" {
		return Settings{}, area.Device{}, fmt.Errorf("bench: mode %q is not fast or cycle", set.Mode)
	}
	if set.Device == "" {
		set.Device = area.DefaultDevice
	}
	dev, err := area.LookupDevice(set.Device)
	if err != nil {
		return Settings{}, area.Device{}, err
	}
	set.Device = dev.Name
	return set, dev, nil
}

// Points is every point of the sweep (all shards), settings filled in.
func (s Spec) Points() ([]Point, error) {
	set, _, err := s.settings()
	if err != nil {
		return nil, err
	}
	return Points(s.Axes, s.Puzzles, set)
}

// Summary says what a Run did.
type Summary struct {
	Points, Skipped, Ran int
	// CostSeconds is the sum of the shard's points' costs (entry), those
	// run earlier included: the CPU time the shard needs.
	CostSeconds float64
}

// Run runs the sweep's points that the journal in Out does not already
// hold, then writes the results and plots of all the shard's points.
func Run(s Spec) (Summary, error) {
	set, dev, err := s.settings()
	if err != nil {
		return Summary{}, err
	}
	all, err := Points(s.Axes, s.Puzzles, set)
	if err != nil {
		return Summary{}, err
	}
	pts := s.Shard.Select(all)
	if err := writeManifest(s.Out, Manifest{Sweep: SweepID(all), Shard: s.Shard.String(), Total: len(all), Points: pts}); err != nil {
		return Summary{}, err
	}
	done, err := readJournal(s.Out)
	if err != nil {
		return Summary{}, err
	}
	grids := map[string]*sudoku.Grid{}
	for _, p := range s.Puzzles {
		if _, dup := grids[p.Name]; dup {
			return Summary{}, fmt.Errorf("bench: two puzzles named %q", p.Name)
		}
		grids[p.Name] = p.Grid
	}
	var todo []Point
	for _, p := range pts {
		if _, ok := done[p.Key()]; !ok {
			todo = append(todo, p)
		}
	}
	sum := Summary{Points: len(pts), Skipped: len(pts) - len(todo), Ran: len(todo)}
	if len(todo) > 0 {
		if err := s.runPoints(todo, grids, done); err != nil {
			return sum, err
		}
	}
	rows := make([]Row, 0, len(pts))
	for _, p := range pts {
		e := done[p.Key()]
		rows = append(rows, e.Row)
		sum.CostSeconds += e.CostSeconds
	}
	return sum, WriteResults(s.Out, rows, dev)
}

// runPoints runs points on Jobs workers, journalling each row.
func (s Spec) runPoints(todo []Point, grids map[string]*sudoku.Grid, done map[string]entry) error {
	j, err := openJournal(s.Out)
	if err != nil {
		return err
	}
	jobs := s.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	var bar *progressbar.ProgressBar
	if s.Progress != nil {
		bar = progressbar.NewOptions(len(todo),
			progressbar.OptionSetWriter(s.Progress),
			progressbar.OptionSetDescription("sweep"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(s.Progress) }))
	}
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	ch := make(chan Point)
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread() // threadCPU measures this goroutine alone
			defer runtime.UnlockOSThread()
			for p := range ch {
				cost := startCost()
				r, err := runPoint(p, grids[p.Puzzle])
				e := entry{Row: r, CostSeconds: cost()}
				mu.Lock()
				if err == nil {
					err = j.add(e)
					done[p.Key()] = e
				}
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("bench: %s on %s: %w", p.Puzzle, p.Config(), err)
				}
				if bar != nil {
					_ = bar.Add(1)
				}
				mu.Unlock()
			}
		}()
	}
	for _, p := range todo {
		ch <- p
	}
	close(ch)
	wg.Wait()
	if err := j.close(); err != nil && firstErr == nil {
		firstErr = err
	}
	return firstErr
}

// startCost starts measuring a point's cost on the calling (locked)
// thread: its CPU time, or its wall-clock time where there is no thread
// clock. The returned function reads it in seconds.
func startCost() func() float64 {
	wall := time.Now()
	cpu, ok := threadCPU()
	return func() float64 {
		if now, ok2 := threadCPU(); ok && ok2 {
			return (now - cpu).Seconds()
		}
		return time.Since(wall).Seconds()
	}
}

// runPoint simulates one point and estimates its configuration. It reads
// nothing but the point and its grid (whose hash is in the point), so the
// point's key names everything its row depends on.
func runPoint(p Point, g *sudoku.Grid) (Row, error) {
	link, err := bnb.ParseLink(p.Link)
	if err != nil {
		return Row{}, err
	}
	dev, err := area.LookupDevice(p.Device)
	if err != nil {
		return Row{}, err
	}
	cfg, err := SimConfig(p.Config(), link)
	if err != nil {
		return Row{}, err
	}
	cfg.MaxSearchCycles = p.MaxCycles
	var res bnb.Result
	if p.Mode == "cycle" {
		res, err = bnb.Simulate(cfg, g, bnb.SimOptions{})
	} else {
		res, err = bnb.Fast(cfg, g)
	}
	if err != nil {
		return Row{}, err
	}
	ap, err := AreaParams(p.Config(), link == bnb.LinkUART)
	if err != nil {
		return Row{}, err
	}
	est, err := area.Estimate(ap)
	if err != nil {
		return Row{}, err
	}
	fit := est.Fit(dev)
	c := res.Cycles
	r := Row{
		Point: p, Status: res.Status.String(),
		Cycles: c.Total(), Rx: c.Rx, Load: c.Load, HeurCycles: c.Heuristics, Search: c.Search, Tx: c.Tx,
		Solve: c.Load + c.Heuristics + c.Search,
		Nodes: res.Search.Nodes, Backtracks: res.Search.Backtracks, MaxDepth: res.Search.MaxDepth,
		Seconds: float64(c.Total()) / cfg.ClockHz, TMax: sudoku.TMax(g.Order),
		Slices: fit.Slices, BlockRAMs: fit.BlockRAMs, Fits: fit.Fits,
	}
	r.WithinTMax = res.Status == bnb.Solved && r.Seconds <= r.TMax
	if math.IsInf(r.Seconds, 0) || math.IsNaN(r.Seconds) {
		return Row{}, fmt.Errorf("clock %g MHz gives no time", p.ClockMHz)
	}
	return r, nil
}

// AreaParams is the resource-model configuration of a sweep configuration.
func AreaParams(c Config, uart bool) (area.Params, error) {
	hs, err := logic.ParseHeuristics(c.Heuristics)
	if err != nil {
		return area.Params{}, err
	}
	p := area.Params{MaxOrder: c.MaxOrder, CPC: c.CPC, Heuristics: hs, SubsetUnits: c.SubsetUnits,
		UART: uart, ClockHz: c.ClockMHz * 1e6, Baud: 115200}
	return p, p.Validate()
}

// SimConfig is the simulator configuration of a sweep configuration.
func SimConfig(c Config, link bnb.Link) (bnb.Config, error) {
	hs, err := logic.ParseHeuristics(c.Heuristics)
	if err != nil {
		return bnb.Config{}, err
	}
	cfg := bnb.DefaultConfig()
	cfg.CPC, cfg.MaxOrder, cfg.ClockHz, cfg.Link = c.CPC, c.MaxOrder, c.ClockMHz*1e6, link
	cfg.Heuristics, cfg.SubsetUnits = hs, c.SubsetUnits
	return cfg, cfg.Validate()
}

// WriteResults writes results.csv, results.json and the plots of rows into
// dir.
func WriteResults(dir string, rows []Row, dev area.Device) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	sortRows(rows)
	write := func(name string, fn func(io.Writer) error) error {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		if err := fn(f); err != nil {
			f.Close()
			return fmt.Errorf("bench: %s: %w", name, err)
		}
		return f.Close()
	}
	if err := write("results.csv", func(w io.Writer) error { return WriteCSV(w, rows) }); err != nil {
		return err
	}
	if err := write("results.json", func(w io.Writer) error { return WriteJSON(w, rows) }); err != nil {
		return err
	}
	return WritePlots(dir, rows, dev)
}

// MergeSummary says what a Merge joined.
type MergeSummary struct {
	Points, Shards int
	// CostSeconds is the sum of the points' costs (entry): the CPU time
	// the sweep took.
	CostSeconds float64
}

// Merge joins the shard directories of one sweep into out: their
// manifests must name one sweep, every shard must be there once and be
// finished (a journal row for each of its points). It writes the journal,
// manifest, results and plots of the whole sweep, the same bytes as an
// unsharded run. The resource columns' device is the sweep's; device, when
// not empty, must name it.
func Merge(out string, dirs []string, device string) (MergeSummary, error) {
	if len(dirs) == 0 {
		return MergeSummary{}, errors.New("bench: merge: no shard directories")
	}
	type shard struct {
		dir  string
		m    Manifest
		rows []entry
	}
	var (
		first  shard
		n      int
		shards = map[int]shard{}
	)
	for _, d := range dirs {
		m, err := ReadManifest(d)
		if err != nil {
			return MergeSummary{}, fmt.Errorf("bench: merge: %w", err)
		}
		sh, err := ParseShard(m.Shard)
		if err != nil {
			return MergeSummary{}, fmt.Errorf("bench: merge: %s: %w", d, err)
		}
		if first.dir == "" {
			first, n = shard{dir: d, m: m}, sh.N
		}
		if m.Sweep != first.m.Sweep {
			return MergeSummary{}, fmt.Errorf("bench: merge: %s holds sweep %s but %s holds sweep %s: shards of different sweeps do not merge",
				d, m.Sweep, first.dir, first.m.Sweep)
		}
		if sh.N != n || m.Total != first.m.Total {
			return MergeSummary{}, fmt.Errorf("bench: merge: %s is shard %s of %d points but %s is shard %s of %d", d, m.Shard, m.Total, first.dir, first.m.Shard, first.m.Total)
		}
		if prev, dup := shards[sh.I]; dup {
			return MergeSummary{}, fmt.Errorf("bench: merge: shard %s is both %s and %s", m.Shard, prev.dir, d)
		}
		done, err := readJournal(d)
		if err != nil {
			return MergeSummary{}, err
		}
		rows := make([]entry, 0, len(m.Points))
		for _, p := range m.Points {
			if e, ok := done[p.Key()]; ok {
				rows = append(rows, e)
			}
		}
		if len(rows) < len(m.Points) {
			return MergeSummary{}, fmt.Errorf("bench: merge: %s: shard %s is unfinished (%d of %d points journalled); run it again to resume it",
				d, m.Shard, len(rows), len(m.Points))
		}
		shards[sh.I] = shard{dir: d, m: m, rows: rows}
	}
	var missing []string
	for i := 0; i < n; i++ {
		if _, ok := shards[i]; !ok {
			missing = append(missing, Shard{I: i, N: n}.String())
		}
	}
	if len(missing) > 0 {
		return MergeSummary{}, fmt.Errorf("bench: merge: sweep %s is missing shard %s", first.m.Sweep, strings.Join(missing, ", "))
	}
	// Shard i holds points i, i+n, i+2n, …: deal them back in sweep order.
	all := make([]Point, 0, first.m.Total)
	entries := make([]entry, 0, first.m.Total)
	for j := 0; j < first.m.Total; j++ {
		sh := shards[j%n]
		if j/n >= len(sh.m.Points) {
			return MergeSummary{}, fmt.Errorf("bench: merge: %s: shard %s has %d points, too few for a sweep of %d", sh.dir, sh.m.Shard, len(sh.m.Points), first.m.Total)
		}
		all = append(all, sh.m.Points[j/n])
		entries = append(entries, sh.rows[j/n])
	}
	if id := SweepID(all); id != first.m.Sweep {
		return MergeSummary{}, fmt.Errorf("bench: merge: the shards' points make sweep %s, not %s: a manifest was edited or is from another sudokusim", id, first.m.Sweep)
	}
	dev, err := area.LookupDevice(all[0].Device)
	if err != nil {
		return MergeSummary{}, err
	}
	if device != "" && !strings.EqualFold(device, dev.Name) {
		return MergeSummary{}, fmt.Errorf("bench: merge: the sweep placed its designs on %s, not %s", dev.Name, device)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return MergeSummary{}, err
	}
	if err := os.Remove(filepath.Join(out, JournalName)); err != nil && !os.IsNotExist(err) {
		return MergeSummary{}, err
	}
	j, err := openJournal(out)
	if err != nil {
		return MergeSummary{}, err
	}
	sum := MergeSummary{Points: len(entries), Shards: n}
	rows := make([]Row, len(entries))
	for i, e := range entries {
		if err := j.add(e); err != nil {
			j.close()
			return MergeSummary{}, err
		}
		rows[i] = e.Row
		sum.CostSeconds += e.CostSeconds
	}
	if err := j.close(); err != nil {
		return MergeSummary{}, err
	}
	if err := writeManifest(out, Manifest{Sweep: first.m.Sweep, Shard: Shard{}.String(), Total: len(all), Points: all}); err != nil {
		return MergeSummary{}, err
	}
	return sum, WriteResults(out, rows, dev)
}
