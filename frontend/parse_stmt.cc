// The text parser: statements, bodies and SSA scoping.
#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "frontend/parser_impl.h"
#include "ir/annotation.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"
#include "ir/enums.h"

namespace ptoc {
namespace parser_internal {
namespace {

StmtPtr NewStmt(StmtKind kind, const Location& loc) {
  auto s = std::make_unique<Stmt>();
  s->kind = kind;
  s->loc = loc;
  return s;
}

}  // namespace

// ---- scopes ----

void Parser::PushScope() { scopes_.emplace_back(); }

void Parser::PopScope(absl::string_view construct, int line) {
  Tombstone(TakeScope(), construct, line);
}

absl::flat_hash_map<std::string, Binding> Parser::TakeScope() {
  absl::flat_hash_map<std::string, Binding> closed = std::move(scopes_.back());
  scopes_.pop_back();
  return closed;
}

void Parser::Tombstone(const absl::flat_hash_map<std::string, Binding>& closed,
                       absl::string_view construct, int line) {
  for (const auto& [name, binding] : closed) {
    // A tombstone from a nested construct keeps naming where the name was
    // bound; a live name becomes a tombstone of this construct.
    scopes_.back()[name] =
        binding.var == nullptr ? binding : Binding{nullptr, construct, line};
  }
}

void Parser::LeakScope() {
  absl::flat_hash_map<std::string, Binding> closed = std::move(scopes_.back());
  scopes_.pop_back();
  for (auto& [name, binding] : closed) {
    if (binding.var != nullptr) binding.leaked = true;
    scopes_.back()[name] = binding;
  }
}

absl::Status Parser::Bind(const std::string& name, const Location& loc, Var* var) {
  if (name == "pl" || name == "pld" || name == "self") {
    return ErrorAt(loc, absl::StrCat("'", name, "' cannot be assigned"));
  }
  // @pl.function(strict_ssa=True): a name is bound once.
  if (strict_ssa_ && name != "_") {
    for (const auto& scope : scopes_) {
      auto it = scope.find(name);
      if (it != scope.end() && it->second.var != nullptr) {
        return ErrorAt(loc, absl::StrCat("'", name, "' is assigned twice; the function is "
                                         "strict_ssa=True"));
      }
    }
  }
  scopes_.back()[name] = Binding{var, "", 0};
  return absl::OkStatus();
}

absl::StatusOr<Var*> Parser::Lookup(const Token& name) {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto found = it->find(name.text);
    if (found == it->end()) continue;
    const Binding& b = found->second;
    if (b.var != nullptr) return b.var;
    return ErrorAtToken(
        name, absl::StrCat("'", name.text, "' is bound inside the ", b.construct,
                           " at line ", b.construct_line,
                           " and is not visible after it; carry it out with "
                           "init_values / pl.yield_"));
  }
  return ErrorAtToken(name, absl::StrCat("undefined name '", name.text, "'"));
}

// ---- bodies ----

absl::StatusOr<Block> Parser::ParseSuite(bool yield_allowed) {
  NestingGuard guard(depth_);
  if (guard.too_deep()) return TooDeep();
  Block block;
  std::vector<StmtPtr> stmts;
  Location loc = Loc(Peek());
  if (!AtKind(TokenKind::kNewline)) {  // `if c: stmt` on one line
    RETURN_IF_ERROR(ParseSimpleStatement(stmts, block.yield, yield_allowed));
  } else {
    Next();
    RETURN_IF_ERROR(ExpectKind(TokenKind::kIndent, "an indented block"));
    loc = Loc(Peek());
    const int block_col = Peek().col;
    for (bool first = true; !AtKind(TokenKind::kDedent) && !AtKind(TokenKind::kEnd);
         first = false) {
      if (block.yield) {
        return ErrorAtToken(Peek(), "pl.yield_ must be the last statement of its body");
      }
      // Comments left inside a closed sibling block are its tail (PyPTO drops them).
      if (!first) DropCommentsBefore(Peek(), Peek().col);
      RETURN_IF_ERROR(ParseStatement(stmts, block.yield, yield_allowed));
    }
    DropCommentsBefore(Peek(), block_col - 1);  // this block's tail comments
    RETURN_IF_ERROR(ExpectKind(TokenKind::kDedent, "the end of the block"));
  }
  block.body = MakeSeq(std::move(stmts), loc);
  return block;
}

absl::Status Parser::ParseStatement(std::vector<StmtPtr>& out,
                                    std::optional<YieldTargets>& yield,
                                    bool yield_allowed) {
  const int col = Peek().col;
  std::vector<std::string> leading = DrainComments();
  const size_t first = out.size();
  RETURN_IF_ERROR(ParseStatementKind(out, yield, yield_allowed));
  if (out.size() > first) {
    out[first]->leading_comments = std::move(leading);
  } else {
    RequeueComments(std::move(leading), col);
  }
  return absl::OkStatus();
}

absl::Status Parser::ParseStatementKind(std::vector<StmtPtr>& out,
                                        std::optional<YieldTargets>& yield,
                                        bool yield_allowed) {
  StmtPtr stmt;
  if (AtName("for") && AtSplitAiv()) {
    ASSIGN_OR_RETURN(stmt, ParseSplitAiv());
  } else if (AtName("for")) {
    ASSIGN_OR_RETURN(stmt, ParseFor());
  } else if (AtName("if")) {
    ASSIGN_OR_RETURN(stmt, ParseIf());
  } else if (AtName("while")) {
    ASSIGN_OR_RETURN(stmt, ParseWhile());
  } else if (AtName("with")) {
    StmtPtr hoisted;
    ASSIGN_OR_RETURN(stmt, ParseWith(yield_allowed, yield, hoisted));
    out.push_back(std::move(stmt));
    if (hoisted) out.push_back(std::move(hoisted));
    return absl::OkStatus();
  } else {
    return ParseSimpleStatement(out, yield, yield_allowed);
  }
  out.push_back(std::move(stmt));
  return absl::OkStatus();
}

absl::Status Parser::ParseSimpleStatement(std::vector<StmtPtr>& out,
                                          std::optional<YieldTargets>& yield,
                                          bool yield_allowed) {
  const Token& first = Peek();
  if (AtKind(TokenKind::kString) && AtKind(TokenKind::kNewline, 1)) {
    // A docstring (any string statement): PyPTO keeps its lines as the next
    // statement's leading comments.
    // Its lines as Python's splitlines() gives them (\n, \r\n or \r).
    std::string text = absl::StrReplaceAll(Peek().text, {{"\r\n", "\n"}, {"\r", "\n"}});
    std::vector<std::string> lines = absl::StrSplit(text, '\n');
    if (!lines.empty() && lines.back().empty()) lines.pop_back();
    if (lines.empty()) lines.emplace_back();
    Next();
    RETURN_IF_ERROR(ExpectKind(TokenKind::kNewline, "end of line"));
    RequeueComments(std::move(lines), first.col);
    return absl::OkStatus();
  } else if (AtDotted("pl", "cond") && AtOp("(", 3)) {
    RETURN_IF_ERROR(ParseCond(out));
  } else if ((AtDotted("pl", "static_print") || AtDotted("pl", "static_assert")) &&
             AtOp("(", 3)) {
    RETURN_IF_ERROR(ParseStaticCheck());
  } else if (AtOp(".") && AtOp(".", 1) && AtOp(".", 2)) {
    RETURN_IF_ERROR(ParseAbstractBody(out));
  } else if (AtDotted("pl", "func_attr") && AtOp("(", 3)) {
    // PyPTO: a prologue directive, before every other statement.
    if (scopes_.size() != 1 || !out.empty() || !with_scopes_.empty() ||
        !split_regions_.empty()) {
      return ErrorAtToken(first, absl::StrCat("pl.func_attr() must appear before every other "
                                              "statement in '",
                                              fn_->name, "'"));
    }
    RETURN_IF_ERROR(ParseFuncAttr());
  } else if (AtName("break") || AtName("continue")) {
    if (loops_.empty()) {
      return ErrorAtToken(first, absl::StrCat("'", first.text, "' outside a loop"));
    }
    if (!loops_.back().empty()) {  // PyPTO: only sequential loops break or continue
      return ErrorAtToken(first, absl::StrCat("'", first.text, "' is not allowed in a pl.",
                                              loops_.back(), " loop"));
    }
    out.push_back(NewStmt(first.text == "break" ? StmtKind::kBreak : StmtKind::kContinue,
                          Loc(first)));
    Next();
  } else if (AtName("pass")) {
    Next();  // an empty statement: adds nothing to the body
  } else if (AtName("return")) {
    ASSIGN_OR_RETURN(StmtPtr stmt, ParseReturn());
    out.push_back(std::move(stmt));
  } else if (AtKind(TokenKind::kName) && !IsKeyword(first.text) && AtOp("[", 1) &&
             IsSetItem()) {
    ASSIGN_OR_RETURN(StmtPtr stmt, ParseSetItem());
    out.push_back(std::move(stmt));
  } else if ((AtKind(TokenKind::kName) && !IsKeyword(first.text) &&
              (AtOp(":", 1) || AtOp("=", 1) || AtOp(",", 1))) ||
             AtParenTargets()) {
    ASSIGN_OR_RETURN(StmtPtr stmt, ParseAssign(yield, yield_allowed));
    out.push_back(std::move(stmt));
  } else if (AtKind(TokenKind::kIndent)) {
    return Unexpected("a statement");
  } else {
    ASSIGN_OR_RETURN(ExprPtr value, ParseExpr());
    if (value->kind != ExprKind::kCall) {
      return ErrorAtToken(first, "an expression statement must be a call");
    }
    const OpInfo* info = LookupOp(*value);
    if (info != nullptr && info->callee_arg) {
      return ErrorAtToken(first, absl::StrCat("pl.", value->str, "(...) must be assigned: "
                                              "out, tid = pl.", value->str, "(self.f, ...)"));
    }
    out.push_back(MakeEval(std::move(value), Loc(first)));
  }
  return ExpectKind(TokenKind::kNewline, "end of line");
}

bool Parser::AtParenTargets() const {
  if (!AtOp("(")) return false;
  auto name_at = [&](size_t i) { return AtKind(TokenKind::kName, i) && !IsKeyword(Peek(i).text); };
  size_t i = 1;
  while (true) {
    if (!name_at(i)) return false;
    ++i;
    if (AtOp(",", i)) ++i;
    if (AtOp(")", i)) break;
  }
  ++i;
  // `(a, b), tid = ...` (PyPTO's pl.submit of a kernel with two results)
  while (AtOp(",", i) && name_at(i + 1)) i += 2;
  return AtOp("=", i) || AtOp(":", i);
}

bool Parser::IsSetItem() const {
  // `name[...] = ...`: the `=` right after the closing bracket (linear: the
  // scan stops at the end of the statement).
  int depth = 0;
  for (size_t i = 1;; ++i) {
    const Token& t = Peek(i);
    if (t.kind == TokenKind::kNewline || t.kind == TokenKind::kEnd) return false;
    if (t.kind != TokenKind::kOp) continue;
    if (t.text == "[" || t.text == "(") ++depth;
    if (t.text == "]" || t.text == ")") {
      if (--depth == 0) return AtOp("=", i + 1);
    }
  }
}

absl::StatusOr<StmtPtr> Parser::ParseSetItem() {
  const Token& name = Next();
  ASSIGN_OR_RETURN(Var * var, Lookup(name));
  if (var->type.is_tile() || (var->type.is_tensor() && !var->type.is_distributed())) {
    return ParseWindowWrite(name, var);
  }
  if (!var->type.is_array()) {
    return ErrorAtToken(name, absl::StrCat("subscript assignment to '", name.text,
                                           "' of type ", TypeToString(var->type),
                                           " is not supported (only tensors, tiles and pl.Array elements)"));
  }
  StmtPtr stmt = NewStmt(StmtKind::kSetItem, Loc(name));
  stmt->var = var;
  RETURN_IF_ERROR(ExpectOp("["));
  ASSIGN_OR_RETURN(ExprPtr index, ParseExpr());
  if (!index->type.is_scalar() || !IsIntegerDType(index->type.dtype())) {
    return ErrorAt(index->loc, "an array index must be an integer scalar");
  }
  stmt->values.push_back(std::move(index));
  RETURN_IF_ERROR(ExpectOp("]"));
  RETURN_IF_ERROR(ExpectOp("="));
  ASSIGN_OR_RETURN(stmt->value, ParseExpr());
  const Type want = Type::Scalar(var->type.dtype());
  AdaptLiteral(*stmt->value, want);
  // PyPTO's array.update_element: INDEX goes into any integer array.
  if (!stmt->value->type.is_scalar() ||
      !DTypesCompatible(var->type.dtype(), stmt->value->type.dtype())) {
    return ErrorAt(stmt->value->loc, absl::StrCat("writing ", TypeToString(stmt->value->type),
                                                  " into ", TypeToString(var->type)));
  }
  return stmt;
}

// `...` as the whole body (after a docstring and pl.func_attr): PyPTO's
// abstract SubWorker, whose implementation is bound when the program runs.
// PyPTO takes it from a SubWorker only.
absl::Status Parser::ParseAbstractBody(const std::vector<StmtPtr>& out) {
  const Token& first = Peek();
  bool sub_worker = false;
  for (const NamedExpr& a : fn_->decorator_args) {
    if (a.name == "role" && a.value != nullptr && a.value->kind == ExprKind::kEnum) {
      sub_worker = a.value->str == "SubWorker";
    }
  }
  if (!sub_worker) {
    return ErrorAtToken(first, absl::StrCat("'...' is a body only for a SubWorker "
                                            "(role=pl.Role.SubWorker), not for '",
                                            fn_->name, "'"));
  }
  if (scopes_.size() != 1 || !out.empty() || fn_->requires_runtime_binding) {
    return ErrorAtToken(first, "'...' must be the whole body of an abstract SubWorker");
  }
  for (int i = 0; i < 3; ++i) Next();
  fn_->requires_runtime_binding = true;
  abstract_body_loc_ = Loc(first);
  return absl::OkStatus();
}

absl::Status Parser::ParseFuncAttr() {
  for (int i = 0; i < 3; ++i) Next();  // pl . func_attr
  RETURN_IF_ERROR(ExpectOp("("));
  RETURN_IF_ERROR(ParseAttrDict(*fn_));
  if (AtOp(",")) Next();
  return ExpectOp(")");
}

// ---- assignments and yields ----

absl::StatusOr<StmtPtr> Parser::ParseAssign(std::optional<YieldTargets>& yield,
                                            bool yield_allowed) {
  YieldTargets targets;
  targets.loc = Loc(Peek());
  const bool paren = AtOp("(");  // `(a, b) = ...` (AtParenTargets)
  if (paren) Next();
  while (true) {
    ASSIGN_OR_RETURN(Token name, ExpectIdentifier("a variable name"));
    targets.names.push_back(name.text);
    targets.locs.push_back(Loc(name));
    if (!AtOp(",")) break;
    Next();
    if (paren && AtOp(")")) {  // a trailing comma
      targets.tuple = true;
      break;
    }
  }
  if (paren) {
    targets.tuple = targets.tuple || targets.names.size() > 1;
    RETURN_IF_ERROR(ExpectOp(")"));
    // `(a, b), tid = pl.submit(...)`: the group is the kernel's results,
    // flattened into the submit's (results..., task id) tuple.
    while (AtOp(",")) {
      Next();
      targets.grouped = true;
      ASSIGN_OR_RETURN(Token name, ExpectIdentifier("a variable name"));
      targets.names.push_back(name.text);
      targets.locs.push_back(Loc(name));
    }
  }
  Location annotation_loc;
  if (AtOp(":")) {
    if (targets.names.size() > 1 || paren) {
      return ErrorAtToken(Peek(), "only a single target can be annotated");
    }
    Next();
    annotation_loc = Loc(Peek());
    ASSIGN_OR_RETURN(targets.annotation, ParseType());
    RETURN_IF_ERROR(CheckSymbolicDims());
  }
  RETURN_IF_ERROR(ExpectOp("="));
  // `x = (pl.yield_(...))`: ruff wraps a long right-hand side in parentheses.
  if (AtDotted("pl", "yield_") || (AtOp("(") && AtDotted("pl", "yield_", 1))) {
    if (targets.grouped) {
      return ErrorAt(targets.loc, "pl.yield_ targets are a flat list of names");
    }
    return ParseYield(std::move(targets), yield, yield_allowed);
  }
  if (targets.names.size() > 1 || targets.tuple) return ParseUnpack(std::move(targets));
  const std::optional<Type>& annotation = targets.annotation;
  // ruff may wrap a long right-hand side in parentheses: the op call
  // that takes its type from the annotation is then inside them.
  rhs_start_ = WrappedStart(pos_);
  rhs_annotation_ = annotation ? &*annotation : nullptr;
  absl::StatusOr<ExprPtr> parsed = ParseExpr();
  rhs_start_ = static_cast<size_t>(-1);
  rhs_annotation_ = nullptr;
  if (!parsed.ok()) return parsed.status();
  ExprPtr value = *std::move(parsed);
  if (annotation) AdaptLiteral(*value, *annotation);
  if (value->kind == ExprKind::kTuple && value->type.is_none()) {
    // `t = (a, b)`: a tuple value of its elements' types (PyPTO's MakeTuple).
    std::vector<Type> elements;
    for (const ExprPtr& e : value->args) {
      if (e->type.is_none()) break;
      elements.push_back(e->type);
    }
    if (elements.size() == value->args.size()) value->type = Type::Tuple(std::move(elements));
  }
  const bool opaque =
      value->is_call() && !value->is_function_call && LookupOp(*value) == nullptr;
  if (value->type.is_none() && !opaque) {
    return ErrorAt(value->loc, value->is_call()
                                   ? absl::StrCat("'", value->str, "' returns no value")
                                   : std::string("this value cannot be assigned to a "
                                                 "variable"));
  }
  Type type = value->type;
  if (annotation && !value->type.is_none()) {
    // PyPTO's rule (ir/annotation.h): checked against the result type, and
    // the name's type where PyPTO takes the annotation's.
    std::optional<Type> refined = AnnotatedType(*annotation, value->type, FlattensNd(*value));
    if (!refined) {
      return ErrorAt(annotation_loc, absl::StrCat("annotation ", TypeToString(*annotation),
                                                  " does not match the result type ",
                                                  TypeToString(value->type)));
    }
    type = *std::move(refined);
    const OpInfo* info =
        value->is_call() && !value->is_function_call ? LookupOp(*value) : nullptr;
    if (info != nullptr && info->fresh_tile && SameTileBuffer(type, value->type)) {
      value->type = type;  // a fresh tile is allocated as its name says
    }
  }
  RETURN_IF_ERROR(CheckReassign(targets.names[0], targets.locs[0], type));
  Var* var = fn_->NewVar(targets.names[0], type, targets.locs[0]);
  RETURN_IF_ERROR(Bind(targets.names[0], targets.locs[0], var));
  return MakeAssign(var, std::move(value), targets.loc);
}

absl::StatusOr<StmtPtr> Parser::ParseUnpack(YieldTargets targets) {
  ASSIGN_OR_RETURN(ExprPtr value, ParseExpr());
  if (targets.grouped) {
    const OpInfo* info = value->is_call() && !value->is_function_call ? LookupOp(*value)
                                                                       : nullptr;
    if (info == nullptr || !info->callee_arg) {
      return ErrorAt(targets.loc, "a target '(a, b), c = ...' is only allowed for the results "
                                  "of pl.submit(...): (a, b), tid = pl.submit(self.f, ...)");
    }
  }
  const Type& t = value->type;
  if (!t.is_tuple() || t.elements().size() != targets.names.size()) {
    return ErrorAt(value->loc, absl::StrCat("cannot assign ", TypeToString(t), " to ",
                                            targets.names.size(), " names"));
  }
  StmtPtr stmt = NewStmt(StmtKind::kUnpack, targets.loc);
  for (size_t i = 0; i < targets.names.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (targets.names[i] == targets.names[j] && targets.names[i] != "_") {
        return ErrorAt(targets.locs[i],
                       absl::StrCat("'", targets.names[i], "' is assigned twice"));
      }
    }
    stmt->results.push_back(fn_->NewVar(targets.names[i], t.elements()[i], targets.locs[i]));
  }
  for (size_t i = 0; i < targets.names.size(); ++i) {
    RETURN_IF_ERROR(Bind(targets.names[i], targets.locs[i], stmt->results[i]));
  }
  stmt->value = std::move(value);
  return stmt;
}

