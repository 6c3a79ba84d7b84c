// Turns every boundary tile.move of a mixed kernel into a FIFO transfer:
// the push on the producer lane and the pop on the consumer lane, at the
// move's position (expand-mixed-kernel.md, "Values that cross the lanes").
#ifndef PTOC_PASSES_MIXED_KERNEL_BOUNDARY_MOVES_H_
#define PTOC_PASSES_MIXED_KERNEL_BOUNDARY_MOVES_H_

#include "passes/mixed_kernel/rewrite_context.h"

namespace ptoc {
namespace mixed_kernel {

// Rewrites the moves in place (statements pinned to their lane). With
// hand-written pipe setup every boundary move is an error instead.
void RewriteBoundaryMoves(KernelRewrite& rewrite);

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_BOUNDARY_MOVES_H_
