// heuristics: the version-2 heuristics phase of docs/microarchitecture.md
// §10 (rtl/bnb/heur.go) for the paper's unit set in the Fig. 13 order —
// unit u is single (u = 0), hidden single (1), hidden pair, triple, quad
// (u = 2, 3, 4: the subset size k = u). It holds CandMem and MissMem, the
// Fig. 13 strategy controller (H_PASS), the region front end (H_REGION,
// H_SCAN), the units' datapaths (the single test in H_SCAN; the hidden
// single's seen-once / seen-twice registers and H_DECIDE; the hidden
// subsets' position registers, the combination comparator with P
// combinations per cycle in H_COMB and the removals in H_REMOVE) and the fix
// path (H_FIXSEL, H_FIX1, H_FIX2).
//
// The core's state register is the phase's state register: this module
// reads it (state_i) and proposes the next state (state_o) and the GridMem
// and GivenMem port drives for the heuristic states; the core applies them
// there. The loader writes CandMem and MissMem through ld_*, the search's
// READ1 reads CandMem through s_*.
//
// Registers are _q / _d pairs as in sudoku_core.
module heuristics #(
  parameter integer MaxOrder = 3,
  parameter integer P        = 1,
  parameter integer GridAW   = 5,
  parameter integer GivenAW  = 4
) (
  input  wire                           clk_i,
  input  wire                           rst_ni,
  input  wire [4:0]                     state_i,
  // The multiples of the order, t·n at [8t +: 8] (the core's table).
  input  wire [8*MaxOrder-1:0]          muln_i,
  input  wire [7:0]                     size_i,
  // Loader: CandMem of cell (ld_row_i, ld_col_i) in L_ROW (all values for
  // an empty cell, none for a given), and the missing word of a region.
  input  wire                           ld_cand_we_i,
  input  wire [7:0]                     ld_row_i,
  input  wire [7:0]                     ld_col_i,
  input  wire                           ld_empty_i,
  input  wire                           ld_miss_we_i,
  input  wire [1:0]                     ld_miss_type_i,
  input  wire [7:0]                     ld_miss_idx_i,
  input  wire [MaxOrder*MaxOrder-1:0]   ld_miss_data_i,
  // Search: READ1 reads the cell's CandMem word, READ2 takes cand_o.
  input  wire                           s_cand_re_i,
  input  wire [7:0]                     s_row_i,
  input  wire [7:0]                     s_col_i,
  output wire [MaxOrder*MaxOrder-1:0]   cand_o,
  // GridMem read data.
  input  wire [8*MaxOrder*MaxOrder-1:0] a_rdata_i,
  input  wire [8*MaxOrder*MaxOrder-1:0] b_rdata_i,
  // Next state and port drives in the heuristic states; fail_o: a
  // contradiction ends the phase (no solution).
  output reg  [4:0]                     state_o,
  output reg                            fail_o,
  output reg  [7:0]                     chk_add_o,
  output reg                            a_en_o,
  output reg                            a_we_o,
  output reg  [GridAW-1:0]              a_addr_o,
  output reg  [8*MaxOrder*MaxOrder-1:0] a_wdata_o,
  output reg                            b_en_o,
  output reg                            b_we_o,
  output reg  [GridAW-1:0]              b_addr_o,
  output reg  [8*MaxOrder*MaxOrder-1:0] b_wdata_o,
  output reg                            g_en_o,
  output reg                            g_we_o,
  output reg  [GivenAW-1:0]             g_addr_o,
  output reg  [MaxOrder*MaxOrder-1:0]   g_wdata_o
);
  localparam integer M = MaxOrder * MaxOrder;
  localparam integer W = 8 * M;
  localparam integer CandAW = $clog2(M * M);
  localparam integer MissAW = $clog2(3 * M);
  localparam [15:0] ColBase = M[15:0];
  localparam [15:0] BoxBase = 2 * M[15:0];
  localparam [M*M-1:0] PosZero = 0;

  // State encoding of rtl/bnb (coreState, heur.go).
  localparam [4:0] StLRowAddr = 5'd1;
  localparam [4:0] StStart    = 5'd5;
  localparam [4:0] StHPass    = 5'd17;
  localparam [4:0] StHRegion  = 5'd18;
  localparam [4:0] StHScan    = 5'd19;
  localparam [4:0] StHDecide  = 5'd20;
  localparam [4:0] StHFixSel  = 5'd21;
  localparam [4:0] StHFix1    = 5'd22;
  localparam [4:0] StHFix2    = 5'd23;
  localparam [4:0] StHComb    = 5'd24;
  localparam [4:0] StHRemove  = 5'd25;
  localparam [2:0] NumUnits   = 3'd5;

  wire [M-1:0] enabled = below(size_i);

  // ---------------------------------------------------------------- memories
  reg               cm_en, cm_we;
  reg  [CandAW-1:0] cm_addr;
  reg  [M-1:0]      cm_wdata;
  wire [M-1:0]      cm_rdata;
  reg               ma_en, ma_we, mb_en, mb_we;
  reg  [MissAW-1:0] ma_addr, mb_addr;
  reg  [M-1:0]      ma_wdata, mb_wdata;
  wire [M-1:0]      ma_rdata, mb_rdata;
  // The FSM's own drives, muxed with the loader's and the search's below.
  reg               f_cm_en, f_cm_we;
  reg  [CandAW-1:0] f_cm_addr;
  reg  [M-1:0]      f_cm_wdata;
  reg               f_ma_en, f_ma_we, f_mb_en, f_mb_we;
  reg  [MissAW-1:0] f_ma_addr, f_mb_addr;
  reg  [M-1:0]      f_ma_wdata, f_mb_wdata;

  cand_mem #(.Words(M * M), .Width(M), .AddrW(CandAW)) u_cand_mem (
    .clk_i, .en_i(cm_en), .we_i(cm_we), .addr_i(cm_addr), .wdata_i(cm_wdata), .rdata_o(cm_rdata)
  );
  miss_mem #(.Words(3 * M), .Width(M), .AddrW(MissAW)) u_miss_mem (
    .clk_i,
    .a_en_i(ma_en), .a_we_i(ma_we), .a_addr_i(ma_addr), .a_wdata_i(ma_wdata), .a_rdata_o(ma_rdata),
    .b_en_i(mb_en), .b_we_i(mb_we), .b_addr_i(mb_addr), .b_wdata_i(mb_wdata), .b_rdata_o(mb_rdata)
  );
  assign cand_o = cm_rdata;

  // ------------------------------------------------------- address functions
  // No multiplier (as in sudoku_core): the CandMem address r·M + c is a
  // shift-and-add of the build constant M, the region bases are constants,
  // and the box arithmetic uses the core's multiples of the order.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [CandAW-1:0] caddr;
    input [7:0] r;
    input [7:0] c;
    reg   [31:0] a;
    integer b;
    begin
      a = {24'd0, c};
      for (b = 0; b < 16; b = b + 1)
        if (M[b]) a = a + ({24'd0, r} << b);
      caddr = a[CandAW-1:0];
    end
  endfunction

  // Word i of region type t (0 rows, 1 columns, 2 boxes) in MissMem and
  // GridMem: the type's base (0, M, 2M) plus i.
  function automatic [15:0] region_addr;
    input [1:0] t;
    input [7:0] i;
    begin
      case (t)
        2'd1:    region_addr = {8'd0, i} + ColBase;
        2'd2:    region_addr = {8'd0, i} + BoxBase;
        default: region_addr = {8'd0, i};
      endcase
    end
  endfunction

  function automatic [MissAW-1:0] maddr;
    input [1:0] t;
    input [7:0] i;
    reg   [15:0] a;
    begin
      a = region_addr(t, i);
      maddr = a[MissAW-1:0];
    end
  endfunction

  function automatic [GridAW-1:0] waddr;
    input [1:0] t;
    input [7:0] i;
    reg   [15:0] a;
    begin
      a = region_addr(t, i);
      waddr = a[GridAW-1:0];
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

  // Box of cell (r, c), and the cell's lane in its box word: box rb·n + cb,
  // lane (r mod n)·n + c mod n.
  function automatic [7:0] box_of;
    input [7:0]            r;
    input [7:0]            c;
    input [8*MaxOrder-1:0] mul;
    reg   [15:0]           rd, cd;
    begin
      rd = div_n(r, mul);
      cd = div_n(c, mul);
      box_of = rd[7:0] + cd[15:8];
    end
  endfunction

  function automatic [7:0] lane_in_box;
    input [7:0]            r;
    input [7:0]            c;
    input [8*MaxOrder-1:0] mul;
    reg   [15:0]           rd, cd;
    begin
      rd = div_n(r, mul);
      cd = div_n(c, mul);
      lane_in_box = mul_n(r - rd[7:0], mul) + (c - cd[7:0]);
    end
  endfunction

  // Row and column of cell j of region i of type t (0 rows, 1 columns,
  // 2 boxes), packed {row, col}: box i's cell j is row (i / n)·n + j / n,
  // column (i mod n)·n + j mod n.
  function automatic [15:0] cell_of;
    input [1:0]            t;
    input [7:0]            i;
    input [7:0]            j;
    input [8*MaxOrder-1:0] mul;
    reg   [15:0]           id, jd;
    begin
      id = div_n(i, mul);
      jd = div_n(j, mul);
      case (t)
        2'd0: cell_of = {i, j};
        2'd1: cell_of = {j, i};
        default: cell_of = {id[7:0] + jd[15:8], mul_n(i - id[7:0], mul) + (j - jd[7:0])};
      endcase
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // The two other regions of cell (r, c) in a region of type t, packed
  // {type0, index0, type1, index1}: a row's cell is also in its column and
  // box, a column's in its row and box, a box's in its row and column (the
  // order of regOther in rtl/bnb/heur.go).
  function automatic [19:0] others;
    input [1:0]            t;
    input [7:0]            r;
    input [7:0]            c;
    input [8*MaxOrder-1:0] mul;
    begin
      case (t)
        2'd0: others = {2'd1, c, 2'd2, box_of(r, c, mul)};
        2'd1: others = {2'd0, r, 2'd2, box_of(r, c, mul)};
        default: others = {2'd0, r, 2'd1, c};
      endcase
    end
  endfunction

  function automatic [7:0] popcnt;
    input [M-1:0] x;
    integer i;
    begin
      popcnt = 8'd0;
      for (i = 0; i < M; i = i + 1) popcnt = popcnt + {7'd0, x[i]};
    end
  endfunction

  // Index of the lowest set bit (0 when none).
  function automatic [7:0] lowest;
    input [M-1:0] x;
    integer i;
    begin
      lowest = 8'd0;
      for (i = M - 1; i >= 0; i = i - 1) if (x[i]) lowest = i[7:0];
    end
  endfunction

  function automatic [M-1:0] below;
    input [7:0] v;
    integer l;
    begin
      for (l = 0; l < M; l = l + 1) below[l] = l[7:0] < v;
    end
  endfunction

  // Line j of a decoder of M lines (none when j >= M).
  function automatic [M-1:0] onehot;
    input [7:0] j;
    integer l;
    begin
      for (l = 0; l < M; l = l + 1) onehot[l] = j == l[7:0];
    end
  endfunction

  // Bit j of x.
  function automatic has;
    input [M-1:0] x;
    input [7:0]   j;
    begin
      has = |(x & onehot(j));
    end
  endfunction

  // Lanes of a GridMem word that hold a value.
  function automatic [M-1:0] filled_of;
    input [W-1:0] word;
    integer i;
    begin
      for (i = 0; i < M; i = i + 1) filled_of[i] = word[8*i +: 8] != 8'd0;
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

  // The position registers, value v's places at [v*M +: M]: value v's word
  // (an M:1 multiplexer of words), cell j's column of bits over the values
  // (an M:1 multiplexer per value), and the registers with cell j's column
  // replaced (a decoder of j and a 2:1 multiplexer per bit). Written as
  // decoders: a variable bit select over the M·M bits is a shifter.
  function automatic [M-1:0] pos_of;
    input [M*M-1:0] pos;
    input [7:0]     v;
    integer l;
    begin
      pos_of = {M{1'b0}};
      for (l = 0; l < M; l = l + 1)
        if (v == l[7:0]) pos_of = pos[l * M +: M];
    end
  endfunction

  function automatic [M-1:0] cell_pos;
    input [M*M-1:0] pos;
    input [7:0]     j;
    integer l, x;
    begin
      cell_pos = {M{1'b0}};
      for (l = 0; l < M; l = l + 1)
        if (j == l[7:0])
          for (x = 0; x < M; x = x + 1) cell_pos[x] = pos[x * M + l];
    end
  endfunction

  function automatic [M*M-1:0] with_pos;
    input [M*M-1:0] pos;
    input [7:0]     j;
    input [M-1:0]   col;
    integer l, x;
    begin
      with_pos = pos;
      for (l = 0; l < M; l = l + 1)
        if (j == l[7:0])
          for (x = 0; x < M; x = x + 1) with_pos[x * M + l] = col[x];
    end
  endfunction

  // Values above v (bits v+1..M-1) and below v (bits 0..v-1) of a mask:
  // thermometers, a compare with a constant per bit. (Written as shifts they
  // are shifter cells that Yosys's SAT-based resource sharing compares
  // pairwise: at max order 5 that pass alone ran for over ten minutes.)
  function automatic [M-1:0] above;
    input [7:0] v;
    integer l;
    begin
      for (l = 0; l < M; l = l + 1) above[l] = l[7:0] > v;
    end
  endfunction

  // The "next qualifying value" circuit: the lowest value of l above v (a
  // thermometer and a priority encoder; 0 when there is none).
  function automatic [7:0] next_of;
    input [M-1:0] l;
    input [7:0]   v;
    begin
      next_of = lowest(l & above(v));
    end
  endfunction

  // The comparator's cursors: the k values of a combination (cursor t at
  // c[8t +: 8], increasing), walked over the qualifying values l in
  // lexicographic order — the order of the list of qualifying values the Go
  // model walks (no list is built: a cursor steps to the next qualifying
  // value). comb_first is the first combination; comb_next the one after c,
  // bit 32 clear when c was the last. Cursor t can step iff cursor t+1 can,
  // or a qualifying value lies between them (the last cursor: one lies above
  // it); the last cursor that can steps to its next value and the cursors
  // after it follow in a chain of next-value circuits.
  function automatic [31:0] comb_first;
    input [M-1:0] l;
    reg   [7:0]   c0, c1, c2;
    begin
      c0 = lowest(l);
      c1 = next_of(l, c0);
      c2 = next_of(l, c1);
      comb_first = {next_of(l, c2), c2, c1, c0};
    end
  endfunction

  function automatic [32:0] comb_next;
    input [31:0]  c;
    input [2:0]   k;
    input [M-1:0] l;
    integer t, u;
    reg [3:0] adv;
    reg [1:0] ts;
    reg       done;
    reg [31:0] n;
    begin
      adv = 4'd0;
      for (t = 3; t >= 0; t = t - 1) begin
        if (t + 1 == {29'd0, k}) adv[t] = |(l & above(c[8*t +: 8]));
        else if (t + 1 < {29'd0, k}) adv[t] = adv[t+1] | (|(l & above(c[8*t +: 8]) & below(c[8*(t+1) +: 8])));
      end
      done = 1'b0;
      ts = 2'd0;
      for (t = 0; t < 4; t = t + 1)
        if (adv[t]) begin
          done = 1'b1;
          ts = t[1:0];
        end
      n[7:0] = next_of(l, c[8*ts +: 8]);
      n[15:8] = next_of(l, n[7:0]);
      n[23:16] = next_of(l, n[15:8]);
      n[31:24] = next_of(l, n[23:16]);
      comb_next = {done, c};
      if (done)
        for (u = 0; u < 4; u = u + 1)
          if (u < {29'd0, k} && u >= {30'd0, ts}) comb_next[8*u +: 8] = n[8*(u - {30'd0, ts}) +: 8];
    end
  endfunction

  // ---------------------------------------------------------------- registers
  reg [2:0]     ui_q, ui_d;          // unit running (= its k)
  reg           started_q, started_d;
  reg           pfix_q, pfix_d;      // the pass fixed a cell
  reg           prem_q, prem_d;      // the pass removed a candidate
  reg [15:0]    empty_q;             // empty-cell counter
  reg [1:0]     rt_q, rt_d;          // region type
  reg [7:0]     ri_q, ri_d;          // region index
  reg           first_q, first_d;    // first H_SCAN cycle of the region
  reg [7:0]     issue_q, issue_d;    // next cell of the region to read
  reg           pendv_q, pendv_d;    // a cell's read returns this cycle
  reg [7:0]     pend_q, pend_d;
  reg [M-1:0]   rfill_q, rfill_d;    // filled lanes of the region
  reg [M-1:0]   rmiss_q, rmiss_d;    // the region's missing word
  reg [W-1:0]   rword_q, rword_d;    // the region's GridMem word
  reg [M-1:0]   once_q, once_d, twice_q, twice_d, single_q, single_d;
  reg [M*M-1:0] pos_q, pos_d;        // position registers, value v at [v*M +: M]
  reg [7:0]     fixj_q, fixj_d, fixv_q, fixv_d, fixr_q, fixr_d, fixc_q, fixc_d;
  reg [3*M-1:0] cnt_q, cnt_d;        // per value: its places in the region, saturating at 5
  reg [M-1:0]   lm_q, lm_d;          // the qualifying values of the comparator
  reg [31:0]    comb_q, comb_d;      // combination being compared (list indices)
  reg           cv_q, cv_d;          // comb_q is a combination still to compare
  reg [M-1:0]   keep_q, keep_d, rem_q, rem_d;
  reg [2:0]     rcnt_q, rcnt_d;

  // Scratch of the combinational block.
  reg [15:0] rc;
  reg [19:0] oth;
  reg [M-1:0] fl, ms, eff, lm, u, hu, cj, removed, bitv;
  reg [7:0]  cnt, v8, at;
  reg [W-1:0] rowword, colword, boxword, neww;
  reg [31:0] c, hc;
  reg [32:0] nx;
  reg        valid, found, rdone, even;
  integer    p, t, vv;

  // The empty-cell counter: the loader counts empty cells, a fix takes one.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) empty_q <= 16'd0;
    else if (state_i == StLRowAddr) empty_q <= 16'd0;
    else if (ld_cand_we_i && ld_empty_i) empty_q <= empty_q + 16'd1;
    else if (state_i == StHFix1) empty_q <= empty_q - 16'd1;
  end

  // Memory ports: the FSM's in the heuristic states, the loader's and the
  // search's otherwise.
  always @* begin
    cm_en = f_cm_en; cm_we = f_cm_we; cm_addr = f_cm_addr; cm_wdata = f_cm_wdata;
    ma_en = f_ma_en; ma_we = f_ma_we; ma_addr = f_ma_addr; ma_wdata = f_ma_wdata;
    mb_en = f_mb_en; mb_we = f_mb_we; mb_addr = f_mb_addr; mb_wdata = f_mb_wdata;
    if (ld_cand_we_i) begin
      cm_en = 1'b1;
      cm_we = 1'b1;
      cm_addr = caddr(ld_row_i, ld_col_i);
      cm_wdata = ld_empty_i ? enabled : {M{1'b0}};
    end
    if (s_cand_re_i) begin
      cm_en = 1'b1;
      cm_we = 1'b0;
      cm_addr = caddr(s_row_i, s_col_i);
    end
    if (ld_miss_we_i) begin
      ma_en = 1'b1;
      ma_we = 1'b1;
      ma_addr = maddr(ld_miss_type_i, ld_miss_idx_i);
      ma_wdata = ld_miss_data_i;
    end
  end

  always @* begin
    ui_d = ui_q; started_d = started_q; pfix_d = pfix_q; prem_d = prem_q;
    rt_d = rt_q; ri_d = ri_q; first_d = first_q; issue_d = issue_q;
    pendv_d = pendv_q; pend_d = pend_q; rfill_d = rfill_q; rmiss_d = rmiss_q; rword_d = rword_q;
    once_d = once_q; twice_d = twice_q; single_d = single_q; pos_d = pos_q;
    fixj_d = fixj_q; fixv_d = fixv_q; fixr_d = fixr_q; fixc_d = fixc_q;
    cnt_d = cnt_q; lm_d = lm_q; comb_d = comb_q; cv_d = cv_q;
    keep_d = keep_q; rem_d = rem_q; rcnt_d = rcnt_q;
    state_o = state_i;
    fail_o = 1'b0;
    chk_add_o = 8'd0;
    a_en_o = 1'b0; a_we_o = 1'b0; a_addr_o = {GridAW{1'b0}}; a_wdata_o = {W{1'b0}};
    b_en_o = 1'b0; b_we_o = 1'b0; b_addr_o = {GridAW{1'b0}}; b_wdata_o = {W{1'b0}};
    g_en_o = 1'b0; g_we_o = 1'b0; g_addr_o = {GivenAW{1'b0}}; g_wdata_o = {M{1'b0}};
    f_cm_en = 1'b0; f_cm_we = 1'b0; f_cm_addr = {CandAW{1'b0}}; f_cm_wdata = {M{1'b0}};
    f_ma_en = 1'b0; f_ma_we = 1'b0; f_ma_addr = {MissAW{1'b0}}; f_ma_wdata = {M{1'b0}};
    f_mb_en = 1'b0; f_mb_we = 1'b0; f_mb_addr = {MissAW{1'b0}}; f_mb_wdata = {M{1'b0}};
    rc = 16'd0; oth = 20'd0; fl = {M{1'b0}}; ms = {M{1'b0}}; eff = {M{1'b0}};
    lm = {M{1'b0}}; u = {M{1'b0}}; hu = {M{1'b0}}; cj = {M{1'b0}}; removed = {M{1'b0}};
    bitv = {M{1'b0}}; cnt = 8'd0; v8 = 8'd0; at = 8'd0;
    rowword = {W{1'b0}}; colword = {W{1'b0}}; boxword = {W{1'b0}}; neww = {W{1'b0}};
    c = 32'd0; hc = 32'd0; nx = 33'd0; valid = 1'b0; found = 1'b0; rdone = 1'b0; even = 1'b0;

    case (state_i)
      StLRowAddr: begin
        started_d = 1'b0;
        ui_d = 3'd0;
      end

      // Fig. 13: the unit after this pass, or the search.
      StHPass: begin
        v8 = {5'd0, ui_q};
        if (started_q) begin
          if (pfix_q) v8 = 8'd0;
          else if (prem_q && ui_q >= 3'd2) v8 = 8'd1; // the first unit after single
          else if (prem_q) v8 = 8'd0;
          else v8 = {5'd0, ui_q} + 8'd1;
        end
        if (v8 >= {5'd0, NumUnits} || empty_q == 16'd0) begin
          ui_d = 3'd0;
          state_o = StStart;
        end else begin
          ui_d = v8[2:0];
          started_d = 1'b1;
          pfix_d = 1'b0;
          prem_d = 1'b0;
          rt_d = 2'd0;
          ri_d = 8'd0;
          state_o = StHRegion;
        end
      end

      // The region's GridMem word and missing word.
      StHRegion: begin
        a_en_o = 1'b1;
        a_addr_o = waddr(rt_q, ri_q);
        f_ma_en = 1'b1;
        f_ma_addr = maddr(rt_q, ri_q);
        first_d = 1'b1;
        issue_d = 8'd0;
        pendv_d = 1'b0;
        once_d = {M{1'b0}};
        twice_d = {M{1'b0}};
        pos_d = PosZero;
        cnt_d = {(3 * M){1'b0}};
        state_o = StHScan;
      end

      StHScan: begin
        fl = first_q ? (filled_of(a_rdata_i) & enabled) : rfill_q;
        ms = first_q ? ma_rdata : rmiss_q;
        if (first_q) begin
          rword_d = a_rdata_i;
          rfill_d = fl;
          rmiss_d = ms;
          first_d = 1'b0;
        end
        found = 1'b0; // the cycle stops the scan (a fix or a contradiction)
        if (pendv_q) begin
          eff = has(fl, pend_q) ? {M{1'b0}} : (cm_rdata & ms & ma_rdata & mb_rdata);
          if (ui_q == 3'd0) begin
            if (!has(fl, pend_q)) begin
              cnt = popcnt(eff);
              if (cnt == 8'd0) begin
                fail_o = 1'b1;
                found = 1'b1;
              end else if (cnt == 8'd1) begin
                // Single: fix it. The cell's other two GridMem words are
                // read now; its MissMem words stay on the ports' outputs.
                rc = cell_of(rt_q, ri_q, pend_q, muln_i);
                oth = others(rt_q, rc[15:8], rc[7:0], muln_i);
                fixj_d = pend_q;
                fixr_d = rc[15:8];
                fixc_d = rc[7:0];
                fixv_d = lowest(eff) + 8'd1;
                pendv_d = 1'b0;
                a_en_o = 1'b1;
                a_addr_o = waddr(oth[19:18], oth[17:10]);
                b_en_o = 1'b1;
                b_addr_o = waddr(oth[9:8], oth[7:0]);
                state_o = StHFix1;
                found = 1'b1;
              end
            end
          end else begin
            twice_d = twice_q | (once_q & eff);
            once_d = once_q | eff;
            pos_d = with_pos(pos_q, pend_q, eff);
            for (vv = 0; vv < M; vv = vv + 1)
              if (eff[vv] && cnt_q[3*vv +: 3] != 3'd5) cnt_d[3*vv +: 3] = cnt_q[3*vv +: 3] + 3'd1;
          end
        end
        if (!found) begin
          if (issue_q < size_i) begin
            rc = cell_of(rt_q, ri_q, issue_q, muln_i);
            oth = others(rt_q, rc[15:8], rc[7:0], muln_i);
            f_cm_en = 1'b1;
            f_cm_addr = caddr(rc[15:8], rc[7:0]);
            f_ma_en = 1'b1;
            f_ma_addr = maddr(oth[19:18], oth[17:10]);
            f_mb_en = 1'b1;
            f_mb_addr = maddr(oth[9:8], oth[7:0]);
            pendv_d = 1'b1;
            pend_d = issue_q;
            issue_d = issue_q + 8'd1;
          end else begin
            pendv_d = 1'b0;
            if (ui_q == 3'd0) rdone = 1'b1;
            else state_o = StHDecide;
          end
        end
      end

      StHDecide: begin
        if (ui_q == 3'd1) begin
          if (|(rmiss_q & ~once_q)) begin
            fail_o = 1'b1; // a missing value with no place
          end else begin
            single_d = once_q & ~twice_q;
            if (|single_d) state_o = StHFixSel;
            else rdone = 1'b1;
          end
        end else begin
          // The values still missing with 2..k places (the place counters
          // of the scan: a counter saturating above 4 per value, not a
          // popcount of its position register).
          for (vv = 0; vv < M; vv = vv + 1)
            lm[vv] = rmiss_q[vv] && cnt_q[3*vv +: 3] >= 3'd2 && cnt_q[3*vv +: 3] <= ui_q;
          lm_d = lm;
          if (popcnt(lm) < {5'd0, ui_q}) begin
            rdone = 1'b1;
          end else begin
            comb_d = comb_first(lm);
            cv_d = 1'b1;
            state_o = StHComb;
          end
        end
      end

      // Hidden single: the lowest value seen once, its cell, and the reads
      // of the cell's other two regions (GridMem and MissMem).
      StHFixSel: begin
        v8 = lowest(single_q);
        single_d = single_q & ~onehot(v8);
        at = lowest(pos_of(pos_q, v8));
        if (has(rfill_q, at)) begin
          fail_o = 1'b1; // an earlier value of this region took the cell
        end else begin
          rc = cell_of(rt_q, ri_q, at, muln_i);
          oth = others(rt_q, rc[15:8], rc[7:0], muln_i);
          fixj_d = at;
          fixv_d = v8 + 8'd1;
          fixr_d = rc[15:8];
          fixc_d = rc[7:0];
          a_en_o = 1'b1;
          a_addr_o = waddr(oth[19:18], oth[17:10]);
          b_en_o = 1'b1;
          b_addr_o = waddr(oth[9:8], oth[7:0]);
          f_ma_en = 1'b1;
          f_ma_addr = maddr(oth[19:18], oth[17:10]);
          f_mb_en = 1'b1;
          f_mb_addr = maddr(oth[9:8], oth[7:0]);
          state_o = StHFix1;
        end
      end

      // Fix: CandMem <- 0; the region's and the first other missing word;
      // GridMem row (A) and column (B) words, GivenMem's row word; the
      // checksum.
      StHFix1: begin
        bitv = onehot(fixv_q - 8'd1);
        oth = others(rt_q, fixr_q, fixc_q, muln_i);
        f_cm_en = 1'b1;
        f_cm_we = 1'b1;
        f_cm_addr = caddr(fixr_q, fixc_q);
        f_ma_en = 1'b1;
        f_ma_we = 1'b1;
        f_ma_addr = maddr(rt_q, ri_q);
        f_ma_wdata = rmiss_q & ~bitv;
        f_mb_en = 1'b1;
        f_mb_we = 1'b1;
        f_mb_addr = maddr(oth[19:18], oth[17:10]);
        f_mb_wdata = ma_rdata & ~bitv;
        rmiss_d = rmiss_q & ~bitv;
        rfill_d = rfill_q | onehot(fixj_q);
        rword_d = with_lane(rword_q, fixj_q, fixv_q);
        rowword = (rt_q == 2'd0) ? rword_q : a_rdata_i;
        colword = (rt_q == 2'd0) ? a_rdata_i : (rt_q == 2'd1) ? rword_q : b_rdata_i;
        neww = with_lane(rowword, fixc_q, fixv_q);
        a_en_o = 1'b1;
        a_we_o = 1'b1;
        a_addr_o = waddr(2'd0, fixr_q);
        a_wdata_o = neww;
        b_en_o = 1'b1;
        b_we_o = 1'b1;
        b_addr_o = waddr(2'd1, fixc_q);
        b_wdata_o = with_lane(colword, fixr_q, fixv_q);
        g_en_o = 1'b1;
        g_we_o = 1'b1;
        g_addr_o = fixr_q[GivenAW-1:0];
        g_wdata_o = filled_of(neww) & enabled;
        even = ~(fixr_q[0] ^ fixc_q[0]);
        chk_add_o = even ? fixv_q : 8'd0 - fixv_q;
        pfix_d = 1'b1;
        state_o = StHFix2;
      end

      // Fix: GridMem box word (A), the second other missing word.
      StHFix2: begin
        bitv = onehot(fixv_q - 8'd1);
        oth = others(rt_q, fixr_q, fixc_q, muln_i);
        boxword = (rt_q == 2'd2) ? rword_q : b_rdata_i;
        a_en_o = 1'b1;
        a_we_o = 1'b1;
        a_addr_o = waddr(2'd2, box_of(fixr_q, fixc_q, muln_i));
        a_wdata_o = with_lane(boxword, lane_in_box(fixr_q, fixc_q, muln_i), fixv_q);
        f_ma_en = 1'b1;
        f_ma_we = 1'b1;
        f_ma_addr = maddr(oth[9:8], oth[7:0]);
        f_ma_wdata = mb_rdata & ~bitv;
        if (ui_q == 3'd0) state_o = StHScan; // re-issue the next cell
        else if (|single_q) state_o = StHFixSel;
        else rdone = 1'b1;
      end

      // The comparator: P combinations per cycle, in lexicographic order.
      StHComb: begin
        c = comb_q;
        valid = cv_q;
        for (p = 0; p < P; p = p + 1) begin
          if (valid && !found) begin
            u = {M{1'b0}};
            for (t = 0; t < 4; t = t + 1)
              if (t < {29'd0, ui_q}) u = u | pos_of(pos_q, c[8*t +: 8]);
            if (popcnt(u) <= {5'd0, ui_q}) begin
              found = 1'b1;
              hc = c;
              hu = u;
            end else begin
              nx = comb_next(c, ui_q, lm_q);
              c = nx[31:0];
              valid = nx[32];
            end
          end
        end
        if (found) begin
          if (popcnt(hu) < {5'd0, ui_q}) begin
            fail_o = 1'b1; // k values with fewer than k places
          end else begin
            comb_d = hc;
            rem_d = hu;
            keep_d = {M{1'b0}};
            for (t = 0; t < 4; t = t + 1)
              if (t < {29'd0, ui_q}) keep_d = keep_d | onehot(hc[8*t +: 8]);
            rcnt_d = 3'd0;
            state_o = StHRemove;
          end
        end else begin
          comb_d = c;
          cv_d = valid;
          if (!valid) rdone = 1'b1;
        end
      end

      // Removals: one cell of the hit per cycle (its candidates outside the
      // k values leave CandMem and the position registers), then one cycle
      // before the comparator resumes after the hit.
      StHRemove: begin
        if (rcnt_q < ui_q) begin
          at = lowest(rem_q);
          rem_d = rem_q & ~onehot(at);
          rc = cell_of(rt_q, ri_q, at, muln_i);
          cj = cell_pos(pos_q, at);
          removed = cj & ~keep_q;
          if (|removed) prem_d = 1'b1;
          pos_d = with_pos(pos_q, at, cj & keep_q);
          f_cm_en = 1'b1;
          f_cm_we = 1'b1;
          f_cm_addr = caddr(rc[15:8], rc[7:0]);
          f_cm_wdata = cj & keep_q;
          rcnt_d = rcnt_q + 3'd1;
        end else begin
          nx = comb_next(comb_q, ui_q, lm_q);
          comb_d = nx[31:0];
          cv_d = nx[32];
          state_o = StHComb;
        end
      end

      default: ;
    endcase

    // The region is done: the next one, or the end of the pass (single
    // scans the rows only).
    if (rdone) begin
      if (ri_q + 8'd1 == size_i) begin
        ri_d = 8'd0;
        rt_d = rt_q + 2'd1;
        state_o = (ui_q == 3'd0 || rt_q == 2'd2) ? StHPass : StHRegion;
      end else begin
        ri_d = ri_q + 8'd1;
        state_o = StHRegion;
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ui_q <= 3'd0; started_q <= 1'b0; pfix_q <= 1'b0; prem_q <= 1'b0;
      rt_q <= 2'd0; ri_q <= 8'd0; first_q <= 1'b0; issue_q <= 8'd0;
      pendv_q <= 1'b0; pend_q <= 8'd0; rfill_q <= {M{1'b0}}; rmiss_q <= {M{1'b0}}; rword_q <= {W{1'b0}};
      once_q <= {M{1'b0}}; twice_q <= {M{1'b0}}; single_q <= {M{1'b0}}; pos_q <= PosZero;
      fixj_q <= 8'd0; fixv_q <= 8'd0; fixr_q <= 8'd0; fixc_q <= 8'd0;
      cnt_q <= {(3 * M){1'b0}}; lm_q <= {M{1'b0}}; comb_q <= 32'd0; cv_q <= 1'b0;
      keep_q <= {M{1'b0}}; rem_q <= {M{1'b0}}; rcnt_q <= 3'd0;
    end else begin
      ui_q <= ui_d; started_q <= started_d; pfix_q <= pfix_d; prem_q <= prem_d;
      rt_q <= rt_d; ri_q <= ri_d; first_q <= first_d; issue_q <= issue_d;
      pendv_q <= pendv_d; pend_q <= pend_d; rfill_q <= rfill_d; rmiss_q <= rmiss_d; rword_q <= rword_d;
      once_q <= once_d; twice_q <= twice_d; single_q <= single_d; pos_q <= pos_d;
      fixj_q <= fixj_d; fixv_q <= fixv_d; fixr_q <= fixr_d; fixc_q <= fixc_d;
      cnt_q <= cnt_d; lm_q <= lm_d; comb_q <= comb_d; cv_q <= cv_d;
      keep_q <= keep_d; rem_q <= rem_d; rcnt_q <= rcnt_d;
    end
  end
endmodule
