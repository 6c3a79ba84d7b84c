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
  std::vector<Buffer> buffers;
  for (const PlanAccess& a : accesses) {
    Buffer b{a.space, a.id >= kRingBufferBase ? -1 : static_cast<int>(a.id)};
    if (a.space == MemorySpace::kDDR) b = GmBuffer();
    buffers.push_back(b);
  }
  switch (rule_.Op(step, skip, buffers, accesses)) {
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
