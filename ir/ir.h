// The in-memory ptoc IR that every pass works on.
//
// A Program owns Functions; a Function owns its Vars and its body. Statement
// and expression nodes are tagged structs: `kind` says which fields are
// meaningful (documented per field). Vars are referenced by pointer; every
// binding is a new Var (SSA), so a Var has exactly one definition.
#ifndef PTOC_IR_IR_H_
#define PTOC_IR_IR_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/types.h"

namespace ptoc {

// A source file's name, interned for the life of the process: a Location
// is copied wherever a statement, a sync instruction or a finding goes (the
// planner's check copies millions), and copying one now copies a pointer.
// Reads like the string it names; equal names are the same pointer.
class FileName {
 public:
  FileName() = default;
  FileName(absl::string_view name);  // NOLINT(runtime/explicit): a string
  FileName(const std::string& name) : FileName(absl::string_view(name)) {}  // NOLINT
  FileName(const char* name) : FileName(absl::string_view(name)) {}        // NOLINT
  const std::string& str() const;
  operator const std::string&() const { return str(); }  // NOLINT
  bool empty() const { return name_ == nullptr; }
  friend bool operator==(FileName a, FileName b) { return a.name_ == b.name_; }
  friend bool operator!=(FileName a, FileName b) { return a.name_ != b.name_; }
  friend bool operator<(FileName a, FileName b) { return a.str() < b.str(); }

 private:
  const std::string* name_ = nullptr;  // nullptr: ""
};

struct Location {
  FileName file;
  int line = 0;  // 0: unknown
  int col = 0;
  bool known() const { return line > 0; }
};

// "file:line:col", for messages, traces and reports (each caller says
// what an unknown location reads as).
std::string FileLineCol(const Location& loc);

struct Var {
  int id = 0;  // unique within its function
  std::string name;
  Type type;
  Location loc;
};

enum class ExprKind {
  kVar, kInt, kFloat, kBool, kString, kEnum, kList, kTuple, kBinary, kUnary, kCall,
  kDict,  // `{"key": value, ...}` (a call's attrs=): attrs are the entries, in order
  // `t[i]` on a tuple (PyPTO's TupleGetItemExpr): args[0] the tuple,
  // int_value the constant index; type the element's.
  kTupleGetItem,
};

enum class BinaryOp {
  kAdd, kSub, kMul, kFloorDiv, kMod, kDiv, kEq, kNe, kLt, kLe, kGt, kGe, kAnd, kOr,
};
// kBitNot: `~x` of an integer (PyPTO's BitNot).
enum class UnaryOp { kNeg, kNot, kBitNot };

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct NamedExpr {
  std::string name;
  ExprPtr value;
};

struct Expr {
  ExprKind kind = ExprKind::kInt;
  Location loc;
  Type type;  // result type; None for a call made for its effect

  Var* var = nullptr;        // kVar
  int64_t int_value = 0;     // kInt
  double float_value = 0;    // kFloat
  bool bool_value = false;   // kBool
  // kString: the string. kEnum: the value ("Vec", "AtomicAdd", "FP32").
  // kCall: the op name ("tile.store") or the function name.
  std::string str;
  std::string enum_type;     // kEnum: MemorySpace, TileLayout, DType, NotifyOp, WaitCmp
  BinaryOp binary_op = BinaryOp::kAdd;  // kBinary
  UnaryOp unary_op = UnaryOp::kNeg;     // kUnary
  // kList / kTuple: the elements. kBinary: lhs, rhs. kUnary: the operand.
  // kCall: the positional arguments.
  std::vector<ExprPtr> args;
  std::vector<NamedExpr> attrs;  // kCall: keyword attributes
  bool is_function_call = false; // kCall: `self.name(...)`, not an op

  bool is_call() const { return kind == ExprKind::kCall; }
  bool is_op_call(absl::string_view op) const {
    return kind == ExprKind::kCall && !is_function_call && str == op;
  }
  // The attribute named `name`, or nullptr.
  const Expr* FindAttr(absl::string_view name) const;
  Expr* FindAttr(absl::string_view name);
};

enum class StmtKind {
  kSeq, kAssign, kEval, kFor, kWhile, kIf, kYield, kReturn,
  kScope,     // `with pl.at(...) [as t]:` and PyPTO's other scopes
  kBreak, kContinue,
  kUnpack,    // `a, b = value`: value (a tuple), results (the targets)
  kSetItem,   // `arr[i] = value`: var (a pl.Array), values (the index), value
  // `for lane in pl.split_aiv(2, mode=pl.SplitMode.X):` (dual-aiv.md): var
  // (the lane, Scalar[INDEX]), split_mode, body. Runs once per AIV lane; not
  // a loop; names bound in the body stay visible after it.
  kSplitAiv,
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

struct Stmt {
  StmtKind kind = StmtKind::kSeq;
  Location loc;

