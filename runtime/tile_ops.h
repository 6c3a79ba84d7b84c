// Tile arithmetic with the device's rounding: every result element is
// rounded to the result dtype (fp16/bf16 round to nearest even); matmul
// multiplies fp16/bf16 inputs and accumulates in fp32.
#ifndef PTOC_RUNTIME_TILE_OPS_H_
#define PTOC_RUNTIME_TILE_OPS_H_

#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "runtime/values.h"

namespace ptoc {
namespace sim {

// Computes a compute-role op (tile.add, tile.matmul, tile.move, tile.create,
// ...) of `call` from its evaluated arguments. `create_shape` is the
// evaluated `shape` attribute of tile.create; `lists` the evaluated integer
// lists among the arguments (by argument, empty for the others: a slice's
// offsets). Errors (mismatched shapes, an op this simulator does not know)
// are messages without a location.
absl::StatusOr<std::shared_ptr<const TileData>> ComputeTileOp(
    const Expr& call, const std::vector<Value>& args,
    const std::vector<int64_t>& create_shape,
    const std::vector<std::vector<int64_t>>& lists = {});

// tile.read (`write` false: the element, a number) and tile.write (element
// `index` of the tile set to args[2], rounded to its dtype, in place as the
// device does: the result is args[0]) of the evaluated arguments; `index`
// one per dimension of the tile.
absl::StatusOr<Value> TileElementOp(const Expr& call, const std::vector<Value>& args,
                                    const std::vector<int64_t>& index, bool write);

// Tiles live in on-chip buffers of at most a few hundred KiB; anything far
// larger is a mistake, not something to allocate.
constexpr int64_t kMaxTileElements = int64_t{1} << 24;

// The reduction of a rows x cols row-major block along its rows (each row
// to one value: TROWSUM / TROWMAX / TROWMIN) or its columns (TCOLSUM, ...),
// by the instruction's name; an unknown name is an error.
absl::StatusOr<std::vector<double>> ReduceBlock(absl::string_view instruction,
                                                const std::vector<double>& in, int64_t rows,
                                                int64_t cols);

// A rows x cols row-major block against a vector by the instruction's name:
// TROWEXPAND<OP> combines each row with its element of `vec` (rows long),
// TCOLEXPAND<OP> each column (cols long); OP is ADD, SUB, MUL, DIV, MAX,
// MIN or EXPDIF (exp(x - v)), and none (TROWEXPAND, TCOLEXPAND) repeats the
// vector (`in` is then ignored). An unknown name or a wrong size is an error.
// TADDC / TSUBC (`b` the second tile) and TADDSC / TSUBSC (`b` null,
// `scalar`): a + b + c / a - b + c element by element (pto-isa's CPU
// simulation). An unknown name or different sizes are an error.
absl::StatusOr<std::vector<double>> TernaryBlock(absl::string_view instruction,
                                                 const std::vector<double>& a,
                                                 const std::vector<double>* b, double scalar,
                                                 const std::vector<double>& c);

// TGATHERB: the result's valid part (valid_rows x valid_cols, row-major),
// row r's 32-byte block c the `dst` elements of the 32 bytes at byte
// offset off[r * off_cols + c] of `src_bytes` (the source's buffer); a block
// past its end is left 0 (pto-isa's CPU simulation leaves it as it was).
// TGATHER's mask form: the valid part of the result, row r the elements of
// row r of `src` (rows x cols, row-major) at the columns mask pattern
// `pattern` picks (codegen's GatherMaskPicks).
std::vector<double> GatherMaskBlock(const std::vector<double>& src, int64_t rows, int64_t cols,
                                    int pattern);

// TCONCAT: `rows` rows, each a's `a_cols` elements then b's `b_cols` (a and
// b row-major).
std::vector<double> ConcatBlock(const std::vector<double>& a, int64_t a_cols,
                                const std::vector<double>& b, int64_t b_cols, int64_t rows);

// TTRI: the valid part (valid_rows x valid_cols, row-major) of a triangle
// of ones: element (r, c) is 1 where c >= r + diagonal (upper) or c <= r +
// diagonal (lower), else 0 (pto-isa's TTriu / TTril).
std::vector<double> TriBlock(int64_t valid_rows, int64_t valid_cols, int64_t diagonal,
                             bool upper);

std::vector<double> GatherBBlock(const std::vector<uint8_t>& src_bytes,
                                 const std::vector<double>& off, int64_t off_cols, DType dst,
                                 int64_t valid_rows, int64_t valid_cols);

absl::StatusOr<std::vector<double>> ExpandBlock(absl::string_view instruction,
                                                const std::vector<double>& in,
                                                const std::vector<double>& vec, int64_t rows,
                                                int64_t cols);

// The value a pad of `pad` writes in an element of `dtype` (pto-isa's
// PadValueMap): 0 (null, zero); the largest / smallest value (max, min),
// +-inf for the float types.
double PadNumber(PadValue pad, DType dtype);

// TFILLPAD: a rows x cols row-major block whose top-left src_rows x
// src_cols part is `src` (row-major, src_cols a row) and the rest `pad`.
std::vector<double> FillPadBlock(const std::vector<double>& src, int64_t src_rows,
                                 int64_t src_cols, int64_t rows, int64_t cols, double pad);

// A tile of `shape` with the dtype, memory and view of `type` (a tile type).
std::shared_ptr<TileData> NewTile(const Type& type, std::vector<int64_t> shape);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_TILE_OPS_H_
