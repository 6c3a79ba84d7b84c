// Pass `lower-composite-ops`: PyPTO's LowerCompositeOps for the distributed
// collectives and tile.sin / tile.cos.
//
// A kernel may call a collective of PyPTO's `pld.tensor` family as one op:
// `data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)`. The op
// registry marks these ops composite (OpInfo::composite); codegen lowers none
// of them. This pass expands each call in an InCore, AIC or AIV function
// into the notify / wait / load / remote-load / store sequence PyPTO's pass
// generates, written with ops codegen lowers, so that the passes after it
// (insert-comm-fence, check-comm-contract) mark and prove the result like a
// hand-written kernel. It runs first in the default pipeline, as PyPTO runs
// it before InferTileMemorySpace and ExpandMixedKernel.
//
// Every collective synchronises through PyPTO's self-clearing credit
// barrier on its `signal` window ([NR, 1], one INT32 cell per rank):
//
//   barrier(g):  for peer != me: notify(signal, peer, [me, 0], 1, op=AtomicAdd)
//                for src != me:  wait(signal, [src, 0], g, cmp=Ge)
//   epilogue:    for src != me:  notify(signal, me, [src, 0], -N, op=AtomicAdd)
//
// g counts the barriers of one call from 1 and N is their number, so every
// call leaves the signal all zero and may run in a loop. The expansions:
//
//   barrier(signal)                   barrier(1); epilogue(1)
//   allreduce(target, signal, op=)    barrier(1); per chunk of at most 16 KiB:
//                                     load, remote-load and reduce each peer's
//                                     chunk, barrier(next), store; epilogue
//   allreduce(..., mode="ring")       PyPTO's ring on a [2 * (NR - 1), NR]
//                                     signal: NR - 1 reduce-scatter rounds,
//                                     then NR - 1 allgather rounds, each
//                                     moving one segment from the left
//                                     neighbour between a ready and a read
//                                     barrier on the round's row
//   reduce_scatter(target, signal)    barrier(1); load row `me`, add every
//                                     peer's row `me`; barrier(2); store;
//                                     epilogue(2)
//   broadcast(target, signal, root=)  barrier(1); on every rank but the
//                                     root, pld.tile.get of the root's window
//                                     through a Vec staging tile; barrier(2);
//                                     epilogue(2). PyPTO's root also copies
//                                     onto itself, a write racing with the
//                                     peers' reads, and has no second barrier,
//                                     so the root could overwrite its window
//                                     while a peer still reads it
//   allgather(local, target, signal)  the local row into row `me` of every
//                                     rank's target; barrier(1); epilogue(1)
//   all_to_all(input, target, signal) row `dest` of input into row `me` of
//                                     rank dest's target; barrier(1); epilogue(1)
//   all_to_all_v(input, target,       block `dest` (target rows / NR rows) into
//     signal, send_counts,            block `me` of rank dest's target, its
//     recv_counts)                    count min(send_counts[dest], rows) set
//                                     into rank dest's recv_counts[me];
//                                     barrier(1); epilogue(1)
//
// The result of the call is its target window (its signal for a barrier):
// `x = op(...)` becomes the expansion, then `x = target`.
//
// PyPTO moves a row into a peer's window with pld.tile.put and a subregion;
// ptoc's put copies whole tensors, so the expansions load the row into a Vec
// tile and pld.tile.remote_store it: the same data path through UB. What
// ptoc cannot express is a located error naming the construct: a dynamic
// shape or valid_shape, a strided or DN view, an allreduce chunk that is not
// a run of whole rows or a part of a single row, a ring of several rows or
// of unequal (or, for 2-byte elements, unaligned) segments, and the forms
// PyPTO rejects itself (no signal, core_num > 1, a signal of the other
// protocol's shape).
//
// tile.sin / tile.cos, which no target has an instruction for, expand as
// PyPTO expands them: a Cody-Waite range reduction and a degree-9 odd
// polynomial of FP32 vector ops (tile.muls / adds / sub / mul / add and
// tile.cast; passes/composite_trig.cc); `x = pl.tile.sin(t)` becomes about
// 30 statements ending in `x = sign * (r * P(r^2))`.
#ifndef PTOC_PASSES_LOWER_COMPOSITE_OPS_H_
#define PTOC_PASSES_LOWER_COMPOSITE_OPS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"
#include "passes/pass.h"

namespace ptoc {

class LowerCompositeOpsPass : public Pass {
 public:
  absl::string_view name() const override { return "lower-composite-ops"; }
  absl::StatusOr<bool> Run(Program& program, PassContext& context) override;
  absl::Status VerifyAfter(const Program& program) const override;
};

// The post-condition, which codegen also checks: no kernel calls a
// composite op. The error is located at the first such call.
absl::Status CheckNoCompositeOps(const Program& program);

}  // namespace ptoc

#endif  // PTOC_PASSES_LOWER_COMPOSITE_OPS_H_
