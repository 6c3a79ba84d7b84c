// The tile and DMA hooks of the device API (pto/common/sim_hooks.hpp) on
// the simulated machine: each one is a scheduling point of the calling lane
// (DeviceMachine::Enter), then applies the op to the memory model as the
// interpreter does for the IR op of the same meaning (memory_ops.cc),
// issues it to its pipe (device_pipes.h; the pipe of pipe-sync.md §1, as
// codegen/lowering.cc gives it), then shows the lane its view of GM again
// (Leave).
#include <cmath>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/registry.h"
#include "pto/pto-inst.hpp"
#include "runtime/device/hook_support.h"
#include "runtime/mask_ops.h"
#include "runtime/tile_ops.h"

namespace pto {
namespace sim {

using ptoc::sim::device::Call;
using ptoc::sim::device::DTypeOf;
using ptoc::sim::device::GmRun;
using ptoc::sim::device::IssueOp;
using ptoc::sim::device::MemoryOf;
using ptoc::sim::device::SpaceName;
using ptoc::sim::device::TileAccess;
using ptoc::sim::device::TileCost;
using MOp = ptoc::codegen::MachineOp;
using ptoc::codegen::Pipe;

namespace {

// The row of an element-wise instruction (the first, for an instruction
// two ops share: they compute the same).
const ptoc::ElementwiseOp* RowOf(absl::string_view instruction) {
  for (const ptoc::ElementwiseOp& e : ptoc::ElementwiseOps()) {
    if (e.instruction == instruction) return &e;
  }
  return nullptr;
}

}  // namespace

void Load(const TileDesc& dst, const GlobalDesc& src, CallSite site) {
  Call c(site);
  int alloc = -1;
  auto runs = ptoc::sim::device::Region(c, src, "TLOAD", &alloc);
  if (!runs || !ptoc::sim::device::RegionFitsTile(c, src, dst, "TLOAD")) return;
  ptoc::sim::device::WriteTile(c, dst, ptoc::sim::device::ReadRegion(c, *runs, DTypeOf(src.dtype)), "TLOAD");
  std::vector<ptoc::codegen::PlanAccess> accesses;
  ptoc::sim::device::GmAccesses(c, *runs, alloc, false, &accesses);
  accesses.push_back(TileAccess(dst, true));
  IssueOp(c, MOp::kTLoad, Pipe::kMte2, std::move(accesses),
          TileCost("TLOAD." + SpaceName(dst), dst));
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
  std::vector<ptoc::codegen::PlanAccess> accesses = {TileAccess(src, false)};
  ptoc::sim::device::GmAccesses(c, *runs, alloc, true, &accesses);
  IssueOp(c, MOp::kTStore, ptoc::codegen::StorePipe(MemoryOf(src.loc)), std::move(accesses),
          TileCost("TSTORE." + SpaceName(src), src));
}

void Move(const TileDesc& dst, const TileDesc& src, CallSite site) {
  Call c(site);
  if (!ptoc::sim::device::SameShape(c, dst, src, "TMOV")) return;
  auto tile = ptoc::sim::device::ReadTile(c, src, "TMOV");
  if (tile == nullptr) return;
  ptoc::sim::device::WriteTile(c, dst, tile->data, "TMOV");
  IssueOp(c, MOp::kTMov, ptoc::codegen::MovePipe(MemoryOf(src.loc)),
          {TileAccess(src, false), TileAccess(dst, true)},
          TileCost("TMOV." + SpaceName(dst), dst));
}

namespace {

// TMATMUL (acc = lhs x rhs) and TMATMUL_ACC (acc += lhs x rhs, in acc's own
// buffer, as pto-isa's cube does).
void MatmulInto(const TileDesc& acc, const TileDesc& lhs, const TileDesc& rhs, CallSite site,
                bool accumulate, const TileDesc* bias = nullptr) {
  Call c(site);
  const char* what = accumulate ? "TMATMUL_ACC" : bias != nullptr ? "TMATMUL_BIAS" : "TMATMUL";
  const int m = lhs.valid_rows, k = lhs.valid_cols, n = rhs.valid_cols;
  if (rhs.valid_rows != k || acc.valid_rows != m || acc.valid_cols != n) {
    c.m().Protocol(absl::StrCat(what, " of [", m, ", ", k, "] by [", rhs.valid_rows, ", ", n,
                                "] into [", acc.valid_rows, ", ", acc.valid_cols, "]"));
    return;
  }
  auto a = ptoc::sim::device::ReadTile(c, lhs, what);
  auto b = ptoc::sim::device::ReadTile(c, rhs, what);
  auto in = accumulate ? ptoc::sim::device::ReadTile(c, acc, what) : nullptr;
  if (a == nullptr || b == nullptr || (accumulate && in == nullptr)) return;
  decltype(a) row = nullptr;
  if (bias != nullptr) {
    if (bias->valid_cols < n) {
      c.m().Protocol(absl::StrCat(what, " with a bias of ", bias->valid_cols, " columns for ", n));
      return;
    }
    row = ptoc::sim::device::ReadTile(c, *bias, what);
    if (row == nullptr) return;
  }
  std::vector<double> out(static_cast<size_t>(m) * n);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      // The cube accumulates in fp32.
      float sum = accumulate      ? static_cast<float>(in->data[static_cast<size_t>(i) * n + j])
                  : row != nullptr ? static_cast<float>(row->data[j])
                                   : 0;
      for (int x = 0; x < k; ++x) {
        sum += static_cast<float>(a->data[i * k + x]) * static_cast<float>(b->data[x * n + j]);
      }
      out[static_cast<size_t>(i) * n + j] = sum;
    }
  }
  ptoc::sim::device::WriteTile(c, acc, out, what);
  ptoc::sim::OpCost cost = TileCost("TMATMUL", acc);
  const int esize = ptoc::DTypeBytes(DTypeOf(lhs.dtype));
  cost.vars["M"] = m;
  cost.vars["K"] = k;
  cost.vars["N"] = n;
  cost.vars["k0"] = 32.0 / esize;
  cost.vars["r"] = lhs.dtype == ElementType::F32 ? 2 : 1;
  std::vector<ptoc::codegen::PlanAccess> accesses = {TileAccess(lhs, false),
                                                      TileAccess(rhs, false)};
  if (accumulate) accesses.push_back(TileAccess(acc, false));
  if (bias != nullptr) accesses.push_back(TileAccess(*bias, false));
  accesses.push_back(TileAccess(acc, true));
  IssueOp(c, MOp::kTMatmul, Pipe::kM, std::move(accesses), std::move(cost));
}

}  // namespace

