#include "frontend/printer.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "frontend/layout.h"
#include "frontend/string_literal.h"
#include "ir/enums.h"
#include "ir/registry.h"

namespace ptoc {
namespace {

// Python's operator precedence, loosest first.
enum Prec {
  kPrecOr = 1,
  kPrecAnd,
  kPrecNot,
  kPrecCompare,
  kPrecAdd,
  kPrecMul,
  kPrecUnary,
  kPrecAtom,
};

int BinaryPrec(BinaryOp op) {
  switch (op) {
    case BinaryOp::kOr: return kPrecOr;
    case BinaryOp::kAnd: return kPrecAnd;
    case BinaryOp::kEq: case BinaryOp::kNe: case BinaryOp::kLt:
    case BinaryOp::kLe: case BinaryOp::kGt: case BinaryOp::kGe:
      return kPrecCompare;
    case BinaryOp::kAdd: case BinaryOp::kSub: return kPrecAdd;
    case BinaryOp::kMul: case BinaryOp::kFloorDiv: case BinaryOp::kMod:
    case BinaryOp::kDiv:
      return kPrecMul;
  }
  return kPrecAtom;
}

absl::string_view BinaryToken(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd: return "+";
    case BinaryOp::kSub: return "-";
    case BinaryOp::kMul: return "*";
    case BinaryOp::kFloorDiv: return "//";
    case BinaryOp::kMod: return "%";
    case BinaryOp::kDiv: return "/";
    case BinaryOp::kEq: return "==";
    case BinaryOp::kNe: return "!=";
    case BinaryOp::kLt: return "<";
    case BinaryOp::kLe: return "<=";
    case BinaryOp::kGt: return ">";
    case BinaryOp::kGe: return ">=";
    case BinaryOp::kAnd: return "and";
    case BinaryOp::kOr: return "or";
  }
  return "?";
}

// The shortest decimal that reads back as exactly `v`, spelled as Python's
// repr() spells it: positional notation for exponents in [-4, 16), always
// with a '.' or an exponent so that it reads back as a float ("1.0").
std::string FormatFloat(double v) {
  if (std::isnan(v)) return "float(\"nan\")";
  if (std::isinf(v)) return v > 0 ? "float(\"inf\")" : "float(\"-inf\")";
  int digits = 1;
  std::string sci;
  for (; digits <= 17; ++digits) {
    sci = absl::StrFormat("%.*e", digits - 1, v);
    if (std::strtod(sci.c_str(), nullptr) == v) break;
  }
  int exponent = std::atoi(sci.c_str() + sci.find('e') + 1);
  if (exponent < -4 || exponent >= 16) {
    return absl::StrFormat("%.*g", digits, v);
  }
  std::string s = absl::StrFormat("%.*f", std::max(digits - 1 - exponent, 0), v);
  if (s.find('.') == std::string::npos) s += ".0";
  return s;
}

std::string DimsText(const Shape& shape) {
  return absl::StrCat(
      "[", absl::StrJoin(shape, ", ", [](std::string* out, const Dim& d) {
        absl::StrAppend(out, d.is_static() ? absl::StrCat(d.value) : d.symbol);
      }), "]");
}

// Unlike TypeToString, a TileView lists only the fields that differ from the
// memory space's implicit view.
std::string TypeText(const Type& t) {
  if (t.is_tuple()) {
    std::vector<std::string> elements;
    for (const Type& e : t.elements()) elements.push_back(TypeText(e));
    return absl::StrCat("tuple[", absl::StrJoin(elements, ", "), "]");
  }
  if (t.kind() != Type::Kind::kTile || !t.has_explicit_view()) {
    return TypeToString(t);
  }
  const TileView implicit = ImplicitView(t.has_memory() ? t.memory() : MemorySpace::kVec);
  const TileView& view = t.view();
  std::vector<std::string> fields;
  if (view.blayout != implicit.blayout) {
    fields.push_back(absl::StrCat("blayout=pl.TileLayout.", LayoutName(view.blayout)));
  }
  if (view.slayout != implicit.slayout) {
    fields.push_back(absl::StrCat("slayout=pl.TileLayout.", LayoutName(view.slayout)));
  }
  if (!view.valid_shape.empty()) {
    fields.push_back(absl::StrCat("valid_shape=", DimsText(view.valid_shape)));
  }
  if (view.pad != PadValue::kNull) {
    fields.push_back(absl::StrCat("pad=pl.PadValue.", PadValueName(view.pad)));
  }
  return absl::StrCat(
      "pl.Tile[", DimsText(t.shape()), ", pl.", DTypeName(t.dtype()),
      t.extra().empty() ? "" : ", ", t.extra(),
      t.has_memory() ? absl::StrCat(", pl.Mem.", MemorySpaceName(t.memory())) : "",
      ", pl.TileView(", absl::StrJoin(fields, ", "), ")]");
}

// A docstring as a triple-quoted string; its lines print as they are.
std::string Docstring(absl::string_view s) {
  std::string out = "\"\"\"";
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '\\' || (c == '"' && (i + 1 == s.size() || s[i + 1] == '"'))) {
      out += '\\';  // a '"' that would end the string early
    }
    if (c == '\r' || c == '\t' || (static_cast<unsigned char>(c) < 0x20 && c != '\n')) {
      absl::StrAppend(&out, "\\x", absl::Hex(static_cast<unsigned char>(c), absl::kZeroPad2));
      continue;
    }
    out += c;
  }
  return out + "\"\"\"";
}

