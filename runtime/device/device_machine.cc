#include "runtime/device/device_machine.h"

#include <algorithm>
#include <cstring>
#include <thread>

#include "absl/strings/str_cat.h"
#include "runtime/device/device_pipes.h"

namespace ptoc {
namespace sim {
namespace {

// On-chip buffers are at most a few hundred KiB on the device; anything
// past this is a wrong address, reported instead of allocated.
constexpr uint64_t kLocalBytes = uint64_t{1} << 20;
// A lane keeps the token for a random burst of up to this many calls.
constexpr uint64_t kMaxBurst = 16;

// Thrown into a lane's thread to unwind its kernel when the run stops.
struct LaneAbort {};

DeviceMachine* g_current = nullptr;
thread_local int t_lane = -1;

}  // namespace

DeviceMachine::DeviceMachine(World& world, SourceMap& sources, uint8_t* host_gm, uint64_t seed,
                             int64_t max_steps)
    : w_(world),
      checker_(world),
      sources_(sources),
      host_gm_(host_gm),
      published_(world.machine.size()),
      read_marks_(world.machine.size()),
      wid_scratch_(kLineBytes),
      rng_(seed),
      max_steps_(max_steps),
      lanes_(world.lanes.size()) {}

DeviceMachine& DeviceMachine::Current() { return *g_current; }

DeviceMachine* DeviceMachine::Running() { return g_current; }

int DeviceMachine::lane() const { return t_lane; }

void DeviceMachine::SetBody(int lane, std::function<void()> body) {
  Lane& l = lanes_[lane];
  l.body = std::move(body);
  l.ready = nullptr;
  l.why.clear();
  l.position = nullptr;
  l.consumer_buf = {};
}

void DeviceMachine::Run(LaunchQueue* queue) {
  g_current = this;
  queue_ = queue;
  {
    std::lock_guard<std::mutex> lock(mu_);
    current_ = Choose(-1);
    done_ = current_ < 0;
  }
  std::vector<std::thread> threads;
  for (size_t l = 0; l < lanes_.size(); ++l) {
    threads.emplace_back([this, l] { LaneMain(static_cast<int>(l)); });
  }
  for (std::thread& t : threads) t.join();
  g_current = nullptr;
  queue_ = nullptr;
  if (!stopped_) w_.ReportUnpoppedTiles();
}

void DeviceMachine::LaneMain(int lane) {
  t_lane = lane;
  // A lane runs a kernel each time it is given the token; in a whole
  // program, the queue may start it again after its kernel returned.
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [&] { return current_ == lane || stopped_ || done_; });
      if (stopped_ || done_) return;
    }
    PublishView(lane);
    try {
      lanes_[lane].body();
    } catch (const LaneAbort&) {
      return;
    }
    EndKernel(lane);
    if (queue_ != nullptr) queue_->LaneFinished(lane);
    std::lock_guard<std::mutex> lock(mu_);
    bool all_finished = true;
    for (const LaneState& l : w_.lanes) all_finished = all_finished && l.finished;
    const int next = all_finished ? -1 : Choose(lane);
    if (all_finished) {
      done_ = true;
    } else if (next < 0) {
      ReportStuck(FindingKind::kDeadlock, "");
      stopped_ = true;
    } else {
      current_ = next;
    }
    cv_.notify_all();
    if (done_ || stopped_) return;
  }
}

void DeviceMachine::EndKernel(int lane) {
  loc_ = lanes_[lane].position;
  TakeScalarReads(lane);
  TakeScalarWrites(lane);
  if (pipes_ != nullptr) pipes_->Return(lane);
  // Popped slots the lane never gave back.
  const bool cube = w_.lanes[lane].core == LaneCore::kAic;
  const PipeDir consumed = cube ? PipeDir::kV2C : PipeDir::kC2V;
  const int party = w_.lanes[lane].core == LaneCore::kAiv ? w_.lanes[lane].subblock : 0;
  for (const FifoRing::Held& h : w_.ring(w_.lanes[lane], consumed).held(party)) {
    Finding f;
    f.kind = FindingKind::kProtocolError;
    f.message = absl::StrCat("tpop without tfree: the ", consumed == PipeDir::kC2V ? "C2V" : "V2C",
                             " slot popped here was never freed");
    f.locations.push_back(SourceRef{"position", h.pop != nullptr ? *h.pop : Location{}, ""});
    w_.AddFinding(std::move(f), lane);
  }
  w_.machine.FinishLane(lane);
  w_.lanes[lane].finished = true;
}

