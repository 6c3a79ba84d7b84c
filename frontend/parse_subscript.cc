// The text parser: subscripts of tensors and tiles, as PyPTO's parser
// reads them (ast_parser.py, _parse_tensor_subscript / _parse_tile_subscript):
// numpy-style indexing where a scalar index removes its axis, a slice
// `lo:hi` keeps it and missing trailing indices are an implicit `:`.
//   x[i, j]   (every axis a scalar index)  -> tensor.read / tile.read
//   x[i]      (fewer indices, or a slice)  -> tensor.slice / tile.slice with
//                                             drop_dims for the indexed axes
//   dst[...] = src                         -> dst = tensor.assemble / tile.assemble
// A subscript is sugar: it prints as the op call it builds.
#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "frontend/parser_impl.h"
#include "ir/builder.h"
#include "ir/checked_math.h"
#include "ir/diagnostics.h"

namespace ptoc {
namespace parser_internal {
namespace {

// `upper - lower` when it folds to a constant: two constants, or
// `v + c` (or `c + v`) minus `v`. Overflow-checked: hostile constants.
std::optional<CheckedInt> FoldExtent(const Expr& upper, const Expr* lower) {
  const int64_t lo = lower == nullptr ? 0 : lower->int_value;
  if (upper.kind == ExprKind::kInt && (lower == nullptr || lower->kind == ExprKind::kInt)) {
    return CheckedInt(upper.int_value) - lo;
  }
  if (lower == nullptr || lower->kind != ExprKind::kVar || upper.kind != ExprKind::kBinary ||
      upper.binary_op != BinaryOp::kAdd) {
    return std::nullopt;
  }
  const Expr& a = *upper.args[0];
  const Expr& b = *upper.args[1];
  if (a.kind == ExprKind::kVar && a.var == lower->var && b.kind == ExprKind::kInt) {
    return b.int_value;
  }
  if (b.kind == ExprKind::kVar && b.var == lower->var && a.kind == ExprKind::kInt) {
    return a.int_value;
  }
  return std::nullopt;
}

}  // namespace

absl::StatusOr<ExprPtr> Parser::DimExpr(const Dim& d, const Location& loc) {
  if (d.is_static()) return MakeInt(d.value, loc);
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto found = it->find(d.symbol);
    if (found == it->end()) continue;
    if (found->second.var != nullptr && found->second.var->type.is_scalar()) {
      return MakeVarRef(found->second.var, loc);
    }
    break;
  }
  return ErrorAt(loc, absl::StrCat("a slice over the dynamic dimension '", d.symbol,
                                   "' needs an explicit upper bound"));
}

absl::StatusOr<std::vector<SubscriptIndex>> Parser::ParseIndices() {
  const Location loc = Loc(Next());  // '['
  std::vector<SubscriptIndex> indices;
  while (!AtOp("]")) {
    SubscriptIndex idx;
    idx.loc = Loc(Peek());
    ExprPtr first;
    if (!AtOp(":")) {
      ASSIGN_OR_RETURN(first, ParseExpr());
    }
    if (AtOp(":")) {
      Next();
      idx.slice = true;
      idx.lower = std::move(first);
      if (!AtOp(",") && !AtOp("]") && !AtOp(":")) {
        ASSIGN_OR_RETURN(idx.upper, ParseExpr());
      }
      if (AtOp(":")) return ErrorAtToken(Peek(), "a slice step is not supported in a subscript");
    } else {
      idx.index = std::move(first);
    }
    for (const Expr* e : {idx.index.get(), idx.lower.get(), idx.upper.get()}) {
      if (e != nullptr && !(e->type.is_scalar() && IsIntegerDType(e->type.dtype()))) {
        return ErrorAt(e->loc, absl::StrCat("a subscript index must be an integer scalar, got ",
                                            TypeToString(e->type)));
      }
    }
    indices.push_back(std::move(idx));
    if (!AtOp(",")) break;
    Next();
  }
  RETURN_IF_ERROR(ExpectOp("]"));
  if (indices.empty()) return ErrorAt(loc, "a subscript needs an index");
  return indices;
}

absl::StatusOr<SubscriptWindow> Parser::BuildWindow(const Type& type,
                                                    std::vector<SubscriptIndex>& indices,
                                                    const Location& loc) {
  const bool tile = type.is_tile();
  const Shape& shape = type.shape();
  const char* what = tile ? "tile" : "tensor";
  if (indices.size() > shape.size()) {
    return ErrorAt(loc, absl::StrCat(what, " subscript has ", indices.size(),
                                     " indices but the ", what, " is ", shape.size(), "D"));
  }
  SubscriptWindow w;
  for (const SubscriptIndex& idx : indices) w.any_slice = w.any_slice || idx.slice;
  if (tile && (w.any_slice || indices.size() < shape.size()) &&
      type.view().valid_shape.size() == shape.size() && type.view().valid_shape != shape) {
    return ErrorAt(loc, "a slice of a tile with a valid_shape is not supported yet");
  }
  for (size_t d = 0; d < shape.size(); ++d) {
    if (d >= indices.size()) {  // an implicit `:`
      w.offsets.push_back(MakeInt(0, loc));
      ASSIGN_OR_RETURN(ExprPtr full, DimExpr(shape[d], loc));
      w.sizes.push_back(std::move(full));
      continue;
    }
    SubscriptIndex& idx = indices[d];
    if (!idx.slice) {
      w.offsets.push_back(std::move(idx.index));
      w.sizes.push_back(MakeInt(1, idx.loc));
      w.drops.push_back(static_cast<int64_t>(d));
      continue;
    }
    if (tile && idx.lower != nullptr && idx.lower->kind != ExprKind::kInt) {
      return ErrorAt(idx.lower->loc, "a tile slice needs a constant lower bound");
    }
    ExprPtr upper = std::move(idx.upper);
    if (upper == nullptr) {
      ASSIGN_OR_RETURN(upper, DimExpr(shape[d], idx.loc));
    }
    if (tile && upper->kind != ExprKind::kInt) {
      return ErrorAt(upper->loc, "a tile slice with a dynamic upper bound is not supported yet");
    }
    ExprPtr extent;
    if (std::optional<CheckedInt> folded = FoldExtent(*upper, idx.lower.get())) {
      ASSIGN_OR_RETURN(int64_t n, FitOrError(*folded, idx.loc, "the slice's extent"));
      // A tile slice is cut back to the tile (PyPTO's static extent).
      if (tile && shape[d].is_static()) {
        const int64_t lower = idx.lower != nullptr ? idx.lower->int_value : 0;
        ASSIGN_OR_RETURN(int64_t rest,
                         FitOrError(CheckedInt(shape[d].value) - lower, idx.loc,
                                    "the tile's extent after the slice's lower bound"));
        n = std::min(n, rest);
      }
      if (n <= 0) return ErrorAt(idx.loc, "a slice must have a positive extent");
      extent = MakeInt(n, idx.loc);
    } else if (idx.lower == nullptr && upper->kind == ExprKind::kVar) {
      extent = std::move(upper);
    } else {
      return ErrorAt(idx.loc, "a slice extent must fold to a constant or be a scalar "
                              "variable (write lo:lo + n)");
    }
    w.offsets.push_back(idx.lower != nullptr ? std::move(idx.lower) : MakeInt(0, idx.loc));
    w.sizes.push_back(std::move(extent));
  }
  return w;
}

absl::StatusOr<ExprPtr> Parser::ParseSubscript(ExprPtr base, const Token& start) {
  const Location loc = Loc(Peek());
  ASSIGN_OR_RETURN(std::vector<SubscriptIndex> indices, ParseIndices());
  const Type type = base->type;
  const bool tile = type.is_tile();
  if (!tile && !(type.is_tensor() && !type.is_distributed())) {
    return ErrorAt(loc, absl::StrCat("a subscript needs a tensor, tile or pl.Array, got ",
                                     TypeToString(type)));
  }
  ASSIGN_OR_RETURN(SubscriptWindow w, BuildWindow(type, indices, loc));
  std::vector<ExprPtr> args;
  args.push_back(std::move(base));
  if (!w.any_slice && w.drops.size() == type.shape().size()) {  // one element
    args.push_back(MakeList(std::move(w.offsets), loc));
    return FinishOpCall(tile ? "tile.read" : "tensor.read", start, static_cast<size_t>(-2),
                        std::move(args), {});
  }
  args.push_back(MakeList(std::move(w.sizes), loc));
  args.push_back(MakeList(std::move(w.offsets), loc));
  if (!w.drops.empty()) {
    std::vector<ExprPtr> drops;
    for (int64_t d : w.drops) drops.push_back(MakeInt(d, loc));
    args.push_back(MakeList({}, loc));  // no valid_shape
    args.push_back(MakeList(std::move(drops), loc));
  }
  return FinishOpCall(tile ? "tile.slice" : "tensor.slice", start, static_cast<size_t>(-2),
                      std::move(args), {});
}

absl::StatusOr<StmtPtr> Parser::ParseWindowWrite(const Token& name, Var* var) {
  // PyPTO's `dst[...] = src`: `dst = assemble(dst, src, offsets)`, with the
  // source reshaped up to the window's rank when indices dropped axes.
  const Location loc = Loc(name);
  if (strict_ssa_) {
    return ErrorAtToken(name, "Subscript-write syntax 'dst[...] = src' is only supported "
                              "before SSA conversion (the function is strict_ssa=True)");
  }
  const Type type = var->type;
  const bool tile = type.is_tile();
  const char* what = tile ? "tile" : "tensor";
  ASSIGN_OR_RETURN(std::vector<SubscriptIndex> indices, ParseIndices());
  ASSIGN_OR_RETURN(SubscriptWindow w, BuildWindow(type, indices, loc));
  RETURN_IF_ERROR(ExpectOp("="));
  ASSIGN_OR_RETURN(ExprPtr source, ParseExpr());
  const Type& st = source->type;
  if (!(tile ? st.is_tile() : st.is_tensor())) {
    return ErrorAt(source->loc, absl::StrCat("Subscript-write source must also be a ", what,
                                             ", got ", TypeToString(st)));
  }
  // The window's kept axes, and the extents the source must have.
  std::vector<const Expr*> kept;
  for (size_t d = 0; d < w.sizes.size(); ++d) {
    if (std::find(w.drops.begin(), w.drops.end(), static_cast<int64_t>(d)) == w.drops.end()) {
      kept.push_back(w.sizes[d].get());
    }
  }
  const size_t natural = kept.size();
  const size_t floored = tile ? std::max<size_t>(2, natural) : natural;
  const size_t rank = st.shape().size();
  if (rank != natural && rank != floored) {
    return ErrorAt(source->loc,
                   absl::StrCat("Subscript-write source must be ", natural,
                                "D to match the rank-reduced ", what, " window, got ", rank,
                                "D"));
  }
  const size_t lead = rank - natural;
  const Shape& valid = st.is_tile() ? st.view().valid_shape : Shape();
  for (size_t a = 0; a < rank; ++a) {
    const Expr* want = a < lead ? nullptr : kept[a - lead];
    const int64_t n = want == nullptr ? 1 : (want->kind == ExprKind::kInt ? want->int_value : -1);
    const Dim& have = st.shape()[a];
    if (n < 0 || !have.is_static() || have.value == n) continue;
    if (valid.size() == rank && (!valid[a].is_static() || valid[a].value == n)) continue;
    return ErrorAt(source->loc,
                   absl::StrCat("Subscript-write shape mismatch on source axis ", a,
                                ": window expects ", n, " elements, source has ", have.value));
  }
  // The source in the window's full-rank shape: its own extents on the
  // kept axes (after a tile's leading unit axes), unit axes where the
  // indices dropped them. `t[0:16, 3] = s` with s of shape [1, 16] writes
  // the [16, 1] column, so the source is reshaped even at the same rank.
  std::vector<ExprPtr> lifted;
  bool same_shape = rank == w.sizes.size();
  size_t next = lead;
  for (size_t d = 0; d < w.sizes.size(); ++d) {
    const bool dropped =
        std::find(w.drops.begin(), w.drops.end(), static_cast<int64_t>(d)) != w.drops.end();
    const Dim& dim = dropped ? Dim::Static(1) : st.shape()[next++];
    if (same_shape && !(st.shape()[d] == dim)) same_shape = false;
    ASSIGN_OR_RETURN(ExprPtr e, DimExpr(dim, loc));
    lifted.push_back(std::move(e));
  }
  if (!same_shape) {
    std::vector<ExprPtr> args;
    args.push_back(std::move(source));
    args.push_back(MakeList(std::move(lifted), loc));
    ASSIGN_OR_RETURN(source, FinishOpCall(tile ? "tile.reshape" : "tensor.reshape", name,
                                          static_cast<size_t>(-2), std::move(args), {}));
  }
  std::vector<ExprPtr> args;
  args.push_back(MakeVarRef(var, loc));
  args.push_back(std::move(source));
  args.push_back(MakeList(std::move(w.offsets), loc));
  ASSIGN_OR_RETURN(ExprPtr call, FinishOpCall(tile ? "tile.assemble" : "tensor.assemble", name,
                                              static_cast<size_t>(-2), std::move(args), {}));
  Var* target = fn_->NewVar(name.text, call->type, loc);
  RETURN_IF_ERROR(Bind(name.text, loc, target));
  return MakeAssign(target, std::move(call), loc);
}

}  // namespace parser_internal
}  // namespace ptoc
