// The ordering model of one lane's pipes (pipe-sync.md §4.2): the rules
// that take the lane's machine ops and sync instructions one at a time,
// decide whether the hardware may run two conflicting ops out of order, and
// word what they find (order_finding.h). One engine for the planner's
// check of its plan (sync_plan_checker.h runs it over every execution of
// the recorded kernel, a set of states at a time) and the pipe check of
// ptoc-sim and ptoc-run-cpp (runtime/pipe_check.h runs it on the one
// execution the interpreter makes).
//
// A lane's state (OrderState) is the vector clocks, flags and id rules of
// pipe_clocks.h and an access history. The history is the traversal's, as
// each needs a different trade-off: the planner's check keeps every access
// in a comparable list, so that states merge (plan_check::AccessList); the
// simulators keep, per region, the last write and the latest read of every
// pipe (runtime/pipe_check.h, FastTrack-style epochs). A History has
//
//   void Clear();  // a full barrier: nothing before it races with anything after
//   // f(earlier, j) for each remembered access that conflicts with
//   // accesses[j] of an op on `q` and is not known complete before q's
//   // next instruction; stops when f returns false.
//   template <class F>
//   void Unordered(const PipeClocks& clocks, Pipe q,
//                  const std::vector<PlanAccess>& accesses, F&& f) const;
//   // The op `op`, instruction `index` of `q`.
//   void Record(Pipe q, int64_t index, const OrderOp& op);
//   // The latest op on `p`, for the wording (nullopt: not kept).
//   std::optional<EarlierAccess> LastOp(Pipe p) const;
#ifndef PTOC_CODEGEN_LANE_ORDER_H_
#define PTOC_CODEGEN_LANE_ORDER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "codegen/order_finding.h"
#include "codegen/pipe_clocks.h"
#include "codegen/plan_access.h"
#include "codegen/sync_plan.h"

namespace ptoc {
namespace codegen {

// A machine op as the rules see it (pointers into the caller's recorded
// item, which outlives the step).
struct OrderOp {
  const MachineStep* step = nullptr;
  const std::vector<PlanAccess>* accesses = nullptr;
  const Location* loc = nullptr;
  bool skip = false;       // no machine op on this backend (a2a3's TFREE)
  absl::string_view name;  // in findings: TLOAD, TADD, ...
  // The planner's check: per access, the last recorded node after which no
  // op can conflict with it (SyncPlanner::Reach), so that its history may
  // forget the access there. nullptr elsewhere.
  const std::vector<int>* reach = nullptr;
};

// An access a history remembers, as the rules and findings need it.
struct EarlierAccess {
  Pipe pipe = Pipe::kS;
  int64_t index = 0;  // its op's instruction index on `pipe`
  absl::string_view op;
  const Location* loc = nullptr;
  bool write = false;
};

template <class History>
struct OrderState {
  explicit OrderState(Backend backend) : clocks(backend) {}
  PipeClocks clocks;
  History history;

  bool operator<(const OrderState& o) const {
    if (clocks < o.clocks) return true;
    if (o.clocks < clocks) return false;
    return history < o.history;
  }
};

class OrderRules {
 public:
  struct Options {
    Backend backend = Backend::kA2A3;
    FunctionKind core = FunctionKind::kAIV;
    int ids = 8;          // event ids per pipe pair (64 with flags-unbounded)
    bool any_id = false;  // ids past the pool are legal (the planner, while it allocates them)
    std::string lane;     // the prefix of the messages ("" none)
    std::vector<std::string> params;  // the GM tensors' names, by parameter index
    // Flags keep where they were set and waited, for the findings. The
    // planner's check copies its states at every branch and words its
    // findings from the instruction alone.
    bool flag_locations = true;
    // An execution ends at its first finding: each step reports at most
    // one (the planner's check).
    bool first_only = false;
  };

  explicit OrderRules(Options options) : o_(std::move(options)) {}
  const Options& options() const { return o_; }

  // Each step adds what it finds to `out` and returns false when it found
  // anything. The state goes on either way (the simulators keep running).
  template <class H>
  bool Op(OrderState<H>& s, const OrderOp& op, std::vector<OrderFinding>* out) const;
  template <class H>
  bool Sync(OrderState<H>& s, const SyncInstr& i, std::vector<OrderFinding>* out) const;
  // pipe_barrier(PIPE_ALL): everything before is ordered before everything
  // after.
  template <class H>
  void FullBarrier(OrderState<H>& s) const {
    s.clocks.BarrierAll();
    s.history.Clear();
  }
  // The kernel returns at `loc`: nothing may still run, no flag be set.
  template <class H>
  bool Return(const OrderState<H>& s, const Location& loc, std::vector<OrderFinding>* out) const;

