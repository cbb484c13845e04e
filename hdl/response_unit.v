// response_unit: the ResponseUnit of docs/microarchitecture.md §7, cycle for
// cycle the tx part of the Go Core (rtl/bnb/frontend.go: finish, stepTx,
// replyByte). It offers the answer to uart_tx one byte at a time: the header
// A5 3C 5A C3, then for a solution the checksum register, S and the S*S
// cells read lane by lane from the row layout, or for an error reply 00, 00
// and the status byte (docs/protocol.md).
//
// start_i (one cycle, the Core's finish) puts the first byte on offer from
// the next cycle. A byte is taken in a cycle where tx_valid_o and tx_ready_i
// are both high; the next one is on offer from the next cycle. When the
// next byte is the first cell of a row, the unit reads that row word on
// port A (rd_en_o, rd_row_o) in the taking cycle; while a cell is on offer,
// lane_o names its lane and lane_data_i must be that lane of port A's read
// data (held while the port is idle): the Core's LaneExtract, shared with
// the search as the structural estimate (rtl/area) assumes — a lane mux of
// its own would be a 225:1 × 8-bit multiplexer at MaxOrder 15. last_o is
// high in the cycle the last byte is taken; then the Core waits for the
// transmitter to finish (DRAIN).
// reply_i, chk_i and size_i are the Core's registers, stable while the
// answer goes out. tx_data_o is 0 while nothing is on offer, as in the Go
// model.
module response_unit (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       start_i,
  input  wire [7:0] reply_i,
  input  wire [7:0] chk_i,
  input  wire [7:0] size_i,
  input  wire [7:0] lane_data_i,
  input  wire       tx_ready_i,
  output wire       tx_valid_o,
  output wire [7:0] tx_data_o,
  output wire       rd_en_o,
  output wire [7:0] rd_row_o,
  output wire [7:0] lane_o,
  output wire       last_o
);
  reg       valid_q, valid_d;  // a byte is on offer
  reg [7:0] byte_q, byte_d;    // the byte on offer when it is not a cell
  reg [2:0] idx_q, idx_d;      // header and head bytes 0..5; 6: status byte or cells
  reg       cell_q, cell_d;    // the byte on offer is cell (row_q, lane_q)
  reg [7:0] row_q, row_d;
  reg [7:0] lane_q, lane_d;
  reg       rd_en, last;
  reg [7:0] rd_row;

  wire       taken = valid_q && tx_ready_i;
  wire       error = (reply_i != 8'd0);
  wire [7:0] size_m1 = size_i - 8'd1;

  always @* begin
    valid_d = valid_q;
    byte_d  = byte_q;
    idx_d   = idx_q;
    cell_d  = cell_q;
    row_d   = row_q;
    lane_d  = lane_q;
    rd_en   = 1'b0;
    rd_row  = 8'd0;
    last    = 1'b0;
    if (start_i) begin
      valid_d = 1'b1;
      byte_d  = 8'hA5;
      idx_d   = 3'd0;
      cell_d  = 1'b0;
    end else if (taken) begin
      if ((error && idx_q == 3'd6) || (cell_q && row_q == size_m1 && lane_q == size_m1)) begin
        last    = 1'b1;
        valid_d = 1'b0;
        byte_d  = 8'd0;
        cell_d  = 1'b0;
      end else begin
        case (idx_q)
          3'd0: begin
            byte_d = 8'h3C;
            idx_d  = 3'd1;
          end
          3'd1: begin
            byte_d = 8'h5A;
            idx_d  = 3'd2;
          end
          3'd2: begin
            byte_d = 8'hC3;
            idx_d  = 3'd3;
          end
          3'd3: begin
            byte_d = error ? 8'd0 : chk_i;
            idx_d  = 3'd4;
          end
          3'd4: begin
            byte_d = error ? 8'd0 : size_i;
            idx_d  = 3'd5;
          end
          3'd5: begin
            idx_d = 3'd6;
            if (error) begin
              byte_d = reply_i;
            end else begin  // the first cell: row 0, lane 0
              byte_d = 8'd0;
              cell_d = 1'b1;
              row_d  = 8'd0;
              lane_d = 8'd0;
              rd_en  = 1'b1;
            end
          end
          default: begin  // the next cell
            if (lane_q == size_m1) begin
              lane_d = 8'd0;
              row_d  = row_q + 8'd1;
              rd_en  = 1'b1;
              rd_row = row_q + 8'd1;
            end else begin
              lane_d = lane_q + 8'd1;
            end
          end
        endcase
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      byte_q  <= 8'd0;
      idx_q   <= 3'd0;
      cell_q  <= 1'b0;
      row_q   <= 8'd0;
      lane_q  <= 8'd0;
    end else begin
      valid_q <= valid_d;
      byte_q  <= byte_d;
      idx_q   <= idx_d;
      cell_q  <= cell_d;
      row_q   <= row_d;
      lane_q  <= lane_d;
    end
  end

  assign tx_valid_o = valid_q;
  assign tx_data_o  = cell_q ? lane_data_i : byte_q;
  assign rd_en_o    = rd_en;
  assign rd_row_o   = rd_row;
  assign lane_o     = lane_q;
  assign last_o     = last;
endmodule
