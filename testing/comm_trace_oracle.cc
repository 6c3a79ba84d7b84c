#include "testing/comm_trace_oracle.h"

#include <functional>
#include <set>
#include <tuple>
#include <utility>

#include "absl/container/node_hash_map.h"
#include "ir/registry.h"
#include "passes/comm_effects.h"

namespace ptoc {
namespace {

using Kind = CommViolation::Kind;

bool IsWrite(Kind k) {
  return k == Kind::kLocalWrite || k == Kind::kRemoteWrite || k == Kind::kOpaqueWrite;
}

// One execution of a write, wait or test whose obligation is still open.
struct Instance {
  Kind kind;
  const Stmt* stmt = nullptr;
  const Expr* call = nullptr;
  bool invalidated = false;  // writes: an invalidate covered it; a fence settles it
  // Local writes and remote writes: the binding of each variable of the
  // written region (and of the peer).
  std::vector<std::pair<const Var*, int64_t>> region_bindings;
  // Tests: what the result is known by, and which evaluation it was.
  TestAtom atom;
  int64_t atom_binding = 0;
};

struct PathState {
  std::vector<Instance> open;
  std::vector<int64_t> binding;  // by Var id: which definition is current
  // Test calls in conditions -> their latest evaluation (few: a vector).
  std::vector<std::pair<const Expr*, int64_t>> evaluation;
};

struct Regions {
  std::optional<Region> written, whole;
  std::vector<const Var*> vars;
};

class Tracer {
 public:
  Tracer(const Function& f, int64_t max_steps)
      : f_(f), aliases_(f), names_peer_(NamesPeerInvalidates(f)), max_steps_(max_steps) {}

  std::optional<std::vector<CommViolation>> Run() {
    PathState start;
    int max_id = 0;
    for (const auto& v : f_.vars) max_id = std::max(max_id, v->id);
    start.binding.assign(max_id + 1, 0);
    // The kernel's start (H5): open until a whole-GM invalidate or a wait;
    // a cached read of window data settles it with a violation.
    start.open.push_back(Instance{Kind::kKernelStart});
    Exec(f_.body.get(), std::move(start), [this](PathState st) { End(nullptr, st); });
    if (aborted_) return std::nullopt;
    std::vector<CommViolation> out;
    for (const auto& [offender, call, endangered, kind] : found_) {
      out.push_back(
          CommViolation{static_cast<Kind>(kind), offender, call, endangered, names_peer_});
    }
    return out;
  }

 private:
  using Cont = std::function<void(PathState)>;

  void Exec(const Stmt* s, PathState st, const Cont& k) {
    if (aborted_) return;
    if (s == nullptr) return k(std::move(st));
    if (++steps_ > max_steps_) {
      aborted_ = true;
      return;
    }
    switch (s->kind) {
      case StmtKind::kSeq:
        return ExecSeq(*s, 0, std::move(st), k);
      case StmtKind::kAssign: {
        const int64_t id = ++next_binding_;
        Evaluate(*s, st, id);
        st.binding[s->var->id] = id;
        return k(std::move(st));
      }
      case StmtKind::kEval:
      case StmtKind::kYield:
        Evaluate(*s, st, 0);
        return k(std::move(st));
      case StmtKind::kReturn:
        Evaluate(*s, st, 0);
        return End(s, st);
      case StmtKind::kIf: {
        Evaluate(*s, st, 0);
        const Cont join = [&](PathState x) {
          BindAll(s->results, x);
          k(std::move(x));
        };
        PathState then_state = st;
        Branch(*s->value, true, then_state);
        Exec(s->body.get(), std::move(then_state), join);
        Branch(*s->value, false, st);
        return Exec(s->else_body.get(), std::move(st), join);
      }
      case StmtKind::kWhile:
        return While(*s, 0, std::move(st), k);
      case StmtKind::kScope:
      case StmtKind::kSplitAiv:
        return Exec(s->body.get(), std::move(st), k);
      case StmtKind::kUnpack:
      case StmtKind::kSetItem:
        Evaluate(*s, st, 0);
        return k(std::move(st));
      case StmtKind::kBreak:
      case StmtKind::kContinue:
        // Not modelled (the generators never write them): no verdict.
        aborted_ = true;
        return;
      case StmtKind::kFor: {
        Evaluate(*s, st, 0);
        for (int turns = ForRunsAtLeastOnce(*s) ? 1 : 0; turns <= 2; ++turns) {
          For(*s, turns, st, k);
        }
        return;
      }
    }
  }

