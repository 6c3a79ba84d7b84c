#include "driver/tracing_glog.h"

#include "glog/logging.h"

namespace ptoc {
namespace tracing_internal {

void StartGlog(const char* argv0, int level,
               const std::vector<std::pair<std::string, int>>& modules) {
  FLAGS_logtostderr = true;  // never log files
  FLAGS_v = level;
  for (const auto& [pattern, module_level] : modules) {
    google::SetVLOGLevel(pattern.c_str(), module_level);
  }
  google::InitGoogleLogging(argv0);
}

}  // namespace tracing_internal
}  // namespace ptoc
