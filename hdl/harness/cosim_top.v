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
  input  wire                          rxd_i,
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
  sudoku_top #(.MaxOrder(MaxOrder), .K(K), .ClksPerBit(ClksPerBit)) u_top (
    .clk_i, .rst_ni, .rxd_i, .txd_o, .load_i, .load_order_i, .load_chk_i, .search_limit_i
  );
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
