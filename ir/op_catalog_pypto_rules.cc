// Result-type rules of PyPTO's table-driven ops that need more than a
// line, and the argument helpers the table shares (see
// ir/op_catalog_pypto_rules.h).
#include "ir/op_catalog_pypto_rules.h"

#include <climits>
#include <utility>

#include "absl/strings/str_cat.h"
#include "ir/dim_expr.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace pypto_catalog {

absl::Status Need(const Expr& call, size_t i, bool ok, absl::string_view what) {
  if (i < call.args.size() && ok) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("'", call.str, "' expects ", what, " as argument ", i + 1));
}

bool IsValue(const Type& t) { return t.is_tile() || t.is_tensor(); }

// The type `like` with another shape (a tile keeps its memory, if any).
Type Reshaped(const Type& like, Shape shape, DType dtype) {
  if (like.is_tile()) {
    if (!like.has_memory()) return Type::TileWithoutMemory(std::move(shape), dtype);
    return Type::Tile(std::move(shape), dtype, like.memory());
  }
  // A view of a window is a window (PyPTO keeps DistributedTensorType).
  if (like.is_distributed()) return Type::DistributedTensor(std::move(shape), dtype);
  return Type::Tensor(std::move(shape), dtype);
}

bool BoolAttr(const Expr& call, absl::string_view name) {
  const Expr* b = call.FindAttr(name);
  return b != nullptr && b->kind == ExprKind::kBool && b->bool_value;
}

DType PromotedDType(DType a, DType b) {
  if (a == b) return a;
  if (IsFloatDType(a) != IsFloatDType(b)) return IsFloatDType(a) ? a : b;
  return DTypeBytes(a) >= DTypeBytes(b) ? a : b;
}

std::optional<DType> DTypeAttr(const Expr& call, absl::string_view name) {
  const Expr* d = call.FindAttr(name);
  if (d == nullptr || d->kind != ExprKind::kEnum) return std::nullopt;
  return ParseDType(d->str);
}

const Expr* ArgNamed(const Expr& call, const std::vector<std::string>& params,
                     absl::string_view name) {
  for (size_t i = 0; i < params.size() && i < call.args.size(); ++i) {
    if (params[i] == name) return call.args[i].get();
  }
  return nullptr;
}

namespace {

// A constant axis of a rank-`rank` value (negative counts from the end).
absl::StatusOr<size_t> AxisArg(const Expr& call, size_t i, size_t rank) {
  const Expr& a = *call.args[i];
  int64_t v = a.kind == ExprKind::kInt ? a.int_value : INT64_MIN;
  if (v < 0 && v != INT64_MIN) v += static_cast<int64_t>(rank);
  if (v < 0 || v >= static_cast<int64_t>(rank)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'", call.str, "' argument ", i + 1, " must be a constant axis below ", rank));
  }
  return static_cast<size_t>(v);
}

}  // namespace

// tile.transpose / tensor.transpose(x, axis1, axis2): the axes swapped. A
// tile's result is a fresh ND tile with no memory space yet (PyPTO).
ResultOr TransposeResult(const Expr& call) {
  RETURN_IF_ERROR(Need(call, 0, IsValue(call.args[0]->type), "a tile or tensor"));
  const Type& t = call.args[0]->type;
  const size_t rank = t.shape().size();
  if (rank < 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", call.str, "' requires at least 2 dimensions, but got ", rank));
  }
  ASSIGN_OR_RETURN(size_t a1, AxisArg(call, 1, rank));
  ASSIGN_OR_RETURN(size_t a2, AxisArg(call, 2, rank));
  if (a1 == a2) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", call.str, "': axis1 and axis2 must be different"));
  }
  Shape shape = t.shape();
  std::swap(shape[a1], shape[a2]);
  if (t.is_tile()) return std::optional<Type>(Type::TileWithoutMemory(std::move(shape), t.dtype()));
  return std::optional<Type>(Reshaped(t, std::move(shape), t.dtype()));
}

