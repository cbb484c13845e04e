// sudoku_top: version 1 of the FPT'09 processor (docs/microarchitecture.md
// §1): the core with its GridMem and GivenMem. MaxOrder (2..15) sizes the
// memories, K (1..32) is the evaluator's candidates per cycle, ClksPerBit
// the UART bit time in cycles.
module sudoku_top #(
  parameter integer MaxOrder   = 3,
  parameter integer K          = 1,
  parameter integer ClksPerBit = 868,
  // Version 2 (module heuristics): 0 version 1, 1 the paper's units.
  parameter integer Heuristics  = 0,
  parameter integer SubsetUnits = 1,
  parameter integer CandSearch  = 1
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        rxd_i,
  output wire        txd_o,
  // Direct link strap and load (simulation: the host writes the memories).
  input  wire        direct_i,
  input  wire        load_i,
  input  wire [3:0]  load_order_i,
  input  wire [7:0]  load_chk_i,
  input  wire [63:0] search_limit_i
);
  localparam integer M = MaxOrder * MaxOrder;
  localparam integer W = 8 * M;
  localparam integer GridAW = $clog2(3 * M);
  localparam integer GivenAW = (M > 1) ? $clog2(M) : 1;
  // The frame decoder's inter-byte timeout (uart.DefaultTimeoutBits).
  localparam integer TimeoutBits = 40;

  wire              rx_valid;
  wire [7:0]        rx_data;
  /* verilator lint_off UNUSEDSIGNAL */
  // Outputs nothing in the design reads, as in the Go model: the receiver's
  // framing error (a bad stop bit drops the byte), the decoder's mode and
  // the transmitter's byte register (traced in GTKWave), and the core's
  // registers the co-simulation probe (hdl/harness/cosim_top.v) reads.
  wire              rx_ferr;
  wire [1:0]        dec_mode;
  wire [7:0]        tx_line_data;
  wire [4:0]        state;
  wire [7:0]        chk, size, reply;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [2:0]        ev_kind, ev_status;
  wire [3:0]        ev_order;
  wire [7:0]        ev_cell;
  wire [7:0]        ev_row, ev_col;
  wire              tx_valid, tx_ready, tx_busy;
  wire [7:0]        tx_data;

  uart_rx #(.ClksPerBit(ClksPerBit)) u_rx (
    .clk_i, .rst_ni, .rxd_i, .valid_o(rx_valid), .data_o(rx_data), .framing_error_o(rx_ferr)
  );

  frame_decoder #(.ClksPerBit(ClksPerBit), .MaxOrder(MaxOrder), .TimeoutBits(TimeoutBits)) u_decoder (
    .clk_i, .rst_ni, .valid_i(rx_valid), .data_i(rx_data), .mode_o(dec_mode),
    .event_o(ev_kind), .status_o(ev_status), .order_o(ev_order), .cell_o(ev_cell),
    .row_o(ev_row), .col_o(ev_col)
  );

  uart_tx #(.ClksPerBit(ClksPerBit)) u_tx (
    .clk_i, .rst_ni, .valid_i(tx_valid), .data_i(tx_data), .ready_o(tx_ready), .txd_o,
    .busy_o(tx_busy), .data_o(tx_line_data)
  );

  wire              a_en, a_we, b_en, b_we, g_en, g_we;
  wire [GridAW-1:0] a_addr, b_addr;
  wire [GivenAW-1:0] g_addr;
  wire [W-1:0]      a_wdata, a_rdata, b_wdata, b_rdata;
  wire [M-1:0]      g_wdata, g_rdata;

  sudoku_core #(.MaxOrder(MaxOrder), .K(K), .GridAW(GridAW), .GivenAW(GivenAW),
    .Heuristics(Heuristics), .SubsetUnits(SubsetUnits), .CandSearch(CandSearch)) u_core (
    .clk_i, .rst_ni, .direct_i,
    .ev_kind_i(ev_kind), .ev_status_i(ev_status), .ev_order_i(ev_order), .ev_cell_i(ev_cell), .ev_row_i(ev_row), .ev_col_i(ev_col),
    .tx_valid_o(tx_valid), .tx_data_o(tx_data), .tx_ready_i(tx_ready), .tx_busy_i(tx_busy),
    .load_i, .load_order_i, .load_chk_i, .search_limit_i,
    .a_en_o(a_en), .a_we_o(a_we), .a_addr_o(a_addr), .a_wdata_o(a_wdata), .a_rdata_i(a_rdata),
    .b_en_o(b_en), .b_we_o(b_we), .b_addr_o(b_addr), .b_wdata_o(b_wdata), .b_rdata_i(b_rdata),
    .g_en_o(g_en), .g_we_o(g_we), .g_addr_o(g_addr), .g_wdata_o(g_wdata), .g_rdata_i(g_rdata),
    .state_o(state), .chk_o(chk), .size_o(size), .reply_o(reply)
  );

  grid_mem #(.Words(3 * M), .Width(W), .AddrW(GridAW)) u_grid_mem (
    .clk_i,
    .a_en_i(a_en), .a_we_i(a_we), .a_addr_i(a_addr), .a_wdata_i(a_wdata), .a_rdata_o(a_rdata),
    .b_en_i(b_en), .b_we_i(b_we), .b_addr_i(b_addr), .b_wdata_i(b_wdata), .b_rdata_o(b_rdata)
  );

  given_mem #(.Words(M), .Width(M), .AddrW(GivenAW)) u_given_mem (
    .clk_i, .en_i(g_en), .we_i(g_we), .addr_i(g_addr), .wdata_i(g_wdata), .rdata_o(g_rdata)
  );

endmodule
