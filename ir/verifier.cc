// The verifier walks every function once with a stack of scopes: a Var is
// visible from its definition to the end of the body that defines it (a for
// loop's body and loop variable, as in Python, to the end of the body
// around the loop when the loop carries no values; the bodies of scopes and
// pl.spmd loops have no scope of their own), so a
// use outside that range (or a second definition) is an error, as are calls
// that the registry says are malformed and types that disagree with the
// registry's result rules.
#include "ir/verifier.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "frontend/printer.h"
#include "ir/annotation.h"
#include "ir/call_types.h"
#include "ir/diagnostics.h"
#include "ir/enums.h"
#include "ir/registry.h"
#include "ir/verify_pypto.h"
#include "ir/verify_shapes.h"

namespace ptoc {
namespace {

bool AttrKindMatches(const AttrSpec& spec, const Expr& value) {
  switch (spec.kind) {
    case AttrKind::kExpr: return true;
    case AttrKind::kInt: return value.kind == ExprKind::kInt;
    case AttrKind::kBool: return value.kind == ExprKind::kBool;
    case AttrKind::kString: return value.kind == ExprKind::kString;
    case AttrKind::kEnum:
      return value.kind == ExprKind::kEnum && value.enum_type == spec.enum_type;
    case AttrKind::kDType:
      return value.kind == ExprKind::kEnum && value.enum_type == "DType";
    case AttrKind::kIntList:
      if (value.kind != ExprKind::kList) return false;
      // Constants or integer scalar variables (as the parser takes them).
      for (const ExprPtr& e : value.args) {
        const bool int_var = e->kind == ExprKind::kVar && e->type.is_scalar() &&
                             IsIntegerDType(e->type.dtype());
        if (e->kind != ExprKind::kInt && !int_var) return false;
      }
      return true;
  }
  return false;
}

bool IsComparison(BinaryOp op) {
  return op == BinaryOp::kEq || op == BinaryOp::kNe || op == BinaryOp::kLt ||
         op == BinaryOp::kLe || op == BinaryOp::kGt || op == BinaryOp::kGe;
}

// The typing rule of the text format (ir.md, "Expressions"): the dtype of
// `a OP b`, or nullopt when OP is not defined on those operands. The
// verifier holds every program to it, so that a program that verifies
// (from a .pb, say) prints as text that parses back.
std::optional<DType> BinaryResultDType(BinaryOp op, DType a, DType b) {
  if (op == BinaryOp::kAnd || op == BinaryOp::kOr) {
    if (a == DType::kBOOL && b == DType::kBOOL) return DType::kBOOL;
    return std::nullopt;
  }
  DType unified = a;
  if (a != b) {
    if (!IsIntegerDType(a) || !IsIntegerDType(b) ||
        (a != DType::kINDEX && b != DType::kINDEX)) {
      return std::nullopt;
    }
    unified = DType::kINDEX;  // INDEX and INTn mix by widening to INDEX
  }
  const bool comparison = IsComparison(op);
  const bool ordering = comparison && op != BinaryOp::kEq && op != BinaryOp::kNe;
  if (op == BinaryOp::kDiv && !IsFloatDType(unified)) return std::nullopt;
  if ((op == BinaryOp::kFloorDiv || op == BinaryOp::kMod) && !IsIntegerDType(unified)) {
    return std::nullopt;
  }
  if (unified == DType::kBOOL && (ordering || !comparison)) return std::nullopt;
  return comparison ? DType::kBOOL : unified;
}

// A variable's name as the text format spells it (an empty name is
// printed as a fresh one); `pl`, `pld` and `self` cannot be assigned.
bool IsVarName(absl::string_view name) {
  return name.empty() ||
         (IsIdentifier(name) && name != "pl" && name != "pld" && name != "self");
}

// An unregistered op's name, printed behind `pl.`: dotted identifiers.
bool IsOpName(absl::string_view name) {
  for (absl::string_view part : absl::StrSplit(name, '.')) {
    if (!IsIdentifier(part)) return false;
  }
  return true;
}

bool IsKnownEnum(const Expr& e) {
  if (e.enum_type == "DType") return ParseDType(e.str).has_value();
  if (e.enum_type == "MemorySpace") return ParseMemorySpace(e.str).has_value();
  if (e.enum_type == "TileLayout") return ParseLayout(e.str).has_value();
  if (e.enum_type == "NotifyOp") return e.str == "AtomicAdd" || e.str == "Set";
  if (e.enum_type == "WaitCmp") return e.str == "Eq" || e.str == "Ge";
  const PyptoEnum* pypto = FindPyptoEnum(e.enum_type);
  return pypto != nullptr && pypto->Has(e.str);
}

// Attribute values are printed as they are: an enum value the text format
// cannot spell (a hostile .pb) would print as a name no parser knows.
void VerifyAttrEnums(const std::vector<NamedExpr>& attrs, absl::string_view what,
                     const Location& fallback, DiagnosticSink& sink) {
  std::function<void(const NamedExpr&, const Expr*)> walk = [&](const NamedExpr& a,
                                                                const Expr* v) {
    if (v == nullptr) return;
    if (v->kind == ExprKind::kEnum && !IsKnownEnum(*v)) {
      sink.Error(v->loc.known() ? v->loc : fallback,
                 absl::StrCat(what, " '", a.name, "': unknown enum value ", v->enum_type, ".",
                              v->str));
    }
    // A call in an attribute (`optimizations=[pl.split(...)]`) prints as
    // `pl.<name>(...)`.
    if (v->kind == ExprKind::kCall && !IsOpName(v->str)) {
      sink.Error(v->loc.known() ? v->loc : fallback,
                 absl::StrCat(what, " '", a.name, "': '", absl::CHexEscape(v->str),
                              "' is not a name the text format can spell"));
    }
    for (const ExprPtr& arg : v->args) walk(a, arg.get());
    for (const NamedExpr& keyword : v->attrs) walk(a, keyword.value.get());
  };
  for (const NamedExpr& a : attrs) {
    if (!IsIdentifier(a.name)) {
      sink.Error(fallback, absl::StrCat(what, " '", absl::CHexEscape(a.name),
                                        "' is not a name the text format can spell"));
    }
    walk(a, a.value.get());
  }
}

// PyPTO type elements ptoc keeps as text (Type::extra()) print as they are:
// they must be text the parser reads back as elements: no control
// characters, brackets that balance, no empty element.
bool IsPrintableTypeExtra(absl::string_view extra) {
  if (extra.empty()) return true;
  int depth = 0;
  for (char c : extra) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f || c == '#' || c == '\\') return false;
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth < 0) return false;
  }
  if (depth != 0) return false;
  // Each element is a `pl.` name (pl.MemRef(..), pl.TensorView(..),
  // pl.TensorLayout.NZ), as the parser reads one.
  for (absl::string_view element : ExtraElements(extra)) {
    element = absl::StripAsciiWhitespace(element);
    if (!absl::StartsWith(element, "pl.") || element.size() < 4 ||
        !(absl::ascii_isalpha(element[3]) || element[3] == '_')) {
      return false;
    }
  }
  return true;
}

