#include "passes/check_comm_contract.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "frontend/printer.h"
#include "ir/registry.h"
#include "passes/cache_line_check.h"
#include "passes/comm_effects.h"

namespace ptoc {
namespace {

using Kind = CommViolation::Kind;

// The states an effect may be in, as a bit set (one bit per state: a set of
// possible states makes the transfer functions distributive, so the fixed
// point is exactly the union over all paths).
// Writes:
constexpr uint8_t kPending = 1;       // not yet covered by an invalidate
constexpr uint8_t kPendingStale = 2;  // the same, after a loop back edge
                                      // changed variables of its region
constexpr uint8_t kInvalidated = 4;   // invalidated; a fence settles it
// Waits and tests:
constexpr uint8_t kIfTrue = 1;  // a test, pending when its result is true
constexpr uint8_t kAlways = 2;  // a wait, or a test whose result was rebound

bool IsWrite(Kind k) {
  return k == Kind::kLocalWrite || k == Kind::kRemoteWrite || k == Kind::kOpaqueWrite;
}

// A call whose effect the analysis follows.
struct Site {
  Kind kind;
  const Stmt* stmt = nullptr;
  const Expr* call = nullptr;
  // kLocalWrite, and kRemoteWrite of a kernel that names its peer
  // invalidates: the alias class of the destination (nullptr: not a
  // variable), the written region and the whole tensor's; the peer.
  const Var* window = nullptr;
  std::optional<Region> written;
  std::optional<Region> whole;
  const Expr* peer = nullptr;
  // Loops whose back edge rebinds variables of the region (writes) or the
  // test's result (tests).
  std::vector<int> stale_loops;
  TestAtom atom;  // kTest
};

struct Node {
  const Stmt* stmt = nullptr;  // end node: the return, or nullptr at the end of the body
  std::vector<std::pair<const Expr*, CommRole>> calls;  // evaluated in this order
  bool is_end = false;
  bool starts_kernel = false;  // the entry node
  std::vector<int> in_edges, out_edges;
};

struct Edge {
  int from = 0, to = 0;
  std::vector<TestAtom> false_atoms;  // tests known to have returned false
  int back_loop = -1;                 // the loop whose back edge this is
};

using State = std::map<int, uint8_t>;  // site -> possible states

// The statement graph of one function: a node per simple statement, per
// condition or loop header, and per way out of the kernel.
class FlowGraph {
 public:
  explicit FlowGraph(const Function& f)
      : f_(f), aliases_(f), names_peer_invalidates_(NamesPeerInvalidates(f)) {
    for (const Param& p : f.params) def_loops_[p.var] = {};
    const int entry = AddNode(nullptr, {});
    // The kernel's start: until a whole-GM invalidate or a wait, the data
    // cache may hold lines of windows from an earlier kernel (H5).
    nodes[entry].starts_kernel = true;
    start_site = static_cast<int>(sites.size());
    sites.push_back(Site{Kind::kKernelStart});
    Exits out = Lower(f.body.get(), {{entry, {}}});
    Connect(out, AddEnd(nullptr), -1);
  }

  std::vector<Node> nodes;
  std::vector<Edge> edges;
  std::vector<Site> sites;
  int start_site = -1;  // the kKernelStart site
  absl::flat_hash_map<const Expr*, int> site_of_call;
  const WindowAliases& aliases() const { return aliases_; }
  // A remote write needs its own peer region invalidate (comm-hazards.md
  // H6); else codegen adds it and only the fence is the IR's.
  bool names_peer_invalidates() const { return names_peer_invalidates_; }

 private:
  struct Exit {
    int from;
    std::vector<TestAtom> false_atoms;
  };
  using Exits = std::vector<Exit>;

