#include "codegen/kernel_abi.h"

#include <algorithm>
#include <numeric>

#include "absl/strings/str_cat.h"
#include "ir/walk.h"
#include "codegen/op_lowering.h"
#include "codegen/pipe_layout.h"
#include "codegen/target_info.h"
#include "ir/annotation.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

// What one lane uses by itself.
struct LaneUsage {
  std::vector<std::string> dynamic_dims;
  bool sdma_workspace = false;
  bool comm_ctx = false;
  bool pipe = false;
  std::array<int, 3> soft_syncalls = {0, 0, 0};
};

bool NeedsCommCtx(OpKind k) {
  switch (k) {
    case OpKind::kRank: case OpKind::kNRanks: case OpKind::kRemoteStore:
    case OpKind::kRemoteLoad: case OpKind::kTilePut: case OpKind::kTensorPut:
    case OpKind::kTileGet: case OpKind::kTensorGet: case OpKind::kNotify:
      return true;
    default:
      return false;
  }
}

// The pl.dynamic names of `program` sizing the tensor parameters of `f`
// that are no scalar parameter of `f` (a dim written as an expression is
// code generation's error where it is used).
std::vector<std::string> DynamicDimsOf(const Program& program, const Function& f) {
  std::vector<std::string> names;
  for (const Param& p : f.params) {
    if (!p.var->type.is_tensor()) continue;
    for (const Dim& d : p.var->type.shape()) {
      if (d.is_static() || d.is_expr()) continue;
      const bool declared = std::find(program.dynamic_dims.begin(), program.dynamic_dims.end(),
                                      d.symbol) != program.dynamic_dims.end();
      const bool scalar_param = std::any_of(f.params.begin(), f.params.end(), [&](const Param& q) {
        return q.var->name == d.symbol && q.var->type.is_scalar();
      });
      if (declared && !scalar_param &&
          std::find(names.begin(), names.end(), d.symbol) == names.end()) {
        names.push_back(d.symbol);
      }
    }
  }
  return names;
}

LaneUsage UsageOf(const Function& f) {
  LaneUsage u;
  ForEachCall(*f.body, [&](const Expr& call) {
    const OpLowering* l = LoweringOf(call);
    if (l == nullptr) return;
    if (NeedsCommCtx(l->kind)) u.comm_ctx = true;
    if (l->kind == OpKind::kPrefetchContext) u.sdma_workspace = true;
    if (l->kind == OpKind::kAicInitPipe || l->kind == OpKind::kAivInitPipe) u.pipe = true;
    if (l->kind == OpKind::kSyncAll && IsSoftSyncAll(call)) {
      ++u.soft_syncalls[static_cast<int>(SyncCoreOf(call))];
    }
  });
  return u;
}

