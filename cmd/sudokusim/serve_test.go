package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/board"
	"sudokusim/rtl/bnb"
	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/sudoku/logic"
	"sudokusim/uart"
)

// served is a serve command running in-process.
type served struct {
	device string
	stop   context.CancelFunc // as SIGINT would
	done   chan int
	stdout *syncBuffer
	stderr *syncBuffer
}

// syncBuffer is a bytes.Buffer safe to read while serve writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServe runs 'sudokusim serve args...' in-process and returns once it
// has printed its device. The test's end stops it if it is still running.
func startServe(t *testing.T, args ...string) *served {
	t.Helper()
	pt, err := board.OpenPTY()
	if err != nil {
		t.Skipf("this machine gives no pseudo-terminal (/dev/ptmx): %v", err)
	}
	pt.Close()
	ctx, cancel := context.WithCancel(context.Background())
	saved := serveContext
	serveContext = func() context.Context { return ctx }
	pr, pw := io.Pipe()
	s := &served{done: make(chan int, 1), stdout: &syncBuffer{}, stderr: &syncBuffer{}, stop: cancel}
	go func() {
		code := run(append([]string{"serve"}, args...), pw, s.stderr)
		pw.Close()
		s.done <- code
	}()
	first := make(chan string, 1)
	go func() {
		r := bufio.NewReader(pr)
		line, _ := r.ReadString('\n')
		first <- strings.TrimSpace(line)
		io.Copy(s.stdout, r)
	}()
	t.Cleanup(func() {
		cancel()
		serveContext = saved
	})
	select {
	case s.device = <-first:
	case code := <-s.done:
		t.Fatalf("serve exited %d: %s", code, s.stderr.String())
	case <-time.After(10 * time.Second):
		t.Fatal("serve printed no device")
	}
	require.NotEmpty(t, s.device, s.stderr.String())
	return s
}

// wait returns serve's exit status.
func (s *served) wait(t *testing.T) int {
	t.Helper()
	select {
	case code := <-s.done:
		return code
	case <-time.After(60 * time.Second):
		t.Fatalf("serve did not end; log:\n%s", s.stderr.String())
		return -1
	}
}

// oneRun is the answer a one-puzzle run of the processor with serve's
// default flags (version 2, the paper's heuristics) gives.
func oneRun(t *testing.T, g *sudoku.Grid) bnb.Result {
	t.Helper()
	cfg := bnb.DefaultConfig()
	var err error
	cfg.Heuristics, err = logic.ParseHeuristics("paper")
	require.NoError(t, err)
	r, err := bnb.Simulate(cfg, g, bnb.SimOptions{})
	require.NoError(t, err)
	return r
}

func loadFPT(t *testing.T, name string) *sudoku.Grid {
	t.Helper()
	g, err := sudoku.LoadPuzzle(filepath.Join(fpt09Dir, name), 0, nil)
	require.NoError(t, err)
	return g
}

