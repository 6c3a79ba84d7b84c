#include "codegen/pipe_plans.h"

#include "codegen/cce_emitter.h"
#include "codegen/kernel_abi.h"
#include "codegen/kernel_plan.h"
#include "codegen/target_info.h"
#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {

absl::StatusOr<std::map<std::string, SyncPlanner>> PlanPipeSync(const Program& program) {
  ASSIGN_OR_RETURN(Backend backend, BackendOf(program));
  ASSIGN_OR_RETURN(std::vector<KernelAbi> abis, ComputeKernelAbis(program, backend));
  ASSIGN_OR_RETURN(std::vector<KernelPlan> plans, PlanKernels(program, abis, backend));
  ASSIGN_OR_RETURN(PipeSyncMode mode, ParsePipeSync(program.options.pipe_sync));
  std::map<std::string, SyncPlanner> planners;
  SyncOptions sync;
  sync.mode = mode;
  sync.planners = &planners;
  RETURN_IF_ERROR(EmitCceFile(program, abis, plans, backend, sync).status());
  return planners;
}

absl::Status CheckDropUnits(const std::map<std::string, SyncPlanner>& planners,
                            const std::set<int>& drop) {
  std::set<int> units;
  for (const auto& [name, planner] : planners) {
    for (const SyncUnit& u : planner.units()) units.insert(u.number);
  }
  for (int n : drop) {
    if (units.count(n) == 0) {
      return UsageErrorStatus(absl::StrCat("--pipe-sync-drop: no unit ", n, ": the plan has ",
                                           units.size(), " (--emit=syncplan lists them)"));
    }
  }
  return absl::OkStatus();
}

}  // namespace codegen
}  // namespace ptoc