  Exits Lower(const Stmt* s, Exits in) {
    if (s == nullptr) return in;
    switch (s->kind) {
      case StmtKind::kSeq:
        for (const StmtPtr& child : s->stmts) in = Lower(child.get(), std::move(in));
        return in;
      case StmtKind::kAssign:
      case StmtKind::kEval:
      case StmtKind::kUnpack:
      case StmtKind::kSetItem:
      case StmtKind::kYield: {
        const int node = AddNode(s, OwnCalls(*s));
        Connect(in, node, -1);
        if (s->kind == StmtKind::kAssign) Define(s->var);
        for (const Var* v : s->results) Define(v);  // kUnpack's targets
        return {{node, {}}};
      }
      case StmtKind::kSplitAiv:  // a pl.split_aiv region: its body, in place
      case StmtKind::kScope: {
        const int header = AddNode(s, OwnCalls(*s));
        Connect(in, header, -1);
        Define(s->var);
        return Lower(s->body.get(), {{header, {}}});
      }
      case StmtKind::kContinue:
        if (!loop_targets_.empty()) {
          LoopTargets& loop = loop_targets_.back();
          Connect(in, loop.head, loop.loop);
          loop.continues.insert(loop.continues.end(), in.begin(), in.end());
        }
        return {};
      case StmtKind::kBreak:
        if (!loop_targets_.empty()) {
          Exits& breaks = loop_targets_.back().breaks;
          breaks.insert(breaks.end(), in.begin(), in.end());
        }
        return {};
      case StmtKind::kReturn: {
        const int node = AddNode(s, OwnCalls(*s));
        Connect(in, node, -1);
        Connect({{node, {}}}, AddEnd(s), -1);
        return {};
      }
      case StmtKind::kIf: {
        const int cond = AddNode(s, OwnCalls(*s));
        Connect(in, cond, -1);
        Exits out = Lower(s->body.get(), {Branch(cond, *s->value, true)});
        Exits other = Lower(s->else_body.get(), {Branch(cond, *s->value, false)});
        out.insert(out.end(), other.begin(), other.end());
        for (const Var* v : s->results) Define(v);
        return out;
      }
      case StmtKind::kWhile: {
        const int loop = next_loop_++;
        loops_.push_back(loop);  // the condition is evaluated on every iteration
        const int cond = AddNode(s, OwnCalls(*s));
        Connect(in, cond, -1);
        loop_targets_.push_back({cond, loop, {}, {}});
        Exits body = Lower(s->body.get(), {Branch(cond, *s->value, true)});
        Connect(body, cond, loop);
        Exits out = std::move(loop_targets_.back().breaks);
        loop_targets_.pop_back();
        loops_.pop_back();
        out.push_back(Branch(cond, *s->value, false));
        return out;
      }
      case StmtKind::kFor: {
        const int init = AddNode(s, OwnCalls(*s));  // bounds: evaluated once
        Connect(in, init, -1);
        const int loop = next_loop_++;
        loops_.push_back(loop);
        Define(s->var);
        for (const Var* v : s->iter_args) Define(v);
        const int head = AddNode(nullptr, {});
        Connect({{init, {}}}, head, -1);
        loop_targets_.push_back({head, loop, {}, {}});
        Exits body = Lower(s->body.get(), {{head, {}}});
        Connect(body, head, loop);
        const Exits& continues = loop_targets_.back().continues;
        body.insert(body.end(), continues.begin(), continues.end());
        Exits breaks = std::move(loop_targets_.back().breaks);
        loop_targets_.pop_back();
        loops_.pop_back();
        // The loop ends where its last iteration ends (the end of the body
        // or a continue), at a break, or at once when it may run no
        // iteration.
        body.insert(body.end(), breaks.begin(), breaks.end());
        if (!ForRunsAtLeastOnce(*s)) body.push_back({init, {}});
        for (const Var* v : s->results) Define(v);
        return body;
      }
    }
    return in;
  }

  static Exit Branch(int cond, const Expr& condition, bool value) {
    Exit e{cond, {}};
    FalseAtoms(condition, value, &e.false_atoms);
    return e;
  }

  void Define(const Var* v) {
    if (v != nullptr) def_loops_[v] = loops_;
  }

  int AddNode(const Stmt* s, const std::vector<const Expr*>& calls) {
    Node node{s, {}, false, false, {}, {}};
    for (const Expr* call : calls) {
      node.calls.push_back({call, CommRoleOf(*call)});
      AddSite(*s, *call, node.calls.back().second);
    }
    nodes.push_back(std::move(node));
    return static_cast<int>(nodes.size()) - 1;
  }

  int AddEnd(const Stmt* ret) {
    nodes.push_back(Node{ret, {}, true, false, {}, {}});
    return static_cast<int>(nodes.size()) - 1;
  }

