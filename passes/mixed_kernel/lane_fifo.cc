#include "passes/mixed_kernel/lane_fifo.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "passes/mixed_kernel/common.h"

namespace ptoc {
namespace mixed_kernel {
namespace {

using VarSet = absl::flat_hash_set<const Var*>;

bool IsVarIn(const Expr& e, const VarSet& set) {
  return e.kind == ExprKind::kVar && set.contains(e.var);
}

const Stmt* TrailingYield(const Stmt& body) {
  if (body.stmts.empty() || body.stmts.back()->kind != StmtKind::kYield) return nullptr;
  return body.stmts.back().get();
}

// Everything that names the same buffer as `v`: plain copies of the
// reference, loop-carried values and branch results fed by it.
void GrowAliases(const Stmt& s, VarSet* aliases, bool* changed) {
  auto add = [&](const Var* v) {
    if (v != nullptr && aliases->insert(v).second) *changed = true;
  };
  if (s.kind == StmtKind::kAssign && s.value && IsVarIn(*s.value, *aliases)) add(s.var);
  if (s.kind == StmtKind::kFor) {
    const Stmt* y = s.body ? TrailingYield(*s.body) : nullptr;
    for (size_t k = 0; k < s.iter_args.size(); ++k) {
      bool fed = IsVarIn(*s.init_values[k], *aliases) ||
                 (y != nullptr && k < y->values.size() && IsVarIn(*y->values[k], *aliases));
      if (fed) {
        add(s.iter_args[k]);
        if (k < s.results.size()) add(s.results[k]);
      }
    }
  }
  if (s.kind == StmtKind::kIf) {
    for (const Stmt* body : BodiesOf(s)) {
      const Stmt* y = TrailingYield(*body);
      for (size_t k = 0; y != nullptr && k < y->values.size() && k < s.results.size(); ++k) {
        if (IsVarIn(*y->values[k], *aliases)) add(s.results[k]);
      }
    }
  }
  for (const StmtPtr& child : s.stmts) GrowAliases(*child, aliases, changed);
  for (const Stmt* body : BodiesOf(s)) GrowAliases(*body, aliases, changed);
}

VarSet AliasesOf(const Function& fn, const Var* v) {
  VarSet aliases = {v};
  bool changed = true;
  while (changed) {
    changed = false;
    GrowAliases(*fn.body, &aliases, &changed);
  }
  return aliases;
}

void CollectFreed(const Stmt& s, VarSet* freed) {
  if (const Expr* call = CallOf(s); call != nullptr && RoleOf(*call) == OpRole::kFree &&
                                    !call->args.empty() && call->args[0]->kind == ExprKind::kVar) {
    freed->insert(call->args[0]->var);
  }
  for (const StmtPtr& child : s.stmts) CollectFreed(*child, freed);
  for (const Stmt* body : BodiesOf(s)) CollectFreed(*body, freed);
}

bool IsPop(const Stmt& s) {
  const Expr* call = CallOf(s);
  return s.kind == StmtKind::kAssign && call != nullptr && RoleOf(*call) == OpRole::kPop;
}

StmtPtr MakeFree(Var* popped, const Expr& pop) {
  const Location& loc = pop.loc;
  std::vector<ExprPtr> args;
  args.push_back(MakeVarRef(popped, loc));
  bool c2v = FifoDirection(pop) == PipeDirection::kC2V;
  return MakeEval(MakeTypedOp(c2v ? op::kFreeToAic : op::kFreeToAiv, std::move(args),
                              FifoAttrsOf(pop), loc),
                  loc);
}

void FreeInSeq(Function& fn, Stmt& seq, const VarSet& freed) {
  for (StmtPtr& child : seq.stmts) {
    for (Stmt* body : BodiesOf(*child)) FreeInSeq(fn, *body, freed);
  }
  std::vector<Stmt*> pops;
  for (StmtPtr& child : seq.stmts) {
    if (IsPop(*child) && !freed.contains(child->var)) pops.push_back(child.get());
  }
  // Backwards, so that tiles last used by the same statement are freed in
  // the order they were popped.
  for (auto it = pops.rbegin(); it != pops.rend(); ++it) {
    Stmt* pop = *it;
    VarSet aliases = AliasesOf(fn, pop->var);
    auto uses = [&](const Stmt& s) {
      return References(s, [&](const Var* v) { return aliases.contains(v); });
    };
    size_t at = 0;
    while (seq.stmts[at].get() != pop) ++at;
    size_t last = at;
    Stmt* leaving = nullptr;  // a yield or return taking the tile out of the block
    for (size_t j = at + 1; j < seq.stmts.size(); ++j) {
      Stmt& s = *seq.stmts[j];
      if (!uses(s)) continue;
      if (s.kind == StmtKind::kYield || s.kind == StmtKind::kReturn) {
        leaving = &s;
      } else {
        last = j;
      }
    }
    if (leaving != nullptr) {
      // Copy what leaves, yield the copy, and free the slot after the copy.
      size_t insert_at = 0;
      while (seq.stmts[insert_at].get() != leaving) ++insert_at;
      for (ExprPtr& value : leaving->values) {
        if (!IsVarIn(*value, aliases)) continue;
        Var* source = value->var;
        Var* copy = fn.NewVar(absl::StrCat(source->name, "_copy"), source->type, leaving->loc);
        seq.stmts.insert(seq.stmts.begin() + insert_at++,
                         MakeAssign(copy, MakeMoveTo(source, source->type, leaving->loc),
                                    leaving->loc));
        value = MakeVarRef(copy, value->loc);
      }
      last = insert_at - 1;
    }
    seq.stmts.insert(seq.stmts.begin() + last + 1, MakeFree(pop->var, *pop->value));
  }
}

// Net count of held pops after `s`, tracking the maximum on the way.
int HeldIn(const Stmt& s, PipeDirection dir, int held, int* max_held) {
  if (s.kind == StmtKind::kSeq) {
    for (const StmtPtr& child : s.stmts) held = HeldIn(*child, dir, held, max_held);
    return held;
  }
  if (const Expr* call = CallOf(s); call != nullptr && FifoDirection(*call) == dir) {
    std::optional<OpRole> role = RoleOf(*call);
    if (role == OpRole::kPop) *max_held = std::max(*max_held, ++held);
    if (role == OpRole::kFree) --held;
  }
  int after = held;
  bool first = true;
  for (const Stmt* body : BodiesOf(s)) {
    int branch = HeldIn(*body, dir, held, max_held);
    after = first ? branch : std::max(after, branch);
    first = false;
  }
  return after;
}

// The push of a non-NZ tile to the cube in `s`, or nullptr.
Expr* PushNeedingNz(Stmt& s) {
  Expr* call = CallOf(s);
  if (call == nullptr || RoleOf(*call) != OpRole::kPush ||
      FifoDirection(*call) != PipeDirection::kV2C || call->args.empty()) {
    return nullptr;
  }
  const Expr& tile = *call->args[0];
  if (!tile.type.is_tile() || IsNz(tile.type) || tile.kind != ExprKind::kVar) return nullptr;
  return call;
}

void AdaptBody(Function& fn, StmtPtr& body, bool* changed) {
  if (body->kind != StmtKind::kSeq) {
    if (PushNeedingNz(*body) == nullptr) {
      if (body->body) AdaptBody(fn, body->body, changed);
      if (body->else_body) AdaptBody(fn, body->else_body, changed);
      return;
    }
    EnsureSeq(body);
  }
  Stmt& seq = *body;
  for (size_t i = 0; i < seq.stmts.size(); ++i) {
    StmtPtr& child = seq.stmts[i];
    if (child->kind == StmtKind::kSeq) AdaptBody(fn, child, changed);
    if (child->body) AdaptBody(fn, child->body, changed);
    if (child->else_body) AdaptBody(fn, child->else_body, changed);
    Expr* call = PushNeedingNz(*child);
    if (call == nullptr) continue;
    ExprPtr& tile = call->args[0];
    const Type& t = tile->type;
    Type nz = Type::Tile(t.shape(), t.dtype(), MemorySpace::kVec, NzView());
    const Location& loc = child->loc;
    Var* adapted = fn.NewVar(absl::StrCat(tile->var->name, "_nz"), nz, loc);
    StmtPtr move = MakeAssign(adapted, MakeMoveTo(tile->var, nz, loc), loc);
    tile = MakeVarRef(adapted, tile->loc);
    seq.stmts.insert(seq.stmts.begin() + i, std::move(move));
    ++i;
    *changed = true;
  }
}

}  // namespace

PipeDirection FifoDirection(const Expr& call) {
  const OpInfo* info = LookupOp(call);
  return info == nullptr ? PipeDirection::kNone : info->pipe;
}

void InsertTfrees(Function& fn) {
  VarSet freed;
  CollectFreed(*fn.body, &freed);
  FreeInSeq(fn, *fn.body, freed);
}

bool AdaptPushesToNz(Function& fn) {
  bool changed = false;
  if (fn.body) AdaptBody(fn, fn.body, &changed);
  return changed;
}

int MaxHeldPops(const Function& fn, PipeDirection dir) {
  int max_held = 0;
  if (fn.body) HeldIn(*fn.body, dir, 0, &max_held);
  return max_held;
}

}  // namespace mixed_kernel
}  // namespace ptoc
