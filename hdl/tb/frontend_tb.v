// frontend_tb: co-simulation testbench of the serial front end (uart_rx,
// uart_tx, frame_decoder) for hdl/frontend_test.go. Not synthesised.
//
// +stim=FILE holds the inputs, one line per run of cycles:
//   N RXD TX_VALID TX_DATA DEC_VALID DEC_DATA   (decimal)
// meaning "these inputs for N cycles". With +chain=1 the decoder takes the
// receiver's strobe and byte instead of DEC_VALID/DEC_DATA, as in the
// processor. +out=FILE gets one line per cycle in which any output differs
// from the cycle before (and for cycle 0), outputs sampled after the inputs
// of the cycle are applied and before its clock edge:
//   CYCLE RX_VALID RX_DATA RX_FERR TXD TX_READY TX_BUSY TX_DATA
//         DEC_MODE DEC_EVENT DEC_STATUS DEC_ORDER DEC_CELL DEC_INDEX
// Built with -DFE_VCD (Icarus), +vcd=FILE dumps every signal for GTKWave.
module frontend_tb #(
  parameter integer ClksPerBit  = 4,
  parameter integer MaxOrder    = 4,
  parameter integer TimeoutBits = 10
);
  localparam integer IndexW = $clog2(MaxOrder * MaxOrder * MaxOrder * MaxOrder);

  reg       clk = 1'b0;
  reg       rst_n = 1'b1;
  reg       rxd = 1'b1;
  reg       tx_valid = 1'b0;
  reg [7:0] tx_data = 8'd0;
  reg       in_valid = 1'b0;
  reg [7:0] in_data = 8'd0;
  reg       chain = 1'b0;

  wire              rx_valid, rx_ferr, tx_ready, txd, tx_busy;
  wire [7:0]        rx_data, tx_byte, dec_cell;
  wire [1:0]        dec_mode;
  wire [2:0]        dec_event, dec_status;
  wire [3:0]        dec_order;
  wire [7:0]        dec_row, dec_col;
  // The Event's row-major index, formed here from the decoder's row and
  // column (simulation only).
  wire [31:0]       dec_index32 = {24'd0, dec_row} * {28'd0, dec_order} * {28'd0, dec_order} + {24'd0, dec_col};
  wire [IndexW-1:0] dec_index = dec_index32[IndexW-1:0];

  uart_rx #(.ClksPerBit(ClksPerBit)) u_rx (
    .clk_i(clk), .rst_ni(rst_n), .rxd_i(rxd),
    .valid_o(rx_valid), .data_o(rx_data), .framing_error_o(rx_ferr)
  );
  uart_tx #(.ClksPerBit(ClksPerBit)) u_tx (
    .clk_i(clk), .rst_ni(rst_n), .valid_i(tx_valid), .data_i(tx_data),
    .ready_o(tx_ready), .txd_o(txd), .busy_o(tx_busy), .data_o(tx_byte)
  );
  frame_decoder #(.ClksPerBit(ClksPerBit), .MaxOrder(MaxOrder), .TimeoutBits(TimeoutBits)) u_dec (
    .clk_i(clk), .rst_ni(rst_n),
    .valid_i(chain ? rx_valid : in_valid), .data_i(chain ? rx_data : in_data),
    .mode_o(dec_mode), .event_o(dec_event), .status_o(dec_status),
    .order_o(dec_order), .cell_o(dec_cell),
    .row_o(dec_row), .col_o(dec_col)
  );

  reg [8*512-1:0] stim_path, out_path, vcd_path;
  integer fin, fout, r, n, i, cycle, chain_arg;
  integer v_rxd, v_txv, v_txd, v_inv, v_ind;
  reg [40+IndexW:0] outs, prev;  // every output, to spot a change

  initial begin
    if (!$value$plusargs("stim=%s", stim_path) || !$value$plusargs("out=%s", out_path)) begin
      $display("frontend_tb: need +stim=FILE and +out=FILE");
      $finish;
    end
`ifdef FE_VCD
    if ($value$plusargs("vcd=%s", vcd_path)) begin
      $dumpfile(vcd_path);
      $dumpvars(0, frontend_tb);
    end
`endif
    chain_arg = 0;
    if ($value$plusargs("chain=%d", chain_arg)) begin
      chain = (chain_arg != 0);
    end
    fin = $fopen(stim_path, "r");
    fout = $fopen(out_path, "w");
    if (fin == 0 || fout == 0) begin
      $display("frontend_tb: cannot open the stimulus or the output file");
      $finish;
    end
    // A reset pulse (an edge on rst_n: a register's initial value is not one
    // under Verilator).
    #1 rst_n = 1'b0;
    #1 rst_n = 1'b1;
    cycle = 0;
    prev = {(41 + IndexW){1'b0}};
    r = $fscanf(fin, "%d %d %d %d %d %d\n", n, v_rxd, v_txv, v_txd, v_inv, v_ind);
    while (r == 6) begin
      rxd = (v_rxd != 0);
      tx_valid = (v_txv != 0);
      tx_data = v_txd[7:0];
      in_valid = (v_inv != 0);
      in_data = v_ind[7:0];
      for (i = 0; i < n; i = i + 1) begin
        #1;
        outs = {rx_valid, rx_data, rx_ferr, txd, tx_ready, tx_busy, tx_byte,
                dec_mode, dec_event, dec_status, dec_order, dec_cell, dec_index};
        if (cycle == 0 || outs != prev) begin
          $fdisplay(fout, "%0d %0d %0d %0d %0d %0d %0d %0d %0d %0d %0d %0d %0d %0d", cycle,
                    rx_valid, rx_data, rx_ferr, txd, tx_ready, tx_busy, tx_byte,
                    dec_mode, dec_event, dec_status, dec_order, dec_cell, dec_index);
        end
        prev = outs;
        #1 clk = 1'b1;
        #1 clk = 1'b0;
        cycle = cycle + 1;
      end
      r = $fscanf(fin, "%d %d %d %d %d %d\n", n, v_rxd, v_txv, v_txd, v_inv, v_ind);
    end
    $fdisplay(fout, "end %0d", cycle);
    $fclose(fout);
    $finish;
  end
endmodule
