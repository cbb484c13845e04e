package uart_test

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/uart"
)

// A third-party check of the bit-level transmitter: sigrok-cli's UART
// decoder, reading a 1-bit-only VCD of the "uart" scope, must decode
// exactly the frame the host sender put on the line. The VCD timescale is
// 10 ns (100 MHz), which sigrok-cli reads as a 100 MHz samplerate: 868
// samples per bit.
func TestSigrokDecodesTransmitter(t *testing.T) {
	bin, err := exec.LookPath("sigrok-cli")
	if err != nil {
		t.Skip("sigrok-cli not installed (.ci/run installs it with apt-get)")
	}
	frame := uart.EncodePuzzle(sudoku.Sample())
	pc := uart.NewHostSender("pc_tx", 868)
	pc.Queue(frame)
	s, err := sim.New(sim.DefaultConfig(), pc)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "uart.vcd")
	v, err := sim.CreateVCD(path, s, sim.VCDOptions{Scopes: []string{"uart"}, OneBitOnly: true})
	require.NoError(t, err)
	_, err = s.RunUntil(pc.Done, 1<<32)
	require.NoError(t, err)
	_, err = s.Run(2 * 868) // some idle line after the last stop bit
	require.NoError(t, err)
	require.NoError(t, v.Close())

	cmd := exec.Command(bin, "-I", "vcd", "-i", path,
		"-P", "uart:baudrate=115200:rx=pc_tx", "-B", "uart=rx")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "sigrok-cli: %s", stderr.String())
	assert.Equal(t, frame, stdout.Bytes(), "stderr: %s", strings.TrimSpace(stderr.String()))
}
