package hdl

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"sudokusim/rtl/bnb"
)

var portNames = [3]string{"grid_a", "grid_b", "given"}

// goSnap is a copy of one Go cycle for the history.
type goSnap struct {
	cyc   bnb.PortCycle
	lanes [2][]uint8
}

// compare runs the Go tracer and the HDL side by side.
// div is the UART bit time (0 for the direct link), with which the HDL's
// answer is read off its tx line.
func compare(cfg bnb.Config, tr *bnb.PortTracer, run runner, args []string, hist int, div uint64) (*Report, error) {
	out, wait, err := run.start(args)
	if err != nil {
		return nil, err
	}
	defer func() {
		io.Copy(io.Discard, out)
		out.Close()
	}()
	rd := newTraceReader(out)
	m := cfg.MaxOrder * cfg.MaxOrder
	goRing := make([]goSnap, hist)
	for i := range goRing {
		goRing[i].lanes = [2][]uint8{make([]uint8, m), make([]uint8, m)}
	}
	hdlRing := make([]Record, hist)
	rep := &Report{}
	var rec Record
	var trailer *Trailer
	var cycle uint64
	var mask []byte
	txd := lineReader{div: div}
	for {
		trailer, err = rd.next(&rec)
		if err != nil {
			return nil, err
		}
		gc, ok, err := tr.Next()
		if err != nil {
			return nil, fmt.Errorf("hdl: Go model at cycle %d: %w", cycle, err)
		}
		if trailer != nil || !ok {
			if trailer == nil {
				rep.Diff = &Difference{Cycle: cycle, Signal: "end of run", Go: "finished", HDL: "running (" + bnb.StateName(rec.State) + ")"}
			} else if ok {
				rep.Diff = &Difference{Cycle: cycle, Signal: "end of run", Go: "running (" + bnb.StateName(gc.State) + ")", HDL: "finished"}
			}
			break
		}
		sn := &goRing[cycle%uint64(hist)]
		sn.cyc = *gc
		for p := 0; p < 2; p++ {
			if gc.Grid[p].We {
				copy(sn.lanes[p], gc.Grid[p].Lanes)
			}
		}
		hr := &hdlRing[cycle%uint64(hist)]
		hr.State, hr.Flags, hr.Chk, hr.Size, hr.Reply, hr.Addr, hr.Hash = rec.State, rec.Flags, rec.Chk, rec.Size, rec.Reply, rec.Addr, rec.Hash
		tally(&rep.HDL, rec.State)
		txd.sample(cycle, rec.txd())
		if sig, gv, hv := diff(gc, &rec, &mask); sig != "" {
			rep.Diff = &Difference{Cycle: cycle, Signal: sig, Go: gv, HDL: hv}
			break
		}
		cycle++
	}
	rep.Cycles = cycle
	if rep.Diff != nil {
		out.Close()
		_ = wait()
		rep.Diff.GoLast = goHistory(goRing, rep.Diff.Cycle, hist)
		rep.Diff.HDLLast = hdlHistory(run, args, rep.Diff.Cycle, hist)
		return rep, nil
	}
	if err := wait(); err != nil {
		return nil, err
	}
	rep.HDLNanos = trailer.Nanos
	if rep.Go, err = tr.Result(); err != nil {
		return nil, err
	}
	if div == 0 {
		rep.HDL.Response = answer(trailer)
	} else {
		rep.HDL.Response = txd.bytes
	}
	rep.Mismatch = outcomeMismatch(&rep.Go, &rep.HDL)
	return rep, nil
}

// tally counts a cycle of the HDL into its outcome by state.
func tally(o *Outcome, state uint8) {
	switch {
	case state == bnb.StateCodeWaitFrame:
		o.Cycles.Rx++
	case state == bnb.StateCodeAnswer || state == bnb.StateCodeDrain:
		o.Cycles.Tx++
	case state >= bnb.StateCodeLoadFirst && state <= bnb.StateCodeLoadLast:
		o.Cycles.Load++
	case state >= bnb.StateCodeSearchFirst && state <= bnb.StateCodeSearchLast:
		o.Cycles.Search++
	}
	switch state {
	case bnb.StateCodeWrite1:
		o.Nodes++
	case bnb.StateCodeUndo1:
		o.Backtracks++
	}
}

