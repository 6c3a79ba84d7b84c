// Ifs in the forward plan: each branch starts from the state before the if
// and the two states merge after it. A pair whose consumer is in a branch
// and whose producer is before the if runs only on the consumer's path
// when nothing else ran on the producer's pipe since the producer: its set
// at the start of the branch, its wait before the consumer (SinkPair).
// Otherwise it gets its wait right before the consumer and a second wait
// of the same id at the end of the other branch (SinkWait): on every path the flag is set once and consumed once, the
// consumer's branch runs up to the consumer and the other branch runs
// whole before they wait, and after the if both paths know the producer
// complete, as with one wait before the if. An if with no else gets one
// for those waits (WantsElse): the emitters must print it, or the flag
// stays set on the path that skips the then-block (the check reports it).
#include <algorithm>
#include <utility>

#include "codegen/sync_plan.h"

namespace ptoc {
namespace codegen {

int SyncPlanner::BeginIf(const Location& loc) {
  PlannerTime time;
  if (barrier_all()) rule_.BeginIf();
  const int gap = PushGap(open_.back(), loc);
  if (!barrier_all()) PlaceDrains(gap);
  RecordCompound(Node::Kind::kIf, gap);
  Frame f;
  f.before = state_;
  frames_.push_back(std::move(f));
  return gap;
}

void SyncPlanner::Else() {
  PlannerTime time;
  if (barrier_all()) rule_.Else();
  Frame& f = frames_.back();
  f.then_state = std::move(state_);
  f.has_else = true;
  state_ = f.before;
}

bool SyncPlanner::WantsElse() const {
  return !frames_.empty() && frames_.back().loop < 0 && !frames_.back().has_else &&
         !frames_.back().else_waits.empty();
}

void SyncPlanner::EndIf() {
  PlannerTime time;
  if (barrier_all()) rule_.EndIf();
  compounds_.pop_back();
  Frame f = std::move(frames_.back());
  frames_.pop_back();
  Merge(state_, f.has_else ? f.then_state : f.before);
}

bool SyncPlanner::ThroughBranches(const Path& path, size_t k) const {
  const size_t levels = path.size() - k - 1;
  return levels > 0 && BranchLevels(path, k) == levels;
}

size_t SyncPlanner::BranchLevels(const Path& path, size_t k) const {
  const size_t levels = path.size() - k - 1;
  if (levels == 0 || frames_.size() < levels || open_.size() < levels) return 0;
  size_t j = 0;
  while (j < levels) {
    const Frame& f = frames_[frames_.size() - levels + j];
    if (f.loop >= 0 || path[k + 1 + j].first != open_[open_.size() - levels + j]) break;
    ++j;
  }
  return j;
}

int SyncPlanner::SinkPair(Pipe p, Pipe q, const Path& path, size_t k, const Location& producer,
                          int64_t covers) {
  if (!ThroughBranches(path, k)) return -1;
  // No work on p was issued after the producer that q does not know
  // complete: a set at the start of the consumer's branch covers what the
  // set right after the producer would, no later.
  const int64_t known = state_.known[PipeIndex(q)][PipeIndex(p)];
  for (const Pending& x : state_.pending) {
    if (x.pipe == p && x.seq > covers && x.seq > known) return -1;
  }
  const Block& blk = blocks_[path.back().first];
  const int unit = MakePair(p, q, blk.gaps.front(), blk.gaps[path.back().second], -1, "pair");
  if (unit < 0) return -1;
  units_[unit - first_unit_].producer = producer;
  for (SyncInstr& i : gaps_[blk.gaps.front()]) {
    if (i.unit == unit && i.kind == SyncInstr::Kind::kSet) i.loc = producer;
  }
  return unit;
}

int SyncPlanner::SinkWait(Pipe p, Pipe q, const Path& path, size_t k, int set_gap,
                          int64_t covers) {
  // The blocks below the producer's, from the top, that are branches of
  // ifs: `levels` open frames from `base`. The wait goes into the lowest,
  // before the item holding the consumer (the consumer itself, or a loop
  // or a branch further down).
  const size_t levels = BranchLevels(path, k);
  if (levels == 0) return -1;
  const size_t base = frames_.size() - (path.size() - k - 1);
  const std::pair<int, int>& at = path[k + levels];
  const int sunk_gap = blocks_[at.first].gaps[at.second];
  // A pair sunk into the then-block from the same producer left its other
  // half for the end of this else-block: it comes up to this consumer.
  Frame& inner = frames_[base + levels - 1];
  for (auto w = inner.else_waits.begin(); inner.has_else && w != inner.else_waits.end(); ++w) {
    if (w->wait.src != p || w->wait.dst != q || w->set_gap != set_gap || w->covers < covers) {
      continue;
    }
    SyncInstr half = w->wait;
    half.loc = gap_locs_[sunk_gap];
    Add(sunk_gap, half);
    inner.else_waits.erase(w);
    return half.unit;
  }
  const auto key = std::make_tuple(PipeIndex(p), PipeIndex(q), set_gap, sunk_gap);
  const bool planned = pairs_.count(key) > 0;  // its other halves are placed
  const int unit = MakePair(p, q, set_gap, sunk_gap, -1, "pair");
  if (unit < 0 || planned) return unit;
  SyncInstr wait;
  for (const SyncInstr& i : gaps_[sunk_gap]) {
    if (i.unit == unit && i.kind == SyncInstr::Kind::kWait) wait = i;
  }
  // One more wait in the other branch of each if on the way.
  for (size_t j = 0; j < levels; ++j) {
    Frame& f = frames_[base + j];
    if (f.has_else) {
      // The consumer is in the else-block: the then-block is over.
      const int end = blocks_[f.then_block].gaps.back();
      SyncInstr half = wait;
      half.loc = gap_locs_[end];
      Add(end, half);
      int64_t& known = f.then_state.known[PipeIndex(q)][PipeIndex(p)];
      known = std::max(known, covers);
    } else {
      f.else_waits.push_back(Frame::SunkWait{wait, covers, set_gap});
    }
  }
  return unit;
}

void SyncPlanner::EndElse(int gap) {
  Frame& f = frames_.back();
  for (Frame::SunkWait& w : f.else_waits) {
    w.wait.loc = gap_locs_[gap];
    Add(gap, w.wait);
    int64_t& known = state_.known[PipeIndex(w.wait.dst)][PipeIndex(w.wait.src)];
    known = std::max(known, w.covers);
  }
  f.else_waits.clear();
}

}  // namespace codegen
}  // namespace ptoc
