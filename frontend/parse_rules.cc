// The text parser: rules PyPTO's parser applies to names.
//
// Results of functions written without `-> TYPE` (ReturnedType): PyPTO
// takes them from the callee's first `return` when the callee is already
// parsed.
//
// Rebinding (CheckReassign): before its ConvertToSSA, PyPTO keeps one
// variable per name, so a tensor or tile name cannot be rebound to a value
// of another kind, dtype or shape (loop-carried names excepted).
//
// Declaration order (CheckParamOrder): PyPTO evaluates each parameter's
// annotation when it reaches it, so a name there cannot mean a parameter
// declared later:
//
//   - a name in a pl.TensorView's valid_shape that is not a pl.dynamic
//     dimension must be an earlier parameter;
//   - a pl.Scalar[pl.INDEX] parameter named like a pl.dynamic dimension
//     binds that dimension from there on, so it cannot follow a parameter
//     whose type already uses the dimension.
//
// (ptoc still lets a shape dimension name a later integer parameter that
// is not a pl.dynamic dimension: its own form before PyPTO's.)
#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "frontend/parser_impl.h"
#include "ir/diagnostics.h"

namespace ptoc {
namespace parser_internal {

absl::Status Parser::CheckParamOrder(const Function& fn,
                                     const std::vector<std::vector<DimRef>>& uses) const {
  const std::vector<std::string>& dynamic = program_->dynamic_dims;
  for (size_t k = 0; k < uses.size() && k < fn.params.size(); ++k) {
    const std::string& user = fn.params[k].var->name;
    for (const DimRef& d : uses[k]) {
      size_t j = k + 1;
      while (j < fn.params.size() && fn.params[j].var->name != d.name) ++j;
      if (j >= fn.params.size()) continue;
      const bool is_dynamic = std::find(dynamic.begin(), dynamic.end(), d.name) != dynamic.end();
      const Type& later = fn.params[j].var->type;
      if (is_dynamic && later.is_scalar() && later.dtype() == DType::kINDEX) {
        return ErrorAt(fn.params[j].var->loc,
                       absl::StrCat("parameter '", d.name, "' shadows the dynamic dimension '",
                                    d.name, "', which the type of the earlier parameter '",
                                    user, "' already uses; declare '", d.name,
                                    "' before '", user, "'"));
      }
      if (d.in_view && !is_dynamic) {
        return ErrorAt(d.loc, absl::StrCat("'", d.name, "' in the pl.TensorView of parameter '",
                                           user, "' names a parameter declared after it; "
                                           "declare '", d.name, "' before '", user,
                                           "' (annotations resolve in declaration order)"));
      }
    }
  }
  return absl::OkStatus();
}

namespace {

const Stmt* FirstValueReturn(const Stmt& s) {
  if (s.kind == StmtKind::kReturn) return s.values.empty() ? nullptr : &s;
  for (const StmtPtr& c : s.stmts) {
    if (const Stmt* r = FirstValueReturn(*c)) return r;
  }
  for (const Stmt* body : {s.body.get(), s.else_body.get()}) {
    if (body == nullptr) continue;
    if (const Stmt* r = FirstValueReturn(*body)) return r;
  }
  return nullptr;
}

}  // namespace

Type ReturnedType(const Function& fn) {
  const Stmt* ret = fn.body ? FirstValueReturn(*fn.body) : nullptr;
  if (ret == nullptr) return Type::None();
  std::vector<Type> types;
  for (const ExprPtr& v : ret->values) {
    if (v->type.is_none()) return Type::None();
    types.push_back(v->type);
  }
  return types.size() == 1 ? types[0] : Type::Tuple(std::move(types));
}

absl::Status Parser::CheckReassign(const std::string& name, const Location& loc,
                                   const Type& type) const {
  if (strict_ssa_ || !(type.is_tensor() || type.is_tile())) return absl::OkStatus();
  const Var* old = nullptr;
  for (auto it = scopes_.rbegin(); it != scopes_.rend() && old == nullptr; ++it) {
    auto found = it->find(name);
    if (found == it->end()) continue;
    if (found->second.var == nullptr) return absl::OkStatus();  // not visible
    old = found->second.var;
  }
  if (old == nullptr || carried_.contains(old)) return absl::OkStatus();
  const Type& was = old->type;
  if (!(was.is_tensor() || was.is_tile())) return absl::OkStatus();
  // Not windows yet: the catalog's result rules of the collectives and of
  // tensor.assemble into a window are not PyPTO's yet (they give the first
  // argument's type, or a plain tensor), so a correct rebinding would look
  // like another type.
  if (was.is_distributed() || type.is_distributed()) return absl::OkStatus();
  // Shapes are compared when both are static (PyPTO simplifies symbolic
  // ones first); the views and memory spaces are left to PyPTO's passes.
  const bool differ = was.kind() != type.kind() || was.dtype() != type.dtype() ||
                      (was.has_static_shape() && type.has_static_shape() &&
                       was.shape() != type.shape());
  if (!differ) return absl::OkStatus();
  return ErrorAt(loc, absl::StrCat("Cannot reassign '", name, "' with a different type: was ",
                                   TypeToString(was), ", got ", TypeToString(type),
                                   "; use a different name"));
}

}  // namespace parser_internal
}  // namespace ptoc
