// miss_mem: MissMem of docs/microarchitecture.md §10, one word of M bits per
// region (rows at 0..M-1, columns at M.., boxes at 2M..): the values not
// yet placed in it. True-dual-port block RAM template in "no change" mode,
// like grid_mem: the scan reads a cell's two other regions on ports A and
// B in one cycle; a fix writes the three words of its cell over two cycles.
module miss_mem #(
  parameter integer Words = 27,
  parameter integer Width = 9,
  parameter integer AddrW = 5
) (
  input  wire             clk_i,
  input  wire             a_en_i,
  input  wire             a_we_i,
  input  wire [AddrW-1:0] a_addr_i,
  input  wire [Width-1:0] a_wdata_i,
  output reg  [Width-1:0] a_rdata_o,
  input  wire             b_en_i,
  input  wire             b_we_i,
  input  wire [AddrW-1:0] b_addr_i,
  input  wire [Width-1:0] b_wdata_i,
  output reg  [Width-1:0] b_rdata_o
);
  // Block RAM whatever the size: the resource model counts RAMB16s from
  // bram.Map, and a small memory left to the tool would become LUT RAM.
  (* ram_style = "block" *)
  reg [Width-1:0] mem [0:Words-1];

`ifndef SYNTHESIS
  integer w;
  initial begin
    for (w = 0; w < Words; w = w + 1) mem[w] = {Width{1'b0}};
    a_rdata_o = {Width{1'b0}};
    b_rdata_o = {Width{1'b0}};
  end
`endif

  always @(posedge clk_i) begin
    if (a_en_i) begin
      if (a_we_i) mem[a_addr_i] <= a_wdata_i;
      else        a_rdata_o <= mem[a_addr_i];
    end
  end

  always @(posedge clk_i) begin
    if (b_en_i) begin
      if (b_we_i) mem[b_addr_i] <= b_wdata_i;
      else        b_rdata_o <= mem[b_addr_i];
    end
  end
endmodule