  std::vector<StmtPtr> stmts;  // kSeq
  Var* var = nullptr;          // kAssign: the target. kFor: the loop variable.
  ExprPtr value;               // kAssign / kEval: the value. kIf / kWhile: the condition.
  ExprPtr start, stop, step;   // kFor
  // kFor / kWhile: loop-carried values seen by the body (and a while's
  // condition), their initial values; kFor / kWhile / kIf: the values
  // visible after the statement.
  std::vector<Var*> iter_args;
  std::vector<ExprPtr> init_values;
  std::vector<Var*> results;
  StmtPtr body;                // kFor / kWhile: the body. kIf: the then-body.
  StmtPtr else_body;           // kIf: optional
  std::vector<ExprPtr> values; // kYield / kReturn
  // kFor: how the loop is written: "range" (empty), "parallel", "pipeline",
  // "unroll", "spmd"; loop_attrs: its other keywords (stage=, ...).
  // kScope: `value` is the scope call (op name "at", "manual_scope",
  // "auto_scope", "spmd", "cluster", "scope"), `var` the optional `as`
  // target (a TASK_ID scalar), `body` the body; names bound in the body
  // stay visible after it, as in Python.
  std::string loop_kind;
  std::vector<NamedExpr> loop_attrs;
  // kSplitAiv: pl.SplitMode as its code: 0 NONE, 1 UP_DOWN, 2 LEFT_RIGHT.
  int split_mode = 0;
  // The `#` comment lines written above the statement (their text, without
  // the `#`), as PyPTO keeps them; never on a Seq. Each is one line.
  std::vector<std::string> leading_comments;
};

// The scopes of `with pl.X(...):` ("at", "manual_scope", ...), in the order
// the parser's message lists them.
absl::Span<const absl::string_view> ScopeNames();
bool IsScopeName(absl::string_view name);
// Only `with pl.at(...) as tid:` and `with pl.spmd(...) as tid:` bind a name.
bool ScopeTakesTarget(absl::string_view name);
// pl.manual_scope() and pl.auto_scope() take no arguments.
bool ScopeTakesArguments(absl::string_view name);
struct Expr;

// What a scope's call takes, as PyPTO's parser has it: its positional
// arguments and its keywords with the form of each value. The parser and
// the verifier both check a scope call against it, so a .pb can never hold
// a scope call the text format cannot read back.
enum class ScopeValueForm {
  kAny,        // optimizations=, deps=, dumps=, core_num=: checked elsewhere
  kEnum,       // a pl.<enum_type> value
  kString,
  kBool,
  kTensorList  // a list literal of bare tensor names
};
struct ScopeKeyword {
  absl::string_view name;
  ScopeValueForm form;
  absl::string_view enum_type = "";  // for kEnum
};
struct ScopeSignature {
  size_t positionals = 0;
  std::vector<ScopeKeyword> keywords;
  const ScopeKeyword* Find(absl::string_view name) const;
};
const ScopeSignature& ScopeSignatureOf(absl::string_view scope);
// What is wrong with `value` as the keyword `keyword` of the scope named
// `call_name` ("pl.at()"): a message and the expression to point at, or
// nullopt when it is fine.
struct ScopeValueError {
  std::string message;
  const Expr* at;
};
std::optional<ScopeValueError> CheckScopeKeywordValue(absl::string_view call_name,
                                                      const ScopeKeyword& keyword,
                                                      const Expr& value);

// What is wrong with the keyword `name`=`value` of a `for ... in
// pl.<loop_kind>(...)` header (PyPTO's loop keywords: constants, and
// pl.spmd's optimizations=[pl.split(...), pl.cross_core_slot(...)]), or
// nullopt; `at` nullptr points at the keyword's name. Parser and verifier
// share it.
std::optional<ScopeValueError> CheckLoopKeyword(absl::string_view loop_kind,
                                                absl::string_view name, const Expr& value);

// What is wrong with the stage= of a loop of `loop_kind` whose keywords
// are `attrs` (pl.pipeline needs it, no other loop takes it), or nullopt.
// Parser and verifier share it.
std::optional<std::string> CheckLoopStage(absl::string_view loop_kind,
                                          const std::vector<NamedExpr>& attrs);

struct Function;
// What is wrong with a `with pl.scope(mode=...)` in `f` (`mode` the mode=
// value, or nullptr): a hand-placed AUTO scope needs
// @pl.function(auto_scope=False). A message, or nullopt. Parser and
// verifier share it.
std::optional<std::string> CheckHandPlacedScope(const Function& f, const Expr* mode);

// What is wrong with the keyword `name`=`value` of a call of the program
// function `callee` (PyPTO takes `attrs={...}`, and `device=` when the
// callee is an Orchestrator): a message and the expression to point at
// (nullptr: the keyword's name), or nullopt when it is fine. The parser and
// the verifier share it.
std::optional<ScopeValueError> CheckFunctionCallKeyword(const Function& callee,
                                                        absl::string_view name,
                                                        const Expr& value);
// A scope call (a kScope statement's value) that opens a core context, as
// PyPTO's InCore scope: `pl.at(level=pl.Level.CORE_GROUP, ...)` and `pl.spmd(...)`.
bool IsCoreScope(const Expr& scope_call);
// The block count of a `pl.spmd(core_num)` scope call (its core_num, the
// positional argument or the keyword), or nullptr for any other scope.
const Expr* SpmdCoreNum(const Expr& scope_call);

// pl.SplitMode's names by code ("NONE", "UP_DOWN", "LEFT_RIGHT"); "" for
// any other code.
absl::string_view SplitModeName(int mode);
// The code of a pl.SplitMode name, or -1.
int SplitModeCode(absl::string_view name);

// kInline and kGraph are PyPTO's; they go last (the proto enum follows this order).
enum class FunctionKind {
  kOpaque, kOrchestration, kInCore, kAIC, kAIV, kGroup, kSpmd, kInline, kGraph,
};
enum class Direction { kIn, kOut, kInOut };

absl::string_view FunctionKindName(FunctionKind k);  // "InCore", ...
std::optional<FunctionKind> ParseFunctionKind(absl::string_view s);
// The level PyPTO stamps on a core function of this kind, always with
// role=pl.Role.SubWorker ("AIC", "AIV", "CORE_GROUP"; its Function derives
// both from the type and its printer prints them); empty for other kinds.
absl::string_view StampedLevel(FunctionKind k);
// The error for a `level=` / `role=` decorator argument that disagrees
// with the stamp of `f`'s kind (PyPTO refuses it), or std::nullopt.
std::optional<std::string> CheckStampedLevelRole(const Function& f, const NamedExpr& arg);

// Python's keywords ("for", "True", ...): never a name in the text format.
bool IsPythonKeyword(absl::string_view name);
// A name the text format can spell (program, function, variable, keyword
// argument): an ASCII identifier that is not a Python keyword.
bool IsIdentifier(absl::string_view name);

struct Param {
  Var* var = nullptr;
  Direction direction = Direction::kIn;
};

struct Function {
  std::string name;
  FunctionKind kind = FunctionKind::kInCore;
  std::vector<Param> params;
  std::optional<Type> return_type;
  std::vector<NamedExpr> attrs;  // constant values: int, bool, string, list
  // The other @pl.function arguments PyPTO has (level=, role=, strict_ssa=,
  // auto_scope=, external_source=, ...), constants in written order.
  std::vector<NamedExpr> decorator_args;
  bool has_self = true;          // false: a method written without `self`
  // PyPTO's abstract SubWorker: its body is `...`, the implementation is
  // bound when the program runs (body empty here).
  bool requires_runtime_binding = false;
  StmtPtr body;                  // never null after construction
  std::vector<std::unique_ptr<Var>> vars;  // owns every Var of the function
  Location loc;

