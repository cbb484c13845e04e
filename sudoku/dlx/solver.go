package dlx

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"sudokusim/sudoku"
)

// Status is how a search ended.
type Status int

const (
	// Solved: a solution was found (Solve) or the count is exact (Count).
	Solved Status = iota
	// Unsolvable: the search space is exhausted without a solution, or the
	// givens clash.
	Unsolvable
	// NodeLimit: Options.NodeLimit placements were tried first.
	NodeLimit
	// Canceled: the context was done first.
	Canceled
)

func (s Status) String() string {
	switch s {
	case Solved:
		return "solved"
	case Unsolvable:
		return "unsolvable"
	case NodeLimit:
		return "node-limit"
	}
	return "canceled"
}

// Options bound and steer a search. The zero value means no limit and the
// plain deterministic Algorithm X.
type Options struct {
	// NodeLimit stops the search after this much work: search nodes
	// (placements tried) plus probes, summed over restarts; 0 means no
	// limit.
	NodeLimit uint64

	// Restart, when above 0, makes Solve a series of randomized runs (the
	// remedy for the heavy-tailed run times of Latin-square completion,
	// Gomes, Selman & Kautz 1998): run i rebuilds the matrix with its row
	// and column order shuffled by a PCG seeded from Seed and i, and gives up
	// after Restart·luby(i) nodes (Luby's sequence 1 1 2 1 1 2 4 ...). The
	// runs are deterministic per Seed. A run that exhausts its tree proves
	// the puzzle unsolvable. Count ignores Restart: counting must be
	// exhaustive.
	Restart uint64
	Seed    uint64

	// Plain turns off probing: the search is then Knuth's Algorithm X and
	// nothing else. Otherwise, for puzzles of order ProbeFrom and up,
	// whenever the search reaches a column with two or more rows while
	// every placement so far was forced, it first probes every live row
	// (place it, follow up to ProbeDepth forced placements, see whether
	// some constraint is left with no row) and deletes the rows that fail;
	// it repeats after the forced placements this unlocks. The deletions
	// are sound, so solutions and counts are unchanged; a hidden pair, for
	// one, is found by probing the cell's other values. Without it 15a is
	// out of reach (over 30 million nodes).
	Plain bool

	// ProbeFrom is the smallest order probed (unless Plain); 0 means
	// DefaultProbeFrom, 2 probes every order.
	ProbeFrom int

	// Deadline, when not zero, stops the search as a done context does
	// (status Canceled) once the wall clock passes it; it is read at the
	// same points, every 4,096 units of work. A caller solving many short
	// puzzles, each with a time limit, gives a deadline rather than a
	// context with a timer per puzzle, which costs more than a 9×9 search.
	Deadline time.Time

	// Progress, when not nil, is called with the work done so far (search
	// nodes plus probes, as NodeLimit counts it) every 4,096 units of
	// work, on the goroutine running the search. It must not use the
	// Solver.
	Progress func(work uint64)
}

// DefaultProbeFrom is the smallest order probed by default. Below it the
// probes cost more than the search they save: on hard 9×9 sets a solve
// with probing made about 575 probes to save about 180 of 425 search
// nodes, each probe costing about a node, and ran 6-7 times slower (see
// docs/reference-solvers.md); from order 4 up a stalled puzzle has
// thousands of live rows and a search that runs to tens of thousands of
// nodes (04b: 97,295 without probing, 22,425 with), and at order 15 the
// 15a is out of reach without it.
const DefaultProbeFrom = 4

// ProbeDepth is how many forced placements a probe follows after the row
// it tries.
const ProbeDepth = 2

// Result is what a search found and what it cost.
type Result struct {
	Status   Status
	Solution *sudoku.Grid // the first solution found, when there is one
	Count    int          // solutions found (Count; 1 for a solved Solve)

	Nodes      uint64 // search nodes: placements tried, over all runs
	Backtracks uint64 // placements undone
	MaxDepth   int    // deepest stack of placements
	Runs       int    // runs made (1 without restarts)
	Probed     int    // rows probed before the first branch
	Pruned     int    // rows the probes deleted

	Columns     int // constraints left after the givens
	Rows        int // placements left after the givens
	MatrixBytes int // memory held by the matrix arrays and the stack
}

