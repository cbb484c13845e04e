// evaluator: the Evaluator of docs/microarchitecture.md §1 and §5. Tests
// the K candidates base+1 .. base+K (capped at the puzzle size) against
// every enabled lane of the registered column, row and box words in one
// cycle: per lane one subtractor forms d = lane - (base+1), and candidate d
// is taken when d < K (a decode of d per lane); a priority encoder picks the
// lowest free candidate. Lanes at or above size_i are disabled.
module evaluator #(
  parameter integer MaxOrder = 3,
  parameter integer K        = 1
) (
  input  wire [8*MaxOrder*MaxOrder-1:0] col_i,
  input  wire [8*MaxOrder*MaxOrder-1:0] row_i,
  input  wire [8*MaxOrder*MaxOrder-1:0] box_i,
  input  wire                           en_i,
  input  wire [7:0]                     size_i,
  input  wire [7:0]                     base_i,
  output reg                            found_o,
  output reg  [7:0]                     cand_o,
  output reg                            exhausted_o
);
  localparam integer M = MaxOrder * MaxOrder;
  localparam [8:0]   K9 = K[8:0];
  localparam [K-1:0] OneK = 1;

  reg [K-1:0] taken;
  reg [K-1:0] free;
  reg [8:0]   d;
  reg [8:0]   lim;
  reg [7:0]   lane;
  integer j;
  integer i;

  function automatic [K-1:0] cand_bit;
    input [8:0] dd;
    begin
      cand_bit = OneK << dd;
    end
  endfunction

  // One lane through the subtractor and the candidate decode.
  task automatic decode_lane;
    input [7:0] value;
    begin
      d = {1'b0, value} - {1'b0, base_i} - 9'd1;
      // The decode of d: a shift puts candidate d's bit in place, and a d
      // of K or more falls off the K candidates.
      if (value > base_i) taken = taken | cand_bit(d);
    end
  endtask

  always @* begin
    taken = {K{1'b0}};
    d = 9'd0;
    lane = 8'd0;
    // Only EVAL cycles use the result: skip the lanes elsewhere (no change
    // to the logic, fewer evaluations in simulation).
    for (j = 0; j < M; j = j + 1) begin
      if (en_i && j < size_i) begin
        lane = col_i[8*j +: 8];
        decode_lane(lane);
        lane = row_i[8*j +: 8];
        decode_lane(lane);
        lane = box_i[8*j +: 8];
        decode_lane(lane);
      end
    end
    // Candidates above the puzzle size do not exist.
    lim = (size_i > base_i) ? ({1'b0, size_i} - {1'b0, base_i}) : 9'd0;
    if (lim > K9) lim = K9;
    for (i = 0; i < K; i = i + 1) free[i] = !taken[i] && (i < lim);
    found_o = 1'b0;
    cand_o = 8'd0;
    for (i = K - 1; i >= 0; i = i - 1) begin
      if (free[i]) begin
        found_o = 1'b1;
        cand_o = base_i + 8'd1 + i[7:0];
      end
    end
    exhausted_o = !found_o && ({1'b0, base_i} + K9 >= {1'b0, size_i});
  end
endmodule
