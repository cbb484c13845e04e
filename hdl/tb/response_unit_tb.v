// response_unit_tb: co-simulation testbench of response_unit with uart_tx,
// a row-word memory (port A of GridMem's row layout) and its lane select for
// hdl/response_unit_test.go. Not synthesised.
//
// +rows=FILE: the row words, $readmemh format (word r = row r, lane j in bits
// 8j+7..8j). +stim=FILE: one line per run of cycles,
//   N START REPLY CHK SIZE   (decimal): these inputs for N cycles.
// +out=FILE gets one line per cycle, outputs sampled after the inputs are
// applied and before the clock edge:
//   CYCLE TX_VALID TX_DATA TXD TX_READY TX_BUSY LAST RD_EN RD_ROW
module response_unit_tb #(
  parameter integer ClksPerBit = 4,
  parameter integer MaxOrder   = 3
);
  localparam integer M = MaxOrder * MaxOrder;

  reg       clk = 1'b0;
  reg       rst_n = 1'b1;
  reg       start = 1'b0;
  reg [7:0] reply = 8'd0, chk = 8'd0, size = 8'd0;

  wire         tx_valid, tx_ready, txd, tx_busy, last, rd_en;
  wire [7:0]   tx_data, tx_byte, rd_row, lane;
  reg  [8*M-1:0] rows [0:M-1];
  reg  [8*M-1:0] row_word;

  response_unit u_ru (
    .clk_i(clk), .rst_ni(rst_n), .start_i(start), .reply_i(reply), .chk_i(chk), .size_i(size),
    .lane_data_i(row_word[8*lane +: 8]), .tx_ready_i(tx_ready), .tx_valid_o(tx_valid),
    .tx_data_o(tx_data), .rd_en_o(rd_en), .rd_row_o(rd_row), .lane_o(lane), .last_o(last)
  );
  uart_tx #(.ClksPerBit(ClksPerBit)) u_tx (
    .clk_i(clk), .rst_ni(rst_n), .valid_i(tx_valid), .data_i(tx_data),
    .ready_o(tx_ready), .txd_o(txd), .busy_o(tx_busy), .data_o(tx_byte)
  );

  // Port A of the row layout: a read shows the word from the next cycle on
  // and holds it while the port is idle.
  always @(posedge clk) begin
    if (rd_en) row_word <= rows[rd_row];
  end

  reg [8*512-1:0] stim_path, out_path, rows_path;
  integer fin, fout, r, n, i, cycle, v_start, v_reply, v_chk, v_size;

  initial begin
    if (!$value$plusargs("stim=%s", stim_path) || !$value$plusargs("out=%s", out_path) ||
        !$value$plusargs("rows=%s", rows_path)) begin
      $display("response_unit_tb: need +stim=FILE, +out=FILE and +rows=FILE");
      $finish;
    end
    for (i = 0; i < M; i = i + 1) rows[i] = {8*M{1'b0}};
    row_word = {8*M{1'b0}};
    $readmemh(rows_path, rows);
    fin = $fopen(stim_path, "r");
    fout = $fopen(out_path, "w");
    if (fin == 0 || fout == 0) begin
      $display("response_unit_tb: cannot open the stimulus or the output file");
      $finish;
    end
    #1 rst_n = 1'b0;
    #1 rst_n = 1'b1;
    cycle = 0;
    r = $fscanf(fin, "%d %d %d %d %d\n", n, v_start, v_reply, v_chk, v_size);
    while (r == 5) begin
      start = (v_start != 0);
      reply = v_reply[7:0];
      chk = v_chk[7:0];
      size = v_size[7:0];
      for (i = 0; i < n; i = i + 1) begin
        #1;
        $fdisplay(fout, "%0d %0d %0d %0d %0d %0d %0d %0d %0d", cycle,
                  tx_valid, tx_data, txd, tx_ready, tx_busy, last, rd_en, rd_row);
        #1 clk = 1'b1;
        #1 clk = 1'b0;
        cycle = cycle + 1;
      end
      r = $fscanf(fin, "%d %d %d %d %d\n", n, v_start, v_reply, v_chk, v_size);
    end
    $fclose(fout);
    $finish;
  end
endmodule
