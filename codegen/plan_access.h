// What a machine op of the lowering plan touches, as the sync planner
// (sync_plan.h) and the barrier-all rule (pipe_order.h) see it.
#ifndef PTOC_CODEGEN_PLAN_ACCESS_H_
#define PTOC_CODEGEN_PLAN_ACCESS_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "ir/types.h"

namespace ptoc {
namespace codegen {

// A GM region known at compile time: per dim of the tensor the element
// range [first, second) (pipe-sync.md §2.1). Empty: the whole tensor.
// Inline up to four dims: the planner copies accesses with every state it
// keeps.
using GmBox = absl::InlinedVector<std::pair<int64_t, int64_t>, 4>;

// What a machine op touches: a tile buffer (id >= 0) or all of a local
// memory (id -1: a loop-carried, branch-merged or popped tile); a GM tensor
// (space kDDR, id = its parameter's index; `box` the region of it, empty:
// all of it) or all of GM (id -1). Two GM accesses of one tensor overlap
// unless their boxes are disjoint in some dim (a peer's copy counts as the
// same tensor, at the same offsets).
struct PlanAccess {
  MemorySpace space = MemorySpace::kDDR;
  int64_t id = -1;
  bool write = false;
  GmBox box;
};
// Whether `a` and `b` may touch the same memory.
bool Overlap(const PlanAccess& a, const PlanAccess& b);
// Whether two accesses must be ordered (RAW, WAR, WAW): they may overlap
// and one writes: the rule of the planner, its check and the barrier-all
// rule. The simulators keep per region the last write and the reads since
// it (runtime/pipe_check.h), which applies the same rule by region.
inline bool Conflict(const PlanAccess& a, const PlanAccess& b) {
  return (a.write || b.write) && Overlap(a, b);
}
// Whether `earlier` conflicts with any of `later`.
inline bool Conflicts(const PlanAccess& earlier, const std::vector<PlanAccess>& later) {
  for (const PlanAccess& b : later) {
    if (Conflict(earlier, b)) return true;
  }
  return false;
}

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_PLAN_ACCESS_H_
