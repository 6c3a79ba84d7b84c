// expand-mixed-kernel on split_aiv kernels (dual-aiv.md, "expand-mixed-kernel
// on split_aiv kernels"): the checks C1-C12 (C13 is rule 5 of the split,
// through the lane binding), the lowering of pl.split_aiv regions, the
// shard / gather transports and the lane binding of F_aiv.
#ifndef PTOC_PASSES_MIXED_KERNEL_SPLIT_AIV_H_
#define PTOC_PASSES_MIXED_KERNEL_SPLIT_AIV_H_

#include <string>

#include "ir/diagnostics.h"
#include "ir/ir.h"
#include "passes/mixed_kernel/rewrite_context.h"

namespace ptoc {
namespace mixed_kernel {

// A kernel with a pl.split_aiv region or the attribute split_aiv=True.
bool IsSplitAiv(const Function& f);

// C1: tile.get_subblock_idx in a non-split InCore kernel.
void CheckNonSplitKernel(const Function& f, DiagnosticSink* d);

// C2-C11 on split_aiv kernel `f` (before its regions are lowered), one
// diagnostic per violation.
void CheckSplitAivKernel(const Function& f, const std::string& backend, DiagnosticSink* d);

// The code of the kernel's handshake tokens: 0 when its class is nosplit
// (it has a no-split shard or gather), else 1 (dual-aiv.md C9, open
// question 16).
int TokenSplitCode(const Function& f);

// Step 1: replaces every region by its body and every region's lane by one
// binding `lane = tile.get_subblock_idx()` at the top of the body (only
// when a lane is used); appends split_aiv=True unless present. Returns the
// binding's variable, or nullptr.
Var* LowerSplitRegions(Function& f);

// C12 on the lowered kernel: GM accesses of the AIV lanes that the two lanes
// may both make to overlapping places.
void CheckCrossLaneAccesses(const Function& f, DiagnosticSink* d);

// Turns every `d = tile.aiv_shard(s)` into AIC `tile.tpush_to_aiv(s,
// split=c)` + AIV `d = tile.tpop_from_aic(split=c)`, and every `g =
// tile.aic_gather(h)` into AIV `tile.tpush_to_aic(h, split=c)` + AIC `g =
// tile.tpop_from_aiv(split=c)` (both pinned to their lanes).
void RewriteSplitBoundaries(KernelRewrite& rewrite);

// Moves the statement binding `binding` (a variable of the kernel, by id)
// to the top of lane function `aiv`, above its pipe setup.
void HoistLaneBinding(Function& aiv, const Var& binding);

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_SPLIT_AIV_H_
