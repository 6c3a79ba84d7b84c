#include "passes/comm_effects.h"

#include <utility>

#include "ir/builder.h"
#include "ir/checked_math.h"
#include "ir/registry.h"
#include "ir/walk.h"

namespace ptoc {
namespace {

std::optional<int64_t> IntConst(const Expr& e) {
  if (e.kind == ExprKind::kInt) return e.int_value;
  return std::nullopt;
}

bool IsList(const Expr& e) {
  return e.kind == ExprKind::kList || e.kind == ExprKind::kTuple;
}

// The expression of a region extent equal to `dim`: the constant, or a
// reference to the scalar parameter of `f` that names it.
ExprPtr DimExpr(const Dim& dim, const Function& f, const Location& loc) {
  if (dim.is_static()) return MakeInt(dim.value, loc);
  for (const Param& p : f.params) {
    if (p.var != nullptr && p.var->name == dim.symbol && p.var->type.is_scalar()) {
      return MakeVarRef(p.var, loc);
    }
  }
  return nullptr;
}

// True when the invalidate's range [offset, offset + extent) of one
// dimension spans all of it (`whole_extent`).
bool SpansDim(const Expr& offset, const Expr& extent, const Expr& whole_extent) {
  std::optional<int64_t> o = IntConst(offset);
  if (o == 0 && SameValueExpr(extent, whole_extent)) return true;
  std::optional<int64_t> e = IntConst(extent);
  std::optional<int64_t> w = IntConst(whole_extent);
  if (!o || !e || !w || *o > 0) return false;
  const CheckedInt end = CheckedInt(*o) + *e;
  return end.ok() && end.value() >= *w;
}

}  // namespace

CommRole CommRoleOf(const Expr& call) {
  if (!call.is_call()) return CommRole::kNone;
  if (IsOpaqueCall(call)) return CommRole::kOpaqueWrite;
  const OpInfo* info = LookupOp(call);
  switch (info->role) {
    case OpRole::kGmStore:
    case OpRole::kScalarWrite:
    case OpRole::kGet: {
      const int dst = info->access.tensor_arg;
      if (dst < 0 || dst >= static_cast<int>(call.args.size())) return CommRole::kNone;
      return call.args[dst]->type.is_distributed() ? CommRole::kLocalWrite
                                                   : CommRole::kNone;
    }
    case OpRole::kRemoteWrite: return CommRole::kRemoteWrite;
    case OpRole::kWait: return CommRole::kWait;
    case OpRole::kTest: return CommRole::kTest;
    case OpRole::kNotify: return CommRole::kNotify;
    case OpRole::kFence: return CommRole::kFence;
    case OpRole::kCacheInvalidate:
      if (call.args.empty()) return CommRole::kWholeInvalidate;
      return IsPeerInvalidate(call) ? CommRole::kPeerInvalidate : CommRole::kRegionInvalidate;
    case OpRole::kScalarRead:
    case OpRole::kGmLoad:
    case OpRole::kRemoteLoad:
      return CommRole::kGmRead;
    default:
      return CommRole::kNone;
  }
}

bool IsCachedWindowRead(const Expr& call) {
  if (CommRoleOf(call) != CommRole::kGmRead) return false;
  const OpInfo* info = LookupOp(call);
  const int src = info->access.tensor_arg;
  return info->role == OpRole::kScalarRead && src >= 0 &&
         src < static_cast<int>(call.args.size()) && call.args[src]->type.is_distributed();
}

const Expr& WrittenWindow(const Expr& call) {
  return *call.args[LookupOp(call)->access.tensor_arg];
}

std::vector<const Expr*> OwnCalls(const Stmt& s) {
  std::vector<const Expr*> calls;
  ForEachOwnCall(s, [&](const Expr& c) { calls.push_back(&c); });
  return calls;
}

bool IsMarkerStmt(const Stmt& s) {
  const Expr* call = CallOf(s);
  if (call == nullptr) return false;
  CommRole role = CommRoleOf(*call);
  return role == CommRole::kFence || role == CommRole::kWholeInvalidate ||
         role == CommRole::kRegionInvalidate || role == CommRole::kPeerInvalidate;
}

bool NamesPeerInvalidates(const Function& f) {
  bool found = false;
  if (f.body) {
    ForEachCall(*f.body, [&](const Expr& call) { found |= IsPeerInvalidate(call); });
  }
  return found;
}

bool IsPureExpr(const Expr& e) {
  if (e.is_call() && RoleOf(e) != OpRole::kPureScalar) return false;
  for (const ExprPtr& a : e.args) {
    if (!IsPureExpr(*a)) return false;
  }
  return true;
}

bool SameValueExpr(const Expr& a, const Expr& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case ExprKind::kVar: return a.var == b.var;
    case ExprKind::kInt: return a.int_value == b.int_value;
    case ExprKind::kFloat: return a.float_value == b.float_value;
    case ExprKind::kBool: return a.bool_value == b.bool_value;
    case ExprKind::kString: return a.str == b.str;
    case ExprKind::kEnum: return a.enum_type == b.enum_type && a.str == b.str;
    case ExprKind::kCall: return false;
    case ExprKind::kDict: return false;
    case ExprKind::kTupleGetItem:
      if (a.int_value != b.int_value) return false;
      break;
    case ExprKind::kBinary:
      if (a.binary_op != b.binary_op) return false;
      break;
    case ExprKind::kUnary:
      if (a.unary_op != b.unary_op) return false;
      break;
    case ExprKind::kList:
    case ExprKind::kTuple:
      break;
  }
  if (a.args.size() != b.args.size()) return false;
  for (size_t i = 0; i < a.args.size(); ++i) {
    if (!SameValueExpr(*a.args[i], *b.args[i])) return false;
  }
  return true;
}

