#include "codegen/loop_scope.h"

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

class LoopScopes {
 public:
  absl::Status Stmt(const ptoc::Stmt& s) {
    if (s.kind == StmtKind::kSetItem && s.var != nullptr) {
      RETURN_IF_ERROR(Use(s.var, s.loc));
    }
    const bool loop = s.kind == StmtKind::kFor || s.kind == StmtKind::kWhile;
    // Bounds, init values and a while's condition are read outside the body
    // (the condition sees only the loop's own values).
    for (const ExprPtr* e : {&s.start, &s.stop, &s.step}) {
      if (*e != nullptr) {
        RETURN_IF_ERROR(Expr(**e, s.loc));
      }
    }
    for (const ExprPtr& e : s.init_values) {
      RETURN_IF_ERROR(Expr(*e, s.loc));
    }
    if (!loop) {
      if (s.value != nullptr) {
        RETURN_IF_ERROR(Expr(*s.value, s.loc));
      }
      for (const ExprPtr& e : s.values) {
        RETURN_IF_ERROR(Expr(*e, s.loc));
      }
      for (const StmtPtr& c : s.stmts) {
        RETURN_IF_ERROR(Stmt(*c));
      }
      for (const ptoc::Stmt* b : {s.body.get(), s.else_body.get()}) {
        if (b != nullptr) {
          RETURN_IF_ERROR(Stmt(*b));
        }
      }
      Define(s);
      return absl::OkStatus();
    }
    bodies_.emplace_back();
    if (s.var != nullptr) bodies_.back().push_back(s.var);
    for (Var* v : s.iter_args) bodies_.back().push_back(v);
    if (s.value != nullptr) {
      RETURN_IF_ERROR(Expr(*s.value, s.loc));
    }
    if (s.body != nullptr) {
      RETURN_IF_ERROR(Stmt(*s.body));
    }
    std::vector<const Var*> closed = std::move(bodies_.back());
    bodies_.pop_back();
    for (const Var* v : closed) closed_[v] = &s;
    for (Var* r : s.results) Note(r);
    return absl::OkStatus();
  }

 private:
  absl::Status Expr(const ptoc::Expr& e, const Location& stmt_loc) {
    if (e.kind == ExprKind::kVar && e.var != nullptr) {
      return Use(e.var, e.loc.known() ? e.loc : stmt_loc);
    }
    for (const ExprPtr& a : e.args) {
      RETURN_IF_ERROR(Expr(*a, e.loc.known() ? e.loc : stmt_loc));
    }
    for (const NamedExpr& a : e.attrs) {
      RETURN_IF_ERROR(Expr(*a.value, e.loc.known() ? e.loc : stmt_loc));
    }
    return absl::OkStatus();
  }

  absl::Status Use(const Var* v, const Location& loc) {
    auto it = closed_.find(v);
    if (it == closed_.end() || v->type.is_tensor()) return absl::OkStatus();
    const ptoc::Stmt& loop = *it->second;
    const char* kind = loop.kind == StmtKind::kWhile ? "while" : "for";
    return ErrorAt(loc, absl::StrCat(
                            "'", v->name, "' is bound inside the ", kind, " loop at line ",
                            loop.loc.line,
                            " and used after it; kernel code generation declares it inside "
                            "the loop, and a loop that runs no iteration leaves it undefined: "
                            "bind it before the loop (the loop then carries it)"));
  }

  // The names a statement binds, in the innermost loop body around it.
  void Define(const ptoc::Stmt& s) {
    if (s.kind == StmtKind::kAssign || s.kind == StmtKind::kScope ||
        s.kind == StmtKind::kSplitAiv) {
      if (s.var != nullptr) Note(s.var);
    }
    for (Var* r : s.results) Note(r);
  }

  void Note(const Var* v) {
    if (!bodies_.empty()) bodies_.back().push_back(v);
  }

  std::vector<std::vector<const Var*>> bodies_;
  absl::flat_hash_map<const Var*, const ptoc::Stmt*> closed_;
};

}  // namespace

absl::Status CheckUsesAfterLoops(const Function& fn) {
  if (fn.body == nullptr) return absl::OkStatus();
  LoopScopes scopes;
  return scopes.Stmt(*fn.body);
}

}  // namespace codegen
}  // namespace ptoc
