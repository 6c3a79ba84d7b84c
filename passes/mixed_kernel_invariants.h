// The post-conditions of expand-mixed-kernel (expand-mixed-kernel.md, "After
// the pass"), checked by the driver after the pass:
//   - no InCore function remains;
//   - every tpop has exactly one tfree (of the matching direction) on the
//     same lane, and every tfree frees a popped tile;
//   - the pipe setup (*_initialize_pipe) precedes the first cross-core op;
//   - for every Group of an AIC and an AIV function, on every path the
//     pushes of each direction on the producer lane match the pops on the
//     consumer lane in number and order;
//   - no lane holds more popped, not yet freed tiles of one direction than
//     its slot_num;
//   - tile.tpop_from_aiv lands in Mat, tile.tpop_from_aic in Vec;
//   - pushed tiles have static shapes.
#ifndef PTOC_PASSES_MIXED_KERNEL_INVARIANTS_H_
#define PTOC_PASSES_MIXED_KERNEL_INVARIANTS_H_

#include <vector>

#include "absl/status/status.h"
#include "ir/ir.h"
#include "ir/registry.h"

namespace ptoc {

// OK, or an InvalidArgument status with one diagnostic per violation.
// With `allow_in_core`, InCore functions are skipped instead of reported:
// the check of the lanes an input already has (written by hand).
// The directions (C2V, then V2C) whose pushes on one lane and pops on the
// other do not sit at the same points of the same control flow (the same
// number, in the same order, under equal loop bounds and conditions).
std::vector<PipeDirection> UnpairedDirections(const Function& aic, const Function& aiv);

absl::Status VerifyMixedKernelInvariants(const Program& program, bool allow_in_core = false);

}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_INVARIANTS_H_
