// The text format of ir.md (a Python-syntax subset) -> the in-memory IR.
#ifndef PTOC_FRONTEND_PARSER_H_
#define PTOC_FRONTEND_PARSER_H_

#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"

namespace ptoc {

struct ParseOptions {
  // Keep calls of unknown ops as opaque calls instead of rejecting them.
  bool allow_unregistered_ops = false;
};

// Parses one kernel file. `filename` is recorded in every location as given
// (never made absolute) and the text is registered with SourceFiles so that
// later diagnostics can quote it. Errors are clang-style diagnostics.
absl::StatusOr<std::unique_ptr<Program>> ParseProgram(
    absl::string_view text, absl::string_view filename,
    const ParseOptions& options = {});

}  // namespace ptoc

#endif  // PTOC_FRONTEND_PARSER_H_
