// `system.syncall`: a real barrier of the lanes it names on one rank. No
// lane leaves generation g before every participant has arrived at it;
// leaving joins the clocks of all of them (it orders everything each did
// before arriving). It does not order anything across ranks.
#ifndef PTOC_RUNTIME_BARRIER_H_
#define PTOC_RUNTIME_BARRIER_H_

#include <cstdint>
#include <vector>

#include "runtime/happens_before.h"

namespace ptoc {
namespace sim {

class Barrier {
 public:
  explicit Barrier(std::vector<int> participants);

  const std::vector<int>& participants() const { return participants_; }
  bool IsParticipant(int lane) const;
  // Records the lane's arrival; returns the generation it waits for.
  uint64_t Arrive(int lane, const VectorClock& clock);
  bool Released(uint64_t generation) const { return generation < completed_; }
  // The participants that have not arrived at the current generation.
  std::vector<int> Missing() const;
  // The joined clock of the last completed generation (the only one a
  // waiting lane can be in: the next cannot complete without it).
  const VectorClock& released_clock() const { return released_clock_; }

 private:
  std::vector<int> participants_;
  std::vector<bool> arrived_;  // per participant, in the current generation
  int arrived_count_ = 0;
  uint64_t completed_ = 0;  // generations completed so far
  VectorClock joining_;
  VectorClock released_clock_;
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_BARRIER_H_
