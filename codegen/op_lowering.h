// How each op of the catalog lowers: the one table in codegen that knows op
// names. Both emitters dispatch on OpKind; elementwise tile ops also carry
// the PTO-AS and C++ instruction they become.
#ifndef PTOC_CODEGEN_OP_LOWERING_H_
#define PTOC_CODEGEN_OP_LOWERING_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "codegen/cache_lines.h"
#include "ir/ir.h"
#include "ir/registry.h"

namespace ptoc {
namespace codegen {

enum class OpKind {
  kTileLoad,
  kTileStore,
  kTileMove,
  kTileCreate,
  kTileAlloc,    // tile.alloc (memory_space, size): PyPTO's MemRef buffer, a
                 // pl.Ptr named only by tile types' pl.MemRef text; no code
                 // (ptoc places every tile itself), as PyPTO emits none
  kMatmul,
  kElementwise,  // a row of ir/tile_elementwise.def
  kCast,         // tile.cast: TCVT with a rounding mode
  kRowReduce,    // tile.row_sum / max / min / prod (tile, scratch) -> [.., M, 1]
  kColReduce,    // tile.col_sum / max / min / prod (tile) -> [1, N]
  kArgReduce,    // tile.row_argmax / ... / col_argmin (tile, tmp): the INT32 index
                 // of the first greatest / least element of each row ([M, 1]) or
                 // column ([1, N]), the scratch written
  kColExpand,    // tile.col_expand_add / ... (tile, [1, N] vector): op per column
  kBroadcast,    // tile.row_expand / col_expand (target, vector): the vector
                 // repeated to the target's shape; only the vector is read
  kRowExpand,    // tile.row_expand_add / ... (tile, [M, 1] vector[, tmp]): op per
                 // row; the vector's 32-byte rows filled first (TROWEXPAND into
                 // its own buffer), then read as PTO's row-major block carrier
  kTernary,      // tile.addc / subc (a, b, c): a + b + c, a - b + c; tile.addsc /
                 // subsc (a, scalar, c): a + s + c, a - s + c (TADDC ... TSUBSC)
  kGatherB,      // tile.gatherb (src, offset): 32-byte blocks of src at UINT32
                 // byte offsets (TGATHERB); a window source may be copied first
  kSetValidShape,// tile.set_validshape (tile, rows, cols): the tile's buffer with
                 // that valid shape, in place (pto.set_validshape), no machine op
  kFull,         // tile.full (shape, value): a fresh Vec tile of one value
  kGatherMask,   // tile.gather_mask (src, mask_pattern): the elements of each row
                 // the pattern picks (TGATHER's mask form, lowering_ops5.h)
  kConcat,       // tile.concat (a, b): a's columns then b's, row by row (TCONCAT)
  kTri,          // tile.tri (diagonal, shape[, valid_shape], upper=): a fresh Vec
                 // tile of 1 on and above (upper) / below (lower) the diagonal,
                 // 0 elsewhere (TTRI)
  kSubview,      // tile.slice: a window of its source's buffer, no machine op
  kReshape,      // tile.reshape: its source's buffer read as another shape
                 // (pto.treshape / TRESHAPE), no machine op
  kExtract,      // tile.extract (src, row, col, shape): a window copied into a
                 // tile of its own, in the target memory (Mat -> Left / Right,
                 // Acc -> Mat, Vec -> Vec)
  kAssemble,     // tile.assemble (target, source, offsets): a copy of the target
                 // with the source written into a window of it (TMOV, then a
                 // TMOV into a subview), Vec
  kMgather,      // tile.mgather (mem, idx): rows or elements of a GM table at
                 // the indices of a Vec INT32 tile, into a Vec tile
  kCompare,      // tile.cmp / tile.cmps (tile, tile or scalar): a bit per element
                 // into a packed UINT8 mask, by cmp_type (TCMP / TCMPS)
  kSelect,       // tile.sel (mask, lhs, rhs, tmp) / tile.sels (mask, src, tmp,
                 // scalar): per element by the mask's bit (TSEL / TSELS)
  kTranspose,    // tile.transpose (tile, axis1, axis2, tmp): a 2-D Vec tile
                 // transposed through a scratch tile (TTRANS)
  kFillPad,      // tile.fillpad / fillpad_expand / fillpad_inplace (tile): the
                 // source's valid region copied, the rest of the (larger)
                 // result set to its type's pad (TFILLPAD*); in place: the
                 // result is the source's buffer
  kMatmulAcc,    // tile.matmul_acc: acc += lhs x rhs, in the acc tile's buffer
  kTileRead,     // tile.read (tile, indices): one element of a Vec tile, PIPE_S
  kConst,        // pl.const(value, dtype): a literal of that dtype, no machine op
  kScalarMinMax, // pl.min / pl.max (a, b) of scalars, in the result's dtype; no machine op
  kScalarCast,   // pl.cast (scalar, dtype): the scalar converted; no machine op
  kTileWrite,    // tile.write (tile, indices, value): one element set in place, PIPE_S
  kPrefetchContext,  // prefetch.make_context (): the async-prefetch context over
                     // the kernel's SDMA workspace parameter (codegen/README.md)
  kPrefetchAsync,    // prefetch.async_prefetch (tensor, ctx): a GM tensor into L2
  kPrefetchSession,  // prefetch.session (ctx): the context's session
  kPrefetchWait,     // prefetch.wait (event, session): waits for the prefetch
  kArrayCreate,  // array.create (extent, dtype): a local array of scalars
                 // (lowering_array.h); `arr[i] = v` is a statement
  kArrayGet,     // array.get_element (array, index): one element, a scalar
  kGetCommCtx,
  kRank,
  kNRanks,
  kSubblockIdx,  // tile.get_subblock_idx
  kBlockIdx,     // tile.get_block_idx: which block of the launch
  kBlockNum,     // tile.get_block_num: how many blocks the launch has
  kTensorRead,
  kTensorWrite,
  kRemoteStore,
  kRemoteLoad,
  kTilePut,
  kTensorPut,
  kTileGet,
  kTensorGet,
  kNotify,
  kWait,
  kTest,
  kFence,
  kBarrier,      // system.bar_v / bar_m / bar_all: pipe_barrier(PIPE_V | M | ALL)
  kCacheInvalidate,
  kSyncAll,
  kPushToAiv,
  kPushToAic,
  kPopFromAic,
  kPopFromAiv,
  kFreeToAic,
  kFreeToAiv,
  kReserveBuffer,
  kImportBuffer,
  kAicInitPipe,
  kAivInitPipe,
};

struct OpLowering {
  std::string op;  // the IR op name
  OpKind kind;
  // kElementwise: the op's row, and its instruction as each target spells
  // it: "tadd" (PTO-AS, after "pto.") and "TADD" (C++). Null and empty for
  // the other kinds.
  const ElementwiseOp* elementwise = nullptr;
  std::string pto_name;
  std::string cce_name;
  // The element types of its first tile operand the instruction takes, per
  // backend ("a2a3: FP32 FP16 | a5: ..."), as probed against ptoas and
  // pto-isa; empty: not restricted here.
  std::string accepts;
  // kMatmulAcc that takes PyPTO's init_cond: the instruction that
  // overwrites the accumulator instead of adding to it, where the
  // condition holds ("tmatmul" / "TMATMUL"); empty: no init_cond.
  std::string init_pto_name;
  std::string init_cce_name;
};

// The element types `op` takes on `backend`; nullopt when unrestricted.
std::optional<std::vector<DType>> LoweringDTypes(const OpLowering& op,
                                                 absl::string_view backend);

// The lowering of an op call; nullptr for a call of a program function, an
// unregistered op, or a non-call.
const OpLowering* LoweringOf(const Expr& call);

// The lowering of `call` in kernel `fn`, or the error at `loc` that says why
// it cannot be lowered: a call of a program function, an unregistered op, or
// an op of the other lane (a cube op in an AIV kernel, a vector op in an AIC
// kernel, a cross-lane tile.move).
absl::StatusOr<const OpLowering*> LowerableOp(const Function& fn, const Expr& call,
                                              const Location& loc);

// Every tile operand of `call` lives where the op's memory rule (the
// registry's MemorySpec, PyPTO's set_input_memory) allows, else the error
// at `loc`: what infer-tile-memory-space and expand-mixed-kernel leave
// wrong, code generation refuses rather than emit an instruction ptoas
// rejects (a matmul of Mat tiles).
absl::Status CheckOperandMemory(const Expr& call, const Location& loc);

// A tile.cast's rounding mode, PyPTO's number (0 none, 1 rint, 2 round,
// 3 floor, 4 ceil, 5 trunc, 6 odd; default round), and its name in upper
// case ("ROUND"), as both targets spell it (#pto<round_mode ROUND>,
// RoundMode::CAST_ROUND).
int CastRoundMode(const Expr& call);
absl::string_view RoundModeName(int mode);

// Whether `call` is tile.fillpad_inplace (kFillPad whose result is its
// source's buffer: TFILLPAD_INPLACE, the source padded too).
bool IsFillPadInPlace(const Expr& call);

// tile.tri's selector, PyPTO's upper= (pto-isa's isUpperOrLower: 1 upper,
// 0 lower).
int TriUpperOrLower(const Expr& call);

// The groups of op kinds; each emitter lowers a family with one method.
enum class OpFamily {
  kTile,    // tile loads and stores (local or remote), moves and arithmetic
  kSystem,  // fence, cacheinvalid, syncall
  kPipe,    // the cube-vector FIFOs and their setup
  kComm,    // the rest: comm ctx and ranks, GM scalars, put / get and signals
  kPrefetch,  // the async L2 prefetch: context, prefetch, session, wait
  kArray,     // the local arrays of scalars: create, get (set is a statement)
};
OpFamily FamilyOf(OpKind kind);

// Every entry, in table order (for the test that the catalog is covered).
const std::vector<OpLowering>& AllLowerings();

// The region a tile moves in a tensor of `rank` dims: its MovedExtent (the
// valid part; a run-time valid dim too, as PyPTO's store partition has it)
// with leading 1s. A tile of higher rank than the tensor is an
// error at `loc`.
absl::StatusOr<std::vector<Dim>> TileRegion(const Type& tile, size_t rank,
                                            const Location& loc);

// A region of a GM tensor: per dimension its offset and size as the target
// writes them, and their values when static.
struct GmRegion {
  std::vector<std::string> offsets;
  std::vector<MaybeInt> static_offsets;
  std::vector<std::string> sizes;
  std::vector<MaybeInt> static_sizes;
};

// How a target writes the parts of a region.
struct RegionLowering {
  std::function<absl::StatusOr<std::string>(const Expr& offset)> offset;
  std::function<std::string(int64_t size)> static_size;
  std::function<absl::StatusOr<std::string>(const std::string& symbol)> symbolic_size;
};

// The region at `offsets` (a list or tuple) with `sizes` of the tensor
// `tensor` of `rank` dims; a wrong count is an error at `loc`.
absl::StatusOr<GmRegion> RegionAt(const std::string& tensor, size_t rank, const Expr& offsets,
                                  const std::vector<Dim>& sizes, const Location& loc,
                                  const RegionLowering& lower);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_OP_LOWERING_H_
