// grid_mem: GridMem of docs/microarchitecture.md §1, the grid kept three
// times (rows, columns, boxes) in one true-dual-port memory of Words words
// of Width bits. Written in the inference template of a true-dual-port
// block RAM in "no change" mode: a port that writes keeps its read data, a
// port that reads shows the addressed word from the next cycle on, a port
// that is not enabled holds its output. No byte enables: a lane write
// rewrites the whole word (docs/microarchitecture.md §1, Virtex-II Pro).
module grid_mem #(
  parameter integer Words = 27,
  parameter integer Width = 72,
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
  // The direct link (docs/microarchitecture.md §2): the host's row words
  // arrive as the memory's initial contents, as a BRAM initialisation would.
  reg [8*512-1:0] init_path;
  integer w;
  initial begin
    for (w = 0; w < Words; w = w + 1) mem[w] = {Width{1'b0}};
    a_rdata_o = {Width{1'b0}};
    b_rdata_o = {Width{1'b0}};
    if ($value$plusargs("grid_init=%s", init_path)) $readmemh(init_path, mem);
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
