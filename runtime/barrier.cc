#include "runtime/barrier.h"

#include <algorithm>

namespace ptoc {
namespace sim {

Barrier::Barrier(std::vector<int> participants)
    : participants_(std::move(participants)), arrived_(participants_.size(), false) {}

bool Barrier::IsParticipant(int lane) const {
  return std::find(participants_.begin(), participants_.end(), lane) != participants_.end();
}

std::vector<int> Barrier::Missing() const {
  std::vector<int> out;
  for (size_t i = 0; i < participants_.size(); ++i) {
    if (!arrived_[i]) out.push_back(participants_[i]);
  }
  return out;
}

uint64_t Barrier::Arrive(int lane, const VectorClock& clock) {
  uint64_t generation = completed_;
  auto it = std::find(participants_.begin(), participants_.end(), lane);
  size_t index = static_cast<size_t>(it - participants_.begin());
  if (joining_.empty()) joining_.assign(clock.size(), 0);
  JoinClock(joining_, clock);
  if (!arrived_[index]) {
    arrived_[index] = true;
    ++arrived_count_;
  }
  if (arrived_count_ == static_cast<int>(participants_.size())) {
    released_clock_ = joining_;
    joining_.clear();
    std::fill(arrived_.begin(), arrived_.end(), false);
    arrived_count_ = 0;
    ++completed_;
  }
  return generation;
}

}  // namespace sim
}  // namespace ptoc
