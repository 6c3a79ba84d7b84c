// The expansion of each composite collective (lower-composite-ops; what each
// becomes is in passes/lower_composite_ops.h).
#ifndef PTOC_PASSES_COMPOSITE_RULES_H_
#define PTOC_PASSES_COMPOSITE_RULES_H_

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "passes/composite_emitter.h"

namespace ptoc::composite {

// Emits the expansion of `call` (an op the registry marks composite) into
// `e` and returns the value the call stands for (its target window, or the
// signal of a barrier), or a located error naming what ptoc cannot lower.
absl::StatusOr<ExprPtr> Expand(Emitter& e, const Expr& call);

}  // namespace ptoc::composite

#endif  // PTOC_PASSES_COMPOSITE_RULES_H_
