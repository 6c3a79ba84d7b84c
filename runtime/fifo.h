// The cross-core FIFO of one core group, one ring per direction
// (expand-mixed-kernel.md): `slot_num` slots; a push takes a free slot and
// blocks when none is free, a pop takes the oldest pushed tile and blocks
// when none is queued, and the slot stays held until the consumer's tfree.
#ifndef PTOC_RUNTIME_FIFO_H_
#define PTOC_RUNTIME_FIFO_H_

#include <cstdint>
#include <deque>
#include <memory>
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
  struct Entry {
    std::shared_ptr<const TileData> tile;
    VectorClock clock;  // the producer's clock at the push
    const Location* push = nullptr;
    uint64_t seq = 0;
  };
  struct Held {
    uint64_t seq;
    const Location* pop;
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

  bool CanPush() const {
    return static_cast<int>(queued_.size() + held_.size()) < slot_num_;
  }
  bool CanPop() const { return !queued_.empty(); }
  // The producer's clock joins what the consumer published when freeing
  // slots (the push reuses a slot the consumer is done with).
  const VectorClock& freed_clock() const { return freed_clock_; }
  void Push(std::shared_ptr<const TileData> tile, const VectorClock& clock,
            const Location* push);
  Entry Pop(const Location* pop);
  FreeResult Free(uint64_t seq, const VectorClock& clock);

  const std::deque<Entry>& queued() const { return queued_; }
  const std::vector<Held>& held() const { return held_; }

 private:
  int slot_num_ = 0;
  int64_t slot_size_ = 0;
  bool producer_ready_ = false;
  bool consumer_ready_ = false;
  uint64_t next_seq_ = 1;
  std::deque<Entry> queued_;
  std::vector<Held> held_;
  absl::flat_hash_set<uint64_t> freed_;
  VectorClock freed_clock_;
};

// Bytes a tile occupies in a FIFO slot: rows x cols x element bytes, NZ and
// ZN tiles padded to the 16 x (32 / element bytes) fractal box.
int64_t SlotBytes(const TileData& tile);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_FIFO_H_