void Matmul(const TileDesc& acc, const TileDesc& lhs, const TileDesc& rhs, CallSite site) {
  MatmulInto(acc, lhs, rhs, site, /*accumulate=*/false);
}

void MatmulBias(const TileDesc& acc, const TileDesc& lhs, const TileDesc& rhs,
                const TileDesc* bias, CallSite site) {
  MatmulInto(acc, lhs, rhs, site, /*accumulate=*/false, bias);
}

void MatmulAcc(const TileDesc& acc, const TileDesc& lhs, const TileDesc& rhs, CallSite site) {
  MatmulInto(acc, lhs, rhs, site, /*accumulate=*/true);
}

void Elementwise(const char* instruction, const TileDesc& dst, const TileDesc& lhs,
                 const TileDesc* rhs, double scalar, const TileDesc* scratch, CallSite site) {
  Call c(site);
  const ptoc::ElementwiseOp* row = RowOf(instruction);
  if (row == nullptr) {
    c.m().Protocol(absl::StrCat("unknown element-wise instruction ", instruction));
    return;
  }
  if (!ptoc::sim::device::SameShape(c, dst, lhs, instruction) ||
      (rhs != nullptr && !ptoc::sim::device::SameShape(c, lhs, *rhs, instruction))) {
    return;
  }
  auto a = ptoc::sim::device::ReadTile(c, lhs, instruction);
  auto b = rhs != nullptr ? ptoc::sim::device::ReadTile(c, *rhs, instruction) : nullptr;
  if (a == nullptr || (rhs != nullptr && b == nullptr)) return;
  std::vector<double> out(a->data.size());
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = row->value(a->data[i], b != nullptr ? b->data[i] : scalar);
  }
  ptoc::sim::device::WriteTile(c, dst, out, instruction);
  std::vector<ptoc::codegen::PlanAccess> accesses = {TileAccess(lhs, false)};
  if (rhs != nullptr) accesses.push_back(TileAccess(*rhs, false));
  if (scratch != nullptr) accesses.push_back(TileAccess(*scratch, true));
  accesses.push_back(TileAccess(dst, true));
  IssueOp(c, MOp::kTVector, Pipe::kV, std::move(accesses), TileCost(instruction, dst));
}

