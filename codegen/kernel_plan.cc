#include "codegen/kernel_plan.h"

#include <algorithm>
#include <map>

#include "absl/strings/str_cat.h"
#include "codegen/ir_walk.h"
#include "codegen/op_lowering.h"
#include "codegen/pipes.h"
#include "ir/diagnostics.h"

namespace ptoc {
namespace codegen {
namespace {

// FFTS flag ids a core has for its pipes.
constexpr int kFlagIds = 16;

bool IsTransfer(OpKind k) {
  switch (k) {
    case OpKind::kPushToAiv: case OpKind::kPushToAic: case OpKind::kPopFromAic:
    case OpKind::kPopFromAiv: case OpKind::kFreeToAic: case OpKind::kFreeToAiv:
      return true;
    default:
      return false;
  }
}

bool IsPipeInit(OpKind k) { return k == OpKind::kAicInitPipe || k == OpKind::kAivInitPipe; }

// materialize-aiv-lanes decided that both AIV subblocks run `fn` (1C:2V).
bool DualAivDispatch(const Function& fn) {
  const Expr* a = fn.FindAttr("dual_aiv_dispatch");
  return fn.kind == FunctionKind::kAIV && a != nullptr && a->kind == ExprKind::kBool &&
         a->bool_value;
}

OpKind KindOf(const Expr& call) {
  const OpLowering* l = LoweringOf(call);
  return l == nullptr ? OpKind::kTileLoad : l->kind;
}

// A lane's pipe setups in program order, and the buffer ops (reserve /
// import) its top-level variables are bound to.
struct LanePipes {
  std::vector<const Expr*> inits;
  std::map<const Var*, const Expr*> buffer_ops;
  bool writes_gm_scalars = false;
};

LanePipes PipesOf(const Function& f) {
  LanePipes lane;
  for (const Stmt* s : StmtsOf(*f.body)) {
    if (s->kind == StmtKind::kAssign && s->value != nullptr &&
        s->value->kind == ExprKind::kCall) {
      const OpKind k = KindOf(*s->value);
      if (LoweringOf(*s->value) != nullptr &&
          (k == OpKind::kReserveBuffer || k == OpKind::kImportBuffer)) {
        lane.buffer_ops[s->var] = s->value.get();
      }
    }
  }
  ForEachCall(*f.body, [&](const Expr& call) {
    const OpLowering* l = LoweringOf(call);
    if (l == nullptr) return;
    if (IsPipeInit(l->kind)) lane.inits.push_back(&call);
    if (l->kind == OpKind::kTensorWrite) lane.writes_gm_scalars = true;
  });
  return lane;
}

const Location& LocOr(const Expr& e, const Location& fallback) {
  return e.loc.known() ? e.loc : fallback;
}

// The function the pipe set up by `init` (in `fn`) pairs with: the owner of
// the buffer it imports, or the lane that imports the buffer it reserves.
// ptoas pairs the two lanes' setups this way and rejects a setup without
// its peer, so ptoc does too, for both targets.
absl::StatusOr<const Function*> PeerOf(const Program& program, const Function& fn,
                                       const LanePipes& lane, const Expr& init) {
  const Location& loc = LocOr(init, fn.loc);
  const Expr* buffer_op = nullptr;
  for (size_t i = 0; i < 2 && i < init.args.size(); ++i) {
    const Expr& arg = *init.args[i];
    if (arg.kind != ExprKind::kVar) continue;
    auto it = lane.buffer_ops.find(arg.var);
    if (it != lane.buffer_ops.end()) {
      buffer_op = it->second;
      break;
    }
  }
  if (buffer_op == nullptr) {
    return ErrorAt(loc, "the pipe's consumer buffer must be a variable bound to "
                        "system.reserve_buffer or system.import_peer_buffer at the "
                        "kernel's top level: that buffer is how the two lanes' pipe "
                        "setups are paired (ptoas rejects a pipe it cannot pair)");
  }
  const std::string name = StringAttr(*buffer_op, "name");
  if (KindOf(*buffer_op) == OpKind::kImportBuffer) {
    const std::string peer = StringAttr(*buffer_op, "peer_func");
    const Function* f = program.FindFunction(peer);
    if (f == nullptr) {
      return ErrorAt(loc, absl::StrCat("the pipe's buffer is imported from '", peer,
                                       "', which is not a function of the program"));
    }
    return f;
  }
  for (const auto& other : program.functions) {
    if (other.get() == &fn ||
        (other->kind != FunctionKind::kAIC && other->kind != FunctionKind::kAIV)) {
      continue;
    }
    bool imports = false;
    ForEachCall(*other->body, [&](const Expr& call) {
      imports |= LoweringOf(call) != nullptr && KindOf(call) == OpKind::kImportBuffer &&
                 StringAttr(call, "name") == name && StringAttr(call, "peer_func") == fn.name;
    });
    if (imports) return other.get();
  }
  return ErrorAt(loc, absl::StrCat(
                          "the pipe set up here has no peer: no AIC or AIV function imports "
                          "the buffer '", name, "' reserved for it; set up the pipe in the "
                          "other lane too (system.import_peer_buffer(name=\"", name,
                          "\", peer_func=\"", fn.name, "\") and its *_initialize_pipe), "
                          "as expand-mixed-kernel does"));
}

// Adds the split codes of the transfers of pipe `id` in `f` to `codes`
// (split code -> the first transfer with it).
void CollectSplits(const Function& f, int64_t id, std::map<int64_t, const Expr*>* codes) {
  ForEachCall(*f.body, [&](const Expr& call) {
    const OpLowering* l = LoweringOf(call);
    if (l == nullptr || !IsTransfer(l->kind) || IntAttr(call, "id", 0) != id) return;
    codes->emplace(IntAttr(call, "split", 0), &call);
  });
}

absl::StatusOr<KernelPlan> PlanKernel(const Program& program, const Function& fn,
                                      const KernelAbi& abi, Backend backend) {
  KernelPlan plan;
  plan.group = abi.group;
  plan.resets_vector_mask = fn.kind == FunctionKind::kAIV;
  if (DualAivDispatch(fn)) plan.aiv_lanes = 2;
  const LanePipes lane = PipesOf(fn);
  plan.cleans_data_cache = lane.writes_gm_scalars;
  int next_flag = 0;
  for (size_t id = 0; id < lane.inits.size(); ++id) {
    const Expr& init = *lane.inits[id];
    const Location& loc = LocOr(init, fn.loc);
    absl::StatusOr<const Function*> peer = PeerOf(program, fn, lane, init);
    if (!peer.ok()) return peer.status();
    PipeParams p;
    p.flag_id = next_flag;
    next_flag += IntAttr(init, "dir_mask", 0) == 3 ? 4 : 2;
    if (next_flag > kFlagIds) {
      return ErrorAt(loc, absl::StrCat("the kernel's pipes need ", next_flag,
                                       " FFTS flags, more than the ", kFlagIds,
                                       " a core has (2 per direction of each pipe)"));
    }
    p.local_slot_num = backend == Backend::kA2A3 ? IntAttr(init, "slot_num", 2) : 2;
    std::map<int64_t, const Expr*> codes;
    CollectSplits(fn, static_cast<int64_t>(id), &codes);
    CollectSplits(**peer, static_cast<int64_t>(id), &codes);
    const bool has_no_split = codes.count(0) > 0;
    if (has_no_split && codes.size() > 1) {
      const Expr& split = *codes.rbegin()->second;
      return ErrorAt(LocOr(split, loc),
                     absl::StrCat("pipe ", id, " carries both split (split=",
                                  codes.rbegin()->first, ") and unsplit (split=0) "
                                  "transfers; a pipe is either split between the two "
                                  "vector lanes or not (TPipe's IsNoSplit)"));
    }
    p.no_split = codes.empty() || has_no_split;
    plan.pipes.push_back(p);
    if (p.no_split && backend == Backend::kA5 && fn.kind == FunctionKind::kAIV &&
        !DualAivDispatch(fn)) {
      plan.subblock0_only = true;
    }
  }
  return plan;
}

}  // namespace

absl::StatusOr<std::vector<KernelPlan>> PlanKernels(const Program& program,
                                                    const std::vector<KernelAbi>& abis,
                                                    Backend backend) {
  std::vector<KernelPlan> plans(program.functions.size());
  for (size_t i = 0; i < program.functions.size(); ++i) {
    if (!abis[i].emitted) continue;
    absl::StatusOr<KernelPlan> plan =
        PlanKernel(program, *program.functions[i], abis[i], backend);
    if (!plan.ok()) return plan.status();
    plans[i] = *std::move(plan);
  }
  // The launch is the Group's: its AIC entry declares the ratio of its AIV
  // function too.
  for (KernelPlan& plan : plans) {
    for (const KernelPlan& other : plans) {
      if (!plan.group.empty() && other.group == plan.group) {
        plan.aiv_lanes = std::max(plan.aiv_lanes, other.aiv_lanes);
      }
    }
  }
  return plans;
}

}  // namespace codegen
}  // namespace ptoc