int DeviceMachine::Choose(int current) {
  std::vector<int> candidates;
  for (int l = 0; l < static_cast<int>(lanes_.size()); ++l) {
    const Lane& lane = lanes_[l];
    if (!w_.lanes[l].finished && (lane.ready == nullptr || lane.ready())) candidates.push_back(l);
  }
  if (candidates.empty()) return -1;
  const bool current_ok =
      std::find(candidates.begin(), candidates.end(), current) != candidates.end();
  if (current_ok && burst_left_ > 0) {
    --burst_left_;
    return current;
  }
  burst_left_ = static_cast<int>(rng_.Below(kMaxBurst));
  return candidates[rng_.Below(candidates.size())];
}

void DeviceMachine::SwitchTo(int next) {
  std::unique_lock<std::mutex> lock(mu_);
  current_ = next;
  cv_.notify_all();
  const int me = t_lane;
  cv_.wait(lock, [&] { return current_ == me || stopped_; });
  if (stopped_) throw LaneAbort{};
}

void DeviceMachine::Stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopped_ = true;
  }
  cv_.notify_all();
  throw LaneAbort{};
}

void DeviceMachine::ReportStuck(FindingKind kind, std::string message) {
  Finding f;
  f.kind = kind;
  int running = 0;
  for (size_t l = 0; l < lanes_.size(); ++l) {
    const Lane& lane = lanes_[l];
    if (w_.lanes[l].finished) continue;
    ++running;
    const bool blocked = lane.ready != nullptr && !lane.ready();
    f.locations.push_back(SourceRef{
        "position", lane.position != nullptr ? *lane.position : Location{},
        absl::StrCat(w_.LaneName(static_cast<int>(l)), " of rank ", w_.lanes[l].rank, ": ",
                     blocked ? absl::StrCat("blocked: ", lane.why) : "ready to run")});
  }
  f.message = kind == FindingKind::kDeadlock
                  ? absl::StrCat("every lane still running is blocked (", running, " of ",
                                 lanes_.size(), " lanes)")
                  : std::move(message);
  w_.AddFinding(std::move(f), -1);
}

void DeviceMachine::Enter(const char* file, int line, std::function<bool()> ready,
                          std::string why) {
  const int me = t_lane;
  loc_ = sources_.Locate(file, line);
  TakeScalarReads(me);
  TakeScalarWrites(me);
  Lane& l = lanes_[me];
  l.position = loc_;
  l.ready = std::move(ready);
  l.why = std::move(why);
  if (++steps_ > max_steps_) {
    ReportStuck(FindingKind::kLivelock,
                absl::StrCat("the run reached --max-steps=", max_steps_,
                             " device-API calls before every lane finished (a possible "
                             "livelock)"));
    Stop();
  }
  const int next = Choose(me);
  if (next < 0) {
    ReportStuck(FindingKind::kDeadlock, "");
    Stop();
  }
  if (next != me) {
    SwitchTo(next);
    PublishView(me);
  }
  l.ready = nullptr;
  loc_ = l.position;
  w_.machine.Tick();
  ++w_.steps;
  checker_.BeginOp(me, loc_);
}

void DeviceMachine::Leave() { PublishView(t_lane); }

void DeviceMachine::PublishView(int lane) {
  const uint64_t size = w_.machine.size();
  for (uint64_t at = 0; at < size; at += kLineBytes) {
    w_.machine.ReadScalar(lane, at, static_cast<int>(kLineBytes), host_gm_ + at,
                          wid_scratch_.data());
  }
  std::memcpy(published_.data(), host_gm_, size);
}

void DeviceMachine::ScalarRead(const void* p, uint64_t bytes) {
  // Loads of the objects' own start-up code (no lane), and of anything but
  // GM (the stack, the kernel's arguments), are not GM reads.
  if (t_lane < 0) return;
  const std::optional<uint64_t> at = GmAddress(p);
  if (!at.has_value()) return;
  const uint64_t end = std::min(*at + bytes, w_.machine.size());
  for (uint64_t b = *at; b < end; ++b) {
    // A byte the lane changed since its last call holds its own newest write.
    if (host_gm_[b] != published_[b] || read_marks_[b] != 0) continue;
    const uint64_t line = b / kLineBytes;
    const auto from = read_marks_.begin() + line * kLineBytes;
    const auto to = read_marks_.begin() + std::min((line + 1) * kLineBytes, w_.machine.size());
    if (std::none_of(from, to, [](uint8_t m) { return m != 0; })) read_lines_.push_back(line);
    read_marks_[b] = 1;
  }
}

