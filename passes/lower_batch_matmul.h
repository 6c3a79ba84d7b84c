// Pass `lower-batch-matmul`: the batched matmul of PyPTO's FlattenTileNdTo2D.
//
// `c = tile.batch_matmul(a, b)` multiplies the matrices of a [..., M, K]
// tile by those of a [..., K, N] tile, the batch dims broadcast as NumPy's
// matmul does; no instruction does that, so PyPTO unrolls it into one 2-D
// tile.matmul per batch page before code generation. So does this pass,
// for the form convert-tensor-to-tile-ops writes (and PyPTO's tests
// write by hand): each operand a tile.load of GM of static shape (or a
// tile.reshape of one that only adds or drops leading dims of 1), and the
// product stored by the next statement (not into an operand's tensor) and
// read by nothing else. A page load reads GM where the matmul is, so the
// operand's load is a statement of the matmul's own block, and none between
// them may write GM. Per batch
// page, in row-major order of the result's batch dims:
//   a_i = tile.load(A, offsets of page i, [1, ..., 1, M, K])   (an [M, K] tile)
//   b_i = tile.load(B, ...)                                    (page 0 of a
//         broadcast dim of size 1, for every i)
//   c_i = tile.matmul(a_i, b_i)
//   out = tile.store(c_i, offsets of page i, out, [1, ..., 1, M, N])
// The page loads keep the load's memory space; a load written
// without one reads its pages into Mat, where PyPTO's memory inference
// puts the loads a matmul reads.
// PyPTO slices each page out of one whole load when all of them fit Mat
// together and loads per page otherwise; ptoc always loads per page, which
// reads each byte of A and B once (a broadcast page once per use) and needs
// Mat for one page of each at a time. The whole loads (and reshapes) that
// nothing else reads are dropped. Any other form (an operand computed
// on chip, a product read by something other than one store, dynamic
// shapes) keeps tile.batch_matmul, which code generation refuses with a
// located error. Runs in the default pipeline after
// convert-tensor-to-tile-ops, before infer-tile-memory-space.
#ifndef PTOC_PASSES_LOWER_BATCH_MATMUL_H_
#define PTOC_PASSES_LOWER_BATCH_MATMUL_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "passes/pass.h"

namespace ptoc {

class LowerBatchMatmulPass : public Pass {
 public:
  absl::string_view name() const override { return "lower-batch-matmul"; }
  absl::StatusOr<bool> Run(Program& program, PassContext& context) override;
};

}  // namespace ptoc

#endif  // PTOC_PASSES_LOWER_BATCH_MATMUL_H_