// A Python host using pyserial talks to serve on its pseudo-terminal: the
// sample, 03a and a frame with a bad checksum get, byte for byte, the two
// solutions and the error reply the hardware model gives.
func TestServePyserialHost(t *testing.T) {
	const python = "/usr/bin/python3" // Debian's, which python3-serial installs into
	if err := exec.Command(python, "-c", "import serial").Run(); err != nil {
		t.Skipf("needs %s with pyserial (Debian package python3-serial): %v", python, err)
	}
	sample, p03a := sudoku.Sample(), loadFPT(t, "puzzle03a.sudoku")
	bad := uart.EncodePuzzle(sample)
	bad[len(bad)-1] ^= 0x01
	log := filepath.Join(t.TempDir(), "serve.log")
	s := startServe(t, "--pty", "--answers", "3", "--log", log)

	out, err := exec.Command(python, filepath.Join("testdata", "pyserial_host.py"), s.device,
		hex.EncodeToString(uart.EncodePuzzle(sample)), hex.EncodeToString(uart.EncodePuzzle(p03a)), hex.EncodeToString(bad)).Output()
	var stderr string
	if ee, ok := err.(*exec.ExitError); ok {
		stderr = string(ee.Stderr)
	}
	require.NoError(t, err, stderr)
	lines := strings.Fields(string(out))
	require.Len(t, lines, 3, string(out))
	assert.Equal(t, hex.EncodeToString(oneRun(t, sample).Response), lines[0], "sample")
	assert.Equal(t, hex.EncodeToString(oneRun(t, p03a).Response), lines[1], "03a")
	assert.Equal(t, hex.EncodeToString(uart.EncodeError(uart.StatusBadChecksum)), lines[2], "bad checksum")

	require.Equal(t, exitOK, s.wait(t), s.stderr.String())
	assert.Contains(t, s.stdout.String(), "3 answers; 261 bytes in, 181 out")
	text, err := os.ReadFile(log)
	require.NoError(t, err)
	answers := regexp.MustCompile(`(?m)^answer \d+: .*$`).FindAllString(string(text), -1)
	require.Len(t, answers, 3, string(text))
	assert.Contains(t, answers[0], "order 3, solved, checksum 0x1D, 87 bytes")
	assert.Contains(t, answers[1], "order 3, solved, checksum 0xD9, 87 bytes")
	assert.Contains(t, answers[2], "rejected (error reply 1), 7 bytes")
	// The log's simulated t_N is the one-puzzle run's cycles at 100 MHz.
	total := oneRun(t, sample).Cycles.Total()
	assert.Contains(t, answers[0], fmt.Sprintf("t_N %s s simulated (%d cycles)", formatSeconds(total), total))
}

func formatSeconds(cycles uint64) string { return fmt.Sprintf("%.6g", float64(cycles)/100e6) }

// send plays the competition's host against serve: every answer checked,
// t_N wall and simulated printed, the simulated t_N equal to what serve's
// cycle-level model logged, and the score over the files.
func TestSendAgainstServe(t *testing.T) {
	// An order-8 frame (4,102 bytes) comes through the pty in pieces: its
	// simulated t_N still matches, so the pieces went on the line back to
	// back.
	p08 := filepath.Join(t.TempDir(), "p08.sudoku")
	code, _, genErr := runCmd(t, "", "gen", "--order", "8", "--holes", "0.02", "--seed", "1", "-o", p08)
	require.Equal(t, exitOK, code, genErr)
	files := []string{filepath.Join(fpt09Dir, "puzzle03a.sudoku"), filepath.Join(fpt09Dir, "puzzle04a.sudoku"), filepath.Join(fpt09Dir, "puzzle03b.sudoku"), p08}
	s := startServe(t, "--pty", "--answers", "4")
	code, out, errOut := runCmd(t, "", append([]string{"send", "--port", s.device}, files...)...)
	require.Equal(t, exitOK, code, out+errOut)
	require.Equal(t, exitOK, s.wait(t), s.stderr.String())

	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 5, out)
	simT := regexp.MustCompile(`\S+ s simulated \((\d+) cycles\)`)
	logged := simT.FindAllStringSubmatch(s.stderr.String(), -1)
	require.Len(t, logged, 4, s.stderr.String())
	for i, want := range []string{"puzzle03a.sudoku: order 3, solved, checksum 0xD9 ok", "puzzle04a.sudoku: order 4, solved, checksum 0x5C ok",
		"puzzle03b.sudoku: order 3, solved", "p08.sudoku: order 8, solved"} {
		assert.Contains(t, lines[i], want)
		m := simT.FindStringSubmatch(lines[i])
		require.NotNil(t, m, lines[i])
		// send's figure comes from the independent timing model, serve's
		// from the cycle-level model the bytes went through.
		assert.Equal(t, logged[i][1], m[1], "puzzle %d", i)
	}
	assert.Contains(t, s.stderr.String(), "order 8, solved, checksum")
	assert.Contains(t, s.stderr.String(), ", 4102 bytes;")
	assert.Regexp(t, `^4 puzzles: 4 solved, 0 wrong, 0 missing; FPT.09 score \S+ \(wall t_N\), \S+ \(simulated t_N\)$`, lines[4])
}

