// Checks the run-time line loop of a region invalidate against the lines
// the region really touches, for every tensor base 0-15 floats past a
// 64-byte line start, every row and every column: exactly the region's
// lines get a single-line dcci. The loop comes from a generated .cpp,
// included as invalidate_loop.inc (see invalidate_unaligned_base.py).
#include <cstdint>
#include <cstdio>
#include <set>

#define __gm__
enum class cache_line_t { SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE };

namespace {

std::set<uintptr_t> g_lines;

void dcci(void* p, cache_line_t) { g_lines.insert(reinterpret_cast<uintptr_t>(p) / 64); }

void Invalidate(float* a, int64_t row, int64_t col) {
#include "invalidate_loop.inc"
}

}  // namespace

int main() {
  alignas(64) static float buf[4 * 40 + 64];
  int runs = 0, wrong = 0;
  for (int skew = 0; skew < 16; ++skew) {
    float* a = buf + skew;
    for (int64_t row = 0; row < 4; ++row) {
      for (int64_t col = 0; col <= 20; ++col) {
        g_lines.clear();
        Invalidate(a, row, col);
        std::set<uintptr_t> want;
        for (int64_t e = row * 40 + col; e < row * 40 + col + 20; ++e) {
          want.insert(reinterpret_cast<uintptr_t>(a + e) / 64);
        }
        ++runs;
        if (g_lines != want) {
          ++wrong;
          if (wrong <= 3) {
            std::printf("base +%d floats, row %lld, col %lld: %zu lines invalidated, %zu touched\n",
                        skew, static_cast<long long>(row), static_cast<long long>(col),
                        g_lines.size(), want.size());
          }
        }
      }
    }
  }
  std::printf("checked %d regions, %d wrong\n", runs, wrong);
  return wrong == 0 ? 0 : 1;
}
