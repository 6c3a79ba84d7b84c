// ptoc-sim: runs a compiled program on the simulated machine and reports
// stale reads, races, deadlocks and protocol errors (runtime.md).
#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "driver/tool.h"
#include "ir/file_util.h"
#include "ir/serialize.h"
#include "ir/verifier.h"
#include "runtime/cli_flags.h"
#include "runtime/simulator.h"

ABSL_FLAG(std::string, entry, "", "The function to launch on every rank (required).");
ABSL_FLAG(int, ranks, 1, "Number of ranks.");
ABSL_FLAG(std::vector<std::string>, scalar, {},
          "NAME=VALUE: the value of a scalar parameter of the entry; give the flag once "
          "per parameter.");
ABSL_FLAG(std::string, inputs, "",
          "Directory of tensor inputs DIR/<param>.<rank>.txt (whitespace-separated values, "
          "row-major). Tensors without a file get a seeded pattern that differs per rank; "
          "windows without one start zeroed.");
ABSL_FLAG(std::string, dump_outputs, "",
          "Directory to write every Out/InOut tensor of every rank to, after the first "
          "schedule, in the input format.");
ABSL_FLAG(uint64_t, seed, 1, "Seed of the scheduler and of the input pattern.");
ABSL_FLAG(int, schedules, 1, "Number of interleavings to explore.");
ABSL_FLAG(int64_t, max_steps, 10000000,
          "Statements one schedule may execute; reaching it is reported as a possible "
          "livelock.");
ABSL_FLAG(std::string, report, "text", "Report format: text or json.");

namespace ptoc {
namespace {

constexpr char kUsage[] =
    "usage: ptoc-sim IN.pb|IN.py --entry=FUNC --ranks=R [--scalar NAME=VALUE ...]\n"
    "                [--inputs=DIR] [--dump-outputs=DIR] [--seed=S] [--schedules=N]\n"
    "                [--max-steps=K] [--report=text|json]\n\n"
    "Runs a program on the simulated machine: R ranks, the entry launched on each (a\n"
    "Group as its AIC and AIV lanes), N seeded schedules. Reports stale reads (naming\n"
    "the missing marker), races, deadlocks and protocol errors; exits 1 when it finds\n"
    "any, 0 when the run is clean, 2 on a usage error.";

[[noreturn]] void Usage(const std::string& message) {
  std::cerr << "ptoc-sim: " << message << " (see --help)\n";
  std::exit(kExitUsage);
}

int Main(int argc, char** argv) {
  std::vector<std::string> args = sim::MergeScalarFlags(argc, argv);
  std::vector<char*> argv_merged;
  for (std::string& a : args) argv_merged.push_back(a.data());
  std::vector<std::string> inputs =
      ParseCommandLine(static_cast<int>(argv_merged.size()), argv_merged.data(), kUsage);
  if (inputs.size() != 1) Usage("expected exactly one input file");

  sim::SimOptions options;
  options.entry = absl::GetFlag(FLAGS_entry);
  options.ranks = absl::GetFlag(FLAGS_ranks);
  options.inputs_dir = absl::GetFlag(FLAGS_inputs);
  options.dump_dir = absl::GetFlag(FLAGS_dump_outputs);
  options.seed = absl::GetFlag(FLAGS_seed);
  options.schedules = absl::GetFlag(FLAGS_schedules);
  options.max_steps = absl::GetFlag(FLAGS_max_steps);
  const std::string report_format = absl::GetFlag(FLAGS_report);
  if (options.entry.empty()) Usage("--entry=FUNC is required");
  if (options.ranks < 1) Usage("--ranks must be at least 1");
  if (options.schedules < 1) Usage("--schedules must be at least 1");
  if (options.max_steps < 1) Usage("--max-steps must be at least 1");
  if (report_format != "text" && report_format != "json") {
    Usage(absl::StrCat("--report must be text or json, not '", report_format, "'"));
  }
  auto scalars = sim::ParseScalarFlags(absl::GetFlag(FLAGS_scalar));
  if (!scalars.ok()) Usage(std::string(scalars.status().message()));
  options.scalars = std::move(*scalars);
  PassOptions pass_options;
  if (absl::Status s = PassOptionsFromFlags(&pass_options); !s.ok()) Usage(std::string(s.message()));

  ParseOptions parse_options;
  parse_options.allow_unregistered_ops = absl::GetFlag(FLAGS_allow_unregistered_ops);
  absl::StatusOr<std::unique_ptr<Program>> program = LoadProgram(inputs[0], parse_options);
  if (!program.ok()) return ReportFailure(program.status());
  if (absl::Status s = ApplyRecordedOptions(**program, pass_options, sim::BackendFlagGiven(args));
      !s.ok()) {
    return ReportFailure(s);
  }
  if (absl::Status s = VerifyProgram(**program); !s.ok()) return ReportFailure(s);
  options.backend = pass_options.backend;

  absl::StatusOr<sim::SimResult> result = sim::Simulate(**program, options);
  if (!result.ok()) return ReportFailure(result.status());
  std::string text = report_format == "json" ? result->report.ToJson(result->totals)
                                             : result->report.ToText(result->totals);
  if (absl::Status s = WriteFileAtomically(absl::GetFlag(FLAGS_output), text); !s.ok()) {
    return ReportFailure(s);
  }
  return result->report.empty() ? kExitOk : kExitInputError;
}

}  // namespace
}  // namespace ptoc

int main(int argc, char** argv) { return ptoc::Main(argc, argv); }