// A wrong answer (the search watchdog fires: error reply 5) and a missing
// one (serve has stopped) make send exit 1 and say which.
func TestSendWrongAndMissing(t *testing.T) {
	s := startServe(t, "--pty", "--answers", "1", "--heuristics", "none", "--max-cycles", "50")
	code, out, _ := runCmd(t, "", "send", "--port", s.device, "--timeout", "5s", "--heuristics", "none", "--max-cycles", "50",
		filepath.Join(fpt09Dir, "puzzle03a.sudoku"), filepath.Join(fpt09Dir, "puzzle03b.sudoku"))
	assert.Equal(t, exitFail, code, out)
	assert.Contains(t, out, "puzzle03a.sudoku: order 3, WRONG: error reply 5 (cycle limit)")
	assert.Contains(t, out, "puzzle03b.sudoku: order 3, MISSING")
	assert.Contains(t, out, "2 puzzles: 0 solved, 1 wrong, 1 missing; FPT'09 score 0 (wall t_N), 0 (simulated t_N)")
	assert.Equal(t, exitOK, s.wait(t))
}

// openHost opens the pseudo-terminal as a host does (raw already).
func openHost(t *testing.T, device string) *os.File {
	t.Helper()
	f, err := os.OpenFile(device, os.O_RDWR|syscall.O_NOCTTY, 0)
	require.NoError(t, err)
	return f
}

// readAnswer reads n bytes from the host's end within 30 s.
func readHost(t *testing.T, f *os.File, n int) []byte {
	t.Helper()
	require.NoError(t, f.SetReadDeadline(time.Now().Add(30*time.Second)))
	b := make([]byte, n)
	_, err := io.ReadFull(f, b)
	require.NoError(t, err)
	return b
}

// A host that vanishes in the middle of a frame, a host that sends
// garbage, and hosts that close and reopen the port: serve answers the cut
// frame (to nobody), resynchronises, and serves each next host as if it
// were the first.
func TestServeHostVanishesAndReturns(t *testing.T) {
	sample := sudoku.Sample()
	want := oneRun(t, sample).Response
	frame := uart.EncodePuzzle(sample)
	s := startServe(t, "--pty", "--gap", "20ms", "--answers", "5")

	h := openHost(t, s.device)
	_, err := h.Write(frame[:40])
	require.NoError(t, err)
	require.NoError(t, h.Close()) // gone mid-frame; its cut-frame reply goes to nobody
	time.Sleep(200 * time.Millisecond)

	h = openHost(t, s.device)
	_, err = h.Write(frame)
	require.NoError(t, err)
	assert.Equal(t, want, readHost(t, h, len(want)), "the next host's frame")

	// Garbage without a header (no A5), then after a pause a good frame.
	rng := rand.New(rand.NewPCG(1, 2))
	junk := make([]byte, 3000)
	for i := range junk {
		junk[i] = byte(rng.IntN(0xA5))
	}
	_, err = h.Write(junk)
	require.NoError(t, err)
	time.Sleep(100 * time.Millisecond)
	_, err = h.Write(frame)
	require.NoError(t, err)
	assert.Equal(t, want, readHost(t, h, len(want)), "after garbage")

	// A frame cut short, the host stays but pauses past --gap: the error
	// reply for the cut frame, then the next frame's answer.
	_, err = h.Write(frame[:50])
	require.NoError(t, err)
	assert.Equal(t, uart.EncodeError(uart.StatusCut), readHost(t, h, uart.ErrorReplyLen), "cut frame")
	_, err = h.Write(frame)
	require.NoError(t, err)
	assert.Equal(t, want, readHost(t, h, len(want)), "after the cut frame")
	require.NoError(t, h.Close())

	require.Equal(t, exitOK, s.wait(t), s.stderr.String())
	log := s.stderr.String()
	assert.Contains(t, log, "no host has "+s.device+" open")
	assert.Contains(t, log, "host opened "+s.device)
	assert.Equal(t, 2, strings.Count(log, "rejected (error reply 6)"), log)
	assert.Equal(t, 3, strings.Count(log, "solved, checksum 0x1D"), log)
}

