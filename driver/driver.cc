#include "driver/driver.h"

#include <chrono>
#include <iostream>
#include <memory>
#include <string>

#include "absl/algorithm/container.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "codegen/codegen.h"
#include "codegen/sync_plan.h"
#include "driver/pipeline.h"
#include "driver/tool.h"
#include "frontend/printer.h"
#include "ir/file_util.h"
#include "ir/serialize.h"
#include "ir/status_macros.h"
#include "ir/verifier.h"

ABSL_FLAG(std::string, emit, "pto",
          "What to write: pto|cce|syncplan|text|pb|textproto (syncplan: the units of each "
          "kernel's pipe-sync plan).");
ABSL_FLAG(std::string, passes, "<default>",
          "Comma-separated passes to run; empty runs none (parse, verify, print). "
          "Default: the default pipeline, which --list-passes prints last.");
ABSL_FLAG(std::string, dump_dir, "",
          "Write the IR after every pass as NN-<pass>.pb and NN-<pass>.py here.");
ABSL_FLAG(bool, pipe_sync_removal, false,
          "With --emit=syncplan: also run the plan's check once per unit with that unit left "
          "out, and list the units whose removal no finding catches (the removal test).");
ABSL_FLAG(bool, print_ir_after_all, false, "Print the IR after every pass to stderr.");
ABSL_FLAG(bool, list_passes, false, "Print the registered passes and exit.");
ABSL_FLAG(bool, time_passes, false,
          "Print to stderr the wall time of each step (load, each pass and its checks, "
          "code generation and, inside it, the pipe-sync planner, writing) and the total.");
ABSL_FLAG(bool, canonical_names, false,
          "--emit=text: name locals v0, v1, ... (to compare programs up to renaming).");