// checkEvery is how many search nodes pass between context checks.
const checkEvery = 1 << 12

// Solver holds the matrix and stack between solves, so solving many
// puzzles of one order allocates only for the solutions it returns. The
// zero value is ready to use; a Solver is not safe for concurrent use.
type Solver struct {
	m     matrix
	m3    *matrix3 // order 3 without probing or shuffling (order3.go)
	stack []int32
	trail [ProbeDepth]int32
	rng   *rand.Rand
	pcg   *rand.PCG

	generic bool // tests: search order 3 on matrix, not matrix3
}

// Solve searches for the first solution of g.
func (s *Solver) Solve(ctx context.Context, g *sudoku.Grid, opts Options) (Result, error) {
	if err := sudoku.CheckGrid(g); err != nil {
		return Result{}, fmt.Errorf("dlx: %w", err)
	}
	if opts.Restart == 0 {
		return s.run(ctx, g, nil, opts, opts.NodeLimit, 1, true, Result{}), nil
	}
	if s.rng == nil {
		s.pcg = rand.NewPCG(0, 0)
		s.rng = rand.New(s.pcg)
	}
	var res Result
	for i := uint64(1); ; i++ {
		s.pcg.Seed(opts.Seed, i)
		budget := res.work() + opts.Restart*luby(i)
		if opts.NodeLimit > 0 && budget > opts.NodeLimit {
			budget = opts.NodeLimit
		}
		res = s.run(ctx, g, s.rng, opts, budget, 1, true, res)
		if res.Status != NodeLimit || opts.NodeLimit > 0 && res.work() >= opts.NodeLimit {
			return res, nil
		}
	}
}

// Count counts the solutions of g, stopping at limit (limit < 1 counts
// them all), and keeps the first in Result.Solution. Result.Status is Solved when the count is exact or reached
// the limit, Unsolvable when there is none, NodeLimit or Canceled when the
// count is a lower bound.
func (s *Solver) Count(ctx context.Context, g *sudoku.Grid, limit int, opts Options) (Result, error) {
	if err := sudoku.CheckGrid(g); err != nil {
		return Result{}, fmt.Errorf("dlx: %w", err)
	}
	return s.run(ctx, g, nil, opts, opts.NodeLimit, limit, true, Result{}), nil
}

// Solve is Solver.Solve on a fresh Solver.
func Solve(ctx context.Context, g *sudoku.Grid, opts Options) (Result, error) {
	var s Solver
	return s.Solve(ctx, g, opts)
}

// Count returns the number of solutions of g, up to limit (limit < 1: all).
// Its error is ctx.Err() when the context stopped the count early, or a
// malformed grid.
func Count(ctx context.Context, g *sudoku.Grid, limit int) (int, error) {
	var s Solver
	res, err := s.Count(ctx, g, limit, Options{})
	if err != nil {
		return 0, err
	}
	if res.Status == Canceled {
		return res.Count, ctx.Err()
	}
	return res.Count, nil
}

// probes reports whether a puzzle of the given order is probed.
func (o *Options) probes(order int) bool {
	from := o.ProbeFrom
	if from == 0 {
		from = DefaultProbeFrom
	}
	return !o.Plain && order >= from
}

// work is what Options.NodeLimit bounds: search nodes plus probes.
func (r *Result) work() uint64 { return r.Nodes + uint64(r.Probed) }

// luby is the i-th term (from 1) of Luby's restart sequence.
func luby(i uint64) uint64 {
	for k := uint64(1); ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i >= 1<<(k-1) && i < 1<<k-1 {
			return luby(i - (1 << (k - 1)) + 1)
		}
	}
}