// True when `pred` holds for `t` or for a type inside it (tuple elements).
template <typename Pred>
bool AnyTypeIn(const Type& t, Pred pred) {
  if (pred(t)) return true;
  if (t.kind() != Type::Kind::kTuple) return false;
  for (const Type& e : t.elements()) {
    if (AnyTypeIn(e, pred)) return true;
  }
  return false;
}

bool HasUnprintableExtra(const Type& t) {
  return AnyTypeIn(t, [](const Type& x) { return !IsPrintableTypeExtra(x.extra()); });
}

bool HasNoneType(const Type& t) {
  return AnyTypeIn(t, [](const Type& x) { return x.is_none(); });
}

class FunctionVerifier {
 public:
  FunctionVerifier(const Program& program, const Function& function, DiagnosticSink& sink)
      : program_(program), function_(function), sink_(sink) {
    for (const auto& v : function.vars) owned_.insert(v.get());
  }

  void Run() {
    scopes_.emplace_back();
    for (const Param& p : function_.params) {
      Define(p.var, function_.loc);
      if (p.var != nullptr && p.var->type.is_tuple()) {
        Error(p.var->loc.known() ? p.var->loc : function_.loc,
              absl::StrCat("parameter '", p.var->name, "' cannot be a tuple"));
      }
      // The text format has no spelling for a parameter without a type.
      if (p.var != nullptr && HasNoneType(p.var->type)) {
        Error(p.var->loc.known() ? p.var->loc : function_.loc,
              absl::StrCat("parameter '", p.var->name, "' has no type"));
      }
    }
    // `-> None` is no type the text format reads: no return type is written
    // by leaving the arrow out.
    if (function_.return_type.has_value() && HasNoneType(*function_.return_type)) {
      Error(function_.loc, absl::StrCat("function '", function_.name,
                                        "' has a return type with no type in it"));
    }
    if (function_.return_type.has_value() && HasUnprintableExtra(*function_.return_type)) {
      Error(function_.loc, absl::StrCat("the return type of '", function_.name,
                                        "' holds type elements the text format cannot spell"));
    }
    for (const auto& v : function_.vars) {
      if (HasUnprintableExtra(v->type)) {
        Error(v->loc.known() ? v->loc : function_.loc,
              absl::StrCat("the type of '", v->name,
                           "' holds type elements the text format cannot spell"));
      }
    }
    CheckSymbolicDims();
    VerifyAttrEnums(function_.attrs, "function attribute", function_.loc, sink_);
    VerifyAttrEnums(function_.decorator_args, "decorator argument", function_.loc, sink_);
    for (const NamedExpr& a : function_.decorator_args) {
      if (std::optional<std::string> e = CheckStampedLevelRole(function_, a)) Error(a.value->loc, *e);
    }
    for (const NamedExpr& a : function_.attrs) {
      if (a.value->kind == ExprKind::kVar || a.value->kind == ExprKind::kCall) {
        Error(a.value->loc, absl::StrCat("function attribute '", a.name,
                                         "' must be a constant"));
      }
      // The attributes with meaning (dual-aiv.md): booleans.
      if ((a.name == "split_aiv" || a.name == "dual_aiv_dispatch") &&
          a.value->kind != ExprKind::kBool) {
        Error(a.value->loc.known() ? a.value->loc : function_.loc,
              absl::StrCat("function attribute '", a.name, "' must be True or False"));
      }
    }
    if (!function_.body) {
      Error(function_.loc, absl::StrCat("function '", function_.name, "' has no body"));
      return;
    }
    VerifyBody(*function_.body, /*expected_yields=*/-1);
  }

 private:
  void Error(const Location& loc, absl::string_view message) { sink_.Error(loc, message); }

  void Define(Var* v, const Location& loc) {
    if (v == nullptr || owned_.count(v) == 0) {
      Error(loc, "definition of a variable that does not belong to the function");
      return;
    }
    if (!IsVarName(v->name)) {
      Error(loc, absl::StrCat("'", v->name, "' is not a valid variable name"));
    }
    if (!defined_.insert(v).second) {
      Error(loc, absl::StrCat("variable '", v->name, "' is defined twice"));
      return;
    }
    scopes_.back().push_back(v);
    visible_.insert(v);
  }

  bool Visible(const Var* v) const { return visible_.contains(v); }

  // Scopes close through here, so that `visible_` stays the union of
  // `scopes_` (a lookup per use instead of a scan of every open scope).
  void PopScope() {
    for (const Var* v : scopes_.back()) visible_.erase(v);
    scopes_.pop_back();
  }

  // Closes the innermost scope, its names staying visible in the enclosing
  // one (Python's for loop: the body's names and the loop variable outlive
  // it).
  void LeakScope() {
    std::vector<const Var*> closed = std::move(scopes_.back());
    scopes_.pop_back();
    for (const Var* v : closed) scopes_.back().push_back(v);
  }