std::string EnumText(absl::string_view enum_type, absl::string_view value) {
  if (enum_type == "DType") return absl::StrCat("pl.", value);
  // PyPTO's printer writes a memory space under its short alias.
  if (enum_type == "MemorySpace") return absl::StrCat("pl.Mem.", value);
  if (enum_type == "NotifyOp" || enum_type == "WaitCmp") {
    return absl::StrCat("pld.", enum_type, ".", value);
  }
  if (const PyptoEnum* e = FindPyptoEnum(enum_type)) {
    return absl::StrCat(e->module, ".", enum_type, ".", value);
  }
  return absl::StrCat("pl.", enum_type, ".", value);
}

// True when `attr` of op call `call` equals the registry default and so is
// left out of the printed form (ir.md: `split=0` and no `split` are one
// program).
bool IsDefaultAttr(const Expr& call, const NamedExpr& attr) {
  if (call.is_function_call) return false;
  const OpInfo* info = OpRegistry::Get().Find(call.str);
  if (info == nullptr) return false;
  const AttrSpec* spec = info->FindAttr(attr.name);
  return spec != nullptr && spec->default_value != nullptr &&
         SameConstant(*attr.value, *spec->default_value);
}

using VarNames = absl::flat_hash_map<const Var*, std::string>;

class ExprPrinter {
 public:
  // `names` may be null: variables then print under their own names.
  explicit ExprPrinter(const VarNames* names) : names_(names) {}
  // While true, calls print as they are written inside a pl.split_aiv region.
  void set_in_split_region(bool in) const { in_split_region_ = in; }

  std::string Print(const Expr& e) const {
    switch (e.kind) {
      case ExprKind::kVar: return Name(e.var);
      case ExprKind::kInt: return absl::StrCat(e.int_value);
      case ExprKind::kFloat: return FormatFloat(e.float_value);
      case ExprKind::kBool: return e.bool_value ? "True" : "False";
      case ExprKind::kString: return QuoteString(e.str);
      case ExprKind::kEnum: return EnumText(e.enum_type, e.str);
      case ExprKind::kList: return absl::StrCat("[", Join(e.args), "]");
      case ExprKind::kTuple:
        return absl::StrCat("(", Join(e.args), e.args.size() == 1 ? ",)" : ")");
      case ExprKind::kBinary: {
        int prec = BinaryPrec(e.binary_op);
        // Left-associative operators; comparisons do not chain the way the
        // IR nests them, so both of their operands bind tighter.
        int lhs_min = prec == kPrecCompare ? prec + 1 : prec;
        return absl::StrCat(Operand(*e.args[0], lhs_min), " ", BinaryToken(e.binary_op),
                            " ", Operand(*e.args[1], prec + 1));
      }
      case ExprKind::kUnary:
        if (e.unary_op == UnaryOp::kNot) {
          return absl::StrCat("not ", Operand(*e.args[0], kPrecNot));
        }
        return absl::StrCat(e.unary_op == UnaryOp::kBitNot ? "~" : "-",
                            Operand(*e.args[0], kPrecUnary));
      case ExprKind::kCall: return Call(e);
      case ExprKind::kDict:
        return absl::StrCat(
            "{",
            absl::StrJoin(e.attrs, ", ",
                          [this](std::string* out, const NamedExpr& entry) {
                            absl::StrAppend(out, QuoteString(entry.name), ": ",
                                            Print(*entry.value));
                          }),
            "}");
      case ExprKind::kTupleGetItem:
        if (e.args.empty() || e.args[0] == nullptr) return "?";
        return absl::StrCat(Operand(*e.args[0], kPrecAtom), "[", e.int_value, "]");
    }
    return "?";
  }

