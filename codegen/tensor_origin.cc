#include "codegen/tensor_origin.h"

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
    if (p.var->type.is_tensor()) t.origin_[p.var] = p.var;
  }
  RETURN_IF_ERROR(t.Visit(*f.body));
  return t;
}

const Var* TensorOrigins::OriginOf(const Var* v) const {
  auto it = origin_.find(v);
  return it == origin_.end() ? nullptr : it->second;
}

const Var* TensorOrigins::OriginOf(const Expr& e) const {
  if (e.kind == ExprKind::kVar) return OriginOf(e.var);
  if (e.kind == ExprKind::kCall && e.type.is_tensor()) {
    // An op returning a tensor (tile.store) returns the tensor it wrote.
    const OpInfo* info = LookupOp(e);
    if (info != nullptr && info->access.tensor_arg >= 0 &&
        info->access.tensor_arg < static_cast<int>(e.args.size())) {
      return OriginOf(*e.args[info->access.tensor_arg]);
    }
  }
  return nullptr;
}

absl::Status TensorOrigins::Bind(const Var* v, const Expr& value, const Location& loc) {
  const Var* origin = OriginOf(value);
  if (origin == nullptr) {
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
    const Var* got = OriginOf(*yield->values[i]);
    const Var* want = OriginOf(results[i]);
    if (want == nullptr) {
      RETURN_IF_ERROR(Bind(results[i], *yield->values[i], yield->loc));
    } else if (got != want) {
      return ErrorAt(loc, absl::StrCat("'", results[i]->name,
                                       "' names different GM tensors on different "
                                       "paths ('", want->name, "' and '",
                                       got == nullptr ? "?" : got->name,
                                       "'); code generation needs one"));
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
    if (i < s.results.size()) origin_[s.results[i]] = OriginOf(s.iter_args[i]);
  }
  RETURN_IF_ERROR(Visit(*s.body));
  return Merge(s.iter_args, TrailingYield(*s.body), s.loc);
}

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

}  // namespace codegen
}  // namespace ptoc
