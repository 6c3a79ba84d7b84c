// The lowering plans of the compare and select ops and of tile.transpose
// (part of lowering.h's
// PlanCall, in a file of their own): tile.cmp / tile.cmps write one bit per
// element of a Vec tile into a packed UINT8 mask (pto.tcmp / pto.tcmps,
// TCMP / TCMPS with a CmpMode); tile.sel / tile.sels pick, per element, by
// the mask's bit (pto.tsel / pto.tsels, TSEL / TSELS with a scratch tile).
//
// The mask's layout is the one pto-isa's CPU simulation and ptoc's two
// simulators share: row r of the mask holds the bits of row r of the
// compared tile, bit c % 8 of byte c / 8 (of element c / (8 * bytes) of a
// wider mask for tile.sels); PyPTO's type rule gives such a mask
// ceil(C / 8) valid bytes per row.
#ifndef PTOC_CODEGEN_LOWERING_COMPARE_H_
#define PTOC_CODEGEN_LOWERING_COMPARE_H_

#include "absl/status/status.h"
#include "codegen/lowering.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// tile.cmp (lhs, rhs) / tile.cmps (lhs, scalar), cmp_type=0..5: the plan's
// operands, its mode and its one V step, or the error at `loc` (a mode that
// is not a constant 0-5; a mask that is not UINT8 / INT8, whose rows are not
// the tile's or whose valid columns are not the tile's bytes of bits; ptoas's
// a5 rule that tcmp's mask has its operands' shape).
absl::Status PlanCompare(const Expr& call, Backend backend, const Location& loc,
                         CallLowering* plan);

// tile.sel (mask, lhs, rhs, tmp) / tile.sels (mask, src, tmp, scalar): the
// plan, or the error at `loc` (an integer mask that does not hold a bit per
// element of each row; tile.sel's UINT8 / INT8 mask of exactly those bytes;
// a2a3's scratch rules: tsel's of a 4-byte type and 8 or 16 bytes, tsels's
// of the result's type and a row of its bytes).
absl::Status PlanSelect(const Expr& call, Backend backend, const Location& loc,
                        CallLowering* plan);

// tile.transpose (tile, axis1, axis2, tmp): a 2-D Vec tile transposed
// through its scratch tile (pto.ttrans ins(%src, %tmp), TTRANS(dst, src,
// tmp); the scratch written), or the error at `loc` (no scratch tile: PyPTO
// allocates one with tile.create, ptoc asks for it; a scratch of another
// element type; on a2a3 one smaller than the source, ptoas's rule).
absl::Status PlanTranspose(const Expr& call, Backend backend, const Location& loc,
                           CallLowering* plan);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_LOWERING_COMPARE_H_