  std::string Name(const Var* v) const {
    if (v == nullptr) return "<null>";
    if (names_ != nullptr) {
      auto it = names_->find(v);
      if (it != names_->end()) return it->second;
    }
    return v->name;
  }

  std::string Join(const std::vector<ExprPtr>& exprs) const {
    return absl::StrJoin(exprs, ", ", [this](std::string* out, const ExprPtr& e) {
      absl::StrAppend(out, Print(*e));
    });
  }

 private:
  static int PrecOf(const Expr& e) {
    switch (e.kind) {
      case ExprKind::kBinary: return BinaryPrec(e.binary_op);
      case ExprKind::kUnary:
        return e.unary_op == UnaryOp::kNot ? kPrecNot : kPrecUnary;
      case ExprKind::kInt: return e.int_value < 0 ? kPrecUnary : kPrecAtom;
      case ExprKind::kFloat: return std::signbit(e.float_value) ? kPrecUnary : kPrecAtom;
      default: return kPrecAtom;
    }
  }

  std::string Operand(const Expr& e, int min_prec) const {
    std::string s = Print(e);
    return PrecOf(e) < min_prec ? absl::StrCat("(", s, ")") : s;
  }

  std::string Call(const Expr& e) const {
    std::string callee;
    if (e.is_function_call) {
      callee = absl::StrCat("self.", e.str);
    } else if (absl::StartsWith(e.str, "pld.")) {
      callee = e.str;
    } else {
      callee = absl::StrCat("pl.", e.str);
    }
    std::vector<std::string> parts;
    const OpInfo* info = e.is_function_call ? nullptr : OpRegistry::Get().Find(e.str);
    // Parameters by name that print after the attributes.
    std::vector<std::string> named_params;
    bool by_name = false;
    for (size_t i = 0; i < e.args.size(); ++i) {
      const Expr& a = *e.args[i];
      if (i == 0 && info != nullptr && info->callee_arg && a.kind == ExprKind::kString) {
        parts.push_back(absl::StrCat("self.", a.str));  // pl.submit(self.f, ...)
      } else if (info != nullptr && !info->positional_order.empty() &&
                 (i >= info->positional_order.size() ||
                  info->positional_order[i] != info->params[i] || by_name)) {
        // PyPTO puts an attribute in this slot: the parameter goes by name.
        by_name = true;
        (info->print_attrs_before_named_params ? named_params : parts)
            .push_back(absl::StrCat(info->params[i], "=", Print(a)));
      } else {
        parts.push_back(Print(a));
      }
    }
    size_t next_slot = e.args.size();
    for (const NamedExpr& a : e.attrs) {
      if (IsDefaultAttr(e, a)) continue;
      // PyPTO's trailing attrs={...} dict stays last.
      if (IsCallAttrsDict(a) && info != nullptr && info->FindAttr(kCallAttrsName) == nullptr) {
        parts.insert(parts.end(), named_params.begin(), named_params.end());
        named_params.clear();
      }
      // Inside a pl.split_aiv region a shard or gather inherits the mode.
      if (in_split_region_ && info != nullptr && info->split_boundary != PipeDirection::kNone &&
          a.name == "split") {
        continue;
      }
      if (info != nullptr && info->print_attrs_positionally && !by_name &&
          next_slot < info->positional_order.size() &&
          info->positional_order[next_slot] == a.name) {
        ++next_slot;
        parts.push_back(AttrValue(info, a));
        continue;
      }
      by_name = true;
      parts.push_back(absl::StrCat(a.name, "=", AttrValue(info, a)));
    }
    parts.insert(parts.end(), named_params.begin(), named_params.end());
    return absl::StrCat(callee, "(", absl::StrJoin(parts, ", "), ")");
  }