  static const Stmt* FinalYield(const Stmt& body) {
    const Stmt* last = &body;
    if (body.kind == StmtKind::kSeq) last = body.stmts.empty() ? nullptr : body.stmts.back().get();
    return last != nullptr && last->kind == StmtKind::kYield ? last : nullptr;
  }

  // The reader's typing of if results: one result takes the then branch's
  // yield annotation (printed where the value's type differs), several take
  // the then values' types; the else values may differ only in pl.MemRef.
  void VerifyIfResultTypes(const Stmt& s) {
    const Stmt* then_yield = FinalYield(*s.body);
    const Stmt* else_yield = FinalYield(*s.else_body);
    if (then_yield == nullptr || else_yield == nullptr) return;
    const size_t n = s.results.size();
    if (then_yield->values.size() != n || else_yield->values.size() != n) return;
    for (size_t i = 0; i < n; ++i) {
      if (s.results[i] == nullptr || then_yield->values[i] == nullptr ||
          else_yield->values[i] == nullptr) {
        continue;
      }
      const Type& result = s.results[i]->type;
      const Type& then_type = then_yield->values[i]->type;
      const bool then_ok = n == 1 ? result == then_type || AnnotatedType(result, then_type)
                                  : result == then_type;
      if (!then_ok) {
        Error(then_yield->loc, absl::StrCat("if result '", s.results[i]->name, "' has type ",
                                            TypeToString(result), " but the then branch yields ",
                                            TypeToString(then_type)));
      }
      if (!SameUpToMemRef(else_yield->values[i]->type, result)) {
        Error(else_yield->loc,
              absl::StrCat("if result '", s.results[i]->name, "' has type ", TypeToString(result),
                           " but the else branch yields ",
                           TypeToString(else_yield->values[i]->type)));
      }
    }
  }

  // A body: its own scope. `expected_yields` >= 0 when the body must end
  // with a Yield of that many values (loop-carried values, if results).
  void VerifyBody(const Stmt& body, int expected_yields, bool leak = false) {
    scopes_.emplace_back();
    const Stmt* last = &body;
    if (body.kind == StmtKind::kSeq) {
      VerifyComments(body);
      for (const StmtPtr& s : body.stmts) VerifyStmt(*s);
      last = body.stmts.empty() ? nullptr : body.stmts.back().get();
    } else {
      VerifyStmt(body);
    }
    // The text format has a yield only as `x = pl.yield_(...)` closing a
    // body with results.
    const auto check_yield = [&](const Stmt& s) {
      if (s.kind == StmtKind::kYield && (&s != last || expected_yields <= 0)) {
        Error(s.loc, "pl.yield_(...) is only allowed as 'x = pl.yield_(...)' at the end of a "
                     "body with results");
      }
    };
    if (body.kind == StmtKind::kSeq) {
      for (const StmtPtr& s : body.stmts) check_yield(*s);
    } else {
      check_yield(body);
    }
    if (expected_yields > 0) {
      if (last == nullptr || last->kind != StmtKind::kYield) {
        Error(body.loc, "a body with results must end with pl.yield_(...)");
      } else if (static_cast<int>(last->values.size()) != expected_yields) {
        Error(last->loc, absl::StrCat("pl.yield_ gives ", last->values.size(),
                                      " values; expected ", expected_yields));
      }
    }
    if (leak) {
      LeakScope();
    } else {
      PopScope();
    }
  }

  // A leading comment prints as one `# text` line: no line break may end it
  // early, and a Seq prints no line of its own to carry one.
  void VerifyComments(const Stmt& s) {
    if (!s.leading_comments.empty() && s.kind == StmtKind::kSeq) {
      Error(s.loc, "a statement sequence cannot carry leading comments");
    }
    for (const std::string& c : s.leading_comments) {
      if (c.find_first_of("\n\r") != std::string::npos) {
        Error(s.loc, absl::StrCat("comment \"", absl::CHexEscape(c),
                                  "\" is not a single line"));
      }
    }
  }

