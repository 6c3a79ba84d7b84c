// Runs a program on the simulated machine (runtime.md): R ranks, the entry
// function launched on each (a Group as its AIC and AIV lanes, an AIC, AIV
// or InCore function as one lane), N seeded schedules, and a report of
// every stale read, race, deadlock and protocol error found.
#ifndef PTOC_RUNTIME_SIMULATOR_H_
#define PTOC_RUNTIME_SIMULATOR_H_

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "runtime/entry_params.h"
#include "runtime/report.h"

namespace ptoc {
namespace sim {

struct SimOptions : LaunchOptions {
  static constexpr int64_t kDefaultMaxSteps = 10000000;  // statements per schedule
  static constexpr int kMaxRanks = 1024;
  SimOptions() : LaunchOptions(kDefaultMaxSteps) {}

  // Keep the outputs of every schedule in SimResult (tests), not only the
  // first one's.
  bool keep_every_output = false;
  // The pipe check inside every lane (pipe_check.h, --pipe-check=on|off) of
  // a program planned with --pipe-sync=flags; units in `pipe_sync_drop`
  // left out of the plan (--pipe-sync-drop).
  bool pipe_check = true;
  std::set<int> pipe_sync_drop;
  // Only the set, or only the wait, of these pairs left out
  // (--pipe-sync-drop-set, --pipe-sync-drop-wait).
  std::set<int> pipe_sync_drop_set, pipe_sync_drop_wait;
  // --cycles / --timeline: replay schedule 0 on the timing model (timing.h)
  // with the cost table at `cost_table` (empty: the backend's built-in one).
  bool timed = false;
  // --pipe-sync-model=deps: time only the true dependences, not the plan's
  // sync instructions (the lower bound of pipe-sync.md §6).
  bool deps = false;
  std::string cost_table;
  // --gm-ring-layout=shared (debugging): place the V2C ring of a two-way
  // pipe at the pipe's base, on its C2V ring, as pto-isa did before
  // d2b30a84 (comm-hazards.md H3), instead of where the emitted code puts it.
  bool shared_gm_rings = false;
  bool timeline_us = false;         // --timeline-unit=us
  int64_t timeline_limit = 1000000;  // --timeline-limit
};

struct SimResult {
  Report report;
  RunTotals totals;
  // Per schedule (only the first unless keep_every_output): every Out /
  // InOut tensor of every rank after it. --dump-outputs writes the first.
  std::vector<std::vector<TensorDump>> outputs;
  // With SimOptions::timed: the --cycles text, the report's `timing` object
  // and the --timeline trace.
  std::string timing_text, timing_json, timeline;
};

// Errors in the launch (unknown entry, a missing --scalar, a malformed
// input file, a construct the simulator cannot run) are returned as a
// status with diagnostics; what the program does wrong is in the report.
absl::StatusOr<SimResult> Simulate(const Program& program, const SimOptions& options);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_SIMULATOR_H_