// answer is the frame the HDL's registers and memory give at the end of a
// direct-link run: the solution frame, or the error reply.
func answer(t *Trailer) []byte {
	head := []byte{0xA5, 0x3C, 0x5A, 0xC3}
	if t.Reply != 0 {
		return append(head, 0, 0, t.Reply)
	}
	return append(append(head, t.Chk, t.Size), t.Rows...)
}

func outcomeMismatch(g *bnb.Result, h *Outcome) []string {
	var out []string
	check := func(name string, gv, hv any) {
		if fmt.Sprint(gv) != fmt.Sprint(hv) {
			out = append(out, fmt.Sprintf("%s: Go %v, HDL %v", name, gv, hv))
		}
	}
	check("rx cycles", g.Cycles.Rx, h.Cycles.Rx)
	check("load cycles", g.Cycles.Load, h.Cycles.Load)
	check("search cycles", g.Cycles.Search, h.Cycles.Search)
	check("search nodes", g.Search.Nodes, h.Nodes)
	check("backtracks", g.Search.Backtracks, h.Backtracks)
	check("tx cycles", g.Cycles.Tx, h.Cycles.Tx)
	if !bytes.Equal(g.Response, h.Response) {
		out = append(out, fmt.Sprintf("answer frame: Go % x, HDL % x", g.Response, h.Response))
	}
	return out
}

// diff compares one cycle; it returns the first differing signal and both
// values, or "".
func diff(g *bnb.PortCycle, h *Record, mask *[]byte) (sig, gv, hv string) {
	u8 := func(name string, a, b uint8) bool {
		if a != b {
			sig, gv, hv = name, fmt.Sprint(a), fmt.Sprint(b)
			return true
		}
		return false
	}
	if g.State != h.State {
		return "state", bnb.StateName(g.State), bnb.StateName(h.State)
	}
	if u8("chk", g.Chk, h.Chk) || u8("size", g.Size, h.Size) || u8("reply", g.Reply, h.Reply) {
		return
	}
	if g.Rxd != h.rxd() {
		return "rxd", fmt.Sprint(bit01(g.Rxd)), fmt.Sprint(bit01(h.rxd()))
	}
	if g.Txd != h.txd() {
		return "txd", fmt.Sprint(bit01(g.Txd)), fmt.Sprint(bit01(h.txd()))
	}
	size := int(h.Size)
	for p := 0; p < 3; p++ {
		var a *bnb.PortAccess
		if p < 2 {
			a = &g.Grid[p]
		} else {
			a = &g.Given
		}
		name := portNames[p]
		if a.En != h.en(p) {
			return name + "_en", fmt.Sprint(bit01(a.En)), fmt.Sprint(bit01(h.en(p)))
		}
		if !a.En {
			continue
		}
		if a.We != h.we(p) {
			return name + "_we", fmt.Sprint(bit01(a.We)), fmt.Sprint(bit01(h.we(p)))
		}
		if a.Addr != int(h.Addr[p]) {
			return name + "_addr", fmt.Sprint(a.Addr), fmt.Sprint(h.Addr[p])
		}
		if !a.We {
			continue
		}
		var gh uint64
		if p < 2 {
			gh = fnv(a.Lanes[:size])
		} else {
			*mask = packMask(*mask, &a.Mask, size)
			gh = fnv(*mask)
		}
		if gh != h.Hash[p] {
			return name + "_wdata", fmt.Sprintf("hash %016x", gh), fmt.Sprintf("hash %016x", h.Hash[p])
		}
	}
	return "", "", ""
}