std::optional<Region> WholeRegion(const Type& t, const Function& f, const Location& loc) {
  Region r;
  for (const Dim& dim : t.shape()) {
    ExprPtr extent = DimExpr(dim, f, loc);
    if (extent == nullptr) return std::nullopt;
    r.offsets.push_back(MakeInt(0, loc));
    r.shapes.push_back(std::move(extent));
  }
  return r;
}

std::optional<Region> WrittenRegion(const Expr& call, const Function& f,
                                    const Location& loc) {
  const OpInfo* info = LookupOp(call);
  const Type& tensor = WrittenWindow(call).type;
  // A get, or a put (no tile names its region): all of the destination,
  // for the subregion form of pld.tensor.put too.
  const bool put = info->role == OpRole::kRemoteWrite && info->access.tile_arg < 0;
  if (info->role == OpRole::kGet || put) return WholeRegion(tensor, f, loc);
  const size_t rank = tensor.shape().size();
  const GmAccess& access = info->access;
  if (access.offsets_arg < 0) return std::nullopt;
  const Expr& offsets = *call.args[access.offsets_arg];
  if (!IsList(offsets) || offsets.args.size() != rank) return std::nullopt;
  Region r;
  for (const ExprPtr& o : offsets.args) r.offsets.push_back(Clone(*o));
  if (info->role == OpRole::kScalarWrite) {
    for (size_t d = 0; d < rank; ++d) r.shapes.push_back(MakeInt(1, loc));
  } else {
    if (access.tile_arg < 0) return std::nullopt;
    const Type& tile = call.args[access.tile_arg]->type;
    if (!tile.is_tile() || tile.shape().size() != rank) return std::nullopt;
    for (const Dim& dim : tile.shape()) {
      ExprPtr extent = DimExpr(dim, f, loc);
      if (extent == nullptr) return std::nullopt;
      r.shapes.push_back(std::move(extent));
    }
  }
  return r;
}

bool InvalidateCovers(const Expr& inv, const std::optional<Region>& written,
                      const Region& whole, bool same_values) {
  if (inv.args.size() < 3) return false;
  const Expr& shapes = *inv.args[1];
  const Expr& offsets = *inv.args[2];
  const size_t rank = whole.shapes.size();
  if (!IsList(shapes) || !IsList(offsets) || shapes.args.size() != rank ||
      offsets.args.size() != rank) {
    return false;
  }
  for (size_t d = 0; d < rank; ++d) {
    const Expr& io = *offsets.args[d];
    const Expr& ie = *shapes.args[d];
    if (SpansDim(io, ie, *whole.shapes[d])) continue;
    if (!written) return false;
    const Expr& wo = *written->offsets[d];
    const Expr& we = *written->shapes[d];
    std::optional<int64_t> cio = IntConst(io), cie = IntConst(ie);
    std::optional<int64_t> cwo = IntConst(wo), cwe = IntConst(we);
    if (cio && cie && cwo && cwe && *cio <= *cwo) {
      const CheckedInt written_end = CheckedInt(*cwo) + *cwe;
      const CheckedInt invalidated_end = CheckedInt(*cio) + *cie;
      if (written_end.ok() && invalidated_end.ok() &&
          written_end.value() <= invalidated_end.value()) {
        continue;
      }
    }
    if (same_values && SameValueExpr(io, wo) && SameValueExpr(ie, we)) continue;
    return false;
  }
  return true;
}

void CollectVars(const Expr& e, std::vector<const Var*>* vars) {
  if (e.kind == ExprKind::kVar && e.var != nullptr) vars->push_back(e.var);
  for (const ExprPtr& a : e.args) CollectVars(*a, vars);
}

