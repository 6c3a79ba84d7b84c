#include "passes/mixed_kernel_invariants.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/types.h"
#include "ir/walk.h"
#include "passes/mixed_kernel/common.h"
#include "passes/mixed_kernel/lane_fifo.h"

namespace ptoc {
namespace {

using mixed_kernel::FifoDirection;

struct FifoOp {
  const Stmt* stmt;
  const Expr* call;
  OpRole role;
  PipeDirection dir;
};

void CollectFifo(const Stmt& s, std::vector<FifoOp>* ops, const Expr** first_init,
                 bool* fifo_before_init) {
  if (const Expr* call = CallOf(s)) {
    std::optional<OpRole> role = RoleOf(*call);
    if (role == OpRole::kInitPipe && *first_init == nullptr) *first_init = call;
    PipeDirection dir = FifoDirection(*call);
    if (dir != PipeDirection::kNone && role.has_value()) {
      if (*first_init == nullptr) *fifo_before_init = true;
      ops->push_back(FifoOp{&s, call, *role, dir});
    }
  }
  for (const Stmt* c : ChildrenOf(s)) CollectFifo(*c, ops, first_init, fifo_before_init);
}

absl::string_view DirName(PipeDirection d) { return d == PipeDirection::kC2V ? "C2V" : "V2C"; }

// dual-aiv.md, "After the passes": no tile.aiv_shard / tile.aic_gather in a
// lane function (expand-mixed-kernel folds them into transports).
void CheckNoSplitBoundary(const Function& fn, const Stmt& body, DiagnosticSink& sink) {
  ForEachCall(body, [&](const Expr& call) {
    const OpInfo* info = LookupOp(call);
    if (info != nullptr && info->split_boundary != PipeDirection::kNone) {
      sink.Error(call.loc, absl::StrCat("in '", fn.name, "': '", call.str,
                                        "' is only allowed in a split_aiv InCore kernel, "
                                        "which expand-mixed-kernel lowers"));
    }
  });
}

// One buffer per pipe: a `*_initialize_pipe` whose buffer (the value of a
// system.reserve_buffer / import_peer_buffer, or another one of the same
// name and kind) another pipe of the function already uses would have the
// two pipes' slots overwrite each other.
void CheckPipeBuffers(const Function& fn, DiagnosticSink& sink) {
  absl::flat_hash_map<const Var*, std::string> buffer_of;  // var -> its buffer's key
  ForEachStmt(*fn.body, [&](const Stmt& s) {
    const Expr* call = s.kind == StmtKind::kAssign ? CallOf(s) : nullptr;
    if (call == nullptr) return;
    const std::optional<OpRole> role = RoleOf(*call);
    if (role != OpRole::kReserveBuffer && role != OpRole::kImportBuffer) return;
    const Expr* name = call->FindAttr("name");
    buffer_of[s.var] = absl::StrCat(call->str, "(name=\"",
                                    name != nullptr ? name->str : s.var->name, "\")");
  });
  absl::flat_hash_map<std::string, const Expr*> first_pipe;
  ForEachStmt(*fn.body, [&](const Stmt& s) {
    const Expr* call = CallOf(s);
    if (call == nullptr || RoleOf(*call) != OpRole::kInitPipe) return;
    for (const ExprPtr& arg : call->args) {
      if (arg->kind != ExprKind::kVar) continue;
      auto buffer = buffer_of.find(arg->var);
      const std::string key =
          buffer != buffer_of.end() ? buffer->second : absl::StrCat("'", arg->var->name, "'");
      auto [it, fresh] = first_pipe.emplace(key, call);
      if (fresh || it->second == call) continue;
      sink.Error(arg->loc.known() ? arg->loc : call->loc,
                 absl::StrCat("in '", fn.name, "': this '", call->str, "' uses the buffer ", key,
                              " that another pipe already uses; two pipes cannot share one "
                              "buffer (their slots would overwrite each other): give each pipe "
                              "its own system.reserve_buffer / import_peer_buffer"));
      sink.Note(it->second->loc, "the pipe that uses it first");
    }
  });
}

void CheckLane(const Function& fn, DiagnosticSink& sink) {
  CheckNoSplitBoundary(fn, *fn.body, sink);
  std::vector<FifoOp> ops;
  const Expr* init = nullptr;
  bool fifo_before_init = false;
  CollectFifo(*fn.body, &ops, &init, &fifo_before_init);
  if (fifo_before_init && init == nullptr) {
    // PyPTO's MixedKernelExpanded verifier refuses it too.
    const char* setup = fn.kind == FunctionKind::kAIC ? "system.aic_initialize_pipe"
                                                      : "system.aiv_initialize_pipe";
    sink.Error(ops.front().call->loc,
               absl::StrCat("in '", fn.name, "': '", ops.front().call->str,
                            "' is a cross-core op, but '", fn.name, "' has no '", setup,
                            "' call: a hand-written ", FunctionKindName(fn.kind),
                            " kernel sets up its pipe itself (a system.reserve_buffer or "
                            "import_peer_buffer and the initialize_pipe, paired with its "
                            "peer's); expand-mixed-kernel writes them only for an InCore "
                            "kernel it splits"));
  } else if (fifo_before_init) {
    sink.Error(ops.front().call->loc,
               absl::StrCat("in '", fn.name, "': a cross-core op runs before the pipe setup"));
  }
  Lane lane = fn.kind == FunctionKind::kAIC ? Lane::kCube : Lane::kVector;
  absl::flat_hash_map<const Var*, int> frees;
  absl::flat_hash_map<const Var*, const FifoOp*> pops;
  for (const FifoOp& op : ops) {
    if (LaneOf(*op.call) != lane) {
      sink.Error(op.call->loc, absl::StrCat("in '", fn.name, "': '", op.call->str,
                                            "' does not run on the ",
                                            FunctionKindName(fn.kind), " lane"));
    }
    if (op.role == OpRole::kPop && op.stmt->kind == StmtKind::kAssign) {
      pops[op.stmt->var] = &op;
      MemorySpace want = op.dir == PipeDirection::kV2C ? MemorySpace::kMat : MemorySpace::kVec;
      if (!op.call->type.is_tile() || op.call->type.memory() != want) {
        sink.Error(op.call->loc, absl::StrCat("in '", fn.name, "': '", op.call->str,
                                              "' must land in ", MemorySpaceName(want)));
      }
    }
    if (op.role == OpRole::kPush && !op.call->args.empty() &&
        !op.call->args[0]->type.has_static_shape()) {
      sink.Error(op.call->loc, absl::StrCat("in '", fn.name,
                                            "': a pushed tile must have a static shape"));
    }
  }
  for (const FifoOp& op : ops) {
    if (op.role != OpRole::kFree) continue;
    const Expr& arg = *op.call->args[0];
    auto pop = arg.kind == ExprKind::kVar ? pops.find(arg.var) : pops.end();
    if (pop == pops.end() || pop->second->dir != op.dir) {
      sink.Error(op.call->loc, absl::StrCat("in '", fn.name, "': '", op.call->str,
                                            "' does not free a tile popped in its direction"));
      continue;
    }
    ++frees[arg.var];
  }
  for (const FifoOp& op : ops) {
    if (op.role != OpRole::kPop || op.stmt->kind != StmtKind::kAssign) continue;
    int n = frees[op.stmt->var];
    if (n != 1) {
      sink.Error(op.call->loc, absl::StrCat("in '", fn.name, "': the tile popped here is freed ",
                                            n, " times, not once"));
    }
  }
  PipeDirection consumed = lane == Lane::kCube ? PipeDirection::kV2C : PipeDirection::kC2V;
  int held = mixed_kernel::MaxHeldPops(fn, consumed);
  const Expr* slot_num = init != nullptr ? AttrOrDefault(*init, "slot_num") : nullptr;
  int64_t slots = slot_num != nullptr && slot_num->kind == ExprKind::kInt ? slot_num->int_value : 2;
  if (held > slots) {
    sink.Error(init != nullptr ? init->loc : fn.loc,
               absl::StrCat("in '", fn.name, "': up to ", held, " popped ", DirName(consumed),
                            " tiles are held at once, more than slot_num=", slots));
  }
}

// The FIFO events of one direction and role, inside the control-flow
// skeleton that holds them, in a form comparable across the two lanes.
class Skeleton {
 public:
  Skeleton(const Function& fn, PipeDirection dir, OpRole role)
      : fn_(fn), dir_(dir), role_(role) {}

