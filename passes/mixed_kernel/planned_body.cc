#include "passes/mixed_kernel/planned_body.h"

#include <iterator>
#include <utility>
#include <vector>

namespace ptoc {
namespace mixed_kernel {

PlannedBody::Slot* PlannedBody::SlotAt(int point) {
  auto it = slots_.find(point);
  return it == slots_.end() || it->second.empty() ? nullptr : &it->second;
}

// The sequence is: slot 0, statement 0, slot 1, statement 1, ..., slot n.
std::optional<PlannedBody::Pos> PlannedBody::Before(const Pos& p) {
  if (p.item) {
    if (*p.item != slots_.at(p.point).begin()) return Pos{p.point, std::prev(*p.item)};
  } else if (Slot* slot = SlotAt(p.point)) {
    return Pos{p.point, std::prev(slot->end())};
  }
  if (p.point == 0) return std::nullopt;
  return Original(p.point - 1);
}

std::optional<PlannedBody::Pos> PlannedBody::After(const Pos& p) {
  int next_point = p.point + 1;
  if (p.item) {
    if (std::next(*p.item) != slots_.at(p.point).end()) return Pos{p.point, std::next(*p.item)};
    if (p.point < Size()) return Original(p.point);
    return std::nullopt;
  }
  if (Slot* slot = SlotAt(next_point)) return Pos{next_point, slot->begin()};
  if (next_point < Size()) return Original(next_point);
  return std::nullopt;
}

PlannedBody::Pos PlannedBody::InsertBefore(const Pos& p, StmtPtr stmt) {
  if (!p.item) return Append(p.point, std::move(stmt));
  Slot& slot = slots_[p.point];
  return Pos{p.point, slot.insert(*p.item, std::move(stmt))};
}

PlannedBody::Pos PlannedBody::InsertAfter(const Pos& p, StmtPtr stmt) {
  if (p.item) {
    Slot& slot = slots_[p.point];
    return Pos{p.point, slot.insert(std::next(*p.item), std::move(stmt))};
  }
  Slot& slot = slots_[p.point + 1];
  return Pos{p.point + 1, slot.insert(slot.begin(), std::move(stmt))};
}

PlannedBody::Pos PlannedBody::Append(int point, StmtPtr stmt) {
  Slot& slot = slots_[point];
  return Pos{point, slot.insert(slot.end(), std::move(stmt))};
}

void PlannedBody::Apply() {
  std::vector<StmtPtr> merged;
  for (int point = 0; point <= Size(); ++point) {
    if (auto slot = slots_.find(point); slot != slots_.end()) {
      for (StmtPtr& s : slot->second) merged.push_back(std::move(s));
    }
    if (point < Size()) merged.push_back(std::move(seq_.stmts[point]));
  }
  seq_.stmts = std::move(merged);
  slots_.clear();
}

}  // namespace mixed_kernel
}  // namespace ptoc