namespace {

Layout FlipMajor(Layout l) {
  switch (l) {
    case Layout::kRowMajor: return Layout::kColMajor;
    case Layout::kColMajor: return Layout::kRowMajor;
    case Layout::kNoneBox: return Layout::kNoneBox;
  }
  return l;
}

}  // namespace

// tile.transpose_view(t): the same bytes seen transposed: the trailing two
// dims (and valid dims) swapped, blayout and slayout each flipped between
// row- and column-major (NZ <-> ZN, ND <-> DN); the memory stays.
ResultOr TransposeViewResult(const Expr& call) {
  RETURN_IF_ERROR(Need(call, 0, call.args[0]->type.is_tile(), "a tile"));
  const Type& t = call.args[0]->type;
  const size_t rank = t.shape().size();
  if (rank < 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", call.str, "' requires at least 2 dimensions, but got ", rank));
  }
  Shape shape = t.shape();
  std::swap(shape[rank - 2], shape[rank - 1]);
  TileView view;
  view.blayout = FlipMajor(t.view().blayout);
  view.slayout = FlipMajor(t.view().slayout);
  if (!t.view().valid_shape.empty()) {
    view.valid_shape = t.view().valid_shape;
    std::swap(view.valid_shape[rank - 2], view.valid_shape[rank - 1]);
  }
  if (!t.has_memory()) return std::optional<Type>(Type::TileWithoutMemory(shape, t.dtype(), view));
  return std::optional<Type>(Type::Tile(std::move(shape), t.dtype(), t.memory(), view));
}

namespace {

// The valid dims of a tile (its shape when it has none).
Shape ValidOf(const Type& t) {
  return t.view().valid_shape.empty() ? t.shape() : t.view().valid_shape;
}

}  // namespace

// tile.matmul_mx(lhs, lhs_scale, rhs, rhs_scale[, bias]): [M, N] in FP32
// Acc; the valid region is lhs's valid rows by rhs's valid columns.
ResultOr MatmulMxResult(const Expr& call) {
  for (size_t i = 0; i < 4; ++i) {
    RETURN_IF_ERROR(Need(call, i, call.args[i]->type.is_tile(), "a tile"));
  }
  const Type& lhs = call.args[0]->type;
  const Type& rhs = call.args[2]->type;
  if (lhs.shape().size() != 2 || rhs.shape().size() != 2) {
    return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' requires 2D lhs/rhs tiles"));
  }
  Shape out = {lhs.shape()[0], rhs.shape()[1]};
  Shape valid = {ValidOf(lhs)[0], ValidOf(rhs)[1]};
  TileView view = ImplicitView(MemorySpace::kAcc);
  if (valid != out) view.valid_shape = std::move(valid);
  return std::optional<Type>(Type::Tile(std::move(out), DType::kFP32, MemorySpace::kAcc, view));
}

