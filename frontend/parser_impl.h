// Internals of the text parser, shared by parser.cc (program, functions,
// types), parse_stmt.cc (statements, scopes), parse_expr.cc (expressions)
// and parse_call.cc (calls). Not part of the public API: include
// frontend/parser.h instead.
#ifndef PTOC_FRONTEND_PARSER_IMPL_H_
#define PTOC_FRONTEND_PARSER_IMPL_H_

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "frontend/lexer.h"
#include "frontend/parser.h"
#include "ir/ir.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace parser_internal {

// Nesting deeper than this (brackets, unary operators, blocks) is an error
// instead of a stack overflow.
inline constexpr int kMaxDepth = 200;
// Operators in one expression; with kMaxDepth this bounds the height of an
// expression tree, which later recursive walks depend on.
inline constexpr int kMaxOperators = 200;

// The targets of a body's closing `a, b = pl.yield_(...)`; the statement
// itself is the body's last kYield statement.
struct YieldTargets {
  Location loc;
  std::vector<std::string> names;
  std::vector<Location> locs;
  std::optional<Type> annotation;  // only with a single target
  bool tuple = false;  // written `(a,) = ...`: unpacks even one name
  bool grouped = false;  // `(a, b), tid = pl.submit(...)`, flattened
};

// A parsed body: always a kSeq (possibly empty, for `pass`).
struct Block {
  StmtPtr body;
  std::optional<YieldTargets> yield;
};

// A name in scope. A tombstone (var == nullptr) marks a name that was bound
// inside a closed loop or branch body, so that a later use can say why it
// is not visible.
struct Binding {
  Var* var = nullptr;
  absl::string_view construct;  // tombstone: "for loop", "while loop", "if branch"
  int construct_line = 0;
  // Visible after the for (or pl.spmd) loop that bound it, as in Python; such
  // a name is not made loop-carried or an if result by a later rebinding.
  bool leaked = false;
};

// An enclosing `pl.split_aiv` region while its body is parsed.
struct SplitRegion {
  int mode = 0;  // pl.SplitMode code
  Location loc;  // the header
};

// One component of a subscript: a scalar index (`index`), or a slice
// `lower:upper` with optional bounds.
struct SubscriptIndex {
  ExprPtr index;
  bool slice = false;
  ExprPtr lower, upper;
  Location loc;
};

// The full-rank window a subscript selects: per axis its extent and
// offset; the axes a scalar index drops.
struct SubscriptWindow {
  std::vector<ExprPtr> sizes, offsets;
  std::vector<int64_t> drops;
  bool any_slice = false;
};

// A name a type uses as a dimension: in its shape, or (in_view) in a
// pl.TensorView's valid_shape.
struct DimRef {
  std::string name;
  Location loc;
  bool in_view = false;
};

// A call argument written `name=value`.
struct Keyword {
  Token name;
  ExprPtr value;
};

class Parser {
 public:
  // See FindCarries.
  struct Carry {
    std::string name;
    Var* before;
    Var* after_body;
    bool read;
  };

  Parser(std::vector<Token> tokens, std::vector<Comment> comments,
         absl::string_view filename, const ParseOptions& options);
  absl::StatusOr<std::unique_ptr<Program>> Run();

 private:
  // ---- tokens (parser.cc) ----
  const Token& Peek(size_t ahead = 0) const;
  // The first token inside the parentheses that wrap everything from token
  // `pos` to the end of the logical line (`pos` itself when none do).
  size_t WrappedStart(size_t pos) const;
  const Token& Next();
  bool AtOp(absl::string_view op, size_t ahead = 0) const;
  bool AtName(absl::string_view name, size_t ahead = 0) const;
  bool AtKind(TokenKind kind, size_t ahead = 0) const;
  // True at `pl . name` (or `pld . name`).
  bool AtDotted(absl::string_view base, absl::string_view name, size_t ahead = 0) const;
  absl::Status ExpectOp(absl::string_view op);
  absl::Status ExpectName(absl::string_view name);
  absl::Status ExpectKind(TokenKind kind, absl::string_view what);
  absl::StatusOr<Token> ExpectIdentifier(absl::string_view what);
  Location Loc(const Token& t) const;
  absl::Status ErrorAtToken(const Token& t, absl::string_view message) const;
  // "expected X, got Y" at the current token.
  absl::Status Unexpected(absl::string_view expected) const;
  // The error for nesting deeper than kMaxDepth, at the current token.
  absl::Status TooDeep() const;

