#include "codegen/lowering.h"

#include "absl/algorithm/container.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codegen/pipes.h"
#include "codegen/target_info.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

Operand Arg(int i) { return Operand{Operand::Kind::kTileArg, i}; }
Operand Result() { return Operand{Operand::Kind::kResult, 0}; }
Operand Gm() { return Operand{Operand::Kind::kGm, 0}; }

MachineStep Step(MachineOp op, Pipe pipe, std::vector<Operand> reads,
                 std::vector<Operand> writes) {
  MachineStep s;
  s.op = op;
  s.pipe = pipe;
  s.barrier_all_pipe = pipe;
  s.reads = std::move(reads);
  s.writes = std::move(writes);
  return s;
}

bool IsAtomicAdd(const Expr& call) {
  const Expr* a = AttrOrDefault(call, "atomic");
  return a != nullptr && a->str == "add";
}

MemorySpace MemoryOfArg(const Expr& call, int i) {
  if (i >= static_cast<int>(call.args.size()) || !call.args[i]->type.is_tile()) {
    return MemorySpace::kVec;
  }
  return call.args[i]->type.memory();
}

// The region of `plan`: tensor argument `gm`, peer `peer`, offsets `region`.
void Addresses(CallLowering& plan, int gm, int peer, int region, CallLowering::Extent extent) {
  plan.gm_arg = gm;
  plan.peer_arg = peer;
  plan.region_arg = region;
  plan.extent = extent;
}

}  // namespace

Pipe MovePipe(MemorySpace src) {
  switch (src) {
    case MemorySpace::kVec: return Pipe::kV;
    case MemorySpace::kAcc: return Pipe::kFix;
    default: return Pipe::kMte1;
  }
}

Pipe StorePipe(MemorySpace src) { return src == MemorySpace::kAcc ? Pipe::kFix : Pipe::kMte3; }

Pipe PopPipe(bool a5, bool to_vec) {
  if (!a5) return Pipe::kMte2;
  return to_vec ? Pipe::kV : Pipe::kMte1;
}

Pipe FreePipe(bool a5, bool from_vec) {
  if (!a5) return Pipe::kS;
  return from_vec ? Pipe::kV : Pipe::kMte1;
}

absl::string_view PipeName(Pipe p) {
  static constexpr absl::string_view kNames[] = {"PIPE_S",    "PIPE_V",    "PIPE_M",  "PIPE_MTE1",
                                                 "PIPE_MTE2", "PIPE_MTE3", "PIPE_FIX"};
  return kNames[static_cast<int>(p)];
}

bool CoreHasPipe(FunctionKind kind, Pipe p) {
  // MTE3 on both: an AIC's Mat -> GM store runs on it (pto-isa
  // include/pto/common/event.hpp: TSTORE_MAT on PIPE_MTE3; PTOAS
  // PTOOps.td: "VEC/UB and MAT -> GM use the MTE3 pipe").
  if (p == Pipe::kS || p == Pipe::kMte2 || p == Pipe::kMte3) return true;
  if (kind == FunctionKind::kAIV) return p == Pipe::kV;
  return p == Pipe::kMte1 || p == Pipe::kM || p == Pipe::kFix;
}

bool PipeInOrder(Backend backend, Pipe p) {
  return p == Pipe::kS || (backend == Backend::kA5 && p == Pipe::kV);
}

absl::string_view MachineOpName(MachineOp op) {
  static constexpr absl::string_view kNames[] = {
      "TLOAD", "TSTORE", "TMOV",  "TMATMUL", "TVEC",   "TPUSH",   "TPOP", "TFREE", "LD_S",
      "ST_S",  "DCCI",   "FENCE", "TPUT",    "TGET",   "TNOTIFY", "TWAIT", "SYNCALL"};
  return kNames[static_cast<int>(op)];
}

absl::Status CheckSignal(const std::string& param, DType dtype, const Location& loc) {
  if (dtype == DType::kINT32) return absl::OkStatus();
  return ErrorAt(loc, absl::StrCat("signal '", param, "' must hold INT32 values"));
}

MachineStep DcciStep() { return Step(MachineOp::kDcci, Pipe::kS, {}, {Gm()}); }

