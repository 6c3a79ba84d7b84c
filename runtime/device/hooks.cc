// The definitions of the device API's hooks (pto/common/sim_hooks.hpp) and
// intrinsics (pto/common/intrinsics.hpp) on the simulated machine: each one
// is a scheduling point of the calling lane (DeviceMachine::Enter), then
// applies the op to the memory model as the interpreter does for the IR op
// of the same meaning (memory_ops.cc, sync_ops.cc), then shows the lane its
// view of GM again (Leave).
//
// Tiles live in per-lane on-chip buffers at their TASSIGN address, as the
// elements of their valid part in row-major order, in their dtype.
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "pto/pto-inst.hpp"
#include "runtime/device/device_machine.h"
#include "runtime/fifo.h"
#include "runtime/tile_ops.h"
#include "runtime/values.h"

namespace ptoc {
namespace sim {
namespace {

using pto::sim::GlobalDesc;
using pto::sim::TileDesc;

// A contiguous run of GM: `elements` elements from byte `addr`.
struct GmRun {
  uint64_t addr = 0;
  int64_t elements = 0;
};

// One device-API call: entered (a scheduling point) on construction, the
// lane's GM view published on destruction.
class Call {
 public:
  explicit Call(pto::sim::CallSite site, std::function<bool()> ready = nullptr,
                std::string why = "")
      : m_(DeviceMachine::Current()) {
    m_.Enter(site.file, site.line, std::move(ready), std::move(why));
  }
  ~Call() { m_.Leave(); }
  Call(const Call&) = delete;
  Call& operator=(const Call&) = delete;

  DeviceMachine& m() { return m_; }
  World& w() { return m_.world(); }
  int lane() const { return m_.lane(); }
  LaneState& state() { return m_.world().lanes[m_.lane()]; }

 private:
  DeviceMachine& m_;
};

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

// The tile's buffer (rows x cols elements), or nullptr (reported).
uint8_t* TileBytes(Call& c, const TileDesc& d, const char* what) {
  if (!ValidShape(c, d, what)) return nullptr;
  const uint64_t bytes = static_cast<uint64_t>(d.rows) * d.cols * DTypeBytes(DTypeOf(d.dtype));
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
          DecodeElement(bytes + (static_cast<int64_t>(i) * d.cols + j) * esize, t->dtype));
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
                    bytes + (static_cast<int64_t>(i) * d.cols + j) * esize);
    }
  }
}

bool SameShape(Call& c, const TileDesc& a, const TileDesc& b, const char* what) {
  if (a.valid_rows == b.valid_rows && a.valid_cols == b.valid_cols) return true;
  c.m().Protocol(absl::StrCat(what, " of tiles shaped [", a.valid_rows, ", ", a.valid_cols,
                              "] and [", b.valid_rows, ", ", b.valid_cols, "]"));
  return false;
}

