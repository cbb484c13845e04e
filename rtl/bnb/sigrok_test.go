package bnb

import (
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/sim"
	"sudokusim/sudoku"
	"sudokusim/uart"
)

// sigrokDecode decodes one 1-bit channel of a VCD file as 8N1 UART at baud
// with sigrok-cli's uart protocol decoder.
func sigrokDecode(t *testing.T, vcd, channel string, baud int) []byte {
	t.Helper()
	out, err := exec.Command("sigrok-cli", "-I", "vcd", "-i", vcd,
		"-P", "uart:baudrate="+strconv.Itoa(baud)+":rx="+channel, "-A", "uart=rx-data").CombinedOutput()
	require.NoError(t, err, "sigrok-cli: %s", out)
	var got []byte
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		require.Len(t, f, 2, "sigrok-cli line %q", line)
		b, err := hex.DecodeString(f[1])
		require.NoError(t, err, "sigrok-cli line %q", line)
		got = append(got, b...)
	}
	return got
}

// A third party reads the serial lines of a sample run: sigrok-cli decodes
// the host's line to exactly the puzzle frame and the processor's line to
// exactly the response frame.
func TestSigrokDecodesSerialLines(t *testing.T) {
	if _, err := exec.LookPath("sigrok-cli"); err != nil {
		t.Skip("sigrok-cli not installed (.ci/run installs it)")
	}
	path := filepath.Join(t.TempDir(), "sample.vcd")
	f, err := os.Create(path)
	require.NoError(t, err)
	res, err := Simulate(DefaultConfig(), sudoku.Sample(), SimOptions{
		VCD: f, VCDOptions: sim.VCDOptions{Scopes: []string{"uart"}, OneBitOnly: true}})
	require.NoError(t, err)
	require.NoError(t, f.Close())
	require.Equal(t, Solved, res.Status)

	assert.Equal(t, uart.EncodePuzzle(sudoku.Sample()), sigrokDecode(t, path, "host_txd", 115200))
	assert.Equal(t, res.Response, sigrokDecode(t, path, "txd", 115200))
	assert.Equal(t, uart.EncodeSolution(sudoku.SampleSolution()), res.Response)
}