absl::StatusOr<std::vector<Dim>> InvalidateSizes(const Expr& sizes) {
  std::vector<Dim> dims;
  for (const ExprPtr& d : sizes.args) {
    if (d->kind == ExprKind::kInt) {
      dims.push_back(Dim::Static(d->int_value));
    } else if (d->kind == ExprKind::kVar) {
      dims.push_back(Dim::Symbolic(d->var->name));
    } else {
      return ErrorAt(d->loc, "a region size must be a constant or a scalar parameter");
    }
  }
  return dims;
}

absl::StatusOr<std::vector<Dim>> RegionSizes(const CallLowering& plan, const Expr& call,
                                             size_t rank, const Location& loc) {
  switch (plan.extent) {
    case CallLowering::Extent::kResult:
      return call.type.shape();
    case CallLowering::Extent::kTileArg0:
      return TileRegion(call.args[0]->type, rank, loc);
    case CallLowering::Extent::kElement:
      return std::vector<Dim>(rank, Dim::Static(1));
    case CallLowering::Extent::kSizesArg:
      break;
  }
  return InvalidateSizes(*call.args[1]);
}

absl::StatusOr<CallLowering> PlanCall(const Function& fn, const Expr& call, Backend backend,
                                      int depth, const Location& loc) {
  ASSIGN_OR_RETURN(const OpLowering* op, LowerableOp(fn, call, loc));
  // The store's rule is the target's (below); every other op's is PyPTO's.
  if (op->kind != OpKind::kTileStore) {
    RETURN_IF_ERROR(CheckOperandMemory(call, loc));
  }
  if (std::optional<std::vector<DType>> takes = LoweringDTypes(*op, BackendName(backend));
      takes.has_value() && !call.args.empty() && call.args[0]->type.is_tile() &&
      !absl::c_linear_search(*takes, call.args[0]->type.dtype())) {
    std::vector<std::string> names;
    for (DType t : *takes) names.emplace_back(DTypeName(t));
    return ErrorAt(loc, absl::StrCat("'", call.str, "' (", op->cce_name, ") on ",
                                     BackendName(backend), " takes ", absl::StrJoin(names, ", "),
                                     " tiles, not ", DTypeName(call.args[0]->type.dtype())));
  }
  CallLowering plan;
  plan.op = op;
  plan.atomic_add = IsAtomicAdd(call);
  const bool a5 = backend == Backend::kA5;
  std::vector<MachineStep>& steps = plan.steps;
  using Extent = CallLowering::Extent;
  switch (op->kind) {
    case OpKind::kTileLoad:
    case OpKind::kRemoteLoad: {
      const bool remote = op->kind == OpKind::kRemoteLoad;
      // ptoas: an A2/A3 TLOAD writes Vec or Mat only (the cube reaches
      // Left / Right / Acc through Mat).
      if (!a5 && call.type.is_tile() && call.type.memory() != MemorySpace::kVec &&
          call.type.memory() != MemorySpace::kMat) {
        return ErrorAt(loc, absl::StrCat("on a2a3 '", call.str, "' loads into Vec or Mat, not ",
                                         MemorySpaceName(call.type.memory())));
      }
      Addresses(plan, 0, remote ? 1 : -1, remote ? 2 : 1, Extent::kResult);
      steps.push_back(Step(MachineOp::kTLoad, Pipe::kMte2, {Gm()}, {Result()}));
      break;
    }
    case OpKind::kTileStore: {
      // ptoas: an A2/A3 TSTORE reads Vec, Mat or Acc; an A5 one Vec or Acc
      // (the target's rule, wider than PyPTO's Vec|Acc on a2a3).
      const MemorySpace from = MemoryOfArg(call, 0);
      const bool ok = from == MemorySpace::kVec || from == MemorySpace::kAcc ||
                      (!a5 && from == MemorySpace::kMat);
      if (!ok) {
        return ErrorAt(loc, absl::StrCat("on ", a5 ? "a5" : "a2a3", " 'tile.store' stores from ",
                                         a5 ? "Vec or Acc" : "Vec, Mat or Acc", ", not ",
                                         MemorySpaceName(from)));
      }
      Addresses(plan, 2, -1, 1, Extent::kTileArg0);
      steps.push_back(
          Step(MachineOp::kTStore, StorePipe(MemoryOfArg(call, 0)), {Arg(0)}, {Gm()}));
      break;
    }
    case OpKind::kRemoteStore:
      Addresses(plan, 1, 2, 3, Extent::kTileArg0);
      steps.push_back(Step(MachineOp::kTStore, Pipe::kMte3, {Arg(0)}, {Gm()}));
      steps.push_back(DcciStep());
      break;
    case OpKind::kTileMove:
      plan.tile_operands = 1;
      steps.push_back(
          Step(MachineOp::kTMov, MovePipe(MemoryOfArg(call, 0)), {Arg(0)}, {Result()}));
      break;
    case OpKind::kMatmul:
      plan.tile_operands = 2;
      steps.push_back(Step(MachineOp::kTMatmul, Pipe::kM, {Arg(0), Arg(1)}, {Result()}));
      break;
    case OpKind::kCast: {
      const Expr* mode = call.FindAttr("mode");
      if (mode != nullptr && mode->kind != ExprKind::kString && mode->kind != ExprKind::kInt) {
        return ErrorAt(loc, "a tile.cast's mode must be a constant (\"round\", 2, ...)");
      }
      if (call.type.is_tile() && call.args[0]->type.is_tile()) {
        absl::Status s = CheckCast(backend, call.args[0]->type.dtype(), call.type.dtype());
        if (!s.ok()) return ErrorAt(loc, s.message());
        // ptoas converts between buffers of one physical shape only; a row
        // of 32 bytes pads a narrow type's tile wider than a wide type's.
        absl::StatusOr<TileGeometry> from = GeometryOf(call.args[0]->type, backend, loc);
        absl::StatusOr<TileGeometry> to = GeometryOf(call.type, backend, loc);
        if (from.ok() && to.ok() && (from->rows != to->rows || from->cols != to->cols)) {
          return ErrorAt(loc, absl::StrCat(
              "ptoas converts only between tile buffers of one shape: this ",
              DTypeName(from->dtype), " tile is ", from->rows, " x ", from->cols, ", its ",
              DTypeName(to->dtype), " result ", to->rows, " x ", to->cols,
              " (rows pad to 32 bytes); give the tile a width both types fill"));
        }
      }
      plan.tile_operands = 1;
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {Arg(0)}, {Result()}));
      break;
    }
    case OpKind::kRowReduce:
      // The scratch tile is written too (pto-isa keeps partial results there).
      plan.tile_operands = 2;
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {Arg(0), Arg(1)}, {Result(), Arg(1)}));
      break;
    case OpKind::kColReduce:
      plan.tile_operands = 1;
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {Arg(0)}, {Result()}));
      break;
    case OpKind::kElementwise:
      plan.tile_operands = op->elementwise->tile_operands();
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV,
                           plan.tile_operands == 2 ? std::vector<Operand>{Arg(0), Arg(1)}
                                                   : std::vector<Operand>{Arg(0)},
                           {Result()}));
      break;
    case OpKind::kTensorRead:
      steps.push_back(Step(MachineOp::kScalarRead, Pipe::kS, {Gm()}, {}));
      break;
    case OpKind::kTensorWrite:
      steps.push_back(Step(MachineOp::kScalarWrite, Pipe::kS, {}, {Gm()}));
      break;
    case OpKind::kTilePut:
    case OpKind::kTensorPut:
    case OpKind::kTileGet:
    case OpKind::kTensorGet: {
      const bool put = op->kind == OpKind::kTilePut || op->kind == OpKind::kTensorPut;
      const bool tile_form =
          op->kind == OpKind::kTilePut || op->kind == OpKind::kTileGet;
      plan.remote_arg = put ? 0 : 2;
      plan.local_arg = put ? 2 : 0;
      plan.peer_arg = 1;
      plan.stage_arg = tile_form ? 3 : -1;
      // TPUT / TGET are DMA (MTE2 and MTE3 inside, with their own events);
      // the barriers around them drain the pipes that issue them.
      MachineStep s = Step(put ? MachineOp::kTPut : MachineOp::kTGet, Pipe::kMte2, {Gm()},
                           {Gm()});
      s.barrier_all_before = s.barrier_all_after = true;
      steps.push_back(s);
      if (put) steps.push_back(DcciStep());
      break;
    }
    case OpKind::kNotify:
    case OpKind::kWait:
    case OpKind::kTest: {
      const bool notify = op->kind == OpKind::kNotify;
      plan.offsets_arg = notify ? 2 : 1;
      Addresses(plan, 0, notify ? 1 : -1, plan.offsets_arg, Extent::kElement);
      plan.signal = true;
      if (notify) {
        MachineStep s = Step(MachineOp::kTNotify, Pipe::kS, {}, {Gm()});
        // TNOTIFY ends with its own pipe_barrier(PIPE_ALL) (inside the
        // library call: the emitters print only the one before it).
        s.barrier_all_before = s.barrier_all_after = true;
        steps.push_back(s);
      } else {
        steps.push_back(Step(MachineOp::kTWait, Pipe::kS, {Gm()}, {}));
      }
      break;
    }
    case OpKind::kFence: {
      MachineStep s = Step(MachineOp::kFence, Pipe::kS, {}, {});
      if (fn.kind == FunctionKind::kAIV) {
        // Never PIPE_FIX on a vector core: it has no fixpipe and can hang.
        s.drains_all = true;
      } else {
        s.drains = {Pipe::kMte2, Pipe::kMte3, Pipe::kFix};
      }
      steps.push_back(s);
      break;
    }
    case OpKind::kCacheInvalidate:
      if (!call.args.empty()) Addresses(plan, 0, -1, 2, Extent::kSizesArg);
      steps.push_back(DcciStep());
      break;
    case OpKind::kSyncAll:
      steps.push_back(Step(MachineOp::kSyncAll, Pipe::kS, {Gm()}, {Gm()}));
      break;
    case OpKind::kAicInitPipe:
    case OpKind::kAivInitPipe:
      if (depth > 0) return ErrorAt(loc, "pipe setup must be at the top level of the kernel");
      break;
    case OpKind::kPushToAiv:
    case OpKind::kPushToAic:
    case OpKind::kPopFromAic:
    case OpKind::kPopFromAiv:
    case OpKind::kFreeToAic:
    case OpKind::kFreeToAiv: {
      plan.split = IntAttr(call, "split", 0);
      if (absl::StatusOr<absl::string_view> s = CceSplitAxis(plan.split, loc); !s.ok()) {
        return s.status();
      }
      const OpKind k = op->kind;
      if (k == OpKind::kPushToAiv || k == OpKind::kPushToAic) {
        if (k == OpKind::kPushToAic && a5 && call.args[0]->type.is_tile() &&
            call.args[0]->type.view().blayout != Layout::kColMajor) {
          return ErrorAt(loc, "on a5 a vector-to-cube push must carry an NZ tile "
                              "(blayout=col_major, slayout=row_major); run "
                              "expand-mixed-kernel, which adds the tile.move");
        }
        // ptoas: the cube pushes to the vector lanes from Acc (the FIX pipe)
        // and the vector lanes push from Vec; no other tile maps to a
        // producer pipe.
        const MemorySpace from = MemoryOfArg(call, 0);
        const MemorySpace want = k == OpKind::kPushToAiv ? MemorySpace::kAcc : MemorySpace::kVec;
        if (call.args[0]->type.is_tile() && from != want) {
          return ErrorAt(loc, absl::StrCat("'", call.str, "' pushes a tile in ",
                                           MemorySpaceName(want), ", not in ",
                                           MemorySpaceName(from)));
        }
        steps.push_back(Step(MachineOp::kTPush, StorePipe(from), {Arg(0)}, {}));
      } else if (k == OpKind::kPopFromAic || k == OpKind::kPopFromAiv) {
        const bool from_aic = k == OpKind::kPopFromAic;
        if (!call.type.is_tile() ||
            call.type.memory() != (from_aic ? MemorySpace::kVec : MemorySpace::kMat)) {
          return ErrorAt(loc, absl::StrCat("'", call.str, "' must produce a tile in ",
                                           from_aic ? "Vec" : "Mat"));
        }
        MachineStep s = Step(MachineOp::kTPop, PopPipe(a5, from_aic), {}, {Result()});
        s.barrier_all_pipe = Pipe::kMte2;
        steps.push_back(s);
      } else {
        MachineStep s =
            Step(MachineOp::kTFree, FreePipe(a5, k == OpKind::kFreeToAic), {}, {Arg(0)});
        s.barrier_all_pipe = Pipe::kS;
        steps.push_back(s);
      }
      break;
    }
    case OpKind::kTileCreate:
    case OpKind::kGetCommCtx:
    case OpKind::kRank:
    case OpKind::kNRanks:
    case OpKind::kSubblockIdx:
    case OpKind::kReserveBuffer:
    case OpKind::kImportBuffer:
      break;
  }
  return plan;
}

}  // namespace codegen
}  // namespace ptoc
