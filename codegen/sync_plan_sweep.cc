// The repair of what the planner's check finds, the redundancy sweep
// (pipe-sync.md §3.3) and the allocation of event ids again (§3.4), all
// built on the check of sync_plan_checker.h.
#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codegen/sync_plan.h"
#include "codegen/sync_plan_checker.h"

namespace ptoc {
namespace codegen {

using plan_check::Checker;
using plan_check::LaneState;
using plan_check::kMaxNodes;
using plan_check::kMaxRepairs;
using plan_check::kMaxWork;
using plan_check::SlotOrder;

namespace {

// Whether a pipe_barrier(PIPE_ALL) repairs `f`: a pipe race, a flag reuse
// race, a pipe busy at the return.
bool Repairable(const OrderFinding& f) {
  return f.kind == OrderFinding::Kind::kPipeRace || f.kind == OrderFinding::Kind::kFlagReuseRace ||
         f.kind == OrderFinding::Kind::kBusyAtReturn;
}

}  // namespace

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
// the baseline's remaining work, so it stops. Each trial gives what the
// whole check, stopped at its first finding, gives, and the same work; it
// only counts the work it does.
class SyncPlanner::Trials {
 public:
  // `limit`: the work of one whole check past which it gives up.
  Trials(const SyncPlanner& plan, bool any_id, int64_t limit)
      : plan_(plan), any_id_(any_id), limit_(limit), points_(plan.root_.size() + 1) {
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
    return Run(unit, drop, work, nullptr, nullptr);
  }

  // The first trial: the check of the plan as it stands, stopped at its
  // first finding (its findings, and whether the budget let it cover every
  // execution). True when it is clean; then it
  // is the baseline of the trials.
  bool Baseline(std::vector<Finding>* findings, bool* covered, int64_t* work) {
    findings->clear();
    *covered = plan_.nodes_.size() <= kMaxNodes;
    if (!*covered) return false;
    return Run(-1, {}, work, findings, covered);
  }

 private:
  struct Point;

  bool Run(int unit, const std::set<int>& drop, int64_t* work, std::vector<Finding>* findings,
           bool* covered) {
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
    Checker checker(plan_, drop, /*first=*/true, any_id_, start_work, limit_);
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
      if (total > limit_) return false;
    } else {
      if (!checker.Done()) checker.End(states);
      if (findings != nullptr) {
        *findings = checker.findings();
        *covered = checker.ok();
      }
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
      for (LaneState& s : p.shifted) plan_check::Normalize(s, plan_.kind_, next);
    }
    for (size_t i = 0; i < states.size(); ++i) {
      LaneState x = states[i];
      plan_check::Normalize(x, plan_.kind_, next);
      if (x < p.shifted[i] || p.shifted[i] < x) return false;
    }
    return true;
  }

