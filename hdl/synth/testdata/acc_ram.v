// Test design for package synth: an accumulator (carry chain and
// flip-flops) instantiated twice under a top with a 512 x 36 block RAM.
module acc #(
  parameter Width = 8
) (
  input              clk_i,
  input  [Width-1:0] a_i,
  output [Width-1:0] q_o
);
  reg [Width-1:0] q_q;
  always @(posedge clk_i) q_q <= q_q + a_i;
  assign q_o = q_q;
endmodule

module acc_ram #(
  parameter Width = 8
) (
  input              clk_i,
  input              we_i,
  input  [8:0]       addr_i,
  input  [35:0]      d_i,
  output [35:0]      q_o,
  input  [Width-1:0] a_i,
  output [Width-1:0] s_o,
  output [Width-1:0] t_o
);
  reg [35:0] mem_q [0:511];
  reg [35:0] rd_q;
  always @(posedge clk_i) begin
    if (we_i) mem_q[addr_i] <= d_i;
    rd_q <= mem_q[addr_i];
  end
  assign q_o = rd_q;
  acc #(.Width(Width)) u_acc0 (.clk_i(clk_i), .a_i(a_i), .q_o(s_o));
  acc #(.Width(Width)) u_acc1 (.clk_i(clk_i), .a_i(~a_i), .q_o(t_o));
endmodule
