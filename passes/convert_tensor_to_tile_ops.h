// Pass `convert-tensor-to-tile-ops` (PyPTO's ConvertTensorToTileOps,
// docs/en/dev/passes/10-convert_tensor_to_tile_ops.md there).
//
// Tensor-level ops inside a kernel (InCore, AIC, AIV) become tile loads,
// tile computation and stores, by each op's tile form in the registry
// (OpInfo::tile_form, ir/op_catalog_tile_forms.cc):
//  - a tensor parameter an op computes with is loaded whole into Vec at the
//    kernel's entry (`x_tile = pl.tile.load(x, [0, 0], [M, N], [M, N])`);
//  - `y = pl.tensor.add(a, b)` becomes `y_tile = pl.tile.add(a_tile, b_tile)`;
//  - `tensor.slice` of GM whose result is computed with becomes a
//    `tile.load` of the window (into Mat for a matmul operand); a slice only
//    other GM ops use stays a GM view; a slice of a tile is `tile.slice`;
//  - `tensor.assemble` of a tile into GM is `tile.store` (the target
//    parameter becomes Out, or InOut when the kernel also reads it), of a
//    tile into a tile `tile.assemble`;
//  - `tensor.create` is `tile.create` in Vec; `tensor.read` / `write` of a
//    value that became a tile are `tile.read` / `write`;
//  - `tensor.matmul` / `matmul_acc` load their GM operands into Mat
//    (`a_mat`) and become `tile.matmul` / `matmul_acc`;
//  - loops and ifs carry the tiles their values became;
//  - a returned value that became a tile is stored into a new Out
//    parameter `ret<i>_out` (`ret<i>_store = pl.tile.store(...)`), and every
//    non-kernel caller creates that tensor before the call
//    (`ret0_out = pl.tensor.create(...)`) and passes it.
// Nested tensor calls are first hoisted into `t__tmp_v<n>` temporaries, as
// PyPTO's FlattenCallExpr does. As in PyPTO, a kernel that bulk-stores
// tiles into a GM tensor and also tensor.writes it is an error (MTE3 and the
// D-cache path are not coherent on a2a3). Forms PyPTO converts that ptoc cannot
// express yet (a transposed matmul operand, broadcasting, ...) are located
// errors naming the construct. A program without tensor ops in kernels is
// unchanged.
#ifndef PTOC_PASSES_CONVERT_TENSOR_TO_TILE_OPS_H_
#define PTOC_PASSES_CONVERT_TENSOR_TO_TILE_OPS_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"
#include "passes/pass.h"

namespace ptoc {

class ConvertTensorToTileOps : public Pass {
 public:
  absl::string_view name() const override { return "convert-tensor-to-tile-ops"; }
  absl::StatusOr<bool> Run(Program& program, PassContext& context) override;
  // No kernel computes with a tensor op that has a tile form.
  absl::Status VerifyAfter(const Program& program) const override;
};

// The pass on `program`; returns true when it changed it.
absl::StatusOr<bool> ConvertTensorsToTiles(Program& program);

}  // namespace ptoc

#endif  // PTOC_PASSES_CONVERT_TENSOR_TO_TILE_OPS_H_