absl::StatusOr<StmtPtr> Parser::ParseYield(YieldTargets targets,
                                           std::optional<YieldTargets>& yield,
                                           bool yield_allowed) {
  const Token& start = Peek();
  if (!yield_allowed) {
    return ErrorAtToken(start,
                        "pl.yield_ is only allowed at the end of a for loop "
                        "with init_values or of an if/else branch");
  }
  const bool parenthesized = AtOp("(");
  if (parenthesized) Next();
  for (int i = 0; i < 3; ++i) Next();  // pl . yield_
  std::vector<ExprPtr> values;
  std::vector<Keyword> keywords;
  RETURN_IF_ERROR(ParseCallArgs(values, keywords));
  if (parenthesized) RETURN_IF_ERROR(ExpectOp(")"));
  if (!keywords.empty()) {
    return ErrorAtToken(keywords[0].name, "pl.yield_ takes no keyword arguments");
  }
  if (values.size() != targets.names.size()) {
    return ErrorAtToken(start,
                        absl::StrCat("pl.yield_ yields ", values.size(), " values to ",
                                     targets.names.size(), " names"));
  }
  for (size_t i = 0; i < values.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (targets.names[i] == targets.names[j]) {
        return ErrorAt(targets.locs[i],
                       absl::StrCat("'", targets.names[i], "' is assigned twice"));
      }
    }
    if (targets.annotation) AdaptLiteral(*values[i], *targets.annotation);
    if (values[i]->type.is_none()) {
      return ErrorAt(values[i]->loc, "this value cannot be yielded");
    }
    if (targets.annotation && !AnnotatedType(*targets.annotation, values[i]->type)) {
      return ErrorAt(values[i]->loc,
                     absl::StrCat("annotation ", TypeToString(*targets.annotation),
                                  " does not match the yielded type ",
                                  TypeToString(values[i]->type)));
    }
  }
  StmtPtr stmt = NewStmt(StmtKind::kYield, targets.loc);
  stmt->values = std::move(values);
  yield = std::move(targets);
  return stmt;
}

