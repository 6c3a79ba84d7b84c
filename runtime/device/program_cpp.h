// Runs a whole program's emitted C++ (runtime.md, "Running the emitted
// C++", "Whole programs"): the host or orchestration entry planned into
// kernel launches as ptoc-sim plans it (host_plan.h), the objects placed and
// filled as ptoc-sim places them (program_launches.h), and each rank's
// launches one after another on its core group's lane threads, all ranks at
// once, each lane calling the kernel of its launch from the shared objects.
#ifndef PTOC_RUNTIME_DEVICE_PROGRAM_CPP_H_
#define PTOC_RUNTIME_DEVICE_PROGRAM_CPP_H_

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "runtime/device/kernel_objects.h"
#include "runtime/device/run_cpp.h"
#include "runtime/device/source_map.h"

namespace ptoc {
namespace sim {

// `entry` is a host or orchestration function (IsWholeProgramEntry).
// Errors (a status, as RunEmittedCpp's): what PlanRun refuses, a kernel the
// objects cannot run, --cycles (a whole program is not timed).
absl::StatusOr<CppRunResult> RunEmittedProgram(const Program& program, const Function& entry,
                                               const CppRunOptions& options, SourceMap& sources,
                                               KernelObjects& objects);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_DEVICE_PROGRAM_CPP_H_
