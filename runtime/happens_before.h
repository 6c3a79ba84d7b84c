// Happens-before between the lanes of all ranks, by vector clocks.
//
// Every lane has a vector clock; a release (notify, push, tfree, arriving
// at a barrier) publishes the lane's clock and then advances its own
// component; an acquire (a wait or test that succeeds, a pop, a push into a
// freed slot, leaving a barrier) joins the published clock in. An access is
// stamped with its lane's own component, so "write W happens before read R"
// is `clock(R)[lane(W)] >= stamp(W)`.
//
// For reports, each lane remembers at which acquire it first learned of each
// other lane's stamps, so a stale read can name the signal that ordered it.
#ifndef PTOC_RUNTIME_HAPPENS_BEFORE_H_
#define PTOC_RUNTIME_HAPPENS_BEFORE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ir/ir.h"

namespace ptoc {
namespace sim {

using VectorClock = std::vector<uint32_t>;

// Joins `from` into `into` (component-wise max).
void JoinClock(VectorClock& into, const VectorClock& from);

// How a lane came to know of another lane's work.
// What orders two kernels of one program on a rank (program_sim.cc): the
// later one starts after everything the earlier one did.
inline constexpr char kLaunchOrder[] = "kernel launch order";

struct AcquireEvent {
  const char* what = "";  // "notify -> wait", "tpush -> tpop", "syncall", ...
  const Location* release = nullptr;  // the notify / push / barrier that published
  const Location* acquire = nullptr;  // the wait / pop / barrier that received
};

class ClockTable {
 public:
  explicit ClockTable(int num_lanes);

  int num_lanes() const { return static_cast<int>(clocks_.size()); }
  const VectorClock& clock(int lane) const { return clocks_[lane]; }
  // The lane's own component: the stamp of its next access.
  uint32_t Stamp(int lane) const { return clocks_[lane][lane]; }
  // Ends a release of the lane made at machine time `time`: its clock so far
  // has been published; later accesses of the lane are not covered by it.
  void Release(int lane, uint64_t time);
  // The machine time of the release that first published the lane's
  // accesses stamped `stamp` (its next release after them), or UINT64_MAX.
  uint64_t ReleaseTime(int lane, uint32_t stamp) const;
  // Joins `published` into the lane's clock; remembers `event` as where the
  // lane learned of every component it raised.
  void Acquire(int lane, const VectorClock& published, const AcquireEvent& event);

  // True when the access of `writer` stamped `stamp` happens before the
  // current point of `reader` (always true within one lane).
  bool HappensBefore(int writer, uint32_t stamp, int reader) const {
    return writer == reader || clocks_[reader][writer] >= stamp;
  }
  // The acquire through which `reader` learned of `writer`'s access stamped
  // `stamp`, or nullptr (same lane, or not ordered).
  const AcquireEvent* OrderedBy(int writer, uint32_t stamp, int reader) const;

 private:
  struct Raise {
    uint32_t value;  // the component's value after the acquire
    int event;       // index into events_
  };
  std::vector<VectorClock> clocks_;
  // raises_[reader][writer]: increasing values of clocks_[reader][writer].
  std::vector<std::vector<std::vector<Raise>>> raises_;
  std::vector<AcquireEvent> events_;
  // release_times_[lane][s - 1]: when the lane published stamp s.
  std::vector<std::vector<uint64_t>> release_times_;
};

// Release clocks of signal elements: a notify joins the notifier's clock
// into the element's; a wait or test that sees the element satisfied joins
// it into the waiter's.
class SignalClocks {
 public:
  struct Signal {
    VectorClock clock;
    const Location* last_notify = nullptr;
  };
  void Release(uint64_t addr, const VectorClock& clock, const Location* notify);
  // nullptr when nobody has notified the element.
  const Signal* Find(uint64_t addr) const;

 private:
  absl::flat_hash_map<uint64_t, Signal> signals_;
};

// Per GM byte: the last write issued to it and, per lane, the stamp and
// place of that lane's last read of it (for race detection). Places are
// interned once per operation so that a mark is 8 bytes.
class AccessShadow {
 public:
  struct ReadMark {
    uint32_t stamp = 0;  // 0: never read
    uint32_t loc = 0;    // an index from Intern
  };
  // Sized for `bytes` of GM and `num_lanes` lanes, everything unset.
  void Reset(uint64_t bytes, int num_lanes);

  uint32_t Intern(const Location* loc);
  const Location* location(uint32_t index) const { return locations_[index]; }

  uint32_t last_write(uint64_t addr) const { return last_write_[addr]; }
  void set_last_write(uint64_t addr, uint32_t wid) { last_write_[addr] = wid; }
  const ReadMark& read(uint64_t addr, int lane) const { return reads_[addr * lanes_ + lane]; }
  void MarkRead(uint64_t addr, int lane, uint32_t stamp, uint32_t loc) {
    reads_[addr * lanes_ + lane] = ReadMark{stamp, loc};
  }

 private:
  int lanes_ = 0;
  std::vector<uint32_t> last_write_;
  std::vector<ReadMark> reads_;
  std::vector<const Location*> locations_;
  absl::flat_hash_map<const Location*, uint32_t> location_index_;
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_HAPPENS_BEFORE_H_
