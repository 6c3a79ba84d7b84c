// The planner's own check of its plan (pipe-sync.md §4.2) and what is
// built on it: the repair of what it finds and the redundancy sweep
// (§3.3).
//
// The check follows every execution of the recorded kernel (each loop run
// 0 to 3 times, both sides of each if) through the vector clocks of
// pipe_clocks.h and an access history, but as a set of states rather than
// one execution at a time: executions that reach a point in the same state
// (after shifting away what every pipe already knows complete) are
// followed once from there. Kernels whose executions never meet in a state
// would need too many; the budget below then ends the check uncovered.
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "codegen/pipe_clocks.h"
#include "codegen/sync_plan.h"

namespace ptoc {
namespace codegen {
namespace {

constexpr size_t kMaxStates = 1024;  // distinct states at one point
// Work of one check: per node, per state, 1 + the accesses it remembers.
constexpr int64_t kMaxWork = 500'000;
// Work of the sweep and the id allocation together (of the parts of the
// check their trials run, Trials below); past it the units left are kept
// and the ids stay as first allocated.
constexpr int64_t kMaxSweepWork = 4'000'000;
constexpr size_t kMaxNodes = 20000;       // recorded items the check takes on
constexpr int kMaxRepairs = 64;

int P(Pipe p) { return static_cast<int>(p); }

std::string At(const Location& l) {
  return l.known() ? absl::StrCat(l.file, ":", l.line, ":", l.col) : std::string("?");
}

std::string KeyText(const SyncInstr& s) { return PipeClocks::KeyText(PipeClocks::KeyOf(s)); }

bool SlotOrder(const SyncInstr& a, const SyncInstr& b) {
  return std::make_tuple(a.slot, P(a.src), P(a.dst), a.id) <
         std::make_tuple(b.slot, P(b.src), P(b.dst), b.id);
}

// One access of the history: the op on `pipe` with index `index` there;
// what it touches and where it is are the recorded node's (the planner's
// nodes stay put while a check runs).
struct Access {
  Pipe pipe;
  int64_t index;
  const PlanAccess* access;
  MachineOp op;
  const Location* loc;
  int reach;  // SyncPlanner::Reach(): no op after this node can conflict with it
};

bool operator<(const Access& a, const Access& b) {
  if (a.pipe != b.pipe) return P(a.pipe) < P(b.pipe);
  if (a.index != b.index) return a.index < b.index;
  const PlanAccess& x = *a.access;
  const PlanAccess& y = *b.access;
  if (x.space != y.space) return static_cast<int>(x.space) < static_cast<int>(y.space);
  if (x.id != y.id) return x.id < y.id;
  if (x.write != y.write) return x.write < y.write;
  if (x.box != y.box) return x.box < y.box;
  if (a.op != b.op) return static_cast<int>(a.op) < static_cast<int>(b.op);
  return std::tie(a.loc->line, a.loc->col) < std::tie(b.loc->line, b.loc->col);
}

// The state of one execution so far.
struct LaneState {
  explicit LaneState(Backend backend) : clocks(backend) {}
  PipeClocks clocks;
  std::vector<Access> history;