  void VerifyStmt(const Stmt& s) {
    VerifyComments(s);
    switch (s.kind) {
      case StmtKind::kSeq:
        scopes_.emplace_back();
        for (const StmtPtr& c : s.stmts) VerifyStmt(*c);
        PopScope();
        return;
      case StmtKind::kAssign:
        VerifyExpr(s.value.get(), s.loc);
        // The variable has the value's type or, written `name: T = value`,
        // the type PyPTO's annotation rule gives it (ir/annotation.h).
        if (s.value && s.var && !s.value->type.is_none() &&
            !SameUpToExtra(s.value->type, s.var->type) &&
            AnnotatedType(s.var->type, s.value->type, FlattensNd(*s.value)) != s.var->type) {
          Error(s.loc, absl::StrCat("variable '", s.var->name, "' has type ",
                                    TypeToString(s.var->type), " but its value has type ",
                                    TypeToString(s.value->type)));
        }
        Define(s.var, s.loc);
        return;
      case StmtKind::kEval:
        // As the parser requires: a bare value statement would print as text
        // that does not parse, and an op that takes a callee has results.
        if (s.value && s.value->kind != ExprKind::kCall) {
          Error(s.loc, "an expression statement must be a call");
        } else if (const OpInfo* info = s.value ? LookupOp(*s.value) : nullptr;
                   info != nullptr && info->callee_arg) {
          Error(s.loc, absl::StrCat("pl.", s.value->str, "(...) must be assigned"));
        }
        VerifyExpr(s.value.get(), s.loc);
        return;
      case StmtKind::kFor:
        VerifyFor(s);
        return;
      case StmtKind::kWhile:
        VerifyWhile(s);
        return;
      case StmtKind::kScope:
        // The scope call is not an op: only its arguments are checked. Its
        // body's names stay visible after it (no scope of its own).
        if (s.value && !IsScopeName(s.value->str)) {
          Error(s.loc, absl::StrCat("'pl.", s.value->str, "' is not a scope"));
        } else if (s.value && !ScopeTakesArguments(s.value->str) &&
                   (!s.value->args.empty() || !s.value->attrs.empty())) {
          Error(s.loc, absl::StrCat("pl.", s.value->str, "() does not accept arguments"));
        } else if (s.value && s.var != nullptr && !ScopeTakesTarget(s.value->str)) {
          Error(s.loc, absl::StrCat("`with pl.", s.value->str, "(...)` binds no name"));
        }
        if (s.value && IsScopeName(s.value->str)) VerifyScopeArguments(*s.value, s.loc);
        if (s.value) {
          for (const ExprPtr& a : s.value->args) VerifyExpr(a.get(), s.loc);
          for (const NamedExpr& a : s.value->attrs) VerifyExpr(a.value.get(), s.loc);
        }
        if (s.value && IsCoreScope(*s.value)) ++core_scopes_;
        if (s.body && s.body->kind == StmtKind::kSeq) {
          for (const StmtPtr& c : s.body->stmts) VerifyStmt(*c);
        } else if (s.body) {
          VerifyStmt(*s.body);
        }
        if (s.value && IsCoreScope(*s.value)) --core_scopes_;
        if (s.var != nullptr) Define(s.var, s.loc);
        return;
      case StmtKind::kSplitAiv:
        VerifySplitAiv(s);
        return;
      case StmtKind::kBreak:
      case StmtKind::kContinue:
        // The parser refuses these outside a loop; a .pb may carry them.
        if (loop_depth_ == 0) {
          Error(s.loc, absl::StrCat("'", s.kind == StmtKind::kBreak ? "break" : "continue",
                                    "' outside a loop"));
        }
        return;
      case StmtKind::kSetItem:
        if (s.var == nullptr || !Visible(s.var) || !s.var->type.is_array()) {
          Error(s.loc, "an element write needs a pl.Array variable in scope");
        }
        if (s.values.size() != 1) {
          Error(s.loc, absl::StrCat("an element write takes one index, not ", s.values.size()));
        }
        for (const ExprPtr& i : s.values) VerifyExpr(i.get(), s.loc);
        VerifyExpr(s.value.get(), s.loc);
        if (s.var != nullptr && s.value && s.var->type.is_array() &&
            (!s.value->type.is_scalar() ||
             !DTypesCompatible(s.var->type.dtype(), s.value->type.dtype()))) {
          Error(s.loc, absl::StrCat("writing ", TypeToString(s.value->type), " into ",
                                    TypeToString(s.var->type)));
        }
        return;
      case StmtKind::kUnpack:
        VerifyExpr(s.value.get(), s.loc);
        if (s.value && (!s.value->type.is_tuple() ||
                        s.value->type.elements().size() != s.results.size())) {
          Error(s.loc, absl::StrCat("unpacking ", s.results.size(), " names from ",
                                    TypeToString(s.value->type)));
        } else if (s.value) {
          for (size_t i = 0; i < s.results.size(); ++i) {
            if (s.results[i] != nullptr &&
                !SameUpToExtra(s.results[i]->type, s.value->type.elements()[i])) {
              Error(s.loc, absl::StrCat("variable '", s.results[i]->name, "' has type ",
                                        TypeToString(s.results[i]->type),
                                        " but its value has type ",
                                        TypeToString(s.value->type.elements()[i])));
            }
          }
        }
        for (Var* r : s.results) Define(r, s.loc);
        return;
      case StmtKind::kIf:
        VerifyCondition(s.value.get(), s.loc);
        if (!s.body) {
          Error(s.loc, "if without a body");
          return;
        }
        VerifyBody(*s.body, static_cast<int>(s.results.size()));
        if (s.else_body) {
          VerifyBody(*s.else_body, static_cast<int>(s.results.size()));
          VerifyIfResultTypes(s);
        } else if (!s.results.empty()) {
          Error(s.loc, "an if with results needs an else branch");
        }
        for (Var* r : s.results) Define(r, s.loc);
        return;
      case StmtKind::kYield:
      case StmtKind::kReturn:
        for (const ExprPtr& v : s.values) VerifyExpr(v.get(), s.loc);
        return;
    }
  }

  // A pl.split_aiv region (dual-aiv.md): in an InCore function, never in
  // another region; its lane a Scalar[INDEX]; no scope of its own.
  void VerifySplitAiv(const Stmt& s) {
    if (SplitModeName(s.split_mode).empty()) {
      Error(s.loc, absl::StrCat("bad pl.split_aiv mode ", s.split_mode));
    }
    if (region_ != nullptr) {
      Error(s.loc, "a pl.split_aiv region cannot be nested in another one");
      sink_.Note(region_->loc, "the enclosing pl.split_aiv region");
    }
    if (function_.is_kernel() && function_.kind != FunctionKind::kInCore) {
      Error(s.loc, absl::StrCat("a pl.split_aiv region is only allowed in an InCore "
                                "function, not in ",
                                FunctionKindName(function_.kind), " '", function_.name, "'"));
    } else if (!function_.is_kernel() && core_scopes_ == 0) {
      Error(s.loc, absl::StrCat("a pl.split_aiv region in ", FunctionKindName(function_.kind),
                                " '", function_.name, "' must stand in a core scope (`with "
                                "pl.at(level=pl.Level.CORE_GROUP)` or pl.spmd)"));
    }
    if (s.var == nullptr || s.var->type != Type::Scalar(DType::kINDEX)) {
      Error(s.loc, "the lane of a pl.split_aiv region must be a Scalar[INDEX]");
    }
    Define(s.var, s.loc);
    const Stmt* outer = region_;
    if (region_ == nullptr) region_ = &s;
    if (s.body && s.body->kind == StmtKind::kSeq) {
      for (const StmtPtr& c : s.body->stmts) VerifyStmt(*c);
    } else if (s.body) {
      VerifyStmt(*s.body);
    }
    region_ = outer;
  }

