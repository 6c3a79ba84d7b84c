// Code generation: the post-pass IR -> PTO-AS text (.pto) or Ascend device
// C++ (.cpp). See codegen/README.md and the spec's codegen.md.
#ifndef PTOC_CODEGEN_CODEGEN_H_
#define PTOC_CODEGEN_CODEGEN_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/ir.h"

namespace ptoc {

enum class CodegenTarget {
  kPto,
  kCce,
  kSyncPlan,  // the units of every kernel's pipe-sync plan (--emit=syncplan)
};

struct CodegenOptions {
  // Units of the sync plan left out (--pipe-sync-drop), numbered over the
  // whole program in emission order.
  std::vector<int> drop_units;
  // --emit=syncplan: also check the plan with each unit left out, one at a
  // time (--pipe-sync-removal), and list the units no finding catches.
  bool removal_check = false;
};

// Emits every AIC and AIV function of `program` as a kernel for the backend
// recorded in program.options.backend (empty: a2a3). Orchestration, Group,
// Spmd and Opaque functions are not emitted; an InCore function is an
// error (run expand-mixed-kernel first). Errors are diagnostics at the
// source location of the construct that cannot be lowered. The same IR
// always gives the same bytes.
// The pipe synchronisation is program.options.pipe_sync's (empty:
// barrier-all).
absl::StatusOr<std::string> GenerateCode(const Program& program, CodegenTarget target,
                                         const CodegenOptions& options = {});

}  // namespace ptoc

#endif  // PTOC_CODEGEN_CODEGEN_H_