  bool operator<(const LaneState& o) const {
    if (clocks < o.clocks) return true;
    if (o.clocks < clocks) return false;
    return history < o.history;
  }
  // Forgets what every pipe knows complete, counts from there, and renames
  // the indices that are left by rank (PipeClocks::Renumber).
  // Accesses no op from node `next` on can conflict with are forgotten too.
  void Normalize(FunctionKind core, int next) {
    PipeClocks::Row shift{};
    for (int x = 0; x < kNumPipes; ++x) shift[x] = clocks.KnownByAll(core, static_cast<Pipe>(x));
    size_t kept = 0;
    for (const Access& a : history) {
      if (a.index <= shift[P(a.pipe)] || a.reach < next) continue;
      history[kept] = a;
      history[kept++].index -= shift[P(a.pipe)];
    }
    history.resize(kept);
    // An access remembered twice (the same access of the same op, from two
    // iterations of a loop) races whenever the earlier one does: only the
    // later one is kept.
    thread_local std::vector<std::pair<const PlanAccess*, size_t>> last;
    last.clear();
    for (size_t i = 0; i < history.size(); ++i) last.emplace_back(history[i].access, i);
    std::sort(last.begin(), last.end());
    bool twice = false;
    for (size_t i = 0; i + 1 < last.size(); ++i) {
      if (last[i].first != last[i + 1].first) continue;
      history[last[i].second].access = nullptr;
      twice = true;
    }
    if (twice) {
      history.erase(std::remove_if(history.begin(), history.end(),
                                   [](const Access& a) { return a.access == nullptr; }),
                    history.end());
    }
    clocks.Shift(core, shift);
    thread_local PipeClocks::Points points;
    for (std::vector<int64_t>& p : points) p.clear();
    for (const Access& a : history) points[P(a.pipe)].push_back(a.index);
    clocks.Renumber(points);
    for (Access& a : history) a.index = PipeClocks::Rank(points[P(a.pipe)], a.index);
  }
};

}  // namespace

class SyncPlanner::Checker {
 public:
  // `any_id`: ids above 7 are legal (while ids are allocated again).
  // `work`: what the check did before the point it starts from.
  Checker(const SyncPlanner& plan, const std::set<int>& drop, bool first, bool any_id,
          int64_t work = 0)
      : plan_(plan), drop_(drop), first_(first), any_id_(any_id), work_(work) {}

  int64_t work() const { return work_; }
  bool ok() const { return ok_; }
  const std::vector<Finding>& findings() const { return findings_; }

  // False when the budget ran out.
  bool Run(std::vector<Finding>* findings) {
    std::vector<LaneState> states{LaneState(plan_.backend_)};
    Block(plan_.root_, states);
    if (!ok_) return false;
    End(states);
    *findings = std::move(findings_);
    return true;
  }

  // Node `n` on every state (false: the check is over, or no execution
  // goes on).
  bool Item(int n, std::vector<LaneState>& states) {
    if (Done() || states.empty()) return false;
    const Node& node = plan_.nodes_[n];
    node_ = n;
    for (const LaneState& s : states) work_ += 1 + static_cast<int64_t>(s.history.size());
    if (work_ > kMaxWork) {
      ok_ = false;
      return false;
    }
    switch (node.kind) {
      case Node::Kind::kGap:
      case Node::Kind::kOp:
      case Node::Kind::kFullBarrier: {
        if (node.kind == Node::Kind::kGap) {
          sorted_.clear();
          for (const SyncInstr& i : plan_.gaps_[node.gap]) sorted_.push_back(&i);
          std::stable_sort(sorted_.begin(), sorted_.end(),
                           [](const SyncInstr* a, const SyncInstr* b) { return SlotOrder(*a, *b); });
        }
        std::vector<LaneState> next;
        for (LaneState& s : states) {
          if (Step(node, s)) next.push_back(std::move(s));
        }
        states = std::move(next);
        break;
      }
      case Node::Kind::kIf: {
        std::vector<LaneState> other = states;
        Block(node.blocks[0], states);
        if (node.blocks.size() > 1) Block(node.blocks[1], other);
        for (LaneState& s : other) states.push_back(std::move(s));
        Unique(states, n);
        break;
      }
      case Node::Kind::kLoop:
        Loop(n, states);
        break;
    }
    return true;
  }

  bool Done() const { return !ok_ || (first_ && !findings_.empty()); }

