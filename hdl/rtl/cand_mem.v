// cand_mem: CandMem of docs/microarchitecture.md §10, one word of M bits per
// cell (row r, column c at address r*M + c): the candidates the heuristic
// rules left. Single-port block RAM template in "no change" mode, like
// grid_mem: the loader writes it in L_ROW, the region front end reads one
// cell per cycle in H_SCAN, a fix and a hidden subset's removals write it,
// and the search's READ1 reads the cell's word for the evaluator.
module cand_mem #(
  parameter integer Words = 81,
  parameter integer Width = 9,
  parameter integer AddrW = 7
) (
  input  wire             clk_i,
  input  wire             en_i,
  input  wire             we_i,
  input  wire [AddrW-1:0] addr_i,
  input  wire [Width-1:0] wdata_i,
  output reg  [Width-1:0] rdata_o
);
  // Block RAM whatever the size: the resource model counts RAMB16s from
  // bram.Map, and a small memory left to the tool would become LUT RAM.
  (* ram_style = "block" *)
  reg [Width-1:0] mem [0:Words-1];

`ifndef SYNTHESIS
  integer w;
  initial begin
    for (w = 0; w < Words; w = w + 1) mem[w] = {Width{1'b0}};
    rdata_o = {Width{1'b0}};
  end
`endif

  always @(posedge clk_i) begin
    if (en_i) begin
      if (we_i) mem[addr_i] <= wdata_i;
      else      rdata_o <= mem[addr_i];
    end
  end
endmodule
