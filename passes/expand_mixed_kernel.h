// Pass `expand-mixed-kernel` (spec: expand-mixed-kernel.md).
//
// Splits every mixed InCore kernel into an AIC and an AIV function plus a
// Group running both, turns values crossing the lanes into FIFO transfers,
// orders the GM accesses the lanes share in both directions, and sets up the
// cross-core pipe; non-mixed InCore kernels are retyped AIC or AIV. Options:
// --backend=a2a3|a5 and --v2c-sync=fence|barrier|error|off.
#ifndef PTOC_PASSES_EXPAND_MIXED_KERNEL_H_
#define PTOC_PASSES_EXPAND_MIXED_KERNEL_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"
#include "passes/pass.h"

namespace ptoc {

class ExpandMixedKernel : public Pass {
 public:
  static constexpr absl::string_view kName = "expand-mixed-kernel";

  absl::string_view name() const override { return kName; }
  absl::StatusOr<bool> Run(Program& program, PassContext& context) override;
  // The post-conditions of mixed_kernel_invariants.h.
  absl::Status VerifyAfter(const Program& program) const override;
};

}  // namespace ptoc

#endif  // PTOC_PASSES_EXPAND_MIXED_KERNEL_H_
