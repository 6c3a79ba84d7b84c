// A reference checker for expand-mixed-kernel that runs programs instead of
// reasoning about them: it executes the original InCore kernel and its AIC
// and AIV lanes for given values of the scalar parameters (tiles carry no
// data; loop bounds and branch conditions are evaluated), simulates the two
// lanes against each other through the cross-core FIFO (slot_num slots per
// direction, tfree releasing them, syncall as a barrier) and checks that
//   - every GM access of the kernel runs exactly once on one lane, on the
//     same tensor, and nothing else touches GM;
//   - the lanes finish (no deadlock, no pop without a push);
//   - every two accesses on different lanes that conflict (same tensor, one
//     writes) happen in the kernel's order: the earlier one is followed on
//     its lane by a fence (after a cache clean for a scalar write) that
//     happens before the later one through a push/pop pair or a barrier,
//     and a later scalar read is preceded by a cache invalidate that
//     happens after that fence.
#ifndef PTOC_TESTING_MIXED_LANE_ORACLE_H_
#define PTOC_TESTING_MIXED_LANE_ORACLE_H_

#include <cstdint>

#include "absl/status/status.h"
#include "ir/ir.h"

namespace ptoc {

// `kernel` is the InCore function before the pass, `aic` and `aiv` its
// lanes after it; every integer scalar parameter takes the value `scalar`.
absl::Status CheckLaneExecution(const Function& kernel, const Function& aic,
                                const Function& aiv, int64_t scalar);

}  // namespace ptoc

#endif  // PTOC_TESTING_MIXED_LANE_ORACLE_H_
