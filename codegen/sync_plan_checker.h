// The planner's check of its plan (pipe-sync.md §4.2), for the files of
// the planner that run it (sync_plan_check.cc, sync_plan_sweep.cc); not a
// public interface.
//
// The check is a traversal of the recorded kernel with the ordering model
// of lane_order.h as its state: it follows every execution (each loop run
// 0 to 3 times, both sides of each if) through the model's rules, but as a
// set of states rather than one execution at a time: executions that
// reach a point in the same state (after forgetting what can no longer
// matter, Normalize) are followed once from there. Kernels whose
// executions never meet in a state would need too many; the budget below
// then ends the check uncovered.
#ifndef PTOC_CODEGEN_SYNC_PLAN_CHECKER_H_
#define PTOC_CODEGEN_SYNC_PLAN_CHECKER_H_

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "codegen/lane_order.h"
#include "codegen/pipe_clocks.h"
#include "codegen/sync_plan.h"

namespace ptoc {
namespace codegen {
namespace plan_check {

constexpr size_t kMaxStates = 1024;  // distinct states at one point
// Work of one check: per node, per state, 1 + the accesses it remembers.
constexpr int64_t kMaxWork = 500'000;
constexpr size_t kMaxNodes = 20000;       // recorded items the check takes on
constexpr int kMaxRepairs = 64;

inline bool SlotOrder(const SyncInstr& a, const SyncInstr& b) {
  return std::make_tuple(a.slot, PipeIndex(a.src), PipeIndex(a.dst), a.id) <
         std::make_tuple(b.slot, PipeIndex(b.src), PipeIndex(b.dst), b.id);
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

inline bool operator<(const Access& a, const Access& b) {
  if (a.pipe != b.pipe) return PipeIndex(a.pipe) < PipeIndex(b.pipe);
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

// The check's access history (a History of lane_order.h): every access
// since the last full barrier, in order, that Normalize has not forgotten.
struct AccessList {
  std::vector<Access> list;

  void Clear() { list.clear(); }
  template <class F>
  void Unordered(const PipeClocks& clocks, Pipe q, const std::vector<PlanAccess>& accesses,
                 F&& f) const {
    for (const Access& a : list) {
      if (clocks.Ordered(q, a.pipe, a.index)) continue;
      for (size_t j = 0; j < accesses.size(); ++j) {
        if (!Conflict(*a.access, accesses[j])) continue;
        if (!f(EarlierAccess{a.pipe, a.index, MachineOpName(a.op), a.loc, a.access->write}, j)) {
          return;
        }
        break;  // one race per remembered access
      }
    }
  }
  void Record(Pipe q, int64_t index, const OrderOp& op) {
    for (size_t j = 0; j < op.accesses->size(); ++j) {
      list.push_back(Access{q, index, &(*op.accesses)[j], op.step->op, op.loc, (*op.reach)[j]});
    }
  }
  std::optional<EarlierAccess> LastOp(Pipe) const { return std::nullopt; }
  size_t size() const { return list.size(); }
  bool operator<(const AccessList& o) const { return list < o.list; }
};

// The state of one execution so far.
using LaneState = OrderState<AccessList>;

// Forgets what every pipe knows complete, counts from there, and renames
// the indices that are left by rank (PipeClocks::Renumber).
// Accesses no op from node `next` on can conflict with are forgotten too.
inline void Normalize(LaneState& s, FunctionKind core, int next) {
  PipeClocks& clocks = s.clocks;
  std::vector<Access>& history = s.history.list;
  PipeClocks::Row shift{};
  for (int x = 0; x < kNumPipes; ++x) shift[x] = clocks.KnownByAll(core, static_cast<Pipe>(x));
  size_t kept = 0;
  for (const Access& a : history) {
    if (a.index <= shift[PipeIndex(a.pipe)] || a.reach < next) continue;
    history[kept] = a;
    history[kept++].index -= shift[PipeIndex(a.pipe)];
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
  for (const Access& a : history) points[PipeIndex(a.pipe)].push_back(a.index);
  clocks.Renumber(points);
  for (Access& a : history) a.index = PipeClocks::Rank(points[PipeIndex(a.pipe)], a.index);
}

// The traversal: every execution of the recorded kernel, the rules of
// lane_order.h on each.
class Checker {
 public:
  using Node = SyncPlanner::Node;
  using Finding = SyncPlanner::Finding;

  // `any_id`: ids above 7 are legal (while ids are allocated again).
  // `work`: what the check did before the point it starts from.
  // `limit`: the work past which the check gives up (not ok()).
  Checker(const SyncPlanner& plan, const std::set<int>& drop, bool first, bool any_id,
          int64_t work = 0, int64_t limit = kMaxWork)
      : plan_(plan),
        drop_(drop),
        first_(first),
        rules_(OrderRules::Options{plan.backend_, plan.kind_, plan.max_ids(), any_id,
                                   /*lane=*/"", /*params=*/{}, /*flag_locations=*/false,
                                   /*first_only=*/true}),
        work_(work),
        limit_(limit) {}

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
    if (work_ > limit_) {
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
        // The executions that go on, kept in place (no copy per node).
        size_t kept = 0;
        for (LaneState& s : states) {
          if (!Step(node, s)) continue;
          if (&states[kept] != &s) states[kept] = std::move(s);
          ++kept;
        }
        states.erase(states.begin() + kept, states.end());
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
      found_.clear();
      if (rules_.Return(s, end, &found_)) continue;
      // A pipe busy at the return is repaired in the body's end gap.
      const bool busy = found_.front().kind == OrderFinding::Kind::kBusyAtReturn;
      Report(std::move(found_.front()), busy ? plan_.blocks_[0].gaps.back() : -1);
    }
  }

 private:
  void Report(OrderFinding f, int gap) {
    if (seen_.insert(FindingText(f)).second) findings_.push_back(Finding{std::move(f), gap});
  }

  // Keeps each distinct state once, in a fixed order.
  // `next`: no node before it runs again from here.
  void Unique(std::vector<LaneState>& states, int next) {
    for (LaneState& s : states) Normalize(s, plan_.kind_, next);
    std::sort(states.begin(), states.end());
    states.erase(std::unique(states.begin(), states.end(),
                             [](const LaneState& a, const LaneState& b) { return !(a < b); }),
                 states.end());
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
        rules_.FullBarrier(s);
        return true;
      case Node::Kind::kOp: {
        const OrderOp op{&node.step, &node.accesses, &node.loc, node.skip,
                         MachineOpName(node.step.op), &plan_.Reach()[node_]};
        return Found(rules_.Op(s, op, &found_), node.gap);
      }
      case Node::Kind::kGap:  // its instructions in slot order: sorted_
        for (const SyncInstr* i : sorted_) {
          if (drop_.count(i->unit) == 0 && !Found(rules_.Sync(s, *i, &found_), node.gap)) {
            return false;
          }
        }
        return true;
      default:
        return true;
    }
  }

  // After a step of the rules (`clean`: it found nothing): reports its
  // finding, with the gap a repair goes in.
  bool Found(bool clean, int gap) {
    if (clean) return true;
    Report(std::move(found_.front()), gap);
    found_.clear();
    return false;
  }

  const SyncPlanner& plan_;
  const std::set<int>& drop_;
  bool first_;
  OrderRules rules_;
  bool ok_ = true;
  int64_t work_ = 0;
  int64_t limit_ = kMaxWork;
  std::set<std::string> seen_;
  std::vector<Finding> findings_;
  std::vector<const SyncInstr*> sorted_;  // the instructions of the gap being run
  std::vector<OrderFinding> found_;       // by the step being run
  int node_ = 0;                          // the node being run
};

}  // namespace plan_check
}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_SYNC_PLAN_CHECKER_H_
