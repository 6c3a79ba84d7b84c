#include "codegen/codegen.h"

#include "codegen/cce_emitter.h"
#include "codegen/kernel_abi.h"
#include "codegen/pto_emitter.h"
#include "codegen/target_info.h"

namespace ptoc {

absl::StatusOr<std::string> GenerateCode(const Program& program, CodegenTarget target) {
  absl::StatusOr<codegen::Backend> backend = codegen::BackendOf(program);
  if (!backend.ok()) return backend.status();
  absl::StatusOr<std::vector<codegen::KernelAbi>> abis =
      codegen::ComputeKernelAbis(program, *backend);
  if (!abis.ok()) return abis.status();
  if (target == CodegenTarget::kPto) return codegen::EmitPtoModule(program, *abis, *backend);
  return codegen::EmitCceFile(program, *abis, *backend);
}

}  // namespace ptoc
