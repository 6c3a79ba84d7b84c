#include "runtime/fifo.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace ptoc {
namespace sim {
namespace {

// The tile as batches of rows x cols (the last two dims).
struct Planes {
  int64_t batches = 1, rows = 1, cols = 1;
};

Planes PlanesOf(const std::vector<int64_t>& shape) {
  Planes p;
  if (!shape.empty()) p.cols = shape.back();
  if (shape.size() >= 2) p.rows = shape[shape.size() - 2];
  for (size_t i = 0; i + 2 < shape.size(); ++i) p.batches *= shape[i];
  return p;
}

}  // namespace

std::string FifoRing::Initialize(Side side, int slot_num, int64_t slot_size) {
  bool other_ready = side == Side::kProducer ? consumer_ready_ : producer_ready_;
  bool same_ready = side == Side::kProducer ? producer_ready_ : consumer_ready_;
  if ((other_ready || same_ready) && (slot_num != slot_num_ || slot_size != slot_size_)) {
    return absl::StrCat("the lanes set up the FIFO differently: slot_num ", slot_num_,
                        " slot_size ", slot_size_, " on one, slot_num ", slot_num,
                        " slot_size ", slot_size, " on another");
  }
  slot_num_ = slot_num;
  slot_size_ = slot_size;
  (side == Side::kProducer ? producer_ready_ : consumer_ready_) = true;
  return "";
}

FifoRing::Slot* FifoRing::At(uint64_t index) {
  if (index < base_ || index - base_ >= slots_.size()) return nullptr;
  return &slots_[index - base_];
}

const FifoRing::Slot* FifoRing::At(uint64_t index) const {
  if (index < base_ || index - base_ >= slots_.size()) return nullptr;
  return &slots_[index - base_];
}

bool FifoRing::CanPush(int party) const {
  int unreleased = 0;
  for (uint64_t i = base_; i < pushed_[party]; ++i) {
    const Slot* s = At(i);
    unreleased += s != nullptr && !s->released();
  }
  return unreleased < slot_num_;
}

bool FifoRing::CanPop(int party) const {
  const Slot* s = At(popped_[party]);
  return s != nullptr && s->complete();
}

uint32_t FifoRing::MissingProducers(int party) const {
  const Slot* s = At(popped_[party]);
  if (s == nullptr || s->complete()) return 0;
  return ((1u << s->producers) - 1) & ~s->pushed;
}

int FifoRing::Push(std::shared_ptr<const TileData> tile, const VectorClock& clock,
                   const Location* push, int party, int split, int producers, int consumers) {
  const uint64_t index = pushed_[party]++;
  Slot* s = At(index);
  if (s == nullptr) {
    // Slots are created in order: every earlier index exists or was released.
    slots_.emplace_back();
    s = &slots_.back();
    s->seq = index + 1;
    s->split = split;
    s->producers = std::clamp(producers, 1, kMaxParties);
    s->consumers = std::clamp(consumers, 1, kMaxParties);
    s->parts.resize(s->producers);
    s->clocks.resize(s->producers);
    s->pushes.resize(s->producers, nullptr);
  }
  if (party < s->producers) {
    s->parts[party] = std::move(tile);
    s->clocks[party] = clock;
    s->pushes[party] = push;
    s->pushed |= 1u << party;
    if (s->written == nullptr && (s->split != 0 || party == 0)) s->written = push;
  }
  return s->split;
}

FifoRing::LiveSlot FifoRing::LiveOf(const Slot& s) const {
  LiveSlot live;
  live.index = static_cast<int>((s.seq - 1) % static_cast<uint64_t>(slot_num_));
  live.first = gm_ring_ + live.index * slot_size_;
  live.end = live.first + slot_size_;
  live.push = s.written;
  return live;
}

std::optional<FifoRing::LiveSlot> FifoRing::LastWritten(int party) const {
  const Slot* s = pushed_[party] > 0 ? At(pushed_[party] - 1) : nullptr;
  if (!placed() || s == nullptr || s->written == nullptr || s->released() ||
      (s->split == 0 && party != 0)) {
    return std::nullopt;
  }
  return LiveOf(*s);
}

std::optional<FifoRing::LiveSlot> FifoRing::LiveOverlapping(int64_t first, int64_t end) const {
  if (!placed()) return std::nullopt;
  for (const Slot& s : slots_) {
    if (s.written == nullptr || s.released()) continue;
    LiveSlot live = LiveOf(s);
    if (live.first < end && first < live.end) return live;
  }
  return std::nullopt;
}

FifoRing::Entry FifoRing::Pop(const Location* pop, int party) {
  Slot& s = *At(popped_[party]++);
  s.popped |= 1u << party;
  s.pops[party] = pop;
  Entry e;
  e.seq = s.seq;
  e.split = s.split;
  e.clocks = s.clocks;
  e.pushes = s.pushes;
  e.parts = s.parts;
  e.push = s.pushes[0];
  if (s.producers == 2 && s.split != 0 && s.parts[0]->shape == s.parts[1]->shape &&
      s.parts[0]->data.size() == s.parts[1]->data.size()) {
    e.tile = JoinHalves(*s.parts[0], *s.parts[1], s.split);
  } else if (s.consumers == 2 && s.split != 0) {
    e.tile = SplitHalf(*s.parts[0], s.split, party);
  } else {
    e.tile = s.parts[0];  // with two no-split producers: AIV0's data
  }
  return e;
}

FifoRing::FreeResult FifoRing::Free(uint64_t seq, const VectorClock& clock, int party) {
  if (seq == 0 || seq - 1 < base_) {
    return freed_.contains(seq) ? FreeResult::kAlreadyFreed : FreeResult::kNotPopped;
  }
  Slot* s = At(seq - 1);
  if (s == nullptr || party >= s->consumers || !(s->popped & (1u << party))) {
    return FreeResult::kNotPopped;
  }
  if (s->freed & (1u << party)) return FreeResult::kAlreadyFreed;
  s->freed |= 1u << party;
  if (freed_clock_.empty()) freed_clock_.assign(clock.size(), 0);
  JoinClock(freed_clock_, clock);
  while (!slots_.empty() && slots_.front().released() && slots_.front().complete()) {
    freed_.insert(slots_.front().seq);
    slots_.pop_front();
    ++base_;
  }
  return FreeResult::kOk;
}

std::vector<const Location*> FifoRing::Unpopped() const {
  std::vector<const Location*> out;
  for (const Slot& s : slots_) {
    if (s.popped == (1u << s.consumers) - 1) continue;
    const Location* first = nullptr;
    for (const Location* p : s.pushes) {
      if (first == nullptr) first = p;
    }
    out.push_back(first);
  }
  return out;
}

std::vector<FifoRing::Held> FifoRing::held(int party) const {
  std::vector<Held> out;
  for (const Slot& s : slots_) {
    const uint32_t bit = 1u << party;
    if ((s.popped & bit) && !(s.freed & bit)) out.push_back(Held{s.seq, s.pops[party], s.split});
  }
  return out;
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

std::shared_ptr<TileData> SplitHalf(const TileData& tile, int split, int half) {
  auto out = std::make_shared<TileData>(tile);
  out->data.clear();
  const Planes p = PlanesOf(tile.shape);
  const int64_t rows = split == 1 ? p.rows / 2 : p.rows;
  const int64_t cols = split == 1 ? p.cols : p.cols / 2;
  const int64_t row0 = split == 1 ? half * rows : 0;
  const int64_t col0 = split == 1 ? 0 : half * cols;
  for (int64_t b = 0; b < p.batches; ++b) {
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = 0; c < cols; ++c) {
        const int64_t at = (b * p.rows + row0 + r) * p.cols + col0 + c;
        out->data.push_back(at < static_cast<int64_t>(tile.data.size()) ? tile.data[at] : 0.0);
      }
    }
  }
  if (!out->shape.empty()) {
    out->shape[split == 1 && out->shape.size() >= 2 ? out->shape.size() - 2
                                                     : out->shape.size() - 1] =
        split == 1 ? rows : cols;
  }
  return out;
}

std::shared_ptr<TileData> JoinHalves(const TileData& first, const TileData& second, int split) {
  auto out = std::make_shared<TileData>(first);
  out->data.clear();
  const Planes p = PlanesOf(first.shape);
  const TileData* halves[2] = {&first, &second};
  for (int64_t b = 0; b < p.batches; ++b) {
    if (split == 1) {
      for (const TileData* h : halves) {
        const int64_t plane = p.rows * p.cols;
        for (int64_t i = 0; i < plane; ++i) out->data.push_back(h->data[b * plane + i]);
      }
      continue;
    }
    for (int64_t r = 0; r < p.rows; ++r) {
      for (const TileData* h : halves) {
        for (int64_t c = 0; c < p.cols; ++c) {
          out->data.push_back(h->data[(b * p.rows + r) * p.cols + c]);
        }
      }
    }
  }
  if (!out->shape.empty()) {
    size_t axis = split == 1 && out->shape.size() >= 2 ? out->shape.size() - 2
                                                       : out->shape.size() - 1;
    out->shape[axis] *= 2;
  }
  return out;
}

}  // namespace sim
}  // namespace ptoc
