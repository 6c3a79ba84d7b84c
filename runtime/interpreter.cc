#include "runtime/interpreter.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/annotation.h"
#include "ir/checked_math.h"
#include "ir/status_macros.h"
#include "codegen/op_lowering.h"
#include "runtime/pipe_check.h"
#include "runtime/scalar_arith.h"
#include "runtime/tile_ops.h"

namespace ptoc {
namespace sim {
namespace {

// Pure scalar ops the interpreter tells apart by name (the registry gives
// them all the kPureScalar role).
constexpr char kOpRank[] = "pld.rank";
constexpr char kOpNranks[] = "pld.nranks";
constexpr char kOpBlockIdx[] = "tile.get_block_idx";
constexpr char kOpBlockNum[] = "tile.get_block_num";

const Location& LocOf(const Expr& call, const Stmt* stmt) {
  return call.loc.known() || stmt == nullptr ? call.loc : stmt->loc;
}

const Location& InstrLoc(const LaneState& l) {
  const Instr& in = l.code->instrs[l.pc];
  return in.stmt != nullptr ? in.stmt->loc : l.code->function->loc;
}

}  // namespace

bool Interpreter::Ready(int lane) {
  LaneState& l = w_.lanes[lane];
  if (l.finished) return false;
  const Instr& in = l.code->instrs[l.pc];
  if (in.op == nullptr) return true;
  switch (in.op->role) {
    case OpRole::kWait:
    case OpRole::kPush:
    case OpRole::kPop:
    case OpRole::kSyncAll: break;
    default: return true;
  }
  quiet_ = true;
  bool ready = !Blocked(l, *in.stmt->value, *in.op, nullptr);
  quiet_ = false;
  return ready;
}

SourceRef Interpreter::Position(int lane) {
  LaneState& l = w_.lanes[lane];
  std::string state = "finished";
  if (!l.finished) {
    const Instr& in = l.code->instrs[l.pc];
    std::string why;
    quiet_ = true;
    bool blocked = in.op != nullptr && Blocked(l, *in.stmt->value, *in.op, &why);
    quiet_ = false;
    state = blocked ? absl::StrCat("blocked: ", why) : "ready to run";
  }
  return SourceRef{"position", l.finished ? Location{} : InstrLoc(l),
                   absl::StrCat(w_.LaneName(lane), " of rank ", l.rank, ": ", state)};
}

bool Interpreter::BlockedInWait(int lane) {
  LaneState& l = w_.lanes[lane];
  if (l.finished || l.code->instrs[l.pc].kind != InstrKind::kExec) return false;
  const OpInfo* op = l.code->instrs[l.pc].op;
  return op != nullptr && op->role == OpRole::kWait && !Ready(lane);
}

void Interpreter::Step(int lane) {
  LaneState& l = w_.lanes[lane];
  w_.machine.Tick();
  ++w_.steps;
  const Instr& in = l.code->instrs[l.pc];
  Location loc = InstrLoc(l);
  const int pc = l.pc;
  absl::Status s = Exec(l, in);
  if (!s.ok()) {
    Protocol(l, loc, absl::StrCat("the lane stopped: ", s.message()));
    if (!l.finished) Finish(l);
  } else if (pipes_ != nullptr && (l.pc != pc || in.kind == InstrKind::kEnd)) {
    pipes_->Step(lane, pc, l.pc);
  }
  w_.ReportClobbers();
}

void Interpreter::Protocol(LaneState& l, const Location& loc, std::string message,
                           std::vector<SourceRef> more) {
  if (quiet_) return;
  Finding f;
  f.kind = FindingKind::kProtocolError;
  f.message = std::move(message);
  f.locations.push_back(SourceRef{"position", loc, ""});
  for (SourceRef& r : more) f.locations.push_back(std::move(r));
  w_.AddFinding(std::move(f), l.id);
}

void Interpreter::Finish(LaneState& l) {
  l.finished = true;
  w_.machine.FinishLane(l.id);
  w_.dma_reads.Clear(l.id);
  CheckHeldAtEnd(l);
}

absl::Status Interpreter::Exec(LaneState& l, const Instr& in) {
  switch (in.kind) {
    case InstrKind::kExec: {
      const Stmt& st = *in.stmt;
      repeat_ = false;
      ASSIGN_OR_RETURN(Value v, st.value->kind == ExprKind::kCall ? CallOp(l, *st.value, &st, in.op)
                                                                  : Eval(l, *st.value));
      if (l.finished) return absl::OkStatus();
      // A fresh N-D tile (a load or create) named by a 2-D annotation is
      // that 2-D tile, its leading dims folded into the rows, as code
      // generation lays it out (PyPTO's FlattenTileNdTo2D form).
      if (st.kind == StmtKind::kAssign && st.var != nullptr && v.kind == Value::Kind::kTile &&
          v.tile->shape.size() > 2 && FoldsNdTo2D(st)) {
        auto folded = std::make_shared<TileData>(*v.tile);
        int64_t rows = 1;
        for (size_t i = 0; i + 1 < folded->shape.size(); ++i) rows *= folded->shape[i];
        folded->shape = {rows, folded->shape.back()};
        v = Value::Tile(std::move(folded));
      }
      if (st.kind == StmtKind::kAssign && st.var != nullptr) l.env[st.var->id] = v;
      if (st.kind == StmtKind::kSetItem) RETURN_IF_ERROR(SetItem(l, st, v));
      if (!repeat_) ++l.pc;
      return absl::OkStatus();
    }
    case InstrKind::kForInit: {
      const Stmt& st = *in.stmt;
      int64_t start = 0, step = 1;
      if (st.start) {
        ASSIGN_OR_RETURN(Value v, Eval(l, *st.start));
        start = v.AsInt();
      }
      ASSIGN_OR_RETURN(Value stop, Eval(l, *st.stop));
      if (st.step) {
        ASSIGN_OR_RETURN(Value v, Eval(l, *st.step));
        step = v.AsInt();
      }
      if (step == 0) return absl::InvalidArgumentError("a loop with step 0");
      std::vector<Value> init;
      for (const ExprPtr& e : st.init_values) {
        ASSIGN_OR_RETURN(Value v, Eval(l, *e));
        init.push_back(v);
      }
      for (size_t i = 0; i < st.iter_args.size() && i < init.size(); ++i) {
        l.env[st.iter_args[i]->id] = init[i];
      }
      l.env[st.var->id] = Value::Int(start);
      l.loop_stop[in.loop] = stop.AsInt();
      l.loop_step[in.loop] = step;
      ++l.pc;
      return absl::OkStatus();
    }
    case InstrKind::kForCheck: {
      const Stmt& st = *in.stmt;
      int64_t i = l.env[st.var->id].i;
      int64_t stop = l.loop_stop[in.loop];
      bool more = l.loop_step[in.loop] > 0 ? i < stop : i > stop;
      if (more) {
        ++l.pc;
        return absl::OkStatus();
      }
      for (size_t k = 0; k < st.results.size() && k < st.iter_args.size(); ++k) {
        l.env[st.results[k]->id] = l.env[st.iter_args[k]->id];
      }
      l.pc = in.target;
      return absl::OkStatus();
    }
    case InstrKind::kForNext:
      l.env[in.stmt->var->id].i += l.loop_step[in.loop];
      l.pc = in.target;
      return absl::OkStatus();
    case InstrKind::kCarryInit: {
      const Stmt& st = *in.stmt;
      std::vector<Value> init;
      for (const ExprPtr& e : st.init_values) {
        ASSIGN_OR_RETURN(Value v, Eval(l, *e));
        init.push_back(v);
      }
      for (size_t i = 0; i < st.iter_args.size() && i < init.size(); ++i) {
        l.env[st.iter_args[i]->id] = init[i];
      }
      ++l.pc;
      return absl::OkStatus();
    }
    case InstrKind::kBranch: {
      const Stmt& st = *in.stmt;
      ASSIGN_OR_RETURN(Value c, Eval(l, *st.value));
      if (!c.AsBool() && st.kind == StmtKind::kWhile) {
        for (size_t k = 0; k < st.results.size() && k < st.iter_args.size(); ++k) {
          l.env[st.results[k]->id] = l.env[st.iter_args[k]->id];
        }
      }
      l.pc = c.AsBool() ? l.pc + 1 : in.target;
      return absl::OkStatus();
    }
    case InstrKind::kJump:
      l.pc = in.target;
      return absl::OkStatus();
    case InstrKind::kYield: {
      std::vector<Value> values;
      for (const ExprPtr& e : in.stmt->values) {
        ASSIGN_OR_RETURN(Value v, Eval(l, *e));
        values.push_back(v);
      }
      const std::vector<Var*>& into =
          in.owner->kind == StmtKind::kIf ? in.owner->results : in.owner->iter_args;
      for (size_t k = 0; k < into.size() && k < values.size(); ++k) {
        l.env[into[k]->id] = values[k];
      }
      ++l.pc;
      return absl::OkStatus();
    }
    case InstrKind::kEnd:
      Finish(l);
      return absl::OkStatus();
  }
  return absl::OkStatus();
}

absl::StatusOr<Value> Interpreter::Eval(LaneState& l, const Expr& e) {
  switch (e.kind) {
    case ExprKind::kVar: {
      const Value& v = l.env[e.var->id];
      if (v.kind == Value::Kind::kNone) {
        return absl::InvalidArgumentError(absl::StrCat("'", e.var->name, "' has no value"));
      }
      return v;
    }
    case ExprKind::kInt: return Value::Int(e.int_value);
    case ExprKind::kFloat: return Value::Float(e.float_value);
    case ExprKind::kBool: return Value::Bool(e.bool_value);
    case ExprKind::kBinary: {
      ASSIGN_OR_RETURN(Value a, Eval(l, *e.args[0]));
      // `and` / `or` short-circuit as in Python.
      if (e.binary_op == BinaryOp::kAnd && !a.AsBool()) return Value::Bool(false);
      if (e.binary_op == BinaryOp::kOr && a.AsBool()) return Value::Bool(true);
      ASSIGN_OR_RETURN(Value b, Eval(l, *e.args[1]));
      return ScalarArith(e.binary_op, a, b);
    }
    case ExprKind::kUnary: {
      ASSIGN_OR_RETURN(Value a, Eval(l, *e.args[0]));
      return ScalarUnary(e.unary_op, a);
    }
    case ExprKind::kCall: return CallOp(l, e, nullptr);
    default:
      return absl::InvalidArgumentError("a list, string or enum used as a value");
  }
}

absl::StatusOr<std::vector<int64_t>> Interpreter::EvalInts(LaneState& l, const Expr& list) {
  if (list.kind != ExprKind::kList && list.kind != ExprKind::kTuple) {
    return absl::InvalidArgumentError("expected a list of integers");
  }
  std::vector<int64_t> out;
  for (const ExprPtr& e : list.args) {
    ASSIGN_OR_RETURN(Value v, Eval(l, *e));
    if (v.kind != Value::Kind::kInt && v.kind != Value::Kind::kBool) {
      return absl::InvalidArgumentError("expected an integer in a list");
    }
    out.push_back(v.i);
  }
  return out;
}

absl::StatusOr<int> Interpreter::EvalTensor(LaneState& l, const Expr& e) {
  ASSIGN_OR_RETURN(Value v, Eval(l, e));
  if (v.kind != Value::Kind::kTensor) {
    return absl::InvalidArgumentError("expected a GM tensor");
  }
  return static_cast<int>(v.i);
}

int Interpreter::PeerAllocation(LaneState& l, int alloc, int64_t peer, const Location& loc) {
  const Allocation& a = w_.machine.allocation(alloc);
  if (!a.window) {
    Protocol(l, loc, absl::StrCat("'", a.name, "' is not a window: peers cannot address it"));
    return -1;
  }
  if (peer < 0 || peer >= w_.ranks) {
    Protocol(l, loc, absl::StrCat("out-of-bounds GM access: peer ", peer,
                                  " is not a rank (there are ", w_.ranks, ")"));
    return -1;
  }
  return w_.machine.FindAllocation(a.param, static_cast<int>(peer));
}

std::optional<std::vector<Interpreter::Run>> Interpreter::Region(
    LaneState& l, int alloc, const std::vector<int64_t>& offsets,
    const std::vector<int64_t>& shape, const Location& loc, const std::string& what) {
  const Allocation& a = w_.machine.allocation(alloc);
  const size_t rank = a.shape.size();
  bool ok = offsets.size() == rank && shape.size() == rank;
  for (size_t d = 0; ok && d < rank; ++d) {
    const CheckedInt end = CheckedInt(offsets[d]) + shape[d];
    ok = offsets[d] >= 0 && shape[d] >= 0 && end.ok() && end.value() <= a.shape[d];
  }
  if (!ok) {
    std::vector<std::string> ranges;
    for (size_t d = 0; d < offsets.size() && d < shape.size(); ++d) {
      const CheckedInt end = CheckedInt(offsets[d]) + shape[d];
      ranges.push_back(absl::StrCat(offsets[d], ":",
                                    end.ok() ? absl::StrCat(end.value()) : "(past 2^63)"));
    }
    Protocol(l, loc, absl::StrCat("out-of-bounds GM access: ", what, " of ", a.name, "[",
                                  absl::StrJoin(ranges, ", "), "] on rank ", a.rank,
                                  ", whose shape is [", absl::StrJoin(a.shape, ", "), "]"));
    return std::nullopt;
  }
  std::vector<Run> runs;
  int64_t total = 1;
  for (int64_t d : shape) total *= d;
  if (total == 0) return runs;
  const int esize = DTypeBytes(a.dtype);
  const int64_t row = rank == 0 ? 1 : shape[rank - 1];
  std::vector<int64_t> index(rank, 0);  // over the leading dims
  for (int64_t done = 0; done < total; done += row) {
    int64_t linear = 0;
    for (size_t d = 0; d < rank; ++d) linear = linear * a.shape[d] + offsets[d] + index[d];
    uint64_t addr = a.base + static_cast<uint64_t>(linear) * esize;
    if (!runs.empty() && runs.back().addr + runs.back().elements * esize == addr) {
      runs.back().elements += row;
    } else {
      runs.push_back(Run{addr, row});
    }
    for (size_t d = rank == 0 ? 0 : rank - 1; d-- > 0;) {  // next index of the leading dims
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
  return runs;
}

namespace {

// The element of `array` at `index`, or the error of an index outside it.
absl::StatusOr<size_t> ArrayElement(const Value& array, const Value& index, const Var* var) {
  if (array.kind != Value::Kind::kArray) {
    return absl::InvalidArgumentError("an array op of a value that is no array");
  }
  const int64_t i = index.AsInt();
  if (i < 0 || i >= static_cast<int64_t>(array.array->size())) {
    return absl::OutOfRangeError(absl::StrCat("index ", i, " is outside the array",
                                              var != nullptr ? absl::StrCat(" '", var->name, "'")
                                                             : "",
                                              " of ", array.array->size(), " elements"));
  }
  return static_cast<size_t>(i);
}

}  // namespace

Interpreter::OpResult Interpreter::ArrayOp(LaneState& l, const Expr& call, codegen::OpKind kind) {
  if (kind == codegen::OpKind::kArrayCreate) return Value::Array(call.type.shape()[0].value);
  // array.get_element: the element as a number of the array's dtype.
  ASSIGN_OR_RETURN(Value array, Eval(l, *call.args[0]));
  ASSIGN_OR_RETURN(Value index, Eval(l, *call.args[1]));
  const Var* var = call.args[0]->kind == ExprKind::kVar ? call.args[0]->var : nullptr;
  ASSIGN_OR_RETURN(size_t i, ArrayElement(array, index, var));
  const int64_t v = (*array.array)[i];
  return call.type.dtype() == DType::kBOOL ? Value::Bool(v != 0) : Value::Int(v);
}

absl::Status Interpreter::SetItem(LaneState& l, const Stmt& st, const Value& v) {
  const Value& array = l.env[st.var->id];
  ASSIGN_OR_RETURN(Value index, Eval(l, *st.values[0]));
  ASSIGN_OR_RETURN(size_t i, ArrayElement(array, index, st.var));
  // The value in the element type (PyPTO's update_element converts INDEX).
  const DType d = st.var->type.dtype();
  int64_t x = v.AsInt();
  if (d == DType::kBOOL) x = v.AsBool() ? 1 : 0;
  if (d != DType::kBOOL && DTypeBytes(d) < 8) {
    x = static_cast<int64_t>(RoundToDType(static_cast<double>(x), d));
  }
  (*array.array)[i] = x;
  return absl::OkStatus();
}

Interpreter::OpResult Interpreter::CallOp(LaneState& l, const Expr& call, const Stmt* stmt,
                                          const OpInfo* info) {
  if (info == nullptr) info = LookupOp(call);
  if (info == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("cannot run '", call.str, "'"));
  }
  // A form codegen refuses (pld.tensor.put's subregion, chunk sizes, ...)
  // is not run with those parts ignored either.
  RETURN_IF_ERROR(CheckCompiledForm(call));
  checker_.BeginOp(l.id, &LocOf(call, stmt));
  switch (info->role) {
    case OpRole::kCompute: {
      if (const codegen::OpLowering* lw = codegen::LoweringOf(call);
          lw != nullptr && lw->kind == codegen::OpKind::kBarrier) {
        // pipe_barrier: PIPE_ALL waits for every pipe, the DMA writes too.
        if (lw->pto_name == "PIPE_ALL") w_.machine.Fence(l.id);
        return Value();
      }
      if (const codegen::OpLowering* lw = codegen::LoweringOf(call);
          lw != nullptr && lw->kind == codegen::OpKind::kMgather) {
        ASSIGN_OR_RETURN(codegen::CallLowering plan,
                         codegen::PlanCall(*l.code->function, call,
                                           w_.a5 ? Backend::kA5 : Backend::kA2A3, 0,
                                           LocOf(call, stmt)));
        return Mgather(l, call, plan);
      }
      if (const codegen::OpLowering* lw = codegen::LoweringOf(call);
          lw != nullptr && lw->kind == codegen::OpKind::kTileAlloc) {
        return Value();  // PyPTO's MemRef buffer: nothing runs
      }
      if (const codegen::OpLowering* lw = codegen::LoweringOf(call);
          lw != nullptr && codegen::FamilyOf(lw->kind) == codegen::OpFamily::kArray) {
        return ArrayOp(l, call, lw->kind);
      }
      if (const codegen::OpLowering* lw = codegen::LoweringOf(call);
          lw != nullptr && codegen::FamilyOf(lw->kind) == codegen::OpFamily::kPrefetch) {
        // The async L2 prefetch is a cache hint: its handles hold nothing a
        // kernel computes with, and the wait finds the prefetch done.
        return lw->kind == codegen::OpKind::kPrefetchWait ? Value::Bool(true) : Value();
      }
      std::vector<Value> args;
      std::vector<std::vector<int64_t>> lists(call.args.size());
      for (size_t i = 0; i < call.args.size(); ++i) {
        const Expr& a = *call.args[i];
        if (a.kind == ExprKind::kList || a.kind == ExprKind::kTuple) {
          // A slice's sizes and offsets: integers, no value of their own.
          ASSIGN_OR_RETURN(lists[i], EvalInts(l, a));
          args.push_back(Value());
          continue;
        }
        ASSIGN_OR_RETURN(Value v, Eval(l, a));
        args.push_back(v);
      }
      // tile.read / tile.write: one element of a Vec tile (a number, or the
      // tile with it set).
      if (const codegen::OpLowering* lw = codegen::LoweringOf(call);
          lw != nullptr &&
          (lw->kind == codegen::OpKind::kTileRead || lw->kind == codegen::OpKind::kTileWrite)) {
        return TileElementOp(call, args, lists.size() > 1 ? lists[1] : std::vector<int64_t>{},
                             lw->kind == codegen::OpKind::kTileWrite);
      }
      std::vector<int64_t> shape;
      if (const Expr* attr = call.FindAttr("shape")) {
        ASSIGN_OR_RETURN(std::vector<int64_t> s, EvalInts(l, *attr));
        shape = s;
      }
      ASSIGN_OR_RETURN(std::shared_ptr<const TileData> t, ComputeTileOp(call, args, shape, lists));
      return Value::Tile(t);
    }
    case OpRole::kPureScalar: {
      // The vector lanes' own pure scalar, tile.get_subblock_idx: which
      // AIV subblock the lane is (0 under a 1C:1V launch).
      if (LaneOf(call) == Lane::kVector) return Value::Int(l.subblock);
      if (const codegen::OpLowering* lw = codegen::LoweringOf(call);
          lw != nullptr && lw->kind == codegen::OpKind::kConst) {
        // pl.const(value, dtype): the literal as a number of its dtype.
        ASSIGN_OR_RETURN(Value v, Eval(l, *call.args[0]));
        const DType d = call.type.dtype();
        if (d == DType::kBOOL) return Value::Bool(v.AsInt() != 0);
        return IsFloatDType(d) ? Value::Float(v.AsDouble()) : Value::Int(v.AsInt());
      }
      if (const codegen::OpLowering* lw = codegen::LoweringOf(call);
          lw != nullptr && lw->kind == codegen::OpKind::kScalarCast) {
        // pl.cast: into the result's dtype (integers wrap to its width).
        ASSIGN_OR_RETURN(Value v, Eval(l, *call.args[0]));
        const DType d = call.type.dtype();
        if (IsFloatDType(d)) return Value::Float(RoundToDType(v.AsDouble(), d));
        if (d == DType::kBOOL) return Value::Bool(v.AsBool());
        if (DTypeBytes(d) >= 8) return Value::Int(v.AsInt());
        return Value::Int(static_cast<int64_t>(RoundToDType(static_cast<double>(v.AsInt()), d)));
      }
      if (const codegen::OpLowering* lw = codegen::LoweringOf(call);
          lw != nullptr && lw->kind == codegen::OpKind::kScalarMinMax) {
        // pl.min / pl.max: of the two, in the result's dtype.
        ASSIGN_OR_RETURN(Value a, Eval(l, *call.args[0]));
        ASSIGN_OR_RETURN(Value b, Eval(l, *call.args[1]));
        const bool min = call.str == "min";
        if (IsFloatDType(call.type.dtype())) {
          const double x = a.AsDouble(), y = b.AsDouble();
          return Value::Float(min ? std::min(x, y) : std::max(x, y));
        }
        const int64_t x = a.AsInt(), y = b.AsInt();
        return Value::Int(min ? std::min(x, y) : std::max(x, y));
      }
      // A kernel entry is one block; a whole program's spmd launch, n.
      if (call.str == kOpBlockIdx) return Value::Int(l.block);
      if (call.str == kOpBlockNum) return Value::Int(l.block_num);
      ASSIGN_OR_RETURN(Value arg, Eval(l, *call.args[0]));
      if (call.str == kOpRank) return Value::Int(arg.i);
      if (call.str == kOpNranks) return Value::Int(w_.ranks);
      return Value::CommCtx(l.rank);  // pld.get_comm_ctx
    }
    case OpRole::kGmLoad: return TileLoad(l, call);
    case OpRole::kGmStore: return TileStore(l, call);
    case OpRole::kScalarRead: return TensorRead(l, call);
    case OpRole::kScalarWrite: return TensorWrite(l, call);
    case OpRole::kRemoteLoad: return RemoteLoad(l, call);
    case OpRole::kRemoteWrite:
      // remote_store names the written region by offsets; put copies a tensor.
      return info->access.offsets_arg >= 0 ? RemoteStore(l, call) : Put(l, call);
    case OpRole::kGet: return Get(l, call);
    case OpRole::kNotify: return Notify(l, call);
    case OpRole::kWait: return WaitOrTest(l, call, /*is_test=*/false);
    case OpRole::kTest: return WaitOrTest(l, call, /*is_test=*/true);
    case OpRole::kFence:
      w_.machine.Fence(l.id);
      return Value();
    case OpRole::kCacheInvalidate: return CacheInvalidate(l, call);
    case OpRole::kSyncAll: return SyncAll(l, call);
    case OpRole::kPush: return Push(l, call);
    case OpRole::kPop: return Pop(l, call, stmt);
    case OpRole::kFree: return Free(l, call);
    case OpRole::kInitPipe: return InitPipe(l, call);
    case OpRole::kReserveBuffer: {
      const Expr* base = AttrOrDefault(call, "base");
      return Value::Int(base != nullptr && base->int_value >= 0 ? base->int_value : 0);
    }
    case OpRole::kImportBuffer: return Value::Int(0);
  }
  return absl::InvalidArgumentError(absl::StrCat("cannot run '", call.str, "'"));
}

}  // namespace sim
}  // namespace ptoc
