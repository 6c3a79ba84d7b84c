// A deliberately independent brute-force judge of one lane's pipe
// ordering (pipe-sync.md §2.3, §4.2), for tests only: the cross-check of
// the ordering model (codegen/lane_order.h) that the planner's check and
// the simulators' pipe check share. It keeps no clocks: for every
// instruction of a straight-line event sequence it computes, as a set,
// every instruction that completes before it starts: an in-order pipe
// runs one instruction at a time; a set or wait starts once the earlier
// instructions of its pipe complete; a wait completes after what completed
// before its set started (the set itself stays unknown, §4.2's token
// [P] = i - 1); later instructions of the wait's pipe start after it;
// pipe_barrier(P) and pipe_barrier(PIPE_ALL) order what came before them.
#ifndef PTOC_TESTING_PIPE_ORDER_ORACLE_H_
#define PTOC_TESTING_PIPE_ORDER_ORACLE_H_

#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "codegen/lowering.h"
#include "codegen/order_finding.h"
#include "codegen/sync_plan.h"
#include "ir/ir.h"
#include "testing/rng.h"

namespace ptoc {
namespace pipe_order_oracle {

using codegen::Pipe;

constexpr int kMaxEvents = 48;

// One event of an AIV lane: an op on a pipe reading or writing one of a
// few Vec buffers, a set or wait of a key, a pipe barrier, a full barrier.
struct Event {
  enum class Kind { kOp, kSet, kWait, kBarrier, kBarrierAll } kind = Kind::kOp;
  Pipe pipe = Pipe::kS;  // op, barrier; a set's or wait's key
  Pipe dst = Pipe::kS;
  int id = 0;
  int buffer = 0;
  bool write = false;
};

// What a judge found, by event number.
struct Found {
  std::set<std::pair<int, int>> races;  // (later op, earlier op)
  std::set<int> reuse, double_set, deadlock;
  std::set<int> busy;      // pipes busy at the return
  std::set<int> left_set;  // keys left set: KeyNumber
  bool operator==(const Found& o) const {
    return std::tie(races, reuse, double_set, deadlock, busy, left_set) ==
           std::tie(o.races, o.reuse, o.double_set, o.deadlock, o.busy, o.left_set);
  }
};

int KeyNumber(Pipe src, Pipe dst, int id);

// The brute force's findings on `events`, then the return.
Found BruteForce(Backend backend, const std::vector<Event>& events);

// Event `n` as the ordering model takes it: at k.py:(n + 1):1, a set, wait
// or barrier as its sync instruction.
Location LocationOf(int n);
codegen::SyncInstr SyncInstrOf(const Event& e, int n);

// What the ordering model found, in the same terms: `findings` of a run
// whose instructions and return are at line event number + 1. Anything
// else it found (illegal sync, hidden id clash: never generated) is an
// error.
absl::StatusOr<Found> FoundIn(const std::vector<codegen::OrderFinding>& findings);

// 1 to kMaxEvents legal events on the pipes of an AIV core, ids 0 and 1.
std::vector<Event> RandomEvents(Rng& rng, Backend backend);

std::string Describe(const std::vector<Event>& events);
std::string Describe(const Found& f);

}  // namespace pipe_order_oracle
}  // namespace ptoc

#endif  // PTOC_TESTING_PIPE_ORDER_ORACLE_H_
