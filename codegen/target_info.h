// What both code generators need to know about the target: the backend, the
// spellings of element types, and the physical geometry of a tile buffer
// (padded rows and columns, valid region, layouts, fractal size).
#ifndef PTOC_CODEGEN_TARGET_INFO_H_
#define PTOC_CODEGEN_TARGET_INFO_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"
#include "ir/memory_capacity.h"
#include "ir/types.h"

namespace ptoc {
namespace codegen {

using ::ptoc::Backend;  // and its table of memory capacities: ir/memory_capacity.h
using ::ptoc::BackendName;
using ::ptoc::MemoryCapacity;

// The backend recorded in the program ("" means a2a3); anything else is an
// error at the program's location.
absl::StatusOr<Backend> BackendOf(const Program& program);
// The name ptoas gives the backend (`pto.target_arch`, `--pto-arch`).
absl::string_view PtoArchName(Backend b);  // "a3" | "a5"

// ---- element types ----

// PTO-AS element type of memory (pointers, tensor views, tile buffers):
// f32 f16 bf16 i8 i16 i32 i64 ui8 ui16 ui32 ui64; INDEX is stored as i64.
// Whether both targets can spell `d` (the dtypes below have a spelling;
// PyPTO's FP8, FP4, HF4/HF8, INT4 and TASK_ID do not yet).
bool HasCodegenSpelling(DType d);

std::string PtoElementType(DType d);
// PTO-AS type of a scalar SSA value: `index` for INDEX, `i1` for BOOL,
// signless iN for integers (arith ops are signless), fN for floats.
std::string PtoScalarType(DType d);
// C++ type of an element or a scalar: float, half, bfloat16_t, int32_t, ...
std::string CceType(DType d);
bool IsUnsignedDType(DType d);

// The dtype of a scalar expression (an untyped literal: INDEX, FP32, BOOL).
DType ScalarDTypeOf(const Expr& e);
bool IsComparison(BinaryOp op);
// The type both operands of a comparison are brought to.
DType CommonDType(DType a, DType b);

// Whether the backend converts a tile of `from` into one of `to` (TCVT
// without a scratch tile, as PyPTO emits it): what ptoas 0.60 accepts and
// pto-isa compiles among FP32 FP16 BF16 INT32 INT16 INT8 UINT8, probed per
// pair (a2a3 needs a scratch tile for FP32 -> INT16 and FP16 -> INT16, INT8,
// UINT8). The error says what is refused, without a location.
absl::Status CheckCast(Backend backend, DType from, DType to);

// ---- tiles ----

// A tile buffer as the hardware sees it. Fractal layouts (NZ, ZN and the
// a2a3 Left ZZ) are padded to whole 16 x (32 / element bytes) boxes, and
// row-major ND rows to 32 bytes; the valid region is the IR's shape (or its
// explicit valid_shape).
struct TileGeometry {
  MemorySpace memory = MemorySpace::kVec;
  DType dtype = DType::kFP32;
  int64_t rows = 0;
  int64_t cols = 0;
  // The valid region: a constant, or the name of a scalar parameter.
  Dim valid_rows;
  Dim valid_cols;
  Layout blayout = Layout::kRowMajor;
  Layout slayout = Layout::kNoneBox;
  int fractal = 512;  // bytes of one fractal box
  PadValue pad = PadValue::kNull;  // the type's pad (tile.fillpad's result)

  int64_t bytes() const { return rows * cols * DTypeBytes(dtype); }
  bool has_dynamic_valid() const {
    return !valid_rows.is_static() || !valid_cols.is_static();
  }
};

// The geometry of tile type `tile`; a dynamic shape, a DDR or BOOL tile, or
// one whose size does not fit in 64 bits is an error at `loc`.
absl::StatusOr<TileGeometry> GeometryOf(const Type& tile, Backend backend,
                                        const Location& loc);

// `!pto.tile_buf<loc=vec, dtype=f32, rows=.., cols=.., v_row=.., v_col=..,
// blayout=.., slayout=.., fractal=.., pad=N>` (N: 0 null, 1 zero, 2 max,
// 3 min).
std::string PtoTileType(const TileGeometry& g);
// `Tile<TileType::Vec, float, R, C, BLayout::RowMajor, VR, VC,
// SLayout::NoneBox, 512, PadValue::Null>` (-1 for a dynamic valid dim;
// PadValue::Zero / Max / Min for a padded tile).
std::string CceTileType(const TileGeometry& g);

absl::string_view PtoMemoryName(MemorySpace m);  // vec mat left right acc bias
absl::string_view CceTileTypeName(MemorySpace m);  // Vec Mat Left Right Acc Bias

// The Vec staging tile the code generator allocates for pld.tensor.put /
// pld.tensor.get moving `shape` of `dtype`: its rows of its last dim, both
// capped so the tile stays within kStagingBytes; the transfer walks the
// region through it.
constexpr int64_t kStagingBytes = 16 * 1024;
TileGeometry StagingTileFor(const Shape& shape, DType dtype);

// Row-major element strides of a static shape (the last dim has stride 1).
std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& shape);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_TARGET_INFO_H_