// ---- compound statements ----

absl::StatusOr<StmtPtr> Parser::ParseFor() {
  if (AtOp("(", 1)) return ParseWhileCarried();
  // `for a, b in pl.while_(...)`: the same tuple target without parentheses.
  for (size_t i = 1; AtKind(TokenKind::kName, i); i += 2) {
    if (AtName("in", i + 1) &&
        (AtDotted("pl", "while_", i + 2) || (AtOp("(", i + 2) && AtDotted("pl", "while_", i + 3)))) {
      return ParseWhileCarried();
    }
    if (!AtOp(",", i + 1)) break;
  }
  const Token& for_token = Next();
  StmtPtr stmt = NewStmt(StmtKind::kFor, Loc(for_token));
  ASSIGN_OR_RETURN(Token loop_var, ExpectIdentifier("a loop variable"));
  std::vector<Token> carried;
  if (AtOp(",")) {
    Next();
    if (!AtOp("(")) {
      return Unexpected(
          "'(': loop-carried values are written "
          "'for i, (a, b) in pl.range(..., init_values=(a0, b0))'");
    }
    Next();
    while (!AtOp(")")) {
      RETURN_IF_ERROR(ParseCarriedName(carried));
      if (!AtOp(",")) break;
      Next();
    }
    RETURN_IF_ERROR(ExpectOp(")"));
  }
  RETURN_IF_ERROR(ExpectName("in"));
  static constexpr absl::string_view kLoopKinds[] = {"range", "parallel", "pipeline",
                                                     "unroll", "spmd"};
  // ruff may wrap a long iterable in parentheses.
  const bool wrapped = AtOp("(");
  if (wrapped) Next();
  std::string kind;
  for (absl::string_view k : kLoopKinds) {
    if (AtDotted("pl", k)) kind = std::string(k);
  }
  if (kind.empty()) {
    return Unexpected("pl.range(...) (or pl.parallel, pl.pipeline, pl.unroll, pl.spmd)");
  }
  if (kind != "range") stmt->loop_kind = kind;
  const Token& range = Peek();
  for (int i = 0; i < 3; ++i) Next();
  std::vector<ExprPtr> bounds;
  std::vector<Keyword> keywords;
  RETURN_IF_ERROR(ParseCallArgs(bounds, keywords));
  if (wrapped) RETURN_IF_ERROR(ExpectOp(")"));
  if (kind == "spmd") RETURN_IF_ERROR(CheckSpmdLoopArgs(range, bounds, keywords));
  if (bounds.empty() || bounds.size() > 3) {
    return ErrorAtToken(range, absl::StrCat("pl.", kind,
                                            " takes 1 to 3 positional arguments: "
                                            "(stop), (start, stop) or (start, stop, step)"));
  }
  for (const ExprPtr& b : bounds) {
    if (!b->type.is_scalar() || !IsIntegerDType(b->type.dtype())) {
      return ErrorAt(b->loc, absl::StrCat("pl.", kind, " bounds must be integer "
                                          "scalars, got ",
                                          TypeToString(b->type)));
    }
  }
  ExprPtr init;
  for (Keyword& k : keywords) {
    if (k.name.text == "init_values" && init == nullptr && kind != "spmd") {
      init = std::move(k.value);
      continue;
    }
    if (std::optional<ScopeValueError> e = CheckLoopKeyword(kind, k.name.text, *k.value)) {
      return e->at == nullptr ? ErrorAtToken(k.name, e->message) : ErrorAt(e->at->loc, e->message);
    }
    stmt->loop_attrs.push_back(MakeAttr(k.name.text, std::move(k.value)));
  }
  if (kind == "spmd" &&
      std::find(with_scopes_.begin(), with_scopes_.end(), "cluster") != with_scopes_.end()) {
    // As for `with pl.spmd`: a cluster-nested pl.spmd is never dispatched.
    for (const NamedExpr& a : stmt->loop_attrs) {
      const bool early = a.name == "allow_early_resolve" && a.value->kind == ExprKind::kBool &&
                         a.value->bool_value;
      if (early || a.name == "predicate") {
        return ErrorAt(a.value->loc, "`pl.spmd(...)` with allow_early_resolve=True or "
                                     "predicate= cannot be nested inside `pl.cluster()`");
      }
    }
  }
  // PyPTO: stage= is pl.pipeline's, and pl.pipeline needs it.
  if (std::optional<std::string> e = CheckLoopStage(kind, stmt->loop_attrs)) {
    return ErrorAtToken(range, *e);
  }
  if (init != nullptr &&
      (init->kind == ExprKind::kTuple || init->kind == ExprKind::kList)) {
    stmt->init_values = std::move(init->args);
  } else if (init != nullptr) {
    stmt->init_values.push_back(std::move(init));
  }
  if (stmt->init_values.size() != carried.size()) {
    return ErrorAtToken(range, absl::StrCat("the loop carries ", carried.size(),
                                            " values (for i, (a, b) in ...) "
                                            "but init_values has ",
                                            stmt->init_values.size()));
  }
  RETURN_IF_ERROR(ExpectOp(":"));

  const Location range_loc = Loc(range);
  stmt->start = bounds.size() > 1 ? std::move(bounds[0]) : MakeInt(0, range_loc);
  stmt->stop = std::move(bounds[bounds.size() > 1 ? 1 : 0]);
  stmt->step = bounds.size() > 2 ? std::move(bounds[2]) : MakeInt(1, range_loc);
  PushScope();
  stmt->var = fn_->NewVar(loop_var.text, Type::Scalar(DType::kINDEX), Loc(loop_var));
  RETURN_IF_ERROR(Bind(loop_var.text, Loc(loop_var), stmt->var));
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
  loops_.push_back(stmt->loop_kind);
  core_scopes_ += kind == "spmd" ? 1 : 0;
  absl::StatusOr<Block> parsed_body = ParseSuite(!carried.empty());
  core_scopes_ -= kind == "spmd" ? 1 : 0;
  loops_.pop_back();
  if (!parsed_body.ok()) return parsed_body.status();
  Block body = *std::move(parsed_body);
  stmt->body = std::move(body.body);
  // pl.spmd is a scope, not a loop (PyPTO's Spmd(InCore(body))): the names
  // its body binds stay visible after it, as in Python.
  if (kind == "spmd") {
    LeakScope();
    return stmt;
  }
  if (carried.empty() && !strict_ssa_) {
    // PyPTO's ConvertToSSA (parse_ssa.cc): a name bound before the loop
    // and rebound in its body is carried by the loop and rebound to the
    // loop's result.
    ASSIGN_OR_RETURN(std::vector<Carry> carries, FindCarries(*stmt));
    std::vector<Var*> results = ApplyCarries(*stmt, carries);
    if (results.empty()) {
      // As in Python (and PyPTO's simple for loop), the names the body
      // binds, and the loop variable, stay visible after it.
      LeakScope();
    } else {
      // A loop with carried values is PyPTO's SSA loop: only its results
      // are visible after it (as for a loop written with init_values).
      PopScope("for loop", for_token.line);
    }
    for (Var* r : results) RETURN_IF_ERROR(Bind(r->name, r->loc, r));
    return stmt;
  }
  if (carried.empty()) {
    PopScope("for loop", for_token.line);
    return stmt;
  }
  if (!body.yield) {
    return ErrorAtToken(for_token,
                        "a for loop with init_values must end its body with "
                        "'a, b = pl.yield_(...)'");
  }
  return FinishCarriedLoop(std::move(stmt), body, carried, for_token, "for loop");
}

