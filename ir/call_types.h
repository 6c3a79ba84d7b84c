// The result type of a call of a program function, as PyPTO's
// DeduceCallReturnType gives it: the callee's symbolic dims are bound by
// the arguments' dims and substituted into its return type.
#ifndef PTOC_IR_CALL_TYPES_H_
#define PTOC_IR_CALL_TYPES_H_

#include <vector>

#include "absl/status/statusor.h"
#include "ir/ir.h"

namespace ptoc {

// The callee's return type (None when it has none) with its symbolic dims
// replaced by what the arguments bind them to. An error (message without a
// location) when one dim is bound to two values that are not the same
// constant or name: PyPTO's "conflicting bindings".
absl::StatusOr<Type> DeduceCallReturnType(const Program& program, const Function& callee,
                                          const std::vector<ExprPtr>& args);

}  // namespace ptoc

#endif  // PTOC_IR_CALL_TYPES_H_
