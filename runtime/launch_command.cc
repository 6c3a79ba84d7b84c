#include "runtime/launch_command.h"

#include <iostream>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "driver/tool.h"
#include "frontend/load_program.h"
#include "ir/file_util.h"
#include "ir/serialize.h"
#include "ir/status_macros.h"
#include "ir/verifier.h"

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
ABSL_FLAG(std::string, report, "text", "Report format: text or json.");
ABSL_FLAG(std::string, launch, "declared",
          "The ratio each core group is started with: declared (1C:2V when its AIV function "
          "has dual_aiv_dispatch, else 1C:1V), 1c1v or 1c2v. A forced ratio other than the "
          "declared one is reported as a launch finding.");

namespace ptoc {
namespace sim {
namespace {

bool IsScalarFlag(absl::string_view arg) {
  return arg == "--scalar" || arg == "-scalar" || absl::StartsWith(arg, "--scalar=") ||
         absl::StartsWith(arg, "-scalar=");
}

// absl keeps only the last value of a repeated flag; every `--scalar` is
// merged into one comma-separated occurrence (a vector flag) instead.
std::vector<std::string> MergeScalarFlags(int argc, char** argv) {
  std::vector<std::string> args;
  std::vector<std::string> scalars;
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    if (i == 0 || !IsScalarFlag(arg)) {
      args.push_back(arg);
      continue;
    }
    size_t eq = arg.find('=');
    if (eq != std::string::npos) {
      scalars.push_back(arg.substr(eq + 1));
    } else if (i + 1 < argc) {
      scalars.push_back(argv[++i]);
    } else {
      args.push_back(arg);  // the parser reports the missing value
    }
  }
  if (!scalars.empty()) args.push_back(absl::StrCat("--scalar=", absl::StrJoin(scalars, ",")));
  return args;
}

// True when `args` sets --backend, spelled `--backend` or `-backend` (FlagGiven
// knows only the first).
bool BackendFlagGiven(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (absl::StartsWith(a, "--backend") || absl::StartsWith(a, "-backend")) return true;
  }
  return false;
}

// The NAME=VALUE pairs of --scalar; an error names a malformed one.
absl::StatusOr<std::vector<std::pair<std::string, std::string>>> ParseScalarFlags(
    const std::vector<std::string>& values) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& s : values) {
    size_t eq = s.find('=');
    if (eq == std::string::npos || eq == 0) {
      return absl::InvalidArgumentError(absl::StrCat("--scalar expects NAME=VALUE, not '", s, "'"));
    }
    out.emplace_back(s.substr(0, eq), s.substr(eq + 1));
  }
  return out;
}

// The launch options from the parsed flags; a non-OK status is a usage
// error.
absl::Status OptionsFromFlags(const LaunchTool& tool, LaunchOptions& options,
                              PassOptions& pass_options, std::string& report_format) {
  options.entry = absl::GetFlag(FLAGS_entry);
  options.ranks = absl::GetFlag(FLAGS_ranks);
  options.inputs_dir = absl::GetFlag(FLAGS_inputs);
  options.dump_dir = absl::GetFlag(FLAGS_dump_outputs);
  options.seed = absl::GetFlag(FLAGS_seed);
  options.schedules = absl::GetFlag(FLAGS_schedules);
  options.max_steps = absl::GetFlag(*tool.max_steps);
  report_format = absl::GetFlag(FLAGS_report);
  const std::string launch = absl::GetFlag(FLAGS_launch);
  if (options.entry.empty()) return absl::InvalidArgumentError("--entry=FUNC is required");
  if (tool.check_tool_flags != nullptr) {
    RETURN_IF_ERROR(tool.check_tool_flags());
  }
  if (options.ranks < 1 || options.ranks > tool.max_ranks) {
    return absl::InvalidArgumentError(
        absl::StrCat("--ranks must be between 1 and ", tool.max_ranks));
  }
  if (options.schedules < 1) return absl::InvalidArgumentError("--schedules must be at least 1");
  if (options.max_steps < 1) return absl::InvalidArgumentError("--max-steps must be at least 1");
  if (launch == "declared") {
    options.launch = LaunchRatio::kDeclared;
  } else if (launch == "1c1v") {
    options.launch = LaunchRatio::k1C1V;
  } else if (launch == "1c2v") {
    options.launch = LaunchRatio::k1C2V;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("--launch must be declared, 1c1v or 1c2v, not '", launch, "'"));
  }
  if (report_format != "text" && report_format != "json") {
    return absl::InvalidArgumentError(
        absl::StrCat("--report must be text or json, not '", report_format, "'"));
  }
  ASSIGN_OR_RETURN(auto scalars, ParseScalarFlags(absl::GetFlag(FLAGS_scalar)));
  options.scalars = std::move(scalars);
  return PassOptionsFromFlags({}, &pass_options);
}

}  // namespace

int ParseLaunchCommand(int argc, char** argv, const LaunchTool& tool, LaunchOptions& options,
                       LaunchCommand& command) {
  std::vector<std::string> args = MergeScalarFlags(argc, argv);
  std::vector<char*> argv_merged;
  for (std::string& a : args) argv_merged.push_back(a.data());
  std::vector<std::string> inputs = ParseCommandLine(
      static_cast<int>(argv_merged.size()), argv_merged.data(), tool.usage);
  PassOptions pass_options;
  absl::Status usage = inputs.size() != 1
                           ? absl::InvalidArgumentError("expected exactly one input file")
                           : OptionsFromFlags(tool, options, pass_options, command.report_format);
  if (!usage.ok()) {
    std::cerr << tool.name << ": " << usage.message() << " (see --help)\n";
    return kExitUsage;
  }

  ParseOptions parse_options;
  parse_options.allow_unregistered_ops = absl::GetFlag(FLAGS_allow_unregistered_ops);
  absl::StatusOr<std::unique_ptr<Program>> program = LoadProgram(inputs[0], parse_options);
  if (!program.ok()) return ReportFailure(program.status());
  if (absl::Status s = ApplyRecordedOptions(**program, pass_options, BackendFlagGiven(args));
      !s.ok()) {
    return ReportFailure(s);
  }
  if (absl::Status s = VerifyProgram(**program); !s.ok()) return ReportFailure(s);
  options.backend = pass_options.backend;
  command.program = std::move(*program);
  return kExitOk;
}

int WriteReport(const LaunchCommand& command, const Report& report, const RunTotals& totals) {
  std::string text =
      command.report_format == "json" ? report.ToJson(totals) : report.ToText(totals);
  if (absl::Status s = WriteFileAtomically(absl::GetFlag(FLAGS_output), text); !s.ok()) {
    return ReportFailure(s);
  }
  return report.empty() ? kExitOk : kExitInputError;
}

}  // namespace sim
}  // namespace ptoc