  void ExecSeq(const Stmt& seq, size_t i, PathState st, const Cont& k) {
    if (i == seq.stmts.size()) return k(std::move(st));
    Exec(seq.stmts[i].get(), std::move(st),
         [&, i](PathState x) { ExecSeq(seq, i + 1, std::move(x), k); });
  }

  void For(const Stmt& s, int turns, PathState st, const Cont& k) {
    if (turns == 0) {
      BindAll(s.results, st);
      return k(std::move(st));
    }
    Bind(s.var, st);
    BindAll(s.iter_args, st);
    Exec(s.body.get(), std::move(st),
         [&, turns](PathState x) { For(s, turns - 1, std::move(x), k); });
  }

  void While(const Stmt& s, int turns, PathState st, const Cont& k) {
    Evaluate(s, st, 0);  // the condition
    if (turns < 2) {
      PathState body = st;
      Branch(*s.value, true, body);
      Exec(s.body.get(), std::move(body),
           [&, turns](PathState x) { While(s, turns + 1, std::move(x), k); });
    }
    Branch(*s.value, false, st);
    k(std::move(st));
  }

  void Bind(const Var* v, PathState& st) { st.binding[v->id] = ++next_binding_; }
  void BindAll(const std::vector<Var*>& vars, PathState& st) {
    for (const Var* v : vars) Bind(v, st);
  }

  // A branch on `cond` taken with `value` refutes the tests it shows false.
  void Branch(const Expr& cond, bool value, PathState& st) {
    std::vector<TestAtom> atoms;
    FalseAtoms(cond, value, &atoms);
    for (const TestAtom& atom : atoms) {
      const int64_t current = atom.var != nullptr ? st.binding[atom.var->id]
                                                  : Evaluation(st, atom.call);
      Erase(st, [&](const Instance& i) {
        return i.kind == Kind::kTest && i.atom == atom && i.atom_binding == current;
      });
    }
  }

  static int64_t Evaluation(const PathState& st, const Expr* call) {
    for (const auto& [c, id] : st.evaluation) {
      if (c == call) return id;
    }
    return -1;
  }

  int64_t NewEvaluation(PathState& st, const Expr* call) {
    const int64_t id = ++next_binding_;
    for (auto& [c, latest] : st.evaluation) {
      if (c == call) return latest = id;
    }
    st.evaluation.push_back({call, id});
    return id;
  }

  template <typename Pred>
  static void Erase(PathState& st, Pred pred) {
    std::vector<Instance> kept;
    for (Instance& i : st.open) {
      if (!pred(i)) kept.push_back(std::move(i));
    }
    st.open = std::move(kept);
  }

  void Record(const Instance& i, const Stmt* endangered) {
    found_.insert({i.stmt, i.call, endangered, static_cast<int>(i.kind)});
  }

  void End(const Stmt* ret, PathState& st) {
    for (const Instance& i : st.open) {
      if (IsWrite(i.kind)) Record(i, ret);
    }
  }

  const Regions& RegionsOf(const Expr& call) {
    auto it = regions_.find(&call);
    if (it != regions_.end()) return it->second;
    Regions& r = regions_[&call];
    r.written = WrittenRegion(call, f_, call.loc);
    r.whole = WholeRegion(WrittenWindow(call).type, f_, call.loc);
    if (r.written) {
      for (const ExprPtr& e : r.written->offsets) CollectVars(*e, &r.vars);
      for (const ExprPtr& e : r.written->shapes) CollectVars(*e, &r.vars);
    }
    if (CommRoleOf(call) == CommRole::kRemoteWrite) CollectVars(*PeerOf(call), &r.vars);
    return r;
  }

  // The calls of `s` with their roles, computed once per statement.
  const std::vector<std::pair<const Expr*, CommRole>>& CallsOf(const Stmt& s) {
    auto it = calls_.find(&s);
    if (it != calls_.end()) return it->second;
    auto& calls = calls_[&s];
    for (const Expr* call : OwnCalls(s)) calls.push_back({call, CommRoleOf(*call)});
    return calls;
  }

