#include "passes/materialize_aiv_lanes.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"
#include "ir/output_returns.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "ir/walk.h"
#include "passes/mixed_kernel/common.h"

namespace ptoc {
namespace {

constexpr char kDualAttr[] = "dual_aiv_dispatch";
constexpr char kSplitAivAttr[] = "split_aiv";
constexpr char kLaneIndexOp[] = "tile.get_subblock_idx";

bool HasRole(const Expr& call, std::initializer_list<OpRole> roles) {
  std::optional<OpRole> r = RoleOf(call);
  if (!r.has_value()) return false;
  for (OpRole x : roles) {
    if (*r == x) return true;
  }
  return false;
}

bool IsTransport(const Expr& call) {
  return HasRole(call, {OpRole::kPush, OpRole::kPop, OpRole::kFree});
}

bool IsPipeSetup(const Expr& call) {
  return HasRole(call, {OpRole::kReserveBuffer, OpRole::kImportBuffer, OpRole::kInitPipe});
}

// A pure scalar only the AIV lanes have: the registry's tile.get_subblock_idx.
bool ReadsLaneIndex(const Expr& call) {
  return HasRole(call, {OpRole::kPureScalar}) && LaneOf(call) == Lane::kVector;
}

bool IsMixSyncAll(const Expr& call) {
  if (!HasRole(call, {OpRole::kSyncAll})) return false;
  const Expr* core_type = AttrOrDefault(call, "core_type");
  return core_type != nullptr && core_type->kind == ExprKind::kString &&
         core_type->str == "mix";
}

// What the replay keeps for its own sake (not only because something uses it).
bool IsAnchor(const Expr& call) {
  return IsTransport(call) || IsPipeSetup(call) || IsMixSyncAll(call);
}

int64_t SplitOf(const Expr& call) {
  const Expr* split = AttrOrDefault(call, "split");
  return split != nullptr && split->kind == ExprKind::kInt ? split->int_value : 0;
}

bool BoolAttr(const Function& f, absl::string_view name) {
  const Expr* a = f.FindAttr(name);
  return a != nullptr && a->kind == ExprKind::kBool && a->bool_value;
}

bool ContainsAnchor(const Stmt& s) {
  bool found = false;
  ForEachCall(s, [&](const Expr& call) { found |= IsAnchor(call); });
  return found;
}

void CollectVarRefs(const Expr& e, std::set<const Var*>* out) {
  WalkExprTree(e, [&](const Expr& x) {
    if (x.kind == ExprKind::kVar) out->insert(x.var);
  });
}

void CollectStmtVarRefs(const Stmt& s, std::set<const Var*>* out) {
  ForEachExpr(s, [&](const Expr& x) {
    if (x.kind == ExprKind::kVar) out->insert(x.var);
  });
}

// An expression without effects: constants, variables, arithmetic and pure
// scalar ops.
bool IsPure(const Expr& e) {
  bool pure = true;
  WalkExprTree(e, [&](const Expr& x) {
    if (x.kind == ExprKind::kCall) {
      pure &= !x.is_function_call && HasRole(x, {OpRole::kPureScalar});
    }
  });
  return pure;
}

// A value the replay may recompute: a scalar, or the communication context.
bool IsScalarLike(const Var& v) { return v.type.is_scalar() || v.type.is_comm_ctx(); }

// Builds replay(stmts) in the same function: every variable it defines is a
// fresh one (the IR is SSA and both branches of the lane `if` define theirs).
class Replayer {
 public:
  Replayer(Function& f, std::map<const Var*, Var*> visible) : f_(f), map_(std::move(visible)) {}

  absl::Status Replay(const std::vector<const Stmt*>& stmts, std::vector<StmtPtr>* out) {
    for (const Stmt* s : stmts) {
      RETURN_IF_ERROR(One(*s, out));
    }
    return absl::OkStatus();
  }

 private:
  bool Available(const Expr& e) const {
    std::set<const Var*> refs;
    CollectVarRefs(e, &refs);
    for (const Var* v : refs) {
      if (map_.count(v) == 0) return false;
    }
    return true;
  }

  void RemapIn(Expr& e) const {
    if (e.kind == ExprKind::kVar) e.var = map_.at(e.var);
    for (ExprPtr& a : e.args) RemapIn(*a);
    for (NamedExpr& a : e.attrs) {
      if (a.value != nullptr) RemapIn(*a.value);
    }
  }

