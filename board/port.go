package board

import (
	"errors"
	"fmt"
	"os"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/creack/pty"
	"go.bug.st/serial"
	"golang.org/x/sys/unix"
	"golang.org/x/term"
)

// Port is the board's end of a serial connection.
//
// Read waits at most about PollPeriod: it returns (0, nil) when no byte came
// in that time, and ErrNoHost when no host has the port open (a
// pseudo-terminal whose other end is closed). Write sends everything or
// fails; bytes a port cannot deliver (no host, a host that stopped reading)
// are dropped with an error, as a board's transmitter sends whether or not
// anyone listens.
type Port interface {
	Read(p []byte) (int, error)
	Write(p []byte) (int, error)
	Close() error
	// Name is the device a host opens.
	Name() string
}

// PollPeriod is how long a Port's Read waits for a byte.
const PollPeriod = 20 * time.Millisecond

// noHostPoll is how often a PTY looks for a host while none has it open.
const noHostPoll = 5 * time.Millisecond

// writeStall is how long a Write waits for a host that does not read.
const writeStall = 2 * time.Second

// ErrNoHost is Read's error while no host has the port open.
var ErrNoHost = errors.New("no host has the port open")

// PTY is a pseudo-terminal: the board holds the master side, a host opens
// Name() (/dev/pts/N) as it would a serial device. The line is raw (no echo,
// no line editing, 8 bits through), and stays raw when a host closes and
// reopens it.
type PTY struct {
	master *os.File
	name   string
	// noHost is set while Read finds no host; Write then drops what the
	// board sends, and the next host starts with an empty line.
	noHost atomic.Bool
}

// OpenPTY opens a pseudo-terminal.
func OpenPTY() (*PTY, error) {
	m, s, err := pty.Open()
	if err != nil {
		return nil, fmt.Errorf("pty: %w", err)
	}
	name := s.Name()
	_, rawErr := term.MakeRaw(int(s.Fd()))
	// The board does not keep the host's end open: a closed end makes Read
	// report ErrNoHost, and the kernel drops what the board sends to nobody
	// instead of keeping it for the next host.
	s.Close()
	if rawErr != nil {
		m.Close()
		return nil, fmt.Errorf("pty %s: raw mode: %w", name, rawErr)
	}
	// pty.Open leaves the master blocking (Fd() does); a non-blocking copy
	// goes through the runtime poller, so deadlines work.
	fd, err := syscall.Dup(int(m.Fd()))
	m.Close()
	if err != nil {
		return nil, fmt.Errorf("pty %s: %w", name, err)
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return nil, fmt.Errorf("pty %s: %w", name, err)
	}
	p := &PTY{master: os.NewFile(uintptr(fd), "/dev/ptmx"), name: name}
	p.noHost.Store(true)
	return p, nil
}

// Name is the device path a host opens.
func (p *PTY) Name() string { return p.name }

// Read implements Port.
func (p *PTY) Read(b []byte) (int, error) {
	if err := p.master.SetReadDeadline(time.Now().Add(PollPeriod)); err != nil {
		return 0, err
	}
	n, err := p.master.Read(b)
	if errors.Is(err, syscall.EIO) {
		// Linux reports EIO on the master while no one has the slave open.
		if !p.noHost.Swap(true) {
			p.flushHostInput()
		}
		if n == 0 {
			time.Sleep(noHostPoll)
		}
		return n, ErrNoHost
	}
	p.noHost.Store(false)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return n, nil
	}
	return n, err
}

// flushHostInput drops bytes sent to a host that has just left without
// reading them: the kernel would keep them for the next one, where a
// serial adapter drops them. It opens the host's end for a moment — no
// host has it open now, so a host's exclusive lock (TIOCEXCL, which
// go.bug.st/serial sets) is not in the way.
func (p *PTY) flushHostInput() {
	f, err := os.OpenFile(p.name, os.O_RDWR|syscall.O_NOCTTY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return // a new host holds it exclusively already: nothing to do but carry on
	}
	_ = unix.IoctlSetInt(int(f.Fd()), unix.TCFLSH, unix.TCIFLUSH)
	f.Close()
}

// Write implements Port. With no host the bytes are dropped with an error
// (the kernel would keep them for the next host); a host that keeps the
// port open without reading fills the line's buffer, and after writeStall
// the rest is dropped with an error.
func (p *PTY) Write(b []byte) (int, error) {
	if p.noHost.Load() {
		return 0, fmt.Errorf("%s: %w: %d bytes dropped", p.name, ErrNoHost, len(b))
	}
	sent := 0
	for sent < len(b) {
		if err := p.master.SetWriteDeadline(time.Now().Add(writeStall)); err != nil {
			return sent, err
		}
		n, err := p.master.Write(b[sent:])
		sent += n
		if err != nil && (n == 0 || !errors.Is(err, os.ErrDeadlineExceeded)) {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				return sent, fmt.Errorf("%s: the host has not read for %v: %d bytes dropped", p.name, writeStall, len(b)-sent)
			}
			return sent, err
		}
	}
	return sent, nil
}

// Close implements Port.
func (p *PTY) Close() error { return p.master.Close() }

// Serial is a serial device (a USB-serial adapter, an RS-232 port) at a
// baud rate, 8N1.
type Serial struct {
	port serial.Port
	name string
}

// OpenSerial opens a serial device at baud, 8N1, no flow control.
func OpenSerial(path string, baud int) (*Serial, error) {
	p, err := serial.Open(path, &serial.Mode{BaudRate: baud, DataBits: 8, Parity: serial.NoParity, StopBits: serial.OneStopBit})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := p.SetReadTimeout(PollPeriod); err != nil {
		p.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &Serial{port: p, name: path}, nil
}

// Name is the device path.
func (s *Serial) Name() string { return s.name }

// Read implements Port.
func (s *Serial) Read(b []byte) (int, error) { return s.port.Read(b) }

// Write implements Port.
func (s *Serial) Write(b []byte) (int, error) { return s.port.Write(b) }

// Close implements Port.
func (s *Serial) Close() error { return s.port.Close() }

// SetReadTimeout changes how long Read waits (the host side, send, waits
// for answers with it).
func (s *Serial) SetReadTimeout(d time.Duration) error { return s.port.SetReadTimeout(d) }

// ResetInput drops bytes received and not yet read.
func (s *Serial) ResetInput() error { return s.port.ResetInputBuffer() }