  // The return, after the body: nothing may still run, no flag be set.
  void End(std::vector<LaneState>& states) {
    if (!ok_) return;
    const Location end = plan_.gap_locs_.empty() ? Location() : plan_.gap_locs_.back();
    for (LaneState& s : states) {
      if (Done()) break;
      if (int x = s.clocks.BusyAtReturn(); x >= 0) {
        Report({absl::StrCat("pipe busy at return: ", PipeName(static_cast<Pipe>(x)),
                             " may still run at ", At(end)),
                Finding::Kind::kOther, -1, end});
        continue;
      }
      for (const auto& [key, f] : s.clocks.flags()) {
        if (!f.set) continue;
        Report({absl::StrCat("flag left set at return: ", PipeClocks::KeyText(key)),
                Finding::Kind::kOther, -1, end});
        break;
      }
    }
  }

 private:

  void Report(Finding f) {
    if (seen_.insert(f.text).second) findings_.push_back(std::move(f));
  }

  // Keeps each distinct state once, in a fixed order.
  // `next`: no node before it runs again from here.
  void Unique(std::vector<LaneState>& states, int next) {
    for (LaneState& s : states) s.Normalize(plan_.kind_, next);
    std::sort(states.begin(), states.end());
    std::vector<LaneState> out;
    for (LaneState& s : states) {
      if (out.empty() || out.back() < s) out.push_back(std::move(s));
    }
    states = std::move(out);
    if (states.size() > kMaxStates) ok_ = false;
  }

  void Block(const std::vector<int>& nodes, std::vector<LaneState>& states) {
    for (int n : nodes) {
      if (!Item(n, states)) return;
    }
  }

  // A for: [body]; a while: [condition, body], the condition once more at
  // the exit. Each loop runs 0 to 3 times; it stops early when an
  // iteration reaches only states seen at the loop's head before.
  void Loop(int n, std::vector<LaneState>& states) {
    const Node& node = plan_.nodes_[n];
    const bool is_while = node.blocks.size() == 2;
    std::vector<LaneState> out, cur = states;
    std::set<LaneState> heads;
    for (int k = 0; k <= 3 && !Done(); ++k) {
      Unique(cur, n);
      bool fresh = false;
      for (const LaneState& s : cur) fresh |= heads.insert(s).second;
      if (!fresh) break;
      std::vector<LaneState> exit = cur;
      if (is_while) Block(node.blocks[0], exit);
      for (LaneState& s : exit) out.push_back(std::move(s));
      if (k == 3) break;
      for (const std::vector<int>& b : node.blocks) Block(b, cur);
    }
    Unique(out, n);
    states = std::move(out);
  }

  // False when the execution ends here with a finding.
  bool Step(const Node& node, LaneState& s) {
    switch (node.kind) {
      case Node::Kind::kFullBarrier:
        BarrierAll(s);
        return true;
      case Node::Kind::kOp:
        return node.skip || Op(node, s);
      case Node::Kind::kGap:  // its instructions in slot order: sorted_
        for (const SyncInstr* i : sorted_) {
          if (drop_.count(i->unit) == 0 && !Sync(*i, node.gap, s)) return false;
        }
        return true;
      default:
        return true;
    }
  }

  static void BarrierAll(LaneState& s) {
    s.clocks.BarrierAll();
    s.history.clear();
  }