  ExprPtr Remap(const Expr& e) const {
    ExprPtr c = Clone(e);
    RemapIn(*c);
    return c;
  }

  Var* Fresh(const Var* old) {
    Var* v = f_.NewVar(old->name, old->type, old->loc);
    map_[old] = v;
    return v;
  }

  absl::Status Unavailable(const Stmt& s, absl::string_view what) const {
    return ErrorAt(s.loc, absl::StrCat(
                              "materialize-aiv-lanes: the replay on AIV lane 1 of '", f_.name,
                              "' keeps this statement for the pipe protocol, but its ", what,
                              " depends on a value the replay drops (loads, tile compute, "
                              "GM scalar reads); compute it from parameters and pure scalars"));
  }

  absl::Status One(const Stmt& s, std::vector<StmtPtr>* out) {
    switch (s.kind) {
      case StmtKind::kSeq: {
        std::vector<const Stmt*> children;
        for (const StmtPtr& c : s.stmts) children.push_back(c.get());
        return Replay(children, out);
      }
      case StmtKind::kAssign:
      case StmtKind::kEval:
        return Simple(s, out);
      case StmtKind::kFor:
        return For(s, out);
      case StmtKind::kWhile:
        return While(s, out);
      case StmtKind::kIf:
        return If(s, out);
      case StmtKind::kYield:
        return Yield(s, out);
      case StmtKind::kReturn:
        return absl::OkStatus();
      case StmtKind::kScope:
      case StmtKind::kSplitAiv:  // only in InCore kernels, never in an AIV function
      case StmtKind::kBreak:
      case StmtKind::kContinue:
      case StmtKind::kUnpack:
      case StmtKind::kSetItem:
        return ErrorAt(s.loc, absl::StrCat(
                                  "materialize-aiv-lanes: the replay on AIV lane 1 of '",
                                  f_.name, "' cannot replay a PyPTO scope, break, continue, "
                                  "tuple unpacking or item assignment yet"));
    }
    return absl::OkStatus();
  }

  absl::Status Simple(const Stmt& s, std::vector<StmtPtr>* out) {
    const Expr* call = CallOf(s);
    if (call != nullptr && !call->is_function_call && IsAnchor(*call)) {
      if (HasRole(*call, {OpRole::kPush})) return Push(s, *call, out);
      if (HasRole(*call, {OpRole::kPop})) {
        ExprPtr pop = Clone(*call);
        out->push_back(MakeAssign(Fresh(s.var), std::move(pop), s.loc));
        return absl::OkStatus();
      }
      if (!Available(*call)) return Unavailable(s, "operand");
      ExprPtr kept = Remap(*call);
      if (s.kind == StmtKind::kAssign) {
        out->push_back(MakeAssign(Fresh(s.var), std::move(kept), s.loc));
      } else {
        out->push_back(MakeEval(std::move(kept), s.loc));
      }
      return absl::OkStatus();
    }
    // A pure scalar binding whose inputs the replay has: kept (unused ones
    // are removed at the end). The communication context counts: loops over
    // the ranks are bounded by pld.nranks(ctx).
    if (s.kind == StmtKind::kAssign && s.var != nullptr && IsScalarLike(*s.var) &&
        s.value != nullptr && IsPure(*s.value) && Available(*s.value)) {
      ExprPtr kept = Remap(*s.value);
      out->push_back(MakeAssign(Fresh(s.var), std::move(kept), s.loc));
    }
    return absl::OkStatus();
  }

