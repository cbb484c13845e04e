package logic

// Status is how a strategy run ended.
type Status int

const (
	// Stalled: no heuristic of the list makes progress; backtracking needed.
	Stalled Status = iota
	// Solved: every cell holds a value.
	Solved
	// Unsolvable: a contradiction was found (see State.Err).
	Unsolvable
)

func (st Status) String() string {
	switch st {
	case Solved:
		return "solved"
	case Unsolvable:
		return "unsolvable"
	}
	return "stalled"
}

// MarshalText makes a Status a JSON string.
func (st Status) MarshalText() ([]byte, error) { return []byte(st.String()), nil }

// Strategy is the global loop of seed 000 Fig. 13 over an ordered list of
// heuristics. Starting at the first, it applies one pass of the current
// heuristic; after a pass that made progress it goes back:
//
//   - to the first heuristic of the list when the pass fixed a value, or when
//     it only removed candidates and is not a hidden subset;
//   - to the first heuristic that is not single when it is a hidden subset
//     that only removed candidates (hidden subsets never leave a naked single
//     by themselves: the paper's note 3);
//
// after a pass without progress it moves to the next heuristic. It ends when
// the last heuristic makes no progress (Stalled), the grid is solved or a
// contradiction is found. With PaperSet this is exactly Fig. 13 steps 1–5.
type Strategy struct {
	Heuristics []Heuristic
	// Trace records every pass in Result.Trace (the controller's sequence,
	// for checking a hardware strategy controller step by step).
	Trace bool
}

// UnitStats are the counters of one heuristic over a run.
type UnitStats struct {
	Heuristic Heuristic `json:"heuristic"`
	Counts
}

// Result is the outcome of a strategy run.
type Result struct {
	Status Status      `json:"status"`
	Units  []UnitStats `json:"units"` // one per heuristic, in list order
	Passes int         `json:"passes"`
	// Empty and Log10Space measure the search space left (State.SearchSpace).
	Empty      int     `json:"empty"`
	Log10Space float64 `json:"log10_space"`
	// Trace is the heuristic of every pass, in order (Strategy.Trace only).
	Trace []Heuristic `json:"trace,omitempty"`
}

// Fixed is the total of values fixed by all heuristics.
func (r *Result) Fixed() int {
	t := 0
	for _, u := range r.Units {
		t += u.Fixed
	}
	return t
}

// Removed is the total of candidates removed by all heuristics.
func (r *Result) Removed() int {
	t := 0
	for _, u := range r.Units {
		t += u.Removed
	}
	return t
}

// Run applies the strategy to s in place and returns its counters.
func (st Strategy) Run(s *State) Result {
	hs := st.Heuristics
	res := Result{Units: make([]UnitStats, len(hs))}
	for i, h := range hs {
		res.Units[i].Heuristic = h
	}
	afterHidden := 0
	for afterHidden < len(hs) && hs[afterHidden] == NakedSingle {
		afterHidden++
	}
	i := 0
	for i < len(hs) && !s.failed && s.empty > 0 {
		c := hs[i].Apply(s)
		res.Units[i].Add(c)
		res.Passes++
		if st.Trace {
			res.Trace = append(res.Trace, hs[i])
		}
		switch {
		case c.Fixed > 0:
			i = 0
		case c.Removed > 0 && hs[i].hiddenSubset():
			i = afterHidden
		case c.Removed > 0:
			i = 0
		default:
			i++
		}
	}
	switch {
	case s.failed:
		res.Status = Unsolvable
	case s.empty == 0:
		res.Status = Solved
	}
	res.Empty, res.Log10Space = s.SearchSpace()
	return res
}