  bool Op(const Node& b, LaneState& s) {
    const MachineStep& step = b.step;
    if (s.clocks.BeforeOp(step)) s.history.clear();
    if (step.op == MachineOp::kTPut || step.op == MachineOp::kTGet) {
      // §3.4: TPUT and TGET set and wait ids 0 and 1 of MTE2 <-> MTE3
      // themselves; a pair of ours on those keys must not be outstanding.
      for (const auto& [src, dst] : {std::make_pair(Pipe::kMte2, Pipe::kMte3),
                                     std::make_pair(Pipe::kMte3, Pipe::kMte2)}) {
        for (int id = 0; id < 2; ++id) {
          const PipeClocks::Flag* f = s.clocks.FlagOf({P(src), P(dst), id});
          if (f == nullptr || !f->set) continue;
          Report({absl::StrCat("hidden id clash: ", MachineOpName(step.op), " at ", At(b.loc),
                               " uses (", PipeName(src), ", ", PipeName(dst), ", EVENT_ID", id,
                               ") itself while a pair holds it"),
                  Finding::Kind::kOther, b.gap, b.loc});
          return false;
        }
      }
    }
    const Pipe q = step.pipe;
    const int64_t i = s.clocks.Issue(q, false);
    for (const Access& a : s.history) {
      bool conflict = false;
      for (const PlanAccess& x : b.accesses) {
        conflict |= (a.access->write || x.write) && Overlap(*a.access, x);
      }
      if (!conflict || s.clocks.Ordered(q, a.pipe, a.index)) continue;
      Report({absl::StrCat(
                  "pipe race: ", MachineOpName(step.op), " on ", PipeName(q), " at ",
                  At(b.loc), " may overlap ", MachineOpName(a.op), " on ", PipeName(a.pipe),
                  " at ", At(*a.loc), "; missing: ",
                  a.pipe == q ? absl::StrCat("pipe_barrier(", PipeName(q), ")")
                              : absl::StrCat("set_flag(", PipeName(a.pipe), ", ", PipeName(q),
                                             ") / wait_flag")),
              Finding::Kind::kRace, b.gap, b.loc});
      return false;
    }
    s.clocks.Done(q, i);
    const std::vector<int>& reach = plan_.Reach()[node_];
    for (size_t j = 0; j < b.accesses.size(); ++j) {
      s.history.push_back(Access{q, i, &b.accesses[j], step.op, &b.loc, reach[j]});
    }
    if (step.barrier_all_after) BarrierAll(s);
    return true;
  }

  bool Sync(const SyncInstr& i, int gap, LaneState& s) {
    SyncInstr legal = i;
    if (any_id_) legal.id = 0;
    if (!LegalSync(plan_.backend_, plan_.kind_, legal, plan_.max_ids())) {
      Report({absl::StrCat("illegal sync: ",
                           i.kind == SyncInstr::Kind::kBarrier
                               ? absl::StrCat("pipe_barrier(", PipeName(i.src), ")")
                               : KeyText(i),
                           " at ", At(i.loc)),
              Finding::Kind::kOther, gap, i.loc});
      return false;
    }
    const PipeClocks::Key key = PipeClocks::KeyOf(i);
    switch (i.kind) {
      case SyncInstr::Kind::kSet:
        // The check words its findings from the instructions: its flags keep
        // no locations (copied with every state, they would cost more than
        // the rest of it).
        switch (s.clocks.Set(key, Location())) {
          case PipeClocks::SetResult::kOk:
            return true;
          case PipeClocks::SetResult::kDoubleSet:
            Report({absl::StrCat("double set of ", KeyText(i), " at ", At(i.loc)),
                    Finding::Kind::kOther, gap, i.loc});
            return false;
          case PipeClocks::SetResult::kReuseRace:
            Report({absl::StrCat("flag reuse race: ", KeyText(i), " set at ", At(i.loc),
                                 " before its previous wait is known complete"),
                    Finding::Kind::kReuse, gap, i.loc});
            return false;
        }
        return true;
      case SyncInstr::Kind::kWait:
        if (!s.clocks.Wait(key, Location())) {
          Report({absl::StrCat("deadlock: ", KeyText(i), " waited at ", At(i.loc),
                               " is never set"),
                  Finding::Kind::kOther, gap, i.loc});
          return false;
        }
        return true;
      case SyncInstr::Kind::kBarrier:
        s.clocks.Barrier(i.src);
        return true;
      case SyncInstr::Kind::kBarrierAll:
        BarrierAll(s);
        return true;
    }
    return true;
  }

