// The tile and DMA hooks of the device API (pto/common/sim_hooks.hpp) on
// the simulated machine: each one is a scheduling point of the calling lane
// (DeviceMachine::Enter), then applies the op to the memory model as the
// interpreter does for the IR op of the same meaning (memory_ops.cc), then
// shows the lane its view of GM again (Leave).
#include <cmath>
#include <vector>

#include "absl/strings/str_cat.h"
#include "pto/pto-inst.hpp"
#include "runtime/device/hook_support.h"

namespace pto {
namespace sim {

using ptoc::sim::device::Call;
using ptoc::sim::device::DTypeOf;
using ptoc::sim::device::GmRun;

void Load(const TileDesc& dst, const GlobalDesc& src, CallSite site) {
  Call c(site);
  auto runs = ptoc::sim::device::Region(c, src, "TLOAD");
  if (!runs || !ptoc::sim::device::RegionFitsTile(c, src, dst, "TLOAD")) return;
  ptoc::sim::device::WriteTile(c, dst, ptoc::sim::device::ReadRegion(c, *runs, DTypeOf(src.dtype)), "TLOAD");
}

void Store(const GlobalDesc& dst, const TileDesc& src, AtomicType atomic, CallSite site) {
  Call c(site);
  int alloc = -1;
  auto runs = ptoc::sim::device::Region(c, dst, "TSTORE", &alloc);
  if (!runs || !ptoc::sim::device::RegionFitsTile(c, dst, src, "TSTORE")) return;
  auto tile = ptoc::sim::device::ReadTile(c, src, "TSTORE");
  if (tile == nullptr) return;
  ptoc::sim::device::WriteRegion(c, *runs, alloc, DTypeOf(dst.dtype), tile->data,
                         atomic == AtomicType::AtomicAdd, ptoc::sim::WriteKind::kDma);
}

void Move(const TileDesc& dst, const TileDesc& src, CallSite site) {
  Call c(site);
  if (!ptoc::sim::device::SameShape(c, dst, src, "TMOV")) return;
  if (auto tile = ptoc::sim::device::ReadTile(c, src, "TMOV")) {
    ptoc::sim::device::WriteTile(c, dst, tile->data, "TMOV");
  }
}

void Matmul(const TileDesc& acc, const TileDesc& lhs, const TileDesc& rhs, CallSite site) {
  Call c(site);
  const int m = lhs.valid_rows, k = lhs.valid_cols, n = rhs.valid_cols;
  if (rhs.valid_rows != k || acc.valid_rows != m || acc.valid_cols != n) {
    c.m().Protocol(absl::StrCat("TMATMUL of [", m, ", ", k, "] by [", rhs.valid_rows, ", ", n,
                                "] into [", acc.valid_rows, ", ", acc.valid_cols, "]"));
    return;
  }
  auto a = ptoc::sim::device::ReadTile(c, lhs, "TMATMUL");
  auto b = ptoc::sim::device::ReadTile(c, rhs, "TMATMUL");
  if (a == nullptr || b == nullptr) return;
  std::vector<double> out(static_cast<size_t>(m) * n);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      float sum = 0;  // the cube accumulates in fp32
      for (int x = 0; x < k; ++x) {
        sum += static_cast<float>(a->data[i * k + x]) * static_cast<float>(b->data[x * n + j]);
      }
      out[static_cast<size_t>(i) * n + j] = sum;
    }
  }
  ptoc::sim::device::WriteTile(c, acc, out, "TMATMUL");
}

void Binary(BinaryOp op, const TileDesc& dst, const TileDesc& lhs, const TileDesc& rhs,
            CallSite site) {
  Call c(site);
  if (!ptoc::sim::device::SameShape(c, dst, lhs, "a binary tile op") ||
      !ptoc::sim::device::SameShape(c, lhs, rhs, "a binary tile op")) {
    return;
  }
  auto a = ptoc::sim::device::ReadTile(c, lhs, "a binary tile op");
  auto b = ptoc::sim::device::ReadTile(c, rhs, "a binary tile op");
  if (a == nullptr || b == nullptr) return;
  std::vector<double> out(a->data.size());
  for (size_t i = 0; i < out.size(); ++i) {
    const double x = a->data[i], y = b->data[i];
    switch (op) {
      case BinaryOp::Add: out[i] = x + y; break;
      case BinaryOp::Sub: out[i] = x - y; break;
      case BinaryOp::Mul: out[i] = x * y; break;
      case BinaryOp::Div: out[i] = x / y; break;
      case BinaryOp::Max: out[i] = std::max(x, y); break;
    }
  }
  ptoc::sim::device::WriteTile(c, dst, out, "a binary tile op");
}

void Unary(UnaryOp op, const TileDesc& dst, const TileDesc& src, CallSite site) {
  Call c(site);
  ptoc::sim::device::MapTile(c, dst, src, "a unary tile op", [op](double x) {
    switch (op) {
      case UnaryOp::Exp: return std::exp(x);
      case UnaryOp::Relu: return x > 0 ? x : 0.0;
      case UnaryOp::Neg: return -x;
    }
    return 0.0;  // not reached: every op is a case
  });
}

void Scalar(ScalarOp op, const TileDesc& dst, const TileDesc& src, double scalar, CallSite site) {
  Call c(site);
  ptoc::sim::device::MapTile(c, dst, src, "a tile-scalar op", [op, scalar](double x) {
    return op == ScalarOp::Adds ? x + scalar : x * scalar;
  });
}

namespace {

// put / get: copies `src` into `dst`, complete with the op (the code
// generator drains the pipe after it).
void Copy(const GlobalDesc& dst, const GlobalDesc& src, bool atomic_add, CallSite site,
          const char* what) {
  Call c(site);
  int alloc = -1;
  auto from = ptoc::sim::device::Region(c, src, what);
  auto to = ptoc::sim::device::Region(c, dst, what, &alloc);
  if (!from || !to) return;
  std::vector<double> values = ptoc::sim::device::ReadRegion(c, *from, DTypeOf(src.dtype));
  int64_t capacity = 0;
  for (const GmRun& r : *to) capacity += r.elements;
  if (capacity != static_cast<int64_t>(values.size())) {
    c.m().Protocol(absl::StrCat("out-of-bounds GM access: ", what, " copies ", values.size(),
                                " elements into a region of ", capacity));
    return;
  }
  ptoc::sim::device::WriteRegion(c, *to, alloc, DTypeOf(dst.dtype), values, atomic_add,
                         ptoc::sim::WriteKind::kCopy);
}

}  // namespace

void Put(const GlobalDesc& dst, const GlobalDesc& src, const TileDesc& stage, AtomicType atomic,
         CallSite site) {
  (void)stage;  // the staging tile only carries the data on the device
  Copy(dst, src, atomic == AtomicType::AtomicAdd, site, "TPUT");
}

void Get(const GlobalDesc& dst, const GlobalDesc& src, const TileDesc& stage, CallSite site) {
  (void)stage;
  Copy(dst, src, false, site, "TGET");
}

}  // namespace sim
}  // namespace pto
