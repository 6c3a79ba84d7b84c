#include "driver/tool.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>

#include "absl/algorithm/container.h"
#include "absl/flags/commandlineflag.h"
#include "absl/flags/flag.h"
#include "absl/flags/reflection.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/strip.h"
#include "driver/pipeline.h"
#include "driver/tracing.h"
#include "frontend/load_program.h"
#include "ir/file_util.h"
#include "ir/serialize.h"
#include "ir/verifier.h"

ABSL_FLAG(std::string, output, "-", "Output file (`-o PATH`); `-` is standard output.");
ABSL_FLAG(std::string, backend, "a2a3",
          "Target architecture: a2a3 (Ascend910B) or a5 (Ascend950).");
ABSL_FLAG(bool, allow_unregistered_ops, false,
          "Keep calls of unknown ops as opaque calls instead of rejecting them.");
ABSL_FLAG(std::string, pipe_sync, "",
          "Intra-core pipe synchronisation of the emitted code: flags (set_flag / wait_flag "
          "pairs and same-pipe barriers), flags-unbounded (flags with unlimited event ids: "
          "benchmarks and debugging, not for hardware) or barrier-all "
          "(pipe_barrier(PIPE_ALL) between dependent ops of different pipes); recorded in the "
          "program; unset: the recorded mode, else flags.");
ABSL_FLAG(std::vector<std::string>, pipe_sync_drop, {},
          "Leave out unit N of the sync plan (--emit=syncplan numbers them); repeatable, "
          "comma-separated; for the removal tests.");

namespace ptoc {
namespace {

// Flags defined by ptoc's own sources (not by the libraries we link).
bool IsPtocFlag(const absl::CommandLineFlag& flag) {
  for (absl::string_view dir : {"driver/", "frontend/", "ir/", "passes/", "codegen/",
                                "runtime/", "testing/"}) {
    if (absl::StartsWith(flag.Filename(), dir)) return true;
  }
  return false;
}

void PrintHelp(absl::string_view usage) {
  std::cout << usage << "\n\nFlags:\n";
  std::vector<std::pair<std::string, const absl::CommandLineFlag*>> flags;
  for (const auto& [name, flag] : absl::GetAllFlags()) {
    if (IsPtocFlag(*flag)) {
      flags.emplace_back(FlagSpelling(name), flag);
    }
  }
  std::sort(flags.begin(), flags.end());
  for (const auto& [name, flag] : flags) {
    std::cout << "  " << name << " (default: \"" << flag->DefaultValue() << "\")\n"
              << "      " << flag->Help() << "\n";
  }
  std::cout << "  --help\n      Print this help.\n";
}

[[noreturn]] void UsageError(absl::string_view program, absl::string_view message) {
  std::cerr << program << ": " << message << " (see --help)\n";
  std::exit(kExitUsage);
}

}  // namespace

std::vector<std::string> ParseCommandLine(int argc, char** argv, absl::string_view usage) {
  std::vector<std::string> positional;
  const std::string program = argc > 0 ? argv[0] : "ptoc";
  bool only_positional = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (only_positional || arg == "-" || !absl::StartsWith(arg, "-")) {
      positional.push_back(arg);
      continue;
    }
    if (arg == "--") {
      only_positional = true;
      continue;
    }
    if (arg == "--help" || arg == "-h") {
      PrintHelp(usage);
      std::exit(kExitOk);
    }
    std::string name, value;
    bool has_value = false;
    if (arg == "-o" || absl::StartsWith(arg, "-o=")) {
      name = "output";
      if (arg == "-o") {
        if (i + 1 >= argc) UsageError(program, "-o needs a path");
        value = argv[++i];
      } else {
        value = arg.substr(3);
      }
      has_value = true;
    } else {
      std::string body = arg.substr(absl::StartsWith(arg, "--") ? 2 : 1);
      size_t eq = body.find('=');
      name = body.substr(0, eq);
      if (eq != std::string::npos) {
        value = body.substr(eq + 1);
        has_value = true;
      }
    }
    name = absl::StrReplaceAll(name, {{"-", "_"}});
    absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    bool negated = false;
    if (flag == nullptr && absl::StartsWith(name, "no")) {
      flag = absl::FindCommandLineFlag(name.substr(2));
      negated = flag != nullptr && flag->IsOfType<bool>() && !has_value;
      if (!negated) flag = nullptr;
    }
    if (flag == nullptr || !IsPtocFlag(*flag)) {
      UsageError(program, absl::StrCat("unknown flag '", arg, "'"));
    }
    if (!has_value) {
      if (flag->IsOfType<bool>()) {
        value = negated ? "false" : "true";
      } else if (i + 1 < argc) {
        value = argv[++i];
      } else {
        UsageError(program, absl::StrCat("flag '", arg, "' needs a value"));
      }
    }
    std::string error;
    if (!flag->ParseFrom(value, &error)) {
      UsageError(program, absl::StrCat("bad value for '", arg, "': ", error));
    }
  }
  if (absl::Status s = StartTracing(program.c_str()); !s.ok()) UsageError(program, s.message());
  return positional;
}

std::string FlagSpelling(absl::string_view name) {
  return absl::StrCat("--", absl::StrReplaceAll(name, {{"_", "-"}}));
}