  // A push gets a fresh tile of its operand's type: lane 1's no-split push
  // carries no data (the cube receives AIV0's tile).
  absl::Status Push(const Stmt& s, const Expr& call, std::vector<StmtPtr>* out) {
    if (call.args.empty() || !call.args[0]->type.is_tile()) {
      return ErrorAt(s.loc, "materialize-aiv-lanes: a push without a tile operand");
    }
    const Type& t = call.args[0]->type;
    std::vector<int64_t> shape;
    for (const Dim& d : t.shape()) {
      if (!d.is_static()) {
        return ErrorAt(s.loc, absl::StrCat(
                                  "materialize-aiv-lanes: the replay on AIV lane 1 of '",
                                  f_.name, "' pushes a fresh tile of the operand's type, "
                                  "which needs a static shape, not ", TypeToString(t)));
      }
      shape.push_back(d.value);
    }
    std::vector<NamedExpr> attrs;
    attrs.push_back(MakeAttr("shape", MakeIntList(shape, s.loc)));
    attrs.push_back(MakeAttr("dtype", MakeEnum("DType", std::string(DTypeName(t.dtype())), s.loc)));
    attrs.push_back(MakeAttr("target_memory", mixed_kernel::MakeMemoryEnum(t.memory(), s.loc)));
    if (t.view().blayout != ImplicitView(t.memory()).blayout ||
        t.view().slayout != ImplicitView(t.memory()).slayout) {
      attrs.push_back(MakeAttr("blayout", mixed_kernel::MakeLayoutEnum(t.view().blayout, s.loc)));
      attrs.push_back(MakeAttr("slayout", mixed_kernel::MakeLayoutEnum(t.view().slayout, s.loc)));
    }
    ExprPtr create = mixed_kernel::MakeTypedOp(mixed_kernel::op::kCreate, {}, std::move(attrs),
                                               s.loc);
    const std::string name =
        call.args[0]->kind == ExprKind::kVar ? call.args[0]->var->name : std::string("t");
    Var* tile = f_.NewVar(name, create->type, s.loc);
    out->push_back(MakeAssign(tile, std::move(create), s.loc));
    ExprPtr push = Clone(call);
    push->args[0] = MakeVarRef(tile, call.args[0]->loc);
    for (size_t i = 1; i < push->args.size(); ++i) {
      if (!Available(*call.args[i])) return Unavailable(s, "operand");
      push->args[i] = Remap(*call.args[i]);
    }
    out->push_back(MakeEval(std::move(push), s.loc));
    return absl::OkStatus();
  }

  // The indices of `s`'s loop-carried / result values the replay keeps: the
  // scalars whose incoming values it has.
  static std::vector<size_t> ScalarIndices(const std::vector<Var*>& vars) {
    std::vector<size_t> keep;
    for (size_t i = 0; i < vars.size(); ++i) {
      if (vars[i]->type.is_scalar()) keep.push_back(i);
    }
    return keep;
  }

  absl::Status Yield(const Stmt& s, std::vector<StmtPtr>* out) {
    if (yield_keep_.empty()) return absl::OkStatus();
    auto y = std::make_unique<Stmt>();
    y->kind = StmtKind::kYield;
    y->loc = s.loc;
    for (size_t i : yield_keep_.back()) {
      if (i >= s.values.size()) continue;
      if (!Available(*s.values[i])) {
        dropped_yield_ = static_cast<int>(i);
        return absl::OkStatus();
      }
      y->values.push_back(Remap(*s.values[i]));
    }
    // A loop or branch whose carried values are all dropped (tiles, which
    // the replay does not carry) has no results: no yield either.
    if (!y->values.empty()) out->push_back(std::move(y));
    return absl::OkStatus();
  }

  // Replays `body` with yields filtered to `keep`; on a yield whose value
  // the replay does not have, drops that index from `keep` and retries.
  absl::Status Body(const Stmt& body, std::vector<size_t>* keep, StmtPtr* out,
                    const std::function<void()>& bind) {
    while (true) {
      bind();
      dropped_yield_ = -1;
      yield_keep_.push_back(*keep);
      std::vector<StmtPtr> stmts;
      absl::Status st = One(body, &stmts);
      yield_keep_.pop_back();
      if (!st.ok()) return st;
      if (dropped_yield_ < 0) {
        *out = MakeSeq(std::move(stmts), body.loc);
        return absl::OkStatus();
      }
      const size_t bad = static_cast<size_t>(dropped_yield_);
      keep->erase(std::remove(keep->begin(), keep->end(), bad), keep->end());
    }
  }

