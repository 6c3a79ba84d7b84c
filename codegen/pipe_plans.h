// The sync plan of every kernel of a program in the mode it records
// (--pipe-sync: flags, flags-unbounded or barrier-all), as codegen plans it
// (one lowering, one planner), for ptoc-sim's pipe model
// (runtime/pipe_check.h), which replays the plan on the IR.
#ifndef PTOC_CODEGEN_PIPE_PLANS_H_
#define PTOC_CODEGEN_PIPE_PLANS_H_

#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "codegen/sync_plan.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// The planner of every AIC and AIV function of `program` (after
// materialize-aiv-lanes), by name, planned in the mode the program
// records; units in `drop` stay in the planners (Recorded() leaves them
// out). Errors are codegen's diagnostics.
absl::StatusOr<std::map<std::string, SyncPlanner>> PlanPipeSync(const Program& program);

// --pipe-sync-drop=N for a unit no planner has is a usage error
// (UsageErrorStatus): "no unit N: the plan has M".
absl::Status CheckDropUnits(const std::map<std::string, SyncPlanner>& planners,
                            const std::set<int>& drop);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_PIPE_PLANS_H_
