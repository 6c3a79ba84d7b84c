// §3.4 widening: what a pair p -> q with no free event id becomes. Either
// it is widened into an earlier pair Q on the same pipes (Q's set moves to
// the new pair's set gap; Q's wait, already before the new consumer on q,
// then covers the new producer too), or two earlier pairs A and B merge
// (A's set moves to B's, B goes, and its id is free for the new pair).
//
// Both make one consumer wait for producers issued after its own: by the
// delay, how far the moved set lands past the first producer its wait
// covered (in items of the block). A consumer far behind the new pair's
// producer has the work issued since as slack, so the cost of a choice is
// kDelayWeight x delay minus that distance (0 when widening into Q, whose
// set moves to the new one), and the cheapest wins; the earlier pair on a
// tie. Widening only into the pair with the latest set (the spec's
// wording) lets one pair absorb every pair past the eighth, so that one
// consumer waits for the last of them and everything after it queues
// (set F: 16 loads, then their relus: relu 7 waited for loads 7..15, 4792
// cycles against 3624 with unlimited ids); these costs group the early
// producers (relu 0 waits for load 5) and leave the last consumers, on the
// critical path, a pair each (3616 cycles).
#include <algorithm>
#include <limits>
#include <optional>
#include <tuple>

#include "codegen/sync_plan.h"

namespace ptoc {
namespace codegen {
namespace {

// A pair of pairs_ seen from one block: its key, and the block's item
// indices of its set, its wait and the first producer its set covered.
struct Placed {
  std::tuple<int, int, int, int> key;
  int set = 0, wait = 0, origin = 0;
};

// An item of delay weighs this many items of distance from the new pair.
constexpr int kDelayWeight = 4;

}  // namespace

int SyncPlanner::Widen(int p, int q, const Block& blk, int set_gap, int wait_gap,
                       const Location& producer) {
  // A block's gaps are numbered in program order, so they are sorted.
  auto index = [&](int g) {
    auto it = std::lower_bound(blk.gaps.begin(), blk.gaps.end(), g);
    return it == blk.gaps.end() || *it != g ? -1 : static_cast<int>(it - blk.gaps.begin());
  };
  const int s = index(set_gap), w = index(wait_gap);
  // The pairs on p -> q with set and wait in `blk`, in set order.
  std::vector<Placed> placed;
  for (const auto& [key, value] : pairs_) {
    if (std::get<0>(key) != p || std::get<1>(key) != q) continue;
    Placed x{key, index(std::get<2>(key)), index(std::get<3>(key)), 0};
    if (x.set < 0 || x.wait < 0) continue;
    const auto origin = widenable_.find(value.second);
    x.origin = origin == widenable_.end() ? x.set : index(origin->second.origin_gap);
    if (x.origin < 0) x.origin = x.set;
    placed.push_back(x);
  }
  // The cheapest choice; among equal costs the earliest first producer
  // (an early consumer's wait is more likely hidden behind the work still
  // queued before the later ones).
  //
  // Widening into Q: set(Q) <= s, wait(Q) <= w, wait(Q) after s (a wait in
  // the set's own gap comes after it: slot 3 after slot 1).
  struct Choice {
    int cost = std::numeric_limits<int>::max(), origin = 0;
    std::optional<Placed> into, merge_a, merge_b;
    bool Beats(int c, int o) const { return c < cost || (c == cost && o < origin); }
  } best;
  for (const Placed& x : placed) {
    if (x.set > s || x.wait > w || x.wait < s) continue;
    const int cost = kDelayWeight * (s - x.origin);
    if (best.Beats(cost, x.origin)) best = Choice{cost, x.origin, x, {}, {}};
  }
  // Merging B into A: both plain pairs since the last full barrier (each
  // holds an id of its own, so there are at most as many as ids), set(A)
  // <= set(B), wait(A) <= wait(B), wait(A) after set(B).
  std::vector<Placed> mergeable;
  for (const Placed& x : placed) {
    if (Mergeable(pairs_.at(x.key).second)) mergeable.push_back(x);
  }
  for (const Placed& a : mergeable) {
    for (const Placed& b : mergeable) {
      if (a.key == b.key) continue;
      if (a.set > b.set || a.wait > b.wait || a.wait < b.set) continue;
      const int cost = kDelayWeight * (b.set - a.origin) - (s - b.set);
      if (best.Beats(cost, a.origin)) best = Choice{cost, a.origin, {}, a, b};
    }
  }
  if (best.merge_a) {
    const Placed& a = *best.merge_a;
    const Placed& b = *best.merge_b;
    const auto [b_id, b_unit] = pairs_.at(b.key);
    MoveSet(a.key, std::get<2>(b.key), units_[b_unit - first_unit_].producer);
    // B goes: its set and wait, its key, its id (the sweep drops its unit).
    for (const int gap : {std::get<2>(b.key), std::get<3>(b.key)}) {
      std::vector<SyncInstr>& instrs = gaps_[gap];
      instrs.erase(std::remove_if(instrs.begin(), instrs.end(),
                                  [&](const SyncInstr& i) { return i.unit == b_unit; }),
                   instrs.end());
    }
    pairs_.erase(b.key);
    widenable_.erase(b_unit);
    merged_away_.insert(b_unit);
    used_[p][q] &= ~(uint64_t{1} << b_id);
    return MakePair(static_cast<Pipe>(p), static_cast<Pipe>(q), set_gap, wait_gap, -1, "pair");
  }
  if (!best.into) return -1;
  return MoveSet(best.into->key, set_gap, producer);
}

int SyncPlanner::MoveSet(const std::tuple<int, int, int, int>& key, int set_gap,
                         const Location& producer) {
  const auto [id, unit] = pairs_.at(key);
  std::vector<SyncInstr>& from = gaps_[std::get<2>(key)];
  for (auto it = from.begin(); it != from.end(); ++it) {
    if (it->kind == SyncInstr::Kind::kSet && it->unit == unit) {
      SyncInstr set = *it;
      from.erase(it);
      set.loc = producer;
      Add(set_gap, set);
      break;
    }
  }
  pairs_.erase(key);
  pairs_[std::make_tuple(std::get<0>(key), std::get<1>(key), set_gap, std::get<3>(key))] = {id,
                                                                                            unit};
  units_[unit - first_unit_].producer = producer;
  return unit;
}

bool SyncPlanner::Mergeable(int unit) const {
  const auto it = widenable_.find(unit);
  return it != widenable_.end() && it->second.generation == generation_;
}

}  // namespace codegen
}  // namespace ptoc