  void Connect(const Exits& from, int to, int back_loop) {
    for (const Exit& x : from) {
      const int id = static_cast<int>(edges.size());
      edges.push_back(Edge{x.from, to, x.false_atoms, back_loop});
      nodes[x.from].out_edges.push_back(id);
      nodes[to].in_edges.push_back(id);
    }
  }

  void AddSite(const Stmt& s, const Expr& call, CommRole role) {
    Site site;
    site.stmt = &s;
    site.call = &call;
    switch (role) {
      case CommRole::kLocalWrite:
      case CommRole::kRemoteWrite: {
        site.kind = role == CommRole::kLocalWrite ? Kind::kLocalWrite : Kind::kRemoteWrite;
        const Expr& dst = WrittenWindow(call);
        if (dst.kind == ExprKind::kVar) site.window = aliases_.ClassOf(dst.var);
        site.written = WrittenRegion(call, f_, call.loc);
        site.whole = WholeRegion(dst.type, f_, call.loc);
        if (role == CommRole::kRemoteWrite) site.peer = PeerOf(call);
        std::vector<const Var*> vars;
        if (site.written) {
          for (const ExprPtr& e : site.written->offsets) CollectVars(*e, &vars);
          for (const ExprPtr& e : site.written->shapes) CollectVars(*e, &vars);
        }
        if (site.peer != nullptr) CollectVars(*site.peer, &vars);
        for (const Var* v : vars) {
          auto it = def_loops_.find(v);
          if (it == def_loops_.end()) continue;
          site.stale_loops.insert(site.stale_loops.end(), it->second.begin(),
                                  it->second.end());
        }
        break;
      }
      case CommRole::kOpaqueWrite: site.kind = Kind::kOpaqueWrite; break;
      case CommRole::kWait: site.kind = Kind::kWait; break;
      case CommRole::kTest:
        site.kind = Kind::kTest;
        site.atom = s.kind == StmtKind::kAssign && s.value.get() == &call
                        ? TestAtom{s.var, nullptr}
                        : TestAtom{nullptr, &call};
        site.stale_loops = loops_;
        break;
      default:
        return;
    }
    site_of_call[&call] = static_cast<int>(sites.size());
    sites.push_back(std::move(site));
  }

  const Function& f_;
  const WindowAliases aliases_;
  const bool names_peer_invalidates_;
  // Where a continue or a break inside the innermost loop goes: the head
  // (a back edge of `loop`), and the ways out of the loop they add (a
  // continue may end the last iteration of a for loop).
  struct LoopTargets {
    int head;
    int loop;
    Exits breaks;
    Exits continues;
  };
  std::vector<LoopTargets> loop_targets_;
  std::vector<int> loops_;  // the loops around the statement being lowered
  int next_loop_ = 0;
  absl::flat_hash_map<const Var*, std::vector<int>> def_loops_;
};

class Solver {
 public:
  explicit Solver(const FlowGraph& g) : g_(g) {}

  // (site, endangered node) pairs.
  std::set<std::pair<int, int>> Solve() {
    std::vector<State> out(g_.nodes.size());
    std::set<int> work;
    for (size_t n = 0; n < g_.nodes.size(); ++n) work.insert(static_cast<int>(n));
    while (!work.empty()) {
      const int n = *work.begin();
      work.erase(work.begin());
      const Node& node = g_.nodes[n];
      State in;
      for (int e : node.in_edges) Join(in, Through(g_.edges[e], out[g_.edges[e].from]));
      State next = Transfer(n, std::move(in));
      if (next == out[n]) continue;
      out[n] = std::move(next);
      for (int e : node.out_edges) work.insert(g_.edges[e].to);
    }
    return violations_;
  }

 private:
  static void Join(State& into, const State& s) {
    for (const auto& [site, bits] : s) into[site] |= bits;
  }

  State Through(const Edge& e, const State& s) const {
    State out;
    for (auto [site, bits] : s) {
      const Site& info = g_.sites[site];
      const bool stale =
          e.back_loop >= 0 && std::count(info.stale_loops.begin(), info.stale_loops.end(),
                                         e.back_loop) > 0;
      if (info.kind == Kind::kTest) {
        // The branch is taken before the loop turns.
        if (std::count(e.false_atoms.begin(), e.false_atoms.end(), info.atom) > 0) {
          bits &= ~kIfTrue;
        }
        if (stale && (bits & kIfTrue)) bits = (bits & ~kIfTrue) | kAlways;
      } else if (stale && (bits & kPending)) {
        bits = (bits & ~kPending) | kPendingStale;
      }
      if (bits != 0) out[site] = bits;
    }
    return out;
  }

