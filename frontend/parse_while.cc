// The text parser: PyPTO's SSA while loop, as its printer writes it
// (python_printer.cpp, VisitStmt_(WhileStmt)):
//
//   for (x, y) in pl.while_(init_values=(x0, y0)):   (or `for x, y in ...`)
//       pl.cond(x < n)
//       ...
//       x, y = pl.yield_(x + 1, y)
//
// The condition and the body see the loop-carried values; the yield's
// targets are the loop's results. A natural `while` whose body rebinds an
// outer name becomes this loop (ParseWhile, PyPTO's ConvertToSSA).
#include <memory>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "frontend/parser_impl.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"

namespace ptoc {
namespace parser_internal {

absl::Status Parser::ParseCond(const std::vector<StmtPtr>& out) {
  const Token& start = Peek();
  if (pending_cond_ == nullptr || !out.empty() || scopes_.size() != pending_cond_scopes_ ||
      with_scopes_.size() != pending_cond_withs_) {
    return ErrorAtToken(start, "pl.cond(...) is only allowed as the first statement of a "
                               "'for (...) in pl.while_(...)' body");
  }
  for (int i = 0; i < 3; ++i) Next();  // pl . cond
  RETURN_IF_ERROR(ExpectOp("("));
  ASSIGN_OR_RETURN(ExprPtr cond, ParseExpr());
  RETURN_IF_ERROR(ExpectOp(")"));
  if (!IsBoolScalar(cond->type)) {
    return ErrorAt(cond->loc, absl::StrCat("while condition must be a Bool-typed scalar "
                                           "expression, got ",
                                           TypeToString(cond->type)));
  }
  pending_cond_->value = std::move(cond);
  pending_cond_ = nullptr;
  return absl::OkStatus();
}

absl::StatusOr<StmtPtr> Parser::ParseWhileCarried() {
  const Token& for_token = Next();
  auto stmt = std::make_unique<Stmt>();
  stmt->kind = StmtKind::kWhile;
  stmt->loc = Loc(for_token);
  const bool parenthesized = AtOp("(");
  if (parenthesized) Next();
  std::vector<Token> carried;
  bool comma = false;
  while (parenthesized ? !AtOp(")") : !AtName("in")) {
    RETURN_IF_ERROR(ParseCarriedName(carried));
    if (!AtOp(",")) break;
    Next();
    comma = true;
  }
  if (parenthesized) RETURN_IF_ERROR(ExpectOp(")"));
  if (!parenthesized && !comma) {
    return ErrorAtToken(for_token, "a pl.while_ loop target must be a tuple: "
                                   "'for (a,) in pl.while_(init_values=(a0,))'");
  }
  RETURN_IF_ERROR(ExpectName("in"));
  // ruff may wrap a long iterable in parentheses.
  const bool wrapped = AtOp("(");
  if (wrapped) Next();
  if (!AtDotted("pl", "while_")) return Unexpected("pl.while_(init_values=(...))");
  const Token& head = Peek();
  for (int i = 0; i < 3; ++i) Next();
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
  RETURN_IF_ERROR(ParseCallArgs(args, keywords));
  if (wrapped) RETURN_IF_ERROR(ExpectOp(")"));
  if (!args.empty() || keywords.size() != 1 || keywords[0].name.text != "init_values") {
    return ErrorAtToken(head, "pl.while_ takes exactly one argument, init_values=(...)");
  }
  ExprPtr init = std::move(keywords[0].value);
  if (init->kind == ExprKind::kTuple || init->kind == ExprKind::kList) {
    stmt->init_values = std::move(init->args);
  } else {
    stmt->init_values.push_back(std::move(init));
  }
  if (carried.empty() || stmt->init_values.size() != carried.size()) {
    return ErrorAtToken(head, absl::StrCat("the loop carries ", carried.size(),
                                           " values but init_values has ",
                                           stmt->init_values.size()));
  }
  RETURN_IF_ERROR(ExpectOp(":"));
  PushScope();
  for (size_t i = 0; i < carried.size(); ++i) {
    const Type& type = stmt->init_values[i]->type;
    if (type.is_none()) {
      return ErrorAt(stmt->init_values[i]->loc, "this value cannot be carried by a loop");
    }
    Var* v = fn_->NewVar(carried[i].text, type, Loc(carried[i]));
    RETURN_IF_ERROR(Bind(carried[i].text, Loc(carried[i]), v));
    carried_.insert(v);
    stmt->iter_args.push_back(v);
  }
  Stmt* outer_pending = pending_cond_;
  pending_cond_ = stmt.get();
  pending_cond_scopes_ = scopes_.size();
  pending_cond_withs_ = with_scopes_.size();
  loops_.push_back("");
  absl::StatusOr<Block> parsed_body = ParseSuite(/*yield_allowed=*/true);
  loops_.pop_back();
  const bool has_cond = pending_cond_ == nullptr;
  pending_cond_ = outer_pending;
  if (!parsed_body.ok()) return parsed_body.status();
  Block body = *std::move(parsed_body);
  stmt->body = std::move(body.body);
  if (!has_cond) {
    return ErrorAtToken(head, "a pl.while_ body must start with pl.cond(condition)");
  }
  if (!body.yield) {
    return ErrorAtToken(for_token, "a pl.while_ loop must end its body with "
                                   "'a, b = pl.yield_(...)'");
  }
  return FinishCarriedLoop(std::move(stmt), body, carried, for_token, "while loop");
}

absl::Status Parser::ParseCarriedName(std::vector<Token>& carried) {
  ASSIGN_OR_RETURN(Token name, ExpectIdentifier("a loop-carried variable"));
  for (const Token& other : carried) {
    if (other.text == name.text) {
      return ErrorAtToken(name, absl::StrCat("'", name.text, "' is carried twice"));
    }
  }
  carried.push_back(std::move(name));
  return absl::OkStatus();
}

absl::StatusOr<StmtPtr> Parser::FinishCarriedLoop(StmtPtr stmt, const Block& body,
                                                  const std::vector<Token>& carried,
                                                  const Token& for_token,
                                                  absl::string_view construct) {
  Stmt& yield = *stmt->body->stmts.back();
  if (yield.values.size() != carried.size()) {
    return ErrorAt(yield.loc, absl::StrCat("pl.yield_ yields ", yield.values.size(),
                                           " values but the loop carries ", carried.size()));
  }
  // Outer names the body rebinds, beyond those written as carried, are
  // carried too (PyPTO's ConvertToSSA).
  std::vector<Carry> implicit;
  if (!strict_ssa_) {
    ASSIGN_OR_RETURN(implicit, FindCarries(*stmt));
    RETURN_IF_ERROR(DropYieldTargets(*body.yield, implicit));
  }
  PopScope(construct, for_token.line);
  for (size_t i = 0; i < carried.size(); ++i) {
    const Type& want = stmt->iter_args[i]->type;
    AdaptLiteral(*yield.values[i], want);
    if (!SameUpToMemRef(yield.values[i]->type, want)) {
      return ErrorAt(yield.values[i]->loc,
                     absl::StrCat("pl.yield_ value ", i + 1, " has type ",
                                  TypeToString(yield.values[i]->type),
                                  " but the loop-carried value '", carried[i].text,
                                  "' has type ", TypeToString(want)));
    }
    Var* r = fn_->NewVar(body.yield->names[i], want, body.yield->locs[i]);
    RETURN_IF_ERROR(Bind(r->name, r->loc, r));
    stmt->results.push_back(r);
  }
  for (Var* r : ApplyCarries(*stmt, implicit)) {
    RETURN_IF_ERROR(Bind(r->name, r->loc, r));
  }
  return stmt;
}

}  // namespace parser_internal
}  // namespace ptoc
