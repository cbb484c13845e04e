package sim

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Waveform is a VCD file read back by ParseVCD: the variables it declares
// and every value change in file order. It reads what VCD writes (wire
// variables up to 64 bits, 0/1 values, nested scopes joined with "."), not
// the whole VCD language.
type Waveform struct {
	Timescale string
	Vars      []WaveVar
	Changes   []WaveChange
	End       uint64 // the last timestamp in the file
}

// WaveVar is one declared variable.
type WaveVar struct {
	Scope, Name, ID string
	Width           int
}

// WaveChange is one value change at a timestamp (in timescale units).
type WaveChange struct {
	Time  uint64
	ID    string
	Value uint64
}

// ParseVCD reads a VCD file.
func ParseVCD(r io.Reader) (*Waveform, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	sc.Split(bufio.ScanWords)
	w := &Waveform{}
	var scope []string
	widths := map[string]int{}
	var now uint64
	tok := 0
	next := func() (string, error) {
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return "", err
			}
			return "", io.ErrUnexpectedEOF
		}
		tok++
		return sc.Text(), nil
	}
	until := func() ([]string, error) {
		var words []string
		for {
			t, err := next()
			if err != nil {
				return nil, err
			}
			if t == "$end" {
				return words, nil
			}
			words = append(words, t)
		}
	}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("sim: vcd: token %d: %s", tok, fmt.Sprintf(format, a...))
	}
	for sc.Scan() {
		tok++
		t := sc.Text()
		switch {
		case t == "$timescale":
			ws, err := until()
			if err != nil {
				return nil, bad("$timescale: %v", err)
			}
			w.Timescale = strings.Join(ws, "")
		case t == "$scope":
			ws, err := until()
			if err != nil || len(ws) != 2 {
				return nil, bad("bad $scope")
			}
			scope = append(scope, ws[1])
		case t == "$upscope":
			if _, err := until(); err != nil || len(scope) == 0 {
				return nil, bad("bad $upscope")
			}
			scope = scope[:len(scope)-1]
		case t == "$var":
			ws, err := until()
			if err != nil || len(ws) < 4 {
				return nil, bad("bad $var")
			}
			width, err := strconv.Atoi(ws[1])
			if err != nil || width < 1 || width > 64 {
				return nil, bad("$var %s: bad width %q", ws[3], ws[1])
			}
			w.Vars = append(w.Vars, WaveVar{Scope: strings.Join(scope, "."), Name: ws[3], ID: ws[2], Width: width})
			widths[ws[2]] = width
		case t == "$dumpvars" || t == "$end":
			// value changes follow, or a $dumpvars section ends
		case strings.HasPrefix(t, "$"):
			if _, err := until(); err != nil {
				return nil, bad("%s: %v", t, err)
			}
		case t[0] == '#':
			n, err := strconv.ParseUint(t[1:], 10, 64)
			if err != nil {
				return nil, bad("bad timestamp %q", t)
			}
			now = n
			w.End = n
		case t[0] == '0' || t[0] == '1':
			id := t[1:]
			if _, ok := widths[id]; !ok {
				return nil, bad("change of undeclared id %q", id)
			}
			w.Changes = append(w.Changes, WaveChange{Time: now, ID: id, Value: uint64(t[0] - '0')})
		case t[0] == 'b':
			val, err := strconv.ParseUint(t[1:], 2, 64)
			if err != nil {
				return nil, bad("bad vector value %q", t)
			}
			id, err := next()
			if err != nil {
				return nil, bad("vector value without id")
			}
			if _, ok := widths[id]; !ok {
				return nil, bad("change of undeclared id %q", id)
			}
			w.Changes = append(w.Changes, WaveChange{Time: now, ID: id, Value: val})
		default:
			return nil, bad("unexpected %q", t)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("sim: vcd: %w", err)
	}
	return w, nil
}

// Var finds the variable with this scope and name.
func (w *Waveform) Var(scope, name string) (WaveVar, bool) {
	for _, v := range w.Vars {
		if v.Scope == scope && v.Name == name {
			return v, true
		}
	}
	return WaveVar{}, false
}

// History returns the changes of one variable in time order; nil if the
// variable is not declared.
func (w *Waveform) History(scope, name string) []WaveChange {
	v, ok := w.Var(scope, name)
	if !ok {
		return nil
	}
	var out []WaveChange
	for _, c := range w.Changes {
		if c.ID == v.ID {
			out = append(out, c)
		}
	}
	return out
}
