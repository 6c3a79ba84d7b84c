#include "codegen/target_info.h"

#include <algorithm>

#include "absl/algorithm/container.h"
#include "absl/strings/str_cat.h"
#include "ir/checked_math.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

absl::string_view CceLayoutName(Layout l, bool box) {
  switch (l) {
    case Layout::kRowMajor: return "RowMajor";
    case Layout::kColMajor: return "ColMajor";
    case Layout::kNoneBox: return box ? "NoneBox" : "RowMajor";
  }
  return "RowMajor";
}

std::string PtoDim(const Dim& d) { return d.is_static() ? absl::StrCat(d.value) : "?"; }
std::string CceDim(const Dim& d) { return d.is_static() ? absl::StrCat(d.value) : "-1"; }

}  // namespace

absl::StatusOr<Backend> BackendOf(const Program& program) {
  const std::string& b = program.options.backend;
  if (std::optional<Backend> backend = ParseBackend(b)) return *backend;
  return ErrorAt(program.loc, absl::StrCat("unknown backend '", b,
                                           "' recorded in the program (a2a3 or a5)"));
}

absl::string_view PtoArchName(Backend b) { return b == Backend::kA5 ? "a5" : "a3"; }

bool IsUnsignedDType(DType d) {
  return d == DType::kUINT8 || d == DType::kUINT16 || d == DType::kUINT32 ||
         d == DType::kUINT64;
}

DType ScalarDTypeOf(const Expr& e) {
  if (e.type.is_scalar()) return e.type.dtype();
  if (e.kind == ExprKind::kFloat) return DType::kFP32;
  if (e.kind == ExprKind::kBool) return DType::kBOOL;
  return DType::kINDEX;
}

bool IsComparison(BinaryOp op) {
  switch (op) {
    case BinaryOp::kEq: case BinaryOp::kNe: case BinaryOp::kLt:
    case BinaryOp::kLe: case BinaryOp::kGt: case BinaryOp::kGe:
      return true;
    default:
      return false;
  }
}

DType CommonDType(DType a, DType b) {
  if (a == b) return a;
  if (IsFloatDType(a) || IsFloatDType(b)) {
    if (!IsFloatDType(a)) return b;
    if (!IsFloatDType(b)) return a;
    return DTypeBytes(a) >= DTypeBytes(b) ? a : b;
  }
  if (a == DType::kINDEX || b == DType::kINDEX) return DType::kINDEX;
  if (a == DType::kBOOL) return b;
  if (b == DType::kBOOL) return a;
  return DTypeBytes(a) >= DTypeBytes(b) ? a : b;
}

absl::Status CheckCast(Backend backend, DType from, DType to) {
  static constexpr DType kConverted[] = {DType::kFP32,  DType::kFP16, DType::kBF16,
                                         DType::kINT32, DType::kINT16, DType::kINT8,
                                         DType::kUINT8};
  const auto cast = absl::StrCat("a cast from ", DTypeName(from), " to ", DTypeName(to));
  if (!absl::c_linear_search(kConverted, from) || !absl::c_linear_search(kConverted, to)) {
    return absl::InvalidArgumentError(absl::StrCat(
        cast, " is not lowered (TCVT takes FP32, FP16, BF16, INT32, INT16, INT8, UINT8)"));
  }
  const bool needs_scratch = (from == DType::kFP32 && to == DType::kINT16) ||
                             (from == DType::kFP16 && (to == DType::kINT16 ||
                                                       to == DType::kINT8 ||
                                                       to == DType::kUINT8));
  if (backend == Backend::kA2A3 && needs_scratch) {
    return absl::InvalidArgumentError(
        absl::StrCat("on a2a3 ", cast, " needs a scratch tile (ptoas), which tile.cast does "
                     "not take"));
  }
  return absl::OkStatus();
}

bool HasCodegenSpelling(DType d) {
  switch (d) {
    case DType::kFP32: case DType::kFP16: case DType::kBF16:
    case DType::kINT8: case DType::kINT16: case DType::kINT32: case DType::kINT64:
    case DType::kUINT8: case DType::kUINT16: case DType::kUINT32: case DType::kUINT64:
    case DType::kINDEX: case DType::kBOOL:
      return true;
    case DType::kFP4: case DType::kFP8E4M3FN: case DType::kFP8E5M2: case DType::kFP8E8M0:
    case DType::kHF4: case DType::kHF8: case DType::kINT4: case DType::kUINT4:
    case DType::kTASK_ID:
      return false;
  }
  return false;
}