  // Creates a Var owned by this function with a fresh id.
  Var* NewVar(std::string name, Type type, Location loc = {});
  const Expr* FindAttr(absl::string_view name) const;
  bool is_kernel() const {  // the kinds that run on a core
    return kind == FunctionKind::kInCore || kind == FunctionKind::kAIC ||
           kind == FunctionKind::kAIV;
  }
};

struct ProgramOptions {
  std::string backend;  // "a2a3" | "a5"; empty: not chosen (a2a3)
  bool allow_unregistered_ops = false;
  // Intra-core pipe synchronisation codegen plans (pipe-sync.md §3.1):
  // "flags" | "barrier-all"; empty: not chosen (barrier-all).
  std::string pipe_sync;
};

struct Program {
  std::string name;
  std::string docstring;                     // empty: none
  std::vector<NamedExpr> decorator_args;     // @pl.program(...) arguments
  std::vector<std::string> dynamic_dims;     // `M = pl.dynamic("M")` before the class
  std::vector<std::unique_ptr<Function>> functions;
  ProgramOptions options;
  Location loc;

  Function* FindFunction(absl::string_view name);
  const Function* FindFunction(absl::string_view name) const;
};

// Deep copies. Clone(Expr/Stmt) keeps Var pointers (the copy lives in the
// same function); CloneFunction and CloneProgram remap every Var to the
// copy's.
ExprPtr Clone(const Expr& e);
StmtPtr Clone(const Stmt& s);
std::unique_ptr<Function> CloneFunction(const Function& f);
std::unique_ptr<Program> CloneProgram(const Program& p);

}  // namespace ptoc

#endif  // PTOC_IR_IR_H_
