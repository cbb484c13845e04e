package logic

import (
	"fmt"
	"strings"
)

// Heuristic names one pass of the package. The constants are in the order of
// cost the explorer uses; the first five are the hardware set of the paper.
type Heuristic int

// The heuristics; String gives the --heuristics names (single,
// hidden-single, hidden-pair, …, forced-cells). NakedSingle through
// HiddenQuad are the five hardware units of the paper.
const (
	NakedSingle Heuristic = iota
	HiddenSingles
	HiddenPair
	HiddenTriple
	HiddenQuad
	HiddenQuint
	NakedPair
	NakedTriple
	NakedQuad
	NakedQuint
	PointingLines
	DoubleLines
	TripleLines
	Forced
	numHeuristics
)

var heuristicNames = [numHeuristics]string{
	NakedSingle:   "single",
	HiddenSingles: "hidden-single",
	HiddenPair:    "hidden-pair",
	HiddenTriple:  "hidden-triple",
	HiddenQuad:    "hidden-quad",
	HiddenQuint:   "hidden-quint",
	NakedPair:     "naked-pair",
	NakedTriple:   "naked-triple",
	NakedQuad:     "naked-quad",
	NakedQuint:    "naked-quint",
	PointingLines: "candidate-lines",
	DoubleLines:   "double-lines",
	TripleLines:   "triple-lines",
	Forced:        "forced-cells",
}

// String is the heuristic's name as --heuristics spells it.
func (h Heuristic) String() string {
	if h < 0 || h >= numHeuristics {
		return fmt.Sprintf("heuristic(%d)", int(h))
	}
	return heuristicNames[h]
}

// MarshalText makes a Heuristic a JSON string.
func (h Heuristic) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// UnmarshalText reads a heuristic's name back.
func (h *Heuristic) UnmarshalText(b []byte) error {
	v, ok := heuristicByName(string(b))
	if !ok {
		return fmt.Errorf("logic: unknown heuristic %q", b)
	}
	*h = v
	return nil
}

// Apply runs one pass of h on s.
func (h Heuristic) Apply(s *State) Counts {
	switch h {
	case NakedSingle:
		return Single(s)
	case HiddenSingles:
		return HiddenSingle(s)
	case HiddenPair, HiddenTriple, HiddenQuad, HiddenQuint:
		return HiddenSubset(s, int(h-HiddenPair)+2)
	case NakedPair, NakedTriple, NakedQuad, NakedQuint:
		return NakedSubset(s, int(h-NakedPair)+2)
	case PointingLines:
		return CandidateLines(s)
	case DoubleLines:
		return MultiLines(s, 2)
	case TripleLines:
		return MultiLines(s, 3)
	case Forced:
		return ForcedCells(s)
	}
	return Counts{}
}

// hiddenSubset reports whether h is a hidden-subset heuristic: its removals
// never leave a naked single by themselves (seed 000, note 3 to Fig. 13), so
// the strategy resumes at hidden single rather than single after it.
func (h Heuristic) hiddenSubset() bool { return h >= HiddenPair && h <= HiddenQuint }

// PaperSet is the hardware set of the FPT'09 processor in Fig. 13 order.
func PaperSet() []Heuristic {
	return []Heuristic{NakedSingle, HiddenSingles, HiddenPair, HiddenTriple, HiddenQuad}
}

// FullSet is the paper's software set (Table 3) in the explorer's order of
// cost: singles, then pairs, lines, triples, quads, quintets, forced cells.
func FullSet() []Heuristic {
	return []Heuristic{
		NakedSingle, HiddenSingles,
		NakedPair, HiddenPair, PointingLines, DoubleLines,
		NakedTriple, HiddenTriple, TripleLines,
		NakedQuad, HiddenQuad, NakedQuint, HiddenQuint,
		Forced,
	}
}

// ParseHeuristics reads a --heuristics list: "paper" (the five hardware
// units), "all" (FullSet), "none" (empty list), or a comma-separated list of
// names in the order to apply them. Unknown or repeated names are errors.
func ParseHeuristics(list string) ([]Heuristic, error) {
	switch strings.TrimSpace(list) {
	case "paper":
		return PaperSet(), nil
	case "all":
		return FullSet(), nil
	case "none":
		return []Heuristic{}, nil
	case "":
		return nil, fmt.Errorf("logic: empty heuristic list (use none, paper, all or names)")
	}
	var out []Heuristic
	seen := make(map[Heuristic]bool)
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		h, ok := heuristicByName(name)
		if !ok {
			return nil, fmt.Errorf("logic: unknown heuristic %q (known: %s)", name, strings.Join(heuristicNames[:], ", "))
		}
		if seen[h] {
			return nil, fmt.Errorf("logic: heuristic %q listed twice", name)
		}
		seen[h] = true
		out = append(out, h)
	}
	return out, nil
}

func heuristicByName(name string) (Heuristic, bool) {
	for h, n := range heuristicNames {
		if n == name {
			return Heuristic(h), true
		}
	}
	return 0, false
}
