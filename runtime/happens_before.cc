#include "runtime/happens_before.h"

#include <algorithm>

namespace ptoc {
namespace sim {

void JoinClock(VectorClock& into, const VectorClock& from) {
  for (size_t i = 0; i < into.size() && i < from.size(); ++i) {
    into[i] = std::max(into[i], from[i]);
  }
}

ClockTable::ClockTable(int num_lanes)
    : clocks_(num_lanes, VectorClock(num_lanes, 0)),
      raises_(num_lanes, std::vector<std::vector<Raise>>(num_lanes)),
      release_times_(num_lanes) {
  // Stamps start at 1 so that 0 means "knows nothing of that lane".
  for (int l = 0; l < num_lanes; ++l) clocks_[l][l] = 1;
}

void ClockTable::Acquire(int lane, const VectorClock& published, const AcquireEvent& event) {
  VectorClock& mine = clocks_[lane];
  int index = -1;
  for (int w = 0; w < num_lanes(); ++w) {
    if (w == lane || published[w] <= mine[w]) continue;
    if (index < 0) {
      events_.push_back(event);
      index = static_cast<int>(events_.size()) - 1;
    }
    mine[w] = published[w];
    raises_[lane][w].push_back(Raise{published[w], index});
  }
}

void ClockTable::Release(int lane, uint64_t time) {
  release_times_[lane].push_back(time);
  ++clocks_[lane][lane];
}

uint64_t ClockTable::ReleaseTime(int lane, uint32_t stamp) const {
  const std::vector<uint64_t>& times = release_times_[lane];
  return stamp >= 1 && stamp <= times.size() ? times[stamp - 1] : UINT64_MAX;
}

const AcquireEvent* ClockTable::OrderedBy(int writer, uint32_t stamp, int reader) const {
  if (writer == reader) return nullptr;
  const std::vector<Raise>& raises = raises_[reader][writer];
  auto it = std::lower_bound(raises.begin(), raises.end(), stamp,
                             [](const Raise& r, uint32_t s) { return r.value < s; });
  if (it == raises.end()) return nullptr;
  return &events_[it->event];
}

void SignalClocks::Release(uint64_t addr, const VectorClock& clock, const Location* notify) {
  Signal& s = signals_[addr];
  if (s.clock.empty()) s.clock.assign(clock.size(), 0);
  JoinClock(s.clock, clock);
  s.last_notify = notify;
}

const SignalClocks::Signal* SignalClocks::Find(uint64_t addr) const {
  auto it = signals_.find(addr);
  return it == signals_.end() ? nullptr : &it->second;
}

void AccessShadow::Reset(uint64_t bytes, int num_lanes) {
  lanes_ = num_lanes;
  // assign() reuses the buffers of an earlier schedule of the same size.
  last_write_.assign(bytes, 0);
  reads_.assign(bytes * num_lanes, ReadMark{});
  locations_.clear();
  location_index_.clear();
}

uint32_t AccessShadow::Intern(const Location* loc) {
  auto [it, inserted] = location_index_.try_emplace(loc, static_cast<uint32_t>(locations_.size()));
  if (inserted) locations_.push_back(loc);
  return it->second;
}

}  // namespace sim
}  // namespace ptoc
