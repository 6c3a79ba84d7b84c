#include "passes/mixed_kernel/lane_fifo.h"

#include <algorithm>
#include <iterator>
#include <list>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
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

// Which variables name the same buffer as which: an edge from a value to
// every variable it feeds by a plain copy, as a loop-carried value or as a
// branch result. The aliases of a variable are what it reaches.
class AliasGraph {
 public:
  explicit AliasGraph(const Stmt& body) { Add(body); }

  VarSet AliasesOf(const Var* v) const {
    VarSet aliases = {v};
    std::vector<const Var*> todo = {v};
    while (!todo.empty()) {
      const Var* from = todo.back();
      todo.pop_back();
      auto it = feeds_.find(from);
      if (it == feeds_.end()) continue;
      for (const Var* to : it->second) {
        if (aliases.insert(to).second) todo.push_back(to);
      }
    }
    return aliases;
  }

 private:
  void Feed(const Expr& from, const Var* to) {
    if (from.kind == ExprKind::kVar && to != nullptr) feeds_[from.var].push_back(to);
  }

  void Add(const Stmt& s) {
    if (s.kind == StmtKind::kAssign && s.value) Feed(*s.value, s.var);
    if (s.kind == StmtKind::kFor) {
      const Stmt* y = s.body ? TrailingYield(*s.body) : nullptr;
      for (size_t k = 0; k < s.iter_args.size(); ++k) {
        const Var* result = k < s.results.size() ? s.results[k] : nullptr;
        std::vector<const Expr*> sources = {s.init_values[k].get()};
        if (y != nullptr && k < y->values.size()) sources.push_back(y->values[k].get());
        for (const Expr* source : sources) {
          Feed(*source, s.iter_args[k]);
          Feed(*source, result);
        }
      }
    }
    if (s.kind == StmtKind::kIf) {
      for (const Stmt* body : BodiesOf(s)) {
        const Stmt* y = TrailingYield(*body);
        for (size_t k = 0; y != nullptr && k < y->values.size() && k < s.results.size(); ++k) {
          Feed(*y->values[k], s.results[k]);
        }
      }
    }
    for (const Stmt* c : ChildrenOf(s)) Add(*c);
  }

  absl::flat_hash_map<const Var*, std::vector<const Var*>> feeds_;
};

void CollectFreed(const Stmt& s, VarSet* freed) {
  if (const Expr* call = CallOf(s); call != nullptr && RoleOf(*call) == OpRole::kFree &&
                                    !call->args.empty() && call->args[0]->kind == ExprKind::kVar) {
    freed->insert(call->args[0]->var);
  }
  for (const Stmt* c : ChildrenOf(s)) CollectFreed(*c, freed);
}

bool IsPop(const Stmt& s) {
  const Expr* call = CallOf(s);
  return s.kind == StmtKind::kAssign && call != nullptr && RoleOf(*call) == OpRole::kPop;
}

bool LeavesBody(const Stmt& s) {
  return s.kind == StmtKind::kYield || s.kind == StmtKind::kReturn;
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

// Places the tfrees of the pops of one body. The body is rewritten as a
// list so that insertions cost O(1); each pop looks up the last user of
// its aliases in an index of the body built once, so the work is linear in
// the size of the body and the alias sets.
class BodyFreer {
 public:
  BodyFreer(Function& fn, Stmt& seq, const AliasGraph& graph)
      : fn_(fn), seq_(seq), graph_(graph) {
    for (int j = 0; j < static_cast<int>(seq.stmts.size()); ++j) {
      VisitReferencedVars(*seq.stmts[j], [&](const Var* v) {
        std::vector<int>& users = users_[v];
        if (users.empty() || users.back() != j) users.push_back(j);
      });
      at_.push_back(body_.insert(body_.end(), std::move(seq.stmts[j])));
    }
  }

  // Frees `pops` (indices of pops in the body, in order) after their last
  // uses, backwards, so that tiles last used by the same statement are freed
  // in the order they were popped; then writes the body back.
  void Run(const std::vector<int>& pops) {
    for (auto it = pops.rbegin(); it != pops.rend(); ++it) Free(*it);
    seq_.stmts.clear();
    for (StmtPtr& s : body_) seq_.stmts.push_back(std::move(s));
  }

 private:
  using Position = std::list<StmtPtr>::iterator;
  // Where a statement sits: before (0) or as (1) original statement
  // `index`, then the order of insertion.
  using Rank = std::tuple<int, int, int>;
  struct Copy {
    Position at;
    Rank rank;
  };

  void Free(int at) {
    Stmt* pop = at_[at]->get();
    VarSet aliases = graph_.AliasesOf(pop->var);
    Rank last_rank{at, 1, 0};
    Position last = at_[at];
    int leaving = -1;  // a yield or return taking the tile out of the body
    for (const Var* v : aliases) {
      if (auto users = users_.find(v); users != users_.end()) {
        for (auto j = users->second.rbegin(); j != users->second.rend() && *j > at; ++j) {
          if (!LeavesBody(**at_[*j])) {
            if (Rank{*j, 1, 0} > last_rank) last_rank = Rank{*j, 1, 0}, last = at_[*j];
            break;
          }
          // Its values may have been replaced by copies for a later pop.
          bool takes = false;
          VisitReferencedVars(**at_[*j], [&](const Var* u) { takes |= aliases.contains(u); });
          if (takes) leaving = std::max(leaving, *j);
        }
      }
      if (auto copies = copies_.find(v); copies != copies_.end()) {
        for (const Copy& copy : copies->second) {
          if (copy.rank > last_rank) last_rank = copy.rank, last = copy.at;
        }
      }
    }
    if (leaving >= 0) {
      // Copy what leaves, yield the copy, and free the slot after the copy.
      Stmt& exit = **at_[leaving];
      for (ExprPtr& value : exit.values) {
        if (!IsVarIn(*value, aliases)) continue;
        Var* source = value->var;
        Var* copy = fn_.NewVar(absl::StrCat(source->name, "_copy"), source->type, exit.loc);
        Position placed = body_.insert(
            at_[leaving],
            MakeAssign(copy, MakeMoveTo(source, source->type, exit.loc), exit.loc));
        copies_[source].push_back(Copy{placed, Rank{leaving, 0, ++insertions_}});
        value = MakeVarRef(copy, value->loc);
      }
      last = std::prev(at_[leaving]);
    }
    body_.insert(std::next(last), MakeFree(pop->var, *pop->value));
  }

  Function& fn_;
  Stmt& seq_;
  const AliasGraph& graph_;
  std::list<StmtPtr> body_;
  std::vector<Position> at_;  // of each original statement
  absl::flat_hash_map<const Var*, std::vector<int>> users_;  // statement indices
  absl::flat_hash_map<const Var*, std::vector<Copy>> copies_;  // by copied variable
  int insertions_ = 0;
};

void FreeInSeq(Function& fn, Stmt& seq, const VarSet& freed, const AliasGraph& graph) {
  std::vector<int> pops;
  for (int j = 0; j < static_cast<int>(seq.stmts.size()); ++j) {
    Stmt& child = *seq.stmts[j];
    for (Stmt* body : BodiesOf(child)) FreeInSeq(fn, *body, freed, graph);
    if (IsPop(child) && !freed.contains(child.var)) pops.push_back(j);
  }
  if (!pops.empty()) BodyFreer(fn, seq, graph).Run(pops);
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
  FreeInSeq(fn, *fn.body, freed, AliasGraph(*fn.body));
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
