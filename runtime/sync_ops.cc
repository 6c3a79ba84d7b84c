// Synchronization of the interpreter: notify / wait / test on GM signals,
// the cross-core FIFO (pipe setup, tpush, tpop, tfree) and syncall.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/status_macros.h"
#include "runtime/interpreter.h"
#include "runtime/pipe_check.h"
#include "runtime/tile_ops.h"

namespace ptoc {
namespace sim {
namespace {

const char* DirName(PipeDir dir) { return dir == PipeDir::kC2V ? "C2V" : "V2C"; }

PipeDir DirOf(const Expr& call) {
  return LookupOp(call)->pipe == PipeDirection::kC2V ? PipeDir::kC2V : PipeDir::kV2C;
}

// The AIC lane produces C2V and consumes V2C; the AIV lane the reverse.
FifoRing::Side SideOf(bool cube, PipeDir dir) {
  return cube == (dir == PipeDir::kC2V) ? FifoRing::Side::kProducer
                                        : FifoRing::Side::kConsumer;
}

std::string ShapeText(const std::vector<int64_t>& shape) {
  return absl::StrCat("[", absl::StrJoin(shape, ", "), "]");
}

int64_t AttrInt(const Expr& call, absl::string_view name) {
  const Expr* a = AttrOrDefault(call, name);
  return a == nullptr ? 0 : a->int_value;
}

bool IsNz(const TileView& v) {
  return v.blayout == Layout::kColMajor && v.slayout == Layout::kRowMajor;
}

// A push that wrote slot `mine` of the `dir` ring while `theirs` of the
// `other` ring, which shares GM bytes with it, is live.
std::string GmRingOverlap(const char* dir, const FifoRing::LiveSlot& mine, const char* other,
                          const FifoRing::LiveSlot& theirs) {
  return absl::StrCat("GM ring overlap: this ", dir, " push wrote slot ", mine.index,
                      " of its ring, gm_pipe_buffer bytes [", mine.first, ", ", mine.end,
                      "), while ", other, " slot ", theirs.index, " at [", theirs.first, ", ",
                      theirs.end, ") is pushed and not yet freed: the pipe's two directions "
                      "share GM slots, so one overwrites the other's tile (each direction "
                      "needs a ring of its own, comm-hazards.md H3)");
}

}  // namespace

absl::StatusOr<uint64_t> Interpreter::SignalAddress(LaneState& l, int alloc,
                                                    const Expr& offsets,
                                                    const Location& loc) {
  ASSIGN_OR_RETURN(std::vector<int64_t> index, EvalInts(l, offsets));
  auto runs = Region(l, alloc, index, std::vector<int64_t>(index.size(), 1), loc,
                     "signal access");
  if (!runs || runs->empty()) {
    return absl::InvalidArgumentError("the signal element is out of bounds");
  }
  return runs->front().addr;
}

absl::StatusOr<bool> Interpreter::SignalHolds(LaneState& l, const Expr& call, uint64_t* addr) {
  ASSIGN_OR_RETURN(int alloc, EvalTensor(l, *call.args[0]));
  ASSIGN_OR_RETURN(uint64_t at, SignalAddress(l, alloc, *call.args[1], call.loc));
  ASSIGN_OR_RETURN(Value expected, Eval(l, *call.args[2]));
  const DType dtype = w_.machine.allocation(alloc).dtype;
  uint8_t bytes[8];
  uint32_t wids[8];
  w_.machine.ReadGm(at, DTypeBytes(dtype), bytes, wids);
  double now = DecodeElement(bytes, dtype);
  const Expr* cmp = AttrOrDefault(call, "cmp");
  bool ge = cmp != nullptr && cmp->str == "Ge";
  *addr = at;
  return ge ? now >= expected.AsDouble() : now == expected.AsDouble();
}

Interpreter::OpResult Interpreter::Notify(LaneState& l, const Expr& call) {
  ASSIGN_OR_RETURN(int target, EvalTensor(l, *call.args[0]));
  ASSIGN_OR_RETURN(Value peer, Eval(l, *call.args[1]));
  ASSIGN_OR_RETURN(Value value, Eval(l, *call.args[3]));
  int remote = PeerAllocation(l, target, peer.AsInt(), call.loc);
  if (remote < 0) return Value();
  absl::StatusOr<uint64_t> addr = SignalAddress(l, remote, *call.args[2], call.loc);
  if (!addr.ok()) return Value();  // reported as out of bounds
  const DType dtype = w_.machine.allocation(remote).dtype;
  const int esize = DTypeBytes(dtype);
  uint8_t old_bytes[8];
  uint32_t wids[8];
  w_.machine.ReadGm(*addr, esize, old_bytes, wids);
  const Expr* op = AttrOrDefault(call, "op");
  bool set = op != nullptr && op->str == "Set";
  uint32_t wid = checker_.NewWrite(WriteKind::kSignal, /*atomic=*/true, remote);
  Segment seg{*addr, std::vector<uint8_t>(esize), wid};
  if (IsFloatDType(dtype)) {
    double v = value.AsDouble() + (set ? 0.0 : DecodeElement(old_bytes, dtype));
    EncodeElement(v, dtype, seg.data.data());
  } else {
    int64_t v = value.AsInt() + (set ? 0 : DecodeInt(old_bytes, dtype));
    EncodeInt(v, dtype, seg.data.data());
  }
  checker_.NoteWrite(wid, *addr, esize);
  PendingWrite write;
  write.segments.push_back(std::move(seg));
  w_.machine.CommitNow(l.id, write);
  w_.signals.Release(*addr, w_.clocks.clock(l.id), &call.loc);
  w_.clocks.Release(l.id, w_.machine.now());
  if (pipes_ != nullptr) pipes_->Signal(l.id, *addr, /*notify=*/true);
  return Value();
}

Interpreter::OpResult Interpreter::WaitOrTest(LaneState& l, const Expr& call, bool is_test) {
  uint64_t addr = 0;
  ASSIGN_OR_RETURN(bool holds, SignalHolds(l, call, &addr));
  if (!holds && !is_test) return absl::InternalError("wait stepped while blocked");
  if (holds) {
    if (const SignalClocks::Signal* s = w_.signals.Find(addr)) {
      w_.clocks.Acquire(l.id, s->clock,
                        AcquireEvent{is_test ? "notify -> test" : "notify -> wait",
                                     s->last_notify, &call.loc});
    }
    if (pipes_ != nullptr) pipes_->Signal(l.id, addr, /*notify=*/false);
  }
  return is_test ? Value::Bool(holds) : Value();
}

Barrier& Interpreter::BarrierFor(const LaneState& l, const Expr& call, int* index) {
  const Expr* core = AttrOrDefault(call, "core_type");
  int type = core == nullptr || core->str == "mix" ? 0 : core->str == "aic_only" ? 1 : 2;
  *index = l.rank * 3 + type;
  if (w_.barriers[*index] == nullptr) {
    std::vector<int> participants;
    for (const LaneState& other : w_.lanes) {
      if (other.rank != l.rank || !other.in_launch) continue;
      bool fits = type == 0 || other.core == LaneCore::kMixed ||
                  (type == 1 ? other.core == LaneCore::kAic : other.core == LaneCore::kAiv);
      if (fits) participants.push_back(other.id);
    }
    w_.barriers[*index] = std::make_unique<Barrier>(std::move(participants));
  }
  return *w_.barriers[*index];
}

Interpreter::OpResult Interpreter::SyncAll(LaneState& l, const Expr& call) {
  if (l.barrier >= 0) {  // released: leave the barrier
    w_.clocks.Acquire(l.id, w_.barriers[l.barrier]->released_clock(),
                      AcquireEvent{"syncall", &call.loc, &call.loc});
    l.barrier = -1;
    return Value();
  }
  int index = 0;
  Barrier& barrier = BarrierFor(l, call, &index);
  if (!barrier.IsParticipant(l.id)) {
    Protocol(l, call.loc, absl::StrCat("syncall names lanes this ", w_.LaneName(l.id),
                                       " is not one of"));
    return Value();
  }
  l.barrier = index;
  l.barrier_generation = barrier.Arrive(l.id, w_.clocks.clock(l.id));
  w_.clocks.Release(l.id, w_.machine.now());
  repeat_ = true;  // leaves in a later step, once every participant arrived
  return Value();
}

Interpreter::OpResult Interpreter::InitPipe(LaneState& l, const Expr& call) {
  bool cube = LaneOf(call) == Lane::kCube;
  if (l.core != LaneCore::kMixed && cube != (l.core == LaneCore::kAic)) {
    Protocol(l, call.loc, absl::StrCat("'", call.str, "' runs on the ", w_.LaneName(l.id)));
  }
  int mask = static_cast<int>(AttrInt(call, "dir_mask"));
  int slot_num = static_cast<int>(AttrInt(call, "slot_num"));
  int64_t slot_size = AttrInt(call, "slot_size");
  if (slot_num <= 0) {
    Protocol(l, call.loc, absl::StrCat("slot_num ", slot_num, " leaves the FIFO no slot"));
  }
  for (PipeDir dir : {PipeDir::kC2V, PipeDir::kV2C}) {
    if (!(mask & (1 << static_cast<int>(dir)))) continue;
    FifoRing& ring = w_.ring(l, dir);
    std::string error = ring.Initialize(SideOf(cube, dir), slot_num, slot_size);
    if (!error.empty()) Protocol(l, call.loc, absl::StrCat(DirName(dir), " FIFO: ", error));
    if (w_.gm_rings == nullptr) continue;
    if (auto it = w_.gm_rings->find(&call); it != w_.gm_rings->end()) {
      ring.Place(dir == PipeDir::kC2V ? it->second.c2v : it->second.v2c);
    }
  }
  l.pipe_mask = mask;
  return Value();
}

int Interpreter::Party(const LaneState& l) const {
  return l.core == LaneCore::kAiv ? l.subblock : 0;
}

int Interpreter::VectorParties(int split) const {
  if (split != 0) return 2;
  return w_.aiv_lanes == 2 && !w_.a5 ? 2 : 1;
}

bool Interpreter::OffA5NoSplitPipe(LaneState& l, const Expr& call, int split) {
  if (!w_.a5 || l.core != LaneCore::kAiv || l.subblock != 1 || split != 0) return false;
  Protocol(l, call.loc,
           absl::StrCat("'", call.str, "' on AIV1 of a no-split pipe: on a5 a no-split "
                        "transfer involves AIV0 only, so AIV1 is never signalled (pto-isa's "
                        "CPU model would hand AIV1 a zero tile)"));
  return true;
}

void Interpreter::CheckSplitClass(LaneState& l, const Expr& call, int split) {
  PipeUse& use = w_.pipe_uses[l.rank];
  const int split_class = split != 0 ? 1 : 0;
  if (use.split_class < 0) {
    use.split_class = split_class;
    use.first = &call.loc;
    return;
  }
  if (use.split_class == split_class) return;
  Protocol(l, call.loc,
           absl::StrCat("the pipe is used with split=0 and with a split code: '", call.str,
                        "' has split=", split, " but the pipe's first transfer has split",
                        use.split_class == 0 ? "=0" : " != 0"),
           {SourceRef{"first", use.first != nullptr ? *use.first : Location{},
                      "the pipe's first transfer"}});
}

bool Interpreter::Blocked(LaneState& l, const Expr& call, const OpInfo& info, std::string* why) {
  switch (info.role) {
    case OpRole::kWait: {
      uint64_t addr = 0;
      absl::StatusOr<bool> holds = SignalHolds(l, call, &addr);
      if (!holds.ok() || *holds) return false;  // an error is reported by the step
      if (why != nullptr) *why = absl::StrCat("waiting for ", w_.DescribeAddress(addr));
      return true;
    }
    case OpRole::kPush:
    case OpRole::kPop: {
      PipeDir dir = info.pipe == PipeDirection::kC2V ? PipeDir::kC2V : PipeDir::kV2C;
      FifoRing& ring = w_.ring(l, dir);
      bool push = info.role == OpRole::kPush;
      FifoRing::Side side = push ? FifoRing::Side::kProducer : FifoRing::Side::kConsumer;
      const int split = static_cast<int>(AttrInt(call, "split"));
      if (!ring.ready(side)) return false;  // the step reports the missing setup
      if (w_.a5 && l.core == LaneCore::kAiv && l.subblock == 1 && split == 0) return false;
      const int party = Party(l);
      if (push && dir == PipeDir::kC2V && split != 0 && w_.aiv_lanes < 2) {
        if (why != nullptr) {
          *why = absl::StrCat("tpush with split=", split,
                              " waits for the free credits of both AIV lanes, but the group "
                              "runs no AIV1 lane (launched 1C:1V): AIV1 is missing");
        }
        return true;
      }
      if (push && !ring.CanPush(party)) {
        if (why != nullptr) {
          *why = absl::StrCat("tpush: all ", ring.slot_num(), " slots of the ", DirName(dir),
                              " FIFO are in use");
        }
        return true;
      }
      if (!push && !ring.CanPop(party)) {
        if (why == nullptr) return true;
        const uint32_t missing = ring.MissingProducers(party);
        if (missing == 0) {
          *why = absl::StrCat("tpop: the ", DirName(dir), " FIFO is empty");
          return true;
        }
        const int lane = (missing & 1u) ? 0 : 1;
        *why = absl::StrCat("tpop: the ", DirName(dir), " slot still waits for the push of AIV",
                            lane);
        if (lane >= w_.aiv_lanes) {
          absl::StrAppend(why, ", which the group does not run (launched 1C:1V): AIV", lane,
                          " is missing");
        }
        return true;
      }
      return false;
    }
    case OpRole::kSyncAll:
      if (l.barrier >= 0 && !w_.barriers[l.barrier]->Released(l.barrier_generation)) {
        if (why != nullptr) {
          std::vector<std::string> missing;
          for (int lane : w_.barriers[l.barrier]->Missing()) {
            missing.push_back(absl::StrCat(w_.LaneName(lane),
                                           w_.lanes[lane].finished ? " (finished)" : ""));
          }
          *why = absl::StrCat("syncall: waiting for ", absl::StrJoin(missing, ", "));
        }
        return true;
      }
      return false;
    default: return false;
  }
}

Interpreter::OpResult Interpreter::Push(LaneState& l, const Expr& call) {
  PipeDir dir = DirOf(call);
  FifoRing& ring = w_.ring(l, dir);
  if (!ring.ready(FifoRing::Side::kProducer)) {
    Protocol(l, call.loc, absl::StrCat("'", call.str, "' before this lane set up the ",
                                       DirName(dir), " FIFO with *_initialize_pipe"));
    return Value();
  }
  const int split = static_cast<int>(AttrInt(call, "split"));
  CheckSplitClass(l, call, split);
  if (OffA5NoSplitPipe(l, call, split)) return Value();
  ASSIGN_OR_RETURN(Value tile, Eval(l, *call.args[0]));
  if (tile.kind != Value::Kind::kTile) return absl::InvalidArgumentError("expected a tile");
  const TileData& t = *tile.tile;
  if (dir == PipeDir::kV2C && w_.a5 && !IsNz(t.view)) {
    Protocol(l, call.loc, "on a5 a vector -> cube push must carry an NZ tile "
                          "(blayout=col_major, slayout=row_major)");
  }
  // A split V2C slot holds both AIV lanes' halves, lane 1's at pto-isa's
  // sub-offset inside it.
  const bool halves = dir == PipeDir::kV2C && split != 0;
  if (const int64_t needed = SlotBytes(t) * (halves ? 2 : 1); needed > ring.slot_size()) {
    Protocol(l, call.loc,
             absl::StrCat("the pushed tile needs ", needed, " bytes",
                          halves ? " (both AIV lanes' halves of a split V2C slot)" : "",
                          " but a ", DirName(dir), " slot has ", ring.slot_size()));
  }
  if (!ring.freed_clock().empty()) {
    w_.clocks.Acquire(l.id, ring.freed_clock(),
                      AcquireEvent{"tfree -> tpush", nullptr, &call.loc});
  }
  const int parties = VectorParties(split);
  // The slot holds a copy: a later tile.write of the pushed tile (in place,
  // tile_ops.h) does not reach it.
  const int slot_split =
      ring.Push(std::make_shared<const TileData>(t), w_.clocks.clock(l.id), &call.loc,
                Party(l), split, dir == PipeDir::kV2C ? parties : 1,
                dir == PipeDir::kC2V ? parties : 1);
  if (slot_split != split) {
    Protocol(l, call.loc, absl::StrCat("the AIV lanes push into one V2C slot with split=",
                                       slot_split, " and split=", split));
  }
  CheckGmOverlap(l, call.loc, dir);
  w_.clocks.Release(l.id, w_.machine.now());
  return Value();
}

void Interpreter::CheckGmOverlap(LaneState& l, const Location& push, PipeDir dir) {
  const std::optional<FifoRing::LiveSlot> mine = w_.ring(l, dir).LastWritten(Party(l));
  if (!mine.has_value()) return;
  const PipeDir other = dir == PipeDir::kC2V ? PipeDir::kV2C : PipeDir::kC2V;
  const std::optional<FifoRing::LiveSlot> theirs =
      w_.ring(l, other).LiveOverlapping(mine->first, mine->end);
  if (!theirs.has_value()) return;
  Protocol(l, push, GmRingOverlap(DirName(dir), *mine, DirName(other), *theirs),
           {SourceRef{"push", *theirs->push,
                      absl::StrCat("the ", DirName(other), " push whose slot is still live")}});
}

Interpreter::OpResult Interpreter::Pop(LaneState& l, const Expr& call, const Stmt* stmt) {
  PipeDir dir = DirOf(call);
  FifoRing& ring = w_.ring(l, dir);
  const Type& type = stmt != nullptr && stmt->kind == StmtKind::kAssign && stmt->var != nullptr
                         ? stmt->var->type
                         : call.type;
  std::vector<int64_t> shape;
  int64_t elements = 1;
  for (const Dim& d : type.shape()) {
    shape.push_back(d.is_static() ? d.value : 0);
    elements *= std::max<int64_t>(0, std::min<int64_t>(shape.back(), kMaxTileElements));
    if (elements > kMaxTileElements) return absl::InvalidArgumentError("the popped tile is too large");
  }
  if (!ring.ready(FifoRing::Side::kConsumer)) {
    Protocol(l, call.loc, absl::StrCat("'", call.str, "' before this lane set up the ",
                                       DirName(dir), " FIFO with *_initialize_pipe"));
    return Value::Tile(NewTile(type, shape));
  }
  const int split = static_cast<int>(AttrInt(call, "split"));
  CheckSplitClass(l, call, split);
  if (OffA5NoSplitPipe(l, call, split)) return Value::Tile(NewTile(type, shape));
  FifoRing::Entry e = ring.Pop(&call.loc, Party(l));
  for (size_t p = 0; p < e.clocks.size(); ++p) {
    if (e.pushes[p] == nullptr) continue;
    w_.clocks.Acquire(l.id, e.clocks[p], AcquireEvent{"tpush -> tpop", e.pushes[p], &call.loc});
  }
  const SourceRef pushed{"push", e.push != nullptr ? *e.push : Location{}, "pushed here"};
  if (e.split != split) {
    Protocol(l, call.loc,
             absl::StrCat("'", call.str, "' with split=", split, " pops a tile pushed with split=",
                          e.split),
             {pushed});
  }
  if (e.parts.size() == 2 && e.split != 0 && e.parts[0] != nullptr && e.parts[1] != nullptr &&
      (e.parts[0]->shape != e.parts[1]->shape || e.parts[0]->dtype != e.parts[1]->dtype)) {
    Protocol(l, call.loc,
             absl::StrCat("the AIV lanes pushed halves of different types into one V2C slot: ",
                          ShapeText(e.parts[0]->shape), " ", DTypeName(e.parts[0]->dtype),
                          " from AIV0, ", ShapeText(e.parts[1]->shape), " ",
                          DTypeName(e.parts[1]->dtype), " from AIV1"),
             {pushed, SourceRef{"push", e.pushes[1] != nullptr ? *e.pushes[1] : Location{},
                                "AIV1's push"}});
  }
  std::shared_ptr<TileData> out;
  if (e.tile->shape != shape || e.tile->dtype != type.dtype()) {
    Protocol(l, call.loc,
             absl::StrCat("the popped tile is ", ShapeText(shape), " ", DTypeName(type.dtype()),
                          " but the pushed one is ", ShapeText(e.tile->shape), " ",
                          DTypeName(e.tile->dtype)),
             {pushed});
    out = NewTile(type, shape);
  } else {
    out = std::make_shared<TileData>(*e.tile);
    out->memory = type.memory();
    out->view = type.view();
  }
  out->fifo_ring = l.rank * 2 + static_cast<int>(dir);
  out->fifo_seq = e.seq;
  out->fifo_split = split;
  return Value::Tile(out);
}

Interpreter::OpResult Interpreter::Free(LaneState& l, const Expr& call) {
  PipeDir dir = DirOf(call);
  const int split = static_cast<int>(AttrInt(call, "split"));
  CheckSplitClass(l, call, split);
  if (OffA5NoSplitPipe(l, call, split)) return Value();
  ASSIGN_OR_RETURN(Value tile, Eval(l, *call.args[0]));
  if (tile.kind != Value::Kind::kTile) return absl::InvalidArgumentError("expected a tile");
  if (tile.tile->fifo_ring != l.rank * 2 + static_cast<int>(dir)) {
    Protocol(l, call.loc, absl::StrCat("'", call.str, "' of a tile that was not popped from the ",
                                       DirName(dir), " FIFO"));
    return Value();
  }
  if (tile.tile->fifo_split != split) {
    Protocol(l, call.loc, absl::StrCat("'", call.str, "' with split=", split,
                                       " frees a tile popped with split=",
                                       tile.tile->fifo_split));
  }
  switch (w_.ring(l, dir).Free(tile.tile->fifo_seq, w_.clocks.clock(l.id), Party(l))) {
    case FifoRing::FreeResult::kOk: w_.clocks.Release(l.id, w_.machine.now()); break;
    case FifoRing::FreeResult::kAlreadyFreed:
      Protocol(l, call.loc, "double tfree: this popped tile's slot was already freed");
      break;
    case FifoRing::FreeResult::kNotPopped:
      Protocol(l, call.loc, "tfree of a tile that this FIFO never handed out");
      break;
  }
  return Value();
}

void Interpreter::CheckHeldAtEnd(LaneState& l) {
  for (PipeDir dir : {PipeDir::kC2V, PipeDir::kV2C}) {
    bool consumer = l.core == LaneCore::kMixed ||
                    SideOf(l.core == LaneCore::kAic, dir) == FifoRing::Side::kConsumer;
    if (!consumer) continue;
    for (const FifoRing::Held& h : w_.ring(l, dir).held(Party(l))) {
      Protocol(l, h.pop != nullptr ? *h.pop : Location{},
               absl::StrCat("tpop without tfree: the ", DirName(dir),
                            " slot popped here was never freed"));
    }
  }
}

}  // namespace sim
}  // namespace ptoc
