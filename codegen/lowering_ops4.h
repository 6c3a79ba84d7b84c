// The lowering plans of the per-row expand ops and the pipe barriers (part
// of lowering.h's PlanCall, in a file of their own).
//
// tile.row_expand_add / sub / mul / div / max / min / expdif (tile, [M, 1]
// vector): ptoas takes the vector either as a DN column (col_major, one
// element a row) or as a row-major tile whose 32 bytes a row all hold the
// row's value (its "mode 2"; pto-isa reads element c % (32 / bytes) of the
// row). ptoc lays an [M, 1] Vec tile out ND with 32-byte rows, so the
// vector's buffer is exactly such a block tile: the lowering fills each row
// (pto.trowexpand of the vector into its own buffer, read as the block
// tile through pto.treshape / TRESHAPE; only the padding of each row
// changes) and then applies the instruction to the block tile. The optional
// scratch of tile.row_expand_add is not used (a2a3's scratch form takes
// only a DN vector).
//
// system.bar_v / bar_m / bar_all: pto.barrier <PIPE_V | PIPE_M | PIPE_ALL>,
// pipe_barrier(...), none where it orders nothing (BarrierPrinted). A
// PIPE_ALL barrier drains every pipe (the planner
// starts afresh after it); a one-pipe barrier is planned as no ordering at
// all (the planner keeps every flag it would set without it).
#ifndef PTOC_CODEGEN_LOWERING_OPS4_H_
#define PTOC_CODEGEN_LOWERING_OPS4_H_

#include "absl/status/status.h"
#include "codegen/lowering.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// tile.row_expand_<op> (tile, vector[, tmp]): tile arguments {0, 1}, two V
// steps (the vector's rows filled in place, then the op), or the error at
// `loc` (a vector that is not an ND [M, 1] tile of the tile's valid rows and
// element type, a window of a wider tile, a tile with a run-time valid
// shape).
absl::Status PlanRowExpand(const Expr& call, Backend backend, const Location& loc,
                           CallLowering* plan);

// The vector of a tile.row_expand_<op> read as ptoas's block tile: its
// buffer, every column of a 32-byte row valid.
TileGeometry RowExpandBlock(const TileGeometry& vector);

// tile.row_argmax / row_argmin / col_argmax / col_argmin (tile, tmp): tile
// arguments {0, 1}, one V step writing the result and the scratch, or the
// error at `loc` (no scratch tile, an index that is not INT32).
absl::Status PlanArgReduce(const Expr& call, Backend backend, const Location& loc,
                           CallLowering* plan);

// tile.addc / subc (a, b, c) and tile.addsc / subsc (a, scalar, c): the
// tiles (and the scalar, in their element type) in PyPTO's order, two V
// steps as ptoas computes them (TADD / TSUB / TADDS / TSUBS into the result,
// then TADD of the carry into it; PTO-AS prints the one pto.taddc ...), or
// the error at `loc` (tiles of different shapes or types).
absl::Status PlanTernary(const Expr& call, const Location& loc, CallLowering* plan);

// system.bar_*: one scalar-unit step; bar_all's drains every pipe.
void PlanBarrier(const OpLowering& op, CallLowering* plan);

// Whether system.bar_* prints its barrier in a kernel of `kind` on
// `backend`: not when it orders nothing there (bar_v on a5, whose vector
// pipe is in order and whose PIPE_V barrier ptoas erases; a barrier of a
// pipe the core does not have, bar_m in an AIV kernel, bar_v in an AIC one,
// which pipe-sync.md §3.7 does not allow).
bool BarrierPrinted(const OpLowering& op, FunctionKind kind, Backend backend);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_LOWERING_OPS4_H_