// run builds the matrix (shuffled by rng unless nil) and runs Algorithm X
// until limit solutions (keep: remember the first) or until res.Nodes
// reaches budget (0: none). Counters accumulate into res.
func (s *Solver) run(ctx context.Context, g *sudoku.Grid, rng *rand.Rand, opts Options, budget uint64, limit int, keep bool, res Result) Result {
	if g.Order == 3 && rng == nil && !s.generic && !opts.probes(g.Order) {
		return s.run3(ctx, g, opts, budget, limit, keep, res)
	}
	m := &s.m
	res.Runs++
	if !m.build(g, rng) {
		res.Status = Unsolvable
		return res
	}
	res.Columns, res.Rows = int(m.cols), int(m.rows)
	depth := g.Empty()
	if cap(s.stack) < depth+1 {
		s.stack = make([]int32, depth+1)
	}
	stack := s.stack[:depth+1]
	res.MatrixBytes = m.bytes() + 4*cap(s.stack)

	done := ctx.Done()
	probe := opts.probes(g.Order)
	status := Unsolvable
	k := 0
	// floor is the depth of the first branch: every placement above it was
	// forced (its column had one row), so backtracking to it means the
	// whole tree is done. Until then branched is false and probing may
	// delete rows for good.
	floor, branched := 0, false
	var c, row int32
	// Iterative Algorithm X. "forward" picks a column at level k; "try"
	// places the row stack[k] of column c; "back" undoes level k-1.
forward:
	if m.nd[0].r == 0 {
		res.Count++
		if keep && res.Solution == nil {
			res.Solution = s.solution(g, stack[:k])
		}
		if limit > 0 && res.Count >= limit {
			status = Solved
			goto finish
		}
		goto back
	}
	c = m.choose()
	if !branched && m.size[c] > 1 {
		if probe {
			var left uint64
			if budget > 0 {
				if left = budget - res.work(); left == 0 {
					status = NodeLimit
					goto finish
				}
			}
			probed, removed, halted := m.prune(s.trail[:], left, done, opts.Deadline, opts.Progress, res.work())
			res.Probed += probed
			res.Pruned += removed
			if halted {
				status = Canceled
				if left > 0 && uint64(probed) >= left {
					status = NodeLimit
				}
				goto finish
			}
			if removed > 0 {
				goto forward
			}
		}
		branched, floor = true, k
	}
	m.cover(c)
	stack[k] = m.nd[c].d
try:
	row = stack[k]
	if row == c { // column exhausted
		m.uncover(c)
		goto back
	}
	if budget > 0 && res.work() >= budget {
		status = NodeLimit
		goto finish
	}
	res.Nodes++
	if res.Nodes%checkEvery == 0 {
		if opts.Progress != nil {
			opts.Progress(res.work())
		}
		if stopped(done, opts.Deadline) {
			status = Canceled
			goto finish
		}
	}
	for j := m.nd[row].r; j != row; j = m.nd[j].r {
		m.cover(m.nd[j].c)
	}
	k++
	if k > res.MaxDepth {
		res.MaxDepth = k
	}
	goto forward
back:
	if k == floor {
		if res.Count > 0 {
			status = Solved
		}
		goto finish
	}
	k--
	res.Backtracks++
	row = stack[k]
	c = m.nd[row].c
	for j := m.nd[row].l; j != row; j = m.nd[j].l {
		m.uncover(m.nd[j].c)
	}
	stack[k] = m.nd[row].d
	goto try
finish:
	// The links are left as they are: the next run rebuilds the matrix.
	res.Status = status
	return res
}

// stopped reports whether done is closed or the deadline (if not zero)
// has passed.
func stopped(done <-chan struct{}, deadline time.Time) bool {
	select {
	case <-done:
		return true
	default:
	}
	return !deadline.IsZero() && time.Now().After(deadline)
}

// solution writes the givens and the placements on the stack into a new grid.
func (s *Solver) solution(g *sudoku.Grid, rows []int32) *sudoku.Grid {
	out := g.Clone()
	n := int32(g.Size())
	for _, node := range rows {
		p := s.m.placement[(node-s.m.firstRow)/4]
		out.Cells[p/n] = uint8(p%n + 1)
	}
	return out
}