  // A string attribute that PyPTO types as an enum (`atomic="add"`) prints
  // as PyPTO's printer writes it: `atomic=pl.AtomicType.Add`.
  std::string AttrValue(const OpInfo* info, const NamedExpr& a) const {
    const AttrSpec* spec = info != nullptr ? info->FindAttr(a.name) : nullptr;
    if (spec != nullptr && !spec->enum_alias.empty() && a.value->kind == ExprKind::kString) {
      const PyptoEnum* alias = FindPyptoEnum(spec->enum_alias);
      for (size_t i = 0; alias != nullptr && i < spec->choices.size() && i < alias->values.size();
           ++i) {
        if (spec->choices[i] == a.value->str) return EnumText(spec->enum_alias, alias->values[i]);
      }
    }
    return Print(*a.value);
  }

  const VarNames* names_;
  mutable bool in_split_region_ = false;
};

// Lists the variables a function defines, in the order their definitions
// appear in the printed text: parameters, then the body top to bottom (a
// loop's variable and carried values at its header, results of a for / if
// at the yield closing its (then-)body).
void CollectDefs(const Stmt& s, std::vector<const Var*>* defs) {
  switch (s.kind) {
    case StmtKind::kSeq:
      for (const StmtPtr& child : s.stmts) CollectDefs(*child, defs);
      break;
    case StmtKind::kAssign:
      defs->push_back(s.var);
      break;
    case StmtKind::kFor:
      defs->push_back(s.var);
      defs->insert(defs->end(), s.iter_args.begin(), s.iter_args.end());
      if (s.body) CollectDefs(*s.body, defs);
      defs->insert(defs->end(), s.results.begin(), s.results.end());
      break;
    case StmtKind::kIf:
      if (s.body) CollectDefs(*s.body, defs);
      defs->insert(defs->end(), s.results.begin(), s.results.end());
      if (s.else_body) CollectDefs(*s.else_body, defs);
      break;
    case StmtKind::kWhile:
      defs->insert(defs->end(), s.iter_args.begin(), s.iter_args.end());
      if (s.body) CollectDefs(*s.body, defs);
      defs->insert(defs->end(), s.results.begin(), s.results.end());
      break;
    case StmtKind::kScope:
      if (s.body) CollectDefs(*s.body, defs);
      if (s.var != nullptr) defs->push_back(s.var);
      break;
    case StmtKind::kSplitAiv:
      defs->push_back(s.var);
      if (s.body) CollectDefs(*s.body, defs);
      break;
    case StmtKind::kUnpack:
      defs->insert(defs->end(), s.results.begin(), s.results.end());
      break;
    case StmtKind::kEval: case StmtKind::kYield: case StmtKind::kReturn:
    case StmtKind::kBreak: case StmtKind::kContinue: case StmtKind::kSetItem:
      break;
  }
}

// Gives every variable of `f` a printed name that is unique in the function.
VarNames AssignNames(const Function& f, bool canonical) {
  std::vector<const Var*> params;
  for (const Param& p : f.params) {
    if (p.var != nullptr) params.push_back(p.var);
  }
  std::vector<const Var*> locals;
  if (f.body) CollectDefs(*f.body, &locals);

  // Every name as written, so that a suffixed name never takes the name a
  // later variable already has.
  absl::flat_hash_set<std::string> written;
  for (const Var* v : params) written.insert(v->name);
  if (!canonical) {
    for (const Var* v : locals) {
      if (v != nullptr) written.insert(v->name);
    }
  }

  VarNames names;
  absl::flat_hash_set<std::string> used;
  // Per base, the suffix to try first: the smaller ones were taken when last
  // tried and stay taken (else the k-th repeat of a name costs k lookups).
  absl::flat_hash_map<std::string, int> next_suffix;
  auto give = [&](const Var* v, std::string name) {
    used.insert(name);
    names.emplace(v, std::move(name));
  };
  auto keep_or_suffix = [&](const Var* v) {
    std::string base = v->name.empty() ? "v" : v->name;
    if (!used.contains(base)) return give(v, base);
    int& next = next_suffix[base];
    for (int k = next + 1;; ++k) {
      std::string candidate = absl::StrCat(base, "_", k);
      if (!used.contains(candidate) && !written.contains(candidate)) {
        next = k;
        return give(v, candidate);
      }
    }
  };

  for (const Var* v : params) {
    if (!names.contains(v)) keep_or_suffix(v);
  }
  int next = 0;
  for (const Var* v : locals) {
    if (v == nullptr || names.contains(v)) continue;
    if (!canonical) {
      keep_or_suffix(v);
      continue;
    }
    std::string candidate;
    do {
      candidate = absl::StrCat("v", next++);
    } while (used.contains(candidate));
    give(v, candidate);
  }
  return names;
}