std::string PtoElementType(DType d) {
  switch (d) {
    case DType::kFP32: return "f32";
    case DType::kFP16: return "f16";
    case DType::kBF16: return "bf16";
    case DType::kINT8: return "i8";
    case DType::kINT16: return "i16";
    case DType::kINT32: return "i32";
    case DType::kINT64: case DType::kINDEX: return "i64";
    case DType::kUINT8: return "ui8";
    case DType::kUINT16: return "ui16";
    case DType::kUINT32: return "ui32";
    case DType::kUINT64: return "ui64";
    case DType::kBOOL: return "i8";
    default: break;  // HasCodegenSpelling is false: ComputeKernelAbis rejected it
  }
  return "i32";
}

std::string PtoScalarType(DType d) {
  switch (d) {
    case DType::kINDEX: return "index";
    case DType::kBOOL: return "i1";
    case DType::kUINT8: return "i8";
    case DType::kUINT16: return "i16";
    case DType::kUINT32: return "i32";
    case DType::kUINT64: return "i64";
    default: return PtoElementType(d);
  }
}

std::string CceType(DType d) {
  switch (d) {
    case DType::kFP32: return "float";
    case DType::kFP16: return "half";
    case DType::kBF16: return "bfloat16_t";
    case DType::kINT8: return "int8_t";
    case DType::kINT16: return "int16_t";
    case DType::kINT32: return "int32_t";
    case DType::kINT64: case DType::kINDEX: return "int64_t";
    case DType::kUINT8: return "uint8_t";
    case DType::kUINT16: return "uint16_t";
    case DType::kUINT32: return "uint32_t";
    case DType::kUINT64: return "uint64_t";
    case DType::kBOOL: return "bool";
    default: break;  // HasCodegenSpelling is false: ComputeKernelAbis rejected it
  }
  return "int32_t";
}

absl::string_view PtoMemoryName(MemorySpace m) {
  switch (m) {
    case MemorySpace::kVec: return "vec";
    case MemorySpace::kMat: return "mat";
    case MemorySpace::kLeft: return "left";
    case MemorySpace::kRight: return "right";
    case MemorySpace::kAcc: return "acc";
    case MemorySpace::kBias: return "bias";
    case MemorySpace::kLeftScale: return "left_scale";    // GeometryOf refuses these
    case MemorySpace::kRightScale: return "right_scale";
    case MemorySpace::kDDR: return "gm";
  }
  return "vec";
}

absl::string_view CceTileTypeName(MemorySpace m) {
  switch (m) {
    case MemorySpace::kVec: return "Vec";
    case MemorySpace::kMat: return "Mat";
    case MemorySpace::kLeft: return "Left";
    case MemorySpace::kRight: return "Right";
    case MemorySpace::kAcc: return "Acc";
    case MemorySpace::kBias: return "Bias";
    case MemorySpace::kLeftScale: return "LeftScale";
    case MemorySpace::kRightScale: return "RightScale";
    case MemorySpace::kDDR: return "Vec";
  }
  return "Vec";
}

std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) {
    strides[i] = strides[i + 1] * shape[i + 1];
  }
  return strides;
}

