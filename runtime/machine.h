// The memory of the simulated machine (runtime.md, "The memory model it
// enforces"):
//
// - GM is one flat byte space shared by all ranks. Every tensor parameter of
//   every rank is an allocation at a 64-byte aligned base; a window
//   (DistributedTensor) is addressed by its peers through the same
//   parameter's allocation on the peer rank.
// - Every byte of GM remembers which write put its value there, and every
//   64-byte line keeps the versions it had since the oldest moment any lane
//   may still fetch it from, because:
// - Each lane has a data cache of 64-byte lines for scalar accesses. The
//   adversarial cache holds, for a line the lane has not invalidated since
//   time T, the contents GM had at T (a line may have been fetched at any
//   moment after its last invalidation, so the oldest is what is modelled).
//   Scalar writes dirty bytes of the lane's cache; cleaning a line
//   (cacheinvalid covering it) queues the whole line for write-back, which
//   reaches GM at the lane's next fence: the dirty bytes, and every other
//   byte as the line holds it (comm-hazards.md H2). Where another lane's
//   newer write landed in such a byte meanwhile, the write-back puts the
//   older value over it: a clobber (false sharing).
// - DMA writes (tile.store, remote_store) are pending until the lane's next
//   fence; put/get and notify reach GM at once. DMA reads read GM.
// - A lane always sees its own writes in program order: its reads see its
//   own latest write to a byte when that write is newer than what the read
//   would otherwise return.
//
// The machine only models values and their provenance; deciding whether a
// read was stale or racy is the checker's job.
#ifndef PTOC_RUNTIME_MACHINE_H_
#define PTOC_RUNTIME_MACHINE_H_

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "ir/ir.h"

namespace ptoc {
namespace sim {

constexpr uint64_t kLineBytes = 64;
// The commit time of a write that has not reached GM.
constexpr uint64_t kNever = UINT64_MAX;

enum class WriteKind : uint8_t {
  kInitial,  // the contents before the kernel started (write id 0)
  kDma,      // tile.store, remote_store: pending until the writer's fence
  kScalar,   // tensor.write: dirty until cleaned, then pending until fence
  kCopy,     // put / get: complete with the op
  kSignal,   // notify: atomic, immediate
};

enum class WriteState : uint8_t { kDirty, kPendingWriteBack, kPendingDma, kCommitted };

// One write operation (all the bytes it wrote share it).
struct WriteRecord {
  int lane = -1;
  uint32_t clock = 0;  // the writer's own vector-clock component at the write
  const Location* loc = nullptr;
  WriteKind kind = WriteKind::kInitial;
  WriteState state = WriteState::kCommitted;
  bool atomic = false;  // notify, or a store with atomic="add": atomics do not race
  uint64_t commit_time = 0;
  uint64_t clean_time = kNever;  // scalar writes: when the write-back was queued
  int alloc = -1;  // the tensor written
};

// A tensor parameter of one rank, placed in GM.
struct Allocation {
  std::string name;  // the parameter's name
  int rank = 0;
  int param = 0;  // index of the entry parameter
  uint64_t base = 0;
  std::vector<int64_t> shape;
  DType dtype = DType::kFP32;
  bool window = false;
  int64_t elements = 0;
  uint64_t bytes = 0;
};

// Bytes written at `addr` by write `wid`.
struct Segment {
  uint64_t addr = 0;
  std::vector<uint8_t> data;
  uint32_t wid = 0;
  // A whole-line write-back carries the bytes the lane did not write as
  // its cache holds them, fetched at `snapshot`; `by` is the dirty write
  // that made the line dirty (the clobber's culprit).
  bool carried = false;
  uint64_t snapshot = 0;
  uint32_t by = 0;
};

// Carried bytes of a write-back that landed over a newer write of another
// lane: the write-back of the line `by` made dirty put older values over
// `bytes` bytes of write `clobbered` from `addr`.
struct LineClobber {
  uint64_t addr = 0;
  uint64_t bytes = 0;
  uint32_t by = 0;
  uint32_t clobbered = 0;
};

// A write on its way to GM: a DMA write, or the write-back of cleaned lines.
struct PendingWrite {
  std::vector<Segment> segments;
  bool atomic_add = false;  // add element-wise to GM when it lands
  DType dtype = DType::kFP32;
};

class Machine {
 public:
  explicit Machine(int num_lanes);

  // ---- layout (before any access) ----
  // Places a tensor of `shape` x `dtype` at the next 64-byte aligned base.
  int Allocate(std::string name, int rank, int param, std::vector<int64_t> shape,
               DType dtype, bool window);
  // A name for `bytes` of an allocation already placed, from `base` (a view a
  // whole-program run passes a kernel: a window, a row of a host tensor).
  int AddAlias(std::string name, int rank, int param, uint64_t base, std::vector<int64_t> shape,
               DType dtype, bool window);
  const Allocation& allocation(int id) const { return allocations_[id]; }
  int num_allocations() const { return static_cast<int>(allocations_.size()); }
  // The allocation of parameter `param` on `rank`, or -1.
  int FindAllocation(int param, int rank) const;
  // Whether [addr, addr + n) lies in a window (a DistributedTensor, or a
  // view of one). Call after the layout is complete.
  bool InWindow(uint64_t addr, uint64_t n) const;
  uint64_t size() const { return size_; }
  // Sets initial contents (write id 0). Call after the layout is complete.
  void Initialize(uint64_t addr, const std::vector<uint8_t>& bytes);

  // ---- time and writes ----
  uint64_t now() const { return now_; }
  void Tick() { ++now_; }
  uint32_t NewWrite(const WriteRecord& record);
  const WriteRecord& write(uint32_t wid) const { return writes_[wid]; }
  size_t num_writes() const { return writes_.size(); }