  // ---- program, functions, types (parser.cc) ----
  absl::Status ParseImport();
  // Parses a decorated `def` up to its `:` and skips its body; returns the
  // index of the body's first token (bodies are parsed once every function
  // is known, so that a call may name a function defined later).
  absl::StatusOr<size_t> ParseFunctionHeader();
  absl::Status ParseDecorator(Function& fn);
  // `(name=value, ...)` of a decorator, constants only.
  absl::Status ParseDecoratorArgs(absl::string_view decorator, std::vector<NamedExpr>* out);
  absl::Status ParseDecoratorValue(absl::string_view decorator, const Token& key,
                                   std::vector<NamedExpr>* out);
  absl::Status ParseParams(Function& fn);
  // `{"name": constant, ...}`, added to the function's attrs.
  absl::Status ParseAttrDict(Function& fn);
  absl::Status SkipSuite();
  absl::Status ParseFunctionBody(Function& fn, size_t body_start);
  absl::StatusOr<Type> ParseType();
  // `pl.Mem.X` or `pl.MemorySpace.X`.
  absl::StatusOr<MemorySpace> ParseMemoryRef();
  // One PyPTO type element ptoc does not interpret (`pl.MemRef(..)`,
  // `pl.TensorView(..)`, `pl.TensorLayout.ND`, `pl.NZ`), as canonical text.
  absl::StatusOr<std::string> ParseTypeElementText();
  absl::StatusOr<DType> ParseDTypeRef();
  absl::StatusOr<Shape> ParseShape();
  // The text of a dimension written as an expression, up to its `,` / `]`.
  absl::StatusOr<std::string> ParseDimExprText();
  // Whether `name` is bound, in the scopes open here, to a scalar.
  bool IsBoundScalar(const std::string& name) const;
  absl::StatusOr<TileView> ParseTileView(MemorySpace memory);
  // `pl.TileLayout.X` (the prefix tokens are checked here).
  absl::StatusOr<Layout> ParseLayoutRef();
  // Checks the symbolic dims met since the last call against the params.
  absl::Status CheckSymbolicDims();
  // PyPTO resolves parameter annotations in declaration order
  // (parse_rules.cc): `uses[i]` are the dims parameter i's type names.
  absl::Status CheckParamOrder(const Function& fn,
                               const std::vector<std::vector<DimRef>>& uses) const;
  // PyPTO keeps one variable per name (until its ConvertToSSA): rebinding
  // a tensor or tile name to a value of another shape or dtype is an
  // error, except for loop-carried names (parse_rules.cc).
  absl::Status CheckReassign(const std::string& name, const Location& loc,
                             const Type& type) const;

  // ---- leading comments, attached as PyPTO's parser does (parse_comments.cc) ----
  // The comments of the function body starting after `header_line`.
  void StartFunctionComments(int header_line);
  // The comments the statement at the current token leads with: those on
  // its lines and before them; a compound statement leaves the ones at its
  // body's indentation (and after its header) to its first body statement.
  std::vector<std::string> DrainComments();
  // Puts `lines` back, before the waiting ones, on the line after the last
  // token read, at `col`: a statement that adds nothing (a docstring,
  // `pass`) hands its comments to the next one.
  void RequeueComments(std::vector<std::string> lines, int col);
  // Drops the waiting comments before `next` deeper than `col` (a closed
  // block's tail comments, which PyPTO drops too).
  void DropCommentsBefore(const Token& next, int col);

