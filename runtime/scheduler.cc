#include "runtime/scheduler.h"

#include <algorithm>
#include <vector>

namespace ptoc {
namespace sim {
namespace {

constexpr int kPriorityChanges = 3;
constexpr uint64_t kMaxBurst = 64;
constexpr int64_t kFairnessPeriod = 1024;

// Picks the next lane among the ready ones, by the schedule's strategy.
class Chooser {
 public:
  Chooser(const ScheduleConfig& config, int num_lanes)
      : strategy_(config.index % 3),
        rng_(config.seed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(config.index)) {
    priority_.resize(num_lanes);
    for (int i = 0; i < num_lanes; ++i) priority_[i] = i;
    for (int i = num_lanes - 1; i > 0; --i) {
      std::swap(priority_[i], priority_[rng_.Below(static_cast<uint64_t>(i) + 1)]);
    }
    uint64_t horizon = static_cast<uint64_t>(std::max<int64_t>(config.expected_steps, 1));
    for (int i = 0; i < kPriorityChanges; ++i) change_at_.push_back(rng_.Below(horizon));
    std::sort(change_at_.begin(), change_at_.end());
  }

  int Choose(const std::vector<int>& ready, int64_t step) {
    switch (strategy_) {
      case 0: return ready[rng_.Below(ready.size())];
      case 1: return ByPriority(ready, step);
      default: return InBursts(ready);
    }
  }

 private:
  int ByPriority(const std::vector<int>& ready, int64_t step) {
    int best = ready.front();
    for (int lane : ready) {
      if (priority_[lane] > priority_[best]) best = lane;
    }
    // Past the planned change points, the running lane still falls behind
    // every kFairnessPeriod steps: a lane that polls (`while not test(...)`)
    // would otherwise starve the lanes it waits for, which no real machine
    // does, and the schedule would end as a false livelock.
    if (next_change_ >= change_at_.size() && step > 0 && step % kFairnessPeriod == 0) {
      change_at_.push_back(static_cast<uint64_t>(step));
    }
    while (next_change_ < change_at_.size() &&
           change_at_[next_change_] <= static_cast<uint64_t>(step)) {
      ++next_change_;
      priority_[best] = --lowest_;  // the running lane falls behind every other
      best = ready.front();
      for (int lane : ready) {
        if (priority_[lane] > priority_[best]) best = lane;
      }
    }
    return best;
  }

  int InBursts(const std::vector<int>& ready) {
    bool current_ready = std::find(ready.begin(), ready.end(), current_) != ready.end();
    if (burst_left_ == 0 || !current_ready) {
      current_ = ready[rng_.Below(ready.size())];
      burst_left_ = rng_.Below(kMaxBurst) + 1;
    }
    --burst_left_;
    return current_;
  }

  int strategy_;
  Rng rng_;
  std::vector<int> priority_;
  std::vector<uint64_t> change_at_;
  size_t next_change_ = 0;
  int lowest_ = 0;
  int current_ = -1;
  uint64_t burst_left_ = 0;
};

}  // namespace

uint64_t Rng::Next() {
  uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

ScheduleOutcome RunSchedule(World& world, Interpreter& interpreter,
                            const ScheduleConfig& config) {
  const int num_lanes = static_cast<int>(world.lanes.size());
  Chooser chooser(config, num_lanes);
  std::vector<int> ready;
  for (int64_t step = 0;; ++step) {
    ready.clear();
    bool all_finished = true;
    for (int lane = 0; lane < num_lanes; ++lane) {
      if (world.lanes[lane].finished) continue;
      all_finished = false;
      if (interpreter.Ready(lane)) ready.push_back(lane);
    }
    if (all_finished) return ScheduleOutcome::kCompleted;
    if (ready.empty()) return ScheduleOutcome::kDeadlock;
    if (step >= config.max_steps) return ScheduleOutcome::kStepLimit;
    const int lane = chooser.Choose(ready, step);
    interpreter.Step(lane);
    if (config.queue != nullptr && world.lanes[lane].finished) config.queue->LaneFinished(lane);
  }
}

}  // namespace sim
}  // namespace ptoc
