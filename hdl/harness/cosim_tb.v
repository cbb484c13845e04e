// cosim_tb: the co-simulation harness for Icarus Verilog, record for record
// the stream of harness.cpp (format: hdl/trace.go), with the same plusargs:
// +order=N +chk=X +limit=L (direct link), +frame=FILE +frame_len=N (UART),
// +max=N, +full_from=N, +out=FILE (where the records go; stdout by
// default) and +vcd=FILE (a waveform of the design).
// Not synthesised.
`timescale 1ns / 1ps
module cosim_tb;
  parameter integer MaxOrder   = 3;
  parameter integer K          = 1;
  parameter integer ClksPerBit = 868;
  localparam integer M = MaxOrder * MaxOrder;
  localparam integer W = 8 * M;
  localparam [63:0] FnvOffset = 64'd14695981039346656037;
  localparam [63:0] FnvPrime  = 64'd1099511628211;
  localparam integer Stdout = 32'h8000_0001;

  reg         clk_i = 1'b0;
  reg         rst_ni = 1'b1;
  reg         direct_i = 1'b0;
  reg         load_i = 1'b0;
  reg  [3:0]  load_order_i = 4'd0;
  reg  [7:0]  load_chk_i = 8'd0;
  reg  [63:0] search_limit_i = 64'hffff_ffff_ffff_ffff;
  reg  [15:0] peek_addr_i = 16'd0;
  wire        rxd_o, txd_o, tx_busy_o;
  wire [4:0]  state_o;
  wire [7:0]  chk_o, size_o, reply_o;
  wire        a_en_o, a_we_o, b_en_o, b_we_o, g_en_o, g_we_o;
  wire [15:0] a_addr_o, b_addr_o, g_addr_o;
  wire [W-1:0] a_wdata_o, b_wdata_o, peek_o;
  wire [M-1:0] g_wdata_o;

  cosim_top #(.MaxOrder(MaxOrder), .K(K), .ClksPerBit(ClksPerBit)) dut (
    .clk_i, .rst_ni, .rxd_o, .tx_busy_o, .direct_i, .txd_o, .load_i, .load_order_i, .load_chk_i,
    .search_limit_i, .state_o, .chk_o, .size_o, .reply_o,
    .a_en_o, .a_we_o, .a_addr_o, .a_wdata_o, .b_en_o, .b_we_o, .b_addr_o, .b_wdata_o,
    .g_en_o, .g_we_o, .g_addr_o, .g_wdata_o, .peek_addr_i, .peek_o
  );

  reg [63:0] order, chk, limit, max, full_from, cycle, h;
  reg        full;
  reg [8*512-1:0] vcd_path;
  integer    j, r, nb;
  reg [7:0]  mb;

  integer    out;
  reg [8*512-1:0] out_path;

  task put8(input [7:0] b);
    $fwrite(out, "%c", b);
  endtask

  task put64(input [63:0] v);
    integer i;
    for (i = 0; i < 8; i = i + 1) put8(v[8*i +: 8]);
  endtask

  task put_word(input [W-1:0] w, input integer n);
    integer i;
    begin
      h = FnvOffset;
      for (i = 0; i < n; i = i + 1) h = (h ^ {56'd0, w[8*i +: 8]}) * FnvPrime;
      put64(h);
      if (full) for (i = 0; i < n; i = i + 1) put8(w[8*i +: 8]);
    end
  endtask

  task put_mask(input [M-1:0] w, input integer n);
    integer i, b;
    begin
      h = FnvOffset;
      for (b = 0; b < (n + 7) / 8; b = b + 1) begin
        mb = 8'd0;
        for (i = 0; i < 8; i = i + 1) if (8 * b + i < n) mb[i] = w[8 * b + i];
        h = (h ^ {56'd0, mb}) * FnvPrime;
      end
      put64(h);
      if (full) begin
        for (b = 0; b < (n + 7) / 8; b = b + 1) begin
          mb = 8'd0;
          for (i = 0; i < 8; i = i + 1) if (8 * b + i < n) mb[i] = w[8 * b + i];
          put8(mb);
        end
      end
    end
  endtask

  task edge_clk;
    begin
      #1 clk_i = 1'b1;
      #1 clk_i = 1'b0;
    end
  endtask

  initial begin
    // The records go to +out=FILE (the Go side passes a pipe), so that
    // what the simulator itself prints on stdout stays out of them.
    if ($value$plusargs("out=%s", out_path)) out = $fopen(out_path, "wb");
    else out = Stdout;
    if (!$value$plusargs("order=%d", order)) order = 0;
    if (!$value$plusargs("chk=%d", chk)) chk = 0;
    if ($value$plusargs("limit=%d", limit)) search_limit_i = limit;
    if (!$value$plusargs("max=%d", max)) max = 64'hffff_ffff_ffff_ffff;
    if (!$value$plusargs("full_from=%d", full_from)) full_from = 64'hffff_ffff_ffff_ffff;
    if ($value$plusargs("vcd=%s", vcd_path)) begin
      $dumpfile(vcd_path);
      $dumpvars(0, dut);
    end
    direct_i = order != 0;
    #1 rst_ni = 1'b0;
    edge_clk;
    rst_ni = 1'b1;
    if (order != 0) begin
      load_i = 1'b1;
      load_order_i = order[3:0];
      load_chk_i = chk[7:0];
      edge_clk;
      load_i = 1'b0;
    end
    cycle = 0;
    while (cycle < max &&
           !(direct_i && state_o == 5'd16) &&
           !(!direct_i && state_o == 5'd15 && !tx_busy_o)) begin
      #0.5;
      full = cycle >= full_from;
      put8({3'd0, state_o});
      put8({full, txd_o, g_we_o, g_en_o, b_we_o, b_en_o, a_we_o, a_en_o});
      put8(chk_o);
      put8(size_o);
      put8(reply_o);
      put8({7'd0, rxd_o});
      put8(a_addr_o[7:0]); put8(a_addr_o[15:8]);
      put8(b_addr_o[7:0]); put8(b_addr_o[15:8]);
      put8(g_addr_o[7:0]); put8(g_addr_o[15:8]);
      if (a_en_o && a_we_o) put_word(a_wdata_o, size_o);
      if (b_en_o && b_we_o) put_word(b_wdata_o, size_o);
      if (g_en_o && g_we_o) put_mask(g_wdata_o, size_o);
      edge_clk;
      cycle = cycle + 1;
    end
    #0.5;
    put8(8'hFF);
    put64(cycle);
    put64(64'd0);  // no loop timing under Icarus
    put8(chk_o);
    put8(reply_o);
    put8(size_o);
    for (r = 0; r < size_o; r = r + 1) begin
      peek_addr_i = r[15:0];
      #0.1;
      for (j = 0; j < size_o; j = j + 1) put8(peek_o[8*j +: 8]);
    end
    $fflush(out);
    if (out != Stdout) $fclose(out);
    $finish;
  end
endmodule