class FunctionPrinter {
 public:
  FunctionPrinter(const Function& f, const PrintOptions& options, std::string* out)
      : f_(f),
        names_(AssignNames(f, options.canonical_names)),
        expr_(&names_),
        width_(options.line_length),
        out_(out) {}

  void Print() {
    // PyPTO's printer leaves the default type (Opaque) out, and the
    // parentheses too when no argument is left.
    std::vector<std::string> args;
    if (f_.kind != FunctionKind::kOpaque) {
      args.push_back(absl::StrCat("type=pl.FunctionType.", FunctionKindName(f_.kind)));
    }
    // A core function carries the level and role PyPTO stamps on it.
    const absl::string_view level = StampedLevel(f_.kind);
    if (!level.empty()) {
      args.push_back(absl::StrCat("level=pl.Level.", level));
      args.push_back("role=pl.Role.SubWorker");
    }
    for (const NamedExpr& a : f_.decorator_args) {
      if (!level.empty() && (a.name == "level" || a.name == "role")) continue;
      args.push_back(absl::StrCat(a.name, "=", expr_.Print(*a.value)));
    }
    if (!f_.attrs.empty()) {
      std::vector<std::string> items;
      for (const NamedExpr& a : f_.attrs) {
        items.push_back(absl::StrCat(QuoteString(a.name), ": ", expr_.Print(*a.value)));
      }
      args.push_back(absl::StrCat("attrs={", absl::StrJoin(items, ", "), "}"));
    }
    Line(1, args.empty() ? "@pl.function"
                         : absl::StrCat("@pl.function(", absl::StrJoin(args, ", "), ")"));
    std::vector<std::string> params;
    if (f_.has_self) params.push_back("self");
    for (const Param& p : f_.params) {
      std::string type = p.var != nullptr ? TypeText(p.var->type) : "None";
      if (p.direction == Direction::kOut) type = absl::StrCat("pl.Out[", type, "]");
      if (p.direction == Direction::kInOut) type = absl::StrCat("pl.InOut[", type, "]");
      params.push_back(absl::StrCat(expr_.Name(p.var), ": ", type));
    }
    // An abstract SubWorker's `...` stays on the def line, as ruff leaves
    // PyPTO's output.
    absl::StrAppend(out_, LayoutSignature(1, f_.name, params,
                                          f_.return_type.has_value()
                                              ? TypeText(*f_.return_type)
                                              : std::string(),
                                          width_, f_.requires_runtime_binding ? "..." : ""));
    if (!f_.requires_runtime_binding) Body(f_.body.get(), 2, nullptr);
  }

 private:
  // One statement, laid out as ruff lays it out (frontend/layout.h).
  void Line(int depth, absl::string_view text) {
    absl::StrAppend(out_, LayoutStatement(depth, text, width_));
  }

  // `yield_targets`: the result vars of the for / if whose body this is; a
  // Yield directly in the body assigns them.
  void Body(const Stmt* s, int depth, const std::vector<Var*>* yield_targets) {
    if (s == nullptr || (s->kind == StmtKind::kSeq && IsEmpty(*s))) {
      Line(depth, "pass");
      return;
    }
    Statement(*s, depth, yield_targets);
  }

  // A Seq that prints nothing (possibly nested empty Seqs).
  static bool IsEmpty(const Stmt& s) {
    if (s.kind != StmtKind::kSeq) return false;
    for (const StmtPtr& child : s.stmts) {
      if (!IsEmpty(*child)) return false;
    }
    return true;
  }

  // A statement's leading comments, one `# text` line each above it; ruff
  // never breaks a comment, so they bypass the layout.
  void LeadingComments(const Stmt& s, int depth) {
    for (const std::string& c : s.leading_comments) {
      absl::StrAppend(out_, std::string(4 * depth, ' '), "# ", c, "\n");
    }
  }

