// The expansion of each composite collective (lower-composite-ops; what each
// becomes is in passes/lower_composite_ops.h).
#ifndef PTOC_PASSES_COMPOSITE_RULES_H_
#define PTOC_PASSES_COMPOSITE_RULES_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"
#include "passes/composite_emitter.h"

namespace ptoc::composite {

// Emits the expansion of `call` (an op the registry marks composite) into
// `e` and returns the value the call stands for (its target window, or the
// signal of a barrier), or a located error naming what ptoc cannot lower.
absl::StatusOr<ExprPtr> Expand(Emitter& e, const Expr& call);

// ---- What the expansions share (composite_rules.cc) ----

// The argument of `call` for PyPTO's parameter `param`.
const Expr& Arg(const Expr& call, absl::string_view param);
// A located error at the call: "'op': what".
absl::Status Unsupported(const Emitter& e, const Expr& call, absl::string_view what);
// The argument `param` is a window of static shape without a pl.TensorView.
absl::Status CheckWindow(const Emitter& e, const Expr& call, absl::string_view param);
// The signal is PyPTO's mesh signal, [NR, 1] INT32.
absl::Status CheckSignal(const Emitter& e, const Expr& call);
// The argument `param` is a [NR, SIZE] window.
absl::Status CheckRows(const Emitter& e, const Expr& call, absl::string_view param);
std::vector<int64_t> StaticShape(const Type& t);

// ---- The allreduce family (composite_allreduce.cc) ----

absl::StatusOr<ExprPtr> AllReduce(Emitter& e, const Expr& call);
absl::StatusOr<ExprPtr> ReduceScatter(Emitter& e, const Expr& call);

// ---- tile.sin / tile.cos (composite_trig.cc) ----

absl::StatusOr<ExprPtr> SinCos(Emitter& e, const Expr& call, bool cos);

}  // namespace ptoc::composite

#endif  // PTOC_PASSES_COMPOSITE_RULES_H_
