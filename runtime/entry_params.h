// What a launch of an entry function needs, shared by ptoc-sim and the run
// of the emitted C++ (ptoc-run-cpp): the lanes a Group launches and the
// entry's parameters: scalars from --scalar, tensor shapes, and the initial
// contents of every tensor of every rank (--inputs files, else the seeded
// pattern; windows zeroed).
#ifndef PTOC_RUNTIME_ENTRY_PARAMS_H_
#define PTOC_RUNTIME_ENTRY_PARAMS_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "runtime/values.h"
#include "runtime/world.h"

namespace ptoc {
namespace sim {

// One lane of the launch on each rank: the function it runs and, for each
// of its parameters, the index of the entry parameter passed to it.
struct LaneCall {
  const Function* function = nullptr;
  LaneCore core = LaneCore::kMixed;
  std::vector<int> args;
};

// A Group launches its AIC and AIV functions (its body is calls of them with
// its own parameters); an AIC, AIV or InCore entry is one lane.
absl::StatusOr<std::vector<LaneCall>> PlanLaneCalls(const Program& program, const Function& entry);

struct EntryParams {
  std::vector<Value> scalars;                               // per entry parameter (kNone: a tensor)
  std::vector<std::vector<int64_t>> shapes;                 // per entry parameter (tensors)
  std::vector<std::vector<std::vector<uint8_t>>> contents;  // [rank][parameter]
};

// The scalars and shapes; `scalars` as given on the command line (NAME ->
// text). Errors: a missing or malformed --scalar, a dynamic dim without one.
absl::StatusOr<EntryParams> ResolveEntryParams(
    const Function& entry, const std::vector<std::pair<std::string, std::string>>& scalars);

// Bytes of GM the entry's tensors take on one rank, saturating at `cap`
// (check it before loading the contents).
uint64_t GmBytesPerRank(const Function& entry, const EntryParams& params, uint64_t cap);

// The contents of every tensor of every rank: `inputs_dir` files, else the
// seeded pattern (windows: zeroed). Errors: a malformed input file.
absl::Status LoadEntryContents(const Function& entry, int ranks, const std::string& inputs_dir,
                               uint64_t seed, EntryParams& params);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_ENTRY_PARAMS_H_