void Compare(const TileDesc& dst, const TileDesc& src, const TileDesc* rhs, double scalar,
             int mode, CallSite site) {
  Call c(site);
  const char* what = rhs != nullptr ? "TCMP" : "TCMPS";
  if (rhs != nullptr && !ptoc::sim::device::SameShape(c, src, *rhs, what)) return;
  if (dst.valid_rows != src.valid_rows || dst.valid_cols != (src.valid_cols + 7) / 8) {
    c.m().Protocol(absl::StrCat(what, " of ", src.valid_rows, " x ", src.valid_cols,
                                " elements into a mask of ", dst.valid_rows, " x ",
                                dst.valid_cols, " bytes"));
    return;
  }
  auto a = ptoc::sim::device::ReadTile(c, src, what);
  auto b = rhs != nullptr ? ptoc::sim::device::ReadTile(c, *rhs, what) : nullptr;
  if (a == nullptr || (rhs != nullptr && b == nullptr)) return;
  ptoc::sim::device::WriteTile(
      c, dst,
      ptoc::sim::CompareBlock(mode, DTypeOf(src.dtype), a->data, b != nullptr ? &b->data : nullptr,
                              scalar, src.valid_rows, src.valid_cols, dst.valid_cols),
      what);
  std::vector<ptoc::codegen::PlanAccess> accesses = {TileAccess(src, false)};
  if (rhs != nullptr) accesses.push_back(TileAccess(*rhs, false));
  accesses.push_back(TileAccess(dst, true));
  IssueOp(c, MOp::kTVector, Pipe::kV, std::move(accesses), TileCost(what, src));
}

void Select(const TileDesc& dst, const TileDesc& mask, const TileDesc& src, const TileDesc* rhs,
            double scalar, const TileDesc& tmp, CallSite site) {
  Call c(site);
  const char* what = rhs != nullptr ? "TSEL" : "TSELS";
  if (!ptoc::sim::device::SameShape(c, dst, src, what) ||
      (rhs != nullptr && !ptoc::sim::device::SameShape(c, src, *rhs, what))) {
    return;
  }
  auto m = ptoc::sim::device::ReadTile(c, mask, what);
  auto a = ptoc::sim::device::ReadTile(c, src, what);
  auto b = rhs != nullptr ? ptoc::sim::device::ReadTile(c, *rhs, what) : nullptr;
  if (m == nullptr || a == nullptr || (rhs != nullptr && b == nullptr)) return;
  const int bits = 8 * ptoc::DTypeBytes(DTypeOf(mask.dtype));
  if (mask.valid_rows < src.valid_rows || mask.valid_cols * bits < src.valid_cols) {
    c.m().Protocol(absl::StrCat(what, " of ", src.valid_rows, " x ", src.valid_cols,
                                " elements by a mask of ", mask.valid_rows, " x ",
                                mask.valid_cols));
    return;
  }
  ptoc::sim::device::WriteTile(
      c, dst,
      ptoc::sim::SelectBlock(m->data, mask.valid_cols, bits, DTypeOf(dst.dtype), a->data,
                             b != nullptr ? &b->data : nullptr, scalar, src.valid_rows,
                             src.valid_cols),
      what);
  std::vector<ptoc::codegen::PlanAccess> accesses = {TileAccess(mask, false),
                                                      TileAccess(src, false)};
  if (rhs != nullptr) accesses.push_back(TileAccess(*rhs, false));
  accesses.push_back(TileAccess(tmp, true));
  accesses.push_back(TileAccess(dst, true));
  IssueOp(c, MOp::kTVector, Pipe::kV, std::move(accesses), TileCost(what, dst));
}

void Transpose(const TileDesc& dst, const TileDesc& src, const TileDesc& tmp, CallSite site) {
  Call c(site);
  if (dst.valid_rows != src.valid_cols || dst.valid_cols != src.valid_rows) {
    c.m().Protocol(absl::StrCat("TTRANS of a ", src.valid_rows, " x ", src.valid_cols,
                                " tile into a ", dst.valid_rows, " x ", dst.valid_cols, " one"));
    return;
  }
  auto a = ptoc::sim::device::ReadTile(c, src, "TTRANS");
  if (a == nullptr) return;
  std::vector<double> out(a->data.size());
  for (int r = 0; r < src.valid_rows; ++r) {
    for (int col = 0; col < src.valid_cols; ++col) {
      out[static_cast<size_t>(col) * src.valid_rows + r] =
          a->data[static_cast<size_t>(r) * src.valid_cols + col];
    }
  }
  ptoc::sim::device::WriteTile(c, dst, out, "TTRANS");
  IssueOp(c, MOp::kTVector, Pipe::kV,
          {TileAccess(src, false), TileAccess(tmp, true), TileAccess(dst, true)},
          TileCost("TTRANS", src));
}