  absl::Status For(const Stmt& s, std::vector<StmtPtr>* out) {
    if (!ContainsAnchor(*s.body)) return absl::OkStatus();
    for (const ExprPtr* e : {&s.start, &s.stop, &s.step}) {
      if (*e != nullptr && !Available(**e)) return Unavailable(s, "loop bound");
    }
    std::vector<size_t> keep;
    for (size_t i : ScalarIndices(s.iter_args)) {
      if (i < s.init_values.size() && Available(*s.init_values[i])) keep.push_back(i);
    }
    auto loop = std::make_unique<Stmt>();
    loop->kind = StmtKind::kFor;
    loop->loc = s.loc;
    loop->start = s.start ? Remap(*s.start) : nullptr;
    loop->stop = s.stop ? Remap(*s.stop) : nullptr;
    loop->step = s.step ? Remap(*s.step) : nullptr;
    std::vector<size_t> tried = keep;
    absl::Status st = Body(*s.body, &keep, &loop->body, [&] {
      loop->var = Fresh(s.var);
      loop->iter_args.clear();
      for (size_t i : keep) loop->iter_args.push_back(Fresh(s.iter_args[i]));
    });
    if (!st.ok()) return st;
    for (size_t i : keep) {
      loop->init_values.push_back(Remap(*s.init_values[i]));
      if (i < s.results.size()) loop->results.push_back(Fresh(s.results[i]));
    }
    out->push_back(std::move(loop));
    return absl::OkStatus();
  }

  absl::Status While(const Stmt& s, std::vector<StmtPtr>* out) {
    if (!ContainsAnchor(*s.body)) return absl::OkStatus();
    if (!Available(*s.value)) return Unavailable(s, "condition");
    auto loop = std::make_unique<Stmt>();
    loop->kind = StmtKind::kWhile;
    loop->loc = s.loc;
    loop->value = Remap(*s.value);
    std::vector<StmtPtr> body;
    RETURN_IF_ERROR(One(*s.body, &body));
    loop->body = MakeSeq(std::move(body), s.body->loc);
    out->push_back(std::move(loop));
    return absl::OkStatus();
  }

  absl::Status If(const Stmt& s, std::vector<StmtPtr>* out) {
    const bool then_keeps = ContainsAnchor(*s.body);
    const bool else_keeps = s.else_body != nullptr && ContainsAnchor(*s.else_body);
    if (!then_keeps && !else_keeps) return absl::OkStatus();
    if (!Available(*s.value)) return Unavailable(s, "condition");
    auto branch = std::make_unique<Stmt>();
    branch->kind = StmtKind::kIf;
    branch->loc = s.loc;
    branch->value = Remap(*s.value);
    std::vector<size_t> keep = ScalarIndices(s.results);
    while (true) {
      std::vector<size_t> before = keep;
      RETURN_IF_ERROR(Body(*s.body, &keep, &branch->body, [] {}));
      if (s.else_body != nullptr) {
        RETURN_IF_ERROR(Body(*s.else_body, &keep, &branch->else_body, [] {}));
      }
      if (keep == before) break;
    }
    for (size_t i : keep) branch->results.push_back(Fresh(s.results[i]));
    out->push_back(std::move(branch));
    return absl::OkStatus();
  }

