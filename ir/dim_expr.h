// A shape dimension from the expression a program writes for it (a shape
// list's element: `[rows, 64]`, `[pld.world_size()]`, `[n - 1, 64]`).
#ifndef PTOC_IR_DIM_EXPR_H_
#define PTOC_IR_DIM_EXPR_H_

#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"

#include "ir/ir.h"

namespace ptoc {

// An integer constant is a static dim; an integer scalar variable a
// symbolic one; an integer expression over those (+ - * // %, unary -, a
// call without arguments such as pld.system.world_size()) an expression
// dim, its text as the printer spells it (ir/types.h, Dim). Anything else
// (a float, a call with arguments, a tensor) is no dimension: nullopt.
std::optional<Dim> DimOfExpr(const Expr& e);

// The value of a dimension written as integer arithmetic on constants only
// (`2 * 64`, `(4 - 1) * 32 // 2`), as Python folds it when PyPTO's decorator
// runs; nullopt when the text names anything, divides by zero, overflows or
// is not such an expression.
std::optional<int64_t> FoldConstantDim(absl::string_view text);

}  // namespace ptoc

#endif  // PTOC_IR_DIM_EXPR_H_