  // Records a violation for every pending effect `pred` selects, and drops
  // it: along a path only the first endangered statement is reported.
  template <typename Pred>
  void Endanger(State& s, int node, Pred pred) {
    for (auto it = s.begin(); it != s.end();) {
      if (pred(g_.sites[it->first].kind)) {
        violations_.insert({it->first, node});
        it = s.erase(it);
      } else {
        ++it;
      }
    }
  }

  State Transfer(int n, State s) {
    const Node& node = g_.nodes[n];
    if (node.is_end) {
      Endanger(s, n, IsWrite);
      return s;
    }
    if (node.starts_kernel) s[g_.start_site] |= kAlways;
    for (const auto& [call, role] : node.calls) {
      auto site = g_.site_of_call.find(call);
      switch (role) {
        case CommRole::kLocalWrite:
        case CommRole::kOpaqueWrite:
          s[site->second] |= kPending;
          break;
        case CommRole::kRemoteWrite:
          s[site->second] |= g_.names_peer_invalidates() ? kPending : kInvalidated;
          break;
        case CommRole::kWait:
          s[site->second] |= kAlways;
          s.erase(g_.start_site);  // the wait's own invalidate covers the start's
          break;
        case CommRole::kTest:
          s[site->second] |= kIfTrue;
          break;
        case CommRole::kNotify:
          Endanger(s, n, IsWrite);
          break;
        case CommRole::kGmRead: {
          const bool cached_window = IsCachedWindowRead(*call);
          Endanger(s, n, [&](Kind k) {
            return k == Kind::kKernelStart ? cached_window : !IsWrite(k);
          });
          break;
        }
        case CommRole::kFence:
          Update(s, [](const Site& site, uint8_t bits) -> uint8_t {
            return IsWrite(site.kind) ? bits & ~kInvalidated : bits;
          });
          break;
        case CommRole::kWholeInvalidate:
          Update(s, [](const Site& site, uint8_t bits) -> uint8_t {
            if (!IsWrite(site.kind)) return 0;
            return bits & (kPending | kPendingStale) ? kInvalidated : bits;
          });
          break;
        case CommRole::kRegionInvalidate:
          RegionInvalidate(s, *call, Kind::kLocalWrite);
          break;
        case CommRole::kPeerInvalidate:
          RegionInvalidate(s, *call, Kind::kRemoteWrite);
          break;
        case CommRole::kNone:
          break;
      }
    }
    return s;
  }

  template <typename F>
  void Update(State& s, F f) {
    for (auto it = s.begin(); it != s.end();) {
      it->second = f(g_.sites[it->first], it->second);
      it = it->second == 0 ? s.erase(it) : std::next(it);
    }
  }

  // A region invalidate settles the local writes (`kind` kLocalWrite) of
  // its window, a peer one the remote writes to the same peer's copy.
  void RegionInvalidate(State& s, const Expr& inv, Kind kind) {
    const Expr& tensor = *inv.args[0];
    if (tensor.kind != ExprKind::kVar) return;
    const Var* window = g_.aliases().ClassOf(tensor.var);
    const Expr* peer = PeerOf(inv);
    Update(s, [&](const Site& site, uint8_t bits) -> uint8_t {
      if (site.kind != kind || site.window != window || !site.whole) return bits;
      // The same peer: the same value (`same`: the write's variables still
      // hold what they held at the write), or the same constant.
      auto same_peer = [&](bool same) {
        return peer == nullptr ||
               (same ? SameValueExpr(*peer, *site.peer)
                     : peer->kind == ExprKind::kInt && SameValueExpr(*peer, *site.peer));
      };
      uint8_t covered = 0;
      if ((bits & kPending) && same_peer(true) &&
          InvalidateCovers(inv, site.written, *site.whole, true)) {
        covered |= kPending;
      }
      if ((bits & kPendingStale) && same_peer(false) &&
          InvalidateCovers(inv, site.written, *site.whole, false)) {
        covered |= kPendingStale;
      }
      return covered ? (bits & ~covered) | kInvalidated : bits;
    });
  }

