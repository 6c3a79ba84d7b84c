// ptoc-run-cpp: runs an emitted .cpp on the simulated machine and reports
// stale reads, races, deadlocks and protocol errors as ptoc-sim does
// (runtime.md, "Running the emitted C++").
#include <string>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "runtime/device/run_cpp.h"
#include "runtime/launch_command.h"

ABSL_FLAG(int64_t, max_steps, ptoc::sim::CppRunOptions::kDefaultMaxSteps,
          "Device-API calls one schedule may make; reaching it is reported as a possible "
          "livelock.");
ABSL_FLAG(std::string, cpp, "", "The emitted .cpp the objects were compiled from (required).");
ABSL_FLAG(std::string, vec, "", "The .cpp compiled with -D__DAV_VEC__ as a shared object.");
ABSL_FLAG(std::string, cube, "", "The .cpp compiled with -D__DAV_CUBE__ as a shared object.");
ABSL_FLAG(std::string, cpp_from, "ptoc",
          "Who wrote the .cpp: ptoc (its cce target), ptoas (`ptoas --enable-insert-sync` of "
          "ptoc's --pipe-sync=barrier-all .pto) or hand (synchronised by hand); for the last "
          "two the launch ratio is the program's and the timing is labelled with the writer.");
ABSL_FLAG(std::string, pipe_check, "on",
          "on|off: the pipe check inside every lane (every --pipe-sync mode, and ptoas's "
          "C++).");
ABSL_FLAG(bool, cycles, false,
          "Time schedule 0 on the timing model: cycles, busy % and stalls per lane and pipe, "
          "the critical path (text after the findings; `timing` in the JSON report).");
ABSL_FLAG(std::string, cost_table, "",
          "The cost table of the timing model (runtime/cost/<backend>.costs is built in).");

namespace ptoc {
namespace {

constexpr char kUsage[] =
    "usage: ptoc-run-cpp IN.pb --cpp=K.cpp [--vec=K.vec.so] [--cube=K.cube.so]\n"
    "                    --entry=FUNC --ranks=R [--scalar NAME=VALUE ...] [--inputs=DIR]\n"
    "                    [--dump-outputs=DIR] [--seed=S] [--schedules=N] [--max-steps=K]\n"
    "                    [--report=text|json] [--launch=declared|1c1v|1c2v]\n"
    "                    [--cpp-from=ptoc|ptoas|hand] [--pipe-check=on|off] [--cycles]\n"
    "                    [--cost-table=FILE]\n\n"
    "Runs the kernels of an emitted .cpp (compiled twice, for the vector and the cube\n"
    "core, into shared objects) on the simulated machine: the entry of IN.pb launched\n"
    "on R ranks, as ptoc-sim launches it (1C:2V when the AIV entry's\n"
    "PTO_SYNCALL_MIX_AIC_KERNEL_META says 2, or, for ptoas's .cpp, the program); a host\n"
    "or orchestration entry runs the whole program's kernel launches. Reports\n"
    "what ptoc-sim reports, at the kernel lines the .cpp names (ptoas's: its own lines),\n"
    "and times it with --cycles; exits 1 when it finds anything, 0 when the run is clean,\n"
    "2 on a usage error.";

absl::Status CheckCppFlag() {
  if (absl::GetFlag(FLAGS_cpp).empty()) return absl::InvalidArgumentError("--cpp=FILE is required");
  const std::string from = absl::GetFlag(FLAGS_cpp_from);
  if (from != "ptoc" && from != "ptoas" && from != "hand") {
    return absl::InvalidArgumentError(
        absl::StrCat("--cpp-from must be ptoc, ptoas or hand, not '", from, "'"));
  }
  const std::string check = absl::GetFlag(FLAGS_pipe_check);
  if (check != "on" && check != "off") {
    return absl::InvalidArgumentError(
        absl::StrCat("--pipe-check must be on or off, not '", check, "'"));
  }
  return absl::OkStatus();
}

int Main(int argc, char** argv) {
  sim::CppRunOptions options;
  const sim::LaunchTool tool{"ptoc-run-cpp", kUsage, &FLAGS_max_steps,
                              sim::CppRunOptions::kMaxRanks, CheckCppFlag};
  return sim::RunLaunchTool(argc, argv, tool, options,
                            [&](const Program& program) -> absl::StatusOr<sim::CppRunResult> {
    options.cpp_path = absl::GetFlag(FLAGS_cpp);
    options.vec_object = absl::GetFlag(FLAGS_vec);
    options.cube_object = absl::GetFlag(FLAGS_cube);
    options.from = absl::GetFlag(FLAGS_cpp_from);
    options.pipe_check = absl::GetFlag(FLAGS_pipe_check) == "on";
    options.timed = absl::GetFlag(FLAGS_cycles);
    options.cost_table = absl::GetFlag(FLAGS_cost_table);
    absl::StatusOr<sim::CppRunResult> result = sim::RunEmittedCpp(program, options);
    if (result.ok() && options.timed) {
      result->totals.timing_text = result->timing_text;
      result->totals.timing_json = result->timing_json;
    }
    return result;
  });
}

}  // namespace
}  // namespace ptoc

int main(int argc, char** argv) { return ptoc::Main(argc, argv); }