  // The split code of a transport or split boundary op, and where a shard or
  // gather may stand: in a region (split = its mode), or with split= in a
  // function with split_aiv=True (dual-aiv.md, "The lowered form").
  void VerifySplitAttr(const Expr& call, const OpInfo& info) {
    if (info.pipe == PipeDirection::kNone && info.split_boundary == PipeDirection::kNone) return;
    const Expr* split = call.FindAttr("split");
    if (split != nullptr && split->kind == ExprKind::kInt &&
        (split->int_value < 0 || split->int_value > 2)) {
      Error(split->loc.known() ? split->loc : call.loc,
            absl::StrCat("split=", split->int_value, " on '", call.str,
                         "': ptoc accepts the split codes 0 (no split), 1 (TILE_UP_DOWN) and "
                         "2 (TILE_LEFT_RIGHT)"));
    }
    if (info.split_boundary == PipeDirection::kNone) return;
    if (region_ != nullptr) {
      if (split == nullptr || split->kind != ExprKind::kInt ||
          split->int_value != region_->split_mode) {
        Error(call.loc, absl::StrCat("'", call.str, "' in a pl.split_aiv region of mode "
                                     "pl.SplitMode.", SplitModeName(region_->split_mode),
                                     " must have split=", region_->split_mode));
      }
      return;
    }
    const Expr* lowered = function_.FindAttr("split_aiv");
    const bool split_aiv = lowered != nullptr && lowered->kind == ExprKind::kBool &&
                           lowered->bool_value;
    if (!split_aiv) {
      Error(call.loc, absl::StrCat("'", call.str, "' is only allowed inside a pl.split_aiv "
                                   "region (or with split= in a function with "
                                   "split_aiv=True); '", function_.name, "' has neither"));
    } else if (split == nullptr) {
      Error(call.loc, absl::StrCat("'", call.str, "' outside a pl.split_aiv region needs "
                                   "split= (0, 1 or 2)"));
    }
  }

  // The parser's rules for a scope call's arguments (ScopeSignatureOf).
  void VerifyScopeArguments(const Expr& call, const Location& loc) {
    const ScopeSignature& signature = ScopeSignatureOf(call.str);
    const std::string name = absl::StrCat("pl.", call.str, "()");
    const auto at = [&](const Expr* e) { return e != nullptr && e->loc.known() ? e->loc : loc; };
    if (call.args.size() > signature.positionals) {
      Error(at(call.args[signature.positionals].get()),
            absl::StrCat(name, " takes ", signature.positionals, " positional arguments"));
    }
    bool has_level = false;
    for (size_t i = 0; i < call.args.size() && call.str == "at"; ++i) {
      const absl::string_view type = i == 0 ? "Level" : "Role";
      const Expr* a = call.args[i].get();
      if (a == nullptr || a->kind != ExprKind::kEnum || a->enum_type != type) {
        Error(at(a), absl::StrCat("pl.at() argument ", i + 1, " must be a pl.", type, " value"));
      }
      has_level |= i == 0;
    }
    for (const NamedExpr& a : call.attrs) {
      const ScopeKeyword* keyword = signature.Find(a.name);
      if (keyword == nullptr) {
        Error(loc, absl::StrCat("Unknown keyword argument '", absl::CHexEscape(a.name), "' in ",
                                name));
      } else if (a.value == nullptr) {
        Error(loc, absl::StrCat(name, " ", a.name, "= has no value"));
      } else if (std::optional<ScopeValueError> e =
                     CheckScopeKeywordValue(name, *keyword, *a.value)) {
        Error(at(e->at), e->message);
      }
      has_level |= a.name == "level";
    }
    if (call.str == "at" && !has_level) Error(loc, "pl.at() requires a level argument");
  }

  // The parser's pl.spmd(core_num): one bound, from 0 by 1, positive.
  void VerifySpmdLoopBounds(const Stmt& s) {
    const auto is_int = [](const ExprPtr& e, int64_t v) {
      return e != nullptr && e->kind == ExprKind::kInt && e->int_value == v;
    };
    if (!is_int(s.start, 0) || !is_int(s.step, 1)) {
      Error(s.loc, "pl.spmd() takes at most one positional argument (core_num)");
    }
    if (s.stop != nullptr && s.stop->kind == ExprKind::kInt && s.stop->int_value <= 0) {
      Error(s.stop->loc.known() ? s.stop->loc : s.loc,
            "pl.spmd() core_num must be a positive integer");
    }
  }

  void VerifyFor(const Stmt& s) {
    VerifyAttrEnums(s.loop_attrs, "loop attribute", s.loc, sink_);
    const std::string loop_kind = s.loop_kind.empty() ? "range" : s.loop_kind;
    if (loop_kind == "spmd") VerifySpmdLoopBounds(s);
    if (std::optional<std::string> e = CheckLoopStage(loop_kind, s.loop_attrs)) Error(s.loc, *e);
    for (const NamedExpr& a : s.loop_attrs) {
      if (a.value == nullptr) continue;
      if (a.value->kind != ExprKind::kBool && loop_kind == "spmd" &&
          (a.name == "sync_start" || a.name == "allow_early_resolve")) {
        Error(s.loc, absl::StrCat("pl.spmd() ", a.name, " must be a boolean literal (True/False)"));
      }
      if (std::optional<ScopeValueError> e = CheckLoopKeyword(loop_kind, a.name, *a.value)) {
        Error(e->at != nullptr && e->at->loc.known() ? e->at->loc : s.loc, e->message);
      }
    }
    for (const ExprPtr* bound : {&s.start, &s.stop, &s.step}) {
      VerifyExpr(bound->get(), s.loc);
      if (*bound && !IsIntegerScalar((*bound)->type)) {
        Error((*bound)->loc, "loop bounds must be integer scalars");
      }
    }
    for (const ExprPtr& init : s.init_values) VerifyExpr(init.get(), s.loc);
    if (s.iter_args.size() != s.init_values.size() ||
        s.iter_args.size() != s.results.size()) {
      Error(s.loc, "a loop needs as many init_values and results as loop-carried values");
    }
    // `for i in pl.spmd(n)` is a scope (PyPTO's Spmd(InCore(body))), not a
    // loop: the names its body binds stay visible after it.
    if (s.loop_kind == "spmd") {
      if (!s.iter_args.empty()) Error(s.loc, "a pl.spmd loop carries no values");
      Define(s.var, s.loc);
      ++core_scopes_;
      if (s.body && s.body->kind == StmtKind::kSeq) {
        for (const StmtPtr& c : s.body->stmts) VerifyStmt(*c);
      } else if (s.body) {
        VerifyStmt(*s.body);
      }
      --core_scopes_;
      return;
    }
    scopes_.emplace_back();
    Define(s.var, s.loc);
    for (size_t i = 0; i < s.iter_args.size(); ++i) {
      Define(s.iter_args[i], s.loc);
      if (i < s.init_values.size() && s.iter_args[i] &&
          s.init_values[i]->type != s.iter_args[i]->type) {
        Error(s.init_values[i]->loc, "init value type differs from the loop-carried value");
      }
    }
    // As the parser: a loop without carried values is Python's for loop,
    // whose body names and loop variable outlive it; after a loop with
    // carried values (PyPTO's SSA loop) only its results are visible.
    const bool leak = s.iter_args.empty();
    ++loop_depth_;
    if (s.body) VerifyBody(*s.body, static_cast<int>(s.iter_args.size()), leak);
    --loop_depth_;
    if (leak) {
      LeakScope();
    } else {
      PopScope();
    }
    for (Var* r : s.results) Define(r, s.loc);
  }

