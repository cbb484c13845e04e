package dlx

import (
	"context"
	"fmt"

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

// Options bound a search. The zero value means no limit.
type Options struct {
	// NodeLimit stops the search after this many search nodes (placements
	// tried); 0 means no limit.
	NodeLimit uint64
}

// Result is what a search found and what it cost.
type Result struct {
	Status   Status
	Solution *sudoku.Grid // the first solution, when Status is Solved (Solve only)
	Count    int          // solutions found (Count; 1 for a solved Solve)

	Nodes      uint64 // search nodes: placements tried
	Backtracks uint64 // placements undone
	MaxDepth   int    // deepest stack of placements

	Columns     int // constraints left after the givens
	Rows        int // placements left after the givens
	MatrixBytes int // memory held by the matrix arrays
}

// checkEvery is how many search nodes pass between context checks.
const checkEvery = 1 << 12

// Solver holds the matrix and stack between solves, so solving many
// puzzles of one order allocates only for the solutions it returns. The
// zero value is ready to use; a Solver is not safe for concurrent use.
type Solver struct {
	m     matrix
	stack []int32
}

// Solve searches for the first solution of g.
func (s *Solver) Solve(ctx context.Context, g *sudoku.Grid, opts Options) (Result, error) {
	return s.search(ctx, g, opts, 1, true)
}

// Count counts the solutions of g, stopping at limit (limit < 1 counts
// them all). Result.Status is Solved when the count is exact or reached
// the limit, Unsolvable when there is none, NodeLimit or Canceled when the
// count is a lower bound.
func (s *Solver) Count(ctx context.Context, g *sudoku.Grid, limit int, opts Options) (Result, error) {
	return s.search(ctx, g, opts, limit, false)
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

func (s *Solver) search(ctx context.Context, g *sudoku.Grid, opts Options, limit int, keep bool) (Result, error) {
	if err := sudoku.CheckGrid(g); err != nil {
		return Result{}, fmt.Errorf("dlx: %w", err)
	}
	m := &s.m
	if !m.build(g) {
		return Result{Status: Unsolvable}, nil
	}
	res := Result{Columns: int(m.cols), Rows: int(m.rows)}
	depth := g.Empty()
	if cap(s.stack) < depth+1 {
		s.stack = make([]int32, depth+1)
	}
	stack := s.stack[:depth+1]
	res.MatrixBytes = m.bytes() + 4*cap(s.stack)

	done := ctx.Done()
	status := Unsolvable
	k := 0
	var c, row int32
	// Iterative Algorithm X. "forward" picks a column at level k; "try"
	// places the row stack[k] of column c; "back" undoes level k-1.
forward:
	if m.r[0] == 0 {
		res.Count++
		if keep {
			res.Solution = s.solution(g, stack[:k])
		}
		if limit > 0 && res.Count >= limit {
			status = Solved
			goto unwind
		}
		goto back
	}
	c = m.choose()
	m.cover(c)
	stack[k] = m.d[c]
try:
	row = stack[k]
	if row == c { // column exhausted
		m.uncover(c)
		goto back
	}
	res.Nodes++
	if opts.NodeLimit > 0 && res.Nodes > opts.NodeLimit {
		res.Nodes--
		status = NodeLimit
		goto unwind
	}
	if done != nil && res.Nodes%checkEvery == 0 {
		select {
		case <-done:
			status = Canceled
			goto unwind
		default:
		}
	}
	for j := m.r[row]; j != row; j = m.r[j] {
		m.cover(m.c[j])
	}
	k++
	if k > res.MaxDepth {
		res.MaxDepth = k
	}
	goto forward
back:
	if k == 0 {
		if res.Count > 0 {
			status = Solved
		}
		goto finish
	}
	k--
	res.Backtracks++
	row = stack[k]
	c = m.c[row]
	for j := m.l[row]; j != row; j = m.l[j] {
		m.uncover(m.c[j])
	}
	stack[k] = m.d[row]
	goto try
unwind:
	// Nothing to restore: the next build starts from scratch.
finish:
	res.Status = status
	return res, nil
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
