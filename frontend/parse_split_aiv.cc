// The text parser: `for lane in pl.split_aiv(2, mode=pl.SplitMode.X):`
// regions and the split their shards and gathers inherit (dual-aiv.md,
// "Text and IR forms").
#include <utility>

#include "absl/strings/str_cat.h"
#include "frontend/parser_impl.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"

namespace ptoc {
namespace parser_internal {

bool Parser::AtSplitAiv() const {
  // `for` TARGETS `in` `pl` `.` `split_aiv`, on the header's line.
  for (size_t k = 1; !AtKind(TokenKind::kNewline, k) && !AtKind(TokenKind::kEnd, k); ++k) {
    if (AtName("in", k)) return AtDotted("pl", "split_aiv", k + 1);
  }
  return false;
}

absl::StatusOr<StmtPtr> Parser::ParseSplitAiv() {
  const Token& for_token = Next();
  auto stmt = std::make_unique<Stmt>();
  stmt->kind = StmtKind::kSplitAiv;
  stmt->loc = Loc(for_token);
  ASSIGN_OR_RETURN(Token lane, ExpectIdentifier("a loop variable"));
  if (!AtName("in")) {
    return ErrorAtToken(lane, "pl.split_aiv binds one loop variable, the lane: write "
                              "'for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):'");
  }
  Next();
  const Token& header = Peek();
  for (int i = 0; i < 3; ++i) Next();  // pl . split_aiv
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
  RETURN_IF_ERROR(ParseCallArgs(args, keywords));
  if (args.size() != 1 || args[0]->kind != ExprKind::kInt || args[0]->int_value != 2) {
    return ErrorAtToken(header, "pl.split_aiv runs on the 2 lanes of a core group (AIV0 and "
                                "AIV1): its first argument must be the integer literal 2");
  }
  const Expr* mode = nullptr;
  for (const Keyword& k : keywords) {
    if (k.name.text != "mode") {
      return ErrorAtToken(k.name, absl::StrCat("pl.split_aiv does not take '", k.name.text,
                                               "='; only mode= is allowed"));
    }
    mode = k.value.get();
  }
  if (mode == nullptr) {
    return ErrorAtToken(header, "pl.split_aiv needs mode=pl.SplitMode.NONE, "
                                "pl.SplitMode.UP_DOWN or pl.SplitMode.LEFT_RIGHT");
  }
  if (mode->kind != ExprKind::kEnum || mode->enum_type != "SplitMode" ||
      SplitModeCode(mode->str) < 0) {
    return ErrorAt(mode->loc, "mode= of pl.split_aiv must be pl.SplitMode.NONE, "
                              "pl.SplitMode.UP_DOWN or pl.SplitMode.LEFT_RIGHT");
  }
  stmt->split_mode = SplitModeCode(mode->str);
  RETURN_IF_ERROR(ExpectOp(":"));
  if (!split_regions_.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        FormatDiagnostic(Severity::kError, stmt->loc,
                         "a pl.split_aiv region cannot be nested in another one"),
        "\n",
        FormatDiagnostic(Severity::kNote, split_regions_.back().loc,
                         "the enclosing pl.split_aiv region")));
  }
  // PyPTO's parser: outside a core context (an InCore function, a
  // `with pl.at(level=pl.Level.CORE_GROUP)` or a pl.spmd body) the region is
  // wrapped in a synthesized `with pl.at(level=pl.Level.CORE_GROUP):` scope,
  // which is how PyPTO prints it back.
  // A lane function (AIC, AIV) is past that point: no region there.
  if (fn_->is_kernel() && fn_->kind != FunctionKind::kInCore) {
    return ErrorAtToken(for_token, absl::StrCat("a pl.split_aiv region is only allowed in an "
                                                "InCore function, not in ",
                                                FunctionKindName(fn_->kind), " '", fn_->name,
                                                "'"));
  }
  const bool wrap = !fn_->is_kernel() && core_scopes_ == 0;
  // The lane is bound as if by `lane = pl.tile.get_subblock_idx()` as the
  // body's first statement; a region is no scope (names stay visible).
  stmt->var = fn_->NewVar(lane.text, Type::Scalar(DType::kINDEX), Loc(lane));
  RETURN_IF_ERROR(Bind(lane.text, Loc(lane), stmt->var));
  split_regions_.push_back(SplitRegion{stmt->split_mode, stmt->loc});
  absl::StatusOr<Block> body = ParseSuite(/*yield_allowed=*/false);
  split_regions_.pop_back();
  if (!body.ok()) return body.status();
  stmt->body = std::move(body->body);
  if (!wrap) return stmt;
  auto scope = std::make_unique<Stmt>();
  scope->kind = StmtKind::kScope;
  scope->loc = stmt->loc;
  std::vector<NamedExpr> attrs;
  attrs.push_back(MakeAttr("level", MakeEnum("Level", "CORE_GROUP", stmt->loc)));
  scope->value = MakeOpCall("at", {}, std::move(attrs), Type::None(), stmt->loc);
  std::vector<StmtPtr> inner;
  inner.push_back(std::move(stmt));
  scope->body = MakeSeq(std::move(inner), scope->loc);
  return scope;
}

absl::Status Parser::InheritRegionSplit(const OpInfo& info, const Token& start,
                                        std::vector<Keyword>& keywords) {
  if (info.split_boundary == PipeDirection::kNone) return absl::OkStatus();
  Keyword* split = nullptr;
  for (Keyword& k : keywords) {
    if (k.name.text == "mode") {
      return ErrorAtToken(k.name, absl::StrCat("'", info.name, "' takes no mode=: it "
                                               "inherits the mode of its pl.split_aiv region "
                                               "(split= in a split_aiv=True function)"));
    }
    if (k.name.text == "split") split = &k;
  }
  if (split_regions_.empty()) return absl::OkStatus();  // the verifier's question
  const int mode = split_regions_.back().mode;
  if (split == nullptr) {
    Keyword k;
    k.name = start;
    k.name.text = "split";
    k.value = MakeInt(mode, Loc(start));
    keywords.push_back(std::move(k));
  } else if (split->value->kind != ExprKind::kInt || split->value->int_value != mode) {
    return ErrorAt(split->value->loc,
                   absl::StrCat("'", info.name, "' in a pl.split_aiv region of mode "
                                "pl.SplitMode.", SplitModeName(mode),
                                " must not give another split= (the region's is ", mode, ")"));
  }
  return absl::OkStatus();
}

}  // namespace parser_internal
}  // namespace ptoc
