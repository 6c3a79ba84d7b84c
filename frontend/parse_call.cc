// The text parser: qualified names (`pl.X.Y`, `self.f`), calls of ops and
// of program functions, keyword normalization and attribute checks.
#include <algorithm>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "frontend/parser_impl.h"
#include "ir/builder.h"
#include "ir/call_types.h"
#include "ir/diagnostics.h"
#include "ir/enums.h"

namespace ptoc {
namespace parser_internal {
namespace {

// What an attribute of `spec` must be, or "" when `value` fits.
std::string AttrMismatch(const AttrSpec& spec, const Expr& value) {
  switch (spec.kind) {
    case AttrKind::kExpr:
      return "";
    case AttrKind::kInt:
      return value.kind == ExprKind::kInt ? "" : "an integer constant";
    case AttrKind::kBool:
      return value.kind == ExprKind::kBool ? "" : "True or False";
    case AttrKind::kString:
      return value.kind == ExprKind::kString ? "" : "a string";
    case AttrKind::kEnum: {
      if (value.kind == ExprKind::kEnum && value.enum_type == spec.enum_type) {
        return "";
      }
      const bool distributed =
          spec.enum_type == "NotifyOp" || spec.enum_type == "WaitCmp";
      return absl::StrCat("a ", distributed ? "pld." : "pl.", spec.enum_type, " value");
    }
    case AttrKind::kDType:
      return value.kind == ExprKind::kEnum && value.enum_type == "DType"
                 ? ""
                 : "a dtype (pl.FP32, ...)";
    case AttrKind::kIntList: {
      bool ok = value.kind == ExprKind::kList;
      for (const ExprPtr& e : value.args) {
        ok = ok && (e->kind == ExprKind::kInt ||
                    (e->kind == ExprKind::kVar && e->type.is_scalar() &&
                     IsIntegerDType(e->type.dtype())));
      }
      return ok ? "" : "a list of integers";
    }
  }
  return "";
}

// The registered op a `pl.` call names: short spellings map to tile and
// tensor ops.
std::string PlOpName(const std::string& name) {
  // (pl.matmul resolves by its operands: tile.matmul or tensor.matmul.)
  if (name == "load" || name == "store" || name == "move") {
    return absl::StrCat("tile.", name);
  }
  if (name == "read" || name == "write") return absl::StrCat("tensor.", name);
  if (name == "create_tensor") return "tensor.create";
  if (name == "create_tile") return "tile.create";
  // pl.optimizations.split / cross_core_slot: the pl.split spellings.
  if (absl::StartsWith(name, "optimizations.")) return name.substr(14);
  return name;
}

}  // namespace

// PyPTO's short spellings (`pl.add`, `pl.exp`, `pl.reserve_buffer`) name
// the op of the family the first argument's type selects: `tile.X` on a
// tile (`tile.Xs` when the second argument is a scalar), `tensor.X` on a
// tensor, else `system.X`. `op` itself when none is registered.
std::string ResolveShortOp(const std::string& op, const std::vector<ExprPtr>& args) {
  const OpRegistry& r = OpRegistry::Get();
  std::vector<std::string> candidates;
  const Type* first = args.empty() || args[0] == nullptr ? nullptr : &args[0]->type;
  if (first != nullptr && first->is_tile()) {
    if (args.size() >= 2 && args[1] != nullptr && args[1]->type.is_scalar()) {
      candidates.push_back(absl::StrCat("tile.", op, "s"));
    }
    candidates.push_back(absl::StrCat("tile.", op));
  } else if (first != nullptr && first->is_tensor()) {
    if (args.size() >= 2 && args[1] != nullptr && args[1]->type.is_scalar()) {
      candidates.push_back(absl::StrCat("tensor.", op, "s"));
    }
    candidates.push_back(absl::StrCat("tensor.", op));
  } else {
    // On scalars the plain op comes first (`pl.cast(x, pl.INDEX)`).
    if (first != nullptr && first->is_scalar()) candidates.push_back(op);
    candidates.push_back(absl::StrCat("system.", op));
    candidates.push_back(absl::StrCat("tile.", op));
    candidates.push_back(absl::StrCat("tensor.", op));
  }
  // Then the families by name alone (`pl.tfree_to_aic(tile)` is system.*).
  for (const char* family : {"system.", "tile.", "tensor."}) {
    candidates.push_back(absl::StrCat(family, op));
  }
  for (const std::string& c : candidates) {
    if (r.Find(c) != nullptr || r.Find(absl::StrCat("pld.", c)) != nullptr) return c;
  }
  // PyPTO's bitwise ops are and_ / or_ / xor_ / not_ (pl.xor is xor_).
  if (!absl::EndsWith(op, "_")) {
    const std::string underscored = ResolveShortOp(absl::StrCat(op, "_"), args);
    if (underscored != absl::StrCat(op, "_")) return underscored;
  }
  return op;
}


absl::StatusOr<ExprPtr> Parser::ParseQualified() {
  const size_t start_index = pos_;
  const Token& base = Next();  // pl, pld or self
  std::vector<std::string> parts;
  while (AtOp(".")) {
    Next();
    ASSIGN_OR_RETURN(Token part, ExpectIdentifier("a name after '.'"));
    parts.push_back(part.text);
  }
  const std::string full = absl::StrJoin(parts, ".");
  if (base.text == "self") {
    if (parts.size() != 1 || !AtOp("(")) {
      return ErrorAtToken(base,
                          "'self' is only used to call a function of "
                          "the program: self.name(...)");
    }
    std::vector<ExprPtr> args;
    std::vector<Keyword> keywords;
    RETURN_IF_ERROR(ParseCallArgs(args, keywords));
    return FinishFunctionCall(base, parts[0], std::move(args), std::move(keywords));
  }
  if (parts.empty()) {
    return ErrorAtToken(base, absl::StrCat("'", base.text,
                                           "' is a module, "
                                           "not a value"));
  }
  // `pl.FP32.get_byte()`: the element size, a constant as PyPTO folds it.
  if (base.text == "pl" && parts.size() == 2 && parts[1] == "get_byte" && AtOp("(") &&
      AtOp(")", 1)) {
    if (std::optional<DType> d = ParseDType(parts[0])) {
      Next();
      Next();
      return MakeInt(DTypeBytes(*d), Loc(base));
    }
  }
  if (!AtOp("(")) return ParseEnum(base, parts);
  if (base.text == "pl" && full == "range") {
    return ErrorAtToken(base, "pl.range(...) is only allowed in a for statement");
  }
  if (base.text == "pl" && full == "yield_") {
    return ErrorAtToken(base,
                        "pl.yield_(...) is only allowed as 'x = "
                        "pl.yield_(...)' at the end of a body");
  }
  if (base.text == "pl" && (full == "submit" || full == "spmd_submit")) {
    return ParseSubmit(base, full);
  }
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
  RETURN_IF_ERROR(ParseCallArgs(args, keywords));
  // PyPTO's pl.add / sub / mul / div of two scalars is the scalar
  // expression `a + b` (unified_ops dispatches on the operands' types).
  if (base.text == "pl" && parts.size() == 1 && keywords.empty() && args.size() == 2 &&
      args[0]->type.is_scalar() && args[1]->type.is_scalar()) {
    static constexpr std::pair<absl::string_view, absl::string_view> kScalarOps[] = {
        {"add", "+"}, {"sub", "-"}, {"mul", "*"}, {"div", "/"}};
    for (const auto& [name, spelled] : kScalarOps) {
      if (full != name) continue;
      Token op_token = base;
      op_token.kind = TokenKind::kOp;
      op_token.text = std::string(spelled);
      return MakeBinaryChecked(op_token, std::move(args[0]), std::move(args[1]));
    }
  }
  std::string op = base.text == "pl" ? PlOpName(full) : absl::StrCat("pld.", full);
  // A short spelling is resolved by the arguments' types even when the
  // plain name is an op too (`pl.cast` of a scalar, of a tile, of a tensor).
  if (OpRegistry::Get().Find(op) == nullptr || !absl::StrContains(op, '.')) {
    op = base.text == "pl" ? ResolveShortOp(op, args)
                           : absl::StrCat("pld.", ResolveShortOp(full, args));
  } else if (args.size() >= 2 && args[1]->type.is_scalar() &&
             OpRegistry::Get().Find(absl::StrCat(op, "s")) != nullptr) {
    // PyPTO's tile.add(t, 2.0) / tensor.mul(x, s) canonicalize to the
    // scalar form (tile.adds, tensor.muls).
    absl::StrAppend(&op, "s");
  }
  return FinishOpCall(std::move(op), base, start_index, std::move(args),
                      std::move(keywords));
}

absl::StatusOr<ExprPtr> Parser::ParseSubmit(const Token& base, const std::string& op) {
  const Location loc = Loc(base);
  RETURN_IF_ERROR(ExpectOp("("));
  if (!(AtName("self") && AtOp(".", 1) && AtKind(TokenKind::kName, 2))) {
    return Unexpected(absl::StrCat("the function to submit (self.name) as the first argument "
                                   "of pl.", op));
  }
  Next();
  Next();
  const Token& name = Next();
  const Function* callee = program_->FindFunction(name.text);
  if (callee == nullptr) {
    return ErrorAtToken(name, absl::StrCat("the program has no function '", name.text, "'"));
  }
  std::vector<ExprPtr> args;
  args.push_back(MakeString(name.text, Loc(name)));
  std::vector<Keyword> keywords;
  if (AtOp(",")) {
    Next();
    RETURN_IF_ERROR(ParseCallArgsRest(args, keywords));
  } else {
    RETURN_IF_ERROR(ExpectOp(")"));
  }
  // PyPTO: the Out / InOut parameters of a submitted function may be left
  // out (the runtime allocates them), from the last one back.
  const size_t given = args.size() - 1;
  const size_t needed = static_cast<size_t>(
      std::count_if(callee->params.begin(), callee->params.end(),
                    [](const Param& p) { return p.direction == Direction::kIn; }));
  if (given < needed || given > callee->params.size()) {
    return ErrorAt(loc, absl::StrCat("'", name.text, "' takes ",
                                     needed == callee->params.size()
                                         ? absl::StrCat(needed)
                                         : absl::StrCat(needed, " to ", callee->params.size()),
                                     " arguments, got ", given,
                                     needed == callee->params.size()
                                         ? ""
                                         : " (a submit may leave out Out / InOut arguments)"));
  }
  const OpInfo* info = OpRegistry::Get().Find(op);
  // PyPTO's submit takes the attrs={...} dict of a kernel call (its keys are
  // checked with the call's, ir/verify_pypto.h); its printer writes it last,
  // after deps= ... predicate=.
  ExprPtr call_attrs;
  auto dict = std::find_if(keywords.begin(), keywords.end(),
                           [](const Keyword& k) { return k.name.text == kCallAttrsName; });
  if (dict != keywords.end()) {
    if (dict->value->kind != ExprKind::kDict) {
      return ErrorAt(dict->value->loc, absl::StrCat("attrs= on a call to '", name.text,
                                                    "' must be a dict literal {\"key\": value, ...}"));
    }
    call_attrs = std::move(dict->value);
    keywords.erase(dict);
  }
  ASSIGN_OR_RETURN(std::vector<NamedExpr> attrs, CheckAttrs(*info, loc, std::move(keywords)));
  if (call_attrs != nullptr) attrs.push_back(MakeAttr(std::string(kCallAttrsName), std::move(call_attrs)));
  std::vector<Type> results;
  if (callee->return_type.has_value()) {
    const Type& r = *callee->return_type;
    if (r.is_tuple()) {
      results = r.elements();
    } else if (!r.is_none()) {
      results.push_back(r);
    }
  }
  results.push_back(Type::Scalar(DType::kTASK_ID));
  Type type = results.size() == 1 ? results[0] : Type::Tuple(std::move(results));
  return MakeOpCall(op, std::move(args), std::move(attrs), std::move(type), loc);
}

// ---- calls ----

absl::Status Parser::ParseCallArgs(std::vector<ExprPtr>& args,
                                   std::vector<Keyword>& keywords) {
  RETURN_IF_ERROR(ExpectOp("("));
  return ParseCallArgsRest(args, keywords);
}

absl::Status Parser::ParseCallArgsRest(std::vector<ExprPtr>& args,
                                       std::vector<Keyword>& keywords) {
  while (!AtOp(")")) {
    if (AtKind(TokenKind::kName) && AtOp("=", 1)) {
      Keyword k;
      k.name = Next();
      Next();
      for (const Keyword& other : keywords) {
        if (other.name.text == k.name.text) {
          return ErrorAtToken(k.name, absl::StrCat("keyword argument '", k.name.text,
                                                   "' is given twice"));
        }
      }
      ASSIGN_OR_RETURN(k.value, ParseExpr());
      keywords.push_back(std::move(k));
    } else if (!keywords.empty()) {
      return ErrorAtToken(Peek(), "positional argument after keyword arguments");
    } else {
      ASSIGN_OR_RETURN(ExprPtr e, ParseExpr());
      args.push_back(std::move(e));
    }
    if (!AtOp(",")) break;
    Next();
  }
  return ExpectOp(")");
}

absl::StatusOr<ExprPtr> Parser::FinishOpCall(std::string op, const Token& start,
                                             size_t start_index,
                                             std::vector<ExprPtr> args,
                                             std::vector<Keyword> keywords) {
  const Location loc = Loc(start);
  // Ops whose result type comes from the annotation (tpop) must be the
  // whole right-hand side of an annotated assignment.
  const Type* annotation = start_index == rhs_start_ ? rhs_annotation_ : nullptr;
  const OpInfo* info = OpRegistry::Get().Find(op);
  if (info == nullptr) {
    if (!options_.allow_unregistered_ops) {
      std::string message = absl::StrCat("unknown op '", op, "'");
      if (std::optional<std::string> s = OpRegistry::Get().Suggest(op)) {
        absl::StrAppend(&message, "; did you mean '", *s, "'?");
      }
      return ErrorAt(loc, message);
    }
    std::vector<NamedExpr> attrs;
    for (Keyword& k : keywords) {
      attrs.push_back(MakeAttr(k.name.text, std::move(k.value)));
    }
    return MakeOpCall(std::move(op), std::move(args), std::move(attrs),
                      annotation != nullptr ? *annotation : Type::None(), loc);
  }
  if (!info->only_in.empty() &&
      std::find(info->only_in.begin(), info->only_in.end(), fn_->kind) == info->only_in.end()) {
    std::vector<std::string> kinds;
    for (FunctionKind k : info->only_in) kinds.emplace_back(FunctionKindName(k));
    return ErrorAt(loc, absl::StrCat("'pl.", op, "()' is only valid inside an ",
                                     absl::StrJoin(kinds, " or "), " function"));
  }
  if (info->names_buffer) {
    for (const Keyword& k : keywords) {
      if (k.name.text != "name") continue;
      return ErrorAtToken(k.name, absl::StrCat("'", op, "': the 'name' keyword cannot be "
                                               "passed explicitly; the buffer is named "
                                               "after the variable it is assigned to"));
    }
  }
  // PyPTO passes some attributes positionally (`tile.create(shape, ...)`).
  std::vector<Keyword> attr_keywords;
  if (!info->positional_order.empty()) {
    RETURN_IF_ERROR(NamePositionalArgs(*info, start, args, keywords));
  }
  for (size_t i = 0; i < info->positional_attrs.size() &&
                     args.size() > info->params.size() && !info->AcceptsArity(args.size());
       ++i) {
    Keyword k;
    k.name = start;
    k.name.text = info->positional_attrs[i];
    k.value = std::move(args[info->params.size()]);
    args.erase(args.begin() + info->params.size());
    for (const Keyword& other : keywords) {
      if (other.name.text == k.name.text) {
        return ErrorAtToken(other.name, absl::StrCat("argument '", k.name.text, "' of '",
                                                     op, "' is given twice"));
      }
    }
    attr_keywords.push_back(std::move(k));
  }
  // Keywords naming positional parameters become positional arguments.
  for (Keyword& k : keywords) {
    const int index = info->ParamIndex(k.name.text);
    if (index < 0) {
      attr_keywords.push_back(std::move(k));
      continue;
    }
    if (static_cast<size_t>(index) < args.size() && args[index] != nullptr) {
      return ErrorAtToken(k.name, absl::StrCat("argument '", k.name.text, "' of '", op,
                                               "' is given twice"));
    }
    if (static_cast<size_t>(index) >= args.size()) args.resize(index + 1);
    args[index] = std::move(k.value);
  }
  // Parameters PyPTO defaults (`aiv_initialize_pipe(c2v_consumer_buf=0, ...)`).
  if (!info->param_defaults.empty() && !info->AcceptsArity(static_cast<int>(args.size()))) {
    args.resize(std::max(args.size(), info->param_defaults.size()));
  }
  for (size_t i = 0; i < args.size() && i < info->param_defaults.size(); ++i) {
    if (args[i] == nullptr && info->param_defaults[i] != nullptr) {
      args[i] = Clone(*info->param_defaults[i]);
      args[i]->loc = loc;
    }
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == nullptr) {
      return ErrorAt(
          loc, absl::StrCat("missing argument '", info->params[i], "' of '", op, "'"));
    }
  }
  if (!info->AcceptsArity(static_cast<int>(args.size()))) {
    std::string message =
        absl::StrCat("'", op, "' takes ", absl::StrJoin(info->arities, " or "),
                     " positional arguments");
    if (!info->params.empty()) {
      absl::StrAppend(&message, " (", absl::StrJoin(info->params, ", "), ")");
    }
    absl::StrAppend(&message, ", got ", args.size());
    return ErrorAt(loc, message);
  }
  RETURN_IF_ERROR(InheritRegionSplit(*info, start, attr_keywords));
  ASSIGN_OR_RETURN(ExprPtr call_attrs, TakeCallAttrsDict(*info, attr_keywords));
  ASSIGN_OR_RETURN(std::vector<NamedExpr> attrs, CheckAttrs(*info, loc, std::move(attr_keywords)));
  if (call_attrs != nullptr) attrs.push_back(MakeAttr(std::string(kCallAttrsName), std::move(call_attrs)));
  ExprPtr call = MakeOpCall(op, std::move(args), std::move(attrs), Type::None(), loc);
  if (info->canonicalize) {
    if (absl::Status s = info->canonicalize(*call); !s.ok()) return ErrorAt(loc, s.message());
  }
  if (!info->result) return call;
  absl::StatusOr<std::optional<Type>> result = info->result(*call);
  if (!result.ok()) return ErrorAt(loc, result.status().message());
  if (result->has_value()) {
    call->type = **result;
  } else if (!call->type.is_none()) {
    // canonicalize gave the type (tpop_from_aic(shape=, dtype=)).
  } else if (annotation != nullptr) {
    call->type = *annotation;
  } else {
    const std::string spelled =
        absl::StartsWith(op, "pld.") ? op : absl::StrCat("pl.", op);
    return ErrorAt(loc, absl::StrCat("the result type of '", op,
                                     "' is taken from an annotation: write "
                                     "'name: TYPE = ",
                                     spelled, "(...)'"));
  }
  return call;
}

// PyPTO's `attrs={"key": value, ...}` on an op call (the call's
// compiler-internal attributes, printed as a trailing dict): taken out of
// `keywords`; null when there is none. Its keys are PyPTO's to interpret,
// except manual_dep_edges / dummy_task, which PyPTO writes only as deps=.
absl::StatusOr<ExprPtr> Parser::TakeCallAttrsDict(const OpInfo& info,
                                                  std::vector<Keyword>& keywords) {
  if (info.FindAttr(kCallAttrsName) != nullptr) return ExprPtr();
  auto it = std::find_if(keywords.begin(), keywords.end(),
                         [](const Keyword& k) { return k.name.text == kCallAttrsName; });
  if (it == keywords.end()) return ExprPtr();
  if (it->value->kind != ExprKind::kDict) {
    return ErrorAt(it->value->loc, absl::StrCat("attrs= on '", info.name,
                                                "' must be a dict literal {\"key\": value, ...}"));
  }
  for (const NamedExpr& entry : it->value->attrs) {
    if (entry.name == "manual_dep_edges" || entry.name == "dummy_task") {
      return ErrorAt(entry.value->loc,
                     absl::StrCat("attrs['", entry.name, "'] on call to '", info.name,
                                  "' is not a writable attr; manual dependency edges are "
                                  "written as deps=[...] on pl.system.task_dummy or pl.submit"));
    }
  }
  ExprPtr dict = std::move(it->value);
  keywords.erase(it);
  return dict;
}

// Gives each positional argument the name PyPTO's positional order gives
// its slot; an argument in a parameter's own slot stays positional, the
// others become keywords (attributes, or parameters placed by name).
absl::Status Parser::NamePositionalArgs(const OpInfo& info, const Token& start,
                                        std::vector<ExprPtr>& args,
                                        std::vector<Keyword>& keywords) {
  std::vector<ExprPtr> kept;
  std::vector<Keyword> named;
  for (size_t i = 0; i < args.size(); ++i) {
    if (i >= info.positional_order.size()) {
      return ErrorAt(args[i]->loc, absl::StrCat("'", info.name, "' takes at most ",
                                                info.positional_order.size(),
                                                " positional arguments (",
                                                absl::StrJoin(info.positional_order, ", "),
                                                "), got ", args.size()));
    }
    const std::string& name = info.positional_order[i];
    if (info.ParamIndex(name) == static_cast<int>(i) && named.empty()) {
      kept.push_back(std::move(args[i]));
      continue;
    }
    for (const Keyword& k : keywords) {
      if (k.name.text == name) {
        return ErrorAtToken(k.name, absl::StrCat("argument '", name, "' of '", info.name,
                                                 "' is given twice"));
      }
    }
    Keyword k;
    k.name = start;
    k.name.text = name;
    k.value = std::move(args[i]);
    named.push_back(std::move(k));
  }
  args = std::move(kept);
  for (Keyword& k : named) keywords.push_back(std::move(k));
  return absl::OkStatus();
}

absl::StatusOr<std::vector<NamedExpr>> Parser::CheckAttrs(const OpInfo& info,
                                                          const Location& loc,
                                                          std::vector<Keyword> keywords) {
  for (Keyword& k : keywords) {
    const AttrSpec* spec = info.FindAttr(k.name.text);
    if (spec == nullptr) {
      std::vector<std::string> known;
      for (const AttrSpec& a : info.attrs) known.push_back(a.name);
      return ErrorAtToken(
          k.name,
          absl::StrCat("'", info.name, "' has no parameter or attribute '", k.name.text,
                       "'", known.empty() ? "" : "; its attributes are ",
                       absl::StrJoin(known, ", ")));
    }
    if (!spec->enum_alias.empty() && k.value->kind == ExprKind::kEnum &&
        k.value->enum_type == spec->enum_alias) {
      const PyptoEnum* e = FindPyptoEnum(spec->enum_alias);
      for (size_t i = 0; e != nullptr && i < e->values.size() && i < spec->choices.size(); ++i) {
        if (e->values[i] == k.value->str) {
          k.value = MakeString(spec->choices[i], k.value->loc);
          break;
        }
      }
    }
    // PyPTO's pad-value sugar: the literal 0 / 0.0 is pl.PadValue.zero.
    if (spec->kind == AttrKind::kEnum && spec->enum_type == "PadValue" &&
        ((k.value->kind == ExprKind::kInt && k.value->int_value == 0) ||
         (k.value->kind == ExprKind::kFloat && k.value->float_value == 0))) {
      k.value = MakeEnum("PadValue", "zero", k.value->loc);
    }
    std::string want = AttrMismatch(*spec, *k.value);
    if (!want.empty()) {
      return ErrorAt(k.value->loc, absl::StrCat("attribute '", spec->name, "' of '",
                                                info.name, "' must be ", want));
    }
    const bool named =
        k.value->kind == ExprKind::kString || k.value->kind == ExprKind::kEnum;
    if (named && !spec->choices.empty() &&
        std::find(spec->choices.begin(), spec->choices.end(), k.value->str) ==
            spec->choices.end()) {
      return ErrorAt(k.value->loc,
                     absl::StrCat("attribute '", spec->name, "' of '", info.name,
                                  "' must be one of \"",
                                  absl::StrJoin(spec->choices, "\", \""), "\""));
    }
  }
  // Registry order; values equal to the registry default are dropped, so
  // that `split=0` and no `split` are the same IR.
  std::vector<NamedExpr> attrs;
  for (const AttrSpec& spec : info.attrs) {
    auto it = std::find_if(keywords.begin(), keywords.end(),
                           [&](const Keyword& k) { return k.name.text == spec.name; });
    if (it == keywords.end()) {
      if (spec.required) {
        return ErrorAt(
            loc, absl::StrCat("'", info.name, "' needs the attribute '", spec.name, "'"));
      }
      continue;
    }
    if (spec.default_value != nullptr && SameConstant(*it->value, *spec.default_value)) {
      continue;
    }
    attrs.push_back(MakeAttr(spec.name, std::move(it->value)));
  }
  return attrs;
}

// The keywords PyPTO's parser takes on `self.f(...)`: `attrs=` always,
// `device=` when f is an Orchestrator (an Orchestration or Graph function,
// or role=pl.Role.Orchestrator); kept,
// in written order, as the call's attributes.
absl::StatusOr<std::vector<NamedExpr>> Parser::FunctionCallKeywords(
    const Function& callee, std::vector<Keyword> keywords) {
  std::vector<NamedExpr> attrs;
  for (Keyword& k : keywords) {
    for (const NamedExpr& a : attrs) {
      if (a.name == k.name.text) {
        return ErrorAtToken(k.name, absl::StrCat("keyword '", k.name.text, "' is given twice"));
      }
    }
    if (std::optional<ScopeValueError> e =
            CheckFunctionCallKeyword(callee, k.name.text, *k.value)) {
      return e->at == nullptr ? ErrorAtToken(k.name, e->message) : ErrorAt(e->at->loc, e->message);
    }
    attrs.push_back(MakeAttr(k.name.text, std::move(k.value)));
  }
  return attrs;
}

namespace {

// PyPTO's parser peels `pl.no_dep(t)` off a kernel-call argument and
// records the slot in the call's attrs["arg_direction_overrides"] (its
// printer then writes `self.f(t, attrs={"arg_direction_overrides": [0]})`).
// The peeled indices replace a written entry of that key; the entry goes
// after "dump_vars" / "arg_directions", where PyPTO's printer puts it.
void RecordNoDepArgs(std::vector<ExprPtr>* args, std::vector<NamedExpr>* attrs,
                     const Location& loc) {
  std::vector<ExprPtr> indices;
  for (size_t i = 0; i < args->size(); ++i) {
    ExprPtr& a = (*args)[i];
    bool wrapped = false;
    while (a->kind == ExprKind::kCall && !a->is_function_call && a->str == "no_dep" &&
           a->args.size() == 1 && a->attrs.empty()) {
      ExprPtr inner = std::move(a->args[0]);
      a = std::move(inner);
      wrapped = true;
    }
    if (wrapped) indices.push_back(MakeInt(static_cast<int64_t>(i), a->loc));
  }
  if (indices.empty()) return;
  NamedExpr* dict = nullptr;
  for (NamedExpr& a : *attrs) {
    if (a.name == "attrs") dict = &a;
  }
  if (dict == nullptr) {
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::kDict;
    e->loc = loc;
    attrs->insert(attrs->begin(), MakeAttr("attrs", std::move(e)));
    dict = &attrs->front();
  }
  std::vector<NamedExpr>& entries = dict->value->attrs;
  constexpr absl::string_view kKey = "arg_direction_overrides";
  entries.erase(std::remove_if(entries.begin(), entries.end(),
                               [&](const NamedExpr& n) { return n.name == kKey; }),
                entries.end());
  size_t at = 0;
  while (at < entries.size() &&
         (entries[at].name == "dump_vars" || entries[at].name == "arg_directions")) {
    ++at;
  }
  entries.insert(entries.begin() + static_cast<std::ptrdiff_t>(at),
                 MakeAttr(std::string(kKey), MakeList(std::move(indices), loc)));
}

}  // namespace

absl::StatusOr<ExprPtr> Parser::FinishFunctionCall(const Token& start,
                                                   const std::string& name,
                                                   std::vector<ExprPtr> args,
                                                   std::vector<Keyword> keywords) {
  const Function* callee = program_->FindFunction(name);
  if (callee == nullptr) {
    return ErrorAtToken(start, absl::StrCat("the program has no function '", name, "'"));
  }
  if (args.size() != callee->params.size()) {
    return ErrorAtToken(start, absl::StrCat("'", name, "' takes ", callee->params.size(),
                                            " arguments, got ", args.size()));
  }
  ASSIGN_OR_RETURN(std::vector<NamedExpr> attrs,
                   FunctionCallKeywords(*callee, std::move(keywords)));
  RecordNoDepArgs(&args, &attrs, Loc(start));
  absl::StatusOr<Type> type =
      callee->return_type ? DeduceCallReturnType(*program_, *callee, args)
                          : absl::StatusOr<Type>(ReturnedType(*callee));
  if (!type.ok()) return ErrorAtToken(start, type.status().message());
  ExprPtr call = MakeOpCall(name, std::move(args), std::move(attrs), *std::move(type),
                            Loc(start));
  call->is_function_call = true;
  return call;
}

}  // namespace parser_internal
}  // namespace ptoc