  const FlowGraph& g_;
  std::set<std::pair<int, int>> violations_;
};

// Where the kernel ends when a path runs off its body: its last statement.
Location EndOfBody(const Function& f) {
  const Stmt* s = f.body.get();
  while (s != nullptr && s->kind == StmtKind::kSeq && !s->stmts.empty()) {
    s = s->stmts.back().get();
  }
  return s != nullptr && s->loc.known() ? s->loc : f.loc;
}

std::string CalleeName(const Expr& call) {
  return call.is_function_call ? absl::StrCat("self.", call.str) : call.str;
}

}  // namespace

std::vector<CommViolation> FindCommViolations(const Function& function) {
  FlowGraph graph(function);
  std::vector<CommViolation> out;
  for (const auto& [site, node] : Solver(graph).Solve()) {
    const Site& s = graph.sites[site];
    out.push_back(CommViolation{s.kind, s.stmt, s.call, graph.nodes[node].stmt,
                                graph.names_peer_invalidates()});
  }
  return out;
}

void ReportCommViolation(const Function& function, const CommViolation& v,
                         DiagnosticSink& sink) {
  const bool at_end = v.endangered == nullptr || v.endangered->kind == StmtKind::kReturn;
  const std::string reach =
      at_end ? "can reach the end of the kernel" : "can reach a notify";
  std::string message;
  switch (v.kind) {
    case Kind::kLocalWrite:
      message = absl::StrCat("write to window '", PrintExpr(WrittenWindow(*v.call)), "' ",
                             reach,
                             " without a cacheinvalid covering the written region "
                             "followed by a fence");
      break;
    case Kind::kRemoteWrite:
      message = absl::StrCat("remote write '", CalleeName(*v.call), "' ", reach,
                             v.names_peer_invalidates
                                 ? " without a peer-region cacheinvalid covering the "
                                   "written region (peer=) followed by a fence"
                                 : " without a fence after it");
      break;
    case Kind::kOpaqueWrite:
      message = absl::StrCat("opaque call '", CalleeName(*v.call), "' ", reach,
                             " without a whole-GM cacheinvalid followed by a fence");
      break;
    case Kind::kWait:
      message = "wait can reach a GM read without a whole-GM cacheinvalid in between";
      break;
    case Kind::kTest:
      message =
          "pld.system.test can reach a GM read after returning true without a "
          "whole-GM cacheinvalid in between";
      break;
    case Kind::kKernelStart:
      // The read is the statement to fix (an invalidate before it, or at
      // the start); the start is where the stale lines come from.
      sink.Error(v.endangered->loc,
                 "read of window data through the data cache can run before any wait or "
                 "whole-GM cacheinvalid of this kernel: it may see lines an earlier kernel "
                 "on this core left in the cache (comm-hazards.md H5)");
      sink.Note(function.loc, "the kernel starts here");
      return;
  }
  sink.Error(v.offender->loc, message);
  if (v.kind == Kind::kWait || v.kind == Kind::kTest) {
    sink.Note(v.endangered->loc, "the GM read that may see a stale cache line");
  } else if (v.endangered == nullptr) {
    sink.Note(EndOfBody(function), "the kernel ends after this statement");
  } else if (at_end) {
    sink.Note(v.endangered->loc, "the kernel returns here");
  } else {
    sink.Note(v.endangered->loc, "the notify that publishes it");
  }
}

absl::StatusOr<bool> CheckCommContract::Run(Program& program, PassContext& context) {
  // The status carries the diagnostics too, for callers without a sink.
  DiagnosticSink all;
  for (const auto& f : program.functions) {
    if (!f->is_kernel()) continue;
    for (const CommViolation& v : FindCommViolations(*f)) {
      ReportCommViolation(*f, v, all);
      if (context.diagnostics != nullptr) ReportCommViolation(*f, v, *context.diagnostics);
    }
    for (const SharedLine& s : FindSharedLines(*f)) {
      ReportSharedLine(*f, s, all);
      if (context.diagnostics != nullptr) ReportSharedLine(*f, s, *context.diagnostics);
    }
  }
  if (all.error_count() == 0) return false;
  return all.ToStatus();
}

static PassRegistration<CheckCommContract> registration(
    "check-comm-contract",
    "Reports every path on which a window write, remote write, opaque call, "
    "wait or test is not settled by the markers of the publish/consume "
    "contract.");

}  // namespace ptoc