bool ForRunsAtLeastOnce(const Stmt& for_stmt) {
  if (!for_stmt.start || !for_stmt.stop || !for_stmt.step) return false;
  std::optional<int64_t> start = IntConst(*for_stmt.start);
  std::optional<int64_t> stop = IntConst(*for_stmt.stop);
  std::optional<int64_t> step = IntConst(*for_stmt.step);
  return start && stop && step && *step > 0 && *start < *stop;
}

void FalseAtoms(const Expr& cond, bool value, std::vector<TestAtom>* atoms) {
  switch (cond.kind) {
    case ExprKind::kVar:
      if (!value) atoms->push_back(TestAtom{cond.var, nullptr});
      return;
    case ExprKind::kCall:
      if (!value && RoleOf(cond) == OpRole::kTest) atoms->push_back(TestAtom{nullptr, &cond});
      return;
    case ExprKind::kUnary:
      if (cond.unary_op == UnaryOp::kNot) FalseAtoms(*cond.args[0], !value, atoms);
      return;
    case ExprKind::kBinary:
      // `a and b` true: both true; `a or b` false: both false.
      if ((cond.binary_op == BinaryOp::kAnd && value) ||
          (cond.binary_op == BinaryOp::kOr && !value)) {
        FalseAtoms(*cond.args[0], value, atoms);
        FalseAtoms(*cond.args[1], value, atoms);
      }
      return;
    default:
      return;
  }
}

WindowAliases::WindowAliases(const Function& f) {
  if (f.body) Collect(*f.body, nullptr);
}

const Var* WindowAliases::ClassOf(const Var* v) const {
  for (auto it = parent_.find(v); it != parent_.end(); it = parent_.find(v)) {
    v = it->second;
  }
  return v;
}

void WindowAliases::Union(const Var* a, const Expr& b) {
  if (b.kind == ExprKind::kVar) Union(a, b.var);
}

void WindowAliases::Union(const Var* a, const Var* b) {
  if (a == nullptr || b == nullptr || !a->type.is_distributed() ||
      !b->type.is_distributed()) {
    return;
  }
  a = ClassOf(a);
  b = ClassOf(b);
  if (a == b) return;
  if (b->id < a->id) std::swap(a, b);
  parent_[b] = a;
}

void WindowAliases::Collect(const Stmt& s, const std::vector<Var*>* yield_targets) {
  switch (s.kind) {
    case StmtKind::kSeq:
      for (const StmtPtr& child : s.stmts) Collect(*child, yield_targets);
      return;
    case StmtKind::kAssign:
      if (!s.value) return;
      if (s.value->kind == ExprKind::kVar) {
        Union(s.var, *s.value);
      } else if (RoleOf(*s.value) == OpRole::kGmStore) {
        Union(s.var, *s.value->args[LookupOp(*s.value)->access.tensor_arg]);
      }
      return;
    case StmtKind::kFor:
      for (size_t i = 0; i < s.iter_args.size(); ++i) {
        if (i < s.init_values.size()) Union(s.iter_args[i], *s.init_values[i]);
        if (i < s.results.size()) Union(s.iter_args[i], s.results[i]);
      }
      if (s.body) Collect(*s.body, &s.results);
      return;
    case StmtKind::kIf:
      if (s.body) Collect(*s.body, &s.results);
      if (s.else_body) Collect(*s.else_body, &s.results);
      return;
    case StmtKind::kWhile:
      if (s.body) Collect(*s.body, nullptr);
      return;
    case StmtKind::kYield:
      if (yield_targets == nullptr) return;
      for (size_t i = 0; i < s.values.size() && i < yield_targets->size(); ++i) {
        Union((*yield_targets)[i], *s.values[i]);
      }
      return;
    case StmtKind::kScope:
    case StmtKind::kSplitAiv:
      if (s.body) Collect(*s.body, yield_targets);
      return;
    case StmtKind::kUnpack:
      // `a, b = x, y` pairs its targets with the tuple's elements; from
      // anything else each target may be any window the value names.
      if (s.value && s.value->kind == ExprKind::kTuple &&
          s.value->args.size() == s.results.size()) {
        for (size_t i = 0; i < s.results.size(); ++i) Union(s.results[i], *s.value->args[i]);
      } else if (s.value) {
        std::vector<const Var*> named;
        CollectVars(*s.value, &named);
        for (const Var* target : s.results) {
          for (const Var* v : named) Union(target, v);
        }
      }
      return;
    case StmtKind::kEval:
    case StmtKind::kReturn:
    case StmtKind::kSetItem:  // an element of a pl.Array: a scalar, never a window
    case StmtKind::kBreak:
    case StmtKind::kContinue:
      return;
  }
}

}  // namespace ptoc