int Find(std::vector<int>& parent, int i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

bool IsLane(const Function& f) {
  return f.kind == FunctionKind::kAIC || f.kind == FunctionKind::kAIV;
}

bool SameParamTypes(const Function& a, const Function& b) {
  if (a.params.size() != b.params.size()) return false;
  for (size_t i = 0; i < a.params.size(); ++i) {
    if (a.params[i].var->type != b.params[i].var->type) return false;
  }
  return true;
}

int IndexOf(const Program& p, absl::string_view name) {
  for (size_t i = 0; i < p.functions.size(); ++i) {
    if (p.functions[i]->name == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

SyncCore SyncCoreOf(const Expr& syncall) {
  const Expr* core = AttrOrDefault(syncall, "core_type");
  if (core != nullptr && core->str == "aic_only") return SyncCore::kAicOnly;
  if (core != nullptr && core->str == "aiv_only") return SyncCore::kAivOnly;
  return SyncCore::kMix;
}

bool IsSoftSyncAll(const Expr& syncall) {
  const Expr* mode = AttrOrDefault(syncall, "mode");
  return mode == nullptr || mode->str != "hard";
}

namespace {

// A dtype neither target can spell would otherwise come out as a 32-bit
// integer: every value of an emitted function must have a spelling.
absl::Status CheckSpellableDTypes(const Function& f) {
  for (const std::unique_ptr<Var>& v : f.vars) {
    const Type& t = v->type;
    if (!(t.is_scalar() || t.is_tile() || t.is_tensor()) || HasCodegenSpelling(t.dtype())) {
      continue;
    }
    return ErrorAt(v->loc, absl::StrCat("code generation cannot spell dtype ",
                                        DTypeName(t.dtype()), " (of '", v->name,
                                        "') on either target yet"));
  }
  return absl::OkStatus();
}

// A kernel has no tuple values to lower: a tuple subscript (PyPTO's
// TupleGetItem, e.g. of a function call's results) is refused where it stands.
absl::Status CheckNoTupleValues(const Function& f) {
  const Expr* found = nullptr;
  ForEachExpr(*f.body, [&](const Expr& e) {
    if (found == nullptr && e.kind == ExprKind::kTupleGetItem) found = &e;
  });
  if (found == nullptr) return absl::OkStatus();
  return ErrorAt(found->loc, absl::StrCat("kernel '", f.name, "': ptoc does not lower a "
                                          "tuple subscript in a kernel"));
}

}  // namespace

absl::StatusOr<std::vector<KernelAbi>> ComputeKernelAbis(const Program& program,
                                                         Backend backend) {
  const int n = static_cast<int>(program.functions.size());
  std::vector<KernelAbi> abis(n);
  std::vector<LaneUsage> usage(n);
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  for (int i = 0; i < n; ++i) {
    const Function& f = *program.functions[i];
    if (f.kind == FunctionKind::kInCore) {
      return ErrorAt(f.loc, absl::StrCat("function '", f.name,
                                         "' is an InCore kernel; run expand-mixed-kernel "
                                         "before code generation to split it into AIC "
                                         "and AIV lanes"));
    }
    if (!IsLane(f) && f.kind != FunctionKind::kGroup) {
      // PyPTO outlines such a region into an InCore kernel
      // (OutlineIncoreScopes); ptoc does not outline, and emits no code for
      // this function, so the region's work would be lost.
      if (const Stmt* region = FirstSplitAivRegion(*f.body)) {
        return ErrorAt(region->loc,
                       absl::StrCat("ptoc cannot compile the pl.split_aiv region in ",
                                    FunctionKindName(f.kind), " function '", f.name,
                                    "': ptoc compiles only InCore kernels and does not "
                                    "outline core scopes; write the region in an "
                                    "@pl.function(type=pl.FunctionType.InCore) kernel"));
      }
    }
    if (!IsLane(f)) continue;
    RETURN_IF_ERROR(CheckSpellableDTypes(f));
    RETURN_IF_ERROR(CheckNoTupleValues(f));
    if (const Stmt* retyped = FirstRetypedAssign(*f.body)) {
      return ErrorAt(retyped->loc, RetypedAssignMessage(*retyped));
    }
    abis[i].emitted = true;
    usage[i] = UsageOf(f);
    usage[i].dynamic_dims = DynamicDimsOf(program, f);
  }
  // The lanes one Group launches together share their trailing parameters.
  for (int g = 0; g < n; ++g) {
    const Function& group = *program.functions[g];
    if (group.kind != FunctionKind::kGroup) continue;
    int first_lane = -1;
    absl::Status status;
    ForEachCall(*group.body, [&](const Expr& call) {
      if (!status.ok() || !call.is_function_call) return;
      const int callee = IndexOf(program, call.str);
      if (callee < 0 || !IsLane(*program.functions[callee])) return;
      if (abis[callee].group.empty()) abis[callee].group = group.name;
      if (first_lane < 0) {
        first_lane = callee;
        return;
      }
      if (!SameParamTypes(*program.functions[first_lane], *program.functions[callee])) {
        status = ErrorAt(call.loc,
                         absl::StrCat("the lanes '", program.functions[first_lane]->name,
                                      "' and '", call.str, "' of group '", group.name,
                                      "' take different parameters; a group launches "
                                      "its lanes with the same arguments"));
        return;
      }
      parent[Find(parent, callee)] = Find(parent, first_lane);
    });
    if (!status.ok()) return status;
  }
  // a2a3: the GM rings of every lane's pipes size gm_pipe_buffer.
  std::vector<std::vector<PipeParams>> pipes;
  const bool any_pipe = std::any_of(usage.begin(), usage.end(),
                                    [](const LaneUsage& u) { return u.pipe; });
  if (backend == Backend::kA2A3 && any_pipe) {
    ASSIGN_OR_RETURN(pipes, PlanPipes(program, abis, backend));
  }
  for (int root = 0; root < n; ++root) {
    if (!abis[root].emitted || Find(parent, root) != root) continue;
    LaneUsage all;
    int mix = 0, aic_only = 0, aiv_only = 0;
    int64_t gm_bytes = 0;
    for (int i = 0; i < n; ++i) {
      if (!abis[i].emitted || Find(parent, i) != root) continue;
      for (const std::string& d : usage[i].dynamic_dims) {
        if (std::find(all.dynamic_dims.begin(), all.dynamic_dims.end(), d) ==
            all.dynamic_dims.end()) {
          all.dynamic_dims.push_back(d);
        }
      }
      all.sdma_workspace |= usage[i].sdma_workspace;
      all.comm_ctx |= usage[i].comm_ctx;
      all.pipe |= usage[i].pipe;
      mix = std::max(mix, usage[i].soft_syncalls[0]);
      aic_only = std::max(aic_only, usage[i].soft_syncalls[1]);
      aiv_only = std::max(aiv_only, usage[i].soft_syncalls[2]);
      if (!pipes.empty()) gm_bytes = std::max(gm_bytes, GmWorkspaceBytes(pipes[i]));
    }
    for (int i = 0; i < n; ++i) {
      if (!abis[i].emitted || Find(parent, i) != root) continue;
      KernelAbi& abi = abis[i];
      abi.dynamic_dims = all.dynamic_dims;
      abi.sdma_workspace = all.sdma_workspace;
      abi.comm_ctx = all.comm_ctx;
      abi.gm_pipe_buffer = all.pipe && backend == Backend::kA2A3;
      abi.gm_pipe_buffer_bytes = gm_bytes;
      abi.syncall_slot_base = {0, mix, mix + aic_only};
      abi.syncall_slots = mix + aic_only + aiv_only;
      abi.sync_workspace = abi.syncall_slots > 0;
    }
  }
  return abis;
}

int EmittedKernels(const std::vector<KernelAbi>& abis) {
  int n = 0;
  for (const KernelAbi& abi : abis) n += abi.emitted ? 1 : 0;
  return n;
}

}  // namespace codegen
}  // namespace ptoc