// serve --port opens a serial device with go.bug.st/serial: here the host
// end of a pseudo-terminal, while the test plays the host on its master.
func TestServeOnSerialDevice(t *testing.T) {
	pt, err := board.OpenPTY()
	if err != nil {
		t.Skipf("this machine gives no pseudo-terminal (/dev/ptmx): %v", err)
	}
	defer pt.Close()
	vcd := filepath.Join(t.TempDir(), "session.vcd")
	s := startServe(t, "--port", pt.Name(), "--answers", "1", "--vcd", vcd, "--vcd-uart-only")
	assert.Equal(t, pt.Name(), s.device)
	buf := make([]byte, 256)
	deadline := time.Now().Add(30 * time.Second)
	for { // until the PTY sees serve at the other end
		_, err := pt.Read(buf)
		if err == nil {
			break
		}
		require.ErrorIs(t, err, board.ErrNoHost)
		require.True(t, time.Now().Before(deadline), "serve never opened the device")
	}
	_, err = pt.Write(uart.EncodePuzzle(sudoku.Sample()))
	require.NoError(t, err)
	want := oneRun(t, sudoku.Sample()).Response
	var got []byte
	for len(got) < len(want) && time.Now().Before(deadline) {
		n, err := pt.Read(buf)
		if err != nil && err != board.ErrNoHost {
			require.NoError(t, err)
		}
		got = append(got, buf[:n]...)
	}
	assert.Equal(t, want, got)
	assert.Equal(t, exitOK, s.wait(t), s.stderr.String())

	// The session's waveform: every byte starts with a falling edge on its
	// line, 87 each way.
	f, err := os.Open(vcd)
	require.NoError(t, err)
	defer f.Close()
	w, err := sim.ParseVCD(f)
	require.NoError(t, err)
	for _, line := range []string{"host_txd", "txd"} {
		h := w.History("uart", line)
		falls := 0
		for i := 1; i < len(h); i++ {
			if h[i-1].Value == 1 && h[i].Value == 0 {
				falls++
			}
		}
		assert.GreaterOrEqual(t, falls, 87, line)
	}
}

// A port that cannot be opened is bad input: exit 2 and one line naming it.
func TestServeSendBadPort(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "ttyNOPE")
	for _, args := range [][]string{
		{"serve", "--port", missing},
		{"send", "--port", missing},
	} {
		code, _, errOut := runCmd(t, "", args...)
		assert.Equal(t, exitUsage, code, "%v", args)
		assert.Contains(t, errOut, missing)
		assert.Len(t, strings.Split(strings.TrimSpace(errOut), "\n"), 1, errOut)
	}
	for _, args := range [][]string{{"serve"}, {"serve", "--pty", "--port", missing}, {"send"}, {"serve", "--pty", "--design", "ga"}} {
		code, _, errOut := runCmd(t, "", args...)
		assert.Equal(t, exitUsage, code, "%v", args)
		assert.Len(t, strings.Split(strings.TrimSpace(errOut), "\n"), 1, errOut)
	}
}

// Interrupted (SIGINT, SIGTERM: the context ends), serve closes the session
// cleanly: exit 0, the summary on stdout, a complete VCD.
func TestServeStopsWhenInterrupted(t *testing.T) {
	vcd := filepath.Join(t.TempDir(), "idle.vcd")
	s := startServe(t, "--pty", "--vcd", vcd)
	h := openHost(t, s.device)
	_, err := h.Write([]byte{0x00, 0x01, 0x02})
	require.NoError(t, err)
	time.Sleep(50 * time.Millisecond)
	s.stop()
	require.Equal(t, exitOK, s.wait(t), s.stderr.String())
	h.Close()
	assert.Regexp(t, `^0 answers; \d+ bytes in, 0 out; \d+ cycles`, s.stdout.String())
	f, err := os.Open(vcd)
	require.NoError(t, err)
	defer f.Close()
	_, err = sim.ParseVCD(f)
	require.NoError(t, err)
}

