// The shared argument list of a hand-written Group's lanes.
//
// A core group starts its AIC and AIV subblocks with one argument array, so
// both lanes of a Group must take the Group's parameters, in its order.
// expand-mixed-kernel's own Groups do; a Group written by hand may call an
// AIC and an AIV function that each take a subset. NormalizeGroupAbis gives
// both members the Group's signature, as PyPTO's ExpandMixedKernel does
// (PyPTO #2097):
//  - a member pair only this Group calls is rewritten in place;
//  - a member also called elsewhere (another Group, an orchestration
//    function) keeps its signature, and the Group gets private copies,
//    `<group>_aic_adapter` and `<group>_aiv_adapter`, placed before it;
//  - in either case a member parameter becomes the argument the Group passed
//    for it, and the Group's calls pass its parameters in order.
#ifndef PTOC_PASSES_MIXED_KERNEL_GROUP_ABI_H_
#define PTOC_PASSES_MIXED_KERNEL_GROUP_ABI_H_

#include "ir/diagnostics.h"
#include "ir/ir.h"

namespace ptoc {
namespace mixed_kernel {

// Returns whether the program changed; errors (a member that cannot be
// adapted) go to `d`.
bool NormalizeGroupAbis(Program& program, DiagnosticSink* d);

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_GROUP_ABI_H_