  std::string Of(const StmtPtr& body) { return body ? Of(*body) : ""; }

  std::string Of(const Stmt& s) {
    if (s.kind == StmtKind::kSeq) {
      std::string out;
      for (const StmtPtr& child : s.stmts) out += Of(*child);
      return out;
    }
    if (const Expr* call = CallOf(s)) {
      return RoleOf(*call) == role_ && FifoDirection(*call) == dir_ ? "E;" : "";
    }
    switch (s.kind) {
      case StmtKind::kFor: {
        loop_vars_[s.var] = depth_++;
        std::string inner = Of(s.body);
        --depth_;
        if (inner.empty()) return "";
        return absl::StrCat("for(", Canon(*s.start), ",", Canon(*s.stop), ",", Canon(*s.step),
                            "){", inner, "}");
      }
      case StmtKind::kWhile: {
        std::string inner = Of(s.body);
        return inner.empty() ? "" : absl::StrCat("while(", Canon(*s.value), "){", inner, "}");
      }
      case StmtKind::kIf: {
        std::string then_part = Of(s.body);
        std::string else_part = Of(s.else_body);
        if (then_part.empty() && else_part.empty()) return "";
        return absl::StrCat("if(", Canon(*s.value), "){", then_part, "}else{", else_part, "}");
      }
      default:
        return "";
    }
  }

