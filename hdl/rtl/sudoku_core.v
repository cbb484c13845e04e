// sudoku_core: the Core of rtl/bnb (docs/microarchitecture.md §4-§5) for
// version 1: the Loader's three passes and the search Controller, one state
// register with the Go model's state names and encoding (coreStateNames in
// rtl/bnb/core.go), driving the ports of GridMem (A and B) and GivenMem.
// The Evaluator is a submodule; the memories sit beside the core in the top.
//
// Registers are _q (current) / _d (next) pairs: the combinational block
// computes every _d and the memory ports from the _q, the clocked block
// copies _d into _q, as the Go model's Eval / Commit.
//
// No multiplier (docs/hdl.md "Addresses without multipliers"): the order n
// is a run-time value, so every product with it is a counter stepped by n
// (the loader's read step), a multiple of n from the table muln (t·n for
// t < MaxOrder, an adder chain: the box of the controller's cell), a
// shift-add squarer (the size n·n) or a row and column counter the frame
// decoder already keeps (the row assembler's cell); the answer's length is
// its row and lane counters reaching the last cell.
module sudoku_core #(
  parameter integer MaxOrder = 3,
  parameter integer K        = 1,
  parameter integer GridAW   = 5,
  parameter integer GivenAW  = 4,
  // Version 2 (docs/microarchitecture.md §10): 0 is version 1, 1 the
  // paper's heuristic units between the load and the search (module
  // heuristics); SubsetUnits is the hidden-subset comparator's
  // combinations per cycle; CandSearch 1 makes the evaluator honour the
  // candidates the heuristics removed (READ1 also reads CandMem).
  parameter integer Heuristics  = 0,
  parameter integer SubsetUnits = 1,
  parameter integer CandSearch  = 1
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,
  // The strap of the direct link: no frame, no answer (HALT at the end).
  input  wire                          direct_i,
  // The frame decoder's event register (uart.Event).
  input  wire [2:0]                    ev_kind_i,
  input  wire [2:0]                    ev_status_i,
  input  wire [3:0]                    ev_order_i,
  input  wire [7:0]                    ev_cell_i,
  // The cell's row and column (index = row·n² + column).
  input  wire [7:0]                    ev_row_i,
  input  wire [7:0]                    ev_col_i,
  // The ResponseUnit's byte offer to the transmitter, and its state.
  output wire                          tx_valid_o,
  output wire [7:0]                    tx_data_o,
  input  wire                          tx_ready_i,
  input  wire                          tx_busy_i,
  // Direct link: in a cycle with load_i set (before the first load cycle)
  // the host has written the row words and the given mask into memory; the
  // core takes the order and the checksum register and starts the load.
  input  wire                          load_i,
  input  wire [3:0]                    load_order_i,
  input  wire [7:0]                    load_chk_i,
  // The search watchdog (--max-cycles, or t_max of the order at the clock).
  input  wire [63:0]                   search_limit_i,
  // GridMem ports.
  output reg                           a_en_o,
  output reg                           a_we_o,
  output reg  [GridAW-1:0]             a_addr_o,
  output reg  [8*MaxOrder*MaxOrder-1:0] a_wdata_o,
  input  wire [8*MaxOrder*MaxOrder-1:0] a_rdata_i,
  output reg                           b_en_o,
  output reg                           b_we_o,
  output reg  [GridAW-1:0]             b_addr_o,
  output reg  [8*MaxOrder*MaxOrder-1:0] b_wdata_o,
  input  wire [8*MaxOrder*MaxOrder-1:0] b_rdata_i,
  // GivenMem port.
  output reg                           g_en_o,
  output reg                           g_we_o,
  output reg  [GivenAW-1:0]            g_addr_o,
  output reg  [MaxOrder*MaxOrder-1:0]  g_wdata_o,
  input  wire [MaxOrder*MaxOrder-1:0]  g_rdata_i,
  // Registers the co-simulation compares with the Go model's.
  output wire [4:0]                    state_o,
  output wire [7:0]                    chk_o,
  output wire [7:0]                    size_o,
  output wire [7:0]                    reply_o
);
  localparam integer M = MaxOrder * MaxOrder;
  localparam integer W = 8 * M;

  // State encoding of rtl/bnb/core.go (coreState).
  localparam [4:0] StWaitFrame = 5'd0;
  localparam [4:0] StLRowAddr  = 5'd1;
  localparam [4:0] StLRow      = 5'd2;
  localparam [4:0] StLCol      = 5'd3;
  localparam [4:0] StLBox      = 5'd4;
  localparam [4:0] StStart     = 5'd5;
  localparam [4:0] StSeek      = 5'd6;
  localparam [4:0] StRead1     = 5'd7;
  localparam [4:0] StRead2     = 5'd8;
  localparam [4:0] StEval      = 5'd9;
  localparam [4:0] StWrite1    = 5'd10;
  localparam [4:0] StWrite2    = 5'd11;
  localparam [4:0] StUndo1     = 5'd12;
  localparam [4:0] StUndo2     = 5'd13;
  localparam [4:0] StAnswer    = 5'd14;
  localparam [4:0] StDrain     = 5'd15;
  localparam [4:0] StHalt      = 5'd16;
  localparam [4:0] StHPass     = 5'd17; // first state of the heuristics phase

  // Error-reply status bytes (docs/protocol.md).
  localparam [7:0] ReplyNoSolution = 8'd4;
  localparam [7:0] ReplyCycleLimit = 8'd5;

  // Decoder events and statuses (uart.EventKind, uart.Status).
  localparam [2:0] EvStart = 3'd1;
  localparam [2:0] EvCell  = 3'd2;
  localparam [2:0] EvDone  = 3'd3;
  localparam [2:0] StatOk  = 3'd0;

  // Word addresses of the three layouts.
  localparam [15:0] ColBase = M[15:0];
  localparam [15:0] BoxBase = 2 * M[15:0];
  localparam [M-1:0] OneM = {{(M - 1){1'b0}}, 1'b1};

  reg [4:0]   state_q, state_d;
  reg [3:0]   order_q, order_d;
  reg [7:0]   size_q, size_d;
  reg [7:0]   chk_q, chk_d;
  reg [7:0]   reply_q, reply_d;
  // Loader.
  reg [7:0]   q_q, q_d;           // L_ROW: lane counter
  reg [7:0]   row_q, row_d;       // L_ROW: row being scanned
  reg [M-1:0] seen_q, seen_d;     // values seen in the current region
  reg [W-1:0] asm_q, asm_d;       // column / box assembly register
  reg [W-1:0] wbuf_q, wbuf_d;     // word waiting for port B
  reg         wpend_q, wpend_d;
  reg [GridAW-1:0] wadr_q, wadr_d;
  reg [3:0]   rib_q, rib_d, rim_q, rim_d, rwb_q, rwb_d, rwm_q, rwm_d; // read step: cell i, word w
  reg [7:0]   ribn_q, ribn_d, rwbn_q, rwbn_d, rwmn_q, rwmn_d; // rib·n, rwb·n, rwm·n (stepped by n)
  reg         aron_q, aron_d;     // a lane arrives this cycle
  reg [7:0]   ari_q, ari_d, arl_q, arl_d, arw_q, arw_d; // its index, lane, word
  // Controller.
  reg [7:0]   r_q, r_d;
  reg [8:0]   c_q, c_d;           // two's complement: -1 before the row
  reg         fwd_q, fwd_d;
  reg [7:0]   b_q, b_d, p_q, p_d;
  reg [W-1:0] colw_q, colw_d;     // column register
  reg [7:0]   v_q, v_d;           // evaluator base
  reg         first_q, first_d;   // first EVAL cycle of the cell
  reg [7:0]   x_q, x_d;           // free candidate found
  reg [63:0]  scyc_q, scyc_d;     // search cycles (watchdog)
  reg [M-1:0] candw_q, candw_d;   // version 2: the cell's CandMem word
  // RowAssembler.
  reg         inframe_q, inframe_d;  // a frame's size byte was accepted while waiting
  reg         rpend_q, rpend_d;      // row word rprow_q is written this cycle
  reg [7:0]   rprow_q, rprow_d;
  // ResponseUnit.
  reg [2:0]   txidx_q, txidx_d;      // byte of the answer on offer (6: a cell)
  reg         txvalid_q, txvalid_d;
  reg [7:0]   txbyte_q, txbyte_d;    // header, checksum, size or status byte
  reg         txcell_q, txcell_d;    // a cell is on offer: lane txlane_q of port A
  reg [7:0]   txlane_q, txlane_d;
  reg [7:0]   txrow_q, txrow_d;

  assign tx_valid_o = txvalid_q;

  assign state_o = state_q;
  assign chk_o   = chk_q;
  assign size_o  = size_q;
  assign reply_o = reply_q;

  // Lanes below the puzzle size are enabled.
  wire [M-1:0] enabled = ~({M{1'b1}} << size_q);

  // The multiples of the order, t·n at [8t +: 8] for t < MaxOrder: an
  // adder chain, shared with the heuristics (at most 14·15 = 210, 8 bits).
  reg [8*MaxOrder-1:0] muln;
  integer mt;
  always @* begin
    muln[7:0] = 8'd0;
    for (mt = 1; mt < MaxOrder; mt = mt + 1) muln[8*mt +: 8] = muln[8*(mt-1) +: 8] + {4'd0, order_q};
  end

  // Version 2: the values the heuristics removed from the cell count as
  // taken (one more operand of the OR in front of the priority encoder).
  wire [M-1:0] taken = (Heuristics != 0 && CandSearch != 0) ? (enabled & ~candw_q) : {M{1'b0}};

  // The heuristics phase (version 2) and its memories, CandMem and MissMem.
  // The loader's and the search's accesses to them (unread in version 1).
  /* verilator lint_off UNUSEDSIGNAL */
  reg         ld_cand_we, ld_empty, ld_miss_we, s_cand_re;
  reg [1:0]   ld_miss_type;
  reg [7:0]   ld_miss_idx;
  reg [M-1:0] ld_miss_data;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [4:0]  h_state;
  wire        h_fail;
  wire [7:0]  h_chk_add;
  wire [M-1:0] h_cand;
  wire        h_a_en, h_a_we, h_b_en, h_b_we, h_g_en, h_g_we;
  wire [GridAW-1:0] h_a_addr, h_b_addr;
  wire [W-1:0] h_a_wdata, h_b_wdata;
  wire [GivenAW-1:0] h_g_addr;
  wire [M-1:0] h_g_wdata;
  generate
    if (Heuristics != 0) begin : g_heur
      heuristics #(.MaxOrder(MaxOrder), .P(SubsetUnits), .GridAW(GridAW), .GivenAW(GivenAW)) u_heuristics (
        .clk_i, .rst_ni, .state_i(state_q), .muln_i(muln), .size_i(size_q),
        .ld_cand_we_i(ld_cand_we), .ld_row_i(row_q), .ld_col_i(q_q), .ld_empty_i(ld_empty),
        .ld_miss_we_i(ld_miss_we), .ld_miss_type_i(ld_miss_type), .ld_miss_idx_i(ld_miss_idx),
        .ld_miss_data_i(ld_miss_data),
        .s_cand_re_i(s_cand_re), .s_row_i(r_q), .s_col_i(c_q[7:0]), .cand_o(h_cand),
        .a_rdata_i(a_rdata_i), .b_rdata_i(b_rdata_i),
        .state_o(h_state), .fail_o(h_fail), .chk_add_o(h_chk_add),
        .a_en_o(h_a_en), .a_we_o(h_a_we), .a_addr_o(h_a_addr), .a_wdata_o(h_a_wdata),
        .b_en_o(h_b_en), .b_we_o(h_b_we), .b_addr_o(h_b_addr), .b_wdata_o(h_b_wdata),
        .g_en_o(h_g_en), .g_we_o(h_g_we), .g_addr_o(h_g_addr), .g_wdata_o(h_g_wdata)
      );
    end else begin : g_no_heur
      assign h_state = StHalt;
      assign h_fail = 1'b0;
      assign h_chk_add = 8'd0;
      assign h_cand = {M{1'b1}};
      assign {h_a_en, h_a_we, h_b_en, h_b_we, h_g_en, h_g_we} = 6'd0;
      assign h_a_addr = {GridAW{1'b0}};
      assign h_b_addr = {GridAW{1'b0}};
      assign h_a_wdata = {W{1'b0}};
      assign h_b_wdata = {W{1'b0}};
      assign h_g_addr = {GivenAW{1'b0}};
      assign h_g_wdata = {M{1'b0}};
    end
  endgenerate

  // LaneExtract: the one lane of port A's output word that a state reads —
  // the answer's cell, L_ROW's lane, the lane arriving in L_COL / L_BOX, the
  // search's column (the evaluator's base in EVAL, the old value in WRITE1 /
  // UNDO1) — one M:1 multiplexer whose select is a multiplexer of indices.
  wire [7:0] lx_sel = txcell_q ? txlane_q : (state_q == StLRow) ? q_q :
                      (state_q == StLCol || state_q == StLBox) ? arl_q : c_q[7:0];
  wire [7:0] lx_v = lane_of(a_rdata_i, lx_sel);
  assign tx_data_o  = txcell_q ? lx_v : txbyte_q;

  // Evaluator on the column register, port A (row) and port B (box).
  wire [7:0] base = first_q ? lx_v : v_q;
  wire       ev_found, ev_exhausted;
  wire [7:0] ev_cand;
  evaluator #(.MaxOrder(MaxOrder), .K(K)) u_evaluator (
    .col_i(colw_q), .row_i(a_rdata_i), .box_i(b_rdata_i),
    .en_i(state_q == StEval), .size_i(size_q), .base_i(base), .taken_i(taken),
    .found_o(ev_found), .cand_o(ev_cand), .exhausted_o(ev_exhausted)
  );

  // GridMem address of word x of a layout (0 rows, 1 columns, 2 boxes):
  // the layout's base (0, M, 2M) plus x, cut to GridAW (3M < 2^GridAW).
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [GridAW-1:0] waddr;
    input [1:0] layout;
    input [7:0] x;
    reg   [15:0] a;
    begin
      case (layout)
        2'd1:    a = {8'd0, x} + ColBase;
        2'd2:    a = {8'd0, x} + BoxBase;
        default: a = {8'd0, x};
      endcase
      waddr = a[GridAW-1:0];
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  function automatic [7:0] lane_of;
    input [W-1:0] word;
    input [7:0]   j;
    begin
      lane_of = word[8*j +: 8];
    end
  endfunction

  // The word with lane j replaced: a decoder of j and a 2:1 multiplexer
  // per bit (a variable part-select write would be a shifter of the whole
  // word, ten times the logic under Yosys).
  function automatic [W-1:0] with_lane;
    input [W-1:0] word;
    input [7:0]   j;
    input [7:0]   value;
    integer l;
    begin
      for (l = 0; l < M; l = l + 1)
        with_lane[8*l +: 8] = (j == l[7:0]) ? value : word[8*l +: 8];
    end
  endfunction

  // x / n and (x / n)·n, packed {quotient, multiple}, for x < n·MaxOrder: a
  // compare ladder against the multiples (no divider).
  function automatic [15:0] div_n;
    input [7:0]            x;
    input [8*MaxOrder-1:0] mul;
    integer t;
    begin
      div_n = 16'd0;
      for (t = 1; t < MaxOrder; t = t + 1)
        if (x >= mul[8*t +: 8]) div_n = {t[7:0], mul[8*t +: 8]};
    end
  endfunction

  // t·n for t < MaxOrder: a MaxOrder:1 multiplexer over the multiples.
  function automatic [7:0] mul_n;
    input [7:0]            t;
    input [8*MaxOrder-1:0] mul;
    integer u;
    begin
      mul_n = 8'd0;
      for (u = 0; u < MaxOrder; u = u + 1)
        if (t == u[7:0]) mul_n = mul[8*u +: 8];
    end
  endfunction

  // n·n for the 4-bit order: the shift-and-add of its bits (8 outputs of
  // 4 inputs each).
  function automatic [7:0] square;
    input [3:0] n;
    begin
      square = (n[0] ? {4'd0, n} : 8'd0) + (n[1] ? {3'd0, n, 1'b0} : 8'd0) +
               (n[2] ? {2'd0, n, 2'b0} : 8'd0) + (n[3] ? {1'b0, n, 3'b0} : 8'd0);
    end
  endfunction

  // The priority encoders of SEEK over the latched given mask.
  reg [M-1:0] empty;      // enabled, non-given lanes
  reg         fw_hit, bw_hit;
  reg [7:0]   fw_j, bw_j;
  integer s;
  // Lanes after column c (forward) and before it (backward); c = -1 is
  // before the row, c = size after it.
  wire [M-1:0] after_c  = c_q[8] ? {M{1'b1}} : ({M{1'b1}} << c_q[7:0]) << 1;
  wire [M-1:0] before_c = c_q[8] ? {M{1'b0}} : ~({M{1'b1}} << c_q[7:0]);
  wire         seeking  = state_q == StSeek || state_q == StWrite2 || state_q == StUndo2;
  always @* begin
    empty = enabled & ~g_rdata_i;
    fw_hit = 1'b0;
    fw_j = 8'd0;
    bw_hit = 1'b0;
    bw_j = 8'd0;
    // Only the seeking states use the encoders: skip them elsewhere (no
    // change to the logic, fewer evaluations in simulation).
    if (seeking) begin
      for (s = M - 1; s >= 0; s = s - 1) begin
        if (empty[s] && after_c[s]) begin
          fw_hit = 1'b1;
          fw_j = s[7:0];
        end
      end
      for (s = 0; s < M; s = s + 1) begin
        if (empty[s] && before_c[s]) begin
          bw_hit = 1'b1;
          bw_j = s[7:0];
        end
      end
    end
  end

  // Pass cell of the read step: cell i = rib*n + rim of word w = rwb*n + rwm,
  // from the counters and their multiples of n. The reads of a pass are
  // over when rwb reaches n (after n^4 steps).
  wire [7:0] rd_i = ribn_q + {4'd0, rim_q};
  wire [7:0] rd_w = rwbn_q + {4'd0, rwm_q};
  wire [7:0] rd_row = (state_q == StLCol) ? rd_i : rwbn_q + {4'd0, rib_q};
  wire [7:0] rd_lane = (state_q == StLCol) ? rd_w : rwmn_q + {4'd0, rim_q};
  wire       rd_more = rwb_q != order_q;

  // Arriving lane of the assembling passes.
  wire [7:0]  ar_v = lx_v;
  wire [M-1:0] ar_seen = (ari_q == 8'd0) ? {M{1'b0}} : seen_q;

  // Lane q of the latched row word in L_ROW.
  wire [7:0] lr_v = lx_v;

  // The cell's old value (port A holds its row word from EVAL to WRITE1/UNDO1).
  wire [7:0] old_v = lx_v;
  wire       even = ~(r_q[0] ^ c_q[0]);

  // Row and lane of the decoder's cell (its row and column counters).
  wire [7:0] cell_row = ev_row_i;
  wire [7:0] cell_lane = ev_col_i;

  // The lane writers, one per word that gets a lane replaced: port A's
  // (the search's row word in WRITE1 / UNDO1, box word in WRITE2 / UNDO2),
  // port B's (the column word) and the word register's (a received cell in
  // WAIT_FRAME, the arriving lane in L_COL / L_BOX). Each is a decoder and a
  // 2:1 multiplexer per bit, its operands multiplexed by the state.
  wire         wr_box = state_q == StWrite2 || state_q == StUndo2;
  wire [7:0]   wr_val = (state_q == StWrite1 || state_q == StWrite2) ? x_q : 8'd0;
  wire [W-1:0] wa_word = with_lane(wr_box ? b_rdata_i : a_rdata_i, wr_box ? p_q : c_q[7:0], wr_val);
  wire [W-1:0] wb_word = with_lane(colw_q, r_q, wr_val);
  wire         in_rx = state_q == StWaitFrame;
  wire [W-1:0] asm_word = with_lane(asm_q, in_rx ? cell_lane : ari_q, in_rx ? ev_cell_i : ar_v);

  // Box and lane in the box of the cell (r, c): box rb·n + cb, lane
  // (r mod n)·n + c mod n.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [15:0] rdiv = div_n(r_q, muln);
  wire [15:0] cdiv = div_n(c_q[7:0], muln);
  /* verilator lint_on UNUSEDSIGNAL */
  wire [7:0] box_b = rdiv[7:0] + cdiv[15:8];
  wire [7:0] box_p = mul_n(r_q - rdiv[7:0], muln) + (c_q[7:0] - cdiv[7:0]);

  // finish: the search or the load ended with a reply code (0: solved).
  // With the direct link there is nothing to send: HALT.
  reg fin;
  // Tasks take every signal they read as an argument: a Verilog-2005
  // always @* is not sensitive to what a task body reads (Icarus honours
  // that; Verilator does not need it).
  task automatic finish;
    input [7:0] code;
    input       strap;
    begin
      fin = 1'b1;
      reply_d = code;
      if (strap) begin
        state_d = StHalt;
      end else begin
        state_d = StAnswer;
        txidx_d = 3'd0;
        txvalid_d = 1'b1;
        txcell_d = 1'b0;
        txbyte_d = 8'hA5;
      end
    end
  endtask

  // Byte i (i >= 1) of the answer that is not a cell: header, checksum,
  // size, status.
  function automatic [7:0] reply_byte;
    input [2:0]  i;
    input [7:0]  code;
    input [7:0]  chk;
    input [7:0]  size;
    begin
      case (i)
        3'd0: reply_byte = 8'hA5;
        3'd1: reply_byte = 8'h3C;
        3'd2: reply_byte = 8'h5A;
        3'd3: reply_byte = 8'hC3;
        3'd4: reply_byte = (code != 8'd0) ? 8'd0 : chk;
        3'd5: reply_byte = (code != 8'd0) ? 8'd0 : size;
        default: reply_byte = code;
      endcase
    end
  endfunction


  // The given mask of the assembled row.
  reg [M-1:0] asm_mask;
  integer am;
  always @* begin
    for (am = 0; am < M; am = am + 1) asm_mask[am] = enabled[am] && (asm_q[8*am +: 8] != 8'd0);
  end

  // One SEEK step: forward (fwd) or backward from column c_q.
  task automatic seek;
    input       dir;
    input       f_hit;
    input [7:0] f_j;
    input       b_hit;
    input [7:0] b_j;
    input [7:0] r;
    input [7:0] size;
    input       strap;
    begin
      fwd_d = dir;
      if (dir) begin
        if (f_hit) begin
          c_d = {1'b0, f_j};
          state_d = StRead1;
        end else if (r == size - 8'd1) begin
          finish(8'd0, strap);
        end else begin
          r_d = r + 8'd1;
          c_d = 9'h1ff;
          g_en_o = 1'b1;
          g_addr_o = r[GivenAW-1:0] + 1'b1;
          state_d = StSeek;
        end
      end else begin
        if (b_hit) begin
          c_d = {1'b0, b_j};
          state_d = StRead1;
        end else if (r == 8'd0) begin
          finish(ReplyNoSolution, strap);
        end else begin
          r_d = r - 8'd1;
          c_d = {1'b0, size};
          g_en_o = 1'b1;
          g_addr_o = r[GivenAW-1:0] - 1'b1;
          state_d = StSeek;
        end
      end
    end
  endtask

  // Clash check of the Loader: a value already in seen ends the load.
  reg [M-1:0] onehot;
  reg         clash;

  always @* begin
    state_d = state_q;
    order_d = order_q;
    size_d  = size_q;
    chk_d   = chk_q;
    reply_d = reply_q;
    q_d = q_q; row_d = row_q; seen_d = seen_q; asm_d = asm_q;
    wbuf_d = wbuf_q; wpend_d = wpend_q; wadr_d = wadr_q;
    rib_d = rib_q; rim_d = rim_q; rwb_d = rwb_q; rwm_d = rwm_q;
    ribn_d = ribn_q; rwbn_d = rwbn_q; rwmn_d = rwmn_q;
    aron_d = aron_q; ari_d = ari_q; arl_d = arl_q; arw_d = arw_q;
    r_d = r_q; c_d = c_q; fwd_d = fwd_q; b_d = b_q; p_d = p_q;
    colw_d = colw_q; v_d = v_q; first_d = first_q; x_d = x_q;
    scyc_d = scyc_q;
    candw_d = candw_q;
    ld_cand_we = 1'b0; ld_empty = 1'b0; ld_miss_we = 1'b0; s_cand_re = 1'b0;
    ld_miss_type = 2'd0; ld_miss_idx = 8'd0; ld_miss_data = {M{1'b0}};
    inframe_d = inframe_q; rpend_d = rpend_q; rprow_d = rprow_q;
    txidx_d = txidx_q; txvalid_d = txvalid_q; txbyte_d = txbyte_q;
    txcell_d = txcell_q; txlane_d = txlane_q; txrow_d = txrow_q;
    a_en_o = 1'b0; a_we_o = 1'b0; a_addr_o = {GridAW{1'b0}}; a_wdata_o = {W{1'b0}};
    b_en_o = 1'b0; b_we_o = 1'b0; b_addr_o = {GridAW{1'b0}}; b_wdata_o = {W{1'b0}};
    g_en_o = 1'b0; g_we_o = 1'b0; g_addr_o = {GivenAW{1'b0}}; g_wdata_o = {M{1'b0}};
    onehot = {M{1'b0}};
    clash = 1'b0;
    fin = 1'b0;

    case (state_q)
      StWaitFrame: begin
        // RowAssembler: the row completed last cycle goes out on port A
        // and into the given mask.
        if (rpend_q) begin
          a_en_o = 1'b1;
          a_we_o = 1'b1;
          a_addr_o = waddr(2'd0, rprow_q);
          a_wdata_o = asm_q;
          g_en_o = 1'b1;
          g_we_o = 1'b1;
          g_addr_o = rprow_q[GivenAW-1:0];
          g_wdata_o = asm_mask;
          rpend_d = 1'b0;
        end
        case (ev_kind_i)
          EvStart: begin
            order_d = ev_order_i;
            size_d = square(ev_order_i);
            inframe_d = 1'b1;
            chk_d = 8'd0;
            reply_d = 8'd0;
            scyc_d = 64'd0;
          end
          EvCell: begin
            if (inframe_q) begin
              asm_d = asm_word;
              chk_d = (cell_row[0] ^ cell_lane[0]) ? chk_q - ev_cell_i : chk_q + ev_cell_i;
              if (cell_lane == size_q - 8'd1) begin
                rpend_d = 1'b1;
                rprow_d = cell_row;
              end
            end
          end
          EvDone: begin
            if (ev_status_i != StatOk || inframe_q) begin
              if (!inframe_q) begin // refused at its size byte
                order_d = 4'd0;
                size_d = 8'd0;
                chk_d = 8'd0;
                scyc_d = 64'd0;
              end
              inframe_d = 1'b0;
              if (ev_status_i == StatOk) begin
                reply_d = 8'd0;
                state_d = StLRowAddr;
              end else begin
                // The error reply; size_d is irrelevant to its length.
                finish({5'd0, ev_status_i}, direct_i);
              end
            end
          end
          default: ;
        endcase
        if (load_i) begin
          order_d = load_order_i;
          size_d = square(load_order_i);
          chk_d = load_chk_i;
          reply_d = 8'd0;
          scyc_d = 64'd0;
          state_d = StLRowAddr;
        end
      end

      StLRowAddr: begin
        a_en_o = 1'b1;
        a_addr_o = {GridAW{1'b0}};
        row_d = 8'd0;
        q_d = 8'd0;
        seen_d = {M{1'b0}};
        state_d = StLRow;
      end

      StLRow: begin
        if (lr_v != 8'd0) begin
          onehot = OneM << (lr_v - 8'd1);
          clash = |(seen_q & onehot);
        end
        if (clash) begin
          finish(ReplyNoSolution, direct_i);
        end else begin
          seen_d = seen_q | onehot;
          // Version 2: the cell's CandMem word; the row's missing word at
          // its last lane.
          ld_cand_we = 1'b1;
          ld_empty = lr_v == 8'd0;
          if (q_q == size_q - 8'd1) begin
            ld_miss_we = 1'b1;
            ld_miss_type = 2'd0;
            ld_miss_idx = row_q;
            ld_miss_data = enabled & ~seen_d;
          end
          if (q_q == size_q - 8'd1 && row_q + 8'd1 < size_q) begin
            a_en_o = 1'b1;
            a_addr_o = waddr(2'd0, row_q + 8'd1);
          end
          q_d = q_q + 8'd1;
          if (q_q == size_q - 8'd1) begin
            row_d = row_q + 8'd1;
            q_d = 8'd0;
            seen_d = {M{1'b0}};
            if (row_q + 8'd1 == size_q) begin
              state_d = StLCol;
              rib_d = 4'd0; rim_d = 4'd0; rwb_d = 4'd0; rwm_d = 4'd0;
              ribn_d = 8'd0; rwbn_d = 8'd0; rwmn_d = 8'd0;
              aron_d = 1'b0;
              wpend_d = 1'b0;
            end
          end
        end
      end

      StLCol, StLBox: begin
        // The word completed last cycle goes out on port B.
        if (wpend_q) begin
          b_en_o = 1'b1;
          b_we_o = 1'b1;
          b_addr_o = wadr_q;
          b_wdata_o = wbuf_q;
          wpend_d = 1'b0;
        end
        // The read of this step on port A.
        aron_d = 1'b0;
        if (rd_more) begin
          a_en_o = 1'b1;
          a_addr_o = waddr(2'd0, rd_row);
          aron_d = 1'b1;
          ari_d = rd_i;
          arl_d = rd_lane;
          arw_d = rd_w;
          if (rim_q == order_q - 4'd1) begin
            rim_d = 4'd0;
            if (rib_q == order_q - 4'd1) begin
              rib_d = 4'd0;
              ribn_d = 8'd0;
              if (rwm_q == order_q - 4'd1) begin
                rwm_d = 4'd0;
                rwmn_d = 8'd0;
                rwb_d = rwb_q + 4'd1;
                rwbn_d = rwbn_q + {4'd0, order_q};
              end else begin
                rwm_d = rwm_q + 4'd1;
                rwmn_d = rwmn_q + {4'd0, order_q};
              end
            end else begin
              rib_d = rib_q + 4'd1;
              ribn_d = ribn_q + {4'd0, order_q};
            end
          end else begin
            rim_d = rim_q + 4'd1;
          end
        end
        // The lane read last step arrives.
        if (aron_q) begin
          if (ar_v != 8'd0) begin
            onehot = OneM << (ar_v - 8'd1);
            clash = |(ar_seen & onehot);
          end
          asm_d = asm_word;
          seen_d = ar_seen | onehot;
          if (!clash && ari_q == size_q - 8'd1) begin
            wbuf_d = asm_d;
            wpend_d = 1'b1;
            wadr_d = waddr((state_q == StLCol) ? 2'd1 : 2'd2, arw_q);
            ld_miss_we = 1'b1;
            ld_miss_type = (state_q == StLCol) ? 2'd1 : 2'd2;
            ld_miss_idx = arw_q;
            ld_miss_data = enabled & ~seen_d;
          end
        end
        // The pass ends two cycles after its last read (the lane arrives,
        // then its word is written).
        if (clash) begin
          finish(ReplyNoSolution, direct_i);
        end else if (!rd_more && !aron_q) begin
          rib_d = 4'd0; rim_d = 4'd0; rwb_d = 4'd0; rwm_d = 4'd0;
          ribn_d = 8'd0; rwbn_d = 8'd0; rwmn_d = 8'd0;
          state_d = (state_q == StLCol) ? StLBox : (Heuristics != 0) ? StHPass : StStart;
        end
      end

      StStart: begin
        r_d = 8'd0;
        c_d = 9'h1ff;
        fwd_d = 1'b1;
        g_en_o = 1'b1;
        g_addr_o = {GivenAW{1'b0}};
        state_d = StSeek;
      end

      StSeek: seek(fwd_q, fw_hit, fw_j, bw_hit, bw_j, r_q, size_q, direct_i);

      StRead1: begin
        b_d = box_b;
        p_d = box_p;
        a_en_o = 1'b1;
        a_addr_o = waddr(2'd1, c_q[7:0]);
        b_en_o = 1'b1;
        b_addr_o = waddr(2'd2, box_b);
        s_cand_re = Heuristics != 0 && CandSearch != 0;
        state_d = StRead2;
      end

      StRead2: begin
        a_en_o = 1'b1;
        a_addr_o = waddr(2'd0, r_q);
        colw_d = a_rdata_i;
        candw_d = h_cand;
        first_d = 1'b1;
        state_d = StEval;
      end

      StEval: begin
        first_d = 1'b0;
        if (ev_found) begin
          x_d = ev_cand;
          state_d = StWrite1;
        end else if (ev_exhausted) begin
          state_d = StUndo1;
        end else begin
          v_d = base + K[7:0];
        end
      end

      StWrite1: begin
        a_en_o = 1'b1;
        a_we_o = 1'b1;
        a_addr_o = waddr(2'd0, r_q);
        a_wdata_o = wa_word;
        b_en_o = 1'b1;
        b_we_o = 1'b1;
        b_addr_o = waddr(2'd1, c_q[7:0]);
        b_wdata_o = wb_word;
        chk_d = even ? chk_q + x_q - old_v : chk_q - x_q + old_v;
        state_d = StWrite2;
      end

      StWrite2: begin
        a_en_o = 1'b1;
        a_we_o = 1'b1;
        a_addr_o = waddr(2'd2, b_q);
        a_wdata_o = wa_word;
        seek(1'b1, fw_hit, fw_j, bw_hit, bw_j, r_q, size_q, direct_i);
      end

      StUndo1: begin
        a_en_o = 1'b1;
        a_we_o = 1'b1;
        a_addr_o = waddr(2'd0, r_q);
        a_wdata_o = wa_word;
        b_en_o = 1'b1;
        b_we_o = 1'b1;
        b_addr_o = waddr(2'd1, c_q[7:0]);
        b_wdata_o = wb_word;
        chk_d = even ? chk_q - old_v : chk_q + old_v;
        state_d = StUndo2;
      end

      StUndo2: begin
        a_en_o = 1'b1;
        a_we_o = 1'b1;
        a_addr_o = waddr(2'd2, b_q);
        a_wdata_o = wa_word;
        seek(1'b0, fw_hit, fw_j, bw_hit, bw_j, r_q, size_q, direct_i);
      end

      StAnswer: begin
        // ResponseUnit: when the transmitter takes the byte on offer, the
        // next one goes up; a new row of cells is read in the same cycle.
        // The answer ends after the status byte of an error reply (byte 6)
        // or after the last cell of a solution (its row and lane counters
        // at size - 1).
        if (txvalid_q && tx_ready_i) begin
          if (txidx_q != 3'd6) txidx_d = txidx_q + 3'd1;
          if ((reply_q != 8'd0) ? txidx_q == 3'd6
              : (txcell_q && txrow_q == size_q - 8'd1 && txlane_q == size_q - 8'd1)) begin
            txvalid_d = 1'b0;
            txcell_d = 1'b0;
            state_d = StDrain;
          end else if (reply_q == 8'd0 && txidx_q >= 3'd5) begin
            txcell_d = 1'b1;
            if (txidx_q == 3'd5 || txlane_q == size_q - 8'd1) begin
              txlane_d = 8'd0;
              txrow_d = (txidx_q == 3'd5) ? 8'd0 : txrow_q + 8'd1;
              a_en_o = 1'b1;
              a_addr_o = waddr(2'd0, txrow_d);
            end else begin
              txlane_d = txlane_q + 8'd1;
            end
          end else begin
            txbyte_d = reply_byte(txidx_q + 3'd1, reply_q, chk_q, size_q);
          end
        end
      end

      StDrain: begin
        if (!tx_busy_i) state_d = StWaitFrame;
      end

      // The heuristic states (version 2): the heuristics module's drives.
      default: if (Heuristics != 0 && state_q >= StHPass) begin
        state_d = h_state;
        a_en_o = h_a_en; a_we_o = h_a_we; a_addr_o = h_a_addr; a_wdata_o = h_a_wdata;
        b_en_o = h_b_en; b_we_o = h_b_we; b_addr_o = h_b_addr; b_wdata_o = h_b_wdata;
        g_en_o = h_g_en; g_we_o = h_g_we; g_addr_o = h_g_addr; g_wdata_o = h_g_wdata;
        chk_d = chk_q + h_chk_add;
        if (h_fail) finish(ReplyNoSolution, direct_i);
      end
    endcase

    // The watchdog: a search cycle that does not end the search and is the
    // limit-th ends it with the cycle-limit reply.
    if (state_q >= StStart && state_q <= StUndo2) begin
      scyc_d = scyc_q + 64'd1;
      if (!fin && scyc_q + 64'd1 >= search_limit_i) finish(ReplyCycleLimit, direct_i);
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= StWaitFrame;
      order_q <= 4'd0; size_q <= 8'd0; chk_q <= 8'd0; reply_q <= 8'd0;
      q_q <= 8'd0; row_q <= 8'd0; seen_q <= {M{1'b0}}; asm_q <= {W{1'b0}};
      wbuf_q <= {W{1'b0}}; wpend_q <= 1'b0; wadr_q <= {GridAW{1'b0}};
      rib_q <= 4'd0; rim_q <= 4'd0; rwb_q <= 4'd0; rwm_q <= 4'd0;
      ribn_q <= 8'd0; rwbn_q <= 8'd0; rwmn_q <= 8'd0;
      aron_q <= 1'b0; ari_q <= 8'd0; arl_q <= 8'd0; arw_q <= 8'd0;
      r_q <= 8'd0; c_q <= 9'd0; fwd_q <= 1'b1; b_q <= 8'd0; p_q <= 8'd0;
      colw_q <= {W{1'b0}}; v_q <= 8'd0; first_q <= 1'b0; x_q <= 8'd0;
      scyc_q <= 64'd0;
      candw_q <= {M{1'b0}};
      inframe_q <= 1'b0; rpend_q <= 1'b0; rprow_q <= 8'd0;
      txidx_q <= 3'd0; txvalid_q <= 1'b0; txbyte_q <= 8'd0;
      txcell_q <= 1'b0; txlane_q <= 8'd0; txrow_q <= 8'd0;
    end else begin
      state_q <= state_d;
      order_q <= order_d; size_q <= size_d; chk_q <= chk_d; reply_q <= reply_d;
      q_q <= q_d; row_q <= row_d; seen_q <= seen_d; asm_q <= asm_d;
      wbuf_q <= wbuf_d; wpend_q <= wpend_d; wadr_q <= wadr_d;
      rib_q <= rib_d; rim_q <= rim_d; rwb_q <= rwb_d; rwm_q <= rwm_d;
      ribn_q <= ribn_d; rwbn_q <= rwbn_d; rwmn_q <= rwmn_d;
      aron_q <= aron_d; ari_q <= ari_d; arl_q <= arl_d; arw_q <= arw_d;
      r_q <= r_d; c_q <= c_d; fwd_q <= fwd_d; b_q <= b_d; p_q <= p_d;
      colw_q <= colw_d; v_q <= v_d; first_q <= first_d; x_q <= x_d;
      scyc_q <= scyc_d;
      candw_q <= candw_d;
      inframe_q <= inframe_d; rpend_q <= rpend_d; rprow_q <= rprow_d;
      txidx_q <= txidx_d; txvalid_q <= txvalid_d; txbyte_q <= txbyte_d;
      txcell_q <= txcell_d; txlane_q <= txlane_d; txrow_q <= txrow_d;
    end
  end
endmodule
