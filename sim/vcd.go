package sim

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
)

// VCDOptions selects what a VCD file shows. The zero value shows every
// signal of every block.
type VCDOptions struct {
	// Scopes, when not empty, keeps only signals in these scopes (a signal's
	// scope is Signal.Scope, or its block's name).
	Scopes []string
	// OneBitOnly keeps only 1-bit signals: sigrok-cli's VCD input stops at
	// the first multi-bit variable, so a file for it must have none.
	OneBitOnly bool
}

// VCD writes a Value Change Dump of a run. It is an Observer: NewVCD writes
// the header and the values at time 0 and attaches the writer to the
// Scheduler; after that every clock edge emits the signals that changed, and
// nothing else. The timescale is the largest VCD unit that divides the clock
// period, so timestamps are exact multiples of the period. Identifiers are
// assigned in declaration order ("!", "\"", ...), so two runs of the same
// design give the same bytes.
//
// Write errors are sticky: the first one stops all output and is returned
// by Close.
type VCD struct {
	s      *Scheduler
	w      *bufio.Writer
	closer io.Closer
	sigs   []vcdSignal
	mult   uint64 // timescale units per cycle
	last   uint64 // last timestamp written
	buf    []byte
	err    error
	closed bool
}

type vcdSignal struct {
	id    string
	name  string
	width int
	value func() uint64
	last  uint64
}

// CreateVCD creates the file path and writes a VCD of s into it; Close
// closes the file.
func CreateVCD(path string, s *Scheduler, opt VCDOptions) (*VCD, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("sim: vcd: %w", err)
	}
	v, err := NewVCD(f, s, opt)
	if err != nil {
		f.Close()
		return nil, err
	}
	v.closer = f
	return v, nil
}

// NewVCD writes the header of a VCD of s to w and attaches the writer to s.
// It fails on a signal with a bad width or no getter (a model bug reported
// as an error so a CLI can say which block) and on a selection that keeps
// no signal.
func NewVCD(w io.Writer, s *Scheduler, opt VCDOptions) (*VCD, error) {
	unit, mult := timescale(s.cfg.ClockHz)
	v := &VCD{s: s, w: bufio.NewWriterSize(w, 64<<10), mult: mult, buf: make([]byte, 0, 80)}

	type scope struct {
		name string
		sigs []Signal
	}
	var scopes []*scope
	for _, b := range s.blocks {
		t, ok := b.(Traced)
		if !ok {
			continue
		}
		for _, sig := range t.Signals() {
			if sig.Width < 1 || sig.Width > 64 || sig.Value == nil || sig.Name == "" {
				return nil, fmt.Errorf("sim: vcd: block %s: signal %q: width %d must be 1..64, name and getter set",
					b.Name(), sig.Name, sig.Width)
			}
			if sig.Scope == "" {
				sig.Scope = b.Name()
			}
			if len(opt.Scopes) > 0 && !slices.Contains(opt.Scopes, sig.Scope) {
				continue
			}
			if opt.OneBitOnly && sig.Width != 1 {
				continue
			}
			i := slices.IndexFunc(scopes, func(sc *scope) bool { return sc.name == sig.Scope })
			if i < 0 {
				scopes = append(scopes, &scope{name: sig.Scope})
				i = len(scopes) - 1
			}
			scopes[i].sigs = append(scopes[i].sigs, sig)
		}
	}
	if len(scopes) == 0 {
		return nil, errors.New("sim: vcd: no signal matches the selection")
	}

	fmt.Fprintf(v.w, "$version sudokusim sim $end\n$timescale %s $end\n", unit)
	for _, sc := range scopes {
		fmt.Fprintf(v.w, "$scope module %s $end\n", sc.name)
		for _, sig := range sc.sigs {
			id := vcdID(len(v.sigs))
			fmt.Fprintf(v.w, "$var wire %d %s %s $end\n", sig.Width, id, sig.Name)
			v.sigs = append(v.sigs, vcdSignal{id: id, name: sc.name + "." + sig.Name, width: sig.Width, value: sig.Value})
		}
		fmt.Fprintf(v.w, "$upscope $end\n")
	}
	v.last = s.cycle * mult
	fmt.Fprintf(v.w, "$enddefinitions $end\n#%d\n$dumpvars\n", v.last)
	for i := range v.sigs {
		sg := &v.sigs[i]
		sg.last = sg.value()
		v.emit(sg)
	}
	v.w.WriteString("$end\n")
	s.Attach(v)
	return v, nil
}