// tile.mgather(mem, idx, coalesce=, target_memory=, scratch=, valid_shape=):
// in Vec from an index tile (elements: the index tile's shape; rows
// ([1, R] or [R, 1] indices): R rows of the table's last dim), in Mat from a
// GM index tensor ([1, R] for rows), optionally narrowed by valid_shape.
ResultOr MgatherResult(const Expr& call) {
  RETURN_IF_ERROR(Need(call, 0, call.args[0]->type.is_tensor(), "a GM tensor"));
  const Type& mem = call.args[0]->type;
  const Type& idx = call.args[1]->type;
  const Expr* c = call.FindAttr("coalesce");
  bool elem = false;
  if (c != nullptr) {
    if ((c->kind == ExprKind::kString && c->str == "elem") ||
        (c->kind == ExprKind::kInt && c->int_value == 1)) {
      elem = true;
    } else if (!((c->kind == ExprKind::kString && c->str == "row") ||
                 (c->kind == ExprKind::kInt && c->int_value == 0))) {
      return absl::InvalidArgumentError(
          "'tile.mgather' requires coalesce in {\"row\" (0), \"elem\" (1)}");
    }
  }
  MemorySpace m = MemorySpace::kVec;
  if (const Expr* tm = call.FindAttr("target_memory"); tm != nullptr && tm->kind == ExprKind::kEnum) {
    m = ParseMemorySpace(tm->str).value_or(MemorySpace::kVec);
  }
  if (m != MemorySpace::kVec && m != MemorySpace::kMat) {
    return absl::InvalidArgumentError("'tile.mgather' requires target_memory to be Vec or Mat");
  }
  const bool vec = m == MemorySpace::kVec;
  if (vec ? !idx.is_tile() : !idx.is_tensor()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'tile.mgather' with ", vec ? "Vec" : "Mat", " output requires idx to be a ",
        vec ? "tile" : "GM tensor"));
  }
  if (idx.dtype() != DType::kINT32 || idx.shape().size() != 2) {
    return absl::InvalidArgumentError("'tile.mgather' requires a 2D INT32 idx");
  }
  const Expr* scratch = call.FindAttr("scratch");
  if ((scratch != nullptr) != (!vec && elem)) {
    return absl::InvalidArgumentError(
        "'tile.mgather' takes scratch= exactly in Mat element mode (coalesce=\"elem\")");
  }
  const Expr* valid_attr = call.FindAttr("valid_shape");
  if (vec && valid_attr != nullptr) {
    return absl::InvalidArgumentError(
        "'tile.mgather' takes valid_shape= only for Mat output (Vec output derives it from idx)");
  }
  Shape shape;
  Shape valid;
  if (elem) {
    shape = idx.shape();
    if (vec) valid = ValidOf(idx);
  } else {
    if (mem.shape().size() < 2) {
      return absl::InvalidArgumentError("'tile.mgather' row mode requires mem rank >= 2");
    }
    const Dim& d0 = idx.shape()[0];
    const Dim& d1 = idx.shape()[1];
    const bool row_vector = d0 == Dim::Static(1);
    if (!(row_vector || (vec && d1 == Dim::Static(1)))) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'tile.mgather' row mode requires a ", vec ? "[1, R] or [R, 1]" : "[1, R]", " idx"));
    }
    const size_t row_dim = row_vector ? 1 : 0;
    shape = {idx.shape()[row_dim], mem.shape().back()};
    if (vec) valid = {ValidOf(idx)[row_dim], mem.shape().back()};
  }
  if (valid_attr != nullptr) {
    ASSIGN_OR_RETURN(Shape v, ShapeOfList(call, *valid_attr));
    if (v.size() != shape.size()) {
      return absl::InvalidArgumentError("'tile.mgather' Mat valid_shape must have rank 2");
    }
    valid = std::move(v);
  }
  TileView view = vec ? NdView() : ImplicitView(MemorySpace::kMat);
  if (!valid.empty() && valid != shape) view.valid_shape = std::move(valid);
  return std::optional<Type>(Type::Tile(std::move(shape), mem.dtype(), m, view));
}

// tile.cmp / tile.cmps (PyPTO's MakePackedPredicateTileType): a UINT8 tile
// of one bit per element of the compared tile, packed by rows: the last dim
// is ceil(C / 8) bytes rounded up to 32, of which ceil(valid C / 8) are
// valid; the other dims, and the layout, are the compared tile's.
ResultOr PackedMaskResult(const Expr& call) {
  RETURN_IF_ERROR(Need(call, 0, call.args[0]->type.is_tile(), "a tile"));
  const Type& src = call.args[0]->type;
  if (src.shape().empty()) {
    return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' on a rank-0 tile"));
  }
  if (call.FindAttr("cmp_type") == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' requires 'cmp_type'"));
  }
  const auto packed = [](const Dim& d, int64_t align) -> std::optional<Dim> {
    if (!d.is_static()) return std::nullopt;
    const int64_t bytes = (d.value + 7) / 8;
    return Dim::Static((bytes + align - 1) / align * align);
  };
  Shape shape = src.shape();
  Shape valid = ValidOf(src);
  std::optional<Dim> cols = packed(shape.back(), 32);
  std::optional<Dim> valid_cols = packed(valid.back(), 1);
  if (!cols || !valid_cols) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", call.str, "' of a tile with a dynamic last dimension cannot be typed"));
  }
  shape.back() = *cols;
  valid.back() = *valid_cols;
  TileView view = src.view();
  view.valid_shape = valid != shape ? valid : Shape{};
  if (!src.has_memory()) {
    return std::optional<Type>(Type::TileWithoutMemory(std::move(shape), DType::kUINT8, view));
  }
  return std::optional<Type>(Type::Tile(std::move(shape), DType::kUINT8, src.memory(), view));
}