  const SyncPlanner& plan_;
  bool any_id_;
  int64_t limit_;
  // Points of the baseline: valid ones hold its states. Once one trial
  // was clean, every point is valid and the baseline is clean (`clean_`).
  std::vector<Point> points_;
  bool clean_ = false;
  std::map<int, std::pair<size_t, size_t>> spans_;  // unit -> its first and last item
};

void SyncPlanner::DrainEveryLoop() {
  for (const Loop& l : loops_) {
    if (l.body < 0) continue;
    const int end = blocks_[l.body].gaps.back();
    AddBarrierAll(end, 4, l.loc, "loop end");
  }
  // The reverse pairs of the reuse rule carried by a loop (and the
  // PIPE_ALL standing in for one) are not needed any more: each iteration
  // now starts with every pipe drained. Those inside an iteration (a
  // carried pair's next set after its wait) still are.
  std::set<int> carried;
  for (const SyncUnit& u : units_) {
    if ((u.why == "reuse" || u.why == "demoted") && u.loop.known()) carried.insert(u.number);
  }
  RemoveUnits(carried);
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

bool SyncPlanner::Reallocate(int64_t budget, int64_t* work) {
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
  if (order.empty()) return false;
  std::map<int, int> before;
  for (int unit : order) before[unit] = units_[unit - first_unit_].id;
  // Out of the way first: every pair its own id past the pool.
  for (size_t k = 0; k < order.size(); ++k) SetId(order[k], max_ids() + static_cast<int>(k));
  Trials trials(*this, /*any_id=*/true, std::min(kMaxWork, CheckBudget()));
  const std::set<int> none;
  const int64_t start = *work;
  for (int unit : order) {
    const SyncUnit& u = units_[unit - first_unit_];
    const int pool = EventIds(u.src, u.dst, max_ids());
    const int old = u.id;
    bool found = false;
    for (int id = 0; id < pool && !found && *work - start <= budget; ++id) {
      SetId(unit, id);
      found = trials.Try(unit, none, work);
    }
    if (!found) {
      SetId(unit, old);
      for (const auto& [v, id] : before) SetId(v, id);
      return false;
    }
  }
  for (const auto& [v, id] : before) {
    if (units_[v - first_unit_].id != id) return true;
  }
  return false;
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
  RemoveUnits(merged_away_);
  merged_away_.clear();
  const int64_t budget = CheckBudget();
  const int64_t limit = std::min(kMaxWork, budget);  // of one whole check
  int64_t spent = 0;                                  // by every run of the check
  std::vector<Finding> findings;
  std::unique_ptr<Trials> trials;
  for (int repairs = 0;; ++repairs) {
    // The check of the plan as repaired so far, with what is left of the
    // budget; once clean, it is the baseline of the sweep's trials.
    trials = std::make_unique<Trials>(*this, /*any_id=*/false, std::min(limit, budget - spent));
    bool covered = false;
    if (trials->Baseline(&findings, &covered, &spent)) break;
    const bool other = covered && !findings.empty() && !Repairable(findings.front().finding);
    if (!covered || repairs == kMaxRepairs || other) {
      // Every iteration starting drained is what the plan falls back on.
      // Drained loops collapse the check's states, so the check runs
      // again, with the budget afresh: what the forward plan got wrong
      // outside the loops or inside one iteration (an id reused too
      // early) is still found and repaired.
      if (!outcome_.fallback.empty()) {  // the drained plan as it is
        outcome_.fallback_check =
            covered ? "still has findings" : "could not be checked within the budget either";
        return;
      }
      outcome_.fallback =
          nodes_.size() > kMaxNodes ? absl::StrCat("more than ", kMaxNodes, " recorded items")
          : !covered ? absl::StrCat("the check did not finish within its budget (", budget,
                                    " steps, 1024 states at one point)")
          : other    ? std::string("the check found what no PIPE_ALL repairs")
                     : absl::StrCat(kMaxRepairs, " repairs did not make the check clean");
      DrainEveryLoop();
      spent = 0;
      repairs = -1;  // the loop's ++ starts the count of the drained plan at 0
      continue;
    }
    const Finding& f = findings.front();
    // A reuse race: before the set's gap's sets (slot 1); a race or a pipe
    // busy at the return: right before the op or the return (slot 4).
    const bool reuse = f.finding.kind == OrderFinding::Kind::kFlagReuseRace;
    AddBarrierAll(f.gap, reuse ? 1 : 4, f.finding.loc(), "repair");
    ++outcome_.repairs;
  }
  // A plan that fell back is not swept: its check was too costly already.
  if (!outcome_.fallback.empty()) {
    outcome_.fallback_check = "is checked clean";
    return;
  }
  // Units are removed last created first, while the check stays clean.
  const auto sweep = [&](Trials& baseline) {
    std::set<int> removed;
    for (int u = static_cast<int>(units_.size()) - 1; u >= 0; --u) {
      if (spent > budget) {
        outcome_.sweep_stopped = true;
        break;
      }
      const int number = first_unit_ + u;
      removed.insert(number);
      if (!baseline.Try(number, removed, &spent)) removed.erase(number);
    }
    // The tail, created last, is tried first: a drain or an op it waited
    // for may have gone since (a loop's drain is placed as late as the
    // block's end).
    for (const SyncUnit& u : units_) {
      if (u.why != "tail" || removed.empty() || removed.count(u.number) > 0 || spent > budget) {
        continue;
      }
      removed.insert(u.number);
      if (!baseline.Try(u.number, removed, &spent)) removed.erase(u.number);
    }
    outcome_.removed += static_cast<int>(removed.size());
    RemoveUnits(removed);
  };
  sweep(*trials);
  trials.reset();
  if (spent > budget || !Reallocate(budget - spent, &spent)) return;
  // Other ids can leave a unit unneeded (a guard against a reuse the new
  // ids no longer make): the sweep once more, on the plan as it is now.
  Trials again(*this, /*any_id=*/false, std::min(limit, budget - spent));
  bool covered = false;
  if (again.Baseline(&findings, &covered, &spent)) {
    sweep(again);
  } else {
    outcome_.sweep_stopped = true;  // the new ids passed the check: only the budget is out
  }
}

}  // namespace codegen
}  // namespace ptoc
