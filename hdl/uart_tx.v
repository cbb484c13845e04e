// uart_tx: 8N1 serial transmitter, cycle for cycle the Go uart.Transmitter
// (uart/transmitter.go; docs/microarchitecture.md §7, docs/hdl.md).
//
// It takes data_i in a cycle in which valid_i and ready_o are both high and
// from the next cycle drives the start bit, the 8 data bits LSB first and the
// stop bit on txd_o, each for ClksPerBit cycles. ready_o is high while idle
// and in the last cycle of a stop bit, so bytes offered back to back go out
// exactly 10 bit times apart. txd_o is registered and idles at mark (1).
//
// Port names are the Go block's traced signals: the line (scope "uart",
// named after the block, "txd" in the processor), busy and data (the byte
// being sent).
module uart_tx #(
  parameter integer ClksPerBit = 868  // baud divisor D: clock cycles per bit, >= 2
) (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       valid_i,
  input  wire [7:0] data_i,
  output wire       ready_o,
  output wire       txd_o,
  output wire       busy_o,
  output wire [7:0] data_o
);
  localparam integer CntW = $clog2(ClksPerBit);
  localparam integer FullLoad = ClksPerBit - 1;
  localparam [CntW-1:0] Full = FullLoad[CntW-1:0];

  reg            busy_q, busy_d;
  reg            line_q, line_d;    // the level on the line; 1 = mark
  reg [3:0]      bit_q, bit_d;      // bit on the line: 0 start, 1..8 data, 9 stop
  reg [CntW-1:0] cnt_q, cnt_d;      // cycles of this bit left after the current one
  reg [9:0]      frame_q, frame_d;  // stop, data (LSB at bit 1), start

  assign ready_o = !busy_q || (bit_q == 4'd9 && cnt_q == {CntW{1'b0}});

  always @* begin
    busy_d  = busy_q;
    line_d  = line_q;
    bit_d   = bit_q;
    cnt_d   = cnt_q;
    frame_d = frame_q;
    if (busy_q && cnt_q != {CntW{1'b0}}) begin
      cnt_d = cnt_q - 1'b1;
    end else if (busy_q && bit_q < 4'd9) begin
      bit_d  = bit_q + 4'd1;
      line_d = frame_q[bit_d];
      cnt_d  = Full;
    end else if (valid_i) begin  // idle, or the stop bit's last cycle
      busy_d  = 1'b1;
      bit_d   = 4'd0;
      line_d  = 1'b0;
      cnt_d   = Full;
      frame_d = {1'b1, data_i, 1'b0};
    end else begin
      busy_d = 1'b0;
      line_d = 1'b1;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q  <= 1'b0;
      line_q  <= 1'b1;
      bit_q   <= 4'd0;
      cnt_q   <= {CntW{1'b0}};
      frame_q <= 10'd0;
    end else begin
      busy_q  <= busy_d;
      line_q  <= line_d;
      bit_q   <= bit_d;
      cnt_q   <= cnt_d;
      frame_q <= frame_d;
    end
  end

  assign txd_o  = line_q;
  assign busy_o = busy_q;
  assign data_o = frame_q[8:1];
endmodule
