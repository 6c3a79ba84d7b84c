// DMA reads of windows still in flight (comm-hazards.md H1, "release after
// read").
//
// A tile load, remote load or the source read of a put takes effect over
// the span of its transfer: the device samples the bytes when the transfer
// completes, not when it issues. The interpreter computes the tile at issue
// (program order), and this table remembers a read of a window until the
// lane's pipe plan orders its machine op before the scalar unit (a flag
// wait on S, a barrier, a fence's drain): only then can no notify of the
// lane overtake it. A notify issued while a read is still in flight
// releases the buffer early; a write ordered after that notify (a peer's
// store once its wait saw the credit) may then land in the tile: the
// checker reports it as a war race. Only windows are tracked: no peer
// writes a plain tensor because of a notify.
//
// Reads are tracked only on lanes whose plan the pipe check replays
// (runtime/pipe_check.h); elsewhere a read completes when it issues.
#ifndef PTOC_RUNTIME_DMA_READS_H_
#define PTOC_RUNTIME_DMA_READS_H_

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <set>
#include <vector>

#include "codegen/pipe_clocks.h"
#include "ir/ir.h"

namespace ptoc {
namespace sim {

struct InFlightRead {
  int lane = 0;
  uint64_t addr = 0;
  uint64_t bytes = 0;
  const Location* loc = nullptr;  // the read
  uint32_t stamp = 0;             // the reader's clock component at the read
  // The machine op that performs it: its pipe and index there.
  codegen::Pipe pipe = codegen::Pipe::kS;
  int64_t index = 0;
  bool released = false;  // a notify issued while it was in flight
  Location notify;        // that notify
  bool reported = false;  // one war race per read
};

class InFlightReads {
 public:
  using Complete = std::function<bool(codegen::Pipe, int64_t)>;

  void Resize(int lanes);
  // Whether reads of `lane` are tracked (its plan is replayed).
  void SetTracked(int lane, bool tracked);

  // A DMA read of a window by `lane`, issued now.
  void Issue(int lane, uint64_t addr, uint64_t bytes, const Location* loc, uint32_t stamp);
  // The lane's machine op on `pipe` numbered `index` performed the reads
  // issued since the last call (the pipe check ran the statement's ops).
  void Assign(int lane, codegen::Pipe pipe, int64_t index);
  // Drops the lane's reads that `complete(pipe, index)` says are known
  // complete (pipes complete in order: the oldest first), and reads no op
  // was assigned to (the statement had none the plan records: such a read
  // completes at once).
  void Retire(int lane, const Complete& complete);
  // The lane's notify at `notify` is about to issue: the reads `complete`
  // does not know complete are released early by it.
  void Release(int lane, const Location& notify, const Complete& complete);
  // The lane's instruction (ptoc-sim) or device-API call (ptoc-run-cpp)
  // ended: Retire, except right after a notify. Its trailing PIPE_ALL
  // completes every read, but the signal is out before it: the reads it
  // released stay in flight until the lane's next instruction, and a peer
  // may act in between.
  void Settle(int lane, const Complete& complete);
  // The lane ended (or starts a new kernel): nothing of it is in flight.
  void Clear(int lane);

  // f(read) for the released reads (of any lane) that may still take bytes
  // of [addr, addr + bytes).
  template <class F>
  void ForEachReleased(uint64_t addr, uint64_t bytes, F&& f) {
    for (int lane : released_lanes_) {
      for (std::deque<InFlightRead>& reads : lanes_[lane].by_pipe) {
        for (InFlightRead& r : reads) {
          if (r.released && addr < r.addr + r.bytes && r.addr < addr + bytes) f(r);
        }
      }
    }
  }

 private:
  struct LaneReads {
    bool tracked = false;
    bool notified = false;              // its current instruction notified
    std::vector<InFlightRead> pending;  // issued, no op assigned yet
    std::array<std::deque<InFlightRead>, codegen::kNumPipes> by_pipe;  // in index order
    int64_t released = 0;
  };
  void Drop(int lane, const InFlightRead& r);

  std::vector<LaneReads> lanes_;
  std::set<int> released_lanes_;  // lanes with released reads, in order
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_DMA_READS_H_
