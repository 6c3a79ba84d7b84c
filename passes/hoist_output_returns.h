// Pass `hoist-output-returns`: PyPTO's `return pl.store(tile, offs, out)`.
//
// A kernel whose final return gives back only its own tensor parameters
// (ir/output_returns.h) returns nothing the caller does not hold, but a
// value in that return may still do work: `pl.store(...)` into the
// parameter. The pass moves each such value into an assignment before the
// return (`out_ret = pl.store(t, o, out)`, then `return out_ret`), so that
// codegen and the sync planner see the store as a statement of its own.
// Codegen requires it (codegen/codegen.cc names the pass when a program
// lacks it); it runs in the default pipeline before insert-comm-fence, so a
// store returned into a window is a statement the pass can fence.
#ifndef PTOC_PASSES_HOIST_OUTPUT_RETURNS_H_
#define PTOC_PASSES_HOIST_OUTPUT_RETURNS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"
#include "passes/pass.h"

namespace ptoc {

class HoistOutputReturnsPass : public Pass {
 public:
  absl::string_view name() const override { return "hoist-output-returns"; }
  absl::StatusOr<bool> Run(Program& program, PassContext& context) override;
  absl::Status VerifyAfter(const Program& program) const override;
};

// The post-condition: no kernel's final return holds an output-parameter
// value other than a plain name. The error is located at the value.
absl::Status CheckOutputReturnsHoisted(const Program& program);

}  // namespace ptoc

#endif  // PTOC_PASSES_HOIST_OUTPUT_RETURNS_H_