  // ---- statements and scopes (parse_stmt.cc) ----
  absl::StatusOr<Block> ParseSuite(bool yield_allowed);
  // A statement with its leading comments (ParseStatementKind parses it).
  absl::Status ParseStatement(std::vector<StmtPtr>& out,
                              std::optional<YieldTargets>& yield, bool yield_allowed);
  absl::Status ParseStatementKind(std::vector<StmtPtr>& out,
                                  std::optional<YieldTargets>& yield, bool yield_allowed);
  absl::Status ParseSimpleStatement(std::vector<StmtPtr>& out,
                                    std::optional<YieldTargets>& yield,
                                    bool yield_allowed);
  // `pl.func_attr({"name": value, ...})`: adds to the function's attrs.
  absl::Status ParseFuncAttr();
  absl::Status ParseAbstractBody(const std::vector<StmtPtr>& out);
  // pl.static_print(...) / pl.static_assert(...): checked, no statement.
  absl::Status ParseStaticCheck();
  // At `name[...] = value`; and its parse (a pl.Array element write).
  bool IsSetItem() const;
  // At `(a, b) = value` or `(a,) = value`: a parenthesized target list.
  bool AtParenTargets() const;
  absl::StatusOr<StmtPtr> ParseSetItem();
  absl::StatusOr<StmtPtr> ParseFor();
  absl::StatusOr<StmtPtr> ParseIf();
  absl::StatusOr<StmtPtr> ParseWhile();
  // `for (a, b) in pl.while_(init_values=(a0, b0)):` (parse_while.cc), and
  // the `pl.cond(c)` that must open its body.
  absl::StatusOr<StmtPtr> ParseWhileCarried();
  // One name of a loop's carried-value targets (`a` of `(a, b)`), appended
  // to `carried`; a name carried twice is an error.
  absl::Status ParseCarriedName(std::vector<Token>& carried);
  // The end of a loop with carried values (a for with init_values, or a
  // pl.while_), once its body is parsed and ends with a yield: checks the
  // yield against the carried values, closes the loop's scope (`construct`
  // names it), binds the results, adds the implicit carries.
  absl::StatusOr<StmtPtr> FinishCarriedLoop(StmtPtr stmt, const Block& body,
                                            const std::vector<Token>& carried,
                                            const Token& for_token,
                                            absl::string_view construct);
  absl::Status ParseCond(const std::vector<StmtPtr>& out);
  // A yield ending the body of a runtime scope (yield_allowed) is moved
  // into `hoisted`, to follow the scope; `yield` gets its targets.
  absl::StatusOr<StmtPtr> ParseWith(bool yield_allowed, std::optional<YieldTargets>& yield,
                                    StmtPtr& hoisted);
  // PyPTO's rules for a scope's arguments and placement.
  absl::Status CheckScopeArgs(const Token& start, const std::string& scope,
                              const std::vector<ExprPtr>& args,
                              const std::vector<Keyword>& keywords);
  absl::StatusOr<StmtPtr> ParseReturn();
  // ---- pl.split_aiv regions (parse_split_aiv.cc) ----
  // At `for ... in pl.split_aiv`.
  bool AtSplitAiv() const;
  absl::StatusOr<StmtPtr> ParseSplitAiv();
  // A tile.aiv_shard / tile.aic_gather call's keywords: no mode=; inside a
  // region split= is the region's mode (added when not written).
  absl::Status InheritRegionSplit(const OpInfo& info, const Token& start,
                                  std::vector<Keyword>& keywords);
  absl::StatusOr<StmtPtr> ParseAssign(std::optional<YieldTargets>& yield,
                                      bool yield_allowed);
  // `a, b = value` with a tuple value.
  absl::StatusOr<StmtPtr> ParseUnpack(YieldTargets targets);
  absl::StatusOr<StmtPtr> ParseYield(YieldTargets targets,
                                     std::optional<YieldTargets>& yield,
                                     bool yield_allowed);
  void PushScope();
  // Closes the innermost scope, leaving tombstones for its names.
  void PopScope(absl::string_view construct, int line);
  // Closes the innermost scope, keeping its names visible (a pl.spmd loop).
  void LeakScope();
  // Closes the innermost scope and returns its names; Tombstone() then
  // leaves tombstones for them in the (new) innermost scope. ParseIf
  // defers the tombstones of its then branch so the else branch still
  // sees the names bound before the if.
  absl::flat_hash_map<std::string, Binding> TakeScope();
  void Tombstone(const absl::flat_hash_map<std::string, Binding>& closed,
                 absl::string_view construct, int line);
  absl::Status Bind(const std::string& name, const Location& loc, Var* var);
  absl::StatusOr<Var*> Lookup(const Token& name);

