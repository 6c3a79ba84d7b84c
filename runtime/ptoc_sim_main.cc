// ptoc-sim: runs a compiled program on the simulated machine and reports
// stale reads, races, deadlocks and protocol errors (runtime.md).
#include "absl/flags/flag.h"
#include "runtime/launch_command.h"
#include "runtime/simulator.h"

ABSL_FLAG(int64_t, max_steps, ptoc::sim::SimOptions::kDefaultMaxSteps,
          "Statements one schedule may execute; reaching it is reported as a possible "
          "livelock.");

namespace ptoc {
namespace {

constexpr char kUsage[] =
    "usage: ptoc-sim IN.pb|IN.py --entry=FUNC --ranks=R [--scalar NAME=VALUE ...]\n"
    "                [--inputs=DIR] [--dump-outputs=DIR] [--seed=S] [--schedules=N]\n"
    "                [--max-steps=K] [--report=text|json] [--launch=declared|1c1v|1c2v]\n\n"
    "Runs a program on the simulated machine: R ranks, the entry launched on each (a\n"
    "Group as its AIC and AIV lanes; AIV0 and AIV1 under 1C:2V), N seeded schedules. Reports stale reads (naming\n"
    "the missing marker), races, deadlocks and protocol errors; exits 1 when it finds\n"
    "any, 0 when the run is clean, 2 on a usage error.";

int Main(int argc, char** argv) {
  sim::SimOptions options;
  return sim::RunLaunchTool(
      argc, argv, {"ptoc-sim", kUsage, &FLAGS_max_steps, sim::SimOptions::kMaxRanks}, options,
      [&](const Program& program) { return sim::Simulate(program, options); });
}

}  // namespace
}  // namespace ptoc

int main(int argc, char** argv) { return ptoc::Main(argc, argv); }
