#include "runtime/dma_reads.h"

namespace ptoc {
namespace sim {

void InFlightReads::Resize(int lanes) {
  lanes_.assign(lanes, LaneReads());
  released_lanes_.clear();
}

void InFlightReads::SetTracked(int lane, bool tracked) {
  Clear(lane);
  lanes_[lane].tracked = tracked;
}

void InFlightReads::Issue(int lane, uint64_t addr, uint64_t bytes, const Location* loc,
                          uint32_t stamp) {
  if (!lanes_[lane].tracked || bytes == 0) return;
  InFlightRead r;
  r.lane = lane;
  r.addr = addr;
  r.bytes = bytes;
  r.loc = loc;
  r.stamp = stamp;
  lanes_[lane].pending.push_back(r);
}

void InFlightReads::Assign(int lane, codegen::Pipe pipe, int64_t index) {
  LaneReads& l = lanes_[lane];
  for (InFlightRead& r : l.pending) {
    r.pipe = pipe;
    r.index = index;
    l.by_pipe[static_cast<int>(pipe)].push_back(r);
  }
  l.pending.clear();
}

void InFlightReads::Drop(int lane, const InFlightRead& r) {
  if (!r.released) return;
  if (--lanes_[lane].released == 0) released_lanes_.erase(lane);
}

void InFlightReads::Retire(int lane, const Complete& complete) {
  LaneReads& l = lanes_[lane];
  for (const InFlightRead& r : l.pending) Drop(lane, r);
  l.pending.clear();
  for (std::deque<InFlightRead>& reads : l.by_pipe) {
    while (!reads.empty() && complete(reads.front().pipe, reads.front().index)) {
      Drop(lane, reads.front());
      reads.pop_front();
    }
  }
}

void InFlightReads::Release(int lane, const Location& notify, const Complete& complete) {
  Retire(lane, complete);
  LaneReads& l = lanes_[lane];
  for (std::deque<InFlightRead>& reads : l.by_pipe) {
    for (InFlightRead& r : reads) {
      if (r.released) continue;
      r.released = true;
      r.notify = notify;
      ++l.released;
    }
  }
  if (l.released > 0) released_lanes_.insert(lane);
  l.notified = true;
}

void InFlightReads::Settle(int lane, const Complete& complete) {
  LaneReads& l = lanes_[lane];
  if (l.notified) {
    l.notified = false;
    return;
  }
  Retire(lane, complete);
}

void InFlightReads::Clear(int lane) {
  const bool tracked = lanes_[lane].tracked;
  lanes_[lane] = LaneReads();
  lanes_[lane].tracked = tracked;
  released_lanes_.erase(lane);
}

}  // namespace sim
}  // namespace ptoc