  void Statement(const Stmt& s, int depth, const std::vector<Var*>* yield_targets) {
    LeadingComments(s, depth);
    switch (s.kind) {
      case StmtKind::kSeq:
        for (const StmtPtr& child : s.stmts) Statement(*child, depth, yield_targets);
        return;
      case StmtKind::kAssign: {
        std::string target = expr_.Name(s.var);
        // An unregistered op's result type is known only from its annotation.
        const bool unregistered_op = s.value != nullptr && s.value->kind == ExprKind::kCall &&
                                     !s.value->is_function_call && LookupOp(*s.value) == nullptr;
        if (s.var != nullptr && (s.var->type.is_tile() || s.var->type.is_scalar() ||
                                 (unregistered_op && s.var->type.kind() != Type::Kind::kNone))) {
          absl::StrAppend(&target, ": ", TypeText(s.var->type));
        }
        Line(depth, absl::StrCat(target, " = ", Value(s.value.get())));
        return;
      }
      case StmtKind::kEval:
        Line(depth, Value(s.value.get()));
        return;
      case StmtKind::kFor:
        Line(depth, ForHeader(s));
        Body(s.body.get(), depth + 1, &s.results);
        return;
      case StmtKind::kWhile:
        if (s.iter_args.empty()) {
          Line(depth, absl::StrCat("while ", Value(s.value.get()), ":"));
          Body(s.body.get(), depth + 1, nullptr);
          return;
        }
        // PyPTO's SSA while: the condition is the body's first statement.
        // The targets as ruff leaves them: a tuple's parentheses only
        // around one target.
        Line(depth, absl::StrCat("for ",
                                 s.iter_args.size() == 1
                                     ? absl::StrCat("(", VarList(s.iter_args), ",)")
                                     : VarList(s.iter_args),
                                 " in pl.while_(init_values=(", expr_.Join(s.init_values),
                                 s.init_values.size() == 1 ? "," : "", ")):"));
        Line(depth + 1, absl::StrCat("pl.cond(", Value(s.value.get()), ")"));
        Body(s.body.get(), depth + 1, &s.results);
        return;
      case StmtKind::kIf:
        Line(depth, absl::StrCat("if ", Value(s.value.get()), ":"));
        {
          // The reader types a single if result from the then branch's
          // yield, or from its annotation when there is one.
          const std::vector<Var*>* outer = annotated_results_;
          annotated_results_ = &s.results;
          Body(s.body.get(), depth + 1, &s.results);
          annotated_results_ = outer;
        }
        if (s.else_body) {
          Line(depth, "else:");
          Body(s.else_body.get(), depth + 1, &s.results);
        }
        return;
      case StmtKind::kYield: {
        std::string call = absl::StrCat("pl.yield_(", expr_.Join(s.values), ")");
        if (yield_targets != nullptr && !yield_targets->empty()) {
          std::string targets = VarList(*yield_targets);
          if (yield_targets == annotated_results_ && yield_targets->size() == 1 &&
              s.values.size() == 1 && (*yield_targets)[0]->type != s.values[0]->type) {
            absl::StrAppend(&targets, ": ", TypeText((*yield_targets)[0]->type));
          }
          call = absl::StrCat(targets, " = ", call);
        }
        Line(depth, call);
        return;
      }
      case StmtKind::kReturn:
        Line(depth, s.values.empty() ? "return"
                                     : absl::StrCat("return ", expr_.Join(s.values)));
        return;
      case StmtKind::kScope: {
        std::string head = absl::StrCat("with ", Value(s.value.get()));
        if (s.var != nullptr) absl::StrAppend(&head, " as ", expr_.Name(s.var));
        Line(depth, absl::StrCat(head, ":"));
        Body(s.body.get(), depth + 1, nullptr);
        return;
      }
      case StmtKind::kSplitAiv:
        Line(depth, absl::StrCat("for ", expr_.Name(s.var), " in pl.split_aiv(2, mode=",
                                 EnumText("SplitMode", SplitModeName(s.split_mode)), "):"));
        expr_.set_in_split_region(true);
        Body(s.body.get(), depth + 1, nullptr);
        expr_.set_in_split_region(false);
        return;
      case StmtKind::kUnpack:
        Line(depth, absl::StrCat(VarList(s.results), " = ", Value(s.value.get())));
        return;
      case StmtKind::kSetItem:
        Line(depth, absl::StrCat(expr_.Name(s.var), "[", expr_.Join(s.values), "] = ",
                                 Value(s.value.get())));
        return;
      case StmtKind::kBreak:
        Line(depth, "break");
        return;
      case StmtKind::kContinue:
        Line(depth, "continue");
        return;
    }
  }

