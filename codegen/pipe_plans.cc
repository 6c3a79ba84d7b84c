#include "codegen/pipe_plans.h"

#include "codegen/cce_emitter.h"
#include "codegen/kernel_abi.h"
#include "codegen/kernel_plan.h"
#include "codegen/target_info.h"
#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"

namespace ptoc {
namespace codegen {

absl::StatusOr<std::map<std::string, SyncPlanner>> PlanPipeSync(const Program& program) {
  absl::StatusOr<Backend> backend = BackendOf(program);
  if (!backend.ok()) return backend.status();
  absl::StatusOr<std::vector<KernelAbi>> abis = ComputeKernelAbis(program, *backend);
  if (!abis.ok()) return abis.status();
  absl::StatusOr<std::vector<KernelPlan>> plans = PlanKernels(program, *abis, *backend);
  if (!plans.ok()) return plans.status();
  absl::StatusOr<PipeSyncMode> mode = ParsePipeSync(program.options.pipe_sync);
  if (!mode.ok()) return mode.status();
  std::map<std::string, SyncPlanner> planners;
  SyncOptions sync;
  sync.mode = *mode;
  sync.planners = &planners;
  absl::StatusOr<std::string> cce = EmitCceFile(program, *abis, *plans, *backend, sync);
  if (!cce.ok()) return cce.status();
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
