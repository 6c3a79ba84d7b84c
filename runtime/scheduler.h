// The seeded scheduler: every lane is a green thread that runs one
// statement per step; the scheduler picks which ready lane steps next.
//
// Schedules rotate through three strategies, so that N schedules explore
// both fine interleavings and long stretches where some lanes run far ahead
// of others (which is what exposes a write still pending at a peer's read):
//   0: random walk — a uniformly random ready lane each step;
//   1: priorities — a random priority per lane, the highest ready lane runs,
//      and at a few random steps the running lane drops to the lowest
//      priority (PCT-style);
//   2: bursts — a random ready lane runs for a random number of steps.
// The same seed and schedule index always give the same interleaving.
#ifndef PTOC_RUNTIME_SCHEDULER_H_
#define PTOC_RUNTIME_SCHEDULER_H_

#include <cstdint>

#include "runtime/interpreter.h"
#include "runtime/world.h"

namespace ptoc {
namespace sim {

// SplitMix64: small, fast, and the same sequence on every platform.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next();
  // Uniform in [0, n); n > 0.
  uint64_t Below(uint64_t n) { return Next() % n; }

 private:
  uint64_t state_;
};

// Told when a lane finishes; may start it (or others) again: the kernel
// launches of a whole program, one after another on each rank.
class LaunchQueue {
 public:
  virtual ~LaunchQueue() = default;
  virtual void LaneFinished(int lane) = 0;
};

struct ScheduleConfig {
  uint64_t seed = 1;
  int index = 0;
  int64_t max_steps = 0;
  // Roughly how many steps a schedule takes (where priority changes go).
  int64_t expected_steps = 1000;
  LaunchQueue* queue = nullptr;  // nullptr: one launch
};

enum class ScheduleOutcome {
  kCompleted,  // every lane finished
  kDeadlock,   // unfinished lanes, none ready
  kStepLimit,  // max_steps reached
};

ScheduleOutcome RunSchedule(World& world, Interpreter& interpreter,
                            const ScheduleConfig& config);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_SCHEDULER_H_
