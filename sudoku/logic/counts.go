package logic

// Counts are the counters of one or more heuristic passes.
//
// Fixed counts values written into empty cells. Removed counts candidates the
// heuristic's own rule eliminated; the candidates a fix takes out of its
// peers (the version-1 pruning) are not counted, so Removed is exactly the
// number of candidate-memory bits a hardware unit clears by its rule.
type Counts struct {
	Passes  int `json:"passes"`
	Fixed   int `json:"fixed"`
	Removed int `json:"removed"`
}

// Add accumulates t into c.
func (c *Counts) Add(t Counts) {
	c.Passes += t.Passes
	c.Fixed += t.Fixed
	c.Removed += t.Removed
}

// Progress reports whether the pass changed the state.
func (c Counts) Progress() bool { return c.Fixed > 0 || c.Removed > 0 }