namespace {

bool ExprUsesBlock(const Expr& e) {
  if (e.is_call() && (e.is_function_call || e.str == "tile.get_block_idx")) return true;
  for (const ExprPtr& a : e.args) {
    if (ExprUsesBlock(*a)) return true;
  }
  return false;
}

}  // namespace

// A `with pl.spmd` body reads the block index, dispatches a kernel, or
// holds its own pl.at carrier.
bool Parser::SpmdBodyUsesBlock(const Stmt& s) const {
  if (s.kind == StmtKind::kScope && s.value != nullptr && s.value->str == "at") return true;
  for (const ExprPtr* e : {&s.value, &s.start, &s.stop, &s.step}) {
    if (*e != nullptr && ExprUsesBlock(**e)) return true;
  }
  for (const StmtPtr& c : s.stmts) {
    if (SpmdBodyUsesBlock(*c)) return true;
  }
  if (s.body != nullptr && SpmdBodyUsesBlock(*s.body)) return true;
  return s.else_body != nullptr && SpmdBodyUsesBlock(*s.else_body);
}

absl::StatusOr<StmtPtr> Parser::ParseIf() {
  NestingGuard guard(depth_);  // `elif` chains recurse
  if (guard.too_deep()) return TooDeep();
  const Token& if_token = Next();  // `if` or `elif`
  StmtPtr stmt = NewStmt(StmtKind::kIf, Loc(if_token));
  ASSIGN_OR_RETURN(stmt->value, ParseExpr());
  if (!IsBoolScalar(stmt->value->type)) {
    return ErrorAt(stmt->value->loc,
                   absl::StrCat("the condition must be a pl.Scalar[pl.BOOL], "
                                "got ",
                                TypeToString(stmt->value->type)));
  }
  RETURN_IF_ERROR(ExpectOp(":"));
  PushScope();
  ASSIGN_OR_RETURN(Block then_block, ParseSuite(true));
  const std::vector<BranchBinding> then_live = BranchBindings();
  std::vector<BranchBinding> else_live;
  // The then branch's names are not visible in the else branch, which
  // still sees the names bound before the if: their tombstones wait.
  const absl::flat_hash_map<std::string, Binding> then_scope = TakeScope();
  absl::flat_hash_map<std::string, Binding> else_scope;
  stmt->body = std::move(then_block.body);

  std::optional<YieldTargets> else_yield;
  if (AtName("elif")) {
    // `elif` is an If nested in the else branch. With pl.yield_ in the
    // branches its results are yielded out of that branch; else they are
    // names the else branch binds, merged as any other.
    const Location elif_loc = Loc(Peek());
    PushScope();
    ASSIGN_OR_RETURN(StmtPtr nested, ParseIf());
    std::vector<StmtPtr> stmts;
    if (!then_block.yield) {
      else_live = BranchBindings();
      stmts.push_back(std::move(nested));
    } else if (!nested->results.empty()) {
      StmtPtr yield = NewStmt(StmtKind::kYield, nested->loc);
      YieldTargets targets;
      targets.loc = nested->loc;
      for (Var* r : nested->results) {
        yield->values.push_back(MakeVarRef(r, nested->loc));
        targets.names.push_back(r->name);
        targets.locs.push_back(r->loc);
      }
      else_yield = std::move(targets);
      stmts.push_back(std::move(nested));
      stmts.push_back(std::move(yield));
    } else {
      stmts.push_back(std::move(nested));
    }
    else_scope = TakeScope();
    stmt->else_body = MakeSeq(std::move(stmts), elif_loc);
  } else if (AtName("else")) {
    Next();
    RETURN_IF_ERROR(ExpectOp(":"));
    PushScope();
    ASSIGN_OR_RETURN(Block else_block, ParseSuite(true));
    else_live = BranchBindings();
    else_scope = TakeScope();
    stmt->else_body = std::move(else_block.body);
    else_yield = std::move(else_block.yield);
  }
  Tombstone(then_scope, "if branch", if_token.line);
  Tombstone(else_scope, "if branch", if_token.line);
  if (!then_block.yield && !else_yield) {
    if (!strict_ssa_) {
      for (Var* r : MergeBranches(*stmt, then_live, else_live)) {
        RETURN_IF_ERROR(Bind(r->name, r->loc, r));
      }
    }
    return stmt;
  }
  if (!then_block.yield || !else_yield) {
    return ErrorAtToken(if_token,
                        "an if with results must end both branches with "
                        "'x = pl.yield_(...)' assigning the same names");
  }
  if (then_block.yield->names != else_yield->names) {
    return ErrorAt(
        else_yield->loc,
        absl::StrCat("the else branch yields to '",
                     absl::StrJoin(else_yield->names, ", "), "' but the then branch to '",
                     absl::StrJoin(then_block.yield->names, ", "), "'"));
  }
  Stmt& then_yield = *stmt->body->stmts.back();
  Stmt& other = *stmt->else_body->stmts.back();
  for (size_t i = 0; i < then_yield.values.size(); ++i) {
    // A literal yielded by one branch takes the other branch's type.
    AdaptLiteral(*other.values[i], then_yield.values[i]->type);
    AdaptLiteral(*then_yield.values[i], other.values[i]->type);
    // Types equal but for where the values live (pl.MemRef); the result
    // has the then branch's annotation when it has one.
    const Type& type = then_block.yield->annotation && then_yield.values.size() == 1
                           ? *then_block.yield->annotation
                           : then_yield.values[i]->type;
    if (!SameUpToMemRef(other.values[i]->type, type)) {
      return ErrorAt(
          other.values[i]->loc,
          absl::StrCat("pl.yield_ value ", i + 1, " has type ",
                       TypeToString(other.values[i]->type), " in the else branch but ",
                       TypeToString(type), " in the then branch"));
    }
    Var* r = fn_->NewVar(then_block.yield->names[i], type, then_block.yield->locs[i]);
    RETURN_IF_ERROR(Bind(r->name, r->loc, r));
    stmt->results.push_back(r);
  }
  return stmt;
}