void GatherMask(const TileDesc& dst, const TileDesc& src, int pattern, CallSite site) {
  Call c(site);
  auto a = ptoc::sim::device::ReadTile(c, src, "TGATHER");
  if (a == nullptr) return;
  std::vector<double> picked =
      ptoc::sim::GatherMaskBlock(a->data, src.valid_rows, src.valid_cols, pattern);
  if (static_cast<int64_t>(picked.size()) !=
      static_cast<int64_t>(dst.valid_rows) * dst.valid_cols) {
    c.m().Protocol(absl::StrCat("TGATHER picks ", picked.size(), " elements of a ",
                                src.valid_rows, " x ", src.valid_cols, " tile into a ",
                                dst.valid_rows, " x ", dst.valid_cols, " one"));
    return;
  }
  if (DTypeOf(dst.dtype) != DTypeOf(src.dtype)) {
    // The result's type read from the source's bytes (one size).
    std::vector<uint8_t> bytes(static_cast<size_t>(ptoc::DTypeBytes(DTypeOf(src.dtype))));
    for (double& v : picked) {
      ptoc::sim::EncodeElement(v, DTypeOf(src.dtype), bytes.data());
      v = ptoc::sim::DecodeElement(bytes.data(), DTypeOf(dst.dtype));
    }
  }
  ptoc::sim::device::WriteTile(c, dst, picked, "TGATHER");
  IssueOp(c, MOp::kTVector, Pipe::kV, {TileAccess(src, false), TileAccess(dst, true)},
          TileCost("TGATHER", src));
}

void Concat(const TileDesc& dst, const TileDesc& src0, const TileDesc& src1, CallSite site) {
  Call c(site);
  if (src0.valid_rows != dst.valid_rows || src1.valid_rows != dst.valid_rows ||
      src0.valid_cols + src1.valid_cols != dst.valid_cols) {
    c.m().Protocol(absl::StrCat("TCONCAT of ", src0.valid_rows, " x ", src0.valid_cols, " and ",
                                src1.valid_rows, " x ", src1.valid_cols, " tiles into a ",
                                dst.valid_rows, " x ", dst.valid_cols, " one"));
    return;
  }
  auto a = ptoc::sim::device::ReadTile(c, src0, "TCONCAT");
  auto b = ptoc::sim::device::ReadTile(c, src1, "TCONCAT");
  if (a == nullptr || b == nullptr) return;
  ptoc::sim::device::WriteTile(
      c, dst, ptoc::sim::ConcatBlock(a->data, src0.valid_cols, b->data, src1.valid_cols,
                                     dst.valid_rows),
      "TCONCAT");
  IssueOp(c, MOp::kTVector, Pipe::kV,
          {TileAccess(src0, false), TileAccess(src1, false), TileAccess(dst, true)},
          TileCost("TCONCAT", dst));
}

void Tri(const TileDesc& dst, int diagonal, int upper, CallSite site) {
  Call c(site);
  ptoc::sim::device::WriteTile(
      c, dst, ptoc::sim::TriBlock(dst.valid_rows, dst.valid_cols, diagonal, upper == 1), "TTRI");
  IssueOp(c, MOp::kTVector, Pipe::kV, {TileAccess(dst, true)}, TileCost("TTRI", dst));
}

void GatherB(const TileDesc& dst, const TileDesc& src, const TileDesc& offset, CallSite site) {
  Call c(site);
  const uint8_t* bytes = ptoc::sim::device::TileBytes(c, src, "TGATHERB");
  auto off = ptoc::sim::device::ReadTile(c, offset, "TGATHERB");
  if (bytes == nullptr || off == nullptr) return;
  const size_t n = static_cast<size_t>(src.rows) * src.row_stride *
                   ptoc::DTypeBytes(DTypeOf(src.dtype));
  ptoc::sim::device::WriteTile(
      c, dst,
      ptoc::sim::GatherBBlock(std::vector<uint8_t>(bytes, bytes + n), off->data,
                              offset.valid_cols, DTypeOf(dst.dtype), dst.valid_rows,
                              dst.valid_cols),
      "TGATHERB");
  IssueOp(c, MOp::kTVector, Pipe::kV,
          {TileAccess(src, false), TileAccess(offset, false), TileAccess(dst, true)},
          TileCost("TGATHERB", dst));
}

