// Package uart models the FPT'09 serial link at the bit level: an 8N1
// Transmitter and Receiver clocked by a baud divisor round(f_clk/baud), the
// host side of the link (a PC sending a byte slice, a PC collecting bytes),
// and the FPT'09 frame codec — as a clocked FrameDecoder block that turns
// received bytes into cell writes and a frame status, and as plain Go
// functions for the host (EncodePuzzle, DecodeResponse, EncodeSolution,
// EncodeError). The frames are described in docs/protocol.md.
//
// Every block is a sim.Idler: an idle line and the waits between bit
// samples fast-forward, so a 50,631-byte order-15 frame (4.4·10⁸ cycles at
// 100 MHz) is received in a fraction of a second.
//
// The serial lines are traced as 1-bit signals in the VCD scope "uart" so
// that tools reading only 1-bit variables (sigrok-cli) can decode them.
package uart
