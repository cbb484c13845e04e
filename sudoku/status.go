package sudoku

import "fmt"

// Status is how a solver's run on a puzzle ended, in the words of the
// `status` field of the JSON report (DESIGN §4). The hardware models share
// it; each documents which of the values it can produce.
type Status uint8

const (
	// Solved: a valid completion of the puzzle was found.
	Solved Status = iota
	// Unsolvable: the puzzle has no solution (clashing givens, or the search
	// ran out of candidates).
	Unsolvable
	// Timeout: a cycle, generation or step limit ended the run first.
	Timeout
	// Rejected: the input was refused before solving (a bad frame).
	Rejected
)

func (s Status) String() string {
	switch s {
	case Solved:
		return "solved"
	case Unsolvable:
		return "unsolvable"
	case Timeout:
		return "timeout"
	case Rejected:
		return "rejected"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// MarshalText makes a Status its JSON string.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