// Observe emits the signals that changed since the last call; the Scheduler
// calls it after every clock edge and jump.
func (v *VCD) Observe(cycle uint64) {
	if v.err != nil {
		return
	}
	stamped := false
	for i := range v.sigs {
		sg := &v.sigs[i]
		x := sg.value()
		if x == sg.last {
			continue
		}
		sg.last = x
		if !stamped {
			v.stamp(cycle)
			stamped = true
		}
		v.emit(sg)
	}
}

func (v *VCD) stamp(cycle uint64) {
	t := cycle * v.mult
	if t == v.last {
		return
	}
	v.last = t
	v.buf = append(v.buf[:0], '#')
	v.buf = strconv.AppendUint(v.buf, t, 10)
	v.buf = append(v.buf, '\n')
	v.write()
}

func (v *VCD) emit(sg *vcdSignal) {
	if sg.width < 64 && sg.last>>uint(sg.width) != 0 && v.err == nil {
		// A model bug: the block declared too narrow a signal. A VCD reader
		// would misread the value, so the trace stops with an error.
		v.err = fmt.Errorf("sim: vcd: signal %s: value %d does not fit its %d bits", sg.name, sg.last, sg.width)
		return
	}
	b := v.buf[:0]
	if sg.width == 1 {
		b = append(b, '0'+byte(sg.last&1))
	} else {
		b = append(b, 'b')
		b = strconv.AppendUint(b, sg.last, 2)
		b = append(b, ' ')
	}
	b = append(b, sg.id...)
	b = append(b, '\n')
	v.buf = b
	v.write()
}

func (v *VCD) write() {
	if v.err != nil {
		return
	}
	if _, err := v.w.Write(v.buf); err != nil {
		v.err = fmt.Errorf("sim: vcd: %w", err)
	}
}

// Err returns the first write error, if any.
func (v *VCD) Err() error { return v.err }

// Close writes a final timestamp for the current cycle, detaches the writer
// from the Scheduler, flushes, closes the file if CreateVCD opened it, and
// returns the first error met. Closing twice is a no-op.
func (v *VCD) Close() error {
	if v.closed {
		return v.err
	}
	v.closed = true
	v.s.Detach(v)
	if v.err == nil {
		if t := v.s.cycle * v.mult; t != v.last {
			v.stamp(v.s.cycle)
		}
	}
	if err := v.w.Flush(); err != nil && v.err == nil {
		v.err = fmt.Errorf("sim: vcd: %w", err)
	}
	if v.closer != nil {
		if err := v.closer.Close(); err != nil && v.err == nil {
			v.err = fmt.Errorf("sim: vcd: %w", err)
		}
	}
	return v.err
}

// vcdID is the i-th identifier: printable ASCII '!'..'~' in base 94.
func vcdID(i int) string {
	var b []byte
	for {
		b = append(b, byte('!'+i%94))
		i /= 94
		if i == 0 {
			return string(b)
		}
		i--
	}
}

// timescale returns the largest VCD time unit (1, 10 or 100 of s, ms, us,
// ns, ps, fs) that divides the clock period rounded to a femtosecond, and
// the period in that unit.
func timescale(hz float64) (string, uint64) {
	fs := uint64(math.Round(1e15 / hz))
	if fs == 0 {
		fs = 1
	}
	units := []string{"fs", "ps", "ns", "us", "ms", "s"}
	best, bestName := uint64(1), "1fs"
	scale := uint64(1)
	for _, u := range units {
		for _, m := range []uint64{1, 10, 100} {
			if u == "s" && m > 1 {
				break
			}
			if fs%(scale*m) == 0 {
				best, bestName = scale*m, strconv.FormatUint(m, 10)+u
			}
		}
		scale *= 1000
	}
	return bestName, fs / best
}