  void VerifyWhile(const Stmt& s) {
    for (const ExprPtr& init : s.init_values) VerifyExpr(init.get(), s.loc);
    if (s.iter_args.size() != s.init_values.size() ||
        s.iter_args.size() != s.results.size()) {
      Error(s.loc, "a loop needs as many init_values and results as loop-carried values");
    }
    scopes_.emplace_back();
    for (size_t i = 0; i < s.iter_args.size(); ++i) {
      Define(s.iter_args[i], s.loc);
      if (i < s.init_values.size() && s.iter_args[i] &&
          s.init_values[i]->type != s.iter_args[i]->type) {
        Error(s.init_values[i]->loc, "init value type differs from the loop-carried value");
      }
    }
    VerifyCondition(s.value.get(), s.loc);
    ++loop_depth_;
    if (s.body) VerifyBody(*s.body, static_cast<int>(s.iter_args.size()));
    --loop_depth_;
    PopScope();
    for (Var* r : s.results) Define(r, s.loc);
  }

  static bool IsIntegerScalar(const Type& t) {
    return t.is_scalar() && IsIntegerDType(t.dtype());
  }

  void VerifyCondition(const Expr* cond, const Location& loc) {
    VerifyExpr(cond, loc);
    if (cond && !cond->type.is_scalar()) Error(cond->loc, "a condition must be a scalar");
  }

  void VerifyExpr(const Expr* e, const Location& stmt_loc) {
    if (e == nullptr) {
      Error(stmt_loc, "missing expression");
      return;
    }
    for (const ExprPtr& a : e->args) VerifyExpr(a.get(), e->loc);
    for (const NamedExpr& a : e->attrs) VerifyExpr(a.value.get(), e->loc);
    if (e->kind == ExprKind::kCall) {
      // The parser refuses a keyword given twice; a .pb must not carry one.
      for (size_t i = 0; i < e->attrs.size(); ++i) {
        for (size_t j = 0; j < i; ++j) {
          if (e->attrs[j].name == e->attrs[i].name) {
            Error(e->loc, absl::StrCat("keyword argument '", e->attrs[i].name,
                                       "' is given twice"));
          }
        }
      }
    }
    switch (e->kind) {
      case ExprKind::kVar:
        if (e->var == nullptr || owned_.count(e->var) == 0) {
          Error(e->loc, "reference to a variable that does not belong to the function");
        } else if (!Visible(e->var)) {
          Error(e->loc, absl::StrCat("'", e->var->name, "' is used out of its scope"));
        } else if (e->type != e->var->type) {
          Error(e->loc, absl::StrCat("use of '", e->var->name, "' has the wrong type"));
        }
        return;
      case ExprKind::kInt:
      case ExprKind::kFloat:
      case ExprKind::kBool:
        VerifyLiteralType(*e);
        return;
      case ExprKind::kEnum:
        if (!IsKnownEnum(*e)) {
          Error(e->loc, absl::StrCat("unknown enum value ", e->enum_type, ".", e->str));
        }
        VerifyUntyped(*e);
        return;
      case ExprKind::kTuple:
        // A tuple value (`t = (a, b)`) has its elements' types.
        if (e->type.is_tuple()) {
          bool same = e->type.elements().size() == e->args.size();
          for (size_t i = 0; same && i < e->args.size(); ++i) {
            same = e->args[i]->type == e->type.elements()[i];
          }
          if (!same) {
            Error(e->loc, absl::StrCat("the tuple '", PrintExpr(*e), "' cannot have type ",
                                       TypeToString(e->type)));
          }
          return;
        }
        VerifyUntyped(*e);
        return;
      case ExprKind::kString:
      case ExprKind::kList:
        VerifyUntyped(*e);
        return;
      case ExprKind::kDict:
        VerifyUntyped(*e);
        for (size_t i = 0; i < e->attrs.size(); ++i) {
          for (size_t j = 0; j < i; ++j) {
            if (e->attrs[j].name == e->attrs[i].name) {
              Error(e->loc, absl::StrCat("key '", e->attrs[i].name, "' is given twice"));
            }
          }
        }
        return;
      case ExprKind::kBinary:
      case ExprKind::kUnary:
        VerifyArithmetic(*e);
        return;
      case ExprKind::kTupleGetItem: {
        const Type* tuple = e->args.size() == 1 ? &e->args[0]->type : nullptr;
        if (tuple == nullptr || !tuple->is_tuple()) {
          Error(e->loc, "a tuple subscript needs a tuple");
        } else if (e->int_value < 0 ||
                   e->int_value >= static_cast<int64_t>(tuple->elements().size())) {
          Error(e->loc, absl::StrCat("tuple index ", e->int_value, " is out of range for ",
                                     TypeToString(*tuple)));
        } else if (e->type != tuple->elements()[e->int_value]) {
          Error(e->loc, absl::StrCat("'", PrintExpr(*e), "' cannot have type ",
                                     TypeToString(e->type)));
        }
        return;
      }
      case ExprKind::kCall:
        if (e->is_function_call) {
          VerifyFunctionCall(*e);
        } else {
          VerifyOpCall(*e);
        }
        return;
      default:
        return;
    }
  }

