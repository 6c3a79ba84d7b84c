#include "passes/mixed_kernel/common.h"

#include <utility>

#include "ir/builder.h"

namespace ptoc {
namespace mixed_kernel {

std::string LaneMaskName(LaneMask lanes) {
  switch (lanes) {
    case kAic: return "AIC";
    case kAiv: return "AIV";
    case kBothLanes: return "both lanes";
    default: return "no lane";
  }
}

LaneMask MaskOfLane(Lane lane) {
  switch (lane) {
    case Lane::kCube: return kAic;
    case Lane::kVector: return kAiv;
    default: return kNoLane;
  }
}

ExprPtr MakeTypedOp(absl::string_view op, std::vector<ExprPtr> args,
                    std::vector<NamedExpr> attrs, const Location& loc,
                    std::optional<Type> annotated) {
  ExprPtr call = MakeOpCall(std::string(op), std::move(args), std::move(attrs),
                            Type::None(), loc);
  const OpInfo* info = LookupOp(*call);
  if (info != nullptr) {
    absl::StatusOr<std::optional<Type>> type = info->result(*call);
    if (type.ok() && type->has_value()) call->type = **type;
  }
  if (annotated.has_value()) call->type = *annotated;
  return call;
}

ExprPtr MakeLayoutEnum(Layout layout, const Location& loc) {
  return MakeEnum("TileLayout", std::string(LayoutName(layout)), loc);
}

ExprPtr MakeMemoryEnum(MemorySpace memory, const Location& loc) {
  return MakeEnum("MemorySpace", std::string(MemorySpaceName(memory)), loc);
}

ExprPtr MakeFunctionCall(const std::string& callee, std::vector<ExprPtr> args,
                         const Location& loc) {
  ExprPtr call = MakeOpCall(callee, std::move(args), {}, Type::None(), loc);
  call->is_function_call = true;
  return call;
}

ExprPtr MakeMoveTo(Var* src, const Type& type, const Location& loc) {
  std::vector<NamedExpr> attrs;
  attrs.push_back(MakeAttr("target_memory", MakeMemoryEnum(type.memory(), loc)));
  if (type.has_explicit_view()) {
    attrs.push_back(MakeAttr("blayout", MakeLayoutEnum(type.view().blayout, loc)));
    attrs.push_back(MakeAttr("slayout", MakeLayoutEnum(type.view().slayout, loc)));
  }
  std::vector<ExprPtr> args;
  args.push_back(MakeVarRef(src, loc));
  return MakeTypedOp(op::kMove, std::move(args), std::move(attrs), loc);
}

std::vector<NamedExpr> FifoAttrsOf(const Expr& call) {
  std::vector<NamedExpr> attrs;
  const Expr* split = AttrOrDefault(call, "split");
  attrs.push_back(MakeAttr("split", split != nullptr ? Clone(*split) : MakeInt(0, call.loc)));
  if (const Expr* id = call.FindAttr("id")) attrs.push_back(MakeAttr("id", Clone(*id)));
  return attrs;
}

bool IsNz(const Type& tile) {
  return tile.is_tile() && tile.view().blayout == Layout::kColMajor &&
         tile.view().slayout == Layout::kRowMajor;
}

void VisitVars(const Expr& e, const std::function<void(Var*)>& fn) {
  if (e.kind == ExprKind::kVar && e.var != nullptr) fn(e.var);
  for (const ExprPtr& a : e.args) VisitVars(*a, fn);
  for (const NamedExpr& a : e.attrs) VisitVars(*a.value, fn);
}

void VisitReferencedVars(const Stmt& s, const std::function<void(const Var*)>& fn) {
  ForEachStmt(s, [&](const Stmt& t) {
    ForEachOwnExpr(t, [&](const Expr& e) { VisitVars(e, [&](Var* v) { fn(v); }); });
  });
}

namespace {

void ReplaceInExpr(Expr& e, const absl::flat_hash_map<const Var*, Var*>& map) {
  if (e.kind == ExprKind::kVar) {
    auto it = map.find(e.var);
    if (it != map.end()) {
      e.var = it->second;
      e.type = it->second->type;
    }
  }
  for (ExprPtr& a : e.args) ReplaceInExpr(*a, map);
  for (NamedExpr& a : e.attrs) ReplaceInExpr(*a.value, map);
}

void FlattenInto(StmtPtr stmt, std::vector<StmtPtr>* out) {
  if (stmt->kind == StmtKind::kSeq) {
    for (StmtPtr& child : stmt->stmts) FlattenInto(std::move(child), out);
    return;
  }
  out->push_back(std::move(stmt));
}

}  // namespace

void ReplaceVars(Stmt& s, const absl::flat_hash_map<const Var*, Var*>& map) {
  ForEachOwnExprSlot(s, [&](ExprPtr& e) {
    if (e) ReplaceInExpr(*e, map);
  });
  auto remap = [&](Var*& v) {
    auto it = v != nullptr ? map.find(v) : map.end();
    if (it != map.end()) v = it->second;
  };
  remap(s.var);
  for (Var*& v : s.iter_args) remap(v);
  for (Var*& v : s.results) remap(v);
  ForEachChild(s, [&](Stmt& c) { ReplaceVars(c, map); });
}

void NormalizeBodies(StmtPtr& body) {
  Stmt& seq = EnsureSeq(body);
  std::vector<StmtPtr> flat;
  for (StmtPtr& child : seq.stmts) FlattenInto(std::move(child), &flat);
  seq.stmts = std::move(flat);
  for (StmtPtr& child : seq.stmts) {
    bool compound = child->kind == StmtKind::kFor || child->kind == StmtKind::kWhile ||
                    child->kind == StmtKind::kIf;
    // A loop may come without a body; give it an empty one.
    if (compound) NormalizeBodies(child->body);
    if (child->else_body) NormalizeBodies(child->else_body);
  }
}

}  // namespace mixed_kernel
}  // namespace ptoc
