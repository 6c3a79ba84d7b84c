// Python's scalar arithmetic on run-time values, shared by the lane
// interpreter and the host / orchestration evaluator: floor division and
// modulo, true division to float, integer results that overflow as errors.
#ifndef PTOC_RUNTIME_SCALAR_ARITH_H_
#define PTOC_RUNTIME_SCALAR_ARITH_H_

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "runtime/values.h"

namespace ptoc {
namespace sim {

// `a op b` (no short circuit: the caller evaluates `and` / `or` lazily).
absl::StatusOr<Value> ScalarArith(BinaryOp op, const Value& a, const Value& b);
Value ScalarUnary(UnaryOp op, const Value& a);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_SCALAR_ARITH_H_
