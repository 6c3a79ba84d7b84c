// The planner's own check of its plan (pipe-sync.md §4.2): what it takes
// from the recorded kernel (Reach, Count) and its entry points. The check
// itself is sync_plan_checker.h; the repair and the redundancy sweep built
// on it are sync_plan_sweep.cc.
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "codegen/sync_plan.h"
#include "codegen/sync_plan_checker.h"

namespace ptoc {
namespace codegen {

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

int64_t SyncPlanner::CheckBudget() const {
  const int64_t items = static_cast<int64_t>(nodes_.size());
  return std::min(kMaxCheckWork, allowance_ + kCheckWorkPerItem * items);
}

std::vector<std::string> SyncPlanner::Check(const std::set<int>& drop, bool* covered) const {
  PlannerTime time;
  std::vector<Finding> findings;
  bool ok = nodes_.size() <= plan_check::kMaxNodes;
  if (ok) {
    ok = plan_check::Checker(*this, drop, /*first=*/false, /*any_id=*/false, 0,
                             std::min(plan_check::kMaxWork, CheckBudget()))
             .Run(&findings);
  }
  if (covered != nullptr) *covered = ok;
  std::vector<std::string> out;
  for (const Finding& f : findings) out.push_back(FindingText(f.finding));
  return out;
}

}  // namespace codegen
}  // namespace ptoc
