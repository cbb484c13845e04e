// uart_rx: 8N1 serial receiver, cycle for cycle the Go uart.Receiver
// (uart/receiver.go; docs/microarchitecture.md §3, docs/hdl.md).
//
// rxd_i is sampled once per cycle (it comes from a register of the same
// clock domain: no synchroniser, as in the Go model). In the first cycle the
// line is at space (0) the receiver starts a character and samples the line
// again ClksPerBit/2 cycles later, at the middle of the start bit: back at
// mark (1) there means a glitch and the receiver returns to idle; otherwise
// it samples the 8 data bits, LSB first, and the stop bit each ClksPerBit
// cycles later. A stop bit at mark raises valid_o for one cycle with the
// byte on data_o (data_o holds the last byte received until the next one); a
// stop bit at space raises framing_error_o for one cycle instead, and the
// receiver waits for the line to return to mark before it hunts for the next
// start bit.
//
// Port names are the Go block's traced signals (scope "rx": valid, data,
// framing_error). The Go block's framing-error count is bookkeeping of the
// model, not a register here.
module uart_rx #(
  parameter integer ClksPerBit = 868  // baud divisor D: clock cycles per bit, >= 2
) (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       rxd_i,
  output wire       valid_o,
  output wire [7:0] data_o,
  output wire       framing_error_o
);
  localparam integer CntW = $clog2(ClksPerBit);
  localparam integer HalfLoad = ClksPerBit / 2 - 1;
  localparam integer FullLoad = ClksPerBit - 1;
  localparam [CntW-1:0] Half = HalfLoad[CntW-1:0];
  localparam [CntW-1:0] Full = FullLoad[CntW-1:0];

  // mode_q: the Go block's rxIdle, rxFrame, rxWaitMark.
  localparam [1:0] ModeIdle     = 2'd0;
  localparam [1:0] ModeFrame    = 2'd1;
  localparam [1:0] ModeWaitMark = 2'd2;

  reg [1:0]      mode_q, mode_d;
  reg [3:0]      bit_q, bit_d;  // next sample: 0 start, 1..8 data, 9 stop
  reg [CntW-1:0] cnt_q, cnt_d;  // cycles until the next sample
  reg [7:0]      shift_q, shift_d;
  reg            valid_q, valid_d;
  reg            ferr_q, ferr_d;
  reg [7:0]      data_q, data_d;

  always @* begin
    mode_d  = mode_q;
    bit_d   = bit_q;
    cnt_d   = cnt_q;
    shift_d = shift_q;
    data_d  = data_q;
    valid_d = 1'b0;
    ferr_d  = 1'b0;
    case (mode_q)
      ModeIdle: begin
        if (!rxd_i) begin
          mode_d = ModeFrame;
          bit_d  = 4'd0;
          cnt_d  = Half;
        end
      end
      ModeWaitMark: begin
        if (rxd_i) begin
          mode_d = ModeIdle;
        end
      end
      ModeFrame: begin
        if (cnt_q != {CntW{1'b0}}) begin
          cnt_d = cnt_q - 1'b1;
        end else if (bit_q == 4'd0 && rxd_i) begin
          mode_d = ModeIdle;  // glitch: the start bit did not last half a bit
        end else if (bit_q < 4'd9) begin
          if (bit_q != 4'd0) begin
            shift_d = {rxd_i, shift_q[7:1]};
          end
          bit_d = bit_q + 4'd1;
          cnt_d = Full;
        end else if (rxd_i) begin
          mode_d  = ModeIdle;
          valid_d = 1'b1;
          data_d  = shift_q;
        end else begin
          mode_d = ModeWaitMark;
          ferr_d = 1'b1;
        end
      end
      default: begin
        mode_d = ModeIdle;
      end
    endcase
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mode_q  <= ModeIdle;
      bit_q   <= 4'd0;
      cnt_q   <= {CntW{1'b0}};
      shift_q <= 8'd0;
      valid_q <= 1'b0;
      ferr_q  <= 1'b0;
      data_q  <= 8'd0;
    end else begin
      mode_q  <= mode_d;
      bit_q   <= bit_d;
      cnt_q   <= cnt_d;
      shift_q <= shift_d;
      valid_q <= valid_d;
      ferr_q  <= ferr_d;
      data_q  <= data_d;
    end
  end

  assign valid_o         = valid_q;
  assign data_o          = data_q;
  assign framing_error_o = ferr_q;
endmodule
