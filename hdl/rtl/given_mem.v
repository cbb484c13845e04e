// given_mem: GivenMem of docs/microarchitecture.md §1, one word of Width
// bits per row, bit c set when cell (r, c) is a given. Single-port block RAM
// template, "no change" mode like grid_mem: the controller's priority
// encoders read the latched word for as many cycles as they need it.
module given_mem #(
  parameter integer Words = 9,
  parameter integer Width = 9,
  parameter integer AddrW = 4
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
  reg [8*512-1:0] init_path;
  integer w;
  initial begin
    for (w = 0; w < Words; w = w + 1) mem[w] = {Width{1'b0}};
    rdata_o = {Width{1'b0}};
    if ($value$plusargs("given_init=%s", init_path)) $readmemh(init_path, mem);
  end
`endif

  always @(posedge clk_i) begin
    if (en_i) begin
      if (we_i) mem[addr_i] <= wdata_i;
      else      rdata_o <= mem[addr_i];
    end
  end
endmodule
