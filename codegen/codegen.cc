#include "codegen/codegen.h"

#include "codegen/cce_emitter.h"
#include "codegen/kernel_abi.h"
#include "codegen/kernel_plan.h"
#include "codegen/pipe_plans.h"
#include "codegen/pto_emitter.h"
#include "codegen/sync_plan.h"
#include "codegen/target_info.h"
#include "ir/status_macros.h"
#include "passes/hoist_output_returns.h"
#include "passes/lower_composite_ops.h"
#include "passes/materialize_aiv_lanes.h"

namespace ptoc {

absl::StatusOr<std::string> GenerateCode(const Program& program, CodegenTarget target,
                                         const CodegenOptions& options) {
  // Codegen runs no pass: what the pipeline must have done is checked here,
  // and the error names the pass a program (a .pb, or --passes=...) lacks.
  RETURN_IF_ERROR(CheckNoCompositeOps(program));
  RETURN_IF_ERROR(CheckOutputReturnsHoisted(program));
  RETURN_IF_ERROR(CheckNoAivLaneToMaterialize(program));
  ASSIGN_OR_RETURN(codegen::Backend backend, codegen::BackendOf(program));
  ASSIGN_OR_RETURN(std::vector<codegen::KernelAbi> abis,
                   codegen::ComputeKernelAbis(program, backend));
  ASSIGN_OR_RETURN(std::vector<codegen::KernelPlan> plans,
                   codegen::PlanKernels(program, abis, backend));
  ASSIGN_OR_RETURN(codegen::PipeSyncMode mode, codegen::ParsePipeSync(program.options.pipe_sync));
  codegen::SyncOptions sync;
  sync.mode = mode;
  sync.drop = std::set<int>(options.drop_units.begin(), options.drop_units.end());
  sync.removal_check = options.removal_check;
  if (!sync.drop.empty()) {
    // A unit the plan does not have would be dropped silently.
    std::map<std::string, codegen::SyncPlanner> planners;
    codegen::SyncOptions planning = sync;
    planning.planners = &planners;
    RETURN_IF_ERROR(codegen::EmitCceFile(program, abis, plans, backend, planning).status());
    RETURN_IF_ERROR(codegen::CheckDropUnits(planners, sync.drop));
  }
  if (target == CodegenTarget::kPto) {
    return codegen::EmitPtoModule(program, abis, plans, backend, sync);
  }
  std::string syncplan;
  if (target == CodegenTarget::kSyncPlan) sync.plan_text = &syncplan;
  absl::StatusOr<std::string> cce = codegen::EmitCceFile(program, abis, plans, backend, sync);
  if (!cce.ok() || target == CodegenTarget::kCce) return cce;
  return syncplan;
}

}  // namespace ptoc
