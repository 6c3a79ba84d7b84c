// The command line of the tools that launch a program on the simulated
// machine, ptoc-sim and ptoc-run-cpp: the flags they share (--entry,
// --ranks, --scalar, --inputs, --dump-outputs, --seed, --schedules,
// --report, --launch, and the driver's --backend, -o, --allow-unregistered-ops), their
// checks, loading the program, and writing the report.
#ifndef PTOC_RUNTIME_LAUNCH_COMMAND_H_
#define PTOC_RUNTIME_LAUNCH_COMMAND_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "driver/tool.h"
#include "ir/ir.h"
#include "runtime/entry_params.h"
#include "runtime/report.h"

// --launch=declared|1c1v|1c2v (LaunchOptions::launch).
ABSL_DECLARE_FLAG(std::string, launch);

namespace ptoc {
namespace sim {

struct LaunchTool {
  const char* name;   // "ptoc-sim": the prefix of its usage errors
  const char* usage;  // the head of --help
  // --max-steps is each tool's own flag: what a step is, and so the
  // default, differ (LaunchOptions).
  const absl::Flag<int64_t>* max_steps;
  // The most ranks the tool simulates; --ranks outside 1..max_ranks is a
  // usage error.
  int max_ranks;
  // Checks of the tool's other flags (a non-OK status: a usage error). They
  // run right after the check of --entry, so that of several wrong flags
  // the first in that order is the one reported.
  absl::Status (*check_tool_flags)() = nullptr;
};

struct LaunchCommand {
  // Loaded, its recorded options reconciled with the flags, verified.
  std::unique_ptr<Program> program;
  std::string report_format;  // text or json
};

// Parses the command line of `tool` into `options` and `command`, and loads
// the program it names. Returns kExitOk, or the exit status of a failure it
// has printed: kExitUsage after "TOOL: message (see --help)", kExitInputError
// after the diagnostic of a program that does not load. --help and a
// malformed flag exit as ParseCommandLine does.
int ParseLaunchCommand(int argc, char** argv, const LaunchTool& tool, LaunchOptions& options,
                       LaunchCommand& command);

// Writes the report in the --report format to -o. Returns the exit status:
// kExitOk when the report is empty, kExitInputError when it has findings or
// cannot be written (printed).
int WriteReport(const LaunchCommand& command, const Report& report, const RunTotals& totals);

// main() of a launch tool: ParseLaunchCommand into `options` (the tool's
// options, a LaunchOptions), then `run(program)` (Simulate or
// RunEmittedCpp with those options, which returns a result with a `report`
// and `totals`, or a launch error), then WriteReport. Returns the exit
// status.
template <typename Run>
int RunLaunchTool(int argc, char** argv, const LaunchTool& tool, LaunchOptions& options, Run run) {
  LaunchCommand command;
  if (int status = ParseLaunchCommand(argc, argv, tool, options, command); status != kExitOk) {
    return status;
  }
  auto result = run(*command.program);
  if (!result.ok()) return ReportFailure(result.status());
  return WriteReport(command, result->report, result->totals);
}

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_LAUNCH_COMMAND_H_
