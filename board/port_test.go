package board

import (
	"io"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readUntil reads the PTY until it returns without ErrNoHost or the
// deadline passes, and returns what came.
func readUntil(t *testing.T, p *PTY, want int) []byte {
	t.Helper()
	var got []byte
	buf := make([]byte, 256)
	deadline := time.Now().Add(10 * time.Second)
	for len(got) < want && time.Now().Before(deadline) {
		n, err := p.Read(buf)
		if err != nil {
			require.ErrorIs(t, err, ErrNoHost)
		}
		got = append(got, buf[:n]...)
	}
	return got
}

// The pseudo-terminal as a board sees it: no host at first (writes are
// refused, not queued for later), a host's bytes through raw (no echo, no
// CR/LF mapping), the host's leaving seen, and bytes the board sent to a
// host that left without reading them never reach the next host.
func TestPTYHostsComeAndGo(t *testing.T) {
	p, err := OpenPTY()
	if err != nil {
		t.Skipf("this machine gives no pseudo-terminal (/dev/ptmx): %v", err)
	}
	defer p.Close()
	buf := make([]byte, 16)
	_, err = p.Read(buf)
	require.ErrorIs(t, err, ErrNoHost)
	_, err = p.Write([]byte{1, 2, 3})
	require.ErrorIs(t, err, ErrNoHost)

	raw := []byte{0x0A, 0x0D, 0x03, 0x7F, 0xA5, 0x00, 0x11, 0x13}
	h, err := os.OpenFile(p.Name(), os.O_RDWR|syscall.O_NOCTTY, 0)
	require.NoError(t, err)
	_, err = h.Write(raw)
	require.NoError(t, err)
	assert.Equal(t, raw, readUntil(t, p, len(raw)))
	// The board answers; the host leaves without reading.
	_, err = p.Write([]byte("stale answer"))
	require.NoError(t, err)
	require.NoError(t, h.Close())
	for {
		_, err := p.Read(buf)
		if err != nil {
			require.ErrorIs(t, err, ErrNoHost)
			break
		}
	}

	h, err = os.OpenFile(p.Name(), os.O_RDWR|syscall.O_NOCTTY, 0)
	require.NoError(t, err)
	defer h.Close()
	_, err = p.Read(buf)
	require.NoError(t, err)
	_, err = p.Write(raw)
	require.NoError(t, err)
	require.NoError(t, h.SetReadDeadline(time.Now().Add(10*time.Second)))
	got := make([]byte, len(raw))
	_, err = io.ReadFull(h, got)
	require.NoError(t, err)
	assert.Equal(t, raw, got, "the new host reads only what was sent to it, unmapped")
}
