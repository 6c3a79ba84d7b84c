#include "codegen/kernel_plan.h"

#include <algorithm>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "codegen/cxx_names.h"
#include "codegen/op_lowering.h"
#include "codegen/pipes.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"
#include "ir/walk.h"
#include "passes/comm_effects.h"

namespace ptoc {
namespace codegen {
namespace {

// materialize-aiv-lanes decided that both AIV subblocks run `fn` (1C:2V).
bool DualAivDispatch(const Function& fn) {
  const Expr* a = fn.FindAttr("dual_aiv_dispatch");
  return fn.kind == FunctionKind::kAIV && a != nullptr && a->kind == ExprKind::kBool &&
         a->bool_value;
}

// What codegen needs of one lane besides its pipes: whether it writes GM
// scalars and whether it has an unsplit transfer.
struct Lane {
  bool writes_gm_scalars = false;
  bool has_unsplit_transfer = false;
};

Lane LaneOf(const Function& f) {
  Lane lane;
  ForEachCall(*f.body, [&](const Expr& call) {
    const OpLowering* l = LoweringOf(call);
    if (l == nullptr) return;
    if (l->kind == OpKind::kTensorWrite) lane.writes_gm_scalars = true;
    if (IsPipeTransfer(l->kind) && IntAttr(call, "split", 0) == 0) lane.has_unsplit_transfer = true;
  });
  return lane;
}

}  // namespace

absl::StatusOr<std::vector<KernelPlan>> PlanKernels(const Program& program,
                                                    const std::vector<KernelAbi>& abis,
                                                    Backend backend) {
  const size_t n = program.functions.size();
  ASSIGN_OR_RETURN(std::vector<std::vector<PipeParams>> pipes, PlanPipes(program, abis, backend));

  std::vector<KernelPlan> plans(n);
  for (size_t i = 0; i < n; ++i) {
    if (!abis[i].emitted) continue;
    const Function& fn = *program.functions[i];
    if (absl::StrContains(fn.name, "__")) {
      return ErrorAt(fn.loc, absl::StrCat("kernel name '", fn.name,
                                          "' has '__', which C++ reserves for the "
                                          "implementation; rename the function"));
    }
    if (const std::string symbol = KernelSymbol(fn.name);
        symbol != fn.name && program.FindFunction(symbol) != nullptr) {
      return ErrorAt(fn.loc, absl::StrCat("kernel '", fn.name, "' is emitted as '", symbol,
                                          "' (C++ reserves its name), the name of another "
                                          "function; rename one of them"));
    }
    KernelPlan& plan = plans[i];
    plan.group = abis[i].group;
    plan.resets_vector_mask = fn.kind == FunctionKind::kAIV;
    if (DualAivDispatch(fn)) plan.aiv_lanes = 2;
    const Lane lane = LaneOf(fn);
    plan.cleans_data_cache = lane.writes_gm_scalars;
    plan.implicit_peer_invalidates = !NamesPeerInvalidates(fn);
    plan.pipes = std::move(pipes[i]);
    // ptoas's rule: an a5 vector kernel with an unsplit transfer, unless
    // both subblocks are meant to run it.
    plan.subblock0_only = backend == Backend::kA5 && fn.kind == FunctionKind::kAIV &&
                          lane.has_unsplit_transfer && !DualAivDispatch(fn);
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