  // "Vec buffer 0", "GM tensor 'out'[0:1, 0:16]", "all of GM", ...
  std::string Region(const PlanAccess& a) const;

 private:
  // §3.4: TPUT and TGET set and wait ids 0 and 1 of MTE2 <-> MTE3
  // themselves; the first such key a pair of ours holds (false: none).
  static bool HiddenIdHeld(const PipeClocks& clocks, PipeClocks::Key* key);
  bool Legal(const SyncInstr& i) const;

  // The findings, worded.
  std::string Prefix() const;
  OrderFinding Race(const OrderOp& op, const PlanAccess& access, const EarlierAccess& a) const;
  OrderFinding HiddenIdClash(const OrderOp& op, const PipeClocks::Key& key) const;
  OrderFinding IllegalSync(const SyncInstr& i) const;
  OrderFinding DoubleSet(const SyncInstr& i, const Location& set_loc) const;
  OrderFinding ReuseRace(const SyncInstr& i, const Location& wait_loc) const;
  OrderFinding Deadlock(const SyncInstr& i) const;
  OrderFinding BusyAtReturn(Pipe p, const std::optional<EarlierAccess>& last,
                            const Location& loc) const;
  OrderFinding FlagLeftSet(const PipeClocks::Key& key, const Location& set_loc,
                           const Location& loc) const;

  Options o_;
};

template <class H>
bool OrderRules::Op(OrderState<H>& s, const OrderOp& op, std::vector<OrderFinding>* out) const {
  if (op.skip) return true;
  const MachineStep& step = *op.step;
  if (s.clocks.BeforeOp(step)) s.history.Clear();
  bool clean = true;
  if (PipeClocks::Key key; (step.op == MachineOp::kTPut || step.op == MachineOp::kTGet) &&
                           HiddenIdHeld(s.clocks, &key)) {
    out->push_back(HiddenIdClash(op, key));
    if (o_.first_only) return false;
    clean = false;
  }
  const Pipe q = step.pipe;
  const int64_t i = s.clocks.Issue(q, false);
  s.history.Unordered(s.clocks, q, *op.accesses, [&](const EarlierAccess& a, size_t j) {
    out->push_back(Race(op, (*op.accesses)[j], a));
    clean = false;
    return !o_.first_only;
  });
  if (!clean && o_.first_only) return false;
  s.clocks.Done(q, i);
  s.history.Record(q, i, op);
  if (step.barrier_all_after) FullBarrier(s);
  return clean;
}

template <class H>
bool OrderRules::Sync(OrderState<H>& s, const SyncInstr& i, std::vector<OrderFinding>* out) const {
  if (!Legal(i)) {
    out->push_back(IllegalSync(i));
    return false;
  }
  const PipeClocks::Key key = PipeClocks::KeyOf(i);
  const Location none;
  const Location& loc = o_.flag_locations ? i.loc : none;
  switch (i.kind) {
    case SyncInstr::Kind::kSet:
      switch (s.clocks.Set(key, loc)) {
        case PipeClocks::SetResult::kOk:
          return true;
        case PipeClocks::SetResult::kDoubleSet:
          out->push_back(DoubleSet(i, s.clocks.FlagOf(key)->set_loc));
          return false;
        case PipeClocks::SetResult::kReuseRace:
          out->push_back(ReuseRace(i, s.clocks.FlagOf(key)->wait_loc));
          return false;
      }
      return true;
    case SyncInstr::Kind::kWait:
      if (s.clocks.Wait(key, loc)) return true;
      out->push_back(Deadlock(i));
      return false;
    case SyncInstr::Kind::kBarrier:
      s.clocks.Barrier(i.src);
      return true;
    case SyncInstr::Kind::kBarrierAll:
      FullBarrier(s);
      return true;
  }
  return true;
}

template <class H>
bool OrderRules::Return(const OrderState<H>& s, const Location& loc,
                        std::vector<OrderFinding>* out) const {
  bool clean = true;
  for (int x = 0; x < kNumPipes; ++x) {
    const Pipe p = static_cast<Pipe>(x);
    if (!s.clocks.BusyAtReturn(p)) continue;
    out->push_back(BusyAtReturn(p, s.history.LastOp(p), loc));
    if (o_.first_only) return false;
    clean = false;
  }
  for (const auto& [key, flag] : s.clocks.flags()) {
    if (!flag.set) continue;
    out->push_back(FlagLeftSet(key, flag.set_loc, loc));
    if (o_.first_only) return false;
    clean = false;
  }
  return clean;
}

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_LANE_ORDER_H_
