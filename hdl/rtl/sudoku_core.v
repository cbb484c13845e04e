// sudoku_core: the Core of rtl/bnb (docs/microarchitecture.md §4-§5) for
// version 1: the Loader's three passes and the search Controller, one state
// register with the Go model's state names and encoding (coreStateNames in
// rtl/bnb/core.go), driving the ports of GridMem (A and B) and GivenMem.
// The Evaluator is a submodule; the memories sit beside the core in the top.
//
// Registers are _q (current) / _d (next) pairs: the combinational block
// computes every _d and the memory ports from the _q, the clocked block
// copies _d into _q, as the Go model's Eval / Commit.
module sudoku_core #(
  parameter integer MaxOrder = 3,
  parameter integer K        = 1,
  parameter integer GridAW   = 5,
  parameter integer GivenAW  = 4,
  parameter integer IndexW   = 7
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
  input  wire [IndexW-1:0]             ev_index_i,
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

  // Error-reply status bytes (docs/protocol.md).
  localparam [7:0] ReplyNoSolution = 8'd4;
  localparam [7:0] ReplyCycleLimit = 8'd5;

  // Decoder events and statuses (uart.EventKind, uart.Status).
  localparam [2:0] EvStart = 3'd1;
  localparam [2:0] EvCell  = 3'd2;
  localparam [2:0] EvDone  = 3'd3;
  localparam [2:0] StatOk  = 3'd0;

  // Word addresses of the three layouts.
  localparam [15:0] M16 = M[15:0];
  localparam [M-1:0] OneM = {{(M - 1){1'b0}}, 1'b1};

  reg [4:0]   state_q, state_d;
  reg [3:0]   order_q, order_d;
  reg [7:0]   size_q, size_d;
  reg [7:0]   chk_q, chk_d;
  reg [7:0]   reply_q, reply_d;
  // Loader.
  reg [15:0]  q_q, q_d;           // pass cycle counter
  reg [7:0]   row_q, row_d;       // L_ROW: row being scanned
  reg [M-1:0] seen_q, seen_d;     // values seen in the current region
  reg [W-1:0] asm_q, asm_d;       // column / box assembly register
  reg [W-1:0] wbuf_q, wbuf_d;     // word waiting for port B
  reg         wpend_q, wpend_d;
  reg [GridAW-1:0] wadr_q, wadr_d;
  reg [3:0]   rib_q, rib_d, rim_q, rim_d, rwb_q, rwb_d, rwm_q, rwm_d; // read step: cell i, word w
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
  // RowAssembler.
  reg         inframe_q, inframe_d;  // a frame's size byte was accepted while waiting
  reg         rpend_q, rpend_d;      // row word rprow_q is written this cycle
  reg [7:0]   rprow_q, rprow_d;
  // ResponseUnit.
  reg [15:0]  txidx_q, txidx_d;      // byte of the answer on offer
  reg [15:0]  txlen_q, txlen_d;
  reg         txvalid_q, txvalid_d;
  reg [7:0]   txbyte_q, txbyte_d;    // header, checksum, size or status byte
  reg         txcell_q, txcell_d;    // a cell is on offer: lane txlane_q of port A
  reg [7:0]   txlane_q, txlane_d;
  reg [7:0]   txrow_q, txrow_d;

  assign tx_valid_o = txvalid_q;
  assign tx_data_o  = txcell_q ? lane_of(a_rdata_i, txlane_q) : txbyte_q;

  assign state_o = state_q;
  assign chk_o   = chk_q;
  assign size_o  = size_q;
  assign reply_o = reply_q;

  // Lanes below the puzzle size are enabled.
  wire [M-1:0] enabled = ~({M{1'b1}} << size_q);

  // Evaluator on the column register, port A (row) and port B (box).
  wire [7:0] base = first_q ? lane_of(a_rdata_i, c_q[7:0]) : v_q;
  wire       ev_found, ev_exhausted;
  wire [7:0] ev_cand;
  evaluator #(.MaxOrder(MaxOrder), .K(K)) u_evaluator (
    .col_i(colw_q), .row_i(a_rdata_i), .box_i(b_rdata_i),
    .en_i(state_q == StEval), .size_i(size_q), .base_i(base),
    .found_o(ev_found), .cand_o(ev_cand), .exhausted_o(ev_exhausted)
  );

  // GridMem address of word x of a layout (0 rows, 1 columns, 2 boxes):
  // layout * M + x, formed in 16 bits and cut to GridAW (3M < 2^GridAW).
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [GridAW-1:0] waddr;
    input [1:0] layout;
    input [7:0] x;
    reg   [15:0] a;
    begin
      a = {14'd0, layout} * M16 + {8'd0, x};
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

  function automatic [W-1:0] with_lane;
    input [W-1:0] word;
    input [7:0]   j;
    input [7:0]   value;
    begin
      with_lane = word;
      with_lane[8*j +: 8] = value;
    end
  endfunction

  // x / n for x < n*MaxOrder (a compare ladder, no divider).
  function automatic [7:0] div_n;
    input [7:0] x;
    input [3:0] n;
    integer t;
    begin
      div_n = 8'd0;
      for (t = 1; t < MaxOrder; t = t + 1)
        if ({24'd0, x} >= t * {28'd0, n}) div_n = t[7:0];
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

  // Pass cell of the read step: cell i = rib*n + rim of word w = rwb*n + rwm.
  wire [7:0] rd_i = rib_q * order_q + {4'd0, rim_q};
  wire [7:0] rd_w = rwb_q * order_q + {4'd0, rwm_q};
  wire [7:0] rd_row = (state_q == StLCol) ? rd_i : rwb_q * order_q + {4'd0, rib_q};
  wire [7:0] rd_lane = (state_q == StLCol) ? rd_w : rwm_q * order_q + {4'd0, rim_q};
  wire [15:0] pass_len = size_q * size_q;

  // Arriving lane of the assembling passes.
  wire [7:0]  ar_v = lane_of(a_rdata_i, arl_q);
  wire [M-1:0] ar_seen = (ari_q == 8'd0) ? {M{1'b0}} : seen_q;

  // Lane q of the latched row word in L_ROW.
  wire [7:0] lr_v = lane_of(a_rdata_i, q_q[7:0]);

  // The cell's old value (port A holds its row word from EVAL to WRITE1/UNDO1).
  wire [7:0] old_v = lane_of(a_rdata_i, c_q[7:0]);
  wire       even = ~(r_q[0] ^ c_q[0]);

  // Box and lane in the box of the cell (r, c).
  wire [7:0] rb = div_n(r_q, order_q);
  wire [7:0] cb = div_n(c_q[7:0], order_q);
  wire [7:0] box_b = rb * order_q + cb;
  wire [7:0] box_p = (r_q - rb * order_q) * order_q + (c_q[7:0] - cb * order_q);

  // finish: the search or the load ended with a reply code (0: solved).
  // With the direct link there is nothing to send: HALT.
  reg fin;
  // Tasks take every signal they read as an argument: a Verilog-2005
  // always @* is not sensitive to what a task body reads (Icarus honours
  // that; Verilator does not need it).
  task automatic finish;
    input [7:0] code;
    input       strap;
    input [7:0] size;
    begin
      fin = 1'b1;
      reply_d = code;
      if (strap) begin
        state_d = StHalt;
      end else begin
        state_d = StAnswer;
        txidx_d = 16'd0;
        txlen_d = (code != 8'd0) ? 16'd7 : 16'd6 + size * size;
        txvalid_d = 1'b1;
        txcell_d = 1'b0;
        txbyte_d = 8'hA5;
      end
    end
  endtask

  // Byte i (i >= 1) of the answer that is not a cell: header, checksum,
  // size, status.
  function automatic [7:0] reply_byte;
    input [15:0] i;
    input [7:0]  code;
    input [7:0]  chk;
    input [7:0]  size;
    begin
      case (i)
        16'd0: reply_byte = 8'hA5;
        16'd1: reply_byte = 8'h3C;
        16'd2: reply_byte = 8'h5A;
        16'd3: reply_byte = 8'hC3;
        16'd4: reply_byte = (code != 8'd0) ? 8'd0 : chk;
        16'd5: reply_byte = (code != 8'd0) ? 8'd0 : size;
        default: reply_byte = code;
      endcase
    end
  endfunction

  // Row and lane of the decoder's cell index (a compare ladder over the
  // rows, used in WAIT_FRAME only).
  reg [7:0] cell_row, cell_lane;
  reg [31:0] cell_prod;
  /* verilator lint_off UNUSEDSIGNAL */
  // Only the low byte of the row's first index is needed: the lane is
  // index - base < size.
  reg [15:0] cell_base;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [15:0] idx16 = {{(16 - IndexW){1'b0}}, ev_index_i};
  integer t;
  always @* begin
    cell_row = 8'd0;
    cell_base = 16'd0;
    cell_prod = 32'd0;
    if (state_q == StWaitFrame && ev_kind_i == EvCell) begin
      for (t = 1; t < M; t = t + 1) begin
        cell_prod = t * {24'd0, size_q};
        if ({16'd0, idx16} >= cell_prod) begin
          cell_row = t[7:0];
          cell_base = cell_prod[15:0];
        end
      end
    end
    cell_lane = idx16[7:0] - cell_base[7:0];
  end

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
          finish(8'd0, strap, size);
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
          finish(ReplyNoSolution, strap, size);
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
    aron_d = aron_q; ari_d = ari_q; arl_d = arl_q; arw_d = arw_q;
    r_d = r_q; c_d = c_q; fwd_d = fwd_q; b_d = b_q; p_d = p_q;
    colw_d = colw_q; v_d = v_q; first_d = first_q; x_d = x_q;
    scyc_d = scyc_q;
    inframe_d = inframe_q; rpend_d = rpend_q; rprow_d = rprow_q;
    txidx_d = txidx_q; txlen_d = txlen_q; txvalid_d = txvalid_q; txbyte_d = txbyte_q;
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
            size_d = ev_order_i * ev_order_i;
            inframe_d = 1'b1;
            chk_d = 8'd0;
            reply_d = 8'd0;
            scyc_d = 64'd0;
          end
          EvCell: begin
            if (inframe_q) begin
              asm_d = with_lane(asm_q, cell_lane, ev_cell_i);
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
                finish({5'd0, ev_status_i}, direct_i, size_q);
              end
            end
          end
          default: ;
        endcase
        if (load_i) begin
          order_d = load_order_i;
          size_d = load_order_i * load_order_i;
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
        q_d = 16'd0;
        seen_d = {M{1'b0}};
        state_d = StLRow;
      end

      StLRow: begin
        if (lr_v != 8'd0) begin
          onehot = OneM << (lr_v - 8'd1);
          clash = |(seen_q & onehot);
        end
        if (clash) begin
          finish(ReplyNoSolution, direct_i, size_q);
        end else begin
          seen_d = seen_q | onehot;
          if (q_q[7:0] == size_q - 8'd1 && row_q + 8'd1 < size_q) begin
            a_en_o = 1'b1;
            a_addr_o = waddr(2'd0, row_q + 8'd1);
          end
          q_d = q_q + 16'd1;
          if (q_q[7:0] == size_q - 8'd1) begin
            row_d = row_q + 8'd1;
            q_d = 16'd0;
            seen_d = {M{1'b0}};
            if (row_q + 8'd1 == size_q) begin
              state_d = StLCol;
              rib_d = 4'd0; rim_d = 4'd0; rwb_d = 4'd0; rwm_d = 4'd0;
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
        if (q_q < pass_len) begin
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
              if (rwm_q == order_q - 4'd1) begin
                rwm_d = 4'd0;
                rwb_d = rwb_q + 4'd1;
              end else begin
                rwm_d = rwm_q + 4'd1;
              end
            end else begin
              rib_d = rib_q + 4'd1;
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
          asm_d = with_lane(asm_q, ari_q, ar_v);
          seen_d = ar_seen | onehot;
          if (!clash && ari_q == size_q - 8'd1) begin
            wbuf_d = asm_d;
            wpend_d = 1'b1;
            wadr_d = waddr((state_q == StLCol) ? 2'd1 : 2'd2, arw_q);
          end
        end
        q_d = q_q + 16'd1;
        if (clash) begin
          finish(ReplyNoSolution, direct_i, size_q);
        end else if (q_q + 16'd1 == pass_len + 16'd2) begin
          q_d = 16'd0;
          rib_d = 4'd0; rim_d = 4'd0; rwb_d = 4'd0; rwm_d = 4'd0;
          state_d = (state_q == StLCol) ? StLBox : StStart;
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
        state_d = StRead2;
      end

      StRead2: begin
        a_en_o = 1'b1;
        a_addr_o = waddr(2'd0, r_q);
        colw_d = a_rdata_i;
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
        a_wdata_o = with_lane(a_rdata_i, c_q[7:0], x_q);
        b_en_o = 1'b1;
        b_we_o = 1'b1;
        b_addr_o = waddr(2'd1, c_q[7:0]);
        b_wdata_o = with_lane(colw_q, r_q, x_q);
        chk_d = even ? chk_q + x_q - old_v : chk_q - x_q + old_v;
        state_d = StWrite2;
      end

      StWrite2: begin
        a_en_o = 1'b1;
        a_we_o = 1'b1;
        a_addr_o = waddr(2'd2, b_q);
        a_wdata_o = with_lane(b_rdata_i, p_q, x_q);
        seek(1'b1, fw_hit, fw_j, bw_hit, bw_j, r_q, size_q, direct_i);
      end

      StUndo1: begin
        a_en_o = 1'b1;
        a_we_o = 1'b1;
        a_addr_o = waddr(2'd0, r_q);
        a_wdata_o = with_lane(a_rdata_i, c_q[7:0], 8'd0);
        b_en_o = 1'b1;
        b_we_o = 1'b1;
        b_addr_o = waddr(2'd1, c_q[7:0]);
        b_wdata_o = with_lane(colw_q, r_q, 8'd0);
        chk_d = even ? chk_q - old_v : chk_q + old_v;
        state_d = StUndo2;
      end

      StUndo2: begin
        a_en_o = 1'b1;
        a_we_o = 1'b1;
        a_addr_o = waddr(2'd2, b_q);
        a_wdata_o = with_lane(b_rdata_i, p_q, 8'd0);
        seek(1'b0, fw_hit, fw_j, bw_hit, bw_j, r_q, size_q, direct_i);
      end

      StAnswer: begin
        // ResponseUnit: when the transmitter takes the byte on offer, the
        // next one goes up; a new row of cells is read in the same cycle.
        if (txvalid_q && tx_ready_i) begin
          txidx_d = txidx_q + 16'd1;
          if (txidx_q + 16'd1 == txlen_q) begin
            txvalid_d = 1'b0;
            txcell_d = 1'b0;
            state_d = StDrain;
          end else if (reply_q == 8'd0 && txidx_q + 16'd1 >= 16'd6) begin
            txcell_d = 1'b1;
            if (txidx_q + 16'd1 == 16'd6 || txlane_q == size_q - 8'd1) begin
              txlane_d = 8'd0;
              txrow_d = (txidx_q + 16'd1 == 16'd6) ? 8'd0 : txrow_q + 8'd1;
              a_en_o = 1'b1;
              a_addr_o = waddr(2'd0, txrow_d);
            end else begin
              txlane_d = txlane_q + 8'd1;
            end
          end else begin
            txbyte_d = reply_byte(txidx_q + 16'd1, reply_q, chk_q, size_q);
          end
        end
      end

      StDrain: begin
        if (!tx_busy_i) state_d = StWaitFrame;
      end

      default: ;
    endcase

    // The watchdog: a search cycle that does not end the search and is the
    // limit-th ends it with the cycle-limit reply.
    if (state_q >= StStart && state_q <= StUndo2) begin
      scyc_d = scyc_q + 64'd1;
      if (!fin && scyc_q + 64'd1 >= search_limit_i) finish(ReplyCycleLimit, direct_i, size_q);
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= StWaitFrame;
      order_q <= 4'd0; size_q <= 8'd0; chk_q <= 8'd0; reply_q <= 8'd0;
      q_q <= 16'd0; row_q <= 8'd0; seen_q <= {M{1'b0}}; asm_q <= {W{1'b0}};
      wbuf_q <= {W{1'b0}}; wpend_q <= 1'b0; wadr_q <= {GridAW{1'b0}};
      rib_q <= 4'd0; rim_q <= 4'd0; rwb_q <= 4'd0; rwm_q <= 4'd0;
      aron_q <= 1'b0; ari_q <= 8'd0; arl_q <= 8'd0; arw_q <= 8'd0;
      r_q <= 8'd0; c_q <= 9'd0; fwd_q <= 1'b1; b_q <= 8'd0; p_q <= 8'd0;
      colw_q <= {W{1'b0}}; v_q <= 8'd0; first_q <= 1'b0; x_q <= 8'd0;
      scyc_q <= 64'd0;
      inframe_q <= 1'b0; rpend_q <= 1'b0; rprow_q <= 8'd0;
      txidx_q <= 16'd0; txlen_q <= 16'd0; txvalid_q <= 1'b0; txbyte_q <= 8'd0;
      txcell_q <= 1'b0; txlane_q <= 8'd0; txrow_q <= 8'd0;
    end else begin
      state_q <= state_d;
      order_q <= order_d; size_q <= size_d; chk_q <= chk_d; reply_q <= reply_d;
      q_q <= q_d; row_q <= row_d; seen_q <= seen_d; asm_q <= asm_d;
      wbuf_q <= wbuf_d; wpend_q <= wpend_d; wadr_q <= wadr_d;
      rib_q <= rib_d; rim_q <= rim_d; rwb_q <= rwb_d; rwm_q <= rwm_d;
      aron_q <= aron_d; ari_q <= ari_d; arl_q <= arl_d; arw_q <= arw_d;
      r_q <= r_d; c_q <= c_d; fwd_q <= fwd_d; b_q <= b_d; p_q <= p_d;
      colw_q <= colw_d; v_q <= v_d; first_q <= first_d; x_q <= x_d;
      scyc_q <= scyc_d;
      inframe_q <= inframe_d; rpend_q <= rpend_d; rprow_q <= rprow_d;
      txidx_q <= txidx_d; txlen_q <= txlen_d; txvalid_q <= txvalid_d; txbyte_q <= txbyte_d;
      txcell_q <= txcell_d; txlane_q <= txlane_d; txrow_q <= txrow_d;
    end
  end
endmodule
