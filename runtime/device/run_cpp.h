// Runs an emitted .cpp on the simulated machine (runtime.md, "Running the
// emitted C++"): the program's entry is launched on R ranks as ptoc-sim
// launches it, but every lane runs its kernel function from the shared
// objects compiled from the .cpp, against the device API of
// runtime/device/*_hooks.cc.
#ifndef PTOC_RUNTIME_DEVICE_RUN_CPP_H_
#define PTOC_RUNTIME_DEVICE_RUN_CPP_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "runtime/entry_params.h"
#include "runtime/report.h"

namespace ptoc {
namespace sim {

struct CppRunOptions : LaunchOptions {
  static constexpr int64_t kDefaultMaxSteps = 1000000;  // device-API calls per schedule
  static constexpr int kMaxRanks = 64;
  CppRunOptions() : LaunchOptions(kDefaultMaxSteps) {}

  std::string cpp_path;     // the emitted .cpp the objects were compiled from
  std::string vec_object;   // compiled with -D__DAV_VEC__: the AIV lanes
  std::string cube_object;  // compiled with -D__DAV_CUBE__: the AIC lanes
  // --cpp-from: who wrote the .cpp. "ptoc": ptoc's cce target. "ptoas":
  // `ptoas --enable-insert-sync` of ptoc's --pipe-sync=barrier-all .pto;
  // "hand": synchronised by hand (testing/bench/hand/). Those two have no
  // PTO_SYNCALL_MIX_AIC_KERNEL_META, so the launch ratio is the program's
  // (as ptoc-sim's), and the timing names the writer.
  std::string from = "ptoc";
  // The pipe check of every lane (device_pipes.h, --pipe-check=on|off), in
  // every --pipe-sync mode and for ptoas's C++.
  bool pipe_check = true;
  // --cycles: schedule 0 on the timing model (runtime/timing.h) with the
  // cost table at `cost_table` (empty: the backend's built-in one).
  bool timed = false;
  std::string cost_table;
};

struct CppRunResult {
  Report report;
  RunTotals totals;                 // statements: device-API calls
  std::vector<TensorDump> outputs;  // every Out / InOut tensor after the first schedule
  // With CppRunOptions::timed: the --cycles text and the report's `timing` object.
  std::string timing_text, timing_json;
};

// Errors in the launch (unknown entry, a missing --scalar, a shared object
// that does not load or lacks a kernel, a kernel parameter it cannot pass)
// are a status; what the kernel does wrong is in the report.
absl::StatusOr<CppRunResult> RunEmittedCpp(const Program& program, const CppRunOptions& options);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_DEVICE_RUN_CPP_H_
