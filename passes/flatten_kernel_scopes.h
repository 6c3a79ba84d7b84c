// Pass `flatten-kernel-scopes`: PyPTO's task scopes written inside a kernel.
//
// `with pl.at(level=pl.Level.CORE_GROUP):` (or `pl.cluster()`, `pl.scope()`,
// `pl.manual_scope()`, `pl.auto_scope()`) inside an InCore, AIC or AIV
// function groups statements that already run on the core: PyPTO's passes
// outline such scopes only in orchestration and opaque functions, and its PTO
// code generation emits a kernel's scope as its body, in place. This pass
// does the same before the other kernel passes: every such scope in a kernel
// is replaced by its body's statements (names bound in a scope stay visible
// after it, so nothing is renamed). A `pl.spmd(...)` scope, which launches
// blocks, and a scope with an `as` target (a task id) mean nothing inside a
// kernel and stay; code generation reports them at their line.
#ifndef PTOC_PASSES_FLATTEN_KERNEL_SCOPES_H_
#define PTOC_PASSES_FLATTEN_KERNEL_SCOPES_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"
#include "passes/pass.h"

namespace ptoc {

class FlattenKernelScopesPass : public Pass {
 public:
  absl::string_view name() const override { return "flatten-kernel-scopes"; }
  absl::StatusOr<bool> Run(Program& program, PassContext& context) override;
  absl::Status VerifyAfter(const Program& program) const override;
};

}  // namespace ptoc

#endif  // PTOC_PASSES_FLATTEN_KERNEL_SCOPES_H_