  // The calls of statement `s`; `assigned`: the binding its target takes.
  void Evaluate(const Stmt& s, PathState& st, int64_t assigned) {
    for (const auto& [call, role] : CallsOf(s)) {
      Instance inst;
      inst.kind = Kind::kWait;
      inst.stmt = &s;
      inst.call = call;
      switch (role) {
        case CommRole::kLocalWrite:
          inst.kind = Kind::kLocalWrite;
          for (const Var* v : RegionsOf(*call).vars) {
            inst.region_bindings.push_back({v, st.binding[v->id]});
          }
          st.open.push_back(std::move(inst));
          break;
        case CommRole::kOpaqueWrite:
          inst.kind = Kind::kOpaqueWrite;
          st.open.push_back(std::move(inst));
          break;
        case CommRole::kRemoteWrite:
          // Without peer invalidates in the kernel, codegen invalidates.
          inst.kind = Kind::kRemoteWrite;
          inst.invalidated = !names_peer_;
          for (const Var* v : RegionsOf(*call).vars) {
            inst.region_bindings.push_back({v, st.binding[v->id]});
          }
          st.open.push_back(std::move(inst));
          break;
        case CommRole::kWait:
          Erase(st, [](const Instance& i) { return i.kind == Kind::kKernelStart; });
          st.open.push_back(std::move(inst));
          break;
        case CommRole::kTest:
          inst.kind = Kind::kTest;
          if (s.kind == StmtKind::kAssign && s.value.get() == call) {
            inst.atom = TestAtom{s.var, nullptr};
            inst.atom_binding = assigned;
          } else {
            inst.atom = TestAtom{nullptr, call};
            inst.atom_binding = NewEvaluation(st, call);
          }
          st.open.push_back(std::move(inst));
          break;
        case CommRole::kNotify:
          for (const Instance& i : st.open) {
            if (IsWrite(i.kind)) Record(i, &s);
          }
          Erase(st, [](const Instance& i) { return IsWrite(i.kind); });
          break;
        case CommRole::kGmRead: {
          const bool cached_window = IsCachedWindowRead(*call);
          auto settles = [&](const Instance& i) {
            return i.kind == Kind::kKernelStart ? cached_window : !IsWrite(i.kind);
          };
          for (const Instance& i : st.open) {
            if (settles(i)) Record(i, &s);
          }
          Erase(st, settles);
          break;
        }
        case CommRole::kFence:
          Erase(st, [](const Instance& i) { return IsWrite(i.kind) && i.invalidated; });
          break;
        case CommRole::kWholeInvalidate:
          Erase(st, [](const Instance& i) { return !IsWrite(i.kind); });
          for (Instance& i : st.open) i.invalidated = true;
          break;
        case CommRole::kRegionInvalidate:
          RegionInvalidate(*call, st, Kind::kLocalWrite);
          break;
        case CommRole::kPeerInvalidate:
          RegionInvalidate(*call, st, Kind::kRemoteWrite);
          break;
        case CommRole::kNone:
          break;
      }
    }
  }

  // A region invalidate covers local writes (`kind`) of its window; a peer
  // one, remote writes into the same peer's copy.
  void RegionInvalidate(const Expr& inv, PathState& st, Kind kind) {
    if (inv.args[0]->kind != ExprKind::kVar) return;
    const Var* window = aliases_.ClassOf(inv.args[0]->var);
    const Expr* peer = PeerOf(inv);
    for (Instance& i : st.open) {
      if (i.kind != kind || i.invalidated) continue;
      const Expr& dst = WrittenWindow(*i.call);
      if (dst.kind != ExprKind::kVar || aliases_.ClassOf(dst.var) != window) continue;
      const Regions& r = RegionsOf(*i.call);
      if (!r.whole) continue;
      bool same_values = true;
      for (const auto& [v, b] : i.region_bindings) same_values &= st.binding[v->id] == b;
      if (peer != nullptr) {
        const Expr& written_peer = *PeerOf(*i.call);
        const bool same_peer = SameValueExpr(*peer, written_peer) &&
                               (same_values || peer->kind == ExprKind::kInt);
        if (!same_peer) continue;
      }
      if (InvalidateCovers(inv, r.written, *r.whole, same_values)) i.invalidated = true;
    }
  }

  const Function& f_;
  const WindowAliases aliases_;
  const bool names_peer_;  // remote writes need their own peer invalidate
  const int64_t max_steps_;
  int64_t steps_ = 0;
  bool aborted_ = false;
  int64_t next_binding_ = 0;
  absl::node_hash_map<const Expr*, Regions> regions_;  // stable references
  absl::node_hash_map<const Stmt*, std::vector<std::pair<const Expr*, CommRole>>> calls_;
  std::set<std::tuple<const Stmt*, const Expr*, const Stmt*, int>> found_;
};

}  // namespace

std::optional<std::vector<CommViolation>> TraceCommViolations(const Function& function,
                                                              int64_t max_steps) {
  return Tracer(function, max_steps).Run();
}

}  // namespace ptoc
