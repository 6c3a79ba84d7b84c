// Checks every GM access against happens-before as it is made:
//
// - a read that returns an older value than the latest write to the byte
//   that happens before it is a stale read; the state of that write says
//   which marker was missing: still pending (no fence after it), still dirty
//   in the writer's cache (no invalidate of the written region), or landed
//   after the moment the reader's cached line was taken (no invalidate after
//   the wait);
// - two accesses of the same byte by different lanes, at least one a write
//   and not both atomic, with no happens-before order, are a race;
// - a write ordered after a notify that was issued while a DMA read of the
//   same bytes was still in flight (runtime/dma_reads.h) is a war race.
#ifndef PTOC_RUNTIME_CHECKER_H_
#define PTOC_RUNTIME_CHECKER_H_

#include <cstdint>
#include <vector>

#include "runtime/world.h"

namespace ptoc {
namespace sim {

enum class ReadPath { kDma, kCache };

class AccessChecker {
 public:
  explicit AccessChecker(World& world) : w_(world) {}

  // Starts one operation of `lane` at `loc`: each operation reports at most
  // one stale read and one race (the first byte found).
  void BeginOp(int lane, const Location* loc);
  // Reads [addr, addr + n) for the current lane and checks it.
  void Read(ReadPath path, uint64_t addr, int n, uint8_t* out);
  // A new write of the current lane, stamped with its clock.
  uint32_t NewWrite(WriteKind kind, bool atomic, int alloc);
  // Checks the bytes [addr, addr + n) of write `wid` for races and makes it
  // their latest write.
  void NoteWrite(uint32_t wid, uint64_t addr, int n);

 private:
  // An atomic add to `addr` ordered before the current read whose value the
  // read cannot include (not landed, or landed after its cached line), or 0.
  // `last` is the byte's latest write.
  uint32_t MissingAtomicAdd(ReadPath path, uint64_t addr, uint32_t last);
  void ReportStale(ReadPath path, uint64_t addr, uint32_t expected, uint32_t observed);
  void ReportRace(uint64_t addr, bool this_writes, const Location* other_loc,
                  bool other_writes, int other_lane);
  void ReportWarRace(const InFlightRead& read, const WriteRecord& write);

  World& w_;
  int lane_ = 0;
  const Location* loc_ = nullptr;
  uint32_t loc_index_ = 0;  // loc_ interned in the shadow
  bool stale_reported_ = false;
  bool race_reported_ = false;
  std::vector<uint32_t> wids_;
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_CHECKER_H_
