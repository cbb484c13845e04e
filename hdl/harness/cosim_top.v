// cosim_top: simulation-only wrapper of sudoku_top for the co-simulation
// harness. It brings out, by hierarchical reference, what is compared with
// the Go model every cycle: the FSM state, the checksum, size and reply
// registers, and every block-RAM port (enable, write enable, address,
// write data). Not synthesised.
module cosim_top #(
  parameter integer MaxOrder   = 3,
  parameter integer K          = 1,
  parameter integer ClksPerBit = 868
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,
  // The host PC's frame (+frame=FILE, +frame_len=N): sent from cycle 0 on,
  // bytes back to back, through a transmitter like the Go HostSender's.
  output wire                          rxd_o,
  output wire                          tx_busy_o,
  input  wire                          direct_i,
  output wire                          txd_o,
  input  wire                          load_i,
  input  wire [3:0]                    load_order_i,
  input  wire [7:0]                    load_chk_i,
  input  wire [63:0]                   search_limit_i,
  output wire [4:0]                    state_o,
  output wire [7:0]                    chk_o,
  output wire [7:0]                    size_o,
  output wire [7:0]                    reply_o,
  output wire                          a_en_o,
  output wire                          a_we_o,
  output wire [15:0]                   a_addr_o,
  output wire [8*MaxOrder*MaxOrder-1:0] a_wdata_o,
  output wire                          b_en_o,
  output wire                          b_we_o,
  output wire [15:0]                   b_addr_o,
  output wire [8*MaxOrder*MaxOrder-1:0] b_wdata_o,
  output wire                          g_en_o,
  output wire                          g_we_o,
  output wire [15:0]                   g_addr_o,
  output wire [MaxOrder*MaxOrder-1:0]  g_wdata_o,
  // Read-back of a grid memory word after the run (the answer).
  input  wire [15:0]                   peek_addr_i,
  output wire [8*MaxOrder*MaxOrder-1:0] peek_o
);
  reg  [7:0]  frame [0:65535];
  reg  [31:0] frame_len;
  reg  [15:0] host_pos_q;
  wire        host_valid = {16'd0, host_pos_q} < frame_len;
  wire        host_ready;
  wire        host_busy;
  wire [7:0]  host_data;
  reg [8*512-1:0] frame_path;
  initial begin
    frame_len = 32'd0;
    if ($value$plusargs("frame=%s", frame_path)) $readmemh(frame_path, frame);
    if (!$value$plusargs("frame_len=%d", frame_len)) frame_len = 32'd0;
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) host_pos_q <= 16'd0;
    else if (host_valid && host_ready) host_pos_q <= host_pos_q + 16'd1;
  end
  uart_tx #(.ClksPerBit(ClksPerBit)) u_host (
    .clk_i, .rst_ni, .valid_i(host_valid), .data_i(frame[host_pos_q]), .ready_o(host_ready),
    .txd_o(rxd_o), .busy_o(host_busy), .data_o(host_data)
  );

  sudoku_top #(.MaxOrder(MaxOrder), .K(K), .ClksPerBit(ClksPerBit)) u_top (
    .clk_i, .rst_ni, .rxd_i(rxd_o), .txd_o, .direct_i, .load_i, .load_order_i, .load_chk_i, .search_limit_i
  );
  assign tx_busy_o = u_top.u_tx.busy_o;
  assign state_o   = u_top.u_core.state_o;
  assign chk_o     = u_top.u_core.chk_o;
  assign size_o    = u_top.u_core.size_o;
  assign reply_o   = u_top.u_core.reply_o;
  assign a_en_o    = u_top.u_core.a_en_o;
  assign a_we_o    = u_top.u_core.a_we_o;
  assign a_addr_o  = {{(16 - $bits(u_top.u_core.a_addr_o)){1'b0}}, u_top.u_core.a_addr_o};
  assign a_wdata_o = u_top.u_core.a_wdata_o;
  assign b_en_o    = u_top.u_core.b_en_o;
  assign b_we_o    = u_top.u_core.b_we_o;
  assign b_addr_o  = {{(16 - $bits(u_top.u_core.b_addr_o)){1'b0}}, u_top.u_core.b_addr_o};
  assign b_wdata_o = u_top.u_core.b_wdata_o;
  assign g_en_o    = u_top.u_core.g_en_o;
  assign g_we_o    = u_top.u_core.g_we_o;
  assign g_addr_o  = {{(16 - $bits(u_top.u_core.g_addr_o)){1'b0}}, u_top.u_core.g_addr_o};
  assign g_wdata_o = u_top.u_core.g_wdata_o;
  assign peek_o    = u_top.u_grid_mem.mem[peek_addr_i];
endmodule
