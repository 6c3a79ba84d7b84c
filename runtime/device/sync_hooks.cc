// The synchronisation hooks of the device API (FIFO, signals, SYNCALL;
// pto/common/sim_hooks.hpp), the scalar reads the kernel objects report
// (pto/common/scalar_reads.hpp) and its intrinsics (pto/common/intrinsics.hpp)
// on the simulated machine: each one is a scheduling point of the calling
// lane, then applies the op to the memory model as the interpreter does for
// the IR op of the same meaning (sync_ops.cc), and issues it to its pipe
// (device_pipes.h): a machine op with the pipe of pipe-sync.md §1, or a
// set_flag / wait_flag / pipe_barrier with its §4.2 meaning.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "pto/pto-inst.hpp"
#include "runtime/device/device_machine.h"
#include "runtime/device/device_pipes.h"
#include "runtime/device/hook_support.h"
#include "runtime/fifo.h"

namespace ptoc {
namespace sim {
namespace {

using device::Call;
using pto::sim::GlobalDesc;
using MOp = codegen::MachineOp;
using codegen::Pipe;

// The int32 signal element at `addr` as an access (a notify's write, a
// wait's or test's read).
std::vector<codegen::PlanAccess> SignalAccess(Call& c, uint64_t addr, bool write) {
  std::vector<codegen::PlanAccess> out;
  device::GmAccesses(c, {device::GmRun{addr, 1}}, c.m().AllocationOf(addr, 4), write, &out);
  return out;
}

// The bytes of FIFO slot `seq` in the consumer's buffer of `dir`.
codegen::PlanAccess SlotAccess(Call& c, PipeDir dir, uint64_t seq, const FifoRing& ring,
                               bool write) {
  codegen::PlanAccess a;
  a.space = dir == PipeDir::kC2V ? MemorySpace::kVec : MemorySpace::kMat;
  a.id = 0;
  a.write = write;
  const int64_t slot = static_cast<int64_t>((seq - 1) % static_cast<uint64_t>(ring.slot_num()));
  const int64_t first = c.m().consumer_buffer(dir) + slot * static_cast<int64_t>(ring.slot_size());
  a.box = {{first, first + static_cast<int64_t>(ring.slot_size())}};
  return a;
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

// A wait or test on S reading the signal at `addr`; `holding`: it found
// the signal set (the timing starts it after the notify that set it).
void IssueSignalRead(Call& c, uint64_t addr, bool holding) {
  if (DevicePipes* pipes = c.m().pipes(); pipes != nullptr && holding) {
    pipes->Signal(c.lane(), addr, false);
  }
  OpCost cost;
  cost.keys = {"poll"};
  device::IssueOp(c, MOp::kTWait, Pipe::kS, SignalAccess(c, addr, false), std::move(cost));
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

// The lane's party in the FIFO: its subblock for an AIV lane, 0 for the cube.
int Party(DeviceMachine& m) {
  const LaneState& l = m.world().lanes[m.lane()];
  return l.core == LaneCore::kAiv ? l.subblock : 0;
}

bool IsAiv1(DeviceMachine& m) {
  const LaneState& l = m.world().lanes[m.lane()];
  return l.core == LaneCore::kAiv && l.subblock == 1;
}

// The vector-side parties of a transfer with code `split` (sync_ops.cc).
int VectorParties(World& w, int split) {
  if (split != 0) return 2;
  return w.aiv_lanes == 2 && !w.a5 ? 2 : 1;
}

// The FIFO a TPUSH (its producer side) or a TPOP (its consumer side) of the
// current lane uses, with the transfer's split code.
struct LaneFifo {
  FifoRing::Side side;
  const char* op;  // "TPUSH" or "TPOP"
  PipeDir dir;
  FifoRing* ring;
  int split;
  int party;
};

LaneFifo FifoOf(FifoRing::Side side, pto::TileSplitAxis split) {
  DeviceMachine& m = DeviceMachine::Current();
  const bool push = side == FifoRing::Side::kProducer;
  const PipeDir dir = push ? PushDir(m) : PopDir(m);
  return {side,  push ? "TPUSH" : "TPOP", dir, &m.world().ring(m.world().lanes[m.lane()], dir),
          static_cast<int>(split), Party(m)};
}

// a2a3: the GM rings of `pipe`, where pto-isa's TPipe puts them from the
// pointer the kernel handed it (codegen::PlaceRings), must lie inside the
// rank's gm_pipe_buffer, which the launcher sized by the kernel ABI.
void CheckGmRings(Call& c, const pto::sim::PipeDesc& pipe) {
  if (c.w().a5) return;
  const DeviceMachine::PipeBuffer& buffer = c.m().pipe_buffer(c.state().rank);
  const int64_t base = static_cast<int64_t>(reinterpret_cast<uintptr_t>(pipe.gm_slot_buffer) -
                                            buffer.first);
  const codegen::GmRings gm = codegen::PlaceRings(base, static_cast<int>(pipe.direction),
                                                  pipe.slot_num, pipe.slot_size);
  if (pipe.gm_slot_buffer == nullptr || base < 0 || gm.end > buffer.bytes) {
    c.m().Protocol(absl::StrCat("the TPipe's GM rings, bytes [", base, ", ", gm.end,
                                ") of gm_pipe_buffer, do not lie inside its ", buffer.bytes,
                                " bytes (the kernel ABI's gm_pipe_buffer_bytes)"));
  }
}

// A split C2V push waits for both AIV lanes' free credits: never there
// when the group runs one AIV lane.
bool MissesAiv1(const LaneFifo& f) {
  return f.side == FifoRing::Side::kProducer && f.dir == PipeDir::kC2V && f.split != 0 &&
         DeviceMachine::Current().world().aiv_lanes < 2;
}

// When the op may go on: the ring can take it, or the op is one it reports
// (this side not set up, AIV1 on an a5 no-split pipe).
std::function<bool()> FifoReady(const LaneFifo& f) {
  return [f] {
    DeviceMachine& m = DeviceMachine::Current();
    if (!f.ring->ready(f.side)) return true;
    if (m.world().a5 && IsAiv1(m) && f.split == 0) return true;
    if (MissesAiv1(f)) return false;
    return f.side == FifoRing::Side::kProducer ? f.ring->CanPush(f.party)
                                               : f.ring->CanPop(f.party);
  };
}

// What the op waits for while the ring cannot take it.
std::string FifoWaitReason(const LaneFifo& f) {
  if (MissesAiv1(f)) {
    return absl::StrCat("TPUSH with a split tile waits for the free credits of both AIV lanes, "
                        "but the group runs no AIV1 lane (launched 1C:1V): AIV1 is missing");
  }
  if (f.side == FifoRing::Side::kProducer) {
    return absl::StrCat("TPUSH: all ", f.ring->slot_num(), " slots of the ", DirName(f.dir),
                        " FIFO are in use");
  }
  if (f.split != 0 && f.dir == PipeDir::kV2C &&
      DeviceMachine::Current().world().aiv_lanes < 2) {
    return absl::StrCat("TPOP: the V2C slot waits for the push of AIV1, which the group does "
                        "not run (launched 1C:1V): AIV1 is missing");
  }
  return absl::StrCat("TPOP: the ", DirName(f.dir), " FIFO is empty (or its slot still waits "
                      "for the other AIV lane's push)");
}

// False (reported) when the op cannot use the pipe with code `split`: a
// direction the pipe does not carry, AIV1 on an a5 no-split pipe, or this
// side not set up. A code that contradicts the TPipe's IsNoSplit, or the
// pipe's first transfer, is reported and the op goes on.
bool SplitUsable(Call& c, const pto::sim::PipeDesc& pipe, PipeDir dir, int split,
                 const char* what) {
  if (!PipeCarries(c, pipe, dir, what)) return false;
  if (c.w().a5 && IsAiv1(c.m()) && split == 0) {
    c.m().Protocol(absl::StrCat(what, " on AIV1 of a no-split pipe: on a5 a no-split transfer "
                                "involves AIV0 only, so AIV1 is never signalled (pto-isa's CPU "
                                "model would hand AIV1 a zero tile)"));
    return false;
  }
  if (pipe.no_split != (split == 0)) {
    c.m().Protocol(absl::StrCat("the TPipe's IsNoSplit=", pipe.no_split ? "true" : "false",
                                " contradicts this ", what, "'s split code ", split));
  }
  PipeUse& use = c.w().pipe_uses[c.state().rank];
  const int split_class = split != 0 ? 1 : 0;
  if (use.split_class < 0) {
    use.split_class = split_class;
    use.first = c.m().loc();
  } else if (use.split_class != split_class) {
    c.m().Protocol(absl::StrCat("the pipe is used with TILE_NO_SPLIT and with a split code: this ",
                                what, " has split code ", split),
                   {SourceRef{"first", use.first != nullptr ? *use.first : Location{},
                              "the pipe's first transfer"}});
  }
  return true;
}

// False (reported) when this side of the FIFO is not set up.
bool SideReady(Call& c, const LaneFifo& f) {
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

using ptoc::sim::device::Call;
using ptoc::sim::device::DTypeOf;
using ptoc::sim::PipeDir;
using MOp = ptoc::codegen::MachineOp;
using ptoc::codegen::Pipe;

void PipeInit(const PipeDesc& pipe, CallSite site) {
  Call c(site);
  const bool cube = ptoc::sim::IsCube(c.m());
  ptoc::sim::CheckGmRings(c, pipe);
  for (PipeDir dir : {PipeDir::kC2V, PipeDir::kV2C}) {
    const int bit = dir == PipeDir::kC2V ? 1 : 2;
    if ((static_cast<int>(pipe.direction) & bit) == 0) continue;
    const bool producer = cube == (dir == PipeDir::kC2V);
    std::string error = c.w()
                            .ring(c.state(), dir)
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
  const ptoc::sim::LaneFifo f = ptoc::sim::FifoOf(ptoc::sim::FifoRing::Side::kProducer, split);
  Call c(site, ptoc::sim::FifoReady(f), ptoc::sim::FifoWaitReason(f));
  if (!ptoc::sim::SideReady(c, f) ||
      !ptoc::sim::SplitUsable(c, pipe, f.dir, f.split, "TPUSH")) {
    return;
  }
  ptoc::sim::FifoRing& ring = *f.ring;
  const PipeDir dir = f.dir;
  auto t = ptoc::sim::device::ReadTile(c, tile, "TPUSH");
  if (t == nullptr) return;
  if (dir == PipeDir::kV2C && c.w().a5 &&
      !(tile.blayout == BLayout::ColMajor && tile.slayout == SLayout::RowMajor)) {
    c.m().Protocol(
        "on a5 a vector -> cube push must carry an NZ tile "
        "(blayout=col_major, slayout=row_major)");
  }
  // A split V2C slot holds both AIV lanes' halves (sync_ops.cc).
  const bool halves = dir == PipeDir::kV2C && f.split != 0;
  if (const int64_t needed = ptoc::sim::SlotBytes(*t) * (halves ? 2 : 1);
      needed > ring.slot_size()) {
    c.m().Protocol(absl::StrCat("the pushed tile needs ", needed, " bytes",
                                halves ? " (both AIV lanes' halves of a split V2C slot)" : "",
                                " but a ", ptoc::sim::DirName(dir), " slot has ",
                                ring.slot_size()));
  }
  if (!ring.freed_clock().empty()) {
    c.w().clocks.Acquire(c.lane(), ring.freed_clock(),
                         ptoc::sim::AcquireEvent{"tfree -> tpush", nullptr, c.m().loc()});
  }
  const int parties = ptoc::sim::VectorParties(c.w(), f.split);
  const int slot_split =
      ring.Push(t, c.w().clocks.clock(c.lane()), c.m().loc(), f.party, f.split,
                dir == PipeDir::kV2C ? parties : 1, dir == PipeDir::kC2V ? parties : 1);
  if (slot_split != f.split) {
    c.m().Protocol(absl::StrCat("the AIV lanes push into one V2C slot with split codes ",
                                slot_split, " and ", f.split));
  }
  c.w().clocks.Release(c.lane(), c.w().machine.now());
  // §1: a2a3 stores the tile to the GM slot (FIX out of Acc, else MTE3);
  // a5 moves it into the consumer's memory (TMOV to Mat, or TINSERT).
  const bool cube = ptoc::sim::IsCube(c.m());
  ptoc::sim::OpCost cost = ptoc::sim::device::TileCost(
      !c.w().a5 ? "TSTORE." + ptoc::sim::device::SpaceName(tile)
      : cube    ? std::string("TMOV.Mat")
                : std::string("TINSERT"),
      tile);
  cost.name = "TPUSH";
  ptoc::sim::device::IssueOp(c, MOp::kTPush,
                             ptoc::codegen::StorePipe(ptoc::sim::device::MemoryOf(tile.loc)),
                             {ptoc::sim::device::TileAccess(tile, false)}, std::move(cost));
}

uint64_t Pop(const PipeDesc& pipe, const TileDesc& tile, TileSplitAxis split, CallSite site) {
  const ptoc::sim::LaneFifo f = ptoc::sim::FifoOf(ptoc::sim::FifoRing::Side::kConsumer, split);
  Call c(site, ptoc::sim::FifoReady(f), ptoc::sim::FifoWaitReason(f));
  const uint64_t fallback = tile.address;
  if (!ptoc::sim::SideReady(c, f) ||
      !ptoc::sim::SplitUsable(c, pipe, f.dir, f.split, "TPOP")) {
    return fallback;
  }
  ptoc::sim::FifoRing& ring = *f.ring;
  const PipeDir dir = f.dir;
  if (ring.held(f.party).size() >= pipe.local_slot_num) {
    c.m().Protocol(absl::StrCat("TPOP while this lane holds ", ring.held(f.party).size(),
                                " popped tiles: more than the TPipe's LocalSlotNum (",
                                pipe.local_slot_num, ") local slots, which would alias"));
  }
  ptoc::sim::FifoRing::Entry e = ring.Pop(c.m().loc(), f.party);
  for (size_t p = 0; p < e.clocks.size(); ++p) {
    if (e.pushes[p] == nullptr) continue;
    c.w().clocks.Acquire(c.lane(), e.clocks[p],
                         ptoc::sim::AcquireEvent{"tpush -> tpop", e.pushes[p], c.m().loc()});
  }
  const ptoc::sim::SourceRef pushed{"push", e.push != nullptr ? *e.push : ptoc::Location{},
                                    "pushed here"};
  if (e.split != f.split) {
    c.m().Protocol(absl::StrCat("TPOP with split code ", f.split,
                                " pops a tile pushed with split code ", e.split),
                   {pushed});
  }
  const uint64_t slot = (e.seq - 1) % static_cast<uint64_t>(ring.slot_num());
  TileDesc at = tile;
  at.address = c.m().consumer_buffer(dir) + slot * static_cast<uint64_t>(ring.slot_size());
  const std::vector<int64_t> shape = {tile.valid_rows, tile.valid_cols};
  if (e.tile->shape != shape || e.tile->dtype != DTypeOf(tile.dtype)) {
    c.m().Protocol(absl::StrCat("the popped tile is [", shape[0], ", ", shape[1], "] ",
                                ptoc::DTypeName(DTypeOf(tile.dtype)), " but the pushed one is [",
                                e.tile->shape[0], ", ", e.tile->shape.size() > 1 ? e.tile->shape[1] : 1,
                                "] ", ptoc::DTypeName(e.tile->dtype)),
                   {pushed});
    return at.address;
  }
  ptoc::sim::device::WriteTile(c, at, e.tile->data, "TPOP");
  const bool a5 = c.w().a5;
  ptoc::sim::OpCost cost = ptoc::sim::device::TileCost(
      a5 ? std::string("sync") : "TLOAD." + ptoc::sim::device::SpaceName(tile), tile);
  cost.name = "TPOP";
  ptoc::sim::device::IssueOp(
      c, MOp::kTPop, ptoc::codegen::PopPipe(a5, dir == PipeDir::kC2V),
      {ptoc::sim::device::TileAccess(at, true)}, std::move(cost));
  return at.address;
}

void Free(const PipeDesc& pipe, TileSplitAxis split, CallSite site) {
  Call c(site);
  const PipeDir dir = ptoc::sim::PopDir(c.m());
  if (!ptoc::sim::SplitUsable(c, pipe, dir, static_cast<int>(split), "TFREE")) return;
  ptoc::sim::FifoRing& ring = c.w().ring(c.state(), dir);
  const int party = ptoc::sim::Party(c.m());
  const std::vector<ptoc::sim::FifoRing::Held> held = ring.held(party);
  if (held.empty()) {
    c.m().Protocol(absl::StrCat("TFREE with no popped ", ptoc::sim::DirName(dir),
                                " slot held (a double tfree, or a tfree before its tpop)"));
    return;
  }
  if (held.front().split != static_cast<int>(split)) {
    c.m().Protocol(absl::StrCat("TFREE with split code ", static_cast<int>(split),
                                " frees a slot transferred with split code ", held.front().split));
  }
  ring.Free(held.front().seq, c.w().clocks.clock(c.lane()), party);
  c.w().clocks.Release(c.lane(), c.w().machine.now());
  // §1: on a2a3 TPOP freed the slot (TFREE is no instruction); on a5 the
  // free signal runs on V (C2V) or MTE1 (V2C), after the slot's reads.
  if (!c.w().a5) return;
  ptoc::sim::OpCost cost;
  cost.keys = {"sync"};
  ptoc::sim::device::IssueOp(c, MOp::kTFree, ptoc::codegen::FreePipe(true, dir == PipeDir::kC2V),
                             {ptoc::sim::SlotAccess(c, dir, held.front().seq, ring, true)},
                             std::move(cost));
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
  // TNOTIFY: a scalar atomic, then a pipe_barrier(PIPE_ALL) inside the
  // library call; nothing drains before it, so what it releases (every GM
  // access still in flight, comm-hazards.md H1) must be ordered before it
  // by the code: the access of all of GM, as the lowering keys it.
  if (ptoc::sim::DevicePipes* pipes = c.m().pipes()) pipes->Signal(c.lane(), *addr, true);
  ptoc::codegen::MachineStep step;
  step.op = MOp::kTNotify;
  step.barrier_all_after = true;
  step.releases_reads = true;
  std::vector<ptoc::codegen::PlanAccess> accesses = ptoc::sim::SignalAccess(c, *addr, true);
  accesses.push_back(ptoc::codegen::PlanAccess{ptoc::MemorySpace::kDDR, -1, true, {}});
  ptoc::sim::OpCost cost;
  cost.keys = {"sync"};
  ptoc::sim::device::IssueOp(c, step, std::move(accesses), std::move(cost));
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
  ptoc::sim::IssueSignalRead(c, *addr, true);
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
  ptoc::sim::IssueSignalRead(c, *addr, holds);
  return holds;
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
        // A core idle in a whole program's current launch does not count.
        if (other.rank == me.rank && other.in_launch &&
            (cores == SyncCoreType::Mix || (cores == SyncCoreType::AICOnly) == cube)) {
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
  ptoc::sim::OpCost cost;
  cost.keys = {"syncall"};
  ptoc::sim::device::IssueOp(c, MOp::kSyncAll, Pipe::kS,
                             {ptoc::sim::device::AllGm(false), ptoc::sim::device::AllGm(true)},
                             std::move(cost));
}

// Not a scheduling point: the kernel's loads run between its device-API
// calls, and are checked at the next one.
void ScalarRead(const void* address, uint64_t bytes) {
  if (ptoc::sim::DeviceMachine* m = ptoc::sim::DeviceMachine::Running()) {
    m->ScalarRead(address, bytes);
  }
}

}  // namespace sim
}  // namespace pto

// ---- the intrinsics: every one is a scheduling point ----

namespace {

// The pipe of an intrinsic's pipe_t (PIPE_ALL: nullopt, `all` set); a
// pipe_t outside the model's seven pipes is reported and gives nullopt.
std::optional<ptoc::codegen::Pipe> PipeOf(ptoc::sim::device::Call& c, pipe_t p, bool* all) {
  using ptoc::codegen::Pipe;
  *all = false;
  switch (p) {
    case PIPE_S: return Pipe::kS;
    case PIPE_V: return Pipe::kV;
    case PIPE_M: return Pipe::kM;
    case PIPE_MTE1: return Pipe::kMte1;
    case PIPE_MTE2: return Pipe::kMte2;
    case PIPE_MTE3: return Pipe::kMte3;
    case PIPE_FIX: return Pipe::kFix;
    case PIPE_ALL: *all = true; return std::nullopt;
    default: break;
  }
  c.m().Protocol(absl::StrCat("illegal sync: pipe_t ", static_cast<int>(p),
                              " is not a pipe of this core (pipe-sync.md §1)"));
  return std::nullopt;
}

void IssueSync(ptoc::sim::device::Call& c, ptoc::codegen::SyncInstr s) {
  ptoc::sim::DevicePipes* pipes = c.m().pipes();
  if (pipes == nullptr) return;
  s.unit = -1;  // not a unit of a plan
  s.loc = c.m().loc() != nullptr ? *c.m().loc() : ptoc::Location{};
  pipes->Sync(c.lane(), s);
}

}  // namespace

// pipe_barrier, set_flag and wait_flag order the lane's pipes as §4.2
// says (the pipe check and the timing of device_pipes.h); the memory model
// completes each op in program order whatever they do.
void pipe_barrier(pipe_t pipe, pto::sim::CallSite site) {
  ptoc::sim::device::Call c(site);
  using Kind = ptoc::codegen::SyncInstr::Kind;
  bool all = false;
  std::optional<ptoc::codegen::Pipe> p = PipeOf(c, pipe, &all);
  if (!all && !p.has_value()) return;
  ptoc::codegen::SyncInstr s;
  s.kind = all ? Kind::kBarrierAll : Kind::kBarrier;
  if (p.has_value()) s.src = s.dst = *p;
  IssueSync(c, s);
}

namespace {

void Flag(pipe_t from, pipe_t to, event_t event, bool set, pto::sim::CallSite site) {
  ptoc::sim::device::Call c(site);
  bool all = false;
  std::optional<ptoc::codegen::Pipe> src = PipeOf(c, from, &all);
  std::optional<ptoc::codegen::Pipe> dst = PipeOf(c, to, &all);
  if (!src.has_value() || !dst.has_value()) {
    if (all) c.m().Protocol("illegal sync: PIPE_ALL in a set_flag / wait_flag");
    return;
  }
  ptoc::codegen::SyncInstr s;
  s.kind = set ? ptoc::codegen::SyncInstr::Kind::kSet : ptoc::codegen::SyncInstr::Kind::kWait;
  s.src = *src;
  s.dst = *dst;
  s.id = static_cast<int>(event);
  IssueSync(c, s);
}

}  // namespace

void set_flag(pipe_t from, pipe_t to, event_t event, pto::sim::CallSite site) {
  Flag(from, to, event, true, site);
}

void wait_flag(pipe_t from, pipe_t to, event_t event, pto::sim::CallSite site) {
  Flag(from, to, event, false, site);
}

// Which AIV subblock the calling lane is (0 for the cube, and under 1C:1V).
int64_t get_subblockid() {
  ptoc::sim::DeviceMachine& m = ptoc::sim::DeviceMachine::Current();
  return m.world().lanes[m.lane()].subblock;
}

// The lane's SPMD block (a whole program's `with pl.spmd(n):` launch), as
// ptoc-sim's tile.get_block_idx / get_block_num.
int64_t get_block_idx() {
  ptoc::sim::DeviceMachine& m = ptoc::sim::DeviceMachine::Current();
  return m.world().lanes[m.lane()].block;
}
int64_t get_block_num() {
  ptoc::sim::DeviceMachine& m = ptoc::sim::DeviceMachine::Current();
  return m.world().lanes[m.lane()].block_num;
}

// DSB_DDR and DSB_ALL complete the lane's pending GM writes (system.fence()).
// On the pipes it is a blocking scalar step; the pipe_barrier before it
// drains the DMA pipes.
void dsb(mem_dsb_t type, pto::sim::CallSite site) {
  ptoc::sim::device::Call c(site);
  if (type == DSB_DDR || type == DSB_ALL) {
    c.w().machine.Fence(c.lane());
    c.w().ReportClobbers();
  }
  ptoc::sim::OpCost cost;
  cost.keys = {"sync"};
  cost.name = "DSB";
  ptoc::sim::device::IssueOp(c, ptoc::codegen::MachineOp::kFence, ptoc::codegen::Pipe::kS, {},
                             std::move(cost));
}

namespace {

// A dcci on S writes (cleans) GM: a whole-cache one all of it, a line the
// tensor that holds it (the planner's rule for dcci, pipe-sync.md §2.1).
void IssueDcci(ptoc::sim::device::Call& c, std::optional<uint64_t> addr) {
  ptoc::sim::OpCost cost;
  cost.keys = {addr.has_value() ? "dcci_line" : "dcci_all"};
  ptoc::codegen::PlanAccess a = ptoc::sim::device::AllGm(true);
  if (addr.has_value()) {
    const int alloc = c.m().AllocationOf(*addr, 1);
    if (alloc >= 0) a.id = c.w().machine.allocation(alloc).param;
  }
  ptoc::sim::device::IssueOp(c, ptoc::codegen::MachineOp::kDcci, ptoc::codegen::Pipe::kS, {a},
                             std::move(cost));
}

void Invalidate(ptoc::sim::device::Call& c, __gm__ void* address, cache_line_t range) {
  if (range == cache_line_t::ENTIRE_DATA_CACHE) {
    c.w().machine.InvalidateAll(c.lane());
    IssueDcci(c, std::nullopt);
    return;
  }
  std::optional<uint64_t> addr = c.m().GmAddress(address);
  if (!addr.has_value()) {
    c.m().Protocol("out-of-bounds GM access: dcci of a line that is not in GM");
    return;
  }
  c.w().machine.InvalidateRange(c.lane(), *addr, 1);
  IssueDcci(c, addr);
}

}  // namespace

void dcci(__gm__ void* address, cache_line_t range, pto::sim::CallSite site) {
  ptoc::sim::device::Call c(site);
  Invalidate(c, address, range);
}

void dcci(__gm__ void* address, cache_line_t range, dcci_dst_t destination,
          pto::sim::CallSite site) {
  (void)destination;  // every destination cleans and invalidates the data cache
  ptoc::sim::device::Call c(site);
  Invalidate(c, address, range);
}
