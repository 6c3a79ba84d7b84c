// Command-line helpers shared by ptoc-sim and ptoc-run-cpp.
#ifndef PTOC_RUNTIME_CLI_FLAGS_H_
#define PTOC_RUNTIME_CLI_FLAGS_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

namespace ptoc {
namespace sim {

// absl keeps only the last value of a repeated flag; every `--scalar` is
// merged into one comma-separated occurrence (a vector flag) instead.
std::vector<std::string> MergeScalarFlags(int argc, char** argv);

// True when `args` sets --backend.
bool BackendFlagGiven(const std::vector<std::string>& args);

// The NAME=VALUE pairs of --scalar; an error names a malformed one.
absl::StatusOr<std::vector<std::pair<std::string, std::string>>> ParseScalarFlags(
    const std::vector<std::string>& values);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_CLI_FLAGS_H_
