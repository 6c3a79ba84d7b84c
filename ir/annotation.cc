#include "ir/annotation.h"

#include <utility>

#include "absl/strings/str_cat.h"

namespace ptoc {

bool DTypesCompatible(DType a, DType b);

namespace {

bool Consistent(const Type& a, const Type& v, bool flattens_nd) {
  if (a.kind() != v.kind()) return false;
  switch (a.kind()) {
    case Type::Kind::kScalar:
      return DTypesCompatible(a.dtype(), v.dtype());
    case Type::Kind::kTensor:
    case Type::Kind::kDistributedTensor:
    case Type::Kind::kTile: {
      if (!DTypesCompatible(a.dtype(), v.dtype())) return false;
      if (flattens_nd && a.is_tile() && a.shape().size() <= 2 && v.shape().size() > 2) {
        return true;
      }
      if (a.shape().size() != v.shape().size()) return false;
      for (size_t i = 0; i < a.shape().size(); ++i) {
        const Dim& x = a.shape()[i];
        const Dim& y = v.shape()[i];
        if (x.is_static() && y.is_static() && x.value != y.value) return false;
      }
      return true;
    }
    case Type::Kind::kTuple: {
      if (a.elements().size() != v.elements().size()) return false;
      for (size_t i = 0; i < a.elements().size(); ++i) {
        if (!Consistent(a.elements()[i], v.elements()[i], false)) return false;
      }
      return true;
    }
    case Type::Kind::kArray:
      return a == v.WithExtra(a.extra());
    default:
      return true;
  }
}

// PyPTO's merge of a tile annotation with the value's tile type.
Type MergeTile(const Type& a, const Type& v) {
  const bool same_memory =
      a.has_memory() == v.has_memory() && (!a.has_memory() || a.memory() == v.memory());
  TileView view = a.view();
  if (!a.has_explicit_view()) {
    if (same_memory || !a.has_memory()) {
      view = v.view();
    } else {
      view = ImplicitView(a.memory());
      view.valid_shape = v.view().valid_shape;
    }
  }
  Type t = a.has_memory()   ? Type::Tile(a.shape(), a.dtype(), a.memory(), view)
           : v.has_memory() ? Type::Tile(a.shape(), a.dtype(), v.memory(), view)
                            : Type::TileWithoutMemory(a.shape(), a.dtype(), view);
  return t.WithExtra(a.extra());
}

}  // namespace

bool DTypesCompatible(DType a, DType b) {
  if (a == b) return true;
  return (a == DType::kINDEX && IsIntegerDType(b)) || (b == DType::kINDEX && IsIntegerDType(a));
}

std::optional<Type> AnnotatedType(const Type& annotation, const Type& value,
                                  bool flattens_nd) {
  if (annotation == value) return value;
  Type v = value.WithExtra(annotation.extra());
  if (annotation == v) return v;
  if (!Consistent(annotation, value, flattens_nd)) return std::nullopt;
  switch (annotation.kind()) {
    case Type::Kind::kScalar:
      return value.dtype() == DType::kINDEX ? annotation : value;
    case Type::Kind::kTile:
      return MergeTile(annotation, value);
    case Type::Kind::kTensor:
    case Type::Kind::kDistributedTensor:
      return annotation.extra().empty() ? value : annotation;
    default:
      return value;
  }
}

bool SameTileBuffer(const Type& a, const Type& b) {
  return a.is_tile() && b.is_tile() && a.shape() == b.shape() && a.dtype() == b.dtype() &&
         a.has_memory() == b.has_memory() && (!a.has_memory() || a.memory() == b.memory());
}

bool FlattensNd(const Expr& value) {
  return value.is_op_call("tile.load") || value.is_op_call("tile.create");
}

// A tile whose valid shape is its whole shape, written as none (PyPTO's
// printer leaves such a valid_shape out).
Type WithoutFullValidShape(const Type& t) {
  if (!t.is_tile() || t.view().valid_shape != t.shape()) return t;
  TileView view = t.view();
  view.valid_shape.clear();
  Type r = t.has_memory() ? Type::Tile(t.shape(), t.dtype(), t.memory(), view)
                          : Type::TileWithoutMemory(t.shape(), t.dtype(), view);
  return r.WithExtra(t.extra());
}

bool Retyped(const Type& declared, const Type& value) {
  return !SameUpToExtra(WithoutFullValidShape(declared), WithoutFullValidShape(value));
}

namespace {

// `value` (a tile of rank > 2 with static dims and no partial valid shape)
// folded to rank 2 as code generation lays it out: the leading dims make
// the rows (PyPTO's FlattenTileNdTo2D does the same).
std::optional<Type> FoldedTo2D(const Type& value) {
  if (!value.is_tile() || value.shape().size() <= 2) return std::nullopt;
  Type full = WithoutFullValidShape(value);
  if (!full.view().valid_shape.empty()) return std::nullopt;
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < value.shape().size(); ++i) {
    if (!value.shape()[i].is_static()) return std::nullopt;
    rows *= value.shape()[i].value;
  }
  Shape folded = {Dim::Static(rows), value.shape().back()};
  Type r = value.has_memory()
               ? Type::Tile(folded, value.dtype(), value.memory(), full.view())
               : Type::TileWithoutMemory(folded, value.dtype(), full.view());
  return r.WithExtra(value.extra());
}

}  // namespace

bool FoldsNdTo2D(const Stmt& assign) {
  if (!FlattensNd(*assign.value)) return false;
  std::optional<Type> folded = FoldedTo2D(assign.value->type);
  return folded.has_value() && !Retyped(assign.var->type, *folded);
}

const Stmt* FirstRetypedAssign(const Stmt& s) {
  if (s.kind == StmtKind::kAssign && s.var != nullptr && s.value != nullptr &&
      !s.value->type.is_none() && Retyped(s.var->type, s.value->type) &&
      !(s.var->type.is_scalar() && s.value->type.is_scalar()) && !FoldsNdTo2D(s)) {
    return &s;
  }
  for (const StmtPtr& c : s.stmts) {
    if (const Stmt* r = FirstRetypedAssign(*c)) return r;
  }
  if (s.body) {
    if (const Stmt* r = FirstRetypedAssign(*s.body)) return r;
  }
  if (s.else_body) return FirstRetypedAssign(*s.else_body);
  return nullptr;
}

std::string RetypedAssignMessage(const Stmt& assign) {
  return absl::StrCat("'", assign.var->name, "' is annotated ", TypeToString(assign.var->type),
                      " but its value has type ", TypeToString(assign.value->type),
                      " (PyPTO takes the annotation); ptoc does not compile a value retyped "
                      "by its annotation");
}

}  // namespace ptoc
