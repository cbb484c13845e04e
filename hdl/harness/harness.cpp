// Co-simulation harness: runs the Verilated cosim_top cycle by cycle and
// streams one binary record per cycle on stdout (format: hdl/trace.go).
//
// Plusargs: +order=N +chk=X +limit=L (direct link: the host has loaded the
// memories, see grid_mem's +grid_init), +max=N (stop after N cycles),
// +full_from=N (from cycle N on, records carry the full write data), +bench
// (no records: run to the end and report cycles and nanoseconds).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "Vcosim_top.h"
#include "verilated.h"

static const int kStateHalt = 16;
static const int kStateDrain = 15;

static uint64_t plus_u64(const char* name, uint64_t def) {
  std::string pre = std::string("+") + name + "=";
  const char* v = Verilated::commandArgsPlusMatch(pre.c_str() + 1);
  if (!v || !*v) return def;
  return strtoull(v + pre.size(), nullptr, 0);
}

static bool plus_flag(const char* name) {
  const char* v = Verilated::commandArgsPlusMatch(name);
  return v && *v;
}

static const uint64_t kFnvOffset = 14695981039346656037ull;
static const uint64_t kFnvPrime = 1099511628211ull;

// Lane j (8 bits) and bit j of a signal: Verilator gives signals of up to
// 64 bits as integers, wider ones as arrays of 32-bit words.
static inline uint8_t lane(uint64_t v, int j) { return (uint8_t)(v >> (8 * j)); }
template <std::size_t N>
static inline uint8_t lane(const VlWide<N>& w, int j) {
  return (uint8_t)(w[j >> 2] >> (8 * (j & 3)));
}
static inline int gbit(uint64_t v, int j) { return (int)((v >> j) & 1); }
template <std::size_t N>
static inline int gbit(const VlWide<N>& w, int j) {
  return (int)((w[j >> 5] >> (j & 31)) & 1);
}

template <class T>
static inline uint64_t hash_lanes(const T& w, int n) {
  uint64_t h = kFnvOffset;
  for (int j = 0; j < n; j++) { h ^= lane(w, j); h *= kFnvPrime; }
  return h;
}

int main(int argc, char** argv) {
  Verilated::commandArgs(argc, argv);
  const bool bench = plus_flag("bench");
  const uint64_t max = plus_u64("max", ~0ull);
  const uint64_t full_from = plus_u64("full_from", ~0ull);
  const bool direct = plus_u64("order", 0) != 0;
  static char buf[1 << 20];
  setvbuf(stdout, buf, _IOFBF, sizeof buf);

  Vcosim_top* top = new Vcosim_top;
  // Reset: a falling edge of rst_ni and one clock edge while it is low.
  top->clk_i = 0;
  top->rst_ni = 1;
  top->eval();
  top->rst_ni = 0;
  top->eval();
  top->clk_i = 1;
  top->eval();
  top->clk_i = 0;
  top->direct_i = direct ? 1 : 0;
  top->load_i = 0;
  top->search_limit_i = plus_u64("limit", ~0ull);
  top->eval();
  top->rst_ni = 1;
  top->eval();
  if (direct) {
    // The host's direct load: one edge before the first cycle compared.
    top->load_i = 1;
    top->load_order_i = (uint8_t)plus_u64("order", 0);
    top->load_chk_i = (uint8_t)plus_u64("chk", 0);
    top->eval();
    top->clk_i = 1;
    top->eval();
    top->clk_i = 0;
    top->load_i = 0;
    top->eval();
  }

  uint64_t cycle = 0;
  std::vector<uint8_t> rec;
  rec.reserve(4096);
  auto t0 = std::chrono::steady_clock::now();
  for (; cycle < max; cycle++) {
    if (direct && top->state_o == kStateHalt) break;
    if (!direct && top->state_o == kStateDrain && !top->tx_busy_o) break;
    if (!bench) {
      const int size = top->size_o;
      const bool full = cycle >= full_from;
      rec.clear();
      uint8_t flags = (top->a_en_o ? 1 : 0) | (top->a_we_o ? 2 : 0) | (top->b_en_o ? 4 : 0) |
                      (top->b_we_o ? 8 : 0) | (top->g_en_o ? 16 : 0) | (top->g_we_o ? 32 : 0) |
                      (top->txd_o ? 64 : 0) | (full ? 128 : 0);
      uint8_t head[12] = {(uint8_t)top->state_o, flags, (uint8_t)top->chk_o, (uint8_t)size,
                          (uint8_t)top->reply_o, (uint8_t)(top->rxd_o ? 1 : 0),
                          (uint8_t)top->a_addr_o, (uint8_t)(top->a_addr_o >> 8),
                          (uint8_t)top->b_addr_o, (uint8_t)(top->b_addr_o >> 8),
                          (uint8_t)top->g_addr_o, (uint8_t)(top->g_addr_o >> 8)};
      rec.insert(rec.end(), head, head + 12);
      auto put64 = [&](uint64_t v) {
        for (int i = 0; i < 8; i++) rec.push_back((uint8_t)(v >> (8 * i)));
      };
      if (top->a_en_o && top->a_we_o) {
        put64(hash_lanes(top->a_wdata_o, size));
        if (full) for (int j = 0; j < size; j++) rec.push_back(lane(top->a_wdata_o, j));
      }
      if (top->b_en_o && top->b_we_o) {
        put64(hash_lanes(top->b_wdata_o, size));
        if (full) for (int j = 0; j < size; j++) rec.push_back(lane(top->b_wdata_o, j));
      }
      if (top->g_en_o && top->g_we_o) {
        // the mask bits below size, packed LSB first
        std::vector<uint8_t> m((size + 7) / 8, 0);
        for (int j = 0; j < size; j++)
          if (gbit(top->g_wdata_o, j)) m[j >> 3] |= (uint8_t)(1u << (j & 7));
        uint64_t h = kFnvOffset;
        for (uint8_t b : m) { h ^= b; h *= kFnvPrime; }
        put64(h);
        if (full) rec.insert(rec.end(), m.begin(), m.end());
      }
      fwrite(rec.data(), 1, rec.size(), stdout);
    }
    top->clk_i = 1;
    top->eval();
    top->clk_i = 0;
    top->eval();
  }
  auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0).count();
  // End marker: state 0xFF, the cycles run, the loop's nanoseconds, the
  // checksum and reply registers, the size, then the row words' enabled
  // lanes as the grid memory holds them.
  top->eval();
  uint8_t end[20] = {0xFF};
  for (int i = 0; i < 8; i++) end[1 + i] = (uint8_t)(cycle >> (8 * i));
  for (int i = 0; i < 8; i++) end[9 + i] = (uint8_t)((uint64_t)ns >> (8 * i));
  end[17] = (uint8_t)top->chk_o;
  end[18] = (uint8_t)top->reply_o;
  end[19] = (uint8_t)top->size_o;
  fwrite(end, 1, sizeof end, stdout);
  for (int r = 0; r < top->size_o; r++) {
    top->peek_addr_i = r;
    top->eval();
    for (int j = 0; j < top->size_o; j++) fputc(lane(top->peek_o, j), stdout);
  }
  fflush(stdout);
  top->final();
  delete top;
  return 0;
}