  // ---- expressions (parse_expr.cc) and calls (parse_call.cc) ----
  absl::StatusOr<ExprPtr> ParseExpr();
  absl::StatusOr<ExprPtr> ParseOr();
  absl::StatusOr<ExprPtr> ParseAnd();
  absl::StatusOr<ExprPtr> ParseNot();
  absl::StatusOr<ExprPtr> ParseComparison();
  absl::StatusOr<ExprPtr> ParseArith();
  absl::StatusOr<ExprPtr> ParseTerm();
  absl::StatusOr<ExprPtr> ParseUnary();
  absl::StatusOr<ExprPtr> ParsePrimary();
  absl::StatusOr<ExprPtr> ParseParenOrTuple();
  absl::StatusOr<ExprPtr> ParseList();
  // `{"key": value, ...}` (string keys).
  absl::StatusOr<ExprPtr> ParseDict();
  absl::StatusOr<ExprPtr> ParseQualified();
  // `base[...]` of a tensor or tile, at '[' (parse_subscript.cc).
  absl::StatusOr<ExprPtr> ParseSubscript(ExprPtr base, const Token& start);
  absl::StatusOr<ExprPtr> ParseTupleGetItem(ExprPtr tuple);
  // `[i, lo:hi, ...]`, at '['.
  absl::StatusOr<std::vector<SubscriptIndex>> ParseIndices();
  absl::StatusOr<SubscriptWindow> BuildWindow(const Type& type,
                                              std::vector<SubscriptIndex>& indices,
                                              const Location& loc);
  // `dst[...] = src` of a tensor or tile `var`, after its name.
  absl::StatusOr<StmtPtr> ParseWindowWrite(const Token& name, Var* var);
  // A shape dim as an expression: its constant, or the scalar variable
  // named by a symbolic dim.
  absl::StatusOr<ExprPtr> DimExpr(const Dim& d, const Location& loc);
  absl::StatusOr<ExprPtr> ParseEnum(const Token& base,
                                    const std::vector<std::string>& parts);
  absl::Status ParseCallArgs(std::vector<ExprPtr>& args, std::vector<Keyword>& keywords);
  // The arguments after the opening '('.
  absl::Status ParseCallArgsRest(std::vector<ExprPtr>& args, std::vector<Keyword>& keywords);
  // `pl.submit(self.f, args..., deps=[...])` (and pl.spmd_submit).
  absl::StatusOr<ExprPtr> ParseSubmit(const Token& base, const std::string& op);
  absl::StatusOr<ExprPtr> FinishOpCall(std::string op, const Token& start,
                                       size_t start_index, std::vector<ExprPtr> args,
                                       std::vector<Keyword> keywords);
  absl::StatusOr<std::vector<NamedExpr>> CheckAttrs(const OpInfo& info,
                                                    const Location& loc,
                                                    std::vector<Keyword> attrs);
  absl::StatusOr<ExprPtr> TakeCallAttrsDict(const OpInfo& info, std::vector<Keyword>& keywords);
  // ---- ConvertToSSA (parse_ssa.cc) ----
  // The binding of `name` in the scopes around the innermost one.
  const Binding* OuterBinding(const std::string& name) const;
  // A live name of the innermost scope, and its binding before it (null:
  // none, or a tombstone; before_leaked: a name a loop leaked).
  struct BranchBinding {
    std::string name;
    Var* value;
    Var* before;
    bool before_leaked;
  };
  std::vector<BranchBinding> BranchBindings() const;
  bool SpmdBodyUsesBlock(const Stmt& s) const;
  std::vector<Var*> MergeBranches(Stmt& if_stmt, const std::vector<BranchBinding>& then_live,
                                  const std::vector<BranchBinding>& else_live);
  // The names the innermost scope (a loop's) rebinds that the loop must
  // carry: each one's value before the loop and at the end of the body;
  // `read` when the body (or a while's condition) reads the value before
  // the loop. The names `loop` must carry (an error for a rebinding to another type
  // that the loop reads across iterations).
  absl::StatusOr<std::vector<Carry>> FindCarries(const Stmt& loop) const;
  // Makes `loop` carry them (after its own iter_args); returns its new
  // results, to be bound after the loop.
  std::vector<Var*> ApplyCarries(Stmt& loop, const std::vector<Carry>& carries);
  absl::Status CheckSpmdLoopArgs(const Token& start, std::vector<ExprPtr>& bounds,
                                 std::vector<Keyword>& keywords);
  absl::Status NamePositionalArgs(const OpInfo& info, const Token& start,
                                  std::vector<ExprPtr>& args, std::vector<Keyword>& keywords);
  absl::StatusOr<std::vector<NamedExpr>> FunctionCallKeywords(const Function& callee,
                                                             std::vector<Keyword> keywords);
  absl::StatusOr<ExprPtr> FinishFunctionCall(const Token& start, const std::string& name,
                                             std::vector<ExprPtr> args,
                                             std::vector<Keyword> keywords);
  // Counts one operator of the current expression; an error past
  // kMaxOperators.
  absl::Status CountOperator(const Token& op);
  absl::StatusOr<ExprPtr> MakeBinaryChecked(const Token& op_token, ExprPtr lhs,
                                            ExprPtr rhs);
  // The common type of two scalar operands after literal adaptation.
  absl::StatusOr<Type> UnifyOperands(const Token& op_token, Expr& lhs, Expr& rhs);