// dst = f(src) element by element, for the one-source tile ops.
template <typename F>
void MapTile(Call& c, const TileDesc& dst, const TileDesc& src, const char* what, F f) {
  if (!SameShape(c, dst, src, what)) return;
  auto a = ReadTile(c, src, what);
  if (a == nullptr) return;
  std::vector<double> out(a->data.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = f(a->data[i]);
  WriteTile(c, dst, out, what);
}

// The runs of a GM region, row-major (its last dim is the tile's columns),
// all in one tensor; nullopt (reported) when it is not.
std::optional<std::vector<GmRun>> Region(Call& c, const GlobalDesc& g, const char* what,
                                         int* alloc = nullptr) {
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

// ---- signals ----

// The int32 signal element a descriptor names, without reporting.
std::optional<uint64_t> SignalAt(DeviceMachine& m, const GlobalDesc& g) {
  std::optional<uint64_t> addr = m.GmAddress(g.data);
  if (!addr.has_value() || g.dtype != pto::sim::ElementType::I32 || m.AllocationOf(*addr, 4) < 0) {
    return std::nullopt;
  }
  return addr;
}

int32_t SignalValue(World& w, uint64_t addr) {
  uint8_t bytes[4];
  uint32_t wids[4];
  w.machine.ReadGm(addr, 4, bytes, wids);
  return static_cast<int32_t>(DecodeInt(bytes, DType::kINT32));
}

bool Holds(int32_t now, int32_t value, pto::comm::WaitCmp cmp) {
  using C = pto::comm::WaitCmp;
  switch (cmp) {
    case C::EQ: return now == value;
    case C::NE: return now != value;
    case C::GT: return now > value;
    case C::GE: return now >= value;
    case C::LT: return now < value;
    case C::LE: return now <= value;
  }
  return false;
}

const char* CmpText(pto::comm::WaitCmp cmp) {
  using C = pto::comm::WaitCmp;
  switch (cmp) {
    case C::EQ: return "==";
    case C::NE: return "!=";
    case C::GT: return ">";
    case C::GE: return ">=";
    case C::LT: return "<";
    case C::LE: return "<=";
  }
  return "?";
}

void ReportBadSignal(Call& c, const char* what) {
  c.m().Protocol(absl::StrCat("out-of-bounds GM access: ", what,
                              " of a signal that is not an int32 element of a tensor"));
}

// Joins the signal's release clock into the lane's (a wait or a true test).
void AcquireSignal(Call& c, uint64_t addr, const char* what) {
  if (const SignalClocks::Signal* s = c.w().signals.Find(addr)) {
    c.w().clocks.Acquire(c.lane(), s->clock, AcquireEvent{what, s->last_notify, c.m().loc()});
  }
}

// ---- the FIFO ----

const char* DirName(PipeDir dir) { return dir == PipeDir::kC2V ? "C2V" : "V2C"; }

bool IsCube(DeviceMachine& m) { return m.world().lanes[m.lane()].core == LaneCore::kAic; }

// The cube lane pushes C2V and pops V2C; the vector lane the reverse.
PipeDir PushDir(DeviceMachine& m) { return IsCube(m) ? PipeDir::kC2V : PipeDir::kV2C; }
PipeDir PopDir(DeviceMachine& m) { return IsCube(m) ? PipeDir::kV2C : PipeDir::kC2V; }

bool PipeCarries(Call& c, const pto::sim::PipeDesc& p, PipeDir dir, const char* what) {
  const int bit = dir == PipeDir::kC2V ? 1 : 2;
  if ((static_cast<int>(p.direction) & bit) != 0) return true;
  c.m().Protocol(absl::StrCat(what, " on the ", c.w().LaneName(c.lane()), " needs the ",
                              DirName(dir), " direction, which this pipe does not carry"));
  return false;
}

bool NoSplit(Call& c, pto::TileSplitAxis split, const char* what) {
  if (split == pto::TileSplitAxis::TILE_NO_SPLIT) return true;
  c.m().Protocol(absl::StrCat(what, " with a split tile: only TILE_NO_SPLIT is modelled"));
  return false;
}

// The FIFO a TPUSH (its producer side) or a TPOP (its consumer side) of the
// current lane uses.
struct LaneFifo {
  FifoRing::Side side;
  const char* op;  // "TPUSH" or "TPOP"
  PipeDir dir;
  FifoRing* ring;
};

LaneFifo FifoOf(FifoRing::Side side) {
  DeviceMachine& m = DeviceMachine::Current();
  const bool push = side == FifoRing::Side::kProducer;
  const PipeDir dir = push ? PushDir(m) : PopDir(m);
  return {side, push ? "TPUSH" : "TPOP", dir, &m.world().ring(m.world().lanes[m.lane()].rank, dir)};
}

// When the op may go on: the ring can take it, or this side is not set up
// (which the op then reports).
std::function<bool()> FifoReady(const LaneFifo& f) {
  return [f] {
    if (!f.ring->ready(f.side)) return true;
    return f.side == FifoRing::Side::kProducer ? f.ring->CanPush() : f.ring->CanPop();
  };
}

// What the op waits for while the ring cannot take it.
std::string FifoWaitReason(const LaneFifo& f) {
  if (f.side == FifoRing::Side::kProducer) {
    return absl::StrCat("TPUSH: all ", f.ring->slot_num(), " slots of the ", DirName(f.dir),
                        " FIFO are in use");
  }
  return absl::StrCat("TPOP: the ", DirName(f.dir), " FIFO is empty");
}

// False (reported) when the op cannot use the FIFO: a split tile, a
// direction the pipe does not carry, or this side not set up.
bool FifoUsable(Call& c, const LaneFifo& f, const pto::sim::PipeDesc& pipe,
                pto::TileSplitAxis split) {
  if (!NoSplit(c, split, f.op) || !PipeCarries(c, pipe, f.dir, f.op)) return false;
  if (f.ring->ready(f.side)) return true;
  c.m().Protocol(
      absl::StrCat(f.op, " before this lane set up the ", DirName(f.dir), " FIFO (TPipe)"));
  return false;
}

}  // namespace
}  // namespace sim
}  // namespace ptoc

