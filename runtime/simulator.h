// Runs a program on the simulated machine (runtime.md): R ranks, the entry
// function launched on each (a Group as its AIC and AIV lanes, an AIC, AIV
// or InCore function as one lane), N seeded schedules, and a report of
// every stale read, race, deadlock and protocol error found.
#ifndef PTOC_RUNTIME_SIMULATOR_H_
#define PTOC_RUNTIME_SIMULATOR_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "runtime/report.h"

namespace ptoc {
namespace sim {

struct SimOptions {
  std::string entry;
  int ranks = 1;
  // Scalar parameters, NAME -> value as written on the command line.
  std::vector<std::pair<std::string, std::string>> scalars;
  std::string inputs_dir;  // "": every tensor gets the seeded pattern
  std::string dump_dir;    // "": no dump
  uint64_t seed = 1;
  int schedules = 1;
  int64_t max_steps = 10000000;
  std::string backend = "a2a3";  // a5: a V->C push must be NZ
  // Keep the outputs of every schedule in SimResult (tests), not only the
  // first one's.
  bool keep_every_output = false;
};

// The contents of one tensor of one rank after a schedule, row-major.
struct TensorDump {
  std::string param;
  int rank = 0;
  std::vector<int64_t> shape;
  DType dtype = DType::kFP32;
  std::vector<double> values;
};

struct SimResult {
  Report report;
  RunTotals totals;
  // Per schedule (only the first unless keep_every_output): every Out /
  // InOut tensor of every rank after it. --dump-outputs writes the first.
  std::vector<std::vector<TensorDump>> outputs;
};

// Errors in the launch (unknown entry, a missing --scalar, a malformed
// input file, a construct the simulator cannot run) are returned as a
// status with diagnostics; what the program does wrong is in the report.
absl::StatusOr<SimResult> Simulate(const Program& program, const SimOptions& options);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_SIMULATOR_H_
