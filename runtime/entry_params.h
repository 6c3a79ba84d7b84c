// What a launch of an entry function needs, shared by ptoc-sim and the run
// of the emitted C++ (ptoc-run-cpp): the options of the launch, the lanes a
// Group launches, the entry's parameters (scalars from --scalar, tensor
// shapes, and the initial contents of every tensor of every rank: --inputs
// files, else the seeded pattern; windows zeroed) and its outputs.
#ifndef PTOC_RUNTIME_ENTRY_PARAMS_H_
#define PTOC_RUNTIME_ENTRY_PARAMS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "runtime/report.h"
#include "runtime/values.h"
#include "runtime/world.h"

namespace ptoc {
namespace sim {

// --launch: the ratio a core group is started with. kDeclared is what the
// program declares (dual_aiv_dispatch on the AIV function: 1C:2V, else
// 1C:1V); the others force one, to reproduce a launcher's mistake.
enum class LaunchRatio { kDeclared, k1C1V, k1C2V };

// The options both runners take (Simulate: SimOptions, RunEmittedCpp:
// CppRunOptions), from the shared flags of ptoc-sim and ptoc-run-cpp.
struct LaunchOptions {
  // A step is the runner's unit (a statement, a device-API call), so each
  // runner gives the default of `max_steps`.
  explicit LaunchOptions(int64_t default_max_steps) : max_steps(default_max_steps) {}

  std::string entry;
  int ranks = 1;
  // Scalar parameters, NAME -> value as written on the command line.
  std::vector<std::pair<std::string, std::string>> scalars;
  std::string inputs_dir;  // "": every tensor gets the seeded pattern
  std::string dump_dir;    // "": no dump
  uint64_t seed = 1;
  int schedules = 1;
  int64_t max_steps;             // steps one schedule may take
  std::string backend = "a2a3";  // a5: a V->C push must be NZ
  LaunchRatio launch = LaunchRatio::kDeclared;
};

// The contents of one tensor of one rank after a schedule, row-major.
struct TensorDump {
  std::string param;
  int rank = 0;
  std::vector<int64_t> shape;
  DType dtype = DType::kFP32;
  std::vector<double> values;
};

// The entry function of the launch, once the options every runner needs
// are checked: --ranks between 1 and `max_ranks`, --schedules at least 1.
// An unknown entry is an error that lists the program's functions.
absl::StatusOr<const Function*> FindEntry(const Program& program, const LaunchOptions& options,
                                          int max_ranks);

// One lane of the launch on each rank: the function it runs and, for each
// of its parameters, the index of the entry parameter passed to it.
struct LaneCall {
  const Function* function = nullptr;
  LaneCore core = LaneCore::kMixed;
  std::vector<int> args;
  int subblock = 0;  // AIV lanes: which subblock runs the call
};

// A Group launches its AIC and AIV functions (its body is calls of them with
// its own parameters); an AIC, AIV or InCore entry is one lane. One lane per
// call: WithAivLanes adds AIV1 under a 1C:2V launch.
absl::StatusOr<std::vector<LaneCall>> PlanLaneCalls(const Program& program, const Function& entry);

// The AIV lanes the entry's program declares for its core group: 2 when its
// AIV function has dual_aiv_dispatch, 1 when it has one without, 0 when it
// launches no AIV function.
int DeclaredAivLanes(const std::vector<LaneCall>& lanes);

// The AIV lanes per core group a launch starts: `declared` under kDeclared,
// else the forced ratio's (0 stays 0: no AIV function).
int LaunchedAivLanes(int declared, LaunchRatio launch);

// `lanes` (one lane per AIV call) with each AIV call run by AIV0 and AIV1
// when `aiv_lanes` is 2.
std::vector<LaneCall> WithAivLanes(std::vector<LaneCall> lanes, int aiv_lanes);

// The launch finding of a run that starts the group of the AIV function
// `aiv` with `launched` AIV lanes where the program declares `declared`
// (std::nullopt when they agree).
std::optional<Finding> LaunchFinding(const Function& aiv, int declared, int launched);

struct EntryParams {
  std::vector<Value> scalars;                               // per entry parameter (kNone: a tensor)
  std::vector<std::vector<int64_t>> shapes;                 // per entry parameter (tensors)
  std::vector<std::vector<std::vector<uint8_t>>> contents;  // [rank][parameter]
  // The pl.dynamic dims of the tensor parameters that are no scalar
  // parameter, as given by --scalar NAME=VALUE.
  std::map<std::string, int64_t> dynamic_dims;
};

// The scalars and shapes; `scalars` as given on the command line (NAME ->
// text). Errors: a missing or malformed --scalar, a dynamic dim without one.
absl::StatusOr<EntryParams> ResolveEntryParams(
    const Function& entry, const std::vector<std::pair<std::string, std::string>>& scalars);

// Bytes of GM the entry's tensors take on one rank, or `cap` + 1 when they
// take more than `cap` (check it before loading the contents).
uint64_t GmBytesPerRank(const Function& entry, const EntryParams& params, uint64_t cap);

// The contents of every tensor of every rank: `inputs_dir` files, else the
// seeded pattern (windows: zeroed). Errors: a malformed input file.
absl::Status LoadEntryContents(const Function& entry, int ranks, const std::string& inputs_dir,
                               uint64_t seed, EntryParams& params);

// The tensor of `shape` x `dtype` at `base` in `machine`'s GM, as it stands;
// also written to `path` unless it is empty.
absl::StatusOr<TensorDump> DumpTensor(const Machine& machine, std::string name, int rank,
                                      uint64_t base, const std::vector<int64_t>& shape,
                                      DType dtype, const std::string& path);

// Every Out / InOut tensor of every rank of `entry` in `machine`'s GM; with
// a `dump_dir` (--dump-outputs), each is also written to
// DIR/<param>.<rank>.txt. Errors: a directory or file that cannot be written.
absl::StatusOr<std::vector<TensorDump>> EntryOutputs(const Machine& machine, const Function& entry,
                                                     const std::string& dump_dir);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_ENTRY_PARAMS_H_