absl::StatusOr<TileGeometry> GeometryOf(const Type& tile, Backend backend,
                                        const Location& loc) {
  if (!tile.is_tile()) {
    return ErrorAt(loc, absl::StrCat("expected a tile, got ", TypeToString(tile)));
  }
  if (tile.memory() == MemorySpace::kDDR) {
    return ErrorAt(loc, "a tile cannot live in DDR; use a Tensor for GM data");
  }
  if (tile.memory() == MemorySpace::kLeftScale || tile.memory() == MemorySpace::kRightScale) {
    return ErrorAt(loc, absl::StrCat("tiles in ", MemorySpaceName(tile.memory()),
                                     " (MX block scales) have no code generation yet"));
  }
  if (tile.dtype() == DType::kBOOL || tile.dtype() == DType::kINDEX) {
    return ErrorAt(loc, absl::StrCat("tiles of ", DTypeName(tile.dtype()),
                                     " have no device representation"));
  }
  const Shape& shape = tile.shape();
  if (shape.empty() || !tile.has_static_shape()) {
    return ErrorAt(loc, absl::StrCat("code generation needs a static tile shape, got ",
                                     TypeToString(tile)));
  }
  TileGeometry g;
  g.memory = tile.memory();
  g.dtype = tile.dtype();
  const TileBuffer buffer =
      TileBufferOf(shape, tile.dtype(), tile.memory(), tile.view().slayout);
  if (!buffer.bytes.ok()) {
    return ErrorAt(loc, absl::StrCat("the buffer of ", TypeToString(tile), " has ",
                                     DoesNotFitMessage("a size in bytes that")));
  }
  g.valid_rows = Dim::Static(buffer.rows.value());
  g.valid_cols = Dim::Static(buffer.cols.value());
  const Shape& valid = tile.view().valid_shape;
  if (!valid.empty()) {
    if (valid.size() != 2 && valid.size() != shape.size()) {
      return ErrorAt(loc, "a tile's valid_shape must have the rank of its shape");
    }
    g.valid_cols = valid.back();
    if (valid.size() == 2) {
      g.valid_rows = valid[0];
    } else {
      CheckedInt vr = 1;
      for (size_t i = 0; i + 1 < valid.size(); ++i) {
        if (!valid[i].is_static()) {
          return ErrorAt(loc, "a dynamic valid_shape is supported on 2-D tiles only");
        }
        vr *= valid[i].value;
      }
      ASSIGN_OR_RETURN(int64_t rows, FitOrError(vr, loc, "the tile's valid rows"));
      g.valid_rows = Dim::Static(rows);
    }
  }
  g.blayout = tile.view().blayout;
  g.slayout = tile.view().slayout;
  // ptoas lays a2a3 Left tiles out as ZZ (row-major boxes, row-major inside).
  if (backend == Backend::kA2A3 && g.memory == MemorySpace::kLeft &&
      tile.view().blayout == Layout::kColMajor && tile.view().slayout == Layout::kRowMajor) {
    g.blayout = Layout::kRowMajor;
  }
  g.fractal = g.memory == MemorySpace::kAcc ? 1024 : 512;
  g.pad = tile.view().pad;
  g.rows = buffer.padded_rows.value();
  g.cols = buffer.padded_cols.value();
  return g;
}

TileGeometry StagingTileFor(const Shape& shape, DType dtype) {
  const int64_t elem = DTypeBytes(dtype);
  int64_t cols = kStagingBytes / elem;
  if (!shape.empty() && shape.back().is_static()) cols = std::min(cols, shape.back().value);
  cols = std::max<int64_t>(cols, 1);
  CheckedInt tensor_rows = 1;
  bool static_rows = true;
  for (size_t i = 0; i + 1 < shape.size(); ++i) {
    if (!shape[i].is_static()) static_rows = false;
    else tensor_rows *= shape[i].value;
  }
  const int64_t max_rows = std::max<int64_t>(1, kStagingBytes / (cols * elem));
  const int64_t rows = static_rows && tensor_rows.ok()
                           ? std::clamp<int64_t>(tensor_rows.value(), 1, max_rows)
                           : max_rows;
  TileGeometry g;
  g.memory = MemorySpace::kVec;
  g.dtype = dtype;
  g.rows = rows;
  g.cols = RoundUp(cols, 32 / elem).value();  // cols <= kStagingBytes
  g.valid_rows = Dim::Static(rows);
  g.valid_cols = Dim::Static(cols);
  g.blayout = Layout::kRowMajor;
  g.slayout = Layout::kNoneBox;
  g.fractal = 512;
  return g;
}

namespace {

absl::string_view CcePadName(PadValue p) {
  switch (p) {
    case PadValue::kZero: return "Zero";
    case PadValue::kMax: return "Max";
    case PadValue::kMin: return "Min";
    default: return "Null";
  }
}

}  // namespace

std::string PtoTileType(const TileGeometry& g) {
  return absl::StrCat("!pto.tile_buf<loc=", PtoMemoryName(g.memory),
                      ", dtype=", PtoElementType(g.dtype), ", rows=", g.rows,
                      ", cols=", g.cols, ", v_row=", PtoDim(g.valid_rows),
                      ", v_col=", PtoDim(g.valid_cols), ", blayout=", LayoutName(g.blayout),
                      ", slayout=", LayoutName(g.slayout), ", fractal=", g.fractal,
                      ", pad=", static_cast<int>(g.pad), ">");
}

std::string CceTileType(const TileGeometry& g) {
  return absl::StrCat("Tile<TileType::", CceTileTypeName(g.memory), ", ", CceType(g.dtype),
                      ", ", g.rows, ", ", g.cols, ", BLayout::",
                      CceLayoutName(g.blayout, false), ", ", CceDim(g.valid_rows), ", ",
                      CceDim(g.valid_cols), ", SLayout::", CceLayoutName(g.slayout, true),
                      ", ", g.fractal, ", PadValue::", CcePadName(g.pad), ">");
}

}  // namespace codegen
}  // namespace ptoc