absl::Status PassOptionsFromFlags(const std::vector<std::string>& passes,
                                  PassOptions* options) {
  options->backend = absl::GetFlag(FLAGS_backend);
  if (options->backend != "a2a3" && options->backend != "a5") {
    return absl::InvalidArgumentError(
        absl::StrCat("--backend must be a2a3 or a5, not '", options->backend, "'"));
  }
  for (const std::string& name : passes) {
    const PassInfo* pass = FindPass(name);
    if (pass == nullptr) continue;  // RunPipeline names it
    for (const PassOptionSpec& spec : pass->options) {
      const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(spec.flag);
      if (flag == nullptr) continue;
      const std::string value = flag->CurrentValue();
      if (!spec.values.empty() && !absl::c_linear_search(spec.values, value)) {
        std::string choices = absl::StrJoin(spec.values.begin(), spec.values.end() - 1, ", ");
        return absl::InvalidArgumentError(absl::StrCat(
            FlagSpelling(spec.flag), " must be ", choices, " or ",
            spec.values.back(), ", not '", value, "'"));
      }
      options->values[spec.flag] = value;
    }
  }
  return absl::OkStatus();
}

absl::Status ApplyRecordedOptions(Program& program, PassOptions& options,
                                  bool backend_flag_given) {
  if (program.options.backend.empty()) {
    program.options.backend = options.backend;
  } else if (backend_flag_given && program.options.backend != options.backend) {
    return absl::InvalidArgumentError(absl::StrCat(
        "error: --backend=", options.backend, " contradicts the backend '",
        program.options.backend, "' recorded in the program"));
  } else {
    options.backend = program.options.backend;
  }
  bool allow = absl::GetFlag(FLAGS_allow_unregistered_ops);
  if (allow) program.options.allow_unregistered_ops = true;
  const std::string pipe_sync = absl::GetFlag(FLAGS_pipe_sync);
  if (!pipe_sync.empty()) {
    if (pipe_sync != "flags" && pipe_sync != "flags-unbounded" && pipe_sync != "barrier-all") {
      return absl::InvalidArgumentError(absl::StrCat(
          "error: --pipe-sync must be flags, flags-unbounded or barrier-all, not '", pipe_sync,
          "'"));
    }
    program.options.pipe_sync = pipe_sync;
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<int>> PipeSyncDrops() {
  std::vector<int> drops;
  for (const std::string& v : absl::GetFlag(FLAGS_pipe_sync_drop)) {
    int n = 0;
    if (!absl::SimpleAtoi(v, &n) || n < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("--pipe-sync-drop takes unit numbers, not '", v, "'"));
    }
    drops.push_back(n);
  }
  return drops;
}

int ReportFailure(const absl::Status& status) {
  std::cerr << status.message() << "\n";
  return IsUsageError(status) ? kExitUsage : kExitInputError;
}

int ReportFailure(const absl::Status& status, const DiagnosticSink& diagnostics) {
  std::cerr << diagnostics.ToString();
  if (diagnostics.error_count() > 0) return kExitInputError;
  return ReportFailure(status);
}

bool FlagGiven(int argc, char** argv, absl::string_view name) {
  for (int i = 1; i < argc; ++i) {
    absl::string_view arg = argv[i];
    if (!absl::ConsumePrefix(&arg, "--")) continue;
    std::string spelled = absl::StrReplaceAll(arg.substr(0, arg.find('=')), {{"-", "_"}});
    if (spelled == name) return true;
  }
  return false;
}

int LoadPassInput(const std::string& path, const std::vector<std::string>& passes, int argc,
                  char** argv, absl::string_view tool, PassInput* input) {
  if (absl::Status s = PassOptionsFromFlags(passes, &input->options); !s.ok()) {
    std::cerr << tool << s.message() << "\n";
    return kExitUsage;
  }
  ParseOptions parse_options;
  parse_options.allow_unregistered_ops = absl::GetFlag(FLAGS_allow_unregistered_ops);
  absl::StatusOr<std::unique_ptr<Program>> program = LoadProgram(path, parse_options);
  if (!program.ok()) return ReportFailure(program.status());
  input->program = *std::move(program);
  if (absl::Status s = ApplyRecordedOptions(*input->program, input->options,
                                            FlagGiven(argc, argv, "backend"));
      !s.ok()) {
    return ReportFailure(s);
  }
  if (absl::Status s = VerifyProgram(*input->program); !s.ok()) return ReportFailure(s);
  return kExitOk;
}

int RunPassTool(int argc, char** argv, absl::string_view pass_name) {
  std::vector<std::string> inputs = ParseCommandLine(
      argc, argv,
      absl::StrCat("usage: ", absl::StrReplaceAll(pass_name, {{"-", "_"}}),
                   " [flags] IN.pb -o OUT.pb\n\nRuns the pass '", pass_name,
                   "' on a binary IR file (`-` for stdin/stdout)."));
  if (inputs.size() != 1) {
    std::cerr << "expected exactly one input file (see --help)\n";
    return kExitUsage;
  }
  PassInput input;
  if (int rc = LoadPassInput(inputs[0], {std::string(pass_name)}, argc, argv, "", &input);
      rc != kExitOk) {
    return rc;
  }
  DiagnosticSink diagnostics;
  absl::Status s = RunPipeline(*input.program, {std::string(pass_name)}, input.options, {},
                               &diagnostics);
  if (!s.ok()) return ReportFailure(s, diagnostics);
  std::cerr << diagnostics.ToString();
  s = WriteFileAtomically(absl::GetFlag(FLAGS_output), SerializeProgram(*input.program));
  if (!s.ok()) return ReportFailure(s);
  return kExitOk;
}

}  // namespace ptoc