namespace ptoc {
namespace {

constexpr absl::string_view kUsage =
    "usage: ptoc INPUT [-o OUT] [--emit=pto|cce|syncplan|text|pb|textproto]\n"
    "            [--passes=NAME,NAME,...] [--backend=a2a3|a5]\n"
    "            [--pipe-sync=flags|flags-unbounded|barrier-all] [--pipe-sync-drop=N,...]\n"
    "            [--v2c-sync=fence|barrier|error|off] [--narrow-regions]\n"
    "            [--allow-unregistered-ops] [--dump-dir=DIR] [--print-ir-after-all]\n"
    "            [--time-passes]\n"
    "\n"
    "Compiles a PTO kernel (text .py or binary IR .pb) to PTO-AS (.pto), Ascend\n"
    "device C++ (.cpp) or IR. Exit status: 0 success, 1 bad input, 2 usage error.";

std::vector<std::string> PassList() {
  std::string flag = absl::GetFlag(FLAGS_passes);
  if (flag == "<default>") return DefaultPipeline();
  std::vector<std::string> passes;
  for (absl::string_view name : absl::StrSplit(flag, ',', absl::SkipWhitespace())) {
    passes.emplace_back(name);
  }
  return passes;
}

absl::StatusOr<std::string> Emit(const Program& program, const std::string& emit) {
  if (emit == "text") {
    PrintOptions options;
    options.canonical_names = absl::GetFlag(FLAGS_canonical_names);
    return PrintProgram(program, options);
  }
  if (emit == "pb") return SerializeProgram(program);
  if (emit == "textproto") return ProgramToTextProto(program, TextProtoFormat::kTextProto);
  ASSIGN_OR_RETURN(std::vector<int> drops, PipeSyncDrops());
  CodegenOptions codegen;
  codegen.drop_units = drops;
  codegen.removal_check = absl::GetFlag(FLAGS_pipe_sync_removal);
  return GenerateCode(program,
                      emit == "cce"        ? CodegenTarget::kCce
                      : emit == "syncplan" ? CodegenTarget::kSyncPlan
                                           : CodegenTarget::kPto,
                      codegen);
}

double Since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// --time-passes: one line per step, then the planner's share of the total.
void PrintTimes(const std::vector<std::pair<std::string, double>>& times, double planner,
                double total) {
  std::cerr << "ptoc --time-passes (wall seconds):\n";
  for (const auto& [what, seconds] : times) {
    std::cerr << absl::StrFormat("  %-32s %10.6f\n", what, seconds);
    if (what == "codegen") {
      std::cerr << absl::StrFormat("  %-32s %10.6f\n", "  of which the pipe-sync planner",
                                   planner);
    }
  }
  std::cerr << absl::StrFormat("  %-32s %10.6f\n", "total", total);
  std::cerr << absl::StrFormat("  pipe-sync planner: %.1f%% of the total\n",
                               total > 0 ? 100.0 * planner / total : 0.0);
}

std::string ReproduceCommand(int argc, char** argv) {
  std::vector<std::string> args = {"ptoc"};
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  return absl::StrJoin(args, " ");
}

// An option of a registered pass given on the command line while --passes
// does not run that pass would be ignored silently: a usage error.
absl::Status CheckPassOptionsGiven(int argc, char** argv, const std::vector<std::string>& passes) {
  for (const PassInfo* pass : RegisteredPasses()) {
    if (absl::c_linear_search(passes, pass->name)) continue;
    for (const PassOptionSpec& option : pass->options) {
      if (FlagGiven(argc, argv, option.flag)) {
        return absl::InvalidArgumentError(absl::StrCat(FlagSpelling(option.flag),
                                                       " is an option of ", pass->name,
                                                       ", which --passes does not run"));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace

int RunPtocDriver(int argc, char** argv) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> inputs = ParseCommandLine(argc, argv, kUsage);
  if (absl::GetFlag(FLAGS_list_passes)) {
    for (const PassInfo* p : RegisteredPasses()) {
      std::cout << p->name << "  " << p->description << "\n";
      for (const PassOptionSpec& option : p->options) {
        std::cout << "    option " << FlagSpelling(option.flag) << "\n";
      }
    }
    std::cout << "default pipeline: " << absl::StrJoin(DefaultPipeline(), ",") << "\n";
    return kExitOk;
  }
  if (inputs.size() != 1) {
    std::cerr << "ptoc: expected exactly one input file (see --help)\n";
    return kExitUsage;
  }
  const std::string emit = absl::GetFlag(FLAGS_emit);
  if (emit != "pto" && emit != "cce" && emit != "syncplan" && emit != "text" &&
      emit != "pb" && emit != "textproto") {
    std::cerr << "ptoc: --emit must be pto, cce, syncplan, text, pb or textproto\n";
    return kExitUsage;
  }
  if (absl::GetFlag(FLAGS_pipe_sync_removal) && emit != "syncplan") {
    std::cerr << "ptoc: --pipe-sync-removal needs --emit=syncplan\n";
    return kExitUsage;
  }
  std::vector<std::pair<std::string, double>> times;
  const bool timed = absl::GetFlag(FLAGS_time_passes);
  auto step = std::chrono::steady_clock::now();
  PassInput input;
  const std::vector<std::string> passes = PassList();
  if (absl::Status s = CheckPassOptionsGiven(argc, argv, passes); !s.ok()) {
    std::cerr << "ptoc: " << s.message() << " (see --help)\n";
    return kExitUsage;
  }
  if (int rc = LoadPassInput(inputs[0], passes, argc, argv, "ptoc: ", &input); rc != kExitOk) {
    return rc;
  }
  Program& program = *input.program;
  times.emplace_back("load", Since(step));

  PipelineOptions pipeline_options;
  pipeline_options.dump_dir = absl::GetFlag(FLAGS_dump_dir);
  pipeline_options.print_ir_after_all = absl::GetFlag(FLAGS_print_ir_after_all);
  pipeline_options.reproduce_command = ReproduceCommand(argc, argv);
  if (timed) pipeline_options.times = &times;
  DiagnosticSink diagnostics;
  absl::Status s = RunPipeline(program, passes, input.options, pipeline_options,
                               &diagnostics);
  if (!s.ok()) return ReportFailure(s, diagnostics);
  std::cerr << diagnostics.ToString();

  step = std::chrono::steady_clock::now();
  const double planner_before = codegen::SyncPlanner::Seconds();
  absl::StatusOr<std::string> output = Emit(program, emit);
  if (!output.ok()) return ReportFailure(output.status());
  const double planner = codegen::SyncPlanner::Seconds() - planner_before;
  times.emplace_back(emit == "pto" || emit == "cce" || emit == "syncplan" ? "codegen" : "emit",
                     Since(step));
  step = std::chrono::steady_clock::now();
  if (s = WriteFileAtomically(absl::GetFlag(FLAGS_output), *output); !s.ok()) {
    return ReportFailure(s);
  }
  times.emplace_back("write", Since(step));
  if (timed) PrintTimes(times, planner, Since(start));
  return kExitOk;
}

}  // namespace ptoc
