// SyncPlanner in barrier-all mode (--pipe-sync=barrier-all): the recorded
// kernel with today's barriers (pipe_order.h) as units, so that the C++
// emitter prints them through the plan and ptoc-sim replays them.
#include "codegen/sync_plan.h"

namespace ptoc {
namespace codegen {

int SyncPlanner::BarrierAllOp(int gap, const MachineStep& step, bool skip,
                              const std::vector<PlanAccess>& accesses, const Location& loc) {
  // The rule sees GM as one buffer, and a popped tile (its ring) as all of
  // its memory.
  std::vector<PlanAccess> coarse;
  for (const PlanAccess& a : accesses) {
    const bool whole = a.space == MemorySpace::kDDR || a.id >= kRingBufferBase;
    coarse.push_back(PlanAccess{a.space, whole ? -1 : a.id, a.write, {}});
  }
  switch (rule_.Op(step, skip, coarse, accesses)) {
    case BarrierNeed::kAll:
      BarrierAll(gap, loc, "barrier-all");
      break;
    case BarrierNeed::kSamePipe:
      SamePipeBarrier(gap, step.pipe, loc);
      break;
    case BarrierNeed::kNone:
      break;
  }
  if (step.barrier_all_after) Reset();
  return gap;
}

}  // namespace codegen
}  // namespace ptoc