void FillPad(const TileDesc& dst, const TileDesc& src, int pad, const char* what,
             CallSite site) {
  Call c(site);
  auto a = ptoc::sim::device::ReadTile(c, src, what);
  if (a == nullptr) return;
  const ptoc::DType dtype = DTypeOf(dst.dtype);
  const double value = ptoc::sim::RoundToDType(
      ptoc::sim::PadNumber(static_cast<ptoc::PadValue>(pad), dtype), dtype);
  ptoc::sim::device::WriteTile(
      c, dst,
      ptoc::sim::FillPadBlock(a->data, src.valid_rows, src.valid_cols, dst.valid_rows,
                              dst.valid_cols, value),
      what);
  IssueOp(c, MOp::kTVector, Pipe::kV, {TileAccess(src, false), TileAccess(dst, true)},
          TileCost("TFILLPAD", dst));
}

void Reduce(const char* instruction, const TileDesc& dst, const TileDesc& src,
            const TileDesc* tmp, CallSite site) {
  Call c(site);
  auto a = ptoc::sim::device::ReadTile(c, src, instruction);
  if (a == nullptr) return;
  absl::StatusOr<std::vector<double>> out =
      ptoc::sim::ReduceBlock(instruction, a->data, src.valid_rows, src.valid_cols);
  if (!out.ok()) {
    c.m().Protocol(std::string(out.status().message()));
    return;
  }
  ptoc::sim::device::WriteTile(c, dst, *out, instruction);
  std::vector<ptoc::codegen::PlanAccess> accesses = {TileAccess(src, false)};
  if (tmp != nullptr) accesses.push_back(TileAccess(*tmp, true));
  accesses.push_back(TileAccess(dst, true));
  IssueOp(c, MOp::kTVector, Pipe::kV, std::move(accesses), TileCost(instruction, src));
}

void Expand(const char* instruction, const TileDesc& dst, const TileDesc* src,
            const TileDesc& vec, CallSite site) {
  Call c(site);
  std::shared_ptr<ptoc::sim::TileData> a;
  if (src != nullptr && (a = ptoc::sim::device::ReadTile(c, *src, instruction)) == nullptr) {
    return;
  }
  auto v = ptoc::sim::device::ReadTile(c, vec, instruction);
  if (v == nullptr) return;
  // A broadcast reads only the vector; its block is the destination's.
  const std::vector<double> in =
      a != nullptr ? a->data
                   : std::vector<double>(static_cast<size_t>(dst.valid_rows) * dst.valid_cols);
  absl::StatusOr<std::vector<double>> out =
      ptoc::sim::ExpandBlock(instruction, in, v->data, dst.valid_rows, dst.valid_cols);
  if (!out.ok()) {
    c.m().Protocol(std::string(out.status().message()));
    return;
  }
  ptoc::sim::device::WriteTile(c, dst, *out, instruction);
  std::vector<ptoc::codegen::PlanAccess> accesses;
  if (src != nullptr) accesses.push_back(TileAccess(*src, false));
  accesses.push_back(TileAccess(vec, false));
  accesses.push_back(TileAccess(dst, true));
  IssueOp(c, MOp::kTVector, Pipe::kV, std::move(accesses), TileCost(instruction, dst));
}

void Extract(const TileDesc& dst, const TileDesc& src, int row, int col, CallSite site) {
  Call c(site);
  auto a = ptoc::sim::device::ReadTile(c, src, "TEXTRACT");
  if (a == nullptr) return;
  if (row + dst.valid_rows > src.valid_rows || col + dst.valid_cols > src.valid_cols) {
    c.m().Protocol(absl::StrCat("TEXTRACT of [", dst.valid_rows, ", ", dst.valid_cols,
                                "] at (", row, ", ", col, ") from [", src.valid_rows, ", ",
                                src.valid_cols, "]"));
    return;
  }
  std::vector<double> out;
  out.reserve(static_cast<size_t>(dst.valid_rows) * dst.valid_cols);
  for (int i = 0; i < dst.valid_rows; ++i) {
    for (int j = 0; j < dst.valid_cols; ++j) {
      out.push_back(a->data[static_cast<size_t>(row + i) * src.valid_cols + col + j]);
    }
  }
  ptoc::sim::device::WriteTile(c, dst, out, "TEXTRACT");
  IssueOp(c, MOp::kTMov, ptoc::codegen::MovePipe(MemoryOf(src.loc)),
          {TileAccess(src, false), TileAccess(dst, true)},
          TileCost("TEXTRACT." + SpaceName(dst), dst));
}

