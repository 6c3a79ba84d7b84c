#include "codegen/pipe_clocks.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "codegen/sync_plan.h"

namespace ptoc {
namespace codegen {
int EventIds(Pipe src, Pipe dst, int ids) {
  auto is = [&](Pipe a, Pipe b) { return src == a && dst == b; };
  const bool reserved = is(Pipe::kV, Pipe::kS) || is(Pipe::kS, Pipe::kV) ||
                        is(Pipe::kM, Pipe::kFix) || is(Pipe::kFix, Pipe::kM);
  return reserved ? ids - 1 : ids;
}

bool LegalSync(Backend backend, FunctionKind core, const SyncInstr& s, int ids) {
  switch (s.kind) {
    case SyncInstr::Kind::kBarrierAll:
      return true;
    case SyncInstr::Kind::kBarrier:
      return CoreHasPipe(core, s.src) && !(backend == Backend::kA5 && s.src == Pipe::kV);
    case SyncInstr::Kind::kSet:
    case SyncInstr::Kind::kWait:
      break;
  }
  return s.src != s.dst && CoreHasPipe(core, s.src) && CoreHasPipe(core, s.dst) && s.id >= 0 &&
         s.id < EventIds(s.src, s.dst, ids);
}

PipeClocks::PipeClocks(Backend backend) : backend_(backend) {
  issued_.fill(0);
  for (Row& row : vc_) row.fill(0);
}

PipeClocks::Key PipeClocks::KeyOf(const SyncInstr& s) {
  return Key{PipeIndex(s.src), PipeIndex(s.dst), s.id};
}

std::string PipeClocks::KeyText(const Key& key) {
  return absl::StrCat("(", PipeName(static_cast<Pipe>(std::get<0>(key))), ", ",
                      PipeName(static_cast<Pipe>(std::get<1>(key))), ", EVENT_ID",
                      std::get<2>(key), ")");
}

bool PipeClocks::BeforeOp(const MachineStep& step) {
  const bool full = step.barrier_all_before || step.drains_all;
  if (full) BarrierAll();
  for (Pipe d : step.drains) Complete(d);
  if (!step.drains.empty()) Complete(Pipe::kS);  // the fence's dsb
  return full;
}

int64_t PipeClocks::Issue(Pipe p, bool wait_type) {
  const int x = PipeIndex(p);
  const int64_t i = ++issued_[x];
  if (PipeInOrder(backend_, p) || wait_type) vc_[x][x] = std::max(vc_[x][x], i - 1);
  return i;
}

void PipeClocks::Done(Pipe q, int64_t i) {
  if (!PipeInOrder(backend_, q)) return;
  const int x = PipeIndex(q);
  vc_[x][x] = std::max(vc_[x][x], i);
}

bool PipeClocks::Ordered(Pipe later, Pipe earlier, int64_t index) const {
  return (later == earlier && PipeInOrder(backend_, later)) ||
         vc_[PipeIndex(later)][PipeIndex(earlier)] >= index;
}

void PipeClocks::BarrierAll() {
  for (Row& row : vc_) {
    for (int x = 0; x < kNumPipes; ++x) row[x] = std::max(row[x], issued_[x]);
  }
}

void PipeClocks::Barrier(Pipe p) {
  const int x = PipeIndex(p);
  vc_[x][x] = std::max(vc_[x][x], issued_[x]);
}

void PipeClocks::Complete(Pipe p) {
  for (Row& row : vc_) row[PipeIndex(p)] = std::max(row[PipeIndex(p)], issued_[PipeIndex(p)]);
}

PipeClocks::SetResult PipeClocks::Set(const Key& key, const Location& loc) {
  const Pipe src = static_cast<Pipe>(std::get<0>(key));
  const Pipe dst = static_cast<Pipe>(std::get<1>(key));
  const int64_t i = Issue(src, false);
  Flag& f = FlagAt(key);
  if (f.set) return SetResult::kDoubleSet;
  const bool race = f.wait_index > 0 && vc_[PipeIndex(src)][PipeIndex(dst)] < f.wait_index;
  f.set = true;
  f.set_loc = loc;
  f.token = vc_[PipeIndex(src)];
  f.token[PipeIndex(src)] = i - 1;
  return race ? SetResult::kReuseRace : SetResult::kOk;
}

bool PipeClocks::Wait(const Key& key, const Location& loc) {
  const Pipe dst = static_cast<Pipe>(std::get<1>(key));
  const int d = PipeIndex(dst);
  Flag& f = FlagAt(key);
  const int64_t i = Issue(dst, true);
  const bool was_set = f.set;
  if (was_set) {
    for (int x = 0; x < kNumPipes; ++x) vc_[d][x] = std::max(vc_[d][x], f.token[x]);
  }
  vc_[d][d] = std::max(vc_[d][d], i);
  f.set = false;
  f.wait_index = i;
  f.wait_loc = loc;
  return was_set;
}

bool PipeClocks::BusyAtReturn(Pipe x) const {
  return x != Pipe::kS && vc_[PipeIndex(Pipe::kS)][PipeIndex(x)] < issued_[PipeIndex(x)];
}

namespace {
bool KeyBefore(const std::pair<PipeClocks::Key, PipeClocks::Flag>& f, const PipeClocks::Key& key) {
  return f.first < key;
}
}  // namespace

PipeClocks::Flag& PipeClocks::FlagAt(const Key& key) {
  auto it = std::lower_bound(flags_.begin(), flags_.end(), key, KeyBefore);
  if (it == flags_.end() || it->first != key) it = flags_.insert(it, {key, Flag()});
  return it->second;
}

const PipeClocks::Flag* PipeClocks::FlagOf(const Key& key) const {
  auto it = std::lower_bound(flags_.begin(), flags_.end(), key, KeyBefore);
  return it == flags_.end() || it->first != key ? nullptr : &it->second;
}

int64_t PipeClocks::KnownByAll(FunctionKind core, Pipe x) const {
  int64_t m = issued_[PipeIndex(x)];
  for (int p = 0; p < kNumPipes; ++p) {
    if (CoreHasPipe(core, static_cast<Pipe>(p))) m = std::min(m, vc_[p][PipeIndex(x)]);
  }
  return m;
}

void PipeClocks::Shift(FunctionKind core, const Row& shift) {
  auto down = [](int64_t v, int64_t by) { return std::max<int64_t>(0, v - by); };
  for (int x = 0; x < kNumPipes; ++x) {
    issued_[x] = down(issued_[x], shift[x]);
    for (int p = 0; p < kNumPipes; ++p) vc_[p][x] = down(vc_[p][x], shift[x]);
  }
  for (int p = 0; p < kNumPipes; ++p) {
    if (!CoreHasPipe(core, static_cast<Pipe>(p))) vc_[p].fill(0);
  }
  for (auto it = flags_.begin(); it != flags_.end();) {
    Flag& f = it->second;
    const int dst = std::get<1>(it->first);
    for (int x = 0; x < kNumPipes; ++x) f.token[x] = down(f.token[x], shift[x]);
    f.wait_index = down(f.wait_index, shift[dst]);
    // A flag not set whose last wait its src pipe knows complete is as good
    // as new: no later set of it can race with that wait (what a pipe knows
    // only grows).
    if (!f.set && (f.wait_index == 0 || vc_[std::get<0>(it->first)][dst] >= f.wait_index)) {
      it = flags_.erase(it);
    } else {
      f.set_loc = f.wait_loc = Location();
      if (!f.set) f.token.fill(0);
      ++it;
    }
  }
}

void PipeClocks::Renumber(Points& points) {
  for (int x = 0; x < kNumPipes; ++x) points[x].push_back(issued_[x]);
  for (const auto& [key, f] : flags_) {
    if (f.wait_index > 0) points[std::get<1>(key)].push_back(f.wait_index);
  }
  for (std::vector<int64_t>& p : points) {
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
    if (!p.empty() && p.front() == 0) p.erase(p.begin());
  }
  for (int x = 0; x < kNumPipes; ++x) {
    issued_[x] = Rank(points[x], issued_[x]);
    for (Row& row : vc_) row[x] = Rank(points[x], row[x]);
  }
  for (auto& [key, f] : flags_) {
    for (int x = 0; x < kNumPipes; ++x) f.token[x] = Rank(points[x], f.token[x]);
    f.wait_index = Rank(points[std::get<1>(key)], f.wait_index);
  }
}

int64_t PipeClocks::Rank(const std::vector<int64_t>& points, int64_t v) {
  return std::upper_bound(points.begin(), points.end(), v) - points.begin();
}

bool PipeClocks::operator<(const PipeClocks& o) const {
  if (issued_ != o.issued_) return issued_ < o.issued_;
  if (vc_ != o.vc_) return vc_ < o.vc_;
  if (flags_.size() != o.flags_.size()) return flags_.size() < o.flags_.size();
  for (auto a = flags_.begin(), b = o.flags_.begin(); a != flags_.end(); ++a, ++b) {
    if (a->first != b->first) return a->first < b->first;
    const Flag& fa = a->second;
    const Flag& fb = b->second;
    if (fa.set != fb.set) return fa.set < fb.set;
    if (fa.token != fb.token) return fa.token < fb.token;
    if (fa.wait_index != fb.wait_index) return fa.wait_index < fb.wait_index;
  }
  return false;
}

bool PipeClocks::operator==(const PipeClocks& o) const { return !(*this < o) && !(o < *this); }

}  // namespace codegen
}  // namespace ptoc
