// Orders the GM accesses the two lanes of a mixed kernel share (RAW, WAR and
// WAW on one origin, window stores released by a notify, window loads
// acquired by a wait or test), in both directions, by single-point
// handshakes through the cross-core FIFO, by a barrier, or reports them —
// as --v2c-sync says (expand-mixed-kernel.md, "Accesses to GM shared by the
// lanes").
#ifndef PTOC_PASSES_MIXED_KERNEL_GM_HANDOFF_H_
#define PTOC_PASSES_MIXED_KERNEL_GM_HANDOFF_H_

#include "passes/mixed_kernel/rewrite_context.h"

namespace ptoc {
namespace mixed_kernel {

// Inserts the handshakes (statements pinned to their lane) into the still
// unsplit kernel. Errors and warnings go to `rewrite.diagnostics`.
void OrderGmHandoffs(KernelRewrite& rewrite);

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_GM_HANDOFF_H_
