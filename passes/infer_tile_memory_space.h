// Pass `infer-tile-memory-space` (pypto-language.md; PyPTO's
// InferTileMemorySpace).
//
// Gives every tile of a kernel (InCore, AIC, AIV) written without a memory
// space (`pl.Tile[[16, 16], pl.FP32]`, the form PyPTO prints before its
// pass) the space PyPTO gives it, from the op registry's memory rules
// (OpInfo::memory): a fixed result space (tile.matmul -> Acc, tile.add ->
// Vec), the target_memory attribute or its default (tile.load, tile.move),
// the first tile argument's space (views), Vec otherwise; a plain copy takes
// its source's; a loop-carried tile its initial value's, or what the body
// yields when that differs (an accumulator created in Vec that matmul_acc
// writes in Acc); an if result what its branches yield. Tiles that have a
// memory space keep it; an op with a fixed result space (a vector op: Vec)
// makes its result there whatever its operands' spaces. A tile an op takes
// in another space gets a tile.move before the statement, as PyPTO inserts
// it (Mat into Left / Right / Bias, Acc into Mat, and in InCore kernels the
// cube-vector hand-offs: Acc or, for a vector op, Mat into Vec, Vec into
// Mat), also for calls nested in another's arguments; other mismatches are
// errors at the argument.
#ifndef PTOC_PASSES_INFER_TILE_MEMORY_SPACE_H_
#define PTOC_PASSES_INFER_TILE_MEMORY_SPACE_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"
#include "passes/pass.h"

namespace ptoc {

class InferTileMemorySpace : public Pass {
 public:
  absl::string_view name() const override { return "infer-tile-memory-space"; }
  absl::StatusOr<bool> Run(Program& program, PassContext& context) override;
  // Every tile of every kernel has a memory space.
  absl::Status VerifyAfter(const Program& program) const override;
};

// The pass on `program`; returns true when it changed it.
absl::StatusOr<bool> InferTileMemorySpaces(Program& program);

}  // namespace ptoc

#endif  // PTOC_PASSES_INFER_TILE_MEMORY_SPACE_H_