  Function& f_;
  std::map<const Var*, Var*> map_;
  std::vector<std::vector<size_t>> yield_keep_;
  int dropped_yield_ = -1;
};

// Removes pure scalar bindings nobody uses, until none is left.
void RemoveUnusedScalars(std::vector<StmtPtr>& stmts) {
  while (true) {
    std::set<const Var*> used;
    for (const StmtPtr& s : stmts) CollectStmtVarRefs(*s, &used);
    bool removed = false;
    std::function<void(std::vector<StmtPtr>&)> sweep = [&](std::vector<StmtPtr>& list) {
      std::vector<StmtPtr> kept;
      for (StmtPtr& s : list) {
        if (s->kind == StmtKind::kAssign && s->var != nullptr && IsScalarLike(*s->var) &&
            used.count(s->var) == 0 && s->value != nullptr && IsPure(*s->value)) {
          removed = true;
          continue;
        }
        for (StmtPtr* child : {&s->body, &s->else_body}) {
          if (*child != nullptr && (*child)->kind == StmtKind::kSeq) sweep((*child)->stmts);
        }
        if (s->kind == StmtKind::kSeq) sweep(s->stmts);
        kept.push_back(std::move(s));
      }
      list = std::move(kept);
    };
    sweep(stmts);
    if (!removed) return;
  }
}

enum class Plan { kUnchanged, kDual, kReplay };

struct Classified {
  Plan plan = Plan::kUnchanged;
  const Expr* no_split_transport = nullptr;  // the first one
};

Classified Classify(const Function& f, bool a5) {
  Classified c;
  bool dual = BoolAttr(f, kSplitAivAttr);
  bool pipe = false;
  ForEachCall(*f.body, [&](const Expr& call) {
    if (call.is_function_call) return;
    if (ReadsLaneIndex(call)) dual = true;
    if (IsTransport(call)) {
      pipe = true;
      if (SplitOf(call) != 0) {
        dual = true;
      } else if (c.no_split_transport == nullptr) {
        c.no_split_transport = &call;
      }
    }
    if (HasRole(call, {OpRole::kInitPipe})) pipe = true;
  });
  if (dual) {
    c.plan = Plan::kDual;
  } else if (pipe && !a5) {
    c.plan = Plan::kReplay;
  }
  return c;
}

void AppendDualAttr(Function& f) {
  f.attrs.push_back(MakeAttr(kDualAttr, MakeBool(true, f.loc)));
}

// A returned name of an output parameter (`updated = pl.store(t, o, out)`,
// `return updated`) is defined on lane 0 only: the final return gives the
// parameter it names instead, which every lane holds.
void ReturnNamedOutputParams(Function& f, Stmt& body) {
  if (body.stmts.empty() || body.stmts.back()->kind != StmtKind::kReturn) return;
  for (ExprPtr& v : body.stmts.back()->values) {
    if (v->kind != ExprKind::kVar) continue;
    const Var* named = OutputParamNamed(f, *v);
    for (const Param& p : f.params) {
      if (p.var == named && p.var != v->var) v = MakeVarRef(p.var, v->loc);
    }
  }
}

absl::Status Rewrite(Function& f) {
  Stmt& body = EnsureSeq(f.body);
  ReturnNamedOutputParams(f, body);
  std::vector<StmtPtr> all = std::move(body.stmts);
  body.stmts.clear();
  std::map<const Var*, Var*> visible;
  for (const Param& p : f.params) visible[p.var] = p.var;
  size_t i = 0;
  std::vector<StmtPtr> prefix;
  for (; i < all.size(); ++i) {
    const Expr* call = CallOf(*all[i]);
    if (call == nullptr || call->is_function_call || !IsPipeSetup(*call)) break;
    if (all[i]->kind == StmtKind::kAssign) visible[all[i]->var] = all[i]->var;
    prefix.push_back(std::move(all[i]));
  }
  StmtPtr ret;
  size_t end = all.size();
  if (end > i && all[end - 1]->kind == StmtKind::kReturn) {
    ret = std::move(all[end - 1]);
    --end;
    std::set<const Var*> refs;
    for (const ExprPtr& v : ret->values) CollectVarRefs(*v, &refs);
    for (const Var* v : refs) {
      bool is_param = false;
      for (const Param& p : f.params) is_param |= p.var == v;
      if (!is_param) {
        return ErrorAt(ret->loc, absl::StrCat(
                                     "materialize-aiv-lanes: '", f.name, "' returns '", v->name,
                                     "', which is not a parameter; under the 1C:2V launch its "
                                     "body runs only on AIV lane 0, so it may only return "
                                     "parameters"));
      }
    }
  }
  std::vector<StmtPtr> rest;
  for (size_t k = i; k < end; ++k) rest.push_back(std::move(all[k]));

  const Location loc = f.loc;
  Var* sb = f.NewVar("sb", Type::Scalar(DType::kINDEX), loc);
  ExprPtr idx = mixed_kernel::MakeTypedOp(kLaneIndexOp, {}, {}, loc);
  idx->type = Type::Scalar(DType::kINDEX);
  body.stmts.push_back(MakeAssign(sb, std::move(idx), loc));
  for (StmtPtr& s : prefix) body.stmts.push_back(std::move(s));

  std::vector<const Stmt*> rest_view;
  for (const StmtPtr& s : rest) rest_view.push_back(s.get());
  std::vector<StmtPtr> replay;
  Replayer replayer(f, visible);
  RETURN_IF_ERROR(replayer.Replay(rest_view, &replay));
  RemoveUnusedScalars(replay);

  const Location if_loc = rest.empty() ? loc : rest.front()->loc;
  auto branch = std::make_unique<Stmt>();
  branch->kind = StmtKind::kIf;
  branch->loc = if_loc;
  branch->value = MakeBinary(BinaryOp::kEq, MakeVarRef(sb, if_loc), MakeInt(0, if_loc),
                             Type::Scalar(DType::kBOOL), if_loc);
  branch->body = MakeSeq(std::move(rest), if_loc);
  branch->else_body = MakeSeq(std::move(replay), if_loc);
  body.stmts.push_back(std::move(branch));
  if (ret != nullptr) body.stmts.push_back(std::move(ret));
  AppendDualAttr(f);
  return absl::OkStatus();
}

std::string BackendOf(const Program& program, absl::string_view backend) {
  if (!backend.empty()) return std::string(backend);
  return program.options.backend.empty() ? "a2a3" : program.options.backend;
}

absl::Status NoSplitOnA5Error(const Function& f, const Expr& call) {
  return ErrorAt(call.loc.known() ? call.loc : f.loc,
                 absl::StrCat("'", f.name, "' runs on both AIV lanes (dual_aiv_dispatch), but '",
                              call.str, "' is a no-split transfer: on a5 it reaches AIV lane 0 "
                              "only, so AIV lane 1 would never be signalled; use a split "
                              "transfer (split=1 or 2)"));
}

}  // namespace

absl::StatusOr<bool> MaterializeAivLanesOf(Program& program, absl::string_view backend) {
  const bool a5 = BackendOf(program, backend) == "a5";
  bool changed = false;
  for (const auto& f : program.functions) {
    if (f->kind != FunctionKind::kAIV || f->FindAttr(kDualAttr) != nullptr) continue;
    const Classified c = Classify(*f, a5);
    switch (c.plan) {
      case Plan::kUnchanged:
        break;
      case Plan::kDual:
        if (a5 && c.no_split_transport != nullptr) {
          return NoSplitOnA5Error(*f, *c.no_split_transport);
        }
        AppendDualAttr(*f);
        changed = true;
        break;
      case Plan::kReplay:
        RETURN_IF_ERROR(Rewrite(*f));
        changed = true;
        break;
    }
  }
  return changed;
}

absl::Status CheckAivLanesMaterialized(const Program& program, absl::string_view backend) {
  const bool a5 = BackendOf(program, backend) == "a5";
  for (const auto& f : program.functions) {
    if (f->kind != FunctionKind::kAIV) continue;
    const bool dual = BoolAttr(*f, kDualAttr);
    absl::Status status = absl::OkStatus();
    ForEachCall(*f->body, [&](const Expr& call) {
      if (!status.ok() || call.is_function_call) return;
      const bool needs_dual = ReadsLaneIndex(call) || (IsTransport(call) && SplitOf(call) != 0);
      if (needs_dual && !dual) {
        status = ErrorAt(call.loc.known() ? call.loc : f->loc,
                         absl::StrCat("after materialize-aiv-lanes: '", f->name, "' uses '",
                                      call.str, "', which needs both AIV lanes, but has no "
                                      "dual_aiv_dispatch=True"));
      } else if (dual && a5 && IsTransport(call) && SplitOf(call) == 0) {
        status = NoSplitOnA5Error(*f, call);
      }
    });
    if (!status.ok()) return status;
  }
  return absl::OkStatus();
}

absl::Status CheckNoAivLaneToMaterialize(const Program& program, absl::string_view backend) {
  const bool a5 = BackendOf(program, backend) == "a5";
  for (const auto& f : program.functions) {
    if (f->kind != FunctionKind::kAIV || f->FindAttr(kDualAttr) != nullptr) continue;
    if (Classify(*f, a5).plan != Plan::kUnchanged) {
      return ErrorAt(f->loc, absl::StrCat("the launch of AIV function '", f->name,
                                          "' is undecided: codegen needs the pass "
                                          "materialize-aiv-lanes first (the default pipeline "
                                          "runs it)"));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<bool> MaterializeAivLanes::Run(Program& program, PassContext& context) {
  return MaterializeAivLanesOf(program, program.options.backend.empty()
                                            ? absl::string_view(context.options.backend)
                                            : absl::string_view(program.options.backend));
}

absl::Status MaterializeAivLanes::VerifyAfter(const Program& program) const {
  return CheckAivLanesMaterialized(program);
}

static PassRegistration<MaterializeAivLanes> registration(
    "materialize-aiv-lanes",
    "Decides each AIV function's launch (1C:1V or 1C:2V) and makes it correct under it: "
    "dual functions gain dual_aiv_dispatch; on a2a3 a single function with a pipe runs "
    "its body on AIV lane 0 and a replay of the pipe protocol on lane 1.");

}  // namespace ptoc
