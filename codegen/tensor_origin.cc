#include "codegen/tensor_origin.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "ir/walk.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {

absl::StatusOr<TensorOrigins> TensorOrigins::Compute(const Function& f) {
  TensorOrigins t;
  for (const Param& p : f.params) {
    if (p.var->type.is_tensor()) t.origin_[p.var] = Origin{p.var, p.var};
  }
  RETURN_IF_ERROR(t.Visit(*f.body));
  return t;
}

TensorOrigins::Origin TensorOrigins::Resolve(const Expr& e) const {
  if (e.kind == ExprKind::kVar) {
    auto it = origin_.find(e.var);
    return it == origin_.end() ? Origin{} : it->second;
  }
  if (e.kind == ExprKind::kCall && e.type.is_tensor()) {
    // An op returning a tensor (tile.store) returns the tensor it wrote.
    const OpInfo* info = LookupOp(e);
    if (info != nullptr && info->access.tensor_arg >= 0 &&
        info->access.tensor_arg < static_cast<int>(e.args.size())) {
      return Resolve(*e.args[info->access.tensor_arg]);
    }
  }
  return Origin{};
}

const Var* TensorOrigins::OriginOf(const Var* v) const {
  auto it = origin_.find(v);
  return it == origin_.end() ? nullptr : it->second.param;
}

const Var* TensorOrigins::OriginOf(const Expr& e) const { return Resolve(e).param; }

const Var* TensorOrigins::KeyOf(const Expr& e) const { return Resolve(e).key; }

const Expr* TensorOrigins::ViewCallOf(const Var* key) const {
  auto it = view_calls_.find(key);
  return it == view_calls_.end() ? nullptr : it->second;
}

absl::Status TensorOrigins::Bind(const Var* v, const Expr& value, const Location& loc) {
  if (value.kind == ExprKind::kCall && !value.args.empty()) {
    const OpInfo* info = LookupOp(value);
    if (info != nullptr && info->gm_view != GmView::kNone) {
      const Origin source = Resolve(*value.args[0]);
      if (source.param != nullptr) {
        origin_[v] = Origin{source.param, v};
        view_calls_[v] = &value;
        return absl::OkStatus();
      }
    }
  }
  const Origin origin = Resolve(value);
  if (origin.param == nullptr) {
    return ErrorAt(loc, absl::StrCat("cannot tell which GM tensor '", v->name,
                                     "' names; code generation addresses a tensor "
                                     "value through one of the kernel's parameters"));
  }
  origin_[v] = origin;
  return absl::OkStatus();
}

absl::Status TensorOrigins::Merge(const std::vector<Var*>& results, const Stmt* yield,
                                  const Location& loc) {
  if (yield == nullptr) return absl::OkStatus();
  for (size_t i = 0; i < results.size() && i < yield->values.size(); ++i) {
    if (!results[i]->type.is_tensor()) continue;
    const Origin got = Resolve(*yield->values[i]);
    auto want = origin_.find(results[i]);
    if (want == origin_.end()) {
      RETURN_IF_ERROR(Bind(results[i], *yield->values[i], yield->loc));
    } else if (got.param != want->second.param) {
      return ErrorAt(loc, absl::StrCat("'", results[i]->name,
                                       "' names different GM tensors on different "
                                       "paths ('", want->second.param->name, "' and '",
                                       got.param == nullptr ? "?" : got.param->name,
                                       "'); code generation needs one"));
    } else if (got.key != want->second.key) {
      return ErrorAt(loc, absl::StrCat("'", results[i]->name, "' names different views of '",
                                       got.param->name,
                                       "' on different paths; code generation needs one "
                                       "(make the view after the loop or branch)"));
    }
  }
  return absl::OkStatus();
}

absl::Status TensorOrigins::VisitStmt(const Stmt& s) {
  // Sequences, while loops, scopes and pl.split_aiv regions: their
  // children. The rest bind no tensor (a pl.Array element is a scalar).
  return TryForEachChild(s, [this](const Stmt& c) { return Visit(c); });
}

absl::Status TensorOrigins::VisitAssign(const Stmt& s) {
  if (s.var->type.is_tensor()) return Bind(s.var, *s.value, s.loc);
  return absl::OkStatus();
}

