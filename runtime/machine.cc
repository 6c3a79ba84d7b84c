#include "runtime/machine.h"

#include <algorithm>

#include "runtime/values.h"

namespace ptoc {
namespace sim {
namespace {

uint64_t AlignUp(uint64_t v) { return (v + kLineBytes - 1) / kLineBytes * kLineBytes; }

// Calls fn(line, first_offset, count, index_in_range) for each piece of
// [addr, addr + n) that lies in one line.
template <typename Fn>
void ForEachLinePiece(uint64_t addr, uint64_t n, Fn fn) {
  uint64_t done = 0;
  while (done < n) {
    uint64_t a = addr + done;
    uint64_t line = a / kLineBytes;
    uint64_t off = a % kLineBytes;
    uint64_t count = std::min<uint64_t>(kLineBytes - off, n - done);
    fn(line, static_cast<int>(off), static_cast<int>(count), done);
    done += count;
  }
}

}  // namespace

Machine::Machine(int num_lanes) : lanes_(num_lanes) {
  WriteRecord initial;
  writes_.push_back(initial);
}

int Machine::Allocate(std::string name, int rank, int param, std::vector<int64_t> shape,
                      DType dtype, bool window) {
  Allocation a;
  a.name = std::move(name);
  a.rank = rank;
  a.param = param;
  a.shape = std::move(shape);
  a.dtype = dtype;
  a.window = window;
  a.elements = 1;
  for (int64_t d : a.shape) a.elements *= d;
  a.bytes = static_cast<uint64_t>(a.elements) * DTypeBytes(dtype);
  a.base = AlignUp(size_);
  // Every tensor gets at least one line of its own.
  size_ = a.base + std::max<uint64_t>(AlignUp(a.bytes), kLineBytes);
  versions_.resize(size_ / kLineBytes, std::vector<LineVersion>(1));
  allocations_.push_back(std::move(a));
  return static_cast<int>(allocations_.size()) - 1;
}

int Machine::AddAlias(std::string name, int rank, int param, uint64_t base,
                      std::vector<int64_t> shape, DType dtype, bool window) {
  Allocation a;
  a.name = std::move(name);
  a.rank = rank;
  a.param = param;
  a.shape = std::move(shape);
  a.dtype = dtype;
  a.window = window;
  a.elements = 1;
  for (int64_t d : a.shape) a.elements *= d;
  a.bytes = static_cast<uint64_t>(a.elements) * DTypeBytes(dtype);
  a.base = base;
  allocations_.push_back(std::move(a));
  return static_cast<int>(allocations_.size()) - 1;
}

int Machine::FindAllocation(int param, int rank) const {
  for (size_t i = 0; i < allocations_.size(); ++i) {
    if (allocations_[i].param == param && allocations_[i].rank == rank) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

bool Machine::InWindow(uint64_t addr, uint64_t n) const {
  if (windows_of_ != allocations_.size()) {
    windows_.clear();
    for (const Allocation& a : allocations_) {
      if (a.window) windows_.push_back(Window{a.base, a.base + a.bytes, 0});
    }
    std::sort(windows_.begin(), windows_.end(),
              [](const Window& x, const Window& y) { return x.base < y.base; });
    uint64_t reach = 0;
    for (Window& w : windows_) w.reach = reach = std::max(reach, w.end);
    windows_of_ = allocations_.size();
  }
  // Back from the last window starting at or before `addr`, while one of
  // them may still reach past it (windows nest: a view of a window buffer).
  auto it = std::upper_bound(windows_.begin(), windows_.end(), addr,
                             [](uint64_t a, const Window& w) { return a < w.base; });
  while (it != windows_.begin()) {
    --it;
    if (it->reach <= addr) return false;
    if (addr + n <= it->end) return true;
  }
  return false;
}

void Machine::Initialize(uint64_t addr, const std::vector<uint8_t>& bytes) {
  ForEachLinePiece(addr, bytes.size(), [&](uint64_t line, int off, int count, uint64_t at) {
    LineVersion& v = versions_[line].front();
    std::copy_n(bytes.begin() + at, count, v.value.begin() + off);
  });
}

uint32_t Machine::NewWrite(const WriteRecord& record) {
  writes_.push_back(record);
  return static_cast<uint32_t>(writes_.size() - 1);
}

void Machine::RecordOwn(int lane, uint64_t addr, const uint8_t* bytes, int n, uint32_t wid) {
  LaneMemory& mem = lanes_[lane];
  ForEachLinePiece(addr, n, [&](uint64_t line, int off, int count, uint64_t at) {
    OwnLine& own = mem.own[line];
    std::copy_n(bytes + at, count, own.value.begin() + off);
    std::fill_n(own.wid.begin() + off, count, wid);
  });
}

void Machine::IssueDmaWrite(int lane, PendingWrite write) {
  for (const Segment& s : write.segments) {
    if (!write.atomic_add) RecordOwn(lane, s.addr, s.data.data(), s.data.size(), s.wid);
    writes_[s.wid].state = WriteState::kPendingDma;
    writes_[s.wid].commit_time = kNever;
  }
  lanes_[lane].pending.push_back(std::move(write));
}

void Machine::IssueScalarWrite(int lane, uint32_t wid, uint64_t addr, const uint8_t* bytes,
                               int n) {
  LaneMemory& mem = lanes_[lane];
  ForEachLinePiece(addr, n, [&](uint64_t line, int off, int count, uint64_t at) {
    auto [it, fresh] = mem.dirty.try_emplace(line);
    DirtyLine& d = it->second;
    if (fresh) {
      d.snapshot = SnapshotTime(lane, line * kLineBytes);
      const LineVersion& fetched = VersionAt(line, d.snapshot);
      d.fetched_value = fetched.value;
      d.fetched_wid = fetched.wid;
    }
    for (int i = 0; i < count; ++i) {
      d.value[off + i] = bytes[at + i];
      d.wid[off + i] = wid;
      d.mask |= uint64_t{1} << (off + i);
    }
  });
  RecordOwn(lane, addr, bytes, n, wid);
  writes_[wid].state = WriteState::kDirty;
  writes_[wid].commit_time = kNever;
}

void Machine::CommitNow(int lane, const PendingWrite& write) {
  Land(write);
  for (const Segment& s : write.segments) {
    if (!write.atomic_add) RecordOwn(lane, s.addr, s.data.data(), s.data.size(), s.wid);
    MarkCommitted(s.wid);
  }
}

void Machine::MarkCommitted(uint32_t wid) {
  writes_[wid].state = WriteState::kCommitted;
  writes_[wid].commit_time = now_;
}

Machine::LineVersion& Machine::MutableCurrent(uint64_t line) {
  std::vector<LineVersion>& vs = versions_[line];
  if (vs.back().time != now_) {
    LineVersion next = vs.back();
    next.time = now_;
    vs.push_back(next);
    size_t drop = 0;
    while (drop + 1 < vs.size() && vs[drop + 1].time <= oldest_snapshot_) ++drop;
    vs.erase(vs.begin(), vs.begin() + drop);
  }
  return vs.back();
}

void Machine::Land(const PendingWrite& write) {
  const int elem = DTypeBytes(write.dtype);
  for (const Segment& s : write.segments) {
    ForEachLinePiece(s.addr, s.data.size(), [&](uint64_t line, int off, int count,
                                                uint64_t at) {
      LineVersion& v = MutableCurrent(line);
      if (s.carried) {
        // A newer write of another lane than the write-back's own (the
        // lane's own newer writes are not carried; its atomic adds and
        // copies, which it does not record as its own, are not clobbered
        // either: they are in program order for it).
        for (int i = 0; i < count; ++i) {
          const uint32_t now = v.wid[off + i];
          const uint64_t addr = line * kLineBytes + off + i;
          if (now == s.wid || writes_[now].commit_time <= s.snapshot ||
              writes_[now].lane == writes_[s.by].lane) {
            continue;
          }
          LineClobber* last = clobbers_.empty() ? nullptr : &clobbers_.back();
          if (last != nullptr && last->by == s.by && last->clobbered == now &&
              last->addr + last->bytes == addr) {
            ++last->bytes;
          } else {
            clobbers_.push_back(LineClobber{addr, 1, s.by, now});
          }
          clobbered_bytes_.insert(addr);
        }
      } else if (!write.atomic_add && !clobbered_bytes_.empty()) {
        // A newer value replaces what a write-back put back.
        for (int i = 0; i < count; ++i) clobbered_bytes_.erase(line * kLineBytes + off + i);
      }
      if (!write.atomic_add) {
        std::copy_n(s.data.begin() + at, count, v.value.begin() + off);
        std::fill_n(v.wid.begin() + off, count, s.wid);
        return;
      }
      // Elements never straddle lines: bases and lines are 64-byte aligned.
      for (int i = 0; i + elem <= count; i += elem) {
        double sum = DecodeElement(&v.value[off + i], write.dtype) +
                     DecodeElement(&s.data[at + i], write.dtype);
        EncodeElement(RoundToDType(sum, write.dtype), write.dtype, &v.value[off + i]);
        std::fill_n(v.wid.begin() + off + i, elem, s.wid);
      }
    });
  }
}

void Machine::Fence(int lane) {
  std::vector<PendingWrite> pending = std::move(lanes_[lane].pending);
  lanes_[lane].pending.clear();
  for (const PendingWrite& w : pending) {
    Land(w);
    for (const Segment& s : w.segments) {
      if (!s.carried) MarkCommitted(s.wid);
    }
  }
}

void Machine::CleanLine(int lane, uint64_t line) {
  LaneMemory& mem = lanes_[lane];
  auto it = mem.dirty.find(line);
  if (it == mem.dirty.end()) return;
  const DirtyLine& d = it->second;
  // The bytes the lane did not write, as the line was fetched; its own
  // newer writes (which it sees in program order) are not carried.
  const uint64_t snapshot = d.snapshot;
  auto own = mem.own.find(line);
  const uint32_t by = d.wid[__builtin_ctzll(d.mask)];
  // A window is GM every rank shares, so its line is carried whole. A plain
  // tensor's bytes past it are not carried: a whole-program run passes each
  // rank a view of one host tensor, and the bytes past the view are on
  // another device (for views of one device tensor this misses sharing
  // between them).
  uint64_t lo = 0, hi = UINT64_MAX;
  if (const int alloc = writes_[by].alloc; alloc >= 0 && !allocations_[alloc].window) {
    lo = allocations_[alloc].base;
    hi = lo + allocations_[alloc].bytes;
  }
  PendingWrite back;
  for (int i = 0; i < static_cast<int>(kLineBytes); ++i) {
    const uint64_t addr = line * kLineBytes + i;
    const bool dirty = d.mask & (uint64_t{1} << i);
    if (!dirty && (addr < lo || addr >= hi ||
                   (own != mem.own.end() && own->second.wid[i] != 0 &&
                    writes_[own->second.wid[i]].commit_time > snapshot))) {
      continue;
    }
    const uint32_t wid = dirty ? d.wid[i] : d.fetched_wid[i];
    Segment* last = back.segments.empty() ? nullptr : &back.segments.back();
    if (last == nullptr || last->wid != wid || last->carried == dirty ||
        last->addr + last->data.size() != addr) {
      back.segments.push_back(Segment{addr, {}, wid, !dirty, snapshot, by});
      last = &back.segments.back();
    }
    last->data.push_back(dirty ? d.value[i] : d.fetched_value[i]);
    if (!dirty) continue;
    writes_[wid].state = WriteState::kPendingWriteBack;
    writes_[wid].clean_time = now_;
  }
  mem.dirty.erase(it);
  mem.pending.push_back(std::move(back));
}

void Machine::InvalidateRange(int lane, uint64_t addr, uint64_t n) {
  if (n == 0) return;
  LaneMemory& mem = lanes_[lane];
  for (uint64_t line = addr / kLineBytes; line <= (addr + n - 1) / kLineBytes; ++line) {
    CleanLine(lane, line);
    mem.line_invalidate_time[line] = now_;
  }
}

void Machine::InvalidateAll(int lane) {
  LaneMemory& mem = lanes_[lane];
  while (!mem.dirty.empty()) CleanLine(lane, mem.dirty.begin()->first);
  mem.whole_invalidate_time = now_;
  mem.line_invalidate_time.clear();
  // Own writes that have landed are in every snapshot the lane can take
  // from now on; dropping them only saves memory, so it is done when the
  // map has doubled since the last time.
  if (mem.own.size() < 2 * mem.own_after_prune + 64) {
    UpdateOldestSnapshot();
    return;
  }
  for (auto it = mem.own.begin(); it != mem.own.end();) {
    bool live = false;
    for (uint32_t wid : it->second.wid) {
      if (wid != 0 && writes_[wid].commit_time == kNever) live = true;
    }
    if (live) {
      ++it;
    } else {
      mem.own.erase(it++);
    }
  }
  mem.own_after_prune = mem.own.size();
  UpdateOldestSnapshot();
}

void Machine::FinishLane(int lane) {
  lanes_[lane].finished = true;
  UpdateOldestSnapshot();
}

void Machine::EndLaunch(int lane) {
  LaneMemory& mem = lanes_[lane];
  while (!mem.dirty.empty()) CleanLine(lane, mem.dirty.begin()->first);
  Fence(lane);
}

void Machine::RestartLane(int lane) {
  lanes_[lane].finished = false;
  UpdateOldestSnapshot();
}

void Machine::Drain(int lane) {
  InvalidateAll(lane);
  Fence(lane);
}

void Machine::UpdateOldestSnapshot() {
  uint64_t oldest = kNever;
  for (const LaneMemory& mem : lanes_) {
    if (!mem.finished) oldest = std::min(oldest, mem.whole_invalidate_time);
  }
  oldest_snapshot_ = oldest;
}

const Machine::LineVersion& Machine::VersionAt(uint64_t line, uint64_t time) const {
  const std::vector<LineVersion>& vs = versions_[line];
  for (size_t i = vs.size(); i-- > 0;) {
    if (vs[i].time <= time) return vs[i];
  }
  return vs.front();
}

uint64_t Machine::SnapshotTime(int lane, uint64_t addr) const {
  const LaneMemory& mem = lanes_[lane];
  auto it = mem.line_invalidate_time.find(addr / kLineBytes);
  return it == mem.line_invalidate_time.end() ? mem.whole_invalidate_time : it->second;
}

void Machine::ReadGm(uint64_t addr, int n, uint8_t* value, uint32_t* wid) const {
  ForEachLinePiece(addr, n, [&](uint64_t line, int off, int count, uint64_t at) {
    const LineVersion& v = versions_[line].back();
    std::copy_n(v.value.begin() + off, count, value + at);
    std::copy_n(v.wid.begin() + off, count, wid + at);
  });
}

void Machine::ReadDma(int lane, uint64_t addr, int n, uint8_t* value, uint32_t* wid) const {
  const LaneMemory& mem = lanes_[lane];
  ForEachLinePiece(addr, n, [&](uint64_t line, int off, int count, uint64_t at) {
    const LineVersion& v = versions_[line].back();
    auto own = mem.own.find(line);
    for (int i = 0; i < count; ++i) {
      uint32_t w = own == mem.own.end() ? 0 : own->second.wid[off + i];
      if (w != 0 && writes_[w].commit_time == kNever) {
        value[at + i] = own->second.value[off + i];
        wid[at + i] = w;
      } else {
        value[at + i] = v.value[off + i];
        wid[at + i] = v.wid[off + i];
      }
    }
  });
  ApplyOwnAtomicAdds(lane, addr, n, value, wid);
}

void Machine::ApplyOwnAtomicAdds(int lane, uint64_t addr, int n, uint8_t* value,
                                 uint32_t* wid) const {
  for (const PendingWrite& p : lanes_[lane].pending) {
    if (!p.atomic_add) continue;
    const int elem = DTypeBytes(p.dtype);
    for (const Segment& s : p.segments) {
      for (uint64_t e = s.addr; e + elem <= s.addr + s.data.size(); e += elem) {
        if (e < addr || e + elem > addr + n) continue;
        uint8_t* at = value + (e - addr);
        double sum = DecodeElement(at, p.dtype) + DecodeElement(&s.data[e - s.addr], p.dtype);
        EncodeElement(RoundToDType(sum, p.dtype), p.dtype, at);
        std::fill_n(wid + (e - addr), elem, s.wid);
      }
    }
  }
}

void Machine::ReadScalar(int lane, uint64_t addr, int n, uint8_t* value,
                         uint32_t* wid) const {
  const LaneMemory& mem = lanes_[lane];
  ForEachLinePiece(addr, n, [&](uint64_t line, int off, int count, uint64_t at) {
    uint64_t snapshot = SnapshotTime(lane, line * kLineBytes);
    const LineVersion& v = VersionAt(line, snapshot);
    auto own = mem.own.find(line);
    for (int i = 0; i < count; ++i) {
      uint32_t w = own == mem.own.end() ? 0 : own->second.wid[off + i];
      if (w != 0 && writes_[w].commit_time > snapshot) {
        value[at + i] = own->second.value[off + i];
        wid[at + i] = w;
      } else {
        value[at + i] = v.value[off + i];
        wid[at + i] = v.wid[off + i];
      }
    }
  });
  ApplyOwnAtomicAdds(lane, addr, n, value, wid);
}

size_t Machine::version_count() const {
  size_t n = 0;
  for (const auto& vs : versions_) n += vs.size();
  return n;
}

}  // namespace sim
}  // namespace ptoc
