// The cross-core FIFO of one core group, one ring per direction
// (expand-mixed-kernel.md, dual-aiv.md "Runtime"): `slot_num` slots; a push
// takes a free slot and blocks when none is free, a pop takes the oldest
// pushed tile and blocks when none is queued, and the slot stays held until
// the consumer's tfree.
//
// With two AIV lanes a slot has two parties on the vector side (party =
// the subblock; the cube, or a lone lane, is party 0): a C2V slot is popped
// by each consumer party and released when every one has freed it; a V2C
// slot is complete (poppable) when every producer party has pushed into it.
// Each party's k-th push or pop is the slot's k-th transfer.
//
// On a2a3 each ring may be placed in its core group's GM slot workspace
// (gm_pipe_buffer) where the emitted code puts it (codegen's pipe layout,
// comm-hazards.md H3): slot k of the ring at ring + (k mod slot_num) *
// slot_size, so two rings' live slots can be seen to share GM bytes.
#ifndef PTOC_RUNTIME_FIFO_H_
#define PTOC_RUNTIME_FIFO_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "ir/ir.h"
#include "runtime/happens_before.h"
#include "runtime/values.h"

namespace ptoc {
namespace sim {

class FifoRing {
 public:
  static constexpr int kMaxParties = 2;

  // A popped transfer: the tile the consumer party gets (its half of a
  // split C2V tile, the joined tile of a split V2C slot, AIV0's tile of a
  // no-split V2C slot pushed by two lanes), and per producer party its
  // clock at the push and the push.
  struct Entry {
    std::shared_ptr<const TileData> tile;
    const Location* push = nullptr;  // the first producer party's push
    uint64_t seq = 0;
    int split = 0;  // the split code of the push
    std::vector<VectorClock> clocks;          // per producer party
    std::vector<const Location*> pushes;      // per producer party
    std::vector<std::shared_ptr<const TileData>> parts;  // per producer party
  };
  struct Held {
    uint64_t seq;
    const Location* pop;
    int split;  // the slot's split code
  };
  // A slot some push wrote and its consumers have not all freed, with the
  // GM bytes [first, end) of gm_pipe_buffer it occupies.
  struct LiveSlot {
    int index = 0;  // its position in the ring
    int64_t first = 0, end = 0;
    const Location* push = nullptr;  // the push that wrote it
  };
  enum class Side { kProducer, kConsumer };
  enum class FreeResult { kOk, kAlreadyFreed, kNotPopped };

  // One side's *_initialize_pipe. Returns an error message when the sides
  // disagree on slot_num or slot_size, else "".
  std::string Initialize(Side side, int slot_num, int64_t slot_size);
  bool ready(Side side) const {
    return side == Side::kProducer ? producer_ready_ : consumer_ready_;
  }
  int slot_num() const { return slot_num_; }
  int64_t slot_size() const { return slot_size_; }
  // a2a3: the ring's first byte in gm_pipe_buffer (PipeParams::gm). An
  // unplaced ring (a5, or a program codegen cannot plan) has no GM bytes.
  void Place(int64_t gm_ring) { gm_ring_ = gm_ring; }
  bool placed() const { return gm_ring_ >= 0 && slot_num_ > 0; }

  // True when `party` may push: fewer than slot_num of the slots it pushed
  // into are still unreleased.
  bool CanPush(int party = 0) const;
  // True when the next slot `party` pops is complete.
  bool CanPop(int party = 0) const;
  // The next slot `party` pops exists but still waits for the producer
  // parties in the returned mask (0: none queued, or complete).
  uint32_t MissingProducers(int party = 0) const;
  // The producer's clock joins what the consumers published when freeing
  // slots (the push reuses a slot the consumers are done with).
  const VectorClock& freed_clock() const { return freed_clock_; }
  // `party`'s next push. The slot it lands in is created by the first party
  // that pushes into it, with `producers` producer and `consumers` consumer
  // parties and the split code `split`. Returns the code of the slot (it
  // differs from `split` when the other party pushed with another code).
  int Push(std::shared_ptr<const TileData> tile, const VectorClock& clock, const Location* push,
           int party = 0, int split = 0, int producers = 1, int consumers = 1);
  // `party`'s next pop; call only when CanPop(party).
  Entry Pop(const Location* pop, int party = 0);
  FreeResult Free(uint64_t seq, const VectorClock& clock, int party = 0);

  // The live slot `party` pushed into last, if that push wrote it (a
  // no-split slot holds AIV0's tile: AIV1's push carries no data) and the
  // ring is placed; `push` is the slot's first writing push.
  std::optional<LiveSlot> LastWritten(int party) const;
  // The live slot whose GM bytes overlap [first, end), if any.
  std::optional<LiveSlot> LiveOverlapping(int64_t first, int64_t end) const;

  // Slots some consumer party has not popped yet: their first push.
  std::vector<const Location*> Unpopped() const;
  // What `party` popped and has not freed.
  std::vector<Held> held(int party = 0) const;

 private:
  struct Slot {
    uint64_t seq = 0;
    int split = 0;
    int producers = 1;
    int consumers = 1;
    std::vector<std::shared_ptr<const TileData>> parts;  // per producer party
    std::vector<VectorClock> clocks;
    std::vector<const Location*> pushes;
    uint32_t pushed = 0, popped = 0, freed = 0;  // one bit per party
    const Location* written = nullptr;  // the push that wrote its data
    const Location* pops[kMaxParties] = {nullptr, nullptr};
    bool complete() const { return pushed == (1u << producers) - 1; }
    bool released() const { return freed == (1u << consumers) - 1; }
  };
  // The slot of absolute index `index` (pushes so far), or nullptr.
  Slot* At(uint64_t index);
  const Slot* At(uint64_t index) const;
  LiveSlot LiveOf(const Slot& s) const;

  int slot_num_ = 0;
  int64_t slot_size_ = 0;
  int64_t gm_ring_ = -1;
  bool producer_ready_ = false;
  bool consumer_ready_ = false;
  uint64_t base_ = 0;  // absolute index of slots_.front()
  std::deque<Slot> slots_;
  uint64_t pushed_[kMaxParties] = {0, 0};  // per party: slots pushed into
  uint64_t popped_[kMaxParties] = {0, 0};  // per party: slots popped
  absl::flat_hash_set<uint64_t> freed_;    // seqs of released slots
  VectorClock freed_clock_;
};

// Bytes a tile occupies in a FIFO slot: rows x cols x element bytes, NZ and
// ZN tiles padded to the 16 x (32 / element bytes) fractal box.
int64_t SlotBytes(const TileData& tile);

// Split code 1 halves the rows (the second-to-last dim), 2 the columns (the
// last): lane `half`'s part of `tile`, and the two halves joined back.
std::shared_ptr<TileData> SplitHalf(const TileData& tile, int split, int half);
std::shared_ptr<TileData> JoinHalves(const TileData& first, const TileData& second, int split);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_FIFO_H_