func packMask(buf []byte, s *bnb.ValueSet, size int) []byte {
	n := (size + 7) / 8
	buf = append(buf[:0], make([]byte, n)...)
	for j := 0; j < size; j++ {
		if s.Has(j) {
			buf[j>>3] |= 1 << (j & 7)
		}
	}
	return buf
}

func bit01(b bool) int {
	if b {
		return 1
	}
	return 0
}

// goHistory formats the Go side's last cycles up to the differing one.
func goHistory(ring []goSnap, at uint64, hist int) []string {
	var out []string
	for c := int64(at) - int64(hist) + 1; c <= int64(at); c++ {
		if c < 0 {
			continue
		}
		sn := &ring[uint64(c)%uint64(hist)]
		g := &sn.cyc
		size := int(g.Size)
		line := fmt.Sprintf("cycle %d: %-10s chk=%d size=%d reply=%d rxd=%d txd=%d", c, bnb.StateName(g.State), g.Chk, g.Size, g.Reply, bit01(g.Rxd), bit01(g.Txd))
		for p := 0; p < 2; p++ {
			a := &g.Grid[p]
			line += portText(portNames[p], a.En, a.We, a.Addr, sn.lanes[p][:min(size, len(sn.lanes[p]))])
		}
		var mask []byte
		if g.Given.We {
			mask = packMask(nil, &g.Given.Mask, size)
		}
		line += portText("given", g.Given.En, g.Given.We, g.Given.Addr, mask)
		out = append(out, line)
	}
	return out
}

// hdlHistory runs the HDL again up to the differing cycle with the full
// write data on and formats its last cycles.
func hdlHistory(run runner, args []string, at uint64, hist int) []string {
	from := uint64(0)
	if at+1 > uint64(hist) {
		from = at + 1 - uint64(hist)
	}
	a := append(append([]string(nil), args...), fmt.Sprintf("+full_from=%d", from), fmt.Sprintf("+max=%d", at+1))
	out, wait, err := run.start(a)
	if err != nil {
		return []string{err.Error()}
	}
	defer func() {
		io.Copy(io.Discard, out)
		out.Close()
		_ = wait()
	}()
	rd := newTraceReader(out)
	var lines []string
	var rec Record
	for c := uint64(0); c <= at; c++ {
		t, err := rd.next(&rec)
		if err != nil || t != nil {
			break
		}
		if c < from {
			continue
		}
		line := fmt.Sprintf("cycle %d: %-10s chk=%d size=%d reply=%d rxd=%d txd=%d", c, bnb.StateName(rec.State), rec.Chk, rec.Size, rec.Reply, bit01(rec.rxd()), bit01(rec.txd()))
		for p := 0; p < 3; p++ {
			line += portText(portNames[p], rec.en(p), rec.we(p), int(rec.Addr[p]), rec.Data[p])
		}
		lines = append(lines, line)
	}
	return lines
}

func portText(name string, en, we bool, addr int, data []byte) string {
	switch {
	case !en:
		return ""
	case !we:
		return fmt.Sprintf(" %s: read %d", name, addr)
	}
	var b strings.Builder
	fmt.Fprintf(&b, " %s: write %d [", name, addr)
	for i, v := range data {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d", v)
	}
	b.WriteByte(']')
	return b.String()
}

// lineReader reads 8N1 bytes off a line sampled once per cycle: a falling
// edge while idle starts a byte, bits are sampled in their middle.
type lineReader struct {
	div   uint64
	busy  bool
	start uint64
	cur   byte
	bytes []byte
}

func (l *lineReader) sample(cycle uint64, level bool) {
	if l.div == 0 {
		return
	}
	if !l.busy {
		if !level {
			l.busy, l.start, l.cur = true, cycle, 0
		}
		return
	}
	off := cycle - l.start
	if off < l.div/2 || (off-l.div/2)%l.div != 0 {
		return
	}
	switch k := (off - l.div/2) / l.div; {
	case k >= 1 && k <= 8:
		if level {
			l.cur |= 1 << (k - 1)
		}
	case k == 9:
		l.bytes = append(l.bytes, l.cur)
		l.busy = false
	}
}