void Gather(const TileDesc& dst, const GlobalDesc& table, const TileDesc& idx, bool elem,
            int oob, CallSite site) {
  Call c(site);
  int alloc = -1;
  auto runs = ptoc::sim::device::Region(c, table, "MGATHER", &alloc);
  auto ix = ptoc::sim::device::ReadTile(c, idx, "MGATHER");
  if (!runs || ix == nullptr) return;
  const std::vector<double> t = ptoc::sim::device::ReadRegion(c, *runs, DTypeOf(table.dtype));
  const int64_t row = elem ? 1 : table.shape[4];
  const int64_t cap = static_cast<int64_t>(t.size()) / row;  // rows or elements
  std::vector<double> out;
  for (int i = 0; i < dst.valid_rows; ++i) {
    for (int j = 0; j < dst.valid_cols; ++j) {
      const double k = ix->data[elem ? static_cast<size_t>(i) * dst.valid_cols + j : i];
      int64_t at = static_cast<uint32_t>(static_cast<int64_t>(k));
      if (at >= cap && oob == 3) {
        out.push_back(0);
        continue;
      }
      if (at >= cap && (oob == 1 || oob == 2)) at = oob == 1 ? cap - 1 : at % cap;
      if (at >= cap) {
        c.m().Protocol(absl::StrCat("MGATHER index ", at, " is outside the table's ", cap,
                                    elem ? " elements" : " rows", " (GatherOOB::Undefined)"));
        return;
      }
      out.push_back(t[at * row + (elem ? 0 : j)]);
    }
  }
  ptoc::sim::device::WriteTile(c, dst, out, "MGATHER");
  // The phases ptoc's plan has (codegen/lowering.h, MgatherSteps).
  for (const ptoc::codegen::MachineStep& step : ptoc::codegen::MgatherSteps(
           c.w().a5 ? ptoc::codegen::Backend::kA5 : ptoc::codegen::Backend::kA2A3, elem,
           dst.valid_rows == 1 && dst.valid_cols == 1)) {
    std::vector<ptoc::codegen::PlanAccess> accesses;
    auto add = [&](const ptoc::codegen::Operand& o, bool write) {
      if (o.kind == ptoc::codegen::Operand::Kind::kGm) {
        ptoc::sim::device::GmAccesses(c, *runs, alloc, write, &accesses);
      } else {
        accesses.push_back(o.kind == ptoc::codegen::Operand::Kind::kResult
                               ? TileAccess(dst, write) : TileAccess(idx, write));
      }
    };
    for (const ptoc::codegen::Operand& o : step.reads) add(o, false);
    for (const ptoc::codegen::Operand& o : step.writes) add(o, true);
    IssueOp(c, step, std::move(accesses), TileCost("MGATHER", dst));
  }
}

void Fill(const TileDesc& dst, double value, CallSite site) {
  Call c(site);
  ptoc::sim::device::WriteTile(
      c, dst, std::vector<double>(static_cast<size_t>(dst.valid_rows) * dst.valid_cols, value),
      "TEXPANDS");
  IssueOp(c, MOp::kTVector, Pipe::kV, {TileAccess(dst, true)}, TileCost("TEXPANDS", dst));
}