absl::StatusOr<StmtPtr> Parser::ParseWhile() {
  const Token& while_token = Next();
  StmtPtr stmt = NewStmt(StmtKind::kWhile, Loc(while_token));
  ASSIGN_OR_RETURN(stmt->value, ParseExpr());
  if (!IsBoolScalar(stmt->value->type)) {
    return ErrorAt(stmt->value->loc,
                   absl::StrCat("the condition must be a pl.Scalar[pl.BOOL], "
                                "got ",
                                TypeToString(stmt->value->type)));
  }
  RETURN_IF_ERROR(ExpectOp(":"));
  PushScope();
  loops_.push_back("");
  absl::StatusOr<Block> parsed_body = ParseSuite(/*yield_allowed=*/false);
  loops_.pop_back();
  if (!parsed_body.ok()) return parsed_body.status();
  Block body = *std::move(parsed_body);
  stmt->body = std::move(body.body);
  // PyPTO's ConvertToSSA (parse_ssa.cc): a name bound before the loop and
  // rebound in its body is carried; the condition reads the carried value.
  if (strict_ssa_) {
    PopScope("while loop", while_token.line);
    return stmt;
  }
  ASSIGN_OR_RETURN(std::vector<Carry> carries, FindCarries(*stmt));
  std::vector<Var*> results = ApplyCarries(*stmt, carries);
  PopScope("while loop", while_token.line);
  for (Var* r : results) RETURN_IF_ERROR(Bind(r->name, r->loc, r));
  return stmt;
}

