// The text parser: tokens, the program and function structure, and types.
// Statements are in parse_stmt.cc, expressions and calls in parse_expr.cc.
#include "frontend/parser.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "frontend/parser_impl.h"
#include "frontend/string_literal.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"
#include "ir/dim_expr.h"

namespace ptoc {
namespace parser_internal {

bool IsKeyword(absl::string_view name) { return IsPythonKeyword(name); }

Parser::Parser(std::vector<Token> tokens, std::vector<Comment> comments,
               absl::string_view filename, const ParseOptions& options)
    : tokens_(std::move(tokens)),
      comments_(std::move(comments)),
      filename_(filename),
      options_(options) {}

// ---- tokens ----

const Token& Parser::Peek(size_t ahead) const {
  size_t i = pos_ + ahead;
  return i < tokens_.size() ? tokens_[i] : tokens_.back();
}

size_t Parser::WrappedStart(size_t pos) const {
  auto is_op = [&](size_t i, absl::string_view op) {
    return i < tokens_.size() && tokens_[i].kind == TokenKind::kOp && tokens_[i].text == op;
  };
  while (is_op(pos, "(")) {
    int depth = 0;
    size_t close = pos;
    for (; close < tokens_.size(); ++close) {
      if (is_op(close, "(") || is_op(close, "[") || is_op(close, "{")) ++depth;
      if ((is_op(close, ")") || is_op(close, "]") || is_op(close, "}")) && --depth == 0) break;
    }
    const bool to_end = close + 1 < tokens_.size() && (tokens_[close + 1].kind == TokenKind::kNewline ||
                                                       tokens_[close + 1].kind == TokenKind::kEnd);
    if (!to_end) break;
    ++pos;
  }
  return pos;
}

const Token& Parser::Next() {
  const Token& t = tokens_[pos_];
  if (pos_ + 1 < tokens_.size()) ++pos_;  // never moves past kEnd
  return t;
}

bool Parser::AtOp(absl::string_view op, size_t ahead) const {
  const Token& t = Peek(ahead);
  return t.kind == TokenKind::kOp && t.text == op;
}

bool Parser::AtName(absl::string_view name, size_t ahead) const {
  const Token& t = Peek(ahead);
  return t.kind == TokenKind::kName && t.text == name;
}

bool Parser::AtKind(TokenKind kind, size_t ahead) const {
  return Peek(ahead).kind == kind;
}

bool Parser::AtDotted(absl::string_view base, absl::string_view name, size_t ahead) const {
  return AtName(base, ahead) && AtOp(".", ahead + 1) && AtName(name, ahead + 2);
}

absl::Status Parser::ExpectOp(absl::string_view op) {
  if (!AtOp(op)) return Unexpected(absl::StrCat("'", op, "'"));
  Next();
  return absl::OkStatus();
}

absl::Status Parser::ExpectName(absl::string_view name) {
  if (!AtName(name)) return Unexpected(absl::StrCat("'", name, "'"));
  Next();
  return absl::OkStatus();
}

absl::Status Parser::ExpectKind(TokenKind kind, absl::string_view what) {
  if (!AtKind(kind)) return Unexpected(what);
  Next();
  return absl::OkStatus();
}

absl::StatusOr<Token> Parser::ExpectIdentifier(absl::string_view what) {
  if (!AtKind(TokenKind::kName) || IsKeyword(Peek().text)) {
    return Unexpected(what);
  }
  return Next();
}

Location Parser::Loc(const Token& t) const { return Location{filename_, t.line, t.col}; }

absl::Status Parser::ErrorAtToken(const Token& t, absl::string_view message) const {
  return ErrorAt(Loc(t), message);
}

absl::Status Parser::Unexpected(absl::string_view expected) const {
  if (AtKind(TokenKind::kIndent)) return ErrorAtToken(Peek(), "unexpected indent");
  return ErrorAtToken(
      Peek(), absl::StrCat("expected ", expected, ", got ", DescribeToken(Peek())));
}

absl::Status Parser::TooDeep() const {
  return ErrorAtToken(
      Peek(), absl::StrCat("nesting is too deep (more than ", kMaxDepth, " levels)"));
}

// ---- program and functions ----

absl::StatusOr<std::unique_ptr<Program>> Parser::Run() {
  program_ = std::make_unique<Program>();
  program_->options.allow_unregistered_ops = options_.allow_unregistered_ops;
  while (AtName("import")) RETURN_IF_ERROR(ParseImport());
  // `M = pl.dynamic("M")`: a dynamic dimension the types may name.
  while (AtKind(TokenKind::kName) && AtOp("=", 1) && AtDotted("pl", "dynamic", 2)) {
    const Token& name = Next();
    for (int i = 0; i < 4; ++i) Next();  // = pl . dynamic
    RETURN_IF_ERROR(ExpectOp("("));
    if (!AtKind(TokenKind::kString) || Peek().text != name.text) {
      return Unexpected(absl::StrCat("the name \"", name.text, "\""));
    }
    Next();
    RETURN_IF_ERROR(ExpectOp(")"));
    RETURN_IF_ERROR(ExpectKind(TokenKind::kNewline, "end of line"));
    if (!IsIdentifier(name.text) || name.text == "pl" || name.text == "pld") {
      return ErrorAtToken(name, absl::StrCat("'", name.text, "' cannot name a dimension"));
    }
    for (const std::string& d : program_->dynamic_dims) {
      if (d == name.text) {
        return ErrorAtToken(name, absl::StrCat("dynamic dimension '", name.text,
                                               "' is defined twice"));
      }
    }
    program_->dynamic_dims.push_back(name.text);
  }
  if (AtKind(TokenKind::kEnd)) {
    return ErrorAtToken(Peek(), "expected a '@pl.program' class");
  }
  if (!(AtOp("@") && AtName("pl", 1) && AtOp(".", 2) && AtName("program", 3))) {
    return Unexpected("'@pl.program'");
  }
  for (int i = 0; i < 4; ++i) Next();
  if (AtOp("(")) {
    RETURN_IF_ERROR(ParseDecoratorArgs("@pl.program", &program_->decorator_args));
  }
  RETURN_IF_ERROR(ExpectKind(TokenKind::kNewline, "end of line"));
  const Token& class_token = Peek();
  RETURN_IF_ERROR(ExpectName("class"));
  ASSIGN_OR_RETURN(Token name, ExpectIdentifier("a class name"));
  program_->name = name.text;
  program_->loc = Loc(class_token);
  if (AtOp("(") && AtOp(")", 1)) {
    Next();
    Next();
  }
  RETURN_IF_ERROR(ExpectOp(":"));
  RETURN_IF_ERROR(ExpectKind(TokenKind::kNewline, "end of line"));
  RETURN_IF_ERROR(ExpectKind(TokenKind::kIndent, "an indented class body"));
  if (AtKind(TokenKind::kString) && AtKind(TokenKind::kNewline, 1)) {  // docstring
    program_->docstring = Next().text;
    Next();
  }
  // A program without functions: `pass`, as the printer writes it.
  if (AtName("pass") && AtKind(TokenKind::kNewline, 1) && AtKind(TokenKind::kDedent, 2)) {
    Next();
    Next();
  }
  std::vector<size_t> body_starts;
  while (!AtKind(TokenKind::kDedent) && !AtKind(TokenKind::kEnd)) {
    ASSIGN_OR_RETURN(size_t start, ParseFunctionHeader());
    body_starts.push_back(start);
  }
  RETURN_IF_ERROR(ExpectKind(TokenKind::kDedent, "the end of the class body"));
  if (AtOp("@")) {
    return ErrorAtToken(Peek(), "only one @pl.program class is allowed");
  }
  RETURN_IF_ERROR(ExpectKind(TokenKind::kEnd, "end of file"));
  for (size_t i = 0; i < body_starts.size(); ++i) {
    RETURN_IF_ERROR(ParseFunctionBody(*program_->functions[i], body_starts[i]));
  }
  return std::move(program_);
}

absl::Status Parser::ParseDecoratorArgs(absl::string_view decorator,
                                        std::vector<NamedExpr>* out) {
  RETURN_IF_ERROR(ExpectOp("("));
  while (!AtOp(")")) {
    ASSIGN_OR_RETURN(Token key, ExpectIdentifier("an argument name"));
    RETURN_IF_ERROR(ExpectOp("="));
    for (const NamedExpr& a : *out) {
      if (a.name == key.text) {
        return ErrorAtToken(key, absl::StrCat(decorator, " argument '", key.text,
                                              "' is given twice"));
      }
    }
    RETURN_IF_ERROR(ParseDecoratorValue(decorator, key, out));
    if (!AtOp(",")) break;
    Next();
  }
  return ExpectOp(")");
}

absl::Status Parser::ParseDecoratorValue(absl::string_view decorator, const Token& key,
                                         std::vector<NamedExpr>* out) {
  ASSIGN_OR_RETURN(ExprPtr value, ParseExpr());
  const bool ok = value->kind == ExprKind::kInt || value->kind == ExprKind::kBool ||
                  value->kind == ExprKind::kString || value->kind == ExprKind::kEnum ||
                  value->kind == ExprKind::kFloat;
  if (!ok) {
    return ErrorAt(value->loc, absl::StrCat(decorator, " argument '", key.text,
                                            "' must be a constant (an int, a bool, "
                                            "a string or an enum value)"));
  }
  out->push_back(MakeAttr(key.text, std::move(value)));
  return absl::OkStatus();
}

absl::Status Parser::ParseImport() {
  const Token& import = Next();
  ASSIGN_OR_RETURN(Token first, ExpectIdentifier("a module name"));
  std::string module = first.text;
  while (AtOp(".")) {
    Next();
    ASSIGN_OR_RETURN(Token part, ExpectIdentifier("a module name"));
    absl::StrAppend(&module, ".", part.text);
  }
  RETURN_IF_ERROR(ExpectName("as"));
  ASSIGN_OR_RETURN(Token alias, ExpectIdentifier("an alias"));
  if (!(module == "pypto.language" && alias.text == "pl") &&
      !(module == "pypto.language.distributed" && alias.text == "pld")) {
    return ErrorAtToken(
        import,
        "unsupported import; a kernel imports only 'pypto.language as pl' "
        "and 'pypto.language.distributed as pld'");
  }
  return ExpectKind(TokenKind::kNewline, "end of line");
}

absl::StatusOr<size_t> Parser::ParseFunctionHeader() {
  if (!(AtOp("@") && AtName("pl", 1) && AtOp(".", 2) && AtName("function", 3))) {
    return Unexpected("a method decorated with '@pl.function'");
  }
  auto fn = std::make_unique<Function>();
  fn_ = fn.get();
  RETURN_IF_ERROR(ParseDecorator(*fn));
  const Token& def = Peek();
  RETURN_IF_ERROR(ExpectName("def"));
  ASSIGN_OR_RETURN(Token name, ExpectIdentifier("a function name"));
  if (program_->FindFunction(name.text) != nullptr) {
    return ErrorAtToken(name,
                        absl::StrCat("function '", name.text, "' is defined twice"));
  }
  fn->name = name.text;
  fn->loc = Loc(def);
  RETURN_IF_ERROR(ExpectOp("("));
  RETURN_IF_ERROR(ParseParams(*fn));
  if (AtOp("->")) {
    Next();
    ASSIGN_OR_RETURN(fn->return_type, ParseType());
  }
  // Dims may name parameters declared after the type that uses them.
  RETURN_IF_ERROR(CheckSymbolicDims());
  RETURN_IF_ERROR(ExpectOp(":"));
  const size_t body_start = pos_;
  RETURN_IF_ERROR(SkipSuite());
  program_->functions.push_back(std::move(fn));
  return body_start;
}

absl::Status Parser::ParseDecorator(Function& fn) {
  for (int i = 0; i < 4; ++i) Next();  // @ pl . function
  fn.kind = FunctionKind::kOpaque;
  if (AtOp("(")) {
    Next();
    bool seen_type = false;
    bool seen_attrs = false;
    while (!AtOp(")")) {
      ASSIGN_OR_RETURN(Token key, ExpectIdentifier("an argument name"));
      RETURN_IF_ERROR(ExpectOp("="));
      if (key.text == "type" && !seen_type) {
        seen_type = true;
        if (!(AtDotted("pl", "FunctionType") && AtOp(".", 3) &&
              AtKind(TokenKind::kName, 4))) {
          return Unexpected("a function type (pl.FunctionType.InCore, ...)");
        }
        for (int i = 0; i < 4; ++i) Next();
        const Token& kind = Next();
        std::optional<FunctionKind> k = ParseFunctionKind(kind.text);
        if (!k) {
          return ErrorAtToken(kind,
                              absl::StrCat("unknown function type '", kind.text, "'"));
        }
        fn.kind = *k;
      } else if (key.text == "attrs" && !seen_attrs) {
        seen_attrs = true;
        RETURN_IF_ERROR(ParseAttrDict(fn));
      } else if (key.text == "type" || key.text == "attrs") {
        return ErrorAtToken(
            key, absl::StrCat("@pl.function argument '", key.text, "' is given twice"));
      } else {
        for (const NamedExpr& a : fn.decorator_args) {
          if (a.name == key.text) {
            return ErrorAtToken(key, absl::StrCat("@pl.function argument '", key.text,
                                                  "' is given twice"));
          }
        }
        RETURN_IF_ERROR(ParseDecoratorValue("@pl.function", key, &fn.decorator_args));
      }
      if (!AtOp(",")) break;
      Next();
    }
    RETURN_IF_ERROR(ExpectOp(")"));
    // A core function's level= and role= are its type's (PyPTO derives
    // them): one that agrees is implied, and printed from the type.
    std::vector<NamedExpr> kept;
    for (NamedExpr& a : fn.decorator_args) {
      if (std::optional<std::string> e = CheckStampedLevelRole(fn, a)) {
        return ErrorAt(a.value->loc, *e);
      }
      if (StampedLevel(fn.kind).empty() || (a.name != "level" && a.name != "role")) {
        kept.push_back(std::move(a));
      }
    }
    fn.decorator_args = std::move(kept);
  }
  return ExpectKind(TokenKind::kNewline, "end of line");
}

absl::Status Parser::ParseAttrDict(Function& fn) {
  RETURN_IF_ERROR(ExpectOp("{"));
  while (!AtOp("}")) {
    if (!AtKind(TokenKind::kString)) {
      return Unexpected("an attribute name (a string)");
    }
    const Token& attr = Next();
    if (fn.FindAttr(attr.text) != nullptr) {
      return ErrorAtToken(
          attr, absl::StrCat("attribute '", attr.text, "' is given twice"));
    }
    RETURN_IF_ERROR(ExpectOp(":"));
    ASSIGN_OR_RETURN(ExprPtr value, ParseExpr());
    bool ok = value->kind == ExprKind::kInt || value->kind == ExprKind::kBool ||
              value->kind == ExprKind::kString || value->kind == ExprKind::kList ||
              value->kind == ExprKind::kEnum || value->kind == ExprKind::kFloat;
    // List elements: ints or pl.adir values (verify_pypto.h says which key
    // takes which).
    for (const ExprPtr& e : value->args) {
      ok = ok && (e->kind == ExprKind::kInt || e->kind == ExprKind::kEnum);
    }
    if (!ok) {
      return ErrorAt(value->loc, absl::StrCat("function attribute '", attr.text,
                                              "' must be an int, a bool, a string "
                                              "or a list of ints or pl.adir values"));
    }
    fn.attrs.push_back(MakeAttr(attr.text, std::move(value)));
    if (!AtOp(",")) break;
    Next();
  }
  RETURN_IF_ERROR(ExpectOp("}"));  return absl::OkStatus();
}

absl::Status Parser::ParseParams(Function& fn) {
  // A method without `self` (PyPTO's SubWorker functions).
  fn.has_self = AtName("self");
  if (fn.has_self) Next();
  bool first = !fn.has_self;
  std::vector<std::vector<DimRef>> uses;  // per parameter, the dims its type names
  while (first || AtOp(",")) {
    if (!first) Next();
    first = false;
    if (AtOp(")")) break;  // trailing comma
    ASSIGN_OR_RETURN(Token name, ExpectIdentifier("a parameter name"));
    if (name.text == "self" || name.text == "pl" || name.text == "pld") {
      return ErrorAtToken(name,
                          absl::StrCat("'", name.text, "' cannot be a parameter name"));
    }
    for (const Param& p : fn.params) {
      if (p.var->name == name.text) {
        return ErrorAtToken(name, absl::StrCat("duplicate parameter '", name.text, "'"));
      }
    }
    RETURN_IF_ERROR(ExpectOp(":"));
    Direction direction = Direction::kIn;
    const bool out = AtDotted("pl", "Out");
    if ((out || AtDotted("pl", "InOut")) && AtOp("[", 3)) {
      direction = out ? Direction::kOut : Direction::kInOut;
      for (int i = 0; i < 4; ++i) Next();
    }
    const Token& type_token = Peek();
    const size_t dims_before = symbolic_dims_.size();
    ASSIGN_OR_RETURN(Type type, ParseType());
    uses.emplace_back(symbolic_dims_.begin() + dims_before, symbolic_dims_.end());
    if (type.is_tuple()) {
      return ErrorAtToken(type_token, "a parameter cannot be a tuple");
    }
    if (direction != Direction::kIn) RETURN_IF_ERROR(ExpectOp("]"));
    fn.params.push_back(
        Param{fn.NewVar(name.text, std::move(type), Loc(name)), direction});
  }
  RETURN_IF_ERROR(CheckParamOrder(fn, uses));
  return ExpectOp(")");
}

absl::Status Parser::SkipSuite() {
  if (!AtKind(TokenKind::kNewline)) {  // a body on the `def` line
    while (!AtKind(TokenKind::kNewline) && !AtKind(TokenKind::kEnd)) Next();
    return ExpectKind(TokenKind::kNewline, "end of line");
  }
  Next();
  if (!AtKind(TokenKind::kIndent)) return Unexpected("an indented block");
  int level = 0;
  do {
    if (AtKind(TokenKind::kEnd)) return Unexpected("the end of the block");
    if (AtKind(TokenKind::kIndent)) ++level;
    if (AtKind(TokenKind::kDedent)) --level;
    Next();
  } while (level > 0);
  return absl::OkStatus();
}

absl::Status Parser::ParseFunctionBody(Function& fn, size_t body_start) {
  fn_ = &fn;
  pos_ = body_start;
  scopes_.clear();
  with_scopes_.clear();
  core_scopes_ = 0;
  loops_.clear();
  manual_scopes_ = 0;
  strict_ssa_ = false;
  for (const NamedExpr& a : fn.decorator_args) {
    if (a.name == "strict_ssa" && a.value->kind == ExprKind::kBool) {
      strict_ssa_ = a.value->bool_value;
    }
  }
  PushScope();
  for (const Param& p : fn.params) scopes_.back()[p.var->name] = Binding{p.var, "", 0};
  StartFunctionComments(Peek().line);
  ASSIGN_OR_RETURN(Block block, ParseSuite(/*yield_allowed=*/false));
  pending_comments_.clear();  // the body's tail comments: PyPTO drops them
  if (fn.requires_runtime_binding && block.body != nullptr &&
      block.body->kind == StmtKind::kSeq && !block.body->stmts.empty()) {
    return ErrorAt(block.body->stmts.front()->loc,
                   "'...' must be the whole body of an abstract SubWorker");
  }
  fn.body = std::move(block.body);
  return absl::OkStatus();
}

// ---- types ----

absl::StatusOr<Type> Parser::ParseType() {
  // `tuple[A, B]` (also `pl.Tuple[A, B]`): a function's several results.
  if ((AtName("tuple") && AtOp("[", 1)) || (AtDotted("pl", "Tuple") && AtOp("[", 3))) {
    NestingGuard guard(depth_);
    if (guard.too_deep()) return TooDeep();
    for (int i = AtName("tuple") ? 2 : 4; i > 0; --i) Next();
    std::vector<Type> elements;
    while (!AtOp("]")) {
      if (AtName("tuple") || AtDotted("pl", "Tuple")) {
        return Unexpected("a type other than a tuple (tuples do not nest)");
      }
      ASSIGN_OR_RETURN(Type t, ParseType());
      elements.push_back(std::move(t));
      if (!AtOp(",")) break;
      Next();
    }
    RETURN_IF_ERROR(ExpectOp("]"));
    return Type::Tuple(std::move(elements));
  }
  if (!((AtName("pl") || AtName("pld")) && AtOp(".", 1) && AtKind(TokenKind::kName, 2))) {
    return Unexpected("a type");
  }
  const Token& base = Next();
  Next();
  const std::string name = absl::StrCat(base.text, ".", Next().text);
  // pld.CommCtxType: the raw IR type's name, which PyPTO also takes.
  if (name == "pld.CommCtx" || name == "pld.CommCtxType") return Type::CommCtx();
  if (name == "pl.TaskId") return Type::Scalar(DType::kTASK_ID);
  if (name == "pl.Ptr") return Type::Ptr();
  if (base.text == "pl" && IsHandleName(name.substr(3))) return Type::Handle(name.substr(3));
  if (name == "pl.Array") {  // pl.Array[extent, dtype]
    RETURN_IF_ERROR(ExpectOp("["));
    if (!AtKind(TokenKind::kInt) || Peek().int_value < 1) {
      return Unexpected("a positive array extent");
    }
    const int64_t extent = Next().int_value;
    RETURN_IF_ERROR(ExpectOp(","));
    ASSIGN_OR_RETURN(DType dtype, ParseDTypeRef());
    if (AtOp(",") && AtOp("]", 1)) Next();
    RETURN_IF_ERROR(ExpectOp("]"));
    return Type::Array(extent, dtype);
  }
  if (name == "pl.Scalar") {
    RETURN_IF_ERROR(ExpectOp("["));
    ASSIGN_OR_RETURN(DType dtype, ParseDTypeRef());
    if (AtOp(",") && AtOp("]", 1)) Next();
    RETURN_IF_ERROR(ExpectOp("]"));
    return Type::Scalar(dtype);
  }
  if (name != "pl.Tensor" && name != "pld.DistributedTensor" && name != "pl.Tile") {
    return ErrorAtToken(base, absl::StrCat("unknown type '", name,
                                           "'; expected pl.Scalar, pl.Tensor, "
                                           "pl.Tile, pld.DistributedTensor or "
                                           "pld.CommCtx"));
  }
  RETURN_IF_ERROR(ExpectOp("["));
  ASSIGN_OR_RETURN(Shape shape, ParseShape());
  RETURN_IF_ERROR(ExpectOp(","));
  ASSIGN_OR_RETURN(DType dtype, ParseDTypeRef());
  // A `,` before an element, or a trailing `,` before the `]` (ruff's
  // layout of a multi-line subscript).
  auto more = [&]() {
    if (!AtOp(",")) return false;
    Next();
    return !AtOp("]");
  };
  if (name != "pl.Tile") {
    // PyPTO's third element (a MemRef, a TensorView, a layout) is kept as text.
    std::string extra;
    while (more()) {
      ASSIGN_OR_RETURN(std::string element, ParseTypeElementText());
      absl::StrAppend(&extra, extra.empty() ? "" : ", ", element);
    }
    RETURN_IF_ERROR(ExpectOp("]"));
    Type t = name == "pl.Tensor" ? Type::Tensor(std::move(shape), dtype)
                                 : Type::DistributedTensor(std::move(shape), dtype);
    return t.WithExtra(std::move(extra));
  }
  // pl.Tile[shape, dtype(, pl.MemRef(..))(, memory)(, pl.TileView(..))]
  std::string extra;
  std::optional<MemorySpace> memory;
  std::optional<TileView> view;
  bool have_element = more();
  if (have_element && AtDotted("pl", "MemRef")) {
    ASSIGN_OR_RETURN(extra, ParseTypeElementText());
    have_element = more();
  }
  if (have_element && (AtDotted("pl", "MemorySpace") || AtDotted("pl", "Mem"))) {
    ASSIGN_OR_RETURN(memory, ParseMemoryRef());
    have_element = more();
  }
  if (have_element) {
    ASSIGN_OR_RETURN(view, ParseTileView(memory.value_or(MemorySpace::kVec)));
    have_element = more();
  }
  if (have_element) return Unexpected("']'");
  RETURN_IF_ERROR(ExpectOp("]"));
  Type t = memory ? Type::Tile(std::move(shape), dtype, *memory, std::move(view))
                  : Type::TileWithoutMemory(std::move(shape), dtype, std::move(view));
  return t.WithExtra(std::move(extra));
}

absl::StatusOr<MemorySpace> Parser::ParseMemoryRef() {
  if (!((AtDotted("pl", "MemorySpace") || AtDotted("pl", "Mem")) && AtOp(".", 3) &&
        AtKind(TokenKind::kName, 4))) {
    return Unexpected("a memory space (pl.Mem.Vec, pl.MemorySpace.Vec, ...)");
  }
  for (int i = 0; i < 4; ++i) Next();
  const Token& memory_token = Next();
  std::optional<MemorySpace> memory = ParseMemorySpace(memory_token.text);
  if (!memory) {
    return ErrorAtToken(memory_token,
                        absl::StrCat("unknown memory space '", memory_token.text, "'"));
  }
  return *memory;
}

namespace {

// The operators ruff writes with a space on each side between operands.
// The lexer's operators of two characters (frontend/lexer.cc, kOperators).
bool IsTwoCharOperator(absl::string_view op) {
  return op == "->" || op == "//" || op == "==" || op == "!=" || op == "<=" || op == ">=";
}

bool IsBinaryOpToken(absl::string_view op) {
  static constexpr absl::string_view kOps[] = {"+",  "-",  "*",  "/",  "//", "%",  "@",
                                                "<<", ">>", "&",  "|",  "^",  "==", "!=",
                                                "<",  ">",  "<=", ">="};
  for (absl::string_view o : kOps) {
    if (op == o) return true;
  }
  return false;
}

// Appends token `t` to `text` (after `prev`, null at the start) spaced as
// ruff spaces it: after a comma, around a binary operator (one that follows
// an operand), between two words; a trailing comma inside brackets dropped.
void AppendSpaced(std::string& text, const Token* prev, const Token& t, bool& prev_binary) {
  if (t.kind == TokenKind::kOp && (t.text == ")" || t.text == "]") &&
      absl::EndsWith(text, ", ")) {
    text.resize(text.size() - 2);
  }
  auto ends_operand = [](const Token* p) {
    return p != nullptr && (p->kind != TokenKind::kOp || p->text == ")" || p->text == "]");
  };
  const bool binary = t.kind == TokenKind::kOp && ends_operand(prev) && IsBinaryOpToken(t.text);
  if (prev != nullptr && prev->kind == TokenKind::kOp && prev->text == ",") {
    text += " ";
  } else if (binary || (t.kind != TokenKind::kOp && ends_operand(prev) &&
                        prev->kind != TokenKind::kOp)) {
    text += " ";
  } else if (prev_binary) {
    text += " ";
  } else if (prev != nullptr && prev->kind == TokenKind::kOp && t.kind == TokenKind::kOp &&
             !prev->text.empty() && !t.text.empty() &&
             IsTwoCharOperator(absl::StrCat(prev->text.substr(prev->text.size() - 1),
                                            t.text.substr(0, 1)))) {
    text += " ";  // `= =` must not print as `==`, which reads back as one token
  }
  text += t.kind == TokenKind::kString ? QuoteString(t.text) : t.text;
  prev_binary = binary;
}

}  // namespace

absl::StatusOr<std::string> Parser::ParseTypeElementText() {
  if (!(AtName("pl") && AtOp(".", 1) && AtKind(TokenKind::kName, 2))) {
    return Unexpected("a type element (pl.MemRef(..), pl.TensorView(..), a layout)");
  }
  std::string text;
  int depth = 0;
  int view_depth = -1;  // inside `valid_shape=[...]` while depth >= view_depth
  const Token* prev = nullptr;
  bool prev_binary = false;
  while (!AtKind(TokenKind::kEnd)) {
    if (depth == 0 && (AtOp(",") || AtOp("]"))) break;
    if (AtKind(TokenKind::kNewline) || AtKind(TokenKind::kIndent) ||
        AtKind(TokenKind::kDedent)) {
      return Unexpected("the end of the type element");
    }
    if (AtName("valid_shape") && AtOp("=", 1) && AtOp("[", 2)) view_depth = depth + 1;
    // A name in a pl.TensorView's valid_shape is a dimension like a shape's.
    if (view_depth >= 0 && depth >= view_depth && AtKind(TokenKind::kName) &&
        !IsKeyword(Peek().text) && !AtOp(".", 1) && !AtOp("(", 1) &&
        !(prev != nullptr && prev->kind == TokenKind::kOp && prev->text == ".")) {
      symbolic_dims_.push_back(DimRef{Peek().text, Loc(Peek()), /*in_view=*/true});
    }
    const Token& t = Next();
    if (t.kind == TokenKind::kOp && (t.text == "(" || t.text == "[")) ++depth;
    if (t.kind == TokenKind::kOp && (t.text == ")" || t.text == "]") &&
        --depth < view_depth) {
      view_depth = -1;  // the end of valid_shape=[...]
    }
    if (depth > kMaxDepth) return TooDeep();
    AppendSpaced(text, prev, t, prev_binary);
    prev = &t;
  }
  return text;
}

bool Parser::IsBoundScalar(const std::string& name) const {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto found = it->find(name);
    if (found != it->end()) {
      return found->second.var != nullptr && found->second.var->type.is_scalar();
    }
  }
  return false;
}

absl::StatusOr<std::string> Parser::ParseDimExprText() {
  std::string text;
  int depth = 0;
  Token query;  // the last machine query, respelled
  const Token* prev = nullptr;
  bool prev_binary = false;
  while (!AtKind(TokenKind::kEnd)) {
    if (depth == 0 && (AtOp(",") || AtOp("]"))) break;
    if (AtKind(TokenKind::kNewline) || AtKind(TokenKind::kIndent) ||
        AtKind(TokenKind::kDedent)) {
      return Unexpected("the end of the dimension");
    }
    // A machine query (`pld.world_size()`) is spelled by its op, as the
    // printer spells the call, so the annotation and the value agree.
    if (AtName("pld") && AtOp(".", 1) && AtKind(TokenKind::kName, 2) && AtOp("(", 3) &&
        AtOp(")", 4)) {
      std::string op = absl::StrCat("pld.", Peek(2).text);
      if (OpRegistry::Get().Find(op) == nullptr) {
        op = absl::StrCat("pld.", ResolveShortOp(Peek(2).text, {}));
      }
      query = Peek();
      query.text = absl::StrCat(op, "()");
      for (int i = 0; i < 5; ++i) Next();
      AppendSpaced(text, prev, query, prev_binary);
      prev = &query;
      continue;
    }
    if (AtKind(TokenKind::kFloat) || AtKind(TokenKind::kString) || AtOp("/")) {
      return ErrorAtToken(Peek(), "a dimension is an integer: an integer constant, an integer "
                                  "scalar or an integer expression of them");
    }
    // A name that is not an attribute or a callee is a scalar the body has
    // bound before (PyPTO's valid_shape over a local), or else a dimension
    // the function must have, as a lone name is.
    if (AtKind(TokenKind::kName) && !IsKeyword(Peek().text) && !AtOp(".", 1) &&
        !AtOp("(", 1) && !(prev != nullptr && prev->kind == TokenKind::kOp && prev->text == ".") &&
        !IsBoundScalar(Peek().text)) {
      symbolic_dims_.push_back(DimRef{Peek().text, Loc(Peek())});
    }
    const Token& t = Next();
    if (t.kind == TokenKind::kOp && (t.text == "(" || t.text == "[")) ++depth;
    if (t.kind == TokenKind::kOp && (t.text == ")" || t.text == "]")) {
      --depth;
      // ruff's magic trailing comma of a call laid out over lines.
      if (absl::EndsWith(text, ",")) {
        text.pop_back();
        prev = nullptr;  // nothing to space the bracket from
      }
    }
    if (depth > kMaxDepth) return TooDeep();
    AppendSpaced(text, prev, t, prev_binary);
    prev = &t;
  }
  if (text.empty()) return Unexpected("a dimension (an integer, a scalar parameter or an expression)");
  return text;
}

absl::StatusOr<DType> Parser::ParseDTypeRef() {
  if (!(AtName("pl") && AtOp(".", 1) && AtKind(TokenKind::kName, 2))) {
    return Unexpected("a dtype (pl.FP32, ...)");
  }
  Next();
  Next();
  const Token& name = Next();
  std::optional<DType> dtype = ParseDType(name.text);
  if (!dtype) {
    return ErrorAtToken(name, absl::StrCat("unknown dtype '", name.text, "'"));
  }
  return *dtype;
}

absl::StatusOr<Shape> Parser::ParseShape() {
  RETURN_IF_ERROR(ExpectOp("["));
  Shape shape;
  while (!AtOp("]")) {
    // A dimension is positive: a leading minus is no dimension.
    if (AtOp("-")) return Unexpected("a dimension (an integer or a scalar parameter)");
    const bool alone = AtOp(",", 1) || AtOp("]", 1);
    if (AtKind(TokenKind::kInt) && alone) {
      shape.push_back(Dim::Static(Next().int_value));
    } else if (AtKind(TokenKind::kName) && !IsKeyword(Peek().text) && alone) {
      const Token& name = Next();
      symbolic_dims_.push_back(DimRef{name.text, Loc(name)});
      shape.push_back(Dim::Symbolic(name.text));
    } else {
      // PyPTO's composite dimension (`NR * 64`), kept as written; on
      // constants only (`2 * 64`) folded, as Python does before PyPTO sees it.
      ASSIGN_OR_RETURN(std::string text, ParseDimExprText());
      std::optional<int64_t> folded = FoldConstantDim(text);
      shape.push_back(folded.has_value() && *folded >= 0 ? Dim::Static(*folded)
                                                         : Dim::Symbolic(std::move(text)));
    }
    if (!AtOp(",")) break;
    Next();
  }
  RETURN_IF_ERROR(ExpectOp("]"));
  return shape;
}

absl::StatusOr<Layout> Parser::ParseLayoutRef() {
  if (!(AtDotted("pl", "TileLayout") && AtOp(".", 3) && AtKind(TokenKind::kName, 4))) {
    return Unexpected("a layout (pl.TileLayout.row_major, ...)");
  }
  for (int i = 0; i < 4; ++i) Next();
  const Token& name = Next();
  std::optional<Layout> layout = ParseLayout(name.text);
  if (!layout) {
    return ErrorAtToken(name, absl::StrCat("unknown layout '", name.text, "'"));
  }
  return *layout;
}

absl::StatusOr<TileView> Parser::ParseTileView(MemorySpace memory) {
  if (!(AtDotted("pl", "TileView") && AtOp("(", 3))) {
    return Unexpected("pl.TileView(...)");
  }
  for (int i = 0; i < 4; ++i) Next();
  // Fields left out keep the memory's implicit view.
  TileView view = ImplicitView(memory);
  absl::flat_hash_set<std::string> seen;
  while (!AtOp(")")) {
    ASSIGN_OR_RETURN(Token field, ExpectIdentifier("a TileView field"));
    RETURN_IF_ERROR(ExpectOp("="));
    if (!seen.insert(field.text).second) {
      return ErrorAtToken(
          field, absl::StrCat("TileView field '", field.text, "' is given twice"));
    }
    if (field.text == "blayout") {
      ASSIGN_OR_RETURN(view.blayout, ParseLayoutRef());
    } else if (field.text == "slayout") {
      ASSIGN_OR_RETURN(view.slayout, ParseLayoutRef());
    } else if (field.text == "valid_shape") {
      ASSIGN_OR_RETURN(view.valid_shape, ParseShape());
    } else if (field.text == "pad") {
      // PyPTO's pl.PadValue.{null, zero, max, min}.
      if (!(AtDotted("pl", "PadValue") && AtOp(".", 3) && AtKind(TokenKind::kName, 4))) {
        return Unexpected("a pad value (pl.PadValue.zero, pl.PadValue.max, ...)");
      }
      for (int i = 0; i < 4; ++i) Next();
      const Token& name = Next();
      std::optional<PadValue> pad = ParsePadValue(name.text);
      if (!pad) return ErrorAtToken(name, absl::StrCat("unknown pad value '", name.text, "'"));
      view.pad = *pad;
    } else {
      return ErrorAtToken(field, absl::StrCat("unknown TileView field '", field.text,
                                              "'; expected blayout, slayout, "
                                              "valid_shape or pad"));
    }
    if (!AtOp(",")) break;
    Next();
  }
  RETURN_IF_ERROR(ExpectOp(")"));
  return view;
}

absl::Status Parser::CheckSymbolicDims() {
  std::vector<DimRef> dims;
  dims.swap(symbolic_dims_);
  for (const auto& [name, loc, in_view] : dims) {
    bool found = std::find(program_->dynamic_dims.begin(), program_->dynamic_dims.end(),
                           name) != program_->dynamic_dims.end();
    for (const Param& p : fn_->params) {
      found = found || (p.var->name == name && p.var->type.is_scalar() &&
                        IsIntegerDType(p.var->type.dtype()));
    }
    if (!found) {
      return ErrorAt(loc, absl::StrCat("dimension '", name,
                                       "' is not an integer scalar parameter "
                                       "of '",
                                       fn_->name, "'"));
    }
  }
  return absl::OkStatus();
}

}  // namespace parser_internal

absl::StatusOr<std::unique_ptr<Program>> ParseProgram(absl::string_view text,
                                                      absl::string_view filename,
                                                      const ParseOptions& options) {
  SourceFiles::Get().Add(std::string(filename), std::string(text));
  std::vector<Comment> comments;
  ASSIGN_OR_RETURN(std::vector<Token> tokens, Lex(text, filename, &comments));
  return parser_internal::Parser(std::move(tokens), std::move(comments), filename, options)
      .Run();
}

}  // namespace ptoc