namespace pto {
namespace sim {

using ptoc::sim::Call;
using ptoc::sim::DTypeOf;
using ptoc::sim::GmRun;
using ptoc::sim::PipeDir;

void Load(const TileDesc& dst, const GlobalDesc& src, CallSite site) {
  Call c(site);
  auto runs = ptoc::sim::Region(c, src, "TLOAD");
  if (!runs || !ptoc::sim::RegionFitsTile(c, src, dst, "TLOAD")) return;
  ptoc::sim::WriteTile(c, dst, ptoc::sim::ReadRegion(c, *runs, DTypeOf(src.dtype)), "TLOAD");
}

void Store(const GlobalDesc& dst, const TileDesc& src, AtomicType atomic, CallSite site) {
  Call c(site);
  int alloc = -1;
  auto runs = ptoc::sim::Region(c, dst, "TSTORE", &alloc);
  if (!runs || !ptoc::sim::RegionFitsTile(c, dst, src, "TSTORE")) return;
  auto tile = ptoc::sim::ReadTile(c, src, "TSTORE");
  if (tile == nullptr) return;
  ptoc::sim::WriteRegion(c, *runs, alloc, DTypeOf(dst.dtype), tile->data,
                         atomic == AtomicType::AtomicAdd, ptoc::sim::WriteKind::kDma);
}

void Move(const TileDesc& dst, const TileDesc& src, CallSite site) {
  Call c(site);
  if (!ptoc::sim::SameShape(c, dst, src, "TMOV")) return;
  if (auto tile = ptoc::sim::ReadTile(c, src, "TMOV")) {
    ptoc::sim::WriteTile(c, dst, tile->data, "TMOV");
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
  auto a = ptoc::sim::ReadTile(c, lhs, "TMATMUL");
  auto b = ptoc::sim::ReadTile(c, rhs, "TMATMUL");
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
  ptoc::sim::WriteTile(c, acc, out, "TMATMUL");
}

void Binary(BinaryOp op, const TileDesc& dst, const TileDesc& lhs, const TileDesc& rhs,
            CallSite site) {
  Call c(site);
  if (!ptoc::sim::SameShape(c, dst, lhs, "a binary tile op") ||
      !ptoc::sim::SameShape(c, lhs, rhs, "a binary tile op")) {
    return;
  }
  auto a = ptoc::sim::ReadTile(c, lhs, "a binary tile op");
  auto b = ptoc::sim::ReadTile(c, rhs, "a binary tile op");
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
  ptoc::sim::WriteTile(c, dst, out, "a binary tile op");
}

void Unary(UnaryOp op, const TileDesc& dst, const TileDesc& src, CallSite site) {
  Call c(site);
  ptoc::sim::MapTile(c, dst, src, "a unary tile op", [op](double x) {
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
  ptoc::sim::MapTile(c, dst, src, "a tile-scalar op", [op, scalar](double x) {
    return op == ScalarOp::Adds ? x + scalar : x * scalar;
  });
}

void PipeInit(const PipeDesc& pipe, CallSite site) {
  Call c(site);
  const bool cube = ptoc::sim::IsCube(c.m());
  for (PipeDir dir : {PipeDir::kC2V, PipeDir::kV2C}) {
    const int bit = dir == PipeDir::kC2V ? 1 : 2;
    if ((static_cast<int>(pipe.direction) & bit) == 0) continue;
    const bool producer = cube == (dir == PipeDir::kC2V);
    std::string error = c.w()
                            .ring(c.state().rank, dir)
                            .Initialize(producer ? ptoc::sim::FifoRing::Side::kProducer
                                                 : ptoc::sim::FifoRing::Side::kConsumer,
                                        static_cast<int>(pipe.slot_num), pipe.slot_size);
    if (!error.empty()) {
      c.m().Protocol(absl::StrCat(ptoc::sim::DirName(dir), " FIFO: ", error));
    }
    if (!producer) {
      c.m().consumer_buffer(dir) =
          dir == PipeDir::kC2V ? pipe.c2v_consumer_buf : pipe.v2c_consumer_buf;
    }
  }
}

void Push(const PipeDesc& pipe, const TileDesc& tile, TileSplitAxis split, CallSite site) {
  const ptoc::sim::LaneFifo f = ptoc::sim::FifoOf(ptoc::sim::FifoRing::Side::kProducer);
  Call c(site, ptoc::sim::FifoReady(f), ptoc::sim::FifoWaitReason(f));
  if (!ptoc::sim::FifoUsable(c, f, pipe, split)) return;
  ptoc::sim::FifoRing& ring = *f.ring;
  const PipeDir dir = f.dir;
  auto t = ptoc::sim::ReadTile(c, tile, "TPUSH");
  if (t == nullptr) return;
  if (dir == PipeDir::kV2C && c.w().a5 &&
      !(tile.blayout == BLayout::ColMajor && tile.slayout == SLayout::RowMajor)) {
    c.m().Protocol(
        "on a5 a vector -> cube push must carry an NZ tile "
        "(blayout=col_major, slayout=row_major)");
  }
  if (ptoc::sim::SlotBytes(*t) > ring.slot_size()) {
    c.m().Protocol(absl::StrCat("the pushed tile needs ", ptoc::sim::SlotBytes(*t), " bytes but a ",
                                ptoc::sim::DirName(dir), " slot has ", ring.slot_size()));
  }
  if (!ring.freed_clock().empty()) {
    c.w().clocks.Acquire(c.lane(), ring.freed_clock(),
                         ptoc::sim::AcquireEvent{"tfree -> tpush", nullptr, c.m().loc()});
  }
  ring.Push(t, c.w().clocks.clock(c.lane()), c.m().loc());
  c.w().clocks.Release(c.lane(), c.w().machine.now());
}

uint64_t Pop(const PipeDesc& pipe, const TileDesc& tile, TileSplitAxis split, CallSite site) {
  const ptoc::sim::LaneFifo f = ptoc::sim::FifoOf(ptoc::sim::FifoRing::Side::kConsumer);
  Call c(site, ptoc::sim::FifoReady(f), ptoc::sim::FifoWaitReason(f));
  const uint64_t fallback = tile.address;
  if (!ptoc::sim::FifoUsable(c, f, pipe, split)) return fallback;
  ptoc::sim::FifoRing& ring = *f.ring;
  const PipeDir dir = f.dir;
  ptoc::sim::FifoRing::Entry e = ring.Pop(c.m().loc());
  c.w().clocks.Acquire(c.lane(), e.clock,
                       ptoc::sim::AcquireEvent{"tpush -> tpop", e.push, c.m().loc()});
  const uint64_t slot = (e.seq - 1) % static_cast<uint64_t>(ring.slot_num());
  TileDesc at = tile;
  at.address = c.m().consumer_buffer(dir) + slot * static_cast<uint64_t>(ring.slot_size());
  const std::vector<int64_t> shape = {tile.valid_rows, tile.valid_cols};
  if (e.tile->shape != shape || e.tile->dtype != DTypeOf(tile.dtype)) {
    c.m().Protocol(absl::StrCat("the popped tile is [", shape[0], ", ", shape[1], "] ",
                                ptoc::DTypeName(DTypeOf(tile.dtype)), " but the pushed one is [",
                                e.tile->shape[0], ", ", e.tile->shape[1], "] ",
                                ptoc::DTypeName(e.tile->dtype)),
                   {ptoc::sim::SourceRef{"push", e.push != nullptr ? *e.push : ptoc::Location{},
                                         "pushed here"}});
    return at.address;
  }
  ptoc::sim::WriteTile(c, at, e.tile->data, "TPOP");
  return at.address;
}

void Free(const PipeDesc& pipe, TileSplitAxis split, CallSite site) {
  Call c(site);
  const PipeDir dir = ptoc::sim::PopDir(c.m());
  if (!ptoc::sim::NoSplit(c, split, "TFREE") || !ptoc::sim::PipeCarries(c, pipe, dir, "TFREE")) {
    return;
  }
  ptoc::sim::FifoRing& ring = c.w().ring(c.state().rank, dir);
  if (ring.held().empty()) {
    c.m().Protocol(absl::StrCat("TFREE with no popped ", ptoc::sim::DirName(dir),
                                " slot held (a double tfree, or a tfree before its tpop)"));
    return;
  }
  ring.Free(ring.held().front().seq, c.w().clocks.clock(c.lane()));
  c.w().clocks.Release(c.lane(), c.w().machine.now());
}

void Notify(const GlobalDesc& signal, int32_t value, comm::NotifyOp op, CallSite site) {
  Call c(site);
  std::optional<uint64_t> addr = ptoc::sim::SignalAt(c.m(), signal);
  if (!addr.has_value()) return ptoc::sim::ReportBadSignal(c, "TNOTIFY");
  const int alloc = c.m().AllocationOf(*addr, 4);
  const int32_t old = ptoc::sim::SignalValue(c.w(), *addr);
  const int32_t now =
      op == comm::NotifyOp::Set
          ? value
          : static_cast<int32_t>(static_cast<uint32_t>(old) + static_cast<uint32_t>(value));
  const uint32_t wid =
      c.m().checker().NewWrite(ptoc::sim::WriteKind::kSignal, /*atomic=*/true, alloc);
  ptoc::sim::Segment seg{*addr, std::vector<uint8_t>(4), wid};
  ptoc::sim::EncodeInt(now, ptoc::DType::kINT32, seg.data.data());
  c.m().checker().NoteWrite(wid, *addr, 4);
  ptoc::sim::PendingWrite write;
  write.dtype = ptoc::DType::kINT32;
  write.segments.push_back(std::move(seg));
  c.w().machine.CommitNow(c.lane(), write);
  c.w().signals.Release(*addr, c.w().clocks.clock(c.lane()), c.m().loc());
  c.w().clocks.Release(c.lane(), c.w().machine.now());
}

void Wait(const GlobalDesc& signal, int32_t value, comm::WaitCmp cmp, CallSite site) {
  ptoc::sim::DeviceMachine& m = ptoc::sim::DeviceMachine::Current();
  std::optional<uint64_t> addr = ptoc::sim::SignalAt(m, signal);
  if (!addr.has_value()) {
    Call c(site);
    return ptoc::sim::ReportBadSignal(c, "TWAIT");
  }
  ptoc::sim::World& w = m.world();
  Call c(
      site,
      [&w, at = *addr, value, cmp] {
        return ptoc::sim::Holds(ptoc::sim::SignalValue(w, at), value, cmp);
      },
      absl::StrCat("TWAIT: waiting for ", w.DescribeAddress(*addr), " ", ptoc::sim::CmpText(cmp),
                   " ", value));
  ptoc::sim::AcquireSignal(c, *addr, "notify -> wait");
}

bool Test(const GlobalDesc& signal, int32_t value, comm::WaitCmp cmp, CallSite site) {
  Call c(site);
  std::optional<uint64_t> addr = ptoc::sim::SignalAt(c.m(), signal);
  if (!addr.has_value()) {
    ptoc::sim::ReportBadSignal(c, "TTEST");
    return false;
  }
  const bool holds = ptoc::sim::Holds(ptoc::sim::SignalValue(c.w(), *addr), value, cmp);
  if (holds) ptoc::sim::AcquireSignal(c, *addr, "notify -> test");
  return holds;
}

namespace {

// put / get: copies `src` into `dst`, complete with the op (the code
// generator drains the pipe after it).
void Copy(const GlobalDesc& dst, const GlobalDesc& src, bool atomic_add, CallSite site,
          const char* what) {
  Call c(site);
  int alloc = -1;
  auto from = ptoc::sim::Region(c, src, what);
  auto to = ptoc::sim::Region(c, dst, what, &alloc);
  if (!from || !to) return;
  std::vector<double> values = ptoc::sim::ReadRegion(c, *from, DTypeOf(src.dtype));
  int64_t capacity = 0;
  for (const GmRun& r : *to) capacity += r.elements;
  if (capacity != static_cast<int64_t>(values.size())) {
    c.m().Protocol(absl::StrCat("out-of-bounds GM access: ", what, " copies ", values.size(),
                                " elements into a region of ", capacity));
    return;
  }
  ptoc::sim::WriteRegion(c, *to, alloc, DTypeOf(dst.dtype), values, atomic_add,
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

void SyncAll(SyncAllMode mode, SyncCoreType cores, __gm__ int32_t* workspace, CallSite site) {
  (void)mode;  // soft and hard mode are the same barrier; the workspace is not modelled
  (void)workspace;
  ptoc::sim::DeviceMachine& m = ptoc::sim::DeviceMachine::Current();
  ptoc::sim::World& w = m.world();
  const ptoc::sim::LaneState& me = w.lanes[m.lane()];
  const int type = static_cast<int>(cores);
  const int index = me.rank * 3 + type;
  uint64_t generation = 0;
  {
    Call c(site);
    if (w.barriers[index] == nullptr) {
      std::vector<int> participants;
      for (const ptoc::sim::LaneState& other : w.lanes) {
        const bool cube = other.core == ptoc::sim::LaneCore::kAic;
        if (other.rank == me.rank && (type == 0 || (type == 1) == cube)) {
          participants.push_back(other.id);
        }
      }
      w.barriers[index] = std::make_unique<ptoc::sim::Barrier>(std::move(participants));
    }
    if (!w.barriers[index]->IsParticipant(me.id)) {
      return c.m().Protocol(
          absl::StrCat("SYNCALL names lanes this ", w.LaneName(me.id), " is not one of"));
    }
    generation = w.barriers[index]->Arrive(me.id, w.clocks.clock(me.id));
    w.clocks.Release(me.id, w.machine.now());
  }
  ptoc::sim::Barrier& barrier = *w.barriers[index];
  Call c(
      site, [&barrier, generation] { return barrier.Released(generation); },
      "SYNCALL: waiting for the other lanes of the barrier");
  w.clocks.Acquire(me.id, barrier.released_clock(),
                   ptoc::sim::AcquireEvent{"syncall", c.m().loc(), c.m().loc()});
}

}  // namespace sim
}  // namespace pto

// ---- the intrinsics: every one is a scheduling point ----

// The model completes each op of a lane before its next one, so pipe
// barriers and flags order nothing more.
void pipe_barrier(pipe_t pipe, pto::sim::CallSite site) {
  (void)pipe;
  ptoc::sim::Call c(site);
}

void set_flag(pipe_t from, pipe_t to, event_t event, pto::sim::CallSite site) {
  (void)from, (void)to, (void)event;
  ptoc::sim::Call c(site);
}

void wait_flag(pipe_t from, pipe_t to, event_t event, pto::sim::CallSite site) {
  (void)from, (void)to, (void)event;
  ptoc::sim::Call c(site);
}

// DSB_DDR and DSB_ALL complete the lane's pending GM writes (system.fence()).
void dsb(mem_dsb_t type, pto::sim::CallSite site) {
  ptoc::sim::Call c(site);
  if (type == DSB_DDR || type == DSB_ALL) c.w().machine.Fence(c.lane());
}

namespace {

void Invalidate(ptoc::sim::Call& c, __gm__ void* address, cache_line_t range) {
  if (range == cache_line_t::ENTIRE_DATA_CACHE) {
    c.w().machine.InvalidateAll(c.lane());
    return;
  }
  std::optional<uint64_t> addr = c.m().GmAddress(address);
  if (!addr.has_value()) {
    c.m().Protocol("out-of-bounds GM access: dcci of a line that is not in GM");
    return;
  }
  c.w().machine.InvalidateRange(c.lane(), *addr, 1);
}

}  // namespace

void dcci(__gm__ void* address, cache_line_t range, pto::sim::CallSite site) {
  ptoc::sim::Call c(site);
  Invalidate(c, address, range);
}

void dcci(__gm__ void* address, cache_line_t range, dcci_dst_t destination,
          pto::sim::CallSite site) {
  (void)destination;  // every destination cleans and invalidates the data cache
  ptoc::sim::Call c(site);
  Invalidate(c, address, range);
}