absl::StatusOr<StmtPtr> Parser::ParseWith(bool yield_allowed,
                                          std::optional<YieldTargets>& yield,
                                          StmtPtr& hoisted) {
  const Token& with_token = Next();
  StmtPtr stmt = NewStmt(StmtKind::kScope, Loc(with_token));
  std::string scope;
  for (absl::string_view k : ScopeNames()) {
    if (AtDotted("pl", k) && AtOp("(", 3)) scope = std::string(k);
  }
  if (scope.empty()) {
    return Unexpected(
        "a scope (pl.at, pl.manual_scope, pl.auto_scope, pl.spmd, pl.cluster, pl.scope)");
  }
  if (!ScopeTakesArguments(scope) && !AtOp(")", 4)) {
    return ErrorAtToken(Peek(), absl::StrCat("pl.", scope, "() does not accept arguments"));
  }
  const Token& start = Peek();
  for (int i = 0; i < 3; ++i) Next();
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
  RETURN_IF_ERROR(ParseCallArgs(args, keywords));
  RETURN_IF_ERROR(CheckScopeArgs(start, scope, args, keywords));
  std::vector<NamedExpr> attrs;
  for (Keyword& k : keywords) attrs.push_back(MakeAttr(k.name.text, std::move(k.value)));
  // Not an op: the scope's arguments are kept as written.
  stmt->value = MakeOpCall(scope, std::move(args), std::move(attrs), Type::None(), Loc(start));
  Token target;
  if (AtName("as")) {
    const Token& as = Next();
    if (!ScopeTakesTarget(scope)) {
      return ErrorAtToken(as, absl::StrCat("`with pl.", scope,
                                           "(...) as ...:` is not supported: the `as` clause "
                                           "only applies to `with pl.at(...) as tid:` and "
                                           "`with pl.spmd(...) as tid:`"));
    }
    ASSIGN_OR_RETURN(target, ExpectIdentifier("a name after 'as'"));
  } else if (scope == "spmd" && stmt->value->FindAttr("deps") != nullptr) {
    return ErrorAt(stmt->value->loc,
                   "pl.spmd() does not accept 'deps=' here: deps= needs `with pl.spmd(...) as tid:`");
  }
  RETURN_IF_ERROR(ExpectOp(":"));
  const bool in_cluster =
      std::find(with_scopes_.begin(), with_scopes_.end(), "cluster") != with_scopes_.end();
  if (scope == "spmd" && in_cluster) {
    // A cluster-nested pl.spmd is unwrapped into the group and never
    // dispatched: what only a dispatch has would be lost (PyPTO's rule).
    if (!target.text.empty()) {
      return ErrorAtToken(target, "`with pl.spmd(...) as tid:` cannot capture a TaskId when "
                                  "nested inside `pl.cluster()`");
    }
    const Expr* early = stmt->value->FindAttr("allow_early_resolve");
    if ((early != nullptr && early->kind == ExprKind::kBool && early->bool_value) ||
        stmt->value->FindAttr("predicate") != nullptr) {
      return ErrorAt(stmt->value->loc, "`pl.spmd(...)` with allow_early_resolve=True or "
                                       "predicate= cannot be nested inside `pl.cluster()`");
    }
  }
  // Python scoping: names bound in the body stay visible after it.
  const bool manual = scope == "manual_scope" ||
                      (scope == "scope" && !stmt->value->attrs.empty() &&
                       stmt->value->attrs[0].value->str == "MANUAL");
  if (manual) ++manual_scopes_;
  const bool core = IsCoreScope(*stmt->value);
  core_scopes_ += core ? 1 : 0;
  with_scopes_.push_back(scope);
  // PyPTO: a runtime scope (pl.scope, pl.manual_scope) is transparent to
  // pl.yield_: a yield ending its body ends the enclosing body, and moves
  // after the scope.
  const bool transparent = scope == "scope" || scope == "manual_scope";
  absl::StatusOr<Block> parsed_body = ParseSuite(yield_allowed && transparent);
  with_scopes_.pop_back();
  core_scopes_ -= core ? 1 : 0;
  if (manual) --manual_scopes_;
  if (!parsed_body.ok()) return parsed_body.status();
  Block body = *std::move(parsed_body);
  stmt->body = std::move(body.body);
  if (body.yield) {
    hoisted = std::move(stmt->body->stmts.back());
    stmt->body->stmts.pop_back();
    yield = std::move(body.yield);
  }
  if (scope == "spmd" && !SpmdBodyUsesBlock(*stmt->body)) {
    return ErrorAt(stmt->value->loc,
                   "`with pl.spmd(...)` body neither reads the per-block index via "
                   "`pl.tile.get_block_idx()` nor dispatches a `self.<kernel>(...)` call, so "
                   "every block would run identical work");
  }
  if (!target.text.empty()) {
    stmt->var = fn_->NewVar(target.text, Type::Scalar(DType::kTASK_ID), Loc(target));
    RETURN_IF_ERROR(Bind(target.text, Loc(target), stmt->var));
  }
  return stmt;
}

