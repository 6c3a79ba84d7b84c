#include "runtime/device/hook_support.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "runtime/device/device_pipes.h"

namespace ptoc {
namespace sim {
namespace device {

DType DTypeOf(pto::sim::ElementType t) {
  using E = pto::sim::ElementType;
  switch (t) {
    case E::F32: return DType::kFP32;
    case E::F16: return DType::kFP16;
    case E::BF16: return DType::kBF16;
    case E::I8: return DType::kINT8;
    case E::I16: return DType::kINT16;
    case E::I32: return DType::kINT32;
    case E::I64: return DType::kINT64;
    case E::U8: return DType::kUINT8;
    case E::U16: return DType::kUINT16;
    case E::U32: return DType::kUINT32;
    case E::U64: return DType::kUINT64;
    case E::Bool: return DType::kBOOL;
  }
  return DType::kFP32;
}

MemorySpace MemoryOf(pto::TileType t) {
  switch (t) {
    case pto::TileType::Vec: return MemorySpace::kVec;
    case pto::TileType::Mat: return MemorySpace::kMat;
    case pto::TileType::Left: return MemorySpace::kLeft;
    case pto::TileType::Right: return MemorySpace::kRight;
    case pto::TileType::Acc: return MemorySpace::kAcc;
    case pto::TileType::Bias: return MemorySpace::kBias;
  }
  return MemorySpace::kVec;
}

TileView ViewOf(const TileDesc& d) {
  TileView v;
  v.blayout = d.blayout == pto::BLayout::ColMajor ? Layout::kColMajor : Layout::kRowMajor;
  v.slayout = d.slayout == pto::SLayout::NoneBox    ? Layout::kNoneBox
              : d.slayout == pto::SLayout::RowMajor ? Layout::kRowMajor
                                                    : Layout::kColMajor;
  return v;
}

bool ValidShape(Call& c, const TileDesc& d, const char* what) {
  if (d.rows <= 0 || d.cols <= 0 || d.valid_rows < 0 || d.valid_cols < 0 || d.valid_rows > d.rows ||
      d.valid_cols > d.cols) {
    c.m().Protocol(absl::StrCat(what, ": a ", d.rows, " x ", d.cols, " tile with a ", d.valid_rows,
                                " x ", d.valid_cols, " valid part"));
    return false;
  }
  return true;
}

// The bytes a tile spans: rows of row_stride elements, the last one cols;
// a view (inside its source, whose row stride it keeps) only its valid part.
uint64_t SpanBytes(const TileDesc& d) {
  const uint64_t rows = d.view ? d.valid_rows : d.rows;
  const uint64_t cols = d.view ? d.valid_cols : d.cols;
  if (rows == 0 || cols == 0) return 0;
  return ((rows - 1) * d.row_stride + cols) * DTypeBytes(DTypeOf(d.dtype));
}

// The tile's buffer (rows x cols elements), or nullptr (reported).
uint8_t* TileBytes(Call& c, const TileDesc& d, const char* what) {
  if (!ValidShape(c, d, what)) return nullptr;
  if (d.row_stride < d.cols) {
    c.m().Protocol(absl::StrCat(what, ": a tile whose rows of ", d.cols,
                                " overlap (row stride ", d.row_stride, ")"));
    return nullptr;
  }
  const uint64_t bytes = SpanBytes(d);
  return c.m().Local(static_cast<int>(d.loc), d.address, bytes, what);
}

// The valid part of a tile, or nullptr (reported).
std::shared_ptr<TileData> ReadTile(Call& c, const TileDesc& d, const char* what) {
  const uint8_t* bytes = TileBytes(c, d, what);
  if (bytes == nullptr) return nullptr;
  auto t = std::make_shared<TileData>();
  t->shape = {d.valid_rows, d.valid_cols};
  t->dtype = DTypeOf(d.dtype);
  t->memory = MemoryOf(d.loc);
  t->view = ViewOf(d);
  const int esize = DTypeBytes(t->dtype);
  for (int i = 0; i < d.valid_rows; ++i) {
    for (int j = 0; j < d.valid_cols; ++j) {
      t->data.push_back(
          DecodeElement(bytes + (static_cast<int64_t>(i) * d.row_stride + j) * esize, t->dtype));
    }
  }
  return t;
}

// Writes `values` (the valid part, row-major) into the tile, rounded to its dtype.
void WriteTile(Call& c, const TileDesc& d, const std::vector<double>& values, const char* what) {
  uint8_t* bytes = TileBytes(c, d, what);
  if (bytes == nullptr) return;
  const DType dtype = DTypeOf(d.dtype);
  const int esize = DTypeBytes(dtype);
  for (int i = 0; i < d.valid_rows; ++i) {
    for (int j = 0; j < d.valid_cols; ++j) {
      const size_t k = static_cast<size_t>(i) * d.valid_cols + j;
      if (k >= values.size()) return;
      EncodeElement(RoundToDType(values[k], dtype), dtype,
                    bytes + (static_cast<int64_t>(i) * d.row_stride + j) * esize);
    }
  }
}

bool SameShape(Call& c, const TileDesc& a, const TileDesc& b, const char* what) {
  if (a.valid_rows == b.valid_rows && a.valid_cols == b.valid_cols) return true;
  c.m().Protocol(absl::StrCat(what, " of tiles shaped [", a.valid_rows, ", ", a.valid_cols,
                              "] and [", b.valid_rows, ", ", b.valid_cols, "]"));
  return false;
}

// The runs of a GM region, row-major (its last dim is the tile's columns),
// all in one tensor; nullopt (reported) when it is not.
std::optional<std::vector<GmRun>> Region(Call& c, const GlobalDesc& g, const char* what,
                                         int* alloc) {
  int64_t elements = 1;
  for (int i = 0; i < 5; ++i) {
    if (g.shape[i] < 0 || g.stride[i] < 0 || (elements *= g.shape[i]) > kMaxTileElements) {
      c.m().Protocol(absl::StrCat(what, ": a GM region with a negative or too large shape"));
      return std::nullopt;
    }
  }
  std::optional<uint64_t> base = c.m().GmAddress(g.data);
  if (!base.has_value()) {
    c.m().Protocol(
        absl::StrCat("out-of-bounds GM access: ", what, " of a region that is not in any tensor"));
    return std::nullopt;
  }
  const int esize = DTypeBytes(DTypeOf(g.dtype));
  std::vector<GmRun> runs;
  int owner = -1;
  const bool contiguous = g.stride[4] == 1;
  for (int64_t outer = 0; outer < elements / std::max(g.shape[4], 1); ++outer) {
    int64_t off = 0, rest = outer;
    for (int d = 3; d >= 0; --d) {
      off += (rest % g.shape[d]) * g.stride[d];
      rest /= g.shape[d];
    }
    for (int64_t j = 0; j < g.shape[4]; j += contiguous ? g.shape[4] : 1) {
      GmRun r{*base + static_cast<uint64_t>((off + j * g.stride[4]) * esize),
              contiguous ? g.shape[4] : 1};
      const int a = c.m().AllocationOf(r.addr, static_cast<uint64_t>(r.elements) * esize);
      if (a < 0 || (owner >= 0 && a != owner)) {
        c.m().Protocol(absl::StrCat("out-of-bounds GM access: ", what, " reaches ",
                                    c.w().DescribeAddress(r.addr),
                                    ", past the tensor the region starts in"));
        return std::nullopt;
      }
      owner = a;
      runs.push_back(r);
    }
  }
  if (alloc != nullptr) *alloc = owner;
  return runs;
}

int64_t RegionRows(const GlobalDesc& g) {
  return static_cast<int64_t>(g.shape[0]) * g.shape[1] * g.shape[2] * g.shape[3];
}

bool RegionFitsTile(Call& c, const GlobalDesc& g, const TileDesc& t, const char* what) {
  if (RegionRows(g) == t.valid_rows && g.shape[4] == t.valid_cols) return true;
  c.m().Protocol(absl::StrCat(what, ": the GM region is ", RegionRows(g), " x ", g.shape[4],
                              " but the tile's valid part is ", t.valid_rows, " x ", t.valid_cols));
  return false;
}

// DMA-reads the region's elements in order.
std::vector<double> ReadRegion(Call& c, const std::vector<GmRun>& runs, DType dtype) {
  const int esize = DTypeBytes(dtype);
  std::vector<double> values;
  std::vector<uint8_t> bytes;
  for (const GmRun& r : runs) {
    bytes.resize(r.elements * esize);
    c.m().checker().Read(ReadPath::kDma, r.addr, static_cast<int>(bytes.size()), bytes.data());
    for (int64_t i = 0; i < r.elements; ++i)
      values.push_back(DecodeElement(&bytes[i * esize], dtype));
  }
  return values;
}

// The region's elements as one write of the lane: a DMA write pending until
// its fence, or (`now`) complete at once.
void WriteRegion(Call& c, const std::vector<GmRun>& runs, int alloc, DType dtype,
                 const std::vector<double>& values, bool atomic_add, WriteKind kind) {
  const int esize = DTypeBytes(dtype);
  const uint32_t wid = c.m().checker().NewWrite(kind, atomic_add, alloc);
  PendingWrite write;
  write.atomic_add = atomic_add;
  write.dtype = dtype;
  size_t at = 0;
  for (const GmRun& r : runs) {
    Segment seg{r.addr, std::vector<uint8_t>(r.elements * esize), wid};
    for (int64_t i = 0; i < r.elements && at < values.size(); ++i, ++at) {
      EncodeElement(values[at], dtype, &seg.data[i * esize]);
    }
    c.m().checker().NoteWrite(wid, seg.addr, static_cast<int>(seg.data.size()));
    write.segments.push_back(std::move(seg));
  }
  if (kind == WriteKind::kDma) {
    c.w().machine.IssueDmaWrite(c.lane(), std::move(write));
  } else {
    c.w().machine.CommitNow(c.lane(), write);
  }
}

codegen::PlanAccess TileAccess(const TileDesc& d, bool write) {
  codegen::PlanAccess a;
  a.space = MemoryOf(d.loc);
  a.id = 0;
  a.write = write;
  const int64_t bytes = static_cast<int64_t>(SpanBytes(d));
  a.box = {{static_cast<int64_t>(d.address), static_cast<int64_t>(d.address) + bytes}};
  return a;
}

void GmAccesses(Call& c, const std::vector<GmRun>& runs, int alloc, bool write,
                std::vector<codegen::PlanAccess>* out) {
  if (alloc < 0) return;
  const Allocation& a = c.w().machine.allocation(alloc);
  const int64_t esize = DTypeBytes(a.dtype);
  for (const GmRun& r : runs) {
    codegen::PlanAccess x;
    x.space = MemorySpace::kDDR;
    x.id = a.param;
    x.write = write;
    const int64_t first = static_cast<int64_t>(r.addr - a.base) / esize;
    x.box = {{first, first + r.elements}};
    out->push_back(std::move(x));
  }
}

codegen::PlanAccess AllGm(bool write) {
  codegen::PlanAccess a;
  a.space = MemorySpace::kDDR;
  a.id = -1;
  a.write = write;
  return a;
}

OpCost TileCost(std::string key, const TileDesc& d) {
  OpCost cost;
  cost.vars = TileCostVars(d.valid_rows, d.valid_cols, DTypeBytes(DTypeOf(d.dtype)));
  cost.name = key.substr(0, key.find('.'));
  cost.keys = {std::move(key)};
  return cost;
}

std::string SpaceName(const TileDesc& d) { return std::string(MemorySpaceName(MemoryOf(d.loc))); }

void IssueOp(Call& c, const codegen::MachineStep& step,
             std::vector<codegen::PlanAccess> accesses, OpCost cost) {
  DevicePipes* pipes = c.m().pipes();
  if (pipes == nullptr) return;
  if (cost.name.empty()) cost.name = std::string(codegen::MachineOpName(step.op));
  pipes->Op(c.lane(), step, std::move(accesses), cost,
            c.m().loc() != nullptr ? *c.m().loc() : Location{});
}

void IssueOp(Call& c, codegen::MachineOp op, codegen::Pipe pipe,
             std::vector<codegen::PlanAccess> accesses, OpCost cost) {
  codegen::MachineStep step;
  step.op = op;
  step.pipe = pipe;
  step.barrier_all_pipe = pipe;
  IssueOp(c, step, std::move(accesses), std::move(cost));
}

}  // namespace device
}  // namespace sim
}  // namespace ptoc
