// Pass `canonicalize-tile-slice`: PyPTO's CanonicalizeTileSlice, for the
// windows of cube buffers.
//
// A `tile.slice` aliases a window of its source. In Mat, whose tiles are
// in a fractal (NZ) layout, only a window of whole columns is itself a
// tile; a window of some rows (a batch page of a flattened operand, a
// K-slice of a matmul operand) is not, and code generation refuses it.
// The cube never computes on Mat, though: a Mat window reaches an
// instruction through a copy into Left or Right, and that copy can read
// the window itself (TEXTRACT takes the row and column it starts at).
// So, in every kernel:
//  - `tile.move(w, target_memory=Left|Right)` of a slice `w` of a Mat tile
//    becomes `tile.extract(base, row, col, shape, target_memory=...)`;
//  - `tile.extract(w, r, c, ...)` of a slice `w` (of any space) reads the
//    slice's source at (row + r, col + c);
//  - a slice of a slice counts as a window of the first one's source, at
//    the summed offsets;
//  - a slice no statement uses any more is dropped.
// The offsets fold when constant and are added otherwise. A slice with a
// valid_shape or drop_dims is not a plain window and stays. Runs in the
// default pipeline after infer-tile-memory-space, whose moves into Left and
// Right it rewrites (PyPTO runs its pass before memory inference and folds
// into the matmul operands; the result is the same extracts).
#ifndef PTOC_PASSES_CANONICALIZE_TILE_SLICE_H_
#define PTOC_PASSES_CANONICALIZE_TILE_SLICE_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "passes/pass.h"

namespace ptoc {

class CanonicalizeTileSlicePass : public Pass {
 public:
  absl::string_view name() const override { return "canonicalize-tile-slice"; }
  absl::StatusOr<bool> Run(Program& program, PassContext& context) override;
};

}  // namespace ptoc

#endif  // PTOC_PASSES_CANONICALIZE_TILE_SLICE_H_
