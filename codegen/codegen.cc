// Placeholder until the emitters land.
#include "codegen/codegen.h"

namespace ptoc {

absl::StatusOr<std::string> GenerateCode(const Program&, CodegenTarget) {
  return absl::UnimplementedError("error: code generation is not available yet");
}

}  // namespace ptoc