// `for i in pl.spmd(core_num, sync_start=...)` as PyPTO's parser takes it:
// one positional core count (or core_num=), a positive constant when
// constant, sync_start a boolean literal. A core_num= keyword becomes the
// positional bound.
absl::Status Parser::CheckSpmdLoopArgs(const Token& start, std::vector<ExprPtr>& bounds,
                                       std::vector<Keyword>& keywords) {
  if (bounds.size() > 1) {
    return ErrorAt(bounds[1]->loc, "pl.spmd() takes at most one positional argument (core_num)");
  }
  for (auto it = keywords.begin(); it != keywords.end(); ++it) {
    if (it->name.text == "core_num") {
      if (!bounds.empty()) {
        return ErrorAtToken(it->name, "pl.spmd() got multiple values for argument 'core_num'");
      }
      bounds.push_back(std::move(it->value));
      keywords.erase(it);
      break;
    }
  }
  for (const Keyword& k : keywords) {
    if ((k.name.text == "sync_start" || k.name.text == "allow_early_resolve") &&
        k.value->kind != ExprKind::kBool) {
      return ErrorAt(k.value->loc, absl::StrCat("pl.spmd() ", k.name.text,
                                                " must be a boolean literal (True/False)"));
    }
  }
  if (!bounds.empty() && bounds[0]->kind == ExprKind::kInt && bounds[0]->int_value <= 0) {
    return ErrorAt(bounds[0]->loc, "pl.spmd() core_num must be a positive integer");
  }
  (void)start;
  return absl::OkStatus();
}