  const SyncPlanner& plan_;
  const std::set<int>& drop_;
  bool first_;
  bool any_id_;
  bool ok_ = true;
  int64_t work_ = 0;
  std::set<std::string> seen_;
  std::vector<Finding> findings_;
  std::vector<const SyncInstr*> sorted_;  // the instructions of the gap being run
  int node_ = 0;                          // the node being run
};

const std::vector<std::vector<int>>& SyncPlanner::Reach() const {
  if (!reach_.empty() || nodes_.empty()) return reach_;
  // The last node each op may run before again: the end of its outermost
  // loop (a later iteration), else itself. Nodes are recorded in program
  // order, a compound before its blocks.
  std::vector<int> again(nodes_.size());
  for (size_t n = 0; n < nodes_.size(); ++n) again[n] = static_cast<int>(n);
  // The last node of the subtree of `n`.
  std::function<int(int)> last = [&](int n) {
    int end = n;
    for (const std::vector<int>& b : nodes_[n].blocks) {
      if (!b.empty()) end = std::max(end, last(b.back()));
    }
    return end;
  };
  std::function<void(int, int)> mark = [&](int n, int loop_end) {
    if (loop_end < 0 && nodes_[n].kind == Node::Kind::kLoop) loop_end = last(n);
    if (loop_end >= 0) again[n] = loop_end;
    for (const std::vector<int>& b : nodes_[n].blocks) {
      for (int c : b) mark(c, loop_end);
    }
  };
  for (int n : root_) mark(n, -1);
  // Per memory space and buffer (id -1: any of the space), the latest node
  // that may touch it, and that may write it.
  using Key = std::pair<int, int64_t>;
  std::map<Key, int> any, writes;
  std::map<int, int> space_any, space_writes;
  for (size_t n = 0; n < nodes_.size(); ++n) {
    if (nodes_[n].kind != Node::Kind::kOp) continue;
    for (const PlanAccess& a : nodes_[n].accesses) {
      const int space = static_cast<int>(a.space);
      const int at = again[n];
      for (int* m : {&any[{space, a.id}], &space_any[space]}) *m = std::max(*m, at);
      if (a.write) {
        for (int* m : {&writes[{space, a.id}], &space_writes[space]}) *m = std::max(*m, at);
      }
    }
  }
  auto latest = [](const auto& map, const auto& key) {
    auto it = map.find(key);
    return it == map.end() ? -1 : it->second;
  };
  reach_.resize(nodes_.size());
  for (size_t n = 0; n < nodes_.size(); ++n) {
    for (const PlanAccess& a : nodes_[n].accesses) {
      const int space = static_cast<int>(a.space);
      // A write conflicts with any access, a read with writes.
      const auto& by_buffer = a.write ? any : writes;
      const auto& by_space = a.write ? space_any : space_writes;
      reach_[n].push_back(a.id < 0 ? latest(by_space, space)
                                   : std::max(latest(by_buffer, Key{space, a.id}),
                                              latest(by_buffer, Key{space, -1})));
    }
  }
  return reach_;
}

int64_t SyncPlanner::Count(const std::vector<int>& block) const {
  constexpr int64_t kCap = int64_t{1} << 30;
  int64_t total = 1;
  for (int n : block) {
    const Node& node = nodes_[n];
    int64_t options = 1;
    if (node.kind == Node::Kind::kIf) {
      options = 0;
      for (size_t b = 0; b < 2; ++b) options += b < node.blocks.size() ? Count(node.blocks[b]) : 1;
    } else if (node.kind == Node::Kind::kLoop) {
      int64_t iteration = 1;
      for (const std::vector<int>& b : node.blocks) iteration = std::min(kCap, iteration * Count(b));
      options = 0;
      int64_t power = 1;
      for (int k = 0; k <= 3; ++k) {
        options = std::min(kCap, options + power);
        power = std::min(kCap, power * iteration);
      }
    }
    total = std::min(kCap, total * options);
  }
  return total;
}

bool SyncPlanner::Explore(const std::set<int>& drop, bool first,
                          std::vector<Finding>* findings) const {
  findings->clear();
  if (nodes_.size() > kMaxNodes) return false;
  Checker checker(*this, drop, first, /*any_id=*/false);
  return checker.Run(findings);
}

// The trials of the sweep and of the id allocation, each the whole check
// of the plan with one unit changed (left out, or another id), at the cost
// of the part the change can affect (pipe-sync.md §3.3: the sweep is
// local). The check walks the items of the kernel body in order, so the
// states before the item that holds a unit's first instruction are those of
// the plan as it stands (the baseline): they are kept at every item of the
// body (a checkpoint, with the work the check had done by then), and a
// trial starts from the one of its unit's first item. When, at an item
// after its unit's last one, a trial's states are the baseline's there up
// to a shift (the states the check merges, with as many accesses
// remembered), the rest of its run is the baseline's: it ends clean, with
// the baseline's remaining work, so it stops. Each trial gives what
// Explore(..., first = true) gives, and the same work; it only counts the
// work it does.
class SyncPlanner::Trials {
 public:
  Trials(const SyncPlanner& plan, bool any_id)
      : plan_(plan), any_id_(any_id), points_(plan.root_.size() + 1) {
    points_[0].valid = true;
    points_[0].states.emplace_back(plan.backend_);
    // The item of the body that holds each recorded gap.
    std::vector<size_t> item_of(plan.gaps_.size(), points_.size());
    std::function<void(int, size_t)> mark = [&](int n, size_t item) {
      const Node& node = plan.nodes_[n];
      if (node.kind == Node::Kind::kGap) item_of[node.gap] = item;
      for (const std::vector<int>& b : node.blocks) {
        for (int c : b) mark(c, item);
      }
    };
    for (size_t k = 0; k < plan.root_.size(); ++k) mark(plan.root_[k], k);
    for (size_t g = 0; g < plan.gaps_.size(); ++g) {
      if (item_of[g] == points_.size()) continue;  // never run by the check
      for (const SyncInstr& i : plan.gaps_[g]) {
        auto [at, fresh] = spans_.emplace(i.unit, std::make_pair(item_of[g], item_of[g]));
        if (!fresh) {
          at->second.first = std::min(at->second.first, item_of[g]);
          at->second.second = std::max(at->second.second, item_of[g]);
        }
      }
    }
  }

