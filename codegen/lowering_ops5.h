// The lowering plans of issue 28's ops (part of lowering.h's PlanCall, in a
// file of their own).
//
// tile.gatherb (src, offset[, output_dtype]): pto.tgatherb / TGATHERB. Each
// UINT32 of the offset tile is the byte offset, from the source tile's
// first element, of a 32-byte block copied into the result (row r, block c
// of the result from offset[r][c]). A source that is a window of a wider
// tile (tile.slice) is passed as it is when its offsets are constants that
// keep it 32-byte aligned and its rows are the whole rows of its source
// (PyPTO's rule; the blocks are then where the window's own row-major
// bytes are); any other window is first copied into a tile of its own
// (pto.textract at [0, 0], as PyPTO materializes it), so the offsets step
// through the window's own rows. An aligned window narrower than its
// source is refused: PyPTO reads it in place, the offsets stepping through
// the wider rows of its source, which ptoc-sim does not model.
//
// tile.gather_mask (src, mask_pattern=): TGATHER's mask form, as PyPTO
// lowers it: pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P1010>}
// : T, "row") outs(%dst : D); C++ what ptoas emits, TGATHER<D, T,
// MaskPattern::P1010>(dst, src). Each row's elements at the pattern's
// columns (P0101: even, P1010: odd, P0001 ... P1000: c % 4 == 0 ... 3,
// P1111: all), in order.
//
// tile.set_validshape (tile, valid_rows, valid_cols): metadata only, as
// PyPTO lowers it. The result is the source's buffer with that valid shape
// (its type says so: ir's SetValidShapeResult). PTO-AS: a handle of the
// source's address with a run-time valid shape (v_row=?, v_col=?, the
// source's valid dims), then PyPTO's `pto.set_validshape %h, %r, %c`
// (ptoas takes it only on such a handle); C++: a Tile of the result's type
// at the source's address. No machine op: the sync plan sees the source's
// buffer. A window or a reshaped view is refused (PyPTO's rule: a view
// carries its valid shape in its type; narrow it at the tile.slice).
#ifndef PTOC_CODEGEN_LOWERING_OPS5_H_
#define PTOC_CODEGEN_LOWERING_OPS5_H_

#include "absl/status/status.h"
#include "codegen/lowering.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// tile.gatherb: tile arguments {0, 1}; one V step, or two when the source
// window is copied first (step 0 the copy, reading Arg(0) and writing the
// copy, which the emitters pass as the result; step 1 the gather, whose
// Arg(0) is then the copy), or the error at `loc`.
absl::Status PlanGatherB(const Function& fn, const Expr& call, Backend backend,
                         const Location& loc, CallLowering* plan);

// tile.set_validshape: tile argument {0}, no step, or the error at `loc`
// (the source a window or a reshaped view).
absl::Status PlanSetValidShape(const Function& fn, const Expr& call, const Location& loc,
                               CallLowering* plan);

// tile.gather_mask: tile argument {0}, one V step, or the error at `loc`:
// a mask_pattern outside PyPTO's seven, a result that is not the source's
// rows of the picked elements in a type of the source's size, or one of
// several rows with padding (pto-isa writes the picked elements one after
// another from the result's first, across its rows).
absl::Status PlanGatherMask(const Expr& call, Backend backend, const Location& loc,
                            CallLowering* plan);

// tile.gather_mask's pattern, PyPTO's and pto-isa's number (1 P0101 ... 7
// P1111), its name ("P0101"), and whether it picks element `c` of a row.
int GatherMaskPattern(const Expr& call);
absl::string_view GatherMaskPatternName(int pattern);
bool GatherMaskPicks(int pattern, int64_t c);

// Whether a planned tile.gatherb copies its source window first.
inline bool GatherBCopiesSource(const CallLowering& plan) { return plan.steps.size() == 2; }

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_LOWERING_OPS5_H_