  // A literal prints without its type and takes one from its context when
  // parsed, so its recorded type must be one the parser could give it.
  void VerifyLiteralType(const Expr& e) {
    const bool ok =
        e.type.is_scalar() &&
        (e.kind == ExprKind::kInt     ? IsIntegerDType(e.type.dtype())
         : e.kind == ExprKind::kFloat ? IsFloatDType(e.type.dtype())
                                      : e.type.dtype() == DType::kBOOL);
    if (!ok) {
      Error(e.loc, absl::StrCat("the literal '", PrintExpr(e), "' cannot have type ",
                                TypeToString(e.type)));
    }
  }

  // A string, enum, list or tuple has no type in the text format (a .pb
  // could give a string a tensor's type, and an op would take it for one).
  void VerifyUntyped(const Expr& e) {
    if (!e.type.is_none()) {
      Error(e.loc, absl::StrCat("the constant '", PrintExpr(e), "' cannot have type ",
                                TypeToString(e.type)));
    }
  }

  void VerifyArithmetic(const Expr& e) {
    size_t want = e.kind == ExprKind::kBinary ? 2 : 1;
    if (e.args.size() != want) {
      Error(e.loc, "malformed arithmetic expression");
      return;
    }
    for (const ExprPtr& a : e.args) {
      if (!a->type.is_scalar()) {
        Error(a->loc, "arithmetic needs scalar operands");
        return;
      }
    }
    if (!e.type.is_scalar()) {
      Error(e.loc, "arithmetic must produce a scalar");
      return;
    }
    const DType a = e.args[0]->type.dtype();
    std::optional<DType> result;
    if (e.kind == ExprKind::kBinary) {
      result = BinaryResultDType(e.binary_op, a, e.args[1]->type.dtype());
    } else if (e.unary_op == UnaryOp::kNot) {
      result = DType::kBOOL;  // of any scalar (PyPTO)
    } else if (e.unary_op == UnaryOp::kBitNot ? IsIntegerDType(a)
                                              : IsIntegerDType(a) || IsFloatDType(a)) {
      result = a;
    }
    if (!result) {
      Error(e.loc, absl::StrCat("'", PrintExpr(e), "' is not defined on its operand types"));
    } else if (*result != e.type.dtype()) {
      Error(e.loc, absl::StrCat("'", PrintExpr(e), "' has type ", TypeToString(e.type),
                                ", but its operands give ",
                                TypeToString(Type::Scalar(*result))));
    }
  }

  // The text format's rule for a symbolic dimension (of a shape or a
  // tile's valid_shape): a pl.dynamic name or an integer scalar parameter.
  // The parser enforces it; a .pb may break it.
  void CheckSymbolicDims() {
    for (const auto& v : function_.vars) {
      if (!CheckSymbolicDimsOf(v->type, v->loc.known() ? v->loc : function_.loc,
                               absl::StrCat("the type of '", v->name, "'"))) {
        return;
      }
    }
    if (function_.return_type) {
      CheckSymbolicDimsOf(*function_.return_type, function_.loc, "the return type");
    }
  }

  // Reports the first symbolic dimension of `t` (or of its tuple elements)
  // that names no dimension; false after a report.
  bool CheckSymbolicDimsOf(const Type& t, const Location& loc, absl::string_view what) {
    if (t.is_tuple()) {
      for (const Type& element : t.elements()) {
        if (!CheckSymbolicDimsOf(element, loc, what)) return false;
      }
      return true;
    }
    if (!t.is_tile() && !t.is_tensor()) return true;
    std::vector<const Dim*> dims;
    for (const Dim& d : t.shape()) dims.push_back(&d);
    if (t.is_tile()) {
      for (const Dim& d : t.view().valid_shape) dims.push_back(&d);
    }
    for (const Dim* d : dims) {
      if (d->is_static() || d->is_expr() || IsDimName(d->symbol)) continue;
      Error(loc, absl::StrCat("dimension '", d->symbol, "' (in ", what,
                              ") is not an integer scalar parameter of '", function_.name,
                              "' or a pl.dynamic name"));
      return false;
    }
    return true;
  }

  bool IsDimName(const std::string& name) const {
    if (std::find(program_.dynamic_dims.begin(), program_.dynamic_dims.end(), name) !=
        program_.dynamic_dims.end()) {
      return true;
    }
    // A scalar parameter, or an integer scalar the body computes (PyPTO's
    // `valid_shape=[pl.min(m, n), n]` names its SSA value).
    for (const auto& v : function_.vars) {
      if (v->name == name && v->type.is_scalar() && IsIntegerDType(v->type.dtype())) return true;
    }
    return false;
  }

  void VerifyFunctionCall(const Expr& call) {
    const Function* callee = program_.FindFunction(call.str);
    if (callee == nullptr) {
      Error(call.loc, absl::StrCat("call of unknown function '", call.str, "'"));
      return;
    }
    if (call.args.size() != callee->params.size()) {
      Error(call.loc, absl::StrCat("'", call.str, "' takes ", callee->params.size(),
                                   " arguments, not ", call.args.size()));
    } else if (absl::StatusOr<Type> want = DeduceCallReturnType(program_, *callee, call.args);
               callee->return_type && want.ok() && *want != call.type) {
      // The text format writes no type for a call: the parser deduces it
      // so from a declared return type.
      Error(call.loc, absl::StrCat("the call of '", call.str, "' has type ",
                                   TypeToString(call.type), ", but '", call.str, "' returns ",
                                   TypeToString(*want)));
    }
    for (const NamedExpr& a : call.attrs) {
      if (!IsIdentifier(a.name)) {
        Error(call.loc, absl::StrCat("'", absl::CHexEscape(a.name),
                                     "' is not a valid keyword name"));
      } else if (a.value == nullptr) {
        Error(call.loc, absl::StrCat("keyword '", a.name, "' has no value"));
      } else if (std::optional<ScopeValueError> e =
                     CheckFunctionCallKeyword(*callee, a.name, *a.value)) {
        Error(e->at != nullptr && e->at->loc.known() ? e->at->loc : call.loc, e->message);
      }
    }
  }