  // The check of the plan with the units in `drop` left out, which differs
  // from the baseline in unit `unit` only (-1: in nothing; the first trial
  // then is the baseline itself). True when it is clean; then it is the
  // baseline from now on. `work` adds what the check did.
  bool Try(int unit, const std::set<int>& drop, int64_t* work) {
    const size_t end = plan_.root_.size();
    size_t first = 0, last = end;
    if (unit >= 0) {
      auto at = spans_.find(unit);
      first = last = end;  // no instruction the check runs: only the return
      if (at != spans_.end()) std::tie(first, last) = at->second;
    }
    size_t k = first;
    while (!points_[k].valid) --k;
    const int64_t start_work = points_[k].work;
    Checker checker(plan_, drop, /*first=*/true, any_id_, start_work);
    std::vector<LaneState> states = points_[k].states;
    std::vector<Point> seen;  // the trial's own points after `first`
    bool joined = false;
    for (;; ++k) {
      if (k > first || !points_[k].valid) {
        Point p{true, states, checker.work()};
        if (k > first) {
          seen.push_back(std::move(p));
        } else {
          points_[k] = std::move(p);  // before the change: the baseline's
        }
      }
      if (clean_ && k > last && Same(states, points_[k], k)) {
        joined = true;
        break;
      }
      if (k == end) break;
      checker.Item(plan_.root_[k], states);  // no execution left: nothing
      if (checker.Done()) break;
    }
    *work += checker.work() - start_work;
    if (joined) {
      const int64_t total = checker.work() + points_[end].work - points_[k].work;
      if (total > kMaxWork) return false;
    } else {
      if (checker.Done()) return false;
      checker.End(states);
      if (!checker.ok() || !checker.findings().empty()) return false;
    }
    // Clean: the baseline from now on. Its points after `first` are the
    // trial's, up to where it joined, and from there the old ones with
    // the work shifted by the difference.
    const size_t from = first + 1;
    for (size_t j = 0; j < seen.size(); ++j) {
      if (joined && from + j == k) break;
      points_[from + j] = std::move(seen[j]);
    }
    if (joined) {
      const int64_t shift = checker.work() - points_[k].work;
      for (size_t j = k; j <= end; ++j) points_[j].work += shift;
    }
    clean_ = true;
    return true;
  }

