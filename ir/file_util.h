// Reading and writing files for the tools. Outputs are written to a
// temporary file next to the target and renamed on success, so a failing
// tool never leaves a partial output behind. A device or a pipe (`-o
// /dev/null`) is written in place, never replaced.
#ifndef PTOC_IR_FILE_UTIL_H_
#define PTOC_IR_FILE_UTIL_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace ptoc {

// "-" reads standard input.
absl::StatusOr<std::string> ReadFile(const std::string& path);
// "-" writes standard output.
absl::Status WriteFileAtomically(const std::string& path, const std::string& contents);
// Creates `dir` and its parents. The error reads "error: cannot create
// WHAT: reason", `what` naming the directory (its path, or the flag too).
absl::Status CreateDirectories(const std::string& dir, absl::string_view what);

}  // namespace ptoc

#endif  // PTOC_IR_FILE_UTIL_H_
