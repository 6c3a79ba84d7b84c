// Runs a whole program (runtime.md, "Whole programs"): the host or an
// orchestration function planned into kernel launches (host_plan.h), each
// rank's launches one after another on its core group, every rank at once,
// under the same seeded schedules and checks as a single kernel launch.
#ifndef PTOC_RUNTIME_PROGRAM_SIM_H_
#define PTOC_RUNTIME_PROGRAM_SIM_H_

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "runtime/simulator.h"

namespace ptoc {
namespace sim {

// `program` is already materialized for the backend (Simulate does it);
// `entry` is a host or orchestration function (IsWholeProgramEntry).
absl::StatusOr<SimResult> SimulateProgram(const Program& program, const Function& entry,
                                          const SimOptions& options);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_PROGRAM_SIM_H_