absl::Status Parser::CheckScopeArgs(const Token& start, const std::string& scope,
                                    const std::vector<ExprPtr>& args,
                                    const std::vector<Keyword>& keywords) {
  const ScopeSignature& signature = ScopeSignatureOf(scope);
  const size_t positionals = signature.positionals;
  const std::string name = absl::StrCat("pl.", scope, "()");
  if (args.size() > positionals) {
    return ErrorAt(args[positionals]->loc,
                   positionals == 0
                       ? absl::StrCat(name, " takes no positional arguments")
                       : absl::StrCat(name, " takes ", positionals, " positional argument"));
  }
  const Expr* mode = nullptr;
  const Expr* level = nullptr;
  const Expr* role = nullptr;
  if (scope == "at") {
    for (size_t i = 0; i < args.size(); ++i) {
      const absl::string_view type = i == 0 ? "Level" : "Role";
      if (args[i]->kind != ExprKind::kEnum || args[i]->enum_type != type) {
        return ErrorAt(args[i]->loc, absl::StrCat("pl.at() argument ", i + 1,
                                                  " must be a pl.", type, " value"));
      }
      (i == 0 ? level : role) = args[i].get();
    }
  }
  for (const Keyword& k : keywords) {
    const ScopeKeyword* keyword = signature.Find(k.name.text);
    if (keyword == nullptr) {
      return ErrorAtToken(k.name, absl::StrCat("Unknown keyword argument '", k.name.text,
                                               "' in ", name));
    }
    if (std::optional<ScopeValueError> e = CheckScopeKeywordValue(name, *keyword, *k.value)) {
      return ErrorAt(e->at->loc, e->message);
    }
    if (k.name.text == "level" || k.name.text == "role") {
      const bool is_level = k.name.text == "level";
      if (is_level ? level != nullptr : role != nullptr) {
        return ErrorAtToken(k.name, absl::StrCat("pl.at() got multiple values for argument '",
                                                 k.name.text, "'"));
      }
      (is_level ? level : role) = k.value.get();
    } else if (k.name.text == "mode") {
      mode = k.value.get();
    }
  }
  if (scope == "at") {
    if (level == nullptr) return ErrorAtToken(start, "pl.at() requires a level argument");
    const PyptoEnum* levels = FindPyptoEnum("pl", "Level");
    const auto index = [&](absl::string_view v) {
      return std::find(levels->values.begin(), levels->values.end(), v) -
             levels->values.begin();
    };
    if (role != nullptr && level->str == "CORE_GROUP") {
      return ErrorAt(role->loc, "role= is not supported with level=pl.Level.CORE_GROUP");
    }
    for (const Keyword& k : keywords) {
      if (k.name.text != "optimizations" || level->str == "CORE_GROUP") continue;
      for (const ExprPtr& o : k.value->args) {
        if (o->is_call() && o->str == "split") {
          return ErrorAt(o->loc, "optimizations=[pl.split(...)] needs level=pl.Level.CORE_GROUP");
        }
      }
    }
    if (role != nullptr && role->str == "SubWorker" && index(level->str) >= index("HOST")) {
      return ErrorAt(role->loc, "Inline 'with pl.at(level>=HOST, role=pl.Role.SubWorker)' is "
                                "not supported; write a @pl.function instead");
    }
  }
  const bool manual = scope == "manual_scope" || (mode != nullptr && mode->str == "MANUAL");
  if (scope == "manual_scope" || scope == "scope") {
    if (manual_scopes_ > 0) {
      return ErrorAtToken(start, manual ? "a manual scope may not be nested inside another "
                                          "manual scope"
                                        : "an AUTO scope may not be nested inside a manual "
                                          "scope");
    }
    if (!manual) {
      if (std::optional<std::string> e = CheckHandPlacedScope(*fn_, mode)) {
        return ErrorAtToken(start, *e);
      }
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<StmtPtr> Parser::ParseReturn() {
  StmtPtr stmt = NewStmt(StmtKind::kReturn, Loc(Next()));
  while (!AtKind(TokenKind::kNewline)) {
    ASSIGN_OR_RETURN(ExprPtr value, ParseExpr());
    stmt->values.push_back(std::move(value));
    if (!AtOp(",")) break;
    Next();
  }
  // `return (a, b)` (ruff's layout of a long `return a, b`) returns the
  // tuple's elements, as PyPTO reads any returned tuple.
  if (stmt->values.size() == 1 && stmt->values[0]->kind == ExprKind::kTuple) {
    std::vector<ExprPtr> elements = std::move(stmt->values[0]->args);
    stmt->values = std::move(elements);
  }
  return stmt;
}

}  // namespace parser_internal
}  // namespace ptoc
