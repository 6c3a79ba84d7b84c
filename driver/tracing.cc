#include "driver/tracing.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "driver/tracing_glog.h"

ABSL_FLAG(int, v, 0,
          "Tracing: print glog VLOG messages up to this level to standard error (1: each "
          "pass run; 2: also insert-comm-fence's markers and the sync planner's units).");
ABSL_FLAG(std::string, vmodule, "",
          "Tracing per source file, overriding --v: FILE=N,... (FILE: a source file's "
          "basename without extension, glob patterns allowed; e.g. sync_plan=2).");

namespace ptoc {

absl::Status StartTracing(const char* argv0) {
  static bool started = false;
  if (started) return absl::OkStatus();
  started = true;
  std::vector<std::pair<std::string, int>> modules;
  for (absl::string_view entry :
       absl::StrSplit(absl::GetFlag(FLAGS_vmodule), ',', absl::SkipEmpty())) {
    std::vector<std::string> parts = absl::StrSplit(entry, absl::MaxSplits('=', 1));
    int level = 0;
    if (parts.size() != 2 || parts[0].empty() || !absl::SimpleAtoi(parts[1], &level)) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad value for '--vmodule': '", entry, "' is not FILE=N"));
    }
    modules.emplace_back(parts[0], level);
  }
  tracing_internal::StartGlog(argv0, absl::GetFlag(FLAGS_v), modules);
  return absl::OkStatus();
}

}  // namespace ptoc
