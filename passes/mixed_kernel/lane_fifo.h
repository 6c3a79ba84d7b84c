// FIFO bookkeeping on a lane function after the split: freeing popped
// tiles, the a5 NZ adapter before pushes to the cube, and how many popped
// tiles a lane holds at once.
#ifndef PTOC_PASSES_MIXED_KERNEL_LANE_FIFO_H_
#define PTOC_PASSES_MIXED_KERNEL_LANE_FIFO_H_

#include "ir/ir.h"
#include "ir/registry.h"

namespace ptoc {
namespace mixed_kernel {

// Frees every popped tile that has no tfree yet, right after its last use
// (aliases followed) in its block; a popped tile yielded out of its block
// is first copied within its memory space and the copy yielded.
void InsertTfrees(Function& fn);

// Puts `x_nz = tile.move(x, target_memory=Vec, blayout=col_major,
// slayout=row_major)` before every tpush_to_aic of a non-NZ tile. Returns
// whether it changed anything (an NZ tile is pushed as it is).
bool AdaptPushesToNz(Function& fn);

// The largest number of popped, not yet freed tiles of direction `dir`
// the function holds at once.
int MaxHeldPops(const Function& fn, PipeDirection dir);

// The pipe direction of a FIFO op call (push, pop or free); kNone otherwise.
PipeDirection FifoDirection(const Expr& call);

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_LANE_FIFO_H_
