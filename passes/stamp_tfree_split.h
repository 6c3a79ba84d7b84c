// Pass `stamp-tfree-split`: PyPTO's StampTfreeSplit.
//
// A cross-core free (`system.tfree_to_aic` / `tfree_to_aiv`) carries no
// split of its own: it releases the slot its tile was popped from, so it
// takes the `split` of that pop (`tile.tpop_from_aic` / `tpop_from_aiv`).
// Hand-written kernels usually leave the free's split out (0) while the pop
// says split=1; the pass copies the pop's split onto every free of a popped
// tile, so the pipe's pairing check and code generation see one split per
// pipe. A free whose tile comes from a pop of the other direction is an
// error at the free. Runs in the default pipeline after expand-mixed-kernel
// (whose own frees already carry their pop's split).
#ifndef PTOC_PASSES_STAMP_TFREE_SPLIT_H_
#define PTOC_PASSES_STAMP_TFREE_SPLIT_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "passes/pass.h"

namespace ptoc {

class StampTfreeSplitPass : public Pass {
 public:
  absl::string_view name() const override { return "stamp-tfree-split"; }
  absl::StatusOr<bool> Run(Program& program, PassContext& context) override;
};

}  // namespace ptoc

#endif  // PTOC_PASSES_STAMP_TFREE_SPLIT_H_