absl::Status TensorOrigins::VisitFor(const Stmt& s) {
  for (size_t i = 0; i < s.iter_args.size() && i < s.init_values.size(); ++i) {
    if (!s.iter_args[i]->type.is_tensor()) continue;
    RETURN_IF_ERROR(Bind(s.iter_args[i], *s.init_values[i], s.loc));
    if (i < s.results.size()) origin_[s.results[i]] = origin_[s.iter_args[i]];
  }
  RETURN_IF_ERROR(Visit(*s.body));
  return Merge(s.iter_args, TrailingYield(*s.body), s.loc);
}

absl::Status TensorOrigins::VisitWhile(const Stmt& s) { return VisitFor(s); }

absl::Status TensorOrigins::VisitIf(const Stmt& s) {
  RETURN_IF_ERROR(Visit(*s.body));
  RETURN_IF_ERROR(Merge(s.results, TrailingYield(*s.body), s.loc));
  if (s.else_body == nullptr) return absl::OkStatus();
  RETURN_IF_ERROR(Visit(*s.else_body));
  return Merge(s.results, TrailingYield(*s.else_body), s.loc);
}

absl::Status TensorOrigins::VisitUnpack(const Stmt& s) {
  for (const Var* v : s.results) {
    if (v->type.is_tensor()) {
      return ErrorAt(s.loc, absl::StrCat("code generation cannot follow '", v->name,
                                         "' to a GM tensor through tuple unpacking"));
    }
  }
  return absl::OkStatus();
}

namespace {

// The forms of CheckGmViewForm that depend on the op and its attributes.
absl::Status CheckGmViewKind(const Expr& call, bool source_is_window, const Location& loc) {
  const OpInfo* info = LookupOp(call);
  const std::string source =
      call.args[0]->kind == ExprKind::kVar ? call.args[0]->var->name : "its source";
  if (info->gm_view == GmView::kReshape) {
    const Expr* layout = call.FindAttr("layout");
    if (layout != nullptr && layout->kind == ExprKind::kEnum && layout->str != "ND") {
      return ErrorAt(loc, absl::StrCat("a ", layout->str, " view of '", source,
                                       "' cannot be addressed yet: its elements run down the "
                                       "columns, and a tile load or store takes a GM view "
                                       "whose rows are contiguous (a DN view needs a "
                                       "column-major tile, which ptoc does not infer)"));
    }
    if (absl::StrContains(call.args[0]->type.extra(), "DN")) {
      return ErrorAt(loc, absl::StrCat("a view of the DN tensor '", source,
                                       "' cannot be addressed yet"));
    }
    if (source_is_window) {
      return ErrorAt(loc, absl::StrCat("a tensor.view of the window '", source,
                                       "' cannot be addressed: a reshape needs packed memory "
                                       "(view the whole tensor, then slice)"));
    }
    if (call.args.size() > 2) {
      return ErrorAt(loc, "a tensor.view with a valid_shape cannot be addressed yet");
    }
    return absl::OkStatus();
  }
  if (call.args.size() > 3) {
    return ErrorAt(loc, absl::StrCat("a GM slice of '", source,
                                     "' with a valid_shape or drop_dims cannot be addressed "
                                     "yet; slice without them"));
  }
  if (call.FindAttr("pad_value") != nullptr) {
    return ErrorAt(loc, absl::StrCat("a GM slice of '", source,
                                     "' with a pad_value cannot be addressed yet"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckGmViewForm(const Expr& call, const Type& result, size_t source_rank,
                             const Var& source_param, bool source_is_window,
                             const Location& loc) {
  RETURN_IF_ERROR(CheckGmViewKind(call, source_is_window, loc));
  const size_t rank = result.shape().size();
  if (rank == 0) return ErrorAt(loc, "a rank-0 tensor cannot be viewed; give it shape [1]");
  if (LookupOp(call)->gm_view == GmView::kWindow && rank != source_rank) {
    return ErrorAt(loc, absl::StrCat("a slice of rank ", rank, " of '", source_param.name,
                                     "' (rank ", source_rank, ") cannot be addressed"));
  }
  return absl::OkStatus();
}

}  // namespace codegen
}  // namespace ptoc
