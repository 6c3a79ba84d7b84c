// The lowering plans of the padding ops (part of lowering.h's PlanCall, in
// a file of its own): tile.fillpad / tile.fillpad_expand /
// tile.fillpad_inplace copy a Vec tile's valid region and set the rest of
// the result to the result type's pad (pto.tfillpad; TFILLPAD,
// TFILLPAD_EXPAND, TFILLPAD_INPLACE).
#ifndef PTOC_CODEGEN_LOWERING_PAD_H_
#define PTOC_CODEGEN_LOWERING_PAD_H_

#include "absl/status/status.h"
#include "codegen/lowering.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// tile.fillpad* (tile): one V step reading the source and writing the
// result (fillpad_inplace: the source's buffer, which the emitters give the
// result), or the error at `loc` (a non-Vec or non-2-D source, a result
// without a pad, shapes the instruction does not take).
absl::Status PlanFillPad(const Expr& call, Backend backend, const Location& loc,
                         CallLowering* plan);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_LOWERING_PAD_H_
