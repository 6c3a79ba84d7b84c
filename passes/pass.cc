#include "passes/pass.h"

#include <algorithm>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/reflection.h"

namespace ptoc {
namespace {

std::vector<PassInfo>& Passes() {
  static auto* passes = new std::vector<PassInfo>();
  return *passes;
}

}  // namespace

void PassRegistrationBase::Add(PassInfo info) { Passes().push_back(std::move(info)); }

std::vector<const PassInfo*> RegisteredPasses() {
  std::vector<const PassInfo*> all;
  for (const PassInfo& p : Passes()) all.push_back(&p);
  std::sort(all.begin(), all.end(),
            [](const PassInfo* a, const PassInfo* b) { return a->name < b->name; });
  return all;
}

const PassInfo* FindPass(absl::string_view name) {
  for (const PassInfo& p : Passes()) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::string PassOptions::Get(absl::string_view flag) const {
  if (auto it = values.find(std::string(flag)); it != values.end()) return it->second;
  const absl::CommandLineFlag* defined = absl::FindCommandLineFlag(flag);
  return defined == nullptr ? std::string() : defined->DefaultValue();
}

std::vector<std::string> DefaultPipeline() {
  return {"flatten-kernel-scopes", "convert-tensor-to-tile-ops", "lower-batch-matmul",
          "lower-composite-ops",     "infer-tile-memory-space", "canonicalize-tile-slice",  "expand-mixed-kernel",
          "stamp-tfree-split",
          // Before the fences: `return pl.store(t, o, window)` publishes, and
          // insert-comm-fence can only append its markers to a statement.
          "hoist-output-returns",    "insert-comm-fence",        "check-comm-contract",
          "materialize-aiv-lanes"};
}

}  // namespace ptoc
