// The text parser: PyPTO's ConvertToSSA for loops and branches written
// without init_values / pl.yield_.
//
// A name bound before a loop (in an enclosing scope) and rebound in its
// body is carried: an iter_arg initialised from the value before the loop,
// yielded by the body, and the loop's result after it. A name a for loop
// leaked (Python: it outlives the loop) counts as bound before a later loop
// only when that loop reads it, as PyPTO's live-in analysis decides: then
// every iteration after the first must see the previous iteration's value.
// A rebinding to another type cannot be carried; when the loop reads the
// earlier value that is an error, not a loop that reads a stale value.
//
// A name bound in a branch, and bound in the other branch or before the
// if, becomes a result of the if (each branch yields its value).
#include <algorithm>
#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"
#include "frontend/parser_impl.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"

namespace ptoc {
namespace parser_internal {
namespace {

StmtPtr MakeYieldStmt(const Location& loc) {
  auto s = std::make_unique<Stmt>();
  s->kind = StmtKind::kYield;
  s->loc = loc;
  return s;
}

}  // namespace

bool Mentions(const Expr& e, const Var* v) {
  if (e.kind == ExprKind::kVar && e.var == v) return true;
  for (const ExprPtr& a : e.args) {
    if (Mentions(*a, v)) return true;
  }
  for (const NamedExpr& a : e.attrs) {
    if (Mentions(*a.value, v)) return true;
  }
  return false;
}

bool Mentions(const Stmt& s, const Var* v) {
  if (s.kind == StmtKind::kSetItem && s.var == v) return true;
  for (const ExprPtr* e : {&s.value, &s.start, &s.stop, &s.step}) {
    if (*e != nullptr && Mentions(**e, v)) return true;
  }
  for (const std::vector<ExprPtr>* list : {&s.init_values, &s.values}) {
    for (const ExprPtr& e : *list) {
      if (Mentions(*e, v)) return true;
    }
  }
  for (const NamedExpr& a : s.loop_attrs) {
    if (Mentions(*a.value, v)) return true;
  }
  for (const StmtPtr& c : s.stmts) {
    if (Mentions(*c, v)) return true;
  }
  if (s.body != nullptr && Mentions(*s.body, v)) return true;
  return s.else_body != nullptr && Mentions(*s.else_body, v);
}

void ReplaceVar(Expr& e, const Var* from, Var* to) {
  if (e.kind == ExprKind::kVar && e.var == from) e.var = to;
  for (ExprPtr& a : e.args) ReplaceVar(*a, from, to);
  for (NamedExpr& a : e.attrs) ReplaceVar(*a.value, from, to);
}

void ReplaceVar(Stmt& s, const Var* from, Var* to) {
  if (s.kind == StmtKind::kSetItem && s.var == from) s.var = to;
  for (ExprPtr* e : {&s.value, &s.start, &s.stop, &s.step}) {
    if (*e != nullptr) ReplaceVar(**e, from, to);
  }
  for (ExprPtr& e : s.init_values) ReplaceVar(*e, from, to);
  for (ExprPtr& e : s.values) ReplaceVar(*e, from, to);
  for (NamedExpr& a : s.loop_attrs) ReplaceVar(*a.value, from, to);
  for (StmtPtr& c : s.stmts) ReplaceVar(*c, from, to);
  if (s.body != nullptr) ReplaceVar(*s.body, from, to);
  if (s.else_body != nullptr) ReplaceVar(*s.else_body, from, to);
}

const Binding* Parser::OuterBinding(const std::string& name) const {
  for (size_t i = scopes_.size() - 1; i-- > 0;) {
    auto it = scopes_[i].find(name);
    if (it != scopes_[i].end()) return &it->second;
  }
  return nullptr;
}

std::vector<Parser::BranchBinding> Parser::BranchBindings() const {
  std::vector<BranchBinding> out;
  for (const auto& entry : scopes_.back()) {
    // Named, not a structured binding: C++17 lambdas cannot capture those.
    const std::string& name = entry.first;
    const Binding& binding = entry.second;
    if (binding.var == nullptr || name == "_") continue;
    const Binding* outer = OuterBinding(name);
    // null: none, or a tombstone
    Var* before = outer != nullptr ? outer->var : nullptr;
    const bool leaked = outer != nullptr && outer->leaked;
    out.push_back(BranchBinding{name, binding.var, before, leaked});
  }
  return out;
}

namespace {

bool EndsControl(const Stmt* body) {
  if (body == nullptr || body->stmts.empty()) return false;
  const StmtKind k = body->stmts.back()->kind;
  return k == StmtKind::kReturn || k == StmtKind::kBreak || k == StmtKind::kContinue;
}

}  // namespace

std::vector<Var*> Parser::MergeBranches(Stmt& if_stmt, const std::vector<BranchBinding>& then_live,
                                        const std::vector<BranchBinding>& else_live) {
  std::vector<Var*> results;
  if (EndsControl(if_stmt.body.get()) || EndsControl(if_stmt.else_body.get())) return results;
  struct Merge {
    std::string name;
    Var* then_value;
    Var* else_value;
  };
  std::vector<Merge> merges;
  auto find = [](const std::vector<BranchBinding>& v, const std::string& name) {
    return std::find_if(v.begin(), v.end(),
                        [&](const BranchBinding& b) { return b.name == name; });
  };
  // The value before the if stands for a branch that does not bind the
  // name; one a loop leaked only when the if reads it (PyPTO's live-in).
  auto before_of = [&](const BranchBinding& b) -> Var* {
    if (b.before == nullptr || b.before->type != b.value->type) return nullptr;
    if (!b.before_leaked) return b.before;
    const bool read = Mentions(*if_stmt.body, b.before) ||
                      (if_stmt.else_body != nullptr && Mentions(*if_stmt.else_body, b.before));
    return read ? b.before : nullptr;
  };
  for (const BranchBinding& t : then_live) {
    auto e = find(else_live, t.name);
    Var* else_value = e != else_live.end() ? e->value : before_of(t);
    if (else_value == nullptr || else_value->type != t.value->type) continue;
    merges.push_back(Merge{t.name, t.value, else_value});
  }
  for (const BranchBinding& e : else_live) {
    if (find(then_live, e.name) != then_live.end()) continue;
    Var* then_value = before_of(e);
    if (then_value == nullptr) continue;
    merges.push_back(Merge{e.name, then_value, e.value});
  }
  if (merges.empty()) return results;
  std::sort(merges.begin(), merges.end(),
            [](const Merge& a, const Merge& b) { return a.then_value->id < b.then_value->id; });
  StmtPtr then_yield = MakeYieldStmt(if_stmt.loc);
  StmtPtr else_yield = MakeYieldStmt(if_stmt.loc);
  for (const Merge& m : merges) {
    then_yield->values.push_back(MakeVarRef(m.then_value, if_stmt.loc));
    else_yield->values.push_back(MakeVarRef(m.else_value, if_stmt.loc));
    Var* r = fn_->NewVar(m.name, m.then_value->type, if_stmt.loc);
    if_stmt.results.push_back(r);
    results.push_back(r);
  }
  if_stmt.body->stmts.push_back(std::move(then_yield));
  if (if_stmt.else_body == nullptr) {
    std::vector<StmtPtr> stmts;
    if_stmt.else_body = MakeSeq(std::move(stmts), if_stmt.loc);
  }
  if_stmt.else_body->stmts.push_back(std::move(else_yield));
  return results;
}

absl::StatusOr<std::vector<Parser::Carry>> Parser::FindCarries(const Stmt& loop) const {
  // The loop's own scope is scopes_.back().
  const bool is_while = loop.kind == StmtKind::kWhile;
  std::vector<Carry> carries;
  // In the order the loop bound them (the scope is a hash map), so that of
  // two bad rebindings the error names the first, on every run.
  std::vector<const std::pair<const std::string, Binding>*> bound;
  for (const auto& entry : scopes_.back()) {
    if (entry.second.var != nullptr && entry.first != "_") bound.push_back(&entry);
  }
  std::sort(bound.begin(), bound.end(),
            [](const auto* a, const auto* b) { return a->second.var->id < b->second.var->id; });
  for (const auto* entry : bound) {
    // Named, not a structured binding: C++17 lambdas cannot capture those.
    const std::string& name = entry->first;
    const Binding& binding = entry->second;
    // The loop variable and the values carried as written, or a rebinding
    // of their names: the loop's own, not the names outside it.
    if (loop.var != nullptr && name == loop.var->name) continue;
    if (std::any_of(loop.iter_args.begin(), loop.iter_args.end(),
                    [&](const Var* v) { return v->name == name; })) {
      continue;
    }
    const Binding* outer = OuterBinding(name);
    if (outer == nullptr || outer->var == nullptr || outer->var == binding.var) continue;
    Var* before = outer->var;
    const bool read = Mentions(*loop.body, before) ||
                      (is_while && loop.value != nullptr && Mentions(*loop.value, before));
    if (outer->leaked && !read) continue;
    if (before->type != binding.var->type) {
      if (!read) continue;
      return ErrorAt(binding.var->loc,
                     absl::StrCat("'", name, "' is rebound inside the ",
                                  is_while ? "while" : "for", " loop to ",
                                  TypeToString(binding.var->type),
                                  ", but the loop also reads its value from before the loop, "
                                  "of type ",
                                  TypeToString(before->type),
                                  ": a loop-carried value keeps its type (use another name)"));
    }
    // As in the written form (`init_values=`): a value without a type (an
    // unregistered op's result) cannot be carried.
    if (before->type.is_none()) {
      return ErrorAt(binding.var->loc,
                     absl::StrCat("'", name, "' is rebound inside the ",
                                  is_while ? "while" : "for",
                                  " loop to a value without a type, which a loop cannot "
                                  "carry (annotate its type, or use another name)"));
    }
    carries.push_back(Carry{name, before, binding.var, read});
  }
  // Deterministic order: where the value before the loop was defined.
  std::sort(carries.begin(), carries.end(),
            [](const Carry& a, const Carry& b) { return a.before->id < b.before->id; });
  return carries;
}

absl::Status DropYieldTargets(const YieldTargets& targets, std::vector<Parser::Carry>& carries) {
  std::vector<Parser::Carry> kept;
  for (Parser::Carry& c : carries) {
    auto it = std::find(targets.names.begin(), targets.names.end(), c.name);
    if (it == targets.names.end()) {
      kept.push_back(std::move(c));
      continue;
    }
    // The pl.yield_ target names the loop's result; a body that also reads
    // the value from before the loop would need a second one.
    if (c.read) {
      return ErrorAt(c.after_body->loc,
                     absl::StrCat("'", c.name, "' is rebound inside the loop, read from before "
                                  "the loop and also a pl.yield_ target: carry it in "
                                  "init_values or use another name"));
    }
  }
  carries = std::move(kept);
  return absl::OkStatus();
}

std::vector<Var*> Parser::ApplyCarries(Stmt& loop, const std::vector<Carry>& carries) {
  std::vector<Var*> results;
  if (carries.empty()) return results;
  // A loop written with init_values ends with its pl.yield_: the carried
  // values join it.
  Stmt* yield = nullptr;
  if (!loop.body->stmts.empty() && loop.body->stmts.back()->kind == StmtKind::kYield) {
    yield = loop.body->stmts.back().get();
  } else {
    loop.body->stmts.push_back(MakeYieldStmt(loop.loc));
    yield = loop.body->stmts.back().get();
  }
  for (const Carry& c : carries) {
    Var* iter = fn_->NewVar(c.name, c.before->type, loop.loc);
    ReplaceVar(*loop.body, c.before, iter);
    if (loop.kind == StmtKind::kWhile && loop.value != nullptr) {
      ReplaceVar(*loop.value, c.before, iter);
    }
    loop.iter_args.push_back(iter);
    loop.init_values.push_back(MakeVarRef(c.before, loop.loc));
    yield->values.push_back(MakeVarRef(c.after_body, loop.loc));
    Var* r = fn_->NewVar(c.name, c.before->type, loop.loc);
    loop.results.push_back(r);
    results.push_back(r);
  }
  return results;
}

}  // namespace parser_internal
}  // namespace ptoc