 private:
  struct Point {
    bool valid = false;
    std::vector<LaneState> states;  // before item k of the body (k = end: after it)
    int64_t work = 0;               // the check's work up to there
    std::vector<LaneState> shifted;  // `states` normalized (empty: not yet)
  };

  // Whether the executions go on alike from `states` and from point `p`'s:
  // state by state, equal once shifted (the check merges such states),
  // with as many accesses remembered (so that each node costs the same
  // work).
  bool Same(const std::vector<LaneState>& states, Point& p, size_t k) const {
    const int next =
        k < plan_.root_.size() ? plan_.root_[k] : static_cast<int>(plan_.nodes_.size());
    if (states.size() != p.states.size()) return false;
    for (size_t i = 0; i < states.size(); ++i) {
      if (states[i].history.size() != p.states[i].history.size()) return false;
    }
    if (p.shifted.empty()) {
      p.shifted = p.states;
      for (LaneState& s : p.shifted) s.Normalize(plan_.kind_, next);
    }
    for (size_t i = 0; i < states.size(); ++i) {
      LaneState x = states[i];
      x.Normalize(plan_.kind_, next);
      if (x < p.shifted[i] || p.shifted[i] < x) return false;
    }
    return true;
  }

  const SyncPlanner& plan_;
  bool any_id_;
  // Points of the baseline: valid ones hold its states. Once one trial
  // was clean, every point is valid and the baseline is clean (`clean_`).
  std::vector<Point> points_;
  bool clean_ = false;
  std::map<int, std::pair<size_t, size_t>> spans_;  // unit -> its first and last item
};

std::vector<std::string> SyncPlanner::Check(const std::set<int>& drop, bool* covered) const {
  PlannerTime time;
  std::vector<Finding> findings;
  const bool ok = Explore(drop, false, &findings);
  if (covered != nullptr) *covered = ok;
  std::vector<std::string> out;
  for (const Finding& f : findings) out.push_back(f.text);
  return out;
}

void SyncPlanner::DrainEveryLoop() {
  for (const Loop& l : loops_) {
    if (l.body < 0) continue;
    const int end = blocks_[l.body].gaps.back();
    AddBarrierAll(end, 4, l.loc, "loop end");
  }
  // The reverse pairs of the reuse rule are not needed any more.
  std::set<int> reuse;
  for (const SyncUnit& u : units_) {
    if (u.why == "reuse") reuse.insert(u.number);
  }
  RemoveUnits(reuse);
}

void SyncPlanner::SetId(int unit, int id) {
  for (std::vector<SyncInstr>& gap : gaps_) {
    for (SyncInstr& i : gap) {
      if (i.unit == unit && i.kind != SyncInstr::Kind::kBarrier &&
          i.kind != SyncInstr::Kind::kBarrierAll) {
        i.id = id;
      }
    }
  }
  units_[unit - first_unit_].id = id;
}

void SyncPlanner::Reallocate(int64_t budget) {
  // The pairs in the order their lifetimes start (gaps are numbered in
  // program order; within a gap, slot order).
  std::vector<int> order;
  std::set<int> seen;
  for (const std::vector<SyncInstr>& gap : gaps_) {
    std::vector<SyncInstr> instrs = gap;
    std::stable_sort(instrs.begin(), instrs.end(), SlotOrder);
    for (const SyncInstr& i : instrs) {
      if ((i.kind == SyncInstr::Kind::kSet || i.kind == SyncInstr::Kind::kWait) &&
          seen.insert(i.unit).second) {
        order.push_back(i.unit);
      }
    }
  }
  if (order.empty()) return;
  std::map<int, int> before;
  for (int unit : order) before[unit] = units_[unit - first_unit_].id;
  // Out of the way first: every pair its own id past the pool.
  for (size_t k = 0; k < order.size(); ++k) SetId(order[k], max_ids() + static_cast<int>(k));
  Trials trials(*this, /*any_id=*/true);
  const std::set<int> none;
  int64_t work = 0;
  for (int unit : order) {
    const SyncUnit& u = units_[unit - first_unit_];
    const int pool = EventIds(u.src, u.dst, max_ids());
    const int old = u.id;
    bool found = false;
    for (int id = 0; id < pool && !found && work <= budget; ++id) {
      SetId(unit, id);
      found = trials.Try(unit, none, &work);
    }
    if (!found) {
      SetId(unit, old);
      for (const auto& [v, id] : before) SetId(v, id);
      return;
    }
  }
}

void SyncPlanner::RemoveUnits(const std::set<int>& removed) {
  if (removed.empty()) return;
  std::map<int, int> renumber;
  std::vector<SyncUnit> kept;
  for (SyncUnit& u : units_) {
    if (removed.count(u.number) > 0) continue;
    renumber[u.number] = first_unit_ + static_cast<int>(kept.size());
    u.number = renumber[u.number];
    kept.push_back(u);
  }
  units_ = std::move(kept);
  for (std::vector<SyncInstr>& gap : gaps_) {
    std::vector<SyncInstr> left;
    for (SyncInstr& i : gap) {
      if (removed.count(i.unit) > 0) continue;
      i.unit = renumber[i.unit];
      left.push_back(i);
    }
    gap = std::move(left);
  }
}

void SyncPlanner::Sweep() {
  PlannerTime time;
  // Barrier-all mode places today's barriers: nothing to check or sweep.
  if (barrier_all()) return;
  std::vector<Finding> findings;
  bool drained = false;
  for (int repairs = 0;; ++repairs) {
    const bool covered = Explore({}, true, &findings);
    const bool other = covered && !findings.empty() &&
                       findings.front().kind == Finding::Kind::kOther;
    if (!covered || repairs == kMaxRepairs || other) {
      // Every iteration starting drained is what the plan falls back on.
      // Drained loops collapse the check's states, so the check runs
      // again: what the forward plan got wrong outside the loops (an id
      // reused too early) is still found and repaired.
      if (drained) return;
      DrainEveryLoop();
      drained = true;
      repairs = 0;
      continue;
    }
    if (findings.empty()) break;
    const Finding& f = findings.front();
    if (f.kind == Finding::Kind::kRace) {
      AddBarrierAll(f.gap, 4, f.loc, "repair");
    } else {
      AddBarrierAll(f.gap, 1, f.loc, "repair");  // kReuse
    }
  }
  // A plan that fell back is not swept: its check was too costly already.
  if (drained) return;
  std::set<int> removed;
  Trials trials(*this, /*any_id=*/false);
  // The baseline: the plan as repaired, clean (its work is not counted,
  // like that of the check above).
  int64_t work = 0;
  trials.Try(-1, removed, &work);
  work = 0;
  for (int u = static_cast<int>(units_.size()) - 1; u >= 0 && work <= kMaxSweepWork; --u) {
    const int number = first_unit_ + u;
    removed.insert(number);
    if (!trials.Try(number, removed, &work)) removed.erase(number);
  }
  RemoveUnits(removed);
  if (work <= kMaxSweepWork) Reallocate(kMaxSweepWork - work);
}

}  // namespace codegen
}  // namespace ptoc
