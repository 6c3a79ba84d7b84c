#include "runtime/dma_reads.h"

#include <algorithm>

namespace ptoc {
namespace sim {

void InFlightReads::Resize(int lanes) {
  lanes_.assign(lanes, {});
  tracked_.assign(lanes, false);
  notified_.assign(lanes, false);
  released_ = 0;
}

void InFlightReads::SetTracked(int lane, bool tracked) {
  tracked_[lane] = tracked;
  if (!tracked) Clear(lane);
}

void InFlightReads::Issue(int lane, uint64_t addr, uint64_t bytes, const Location* loc,
                          uint32_t stamp) {
  if (!tracked_[lane] || bytes == 0) return;
  InFlightRead r;
  r.lane = lane;
  r.addr = addr;
  r.bytes = bytes;
  r.loc = loc;
  r.stamp = stamp;
  lanes_[lane].push_back(r);
}

void InFlightReads::Assign(int lane, codegen::Pipe pipe, int64_t index) {
  for (InFlightRead& r : lanes_[lane]) {
    if (r.index != 0) continue;
    r.pipe = pipe;
    r.index = index;
  }
}

void InFlightReads::Retire(int lane,
                           const std::function<bool(codegen::Pipe, int64_t)>& complete) {
  std::vector<InFlightRead>& reads = lanes_[lane];
  reads.erase(std::remove_if(reads.begin(), reads.end(),
                             [&](const InFlightRead& r) {
                               if (r.index != 0 && !complete(r.pipe, r.index)) return false;
                               released_ -= r.released;
                               return true;
                             }),
              reads.end());
}

void InFlightReads::Release(int lane, const Location& notify,
                            const std::function<bool(codegen::Pipe, int64_t)>& complete) {
  Retire(lane, complete);
  for (InFlightRead& r : lanes_[lane]) {
    if (r.released) continue;
    r.released = true;
    r.notify = notify;
    ++released_;
  }
  notified_[lane] = true;
}

void InFlightReads::Settle(int lane,
                           const std::function<bool(codegen::Pipe, int64_t)>& complete) {
  if (notified_[lane]) {
    notified_[lane] = false;
    return;
  }
  Retire(lane, complete);
}

void InFlightReads::Clear(int lane) {
  for (const InFlightRead& r : lanes_[lane]) released_ -= r.released;
  lanes_[lane].clear();
  notified_[lane] = false;
}

}  // namespace sim
}  // namespace ptoc