namespace {

// The bytes of element `offset` of a Vec tile's buffer (Tile::GetValue /
// SetValue: its data pointer plus the offset), or nullptr (reported).
uint8_t* ElementBytes(Call& c, const TileDesc& t, uint32_t offset, const char* what) {
  if (t.loc != TileType::Vec) {
    c.m().Protocol(absl::StrCat(what, " of a tile outside Vec"));
    return nullptr;
  }
  uint8_t* bytes = ptoc::sim::device::TileBytes(c, t, what);
  if (bytes == nullptr) return nullptr;
  const int64_t rows = t.view ? t.valid_rows : t.rows;
  const int64_t cols = t.view ? t.valid_cols : t.cols;
  const int64_t span = rows == 0 || cols == 0 ? 0 : (rows - 1) * t.row_stride + cols;
  if (offset >= span) {
    c.m().Protocol(absl::StrCat(what, "(", offset, ") past the ", span, " elements of a ",
                                t.rows, " x ", t.cols, " tile"));
    return nullptr;
  }
  return bytes + static_cast<int64_t>(offset) * ptoc::DTypeBytes(DTypeOf(t.dtype));
}

ptoc::sim::OpCost ScalarCost(const char* key, const char* name) {
  ptoc::sim::OpCost cost;
  cost.keys = {key};
  cost.name = name;
  return cost;
}

}  // namespace

double GetElement(const TileDesc& t, uint32_t offset, CallSite site) {
  Call c(site);
  const uint8_t* bytes = ElementBytes(c, t, offset, "GetValue");
  if (bytes == nullptr) return 0;
  const double v = ptoc::sim::DecodeElement(bytes, DTypeOf(t.dtype));
  IssueOp(c, MOp::kScalarRead, Pipe::kS, {TileAccess(t, false)},
          ScalarCost("scalar_read", "GetValue"));
  return v;
}

void SetElement(const TileDesc& t, uint32_t offset, double value, CallSite site) {
  Call c(site);
  uint8_t* bytes = ElementBytes(c, t, offset, "SetValue");
  if (bytes == nullptr) return;
  const ptoc::DType dtype = DTypeOf(t.dtype);
  ptoc::sim::EncodeElement(ptoc::sim::RoundToDType(value, dtype), dtype, bytes);
  IssueOp(c, MOp::kScalarWrite, Pipe::kS, {TileAccess(t, true)},
          ScalarCost("scalar_write", "SetValue"));
}

void Convert(const TileDesc& dst, const TileDesc& src, int round_mode, CallSite site) {
  Call c(site);
  if (!ptoc::sim::device::SameShape(c, dst, src, "TCVT")) return;
  auto a = ptoc::sim::device::ReadTile(c, src, "TCVT");
  if (a == nullptr) return;
  const ptoc::DType to = DTypeOf(dst.dtype);
  std::vector<double> out(a->data.size());
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = ptoc::sim::ConvertForCast(a->data[i], round_mode, to);
  }
  ptoc::sim::device::WriteTile(c, dst, out, "TCVT");
  IssueOp(c, MOp::kTVector, Pipe::kV, {TileAccess(src, false), TileAccess(dst, true)},
          TileCost("TCVT", dst));
}

namespace {

// put / get: copies `src` into `dst`, complete with the op (the code
// generator drains the pipe after it).
void Copy(const GlobalDesc& dst, const GlobalDesc& src, const TileDesc& stage, bool atomic_add,
          CallSite site, const char* what) {
  Call c(site);
  int alloc = -1, from_alloc = -1;
  auto from = ptoc::sim::device::Region(c, src, what, &from_alloc);
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
  // TPUT / TGET: DMA through the staging tile, drained before and after
  // (lowering.cc: MTE2 with barriers around it); a load plus a store.
  ptoc::codegen::MachineStep step;
  step.op = std::string(what) == "TPUT" ? MOp::kTPut : MOp::kTGet;
  step.pipe = step.barrier_all_pipe = Pipe::kMte2;
  step.barrier_all_before = step.barrier_all_after = true;
  std::vector<ptoc::codegen::PlanAccess> accesses;
  ptoc::sim::device::GmAccesses(c, *from, from_alloc, false, &accesses);
  ptoc::sim::device::GmAccesses(c, *to, alloc, true, &accesses);
  ptoc::sim::OpCost cost = TileCost("TLOAD.Vec", stage);
  cost.keys.push_back("TSTORE.Vec");
  cost.name = what;
  IssueOp(c, step, std::move(accesses), std::move(cost));
}

}  // namespace

void Put(const GlobalDesc& dst, const GlobalDesc& src, const TileDesc& stage, AtomicType atomic,
         CallSite site) {
  Copy(dst, src, stage, atomic == AtomicType::AtomicAdd, site, "TPUT");
}

void Get(const GlobalDesc& dst, const GlobalDesc& src, const TileDesc& stage, CallSite site) {
  Copy(dst, src, stage, false, site, "TGET");
}

}  // namespace sim
}  // namespace pto
