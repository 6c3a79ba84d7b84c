// Early returns for absl::Status and absl::StatusOr results.
//
//   RETURN_IF_ERROR(CheckShape(e));
//   ASSIGN_OR_RETURN(std::string text, Render(program));
//   ASSIGN_OR_RETURN(count, CountUses(program));  // an existing variable
//
// On an error both return its status, unchanged, from the calling function
// (whose return type must be constructible from an absl::Status).
#ifndef PTOC_IR_STATUS_MACROS_H_
#define PTOC_IR_STATUS_MACROS_H_

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define PTOC_STATUS_MACROS_CONCAT_INNER(a, b) a##b
#define PTOC_STATUS_MACROS_CONCAT(a, b) PTOC_STATUS_MACROS_CONCAT_INNER(a, b)

// Returns the absl::Status `expr` from the calling function when it is an error.
#define RETURN_IF_ERROR(expr)                                                   \
  do {                                                                          \
    ::absl::Status ptoc_return_if_error_status_ = (expr);                       \
    if (!ptoc_return_if_error_status_.ok()) return ptoc_return_if_error_status_; \
  } while (0)

// `lhs = value of expr` (an absl::StatusOr), returning its status from the
// calling function on an error. `lhs` may declare a variable. It expands to
// several statements, so it needs a block of its own under `if` or `for`.
// The expression is variadic so that commas in it (template arguments,
// braced lists) need no parentheses.
#define ASSIGN_OR_RETURN(lhs, ...)                                                        \
  PTOC_ASSIGN_OR_RETURN_IMPL(PTOC_STATUS_MACROS_CONCAT(ptoc_status_or_, __LINE__), lhs, \
                             __VA_ARGS__)
#define PTOC_ASSIGN_OR_RETURN_IMPL(status_or, lhs, ...)        \
  auto status_or = (__VA_ARGS__);                              \
  if (!status_or.ok()) return std::move(status_or).status();   \
  lhs = std::move(status_or).value()

#endif  // PTOC_IR_STATUS_MACROS_H_