// With --realtime no answer reaches the host before its simulated time
// (a lower bound the pacing guarantees; without it the sample's answer
// comes back as soon as it is simulated).
func TestServeRealtimeNeverEarly(t *testing.T) {
	sample := sudoku.Sample()
	one := oneRun(t, sample)
	simulated := time.Duration(float64(one.Cycles.Total()) / 100e6 * float64(time.Second))
	s := startServe(t, "--pty", "--realtime", "--answers", "2")
	h := openHost(t, s.device)
	defer h.Close()
	for range 2 {
		start := time.Now()
		_, err := h.Write(uart.EncodePuzzle(sample))
		require.NoError(t, err)
		assert.Equal(t, one.Response, readHost(t, h, len(one.Response)))
		assert.GreaterOrEqual(t, time.Since(start), simulated)
	}
	h.Close()
	require.Equal(t, exitOK, s.wait(t), s.stderr.String())
}

// send's checks, one fault each: the checksum byte, the grid against the
// rules, against the givens, the order, an error reply.
func TestSendChecksAnswers(t *testing.T) {
	sample := sudoku.Sample()
	sol := oneRun(t, sample).Solution
	require.NotNil(t, sol)
	require.NoError(t, checkAnswer(sample, uart.EncodeSolution(sol)))

	badSum := uart.EncodeSolution(sol)
	badSum[4]++
	assert.ErrorContains(t, checkAnswer(sample, badSum), "checksum")

	clash := sol.Clone()
	clash.Cells[0] = clash.Cells[1] // a value twice in row 0
	assert.Error(t, checkAnswer(sample, uart.EncodeSolution(clash)))

	// A valid grid that is not this puzzle's: relabel two digits.
	other := sol.Clone()
	for i, v := range other.Cells {
		switch v {
		case 1:
			other.Cells[i] = 2
		case 2:
			other.Cells[i] = 1
		}
	}
	require.NoError(t, sudoku.Validate(sudoku.MustNew(3), other), "still a valid grid")
	assert.Error(t, checkAnswer(sample, uart.EncodeSolution(other)), "the givens are not kept")

	small := sudoku.MustNew(2)
	copy(small.Cells, []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1})
	assert.Error(t, checkAnswer(sample, uart.EncodeSolution(small)), "order 2 for order 3")

	assert.ErrorContains(t, checkAnswer(sample, uart.EncodeError(uart.StatusNoSolution)), "error reply 4 (no solution)")
}

// send's reader finds the answer behind bytes before its header, across
// reads, and gives up at the timeout saying how much came.
func TestSendReadsAnswer(t *testing.T) {
	pt, err := board.OpenPTY()
	if err != nil {
		t.Skipf("this machine gives no pseudo-terminal (/dev/ptmx): %v", err)
	}
	defer pt.Close()
	port, err := board.OpenSerial(pt.Name(), 115200)
	require.NoError(t, err)
	defer port.Close()
	for { // until the board's end sees the host
		_, err := pt.Read(make([]byte, 1))
		if err == nil {
			break
		}
	}
	reply := uart.EncodeError(uart.StatusBadChecksum)
	_, err = pt.Write(append([]byte{0x00, 0xA5, 0x3C, 0x11}, reply[:3]...))
	require.NoError(t, err)
	go func() {
		time.Sleep(20 * time.Millisecond)
		pt.Write(append(reply[3:], 0x77))
	}()
	got, skipped, err := readAnswer(port, time.Now().Add(10*time.Second))
	require.NoError(t, err)
	assert.Equal(t, reply, got)
	assert.Equal(t, 4, skipped)

	_, err = pt.Write([]byte{0xA5, 0x3C})
	require.NoError(t, err)
	require.NoError(t, port.ResetInput())
	_, err = pt.Write([]byte{0xA5, 0x3C, 0x5A})
	require.NoError(t, err)
	_, _, err = readAnswer(port, time.Now().Add(200*time.Millisecond))
	assert.ErrorContains(t, err, "no answer by the timeout (3 bytes received, 0 before a header)")
}