// tile.gatherb(src, offset, output_dtype=src's): one UINT32 byte offset per
// 32-byte block, [R, C] offsets -> [R, C * (32 / element bytes)].
ResultOr GatherbResult(const Expr& call) {
  RETURN_IF_ERROR(Need(call, 0, call.args[0]->type.is_tile(), "a tile"));
  RETURN_IF_ERROR(Need(call, 1, call.args[1]->type.is_tile(), "a tile"));
  const Type& src = call.args[0]->type;
  const Type& offset = call.args[1]->type;
  const DType d = DTypeAttr(call, "output_dtype").value_or(src.dtype());
  if (offset.dtype() != DType::kUINT32 || offset.shape().size() != 2 ||
      src.shape().size() != 2) {
    return absl::InvalidArgumentError(
        "'tile.gatherb' requires a 2D src tile and a 2D UINT32 offset tile");
  }
  const int bytes = DTypeBytes(d);
  if (bytes <= 0 || 32 % bytes != 0 || !offset.shape()[1].is_static()) {
    return absl::InvalidArgumentError(
        "'tile.gatherb' requires static offset columns and an output dtype dividing 32 bytes");
  }
  const int64_t per_block = 32 / bytes;
  auto scaled = [per_block](const Dim& dim) -> std::optional<Dim> {
    if (!dim.is_static()) return std::nullopt;
    return Dim::Static(dim.value * per_block);
  };
  Shape shape = {offset.shape()[0], *scaled(offset.shape()[1])};
  Shape valid = ValidOf(offset);
  std::optional<Dim> valid_cols = scaled(valid[1]);
  if (!valid_cols) {
    return absl::InvalidArgumentError("'tile.gatherb' on a dynamic valid offset width");
  }
  valid = {valid[0], *valid_cols};
  TileView view = NdView();
  if (valid != shape) view.valid_shape = std::move(valid);
  return std::optional<Type>(Type::TileWithoutMemory(std::move(shape), d, view));
}

// tile.set_validshape(tile, valid_rows, valid_cols): the tile's type (its
// buffer, shape and layout) with that valid shape, each a constant or a
// scalar (PyPTO's DeduceTileSetValidShapeType).
ResultOr SetValidShapeResult(const Expr& call) {
  RETURN_IF_ERROR(Need(call, 0, call.args[0]->type.is_tile(), "a tile"));
  const Type& t = call.args[0]->type;
  if (t.shape().size() != 2 || call.args.size() != 3) {
    return absl::InvalidArgumentError(
        "'tile.set_validshape' takes a 2D tile, valid_rows and valid_cols");
  }
  Shape valid;
  for (int i = 1; i <= 2; ++i) {
    std::optional<Dim> d = DimOfExpr(*call.args[i]);
    if (!d.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'tile.set_validshape' ", i == 1 ? "valid_rows" : "valid_cols",
          " must be a constant or a scalar"));
    }
    const Dim& bound = t.shape()[i - 1];
    if (d->is_static() && (d->value < 0 || (bound.is_static() && d->value > bound.value))) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'tile.set_validshape' ", i == 1 ? "valid_rows" : "valid_cols", " (", d->value,
          ") exceeds tile bound ", bound.is_static() ? bound.value : 0));
    }
    valid.push_back(*d);
  }
  TileView view = t.view();
  view.valid_shape = valid == t.shape() ? Shape() : std::move(valid);
  if (!t.has_memory()) {
    return std::optional<Type>(Type::TileWithoutMemory(t.shape(), t.dtype(), view));
  }
  return std::optional<Type>(Type::Tile(t.shape(), t.dtype(), t.memory(), view));
}

}  // namespace pypto_catalog
}  // namespace ptoc
