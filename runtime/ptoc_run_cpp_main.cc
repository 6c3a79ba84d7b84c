// ptoc-run-cpp: runs an emitted .cpp on the simulated machine and reports
// stale reads, races, deadlocks and protocol errors as ptoc-sim does
// (runtime.md, "Running the emitted C++").
#include <string>

#include "absl/flags/flag.h"
#include "runtime/device/run_cpp.h"
#include "runtime/launch_command.h"

ABSL_FLAG(int64_t, max_steps, ptoc::sim::CppRunOptions::kDefaultMaxSteps,
          "Device-API calls one schedule may make; reaching it is reported as a possible "
          "livelock.");
ABSL_FLAG(std::string, cpp, "", "The emitted .cpp the objects were compiled from (required).");
ABSL_FLAG(std::string, vec, "", "The .cpp compiled with -D__DAV_VEC__ as a shared object.");
ABSL_FLAG(std::string, cube, "", "The .cpp compiled with -D__DAV_CUBE__ as a shared object.");

namespace ptoc {
namespace {

constexpr char kUsage[] =
    "usage: ptoc-run-cpp IN.pb --cpp=K.cpp [--vec=K.vec.so] [--cube=K.cube.so]\n"
    "                    --entry=FUNC --ranks=R [--scalar NAME=VALUE ...] [--inputs=DIR]\n"
    "                    [--dump-outputs=DIR] [--seed=S] [--schedules=N] [--max-steps=K]\n"
    "                    [--report=text|json] [--launch=declared|1c1v|1c2v]\n\n"
    "Runs the kernels of an emitted .cpp (compiled twice, for the vector and the cube\n"
    "core, into shared objects) on the simulated machine: the entry of IN.pb launched\n"
    "on R ranks, as ptoc-sim launches it (1C:2V when the AIV entry's\n"
    "PTO_SYNCALL_MIX_AIC_KERNEL_META says 2). Reports what ptoc-sim reports, at the kernel\n"
    "lines the .cpp names; exits 1 when it finds anything, 0 when the run is clean,\n"
    "2 on a usage error.";

absl::Status CheckCppFlag() {
  if (absl::GetFlag(FLAGS_cpp).empty()) return absl::InvalidArgumentError("--cpp=FILE is required");
  return absl::OkStatus();
}

int Main(int argc, char** argv) {
  sim::CppRunOptions options;
  const sim::LaunchTool tool{"ptoc-run-cpp", kUsage, &FLAGS_max_steps,
                              sim::CppRunOptions::kMaxRanks, CheckCppFlag};
  return sim::RunLaunchTool(argc, argv, tool, options, [&](const Program& program) {
    options.cpp_path = absl::GetFlag(FLAGS_cpp);
    options.vec_object = absl::GetFlag(FLAGS_vec);
    options.cube_object = absl::GetFlag(FLAGS_cube);
    return sim::RunEmittedCpp(program, options);
  });
}

}  // namespace
}  // namespace ptoc

int main(int argc, char** argv) { return ptoc::Main(argc, argv); }