  std::string ForHeader(const Stmt& s) {
    auto is_int = [](const ExprPtr& e, int64_t v) {
      return e != nullptr && e->kind == ExprKind::kInt && e->int_value == v;
    };
    // PyPTO's printer: the concise range (as Python's range()), then
    // pipeline's stage=, init_values=, the other keywords.
    std::string range;
    if (is_int(s.step, 1) && is_int(s.start, 0)) {
      range = Value(s.stop.get());
    } else if (is_int(s.step, 1)) {
      range = absl::StrCat(Value(s.start.get()), ", ", Value(s.stop.get()));
    } else {
      range = absl::StrCat(Value(s.start.get()), ", ", Value(s.stop.get()), ", ",
                           Value(s.step.get()));
    }
    for (const NamedExpr& a : s.loop_attrs) {
      if (a.name == "stage") absl::StrAppend(&range, ", ", a.name, "=", expr_.Print(*a.value));
    }
    if (!s.init_values.empty()) {
      absl::StrAppend(&range, ", init_values=(", expr_.Join(s.init_values),
                      s.init_values.size() == 1 ? ",)" : ")");
    }
    for (const NamedExpr& a : s.loop_attrs) {
      if (a.name != "stage") absl::StrAppend(&range, ", ", a.name, "=", expr_.Print(*a.value));
    }
    std::string targets = expr_.Name(s.var);
    if (!s.iter_args.empty()) {
      absl::StrAppend(&targets, ", (", VarList(s.iter_args),
                      s.iter_args.size() == 1 ? ",)" : ")");
    }
    return absl::StrCat("for ", targets, " in pl.", s.loop_kind.empty() ? "range" : s.loop_kind,
                        "(", range, "):");
  }

  std::string VarList(const std::vector<Var*>& vars) {
    return absl::StrJoin(vars, ", ", [this](std::string* out, const Var* v) {
      absl::StrAppend(out, expr_.Name(v));
    });
  }

  std::string Value(const Expr* e) { return e == nullptr ? "None" : expr_.Print(*e); }

  const Function& f_;
  const VarNames names_;
  const ExprPrinter expr_;
  const int width_;
  std::string* out_;
  // The results of the if whose then branch is being printed: its yield
  // carries their annotation where the value's type is not theirs.
  const std::vector<Var*>* annotated_results_ = nullptr;
};

}  // namespace

std::string PrintProgram(const Program& program, const PrintOptions& options) {
  // PyPTO's printer heads a program with its name as a comment.
  std::string out = absl::StrCat("# pypto.program: ", program.name, "\n");
  out +=
      "import pypto.language as pl\n"
      "import pypto.language.distributed as pld\n"
      "\n"
      "\n";
  for (const std::string& d : program.dynamic_dims) {
    absl::StrAppend(&out, LayoutStatement(0, absl::StrCat(d, " = pl.dynamic(\"", d, "\")"),
                                          options.line_length));
  }
  if (!program.dynamic_dims.empty()) out += "\n\n";
  std::string decorator = "@pl.program";
  if (!program.decorator_args.empty()) {
    ExprPrinter expr(nullptr);
    std::vector<std::string> args;
    for (const NamedExpr& a : program.decorator_args) {
      args.push_back(absl::StrCat(a.name, "=", expr.Print(*a.value)));
    }
    absl::StrAppend(&decorator, "(", absl::StrJoin(args, ", "), ")");
  }
  absl::StrAppend(&out, LayoutStatement(0, decorator, options.line_length), "class ", program.name, ":\n");
  if (!program.docstring.empty()) {
    // ruff puts an empty line between a class docstring and what follows.
    absl::StrAppend(&out, "    ", Docstring(program.docstring), "\n",
                    program.functions.empty() ? "" : "\n");
  }
  if (program.functions.empty() && program.docstring.empty()) {
    absl::StrAppend(&out, "    pass\n");
  }
  for (size_t i = 0; i < program.functions.size(); ++i) {
    if (i > 0) out += "\n";
    FunctionPrinter(*program.functions[i], options, &out).Print();
  }
  return out;
}

std::string PrintExpr(const Expr& e) { return ExprPrinter(nullptr).Print(e); }

}  // namespace ptoc