 private:
  std::string Canon(const Expr& e) {
    switch (e.kind) {
      case ExprKind::kVar: {
        for (size_t i = 0; i < fn_.params.size(); ++i) {
          if (fn_.params[i].var == e.var) return absl::StrCat("$p", i);
        }
        auto it = loop_vars_.find(e.var);
        if (it != loop_vars_.end()) return absl::StrCat("$l", it->second);
        return absl::StrCat("$", e.var->name);
      }
      case ExprKind::kInt: return absl::StrCat(e.int_value);
      case ExprKind::kBool: return e.bool_value ? "T" : "F";
      default: {
        std::string out = absl::StrCat("(", static_cast<int>(e.kind), ":",
                                       static_cast<int>(e.binary_op), ":",
                                       static_cast<int>(e.unary_op), ":", e.str);
        for (const ExprPtr& a : e.args) absl::StrAppend(&out, ",", Canon(*a));
        return out + ")";
      }
    }
  }

  const Function& fn_;
  PipeDirection dir_;
  OpRole role_;
  int depth_ = 0;
  absl::flat_hash_map<const Var*, int> loop_vars_;
};

void CheckGroup(const Program& program, const Function& group, DiagnosticSink& sink) {
  const Function* aic = nullptr;
  const Function* aiv = nullptr;
  std::vector<const Stmt*> stmts;
  if (group.body->kind == StmtKind::kSeq) {
    for (const StmtPtr& s : group.body->stmts) stmts.push_back(s.get());
  } else {
    stmts.push_back(group.body.get());
  }
  for (const Stmt* s : stmts) {
    const Expr* call = CallOf(*s);
    if (call == nullptr || !call->is_function_call) continue;
    const Function* callee = program.FindFunction(call->str);
    if (callee == nullptr) continue;
    if (callee->kind == FunctionKind::kAIC) aic = callee;
    if (callee->kind == FunctionKind::kAIV) aiv = callee;
  }
  if (aic == nullptr || aiv == nullptr) return;
  for (PipeDirection dir : UnpairedDirections(*aic, *aiv)) {
    const bool c2v = dir == PipeDirection::kC2V;
    sink.Error(group.loc, absl::StrCat(
        "in Group '", group.name, "': the ", DirName(dir), " pushes of '",
        (c2v ? aic : aiv)->name, "' and the pops of '", (c2v ? aiv : aic)->name,
        "' differ in number, order or control flow"));
  }
}

}  // namespace

std::vector<PipeDirection> UnpairedDirections(const Function& aic, const Function& aiv) {
  std::vector<PipeDirection> unpaired;
  for (PipeDirection dir : {PipeDirection::kC2V, PipeDirection::kV2C}) {
    const Function& producer = dir == PipeDirection::kC2V ? aic : aiv;
    const Function& consumer = dir == PipeDirection::kC2V ? aiv : aic;
    if (Skeleton(producer, dir, OpRole::kPush).Of(producer.body) !=
        Skeleton(consumer, dir, OpRole::kPop).Of(consumer.body)) {
      unpaired.push_back(dir);
    }
  }
  return unpaired;
}

absl::Status VerifyMixedKernelInvariants(const Program& program, bool allow_in_core) {
  DiagnosticSink sink;
  for (const auto& fn : program.functions) {
    if (!fn->body) continue;
    switch (fn->kind) {
      case FunctionKind::kInCore:
        if (allow_in_core) {
          CheckPipeBuffers(*fn, sink);
          break;
        }
        sink.Error(fn->loc, absl::StrCat("InCore function '", fn->name,
                                         "' remains after expand-mixed-kernel"));
        break;
      case FunctionKind::kAIC:
      case FunctionKind::kAIV:
        CheckPipeBuffers(*fn, sink);
        CheckLane(*fn, sink);
        break;
      case FunctionKind::kGroup:
        CheckGroup(program, *fn, sink);
        break;
      default:
        break;
    }
  }
  return sink.ToStatus();
}

}  // namespace ptoc
