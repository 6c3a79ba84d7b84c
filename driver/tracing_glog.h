// The glog side of driver/tracing.h, in a file of its own: glog declares
// ::FLAGS_v (a gflags variable), which clashes with the absl flag --v of
// tracing.cc, so no file includes both.
#ifndef PTOC_DRIVER_TRACING_GLOG_H_
#define PTOC_DRIVER_TRACING_GLOG_H_

#include <string>
#include <utility>
#include <vector>

namespace ptoc {
namespace tracing_internal {

// Starts glog logging to standard error only, at verbosity `level`, with
// the per-module levels `modules` (pattern, level).
void StartGlog(const char* argv0, int level,
               const std::vector<std::pair<std::string, int>>& modules);

}  // namespace tracing_internal
}  // namespace ptoc

#endif  // PTOC_DRIVER_TRACING_GLOG_H_
