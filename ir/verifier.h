// Checks that a program is well formed: scoping (every use sees its one
// definition), types, op arity and attributes against the registry, result
// annotations consistent with the registry's result rule; and, once those
// hold, PyPTO's reference and placement rules of verify_pypto.h and the
// rules on shapes, offsets and sizes of verify_shapes.h.
#ifndef PTOC_IR_VERIFIER_H_
#define PTOC_IR_VERIFIER_H_

#include "absl/status/status.h"
#include "ir/ir.h"

namespace ptoc {

// OK, or an InvalidArgument status with one diagnostic per problem.
absl::Status VerifyProgram(const Program& program);

}  // namespace ptoc

#endif  // PTOC_IR_VERIFIER_H_