  // ---- what lanes do ----
  // A DMA write: pending until the lane's next Fence.
  void IssueDmaWrite(int lane, PendingWrite write);
  // A scalar write of `n` bytes: dirty in the lane's cache.
  void IssueScalarWrite(int lane, uint32_t wid, uint64_t addr, const uint8_t* bytes, int n);
  // A write that reaches GM at once (notify, put, get).
  void CommitNow(int lane, const PendingWrite& write);
  // Completes every pending write of the lane, in issue order.
  void Fence(int lane);
  // Cleans and drops the lane's lines covering [addr, addr + n).
  void InvalidateRange(int lane, uint64_t addr, uint64_t n);
  // Cleans and drops every line of the lane.
  void InvalidateAll(int lane);
  // The end of a kernel launch on the lane's core when another launch
  // follows on it (runtime.md, whole programs): every pending write lands and
  // every dirty line is written back, but the lines stay in the cache, so
  // the next kernel sees them as the hardware would (comm-hazards.md H5).
  void EndLaunch(int lane);
  // The lane runs again (the next kernel on its core).
  void RestartLane(int lane);
  // The lane's kernel returned. Its pending writes and dirty lines stay
  // where they are: nothing orders them for the other lanes still running.
  void FinishLane(int lane);
  // The whole launch is over: the lane's cache is cleaned and its writes land.
  void Drain(int lane);

  // Reads `n` bytes as the lane's DMA engine sees them (GM, plus the lane's
  // own writes, and atomic adds, that have not landed yet).
  void ReadDma(int lane, uint64_t addr, int n, uint8_t* value, uint32_t* wid) const;
  // Reads `n` bytes through the lane's data cache.
  void ReadScalar(int lane, uint64_t addr, int n, uint8_t* value, uint32_t* wid) const;
  // GM as it is now (signals, atomics).
  void ReadGm(uint64_t addr, int n, uint8_t* value, uint32_t* wid) const;
  // The moment whose GM contents the lane's cached line at `addr` holds.
  uint64_t SnapshotTime(int lane, uint64_t addr) const;
  // The lane's writes that have not landed yet (DMA and write-backs).
  const std::vector<PendingWrite>& pending(int lane) const { return lanes_[lane].pending; }
  // Number of GM line versions kept (for the benchmark's memory report).
  size_t version_count() const;
  // The clobbers since the last call, in the order they landed.
  std::vector<LineClobber> TakeClobbers() { return std::move(clobbers_); }
  // Whether the byte's value was last put there by a carried byte of a
  // write-back over a newer write (a stale read of it names false sharing).
  bool Clobbered(uint64_t addr) const { return clobbered_bytes_.count(addr) > 0; }

 private:
  struct LineVersion {
    uint64_t time = 0;
    std::array<uint8_t, kLineBytes> value{};
    std::array<uint32_t, kLineBytes> wid{};
  };
  struct DirtyLine {
    uint64_t mask = 0;  // bit i: byte i is dirty
    std::array<uint8_t, kLineBytes> value{};
    std::array<uint32_t, kLineBytes> wid{};
    // The line as the lane fetched it (at `snapshot`), taken when it first
    // became dirty: it cannot change while dirty (an invalidate cleans
    // first), and the version may be pruned by the time of its clean.
    uint64_t snapshot = 0;
    std::array<uint8_t, kLineBytes> fetched_value{};
    std::array<uint32_t, kLineBytes> fetched_wid{};
  };
  // The lane's latest own write of each byte (wid 0: none).
  struct OwnLine {
    std::array<uint8_t, kLineBytes> value{};
    std::array<uint32_t, kLineBytes> wid{};
  };
  struct LaneMemory {
    bool finished = false;
    uint64_t whole_invalidate_time = 0;
    absl::flat_hash_map<uint64_t, uint64_t> line_invalidate_time;  // after the whole one
    std::map<uint64_t, DirtyLine> dirty;  // by line; write-back goes in address order
    absl::flat_hash_map<uint64_t, OwnLine> own;
    size_t own_after_prune = 0;  // size of `own` after it was last pruned
    std::vector<PendingWrite> pending;
  };

  void RecordOwn(int lane, uint64_t addr, const uint8_t* bytes, int n, uint32_t wid);
  // Adds the lane's own pending atomic adds into the bytes read at `addr`.
  void ApplyOwnAtomicAdds(int lane, uint64_t addr, int n, uint8_t* value, uint32_t* wid) const;
  // Queues `line` for write-back (the whole line, when it is dirty) and
  // drops it.
  void CleanLine(int lane, uint64_t line);
  void Land(const PendingWrite& write);
  void MarkCommitted(uint32_t wid);
  LineVersion& MutableCurrent(uint64_t line);
  const LineVersion& VersionAt(uint64_t line, uint64_t time) const;
  void UpdateOldestSnapshot();

  std::vector<Allocation> allocations_;
  uint64_t size_ = 0;
  uint64_t now_ = 1;
  std::vector<WriteRecord> writes_;
  std::vector<std::vector<LineVersion>> versions_;  // per line, oldest first
  std::vector<LaneMemory> lanes_;
  // No lane can fetch a line as of a time before this: older versions that
  // a newer one at or before it supersedes are dropped.
  uint64_t oldest_snapshot_ = 0;
  std::vector<LineClobber> clobbers_;
  // The windows' [base, end), sorted by base, each with the largest end of
  // it and the windows before it; built by the first InWindow.
  struct Window {
    uint64_t base, end, reach;
  };
  mutable std::vector<Window> windows_;
  mutable size_t windows_of_ = 0;  // allocations_.size() when windows_ was built
  absl::flat_hash_set<uint64_t> clobbered_bytes_;
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_MACHINE_H_