  void VerifyOpCall(const Expr& call) {
    const OpInfo* info = OpRegistry::Get().Find(call.str);
    for (const NamedExpr& a : call.attrs) {
      if (!IsIdentifier(a.name)) {
        Error(a.value->loc, absl::StrCat("'", a.name, "' is not a valid keyword name"));
      }
    }
    if (info == nullptr) {
      if (!program_.options.allow_unregistered_ops) {
        Error(call.loc, absl::StrCat("unknown op '", call.str, "'"));
      } else if (!IsOpName(call.str)) {
        Error(call.loc, absl::StrCat("'", call.str, "' is not a valid op name"));
      }
      return;
    }
    VerifySplitAttr(call, *info);
    if (!info->only_in.empty() && !absl::c_linear_search(info->only_in, function_.kind)) {
      std::vector<std::string> kinds;
      for (FunctionKind k : info->only_in) kinds.emplace_back(FunctionKindName(k));
      Error(call.loc, absl::StrCat("'pl.", call.str, "()' is only valid inside an ",
                                   absl::StrJoin(kinds, " or "), " function"));
    }
    if (!info->AcceptsArity(static_cast<int>(call.args.size()))) {
      Error(call.loc, absl::StrCat("'", call.str, "' takes ",
                                   info->variadic ? absl::StrCat(info->params.size(), " or more")
                                                  : absl::StrJoin(info->arities, " or "),
                                   " arguments, not ", call.args.size()));
      return;
    }
    for (const NamedExpr& a : call.attrs) {
      const AttrSpec* spec = info->FindAttr(a.name);
      if (spec == nullptr && IsCallAttrsDict(a)) continue;  // PyPTO's attrs={...}
      if (spec == nullptr) {
        Error(a.value->loc, absl::StrCat("'", call.str, "' has no attribute '", a.name, "'"));
      } else if (!AttrKindMatches(*spec, *a.value)) {
        Error(a.value->loc, absl::StrCat("attribute '", a.name, "' of '", call.str,
                                         "' has the wrong kind of value"));
      } else if (!spec->choices.empty() &&
                 std::find(spec->choices.begin(), spec->choices.end(), a.value->str) ==
                     spec->choices.end()) {
        Error(a.value->loc, absl::StrCat("attribute '", a.name, "' of '", call.str,
                                         "' cannot be \"", a.value->str, "\""));
      }
    }
    for (const AttrSpec& spec : info->attrs) {
      if (spec.required && call.FindAttr(spec.name) == nullptr) {
        Error(call.loc, absl::StrCat("'", call.str, "' needs attribute '", spec.name, "'"));
      }
    }
    absl::StatusOr<std::optional<Type>> result = info->result(call);
    if (!result.ok()) {
      Error(call.loc, result.status().message());
    } else if (result->has_value() && !SameUpToExtra(**result, call.type) &&
               !PlacedByInference(**result, call.type) &&
               !(info->fresh_tile && SameTileBuffer(**result, call.type))) {
      Error(call.loc, absl::StrCat("'", call.str, "' returns ", TypeToString(**result),
                                   ", but the IR records ", TypeToString(call.type)));
    } else if (!result->has_value() && !call.type.is_tile()) {
      Error(call.loc, absl::StrCat("'", call.str, "' needs a tile type annotation"));
    }
  }

  // A result the op's rule leaves without a memory space, given one by
  // infer-tile-memory-space (as PyPTO's registry gives an op's fixed output
  // space at creation).
  static bool PlacedByInference(const Type& rule, const Type& recorded) {
    return rule.is_tile() && !rule.has_memory() && recorded.is_tile() && recorded.has_memory() &&
           SameUpToExtra(PlacedIn(rule, recorded.memory()), recorded);
  }

  const Program& program_;
  const Function& function_;
  DiagnosticSink& sink_;
  const Stmt* region_ = nullptr;  // the enclosing pl.split_aiv region
  int core_scopes_ = 0;           // enclosing core scopes (IsCoreScope, pl.spmd loops)
  absl::flat_hash_set<const Var*> owned_;
  absl::flat_hash_set<const Var*> defined_;
  std::vector<std::vector<const Var*>> scopes_;
  int loop_depth_ = 0;  // loops around the statement being verified
  absl::flat_hash_set<const Var*> visible_;  // every Var of scopes_
};

}  // namespace

absl::Status VerifyProgram(const Program& program) {
  DiagnosticSink sink;
  absl::flat_hash_set<std::string> names;
  if (!IsIdentifier(program.name)) {
    sink.Error(program.loc, absl::StrCat("'", program.name, "' is not a valid program name"));
  }
  VerifyAttrEnums(program.decorator_args, "program decorator argument", program.loc, sink);
  for (const auto& f : program.functions) {
    if (!IsIdentifier(f->name)) {
      sink.Error(f->loc, absl::StrCat("'", f->name, "' is not a valid function name"));
    }
    if (!names.insert(f->name).second) {
      sink.Error(f->loc, absl::StrCat("function '", f->name, "' is defined twice"));
    }
    FunctionVerifier(program, *f, sink).Run();
  }
  if (!program.options.backend.empty() && program.options.backend != "a2a3" &&
      program.options.backend != "a5") {
    sink.Error(program.loc, absl::StrCat("unknown backend '", program.options.backend, "'"));
  }
  // These rules read types and arguments the checks above vouch for.
  if (sink.error_count() == 0) VerifyPyptoRules(program, sink);
  if (sink.error_count() == 0) VerifyShapes(program, sink);
  return sink.ToStatus();
}

}  // namespace ptoc
