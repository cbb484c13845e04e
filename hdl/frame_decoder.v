// frame_decoder: the FPT'09 input-frame codec, cycle for cycle the Go
// uart.FrameDecoder (uart/decoder.go; docs/protocol.md "How the processor
// reads frames", docs/microarchitecture.md §3, docs/hdl.md).
//
// It takes a byte in each cycle valid_i is high (the receiver's one-cycle
// strobe), hunts for the header A5 3C 5A C3, reads the size byte, the N^4
// cells and the checksum byte, and reports one event per byte, registered,
// one cycle after it (event_o, with status_o, order_o, cell_o, row_o,
// col_o; all of them 0 in a cycle without an event):
//
//   EvStart after a size byte n*n with 2 <= n <= MaxOrder (order_o = n);
//     any other size byte: EvDone with StatBadSize, and back to hunting;
//   EvCell for each cell of value 0..n*n (row_o and col_o its row and
//     column, cell_o the value, order_o = n); a larger value is not
//     reported and marks the frame;
//   EvDone after the checksum byte: StatBadCell, StatBadChecksum or StatOk;
//   EvDone with StatCut when TimeoutCycles pass without a byte after a
//     complete header (header only: order_o = 0); a partial header is dropped.
//
// The hunt falls back to 1 on A5 (exact for this header). A size byte A5
// restarts the match and marks the header just matched as a stray copy
// (stray_q): answered with StatBadSize only if the new match breaks or times
// out. The checksum is accumulated as cells pass (+ on even r+c, - on odd).
//
// Port names are the Go block's traced signals (mode, event, status, cell);
// order_o is the Event's Order field. The Event's Index (row-major) is
// row_o·n² + col_o: the decoder keeps the row and column counters anyway,
// and the row assembler needs the row and the lane, so they are the port
// (no cell-index counter and no divider; the test bench forms the index
// from them for the comparison with the Go block). The Go block's frame
// count is bookkeeping of the model, not a register here.
module frame_decoder #(
  parameter integer ClksPerBit  = 868,  // baud divisor D
  parameter integer MaxOrder    = 15,   // largest order accepted, 2..15
  parameter integer TimeoutBits = 40    // inter-byte timeout in bit times; 0: none
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire              valid_i,
  input  wire [7:0]        data_i,
  output wire [1:0]        mode_o,
  output wire [2:0]        event_o,
  output wire [2:0]        status_o,
  output wire [3:0]        order_o,
  output wire [7:0]        cell_o,
  output wire [7:0]        row_o,
  output wire [7:0]        col_o
);
  localparam integer TimeoutCycles = TimeoutBits * ClksPerBit;
  localparam integer TimeW = $clog2(TimeoutCycles + 2);
  localparam [TimeW-1:0] TimeLoad = TimeoutCycles[TimeW-1:0];
  localparam [TimeW-1:0] TimeZero = {TimeW{1'b0}};
  localparam [TimeW-1:0] TimeOne = {{(TimeW - 1){1'b0}}, 1'b1};

  // mode_q: the Go block's decHunt, decSize, decCells, decSum.
  localparam [1:0] ModeHunt  = 2'd0;
  localparam [1:0] ModeSize  = 2'd1;
  localparam [1:0] ModeCells = 2'd2;
  localparam [1:0] ModeSum   = 2'd3;

  // event_o: uart.EventKind.
  localparam [2:0] EvNone  = 3'd0;
  localparam [2:0] EvStart = 3'd1;
  localparam [2:0] EvCell  = 3'd2;
  localparam [2:0] EvDone  = 3'd3;

  // status_o: uart.Status (docs/protocol.md).
  localparam [2:0] StatOk          = 3'd0;
  localparam [2:0] StatBadChecksum = 3'd1;
  localparam [2:0] StatBadSize     = 3'd2;
  localparam [2:0] StatBadCell     = 3'd3;
  localparam [2:0] StatCut         = 3'd6;

  localparam [7:0] Head0 = 8'hA5;

  reg [1:0]        mode_q, mode_d;
  reg [1:0]        matched_q, matched_d;  // header bytes matched while hunting
  reg              stray_q, stray_d;      // a header was followed by A5: matching again
  reg [3:0]        order_q, order_d;
  reg [7:0]        size_q, size_d;        // n*n
  reg [7:0]        row_q, row_d;
  reg [7:0]        col_q, col_d;
  reg              bad_q, bad_d;          // a cell above n*n was seen
  reg [7:0]        sum_q, sum_d;
  reg [TimeW-1:0]  wait_q, wait_d;        // cycles left before the timeout fires
  // The event register.
  reg [2:0]        ev_q, ev_d;
  reg [2:0]        status_q, status_d;
  reg [3:0]        ev_order_q, ev_order_d;
  reg [7:0]        cell_q, cell_d;
  reg [7:0]        ev_row_q, ev_row_d, ev_col_q, ev_col_d;

  // Header byte i.
  function [7:0] header_byte(input [1:0] i);
    begin
      case (i)
        2'd0:    header_byte = 8'hA5;
        2'd1:    header_byte = 8'h3C;
        2'd2:    header_byte = 8'h5A;
        default: header_byte = 8'hC3;
      endcase
    end
  endfunction

  // n when size = n*n with 2 <= n <= MaxOrder, else 0.
  function [3:0] order_of_size(input [7:0] size);
    integer n;
    begin
      order_of_size = 4'd0;
      for (n = 2; n <= MaxOrder; n = n + 1) begin
        if ({24'd0, size} == n * n) begin
          order_of_size = n[3:0];
        end
      end
    end
  endfunction

  wire [3:0] size_order = order_of_size(data_i);

  always @* begin
    mode_d     = mode_q;
    matched_d  = matched_q;
    stray_d    = stray_q;
    order_d    = order_q;
    size_d     = size_q;
    row_d      = row_q;
    col_d      = col_q;
    bad_d      = bad_q;
    sum_d      = sum_q;
    wait_d     = wait_q;
    ev_d       = EvNone;
    status_d   = StatOk;
    ev_order_d = 4'd0;
    cell_d     = 8'd0;
    ev_row_d   = 8'd0;
    ev_col_d   = 8'd0;
    if (!valid_i) begin
      if (wait_q != TimeZero) begin
        wait_d = wait_q - TimeOne;
        if (wait_q == TimeOne) begin  // the timeout fires
          case (mode_q)
            ModeHunt: begin
              if (stray_q) begin  // a header with size byte A5, then no header
                ev_d     = EvDone;
                status_d = StatBadSize;
              end
            end
            ModeSize: begin  // header only
              ev_d     = EvDone;
              status_d = StatCut;
            end
            default: begin  // cut after the size byte
              ev_d       = EvDone;
              status_d   = StatCut;
              ev_order_d = order_q;
            end
          endcase
          mode_d    = ModeHunt;
          matched_d = 2'd0;
          stray_d   = 1'b0;
        end
      end
    end else begin
      wait_d = TimeLoad;
      case (mode_q)
        ModeHunt: begin
          if (data_i == header_byte(matched_q)) begin
            if (matched_q == 2'd3) begin
              mode_d    = ModeSize;
              matched_d = 2'd0;
              stray_d   = 1'b0;
            end else begin
              matched_d = matched_q + 2'd1;
            end
          end else if (data_i == Head0) begin
            matched_d = 2'd1;
          end else begin
            matched_d = 2'd0;
          end
          if (mode_d == ModeHunt && matched_d == 2'd0) begin
            wait_d = TimeZero;
            if (stray_q) begin  // the header before was a frame with size byte A5
              ev_d     = EvDone;
              status_d = StatBadSize;
              stray_d  = 1'b0;
            end
          end
        end
        ModeSize: begin
          if (data_i == Head0) begin  // the header just matched was a stray copy
            mode_d    = ModeHunt;
            matched_d = 2'd1;
            stray_d   = 1'b1;
          end else if (size_order == 4'd0) begin
            ev_d     = EvDone;
            status_d = StatBadSize;
            mode_d   = ModeHunt;
            wait_d   = TimeZero;
          end else begin
            mode_d     = ModeCells;
            order_d    = size_order;
            size_d     = data_i;
            row_d      = 8'd0;
            col_d      = 8'd0;
            bad_d      = 1'b0;
            sum_d      = 8'd0;
            ev_d       = EvStart;
            ev_order_d = size_order;
          end
        end
        ModeCells: begin
          if (data_i > size_q) begin
            bad_d = 1'b1;
          end else begin
            ev_d       = EvCell;
            ev_order_d = order_q;
            ev_row_d   = row_q;
            ev_col_d   = col_q;
            cell_d     = data_i;
          end
          if (row_q[0] == col_q[0]) begin
            sum_d = sum_q + data_i;
          end else begin
            sum_d = sum_q - data_i;
          end
          if (col_q + 8'd1 == size_q) begin
            col_d = 8'd0;
            row_d = row_q + 8'd1;
            if (row_q + 8'd1 == size_q) begin  // the last cell
              mode_d = ModeSum;
            end
          end else begin
            col_d = col_q + 8'd1;
          end
        end
        default: begin  // ModeSum: the checksum byte
          ev_d       = EvDone;
          ev_order_d = order_q;
          if (bad_q) begin
            status_d = StatBadCell;
          end else if (data_i != sum_q) begin
            status_d = StatBadChecksum;
          end else begin
            status_d = StatOk;
          end
          mode_d = ModeHunt;
          wait_d = TimeZero;
        end
      endcase
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mode_q     <= ModeHunt;
      matched_q  <= 2'd0;
      stray_q    <= 1'b0;
      order_q    <= 4'd0;
      size_q     <= 8'd0;
      row_q      <= 8'd0;
      col_q      <= 8'd0;
      bad_q      <= 1'b0;
      sum_q      <= 8'd0;
      wait_q     <= TimeZero;
      ev_q       <= EvNone;
      status_q   <= StatOk;
      ev_order_q <= 4'd0;
      cell_q     <= 8'd0;
      ev_row_q   <= 8'd0;
      ev_col_q   <= 8'd0;
    end else begin
      mode_q     <= mode_d;
      matched_q  <= matched_d;
      stray_q    <= stray_d;
      order_q    <= order_d;
      size_q     <= size_d;
      row_q      <= row_d;
      col_q      <= col_d;
      bad_q      <= bad_d;
      sum_q      <= sum_d;
      wait_q     <= wait_d;
      ev_q       <= ev_d;
      status_q   <= status_d;
      ev_order_q <= ev_order_d;
      cell_q     <= cell_d;
      ev_row_q   <= ev_row_d;
      ev_col_q   <= ev_col_d;
    end
  end

  assign mode_o   = mode_q;
  assign event_o  = ev_q;
  assign status_o = status_q;
  assign order_o  = ev_order_q;
  assign cell_o   = cell_q;
  assign row_o    = ev_row_q;
  assign col_o    = ev_col_q;
endmodule