  std::vector<Token> tokens_;
  size_t pos_ = 0;
  std::vector<Comment> comments_;  // the file's, in source order
  // The current function's comments not yet attached, by line: (col, text).
  std::map<int, std::vector<std::pair<int, std::string>>> pending_comments_;
  std::string filename_;
  ParseOptions options_;
  int depth_ = 0;
  // The enclosing loops of the current body, innermost last: "" for
  // pl.range and while, else the loop kind ("parallel", ...).
  std::vector<std::string> loops_;
  int manual_scopes_ = 0;     // enclosing manual scopes
  Location abstract_body_loc_;  // the `...` of an abstract SubWorker
  std::vector<SplitRegion> split_regions_;  // enclosing pl.split_aiv regions
  std::vector<std::string> with_scopes_;  // enclosing `with` scopes, outermost first
  // Enclosing core contexts: `with pl.at(level=pl.Level.CORE_GROUP)`, pl.spmd.
  int core_scopes_ = 0;
  bool strict_ssa_ = false;   // the function is @pl.function(strict_ssa=True)
  // The pl.while_ loop whose body's first statement, pl.cond(...), is
  // awaited, and the scope depths of that body.
  Stmt* pending_cond_ = nullptr;
  size_t pending_cond_scopes_ = 0;
  size_t pending_cond_withs_ = 0;
  bool in_expr_ = false;  // inside the outermost ParseExpr
  int operators_ = 0;     // operators of the outermost expression so far

  std::unique_ptr<Program> program_;
  Function* fn_ = nullptr;  // the function being parsed
  // The loop-carried variables of written init_values (PyPTO's IterArgs).
  absl::flat_hash_set<const Var*> carried_;
  std::vector<absl::flat_hash_map<std::string, Binding>> scopes_;
  // The names the types parsed since the last CheckSymbolicDims use as
  // dimensions.
  std::vector<DimRef> symbolic_dims_;
  // While parsing the right-hand side of an assignment: the index of its
  // first token and its annotation. An op whose result type comes from the
  // annotation (tpop) must be called exactly there.
  size_t rhs_start_ = static_cast<size_t>(-1);
  const Type* rhs_annotation_ = nullptr;
};

// Drops the carries a loop written with init_values need not add: names
// its pl.yield_ binds (an error when the body reads the earlier value).
absl::Status DropYieldTargets(const YieldTargets& targets, std::vector<Parser::Carry>& carries);

// Whether `e` / `s` refers to `v` anywhere.
bool Mentions(const Expr& e, const Var* v);
bool Mentions(const Stmt& s, const Var* v);
// Replaces every reference to `from` under `e` / `s` by `to`.
void ReplaceVar(Expr& e, const Var* from, Var* to);
void ReplaceVar(Stmt& s, const Var* from, Var* to);

// Counts one level of nesting for as long as it lives.
class NestingGuard {
 public:
  explicit NestingGuard(int& depth) : depth_(depth) { ++depth_; }
  ~NestingGuard() { --depth_; }
  NestingGuard(const NestingGuard&) = delete;
  NestingGuard& operator=(const NestingGuard&) = delete;
  bool too_deep() const { return depth_ > kMaxDepth; }

 private:
  int& depth_;
};

// PyPTO's result of a call of a function written without `-> TYPE`: the
// types of the first `return` with values in its body (a tuple when it
// returns several), else None (it returns nothing, or its body is not
// parsed yet: a function defined after the caller). parse_rules.cc.
Type ReturnedType(const Function& fn);

// Python keywords: never names of variables, parameters or functions.
bool IsKeyword(absl::string_view name);

// PyPTO's short spelling `op` (`add`, `world_size`) as the registered op the
// arguments' types select (parse_call.cc); `op` itself when none is.
std::string ResolveShortOp(const std::string& op, const std::vector<ExprPtr>& args);

bool IsBoolScalar(const Type& t);

// Gives a numeric literal the type of the other operand or of an
// annotation: an integer literal takes another integer dtype or becomes a
// float constant; a float literal takes another float dtype. Does nothing
// to other expressions or types.
void AdaptLiteral(Expr& e, const Type& to);

}  // namespace parser_internal
}  // namespace ptoc

#endif  // PTOC_FRONTEND_PARSER_IMPL_H_
