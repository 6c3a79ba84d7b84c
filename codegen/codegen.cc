#include "codegen/codegen.h"

#include "codegen/cce_emitter.h"
#include "codegen/kernel_abi.h"
#include "codegen/kernel_plan.h"
#include "codegen/pto_emitter.h"
#include "codegen/target_info.h"
#include "passes/materialize_aiv_lanes.h"

namespace ptoc {

absl::StatusOr<std::string> GenerateCode(const Program& input, CodegenTarget target) {
  // The launch each AIV function declares is materialize-aiv-lanes's
  // decision; applying it here makes the output independent of --passes
  // (the pass is idempotent).
  std::unique_ptr<Program> materialized = CloneProgram(input);
  if (absl::StatusOr<bool> m = MaterializeAivLanesOf(*materialized); !m.ok()) {
    return m.status();
  }
  const Program& program = *materialized;
  absl::StatusOr<codegen::Backend> backend = codegen::BackendOf(program);
  if (!backend.ok()) return backend.status();
  absl::StatusOr<std::vector<codegen::KernelAbi>> abis =
      codegen::ComputeKernelAbis(program, *backend);
  if (!abis.ok()) return abis.status();
  absl::StatusOr<std::vector<codegen::KernelPlan>> plans =
      codegen::PlanKernels(program, *abis, *backend);
  if (!plans.ok()) return plans.status();
  if (target == CodegenTarget::kPto) {
    return codegen::EmitPtoModule(program, *abis, *plans, *backend);
  }
  return codegen::EmitCceFile(program, *abis, *plans, *backend);
}

}  // namespace ptoc
