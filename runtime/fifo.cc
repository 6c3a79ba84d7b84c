#include "runtime/fifo.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace ptoc {
namespace sim {

std::string FifoRing::Initialize(Side side, int slot_num, int64_t slot_size) {
  bool other_ready = side == Side::kProducer ? consumer_ready_ : producer_ready_;
  if (other_ready && (slot_num != slot_num_ || slot_size != slot_size_)) {
    return absl::StrCat("the two lanes set up the FIFO differently: slot_num ", slot_num_,
                        " slot_size ", slot_size_, " on one side, slot_num ", slot_num,
                        " slot_size ", slot_size, " on the other");
  }
  slot_num_ = slot_num;
  slot_size_ = slot_size;
  (side == Side::kProducer ? producer_ready_ : consumer_ready_) = true;
  return "";
}

void FifoRing::Push(std::shared_ptr<const TileData> tile, const VectorClock& clock,
                    const Location* push) {
  queued_.push_back(Entry{std::move(tile), clock, push, next_seq_++});
}

FifoRing::Entry FifoRing::Pop(const Location* pop) {
  Entry e = std::move(queued_.front());
  queued_.pop_front();
  held_.push_back(Held{e.seq, pop});
  return e;
}

FifoRing::FreeResult FifoRing::Free(uint64_t seq, const VectorClock& clock) {
  auto it = std::find_if(held_.begin(), held_.end(),
                         [seq](const Held& h) { return h.seq == seq; });
  if (it == held_.end()) {
    return freed_.contains(seq) ? FreeResult::kAlreadyFreed : FreeResult::kNotPopped;
  }
  held_.erase(it);
  freed_.insert(seq);
  if (freed_clock_.empty()) freed_clock_.assign(clock.size(), 0);
  JoinClock(freed_clock_, clock);
  return FreeResult::kOk;
}

int64_t SlotBytes(const TileData& tile) {
  int64_t rows = tile.shape.size() >= 2 ? tile.shape[tile.shape.size() - 2] : 1;
  int64_t cols = tile.shape.empty() ? 1 : tile.shape.back();
  for (size_t i = 0; i + 2 < tile.shape.size(); ++i) rows *= tile.shape[i];
  int64_t elem = DTypeBytes(tile.dtype);
  bool fractal = tile.view.slayout != Layout::kNoneBox;
  if (fractal) {
    int64_t box_cols = std::max<int64_t>(1, 32 / elem);
    rows = (rows + 15) / 16 * 16;
    cols = (cols + box_cols - 1) / box_cols * box_cols;
  }
  return rows * cols * elem;
}

}  // namespace sim
}  // namespace ptoc