void DeviceMachine::TakeScalarReads(int lane) {
  if (read_lines_.empty()) return;
  checker_.BeginOp(lane, loc_);
  std::vector<uint8_t> value(kLineBytes);
  for (uint64_t line : read_lines_) {
    const uint64_t first = line * kLineBytes;
    const uint64_t last = std::min(first + kLineBytes, w_.machine.size());
    for (uint64_t at = first; at < last;) {
      if (read_marks_[at] == 0) {
        ++at;
        continue;
      }
      uint64_t end = at;
      while (end < last && read_marks_[end] != 0) read_marks_[end++] = 0;
      checker_.Read(ReadPath::kCache, at, static_cast<int>(end - at), value.data());
      at = end;
    }
  }
  read_lines_.clear();
}

void DeviceMachine::TakeScalarWrites(int lane) {
  const uint64_t size = w_.machine.size();
  if (std::memcmp(published_.data(), host_gm_, size) == 0) return;
  checker_.BeginOp(lane, loc_);
  uint64_t at = 0;
  while (at < size) {
    if (published_[at] == host_gm_[at]) {
      ++at;
      continue;
    }
    uint64_t end = at;
    while (end < size && published_[end] != host_gm_[end]) ++end;
    // One write per tensor the changed bytes fall in.
    for (uint64_t from = at; from < end;) {
      const int alloc = AllocationOf(from, 1);
      uint64_t to = end;
      if (alloc >= 0) {
        const Allocation& a = w_.machine.allocation(alloc);
        to = std::min<uint64_t>(end, a.base + a.bytes);
        const uint32_t wid = checker_.NewWrite(WriteKind::kScalar, false, alloc);
        checker_.NoteWrite(wid, from, static_cast<int>(to - from));
        w_.machine.IssueScalarWrite(lane, wid, from, host_gm_ + from, static_cast<int>(to - from));
      } else {
        for (uint64_t b = from + 1; b < end; ++b) {
          if (AllocationOf(b, 1) >= 0) {
            to = b;
            break;
          }
        }
        Protocol(absl::StrCat("out-of-bounds GM access: a scalar write of ", to - from,
                              " bytes at GM offset ", from, " outside every tensor"));
      }
      from = to;
    }
    std::memcpy(published_.data() + at, host_gm_ + at, end - at);
    at = end;
  }
}

std::optional<uint64_t> DeviceMachine::GmAddress(const void* p) const {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  const uintptr_t base = reinterpret_cast<uintptr_t>(host_gm_);
  if (a < base || a >= base + w_.machine.size()) return std::nullopt;
  return a - base;
}

int DeviceMachine::AllocationOf(uint64_t addr, uint64_t bytes) const {
  // Latest first, as World::DescribeAddress: a view a whole program passes a
  // kernel is placed after the tensor or window buffer it is cut from.
  for (int i = w_.machine.num_allocations(); i-- > 0;) {
    const Allocation& a = w_.machine.allocation(i);
    if (addr >= a.base && addr + bytes <= a.base + a.bytes) return i;
  }
  return -1;
}

void DeviceMachine::Protocol(std::string message, std::vector<SourceRef> more) {
  Finding f;
  f.kind = FindingKind::kProtocolError;
  f.message = std::move(message);
  f.locations.push_back(SourceRef{"position", loc_ != nullptr ? *loc_ : Location{}, ""});
  for (SourceRef& r : more) f.locations.push_back(std::move(r));
  w_.AddFinding(std::move(f), t_lane);
}

uint8_t* DeviceMachine::Local(int memory, uint64_t address, uint64_t bytes, const char* what) {
  if (memory < 0 || memory >= 6 || address > kLocalBytes || bytes > kLocalBytes - address) {
    Protocol(absl::StrCat(what, ": the tile at on-chip address ", address, " (", bytes,
                          " bytes) is outside the ", kLocalBytes, "-byte buffer"));
    return nullptr;
  }
  std::vector<uint8_t>& m = lanes_[t_lane].local[memory];
  if (m.size() < address + bytes) m.resize(address + bytes, 0);
  return m.data() + address;
}

}  // namespace sim
}  // namespace ptoc
