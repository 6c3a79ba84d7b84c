// Loop-carried dependences (pipe-sync.md §2.5, §3.3): at the end of a for
// loop's body the body is walked once more, as the next iteration, against
// the accesses of the iteration just planned. What orders an access of the
// previous iteration before an op of the next one is followed as the walk
// passes the plan's instructions: a set in the body covers every earlier
// op of its pipe (all of the previous iteration), its wait hands that on,
// a barrier covers its pipe, a full barrier everything. An op with a
// conflict nothing covers gets a carried pair from the latest such
// producer of each pipe (the set after the body item holding it, the wait
// before the body item holding the op, a prime set before the loop and a
// drain wait after it), or pipe_barrier(q) when both are on q. The prime
// goes ahead of the machine ops and ifs right before the loop back to the
// first one on its pipe (PrimeGap): the first iteration's wait is then not held
// up by work it has no dependence on (what it does depend on before the
// loop, the forward plan paired when it walked the body).
//
// Then the binary reuse rule across iterations: the set of every pair in
// the body runs again in the next iteration, and must be ordered after
// this iteration's wait of it. The reverse pair (consumer pipe -> producer
// pipe, from after the wait's item to before the set's producer item)
// orders it; the pair itself orders the reverse pair's own reuse. Reverse
// pairs identical to a planned pair cost nothing; the redundancy sweep
// removes those the check finds unneeded; one with no free id becomes a
// pipe_barrier(PIPE_ALL) right before the set it guards (Guard). A carried
// pair around a single item (wait before it, set after it) gets its
// reverse pair within the iteration instead: a
// carried one would need the same guard again. The carried pairs of an
// inner loop get a reverse pair too: their prime and drain run once per
// iteration of the outer loop.
#include <algorithm>
#include <limits>
#include <tuple>

#include "codegen/sync_plan.h"

namespace ptoc {
namespace codegen {
namespace {

constexpr int64_t kAll = std::numeric_limits<int64_t>::max();

}  // namespace

// What the next iteration knows of the previous one at a point of the walk:
// kn[q][p], every op on p with a sequence number up to it is complete
// before q's next op (kAll: every op of the previous iteration); tokens of
// the sets passed in this walk, by unit.
struct SyncPlanner::Replay {
  Known kn;
  std::map<int, std::array<int64_t, kNumPipes>> tokens;

  void All() {
    for (auto& row : kn) row.fill(kAll);
  }
  void Column(Pipe p) {
    for (auto& row : kn) row[PipeIndex(p)] = kAll;
  }
  static Replay Meet(const Replay& a, const Replay& b) {
    Replay m = a;
    for (int q = 0; q < kNumPipes; ++q) {
      for (int p = 0; p < kNumPipes; ++p) m.kn[q][p] = std::min(a.kn[q][p], b.kn[q][p]);
    }
    m.tokens.clear();
    for (const auto& [unit, t] : a.tokens) {
      auto it = b.tokens.find(unit);
      if (it == b.tokens.end()) continue;
      std::array<int64_t, kNumPipes> both;
      for (int x = 0; x < kNumPipes; ++x) both[x] = std::min(t[x], it->second[x]);
      m.tokens[unit] = both;
    }
    return m;
  }
};

void SyncPlanner::CarryLoop(int loop) {
  const Loop& l = loops_[loop];
  std::vector<const Pending*> previous;
  for (const Pending& a : state_.pending) {
    if (a.seq > l.start_seq) previous.push_back(&a);
  }
  if (!previous.empty()) {
    Replay r;
    r.kn = state_.known;
    const std::vector<int> body = nodes_[l.node].blocks[0];
    ReplayBlock(loop, body, previous, r);
  }
  ReuseGuards(loop);
}

void SyncPlanner::ReplayBlock(int loop, const std::vector<int>& nodes,
                              const std::vector<const Pending*>& previous, Replay& r) {
  for (int n : nodes) {
    const Node& node = nodes_[n];
    switch (node.kind) {
      case Node::Kind::kGap: {
        std::vector<SyncInstr> instrs = gaps_[node.gap];
        std::stable_sort(instrs.begin(), instrs.end(), [](const SyncInstr& a, const SyncInstr& b) {
          return std::make_tuple(a.slot, PipeIndex(a.src), PipeIndex(a.dst), a.id) <
                 std::make_tuple(b.slot, PipeIndex(b.src), PipeIndex(b.dst), b.id);
        });
        for (const SyncInstr& i : instrs) {
          switch (i.kind) {
            case SyncInstr::Kind::kSet: {
              std::array<int64_t, kNumPipes> t = r.kn[PipeIndex(i.src)];
              t[PipeIndex(i.src)] = kAll;
              r.tokens[i.unit] = t;
              break;
            }
            case SyncInstr::Kind::kWait: {
              auto& row = r.kn[PipeIndex(i.dst)];
              if (auto t = r.tokens.find(i.unit); t != r.tokens.end()) {
                for (int x = 0; x < kNumPipes; ++x) row[x] = std::max(row[x], t->second[x]);
              } else if (auto c = carried_seq_.find(i.unit); c != carried_seq_.end()) {
                // This loop's carried pair: the previous iteration's set,
                // after its producer.
                row[PipeIndex(i.src)] = std::max(row[PipeIndex(i.src)], c->second);
              }
              break;
            }
            case SyncInstr::Kind::kBarrier:
              r.kn[PipeIndex(i.src)][PipeIndex(i.src)] = kAll;
              break;
            case SyncInstr::Kind::kBarrierAll:
              r.All();
              break;
          }
        }
        break;
      }
      case Node::Kind::kFullBarrier:
        r.All();
        break;
      case Node::Kind::kOp:
        if (!node.skip) ReplayOp(loop, node, previous, r);
        break;
      case Node::Kind::kIf: {
        Replay then_r = r, else_r = r;
        ReplayBlock(loop, node.blocks[0], previous, then_r);
        if (node.blocks.size() > 1) ReplayBlock(loop, node.blocks[1], previous, else_r);
        r = Replay::Meet(then_r, else_r);
        break;
      }
      case Node::Kind::kLoop: {
        // An inner loop's first iteration (later ones know at least as
        // much); what it learns is kept only through its drains, whose
        // tokens the primes before it left. A while's condition runs at
        // least once.
        if (node.blocks.size() == 2) ReplayBlock(loop, node.blocks[0], previous, r);
        Replay inner = r;
        ReplayBlock(loop, node.blocks.back(), previous, inner);
        break;
      }
    }
  }
}

void SyncPlanner::ReplayOp(int loop, const Node& b, const std::vector<const Pending*>& previous,
                           Replay& r) {
  const MachineStep& step = b.step;
  if (step.barrier_all_before || step.drains_all) r.All();
  for (Pipe d : step.drains) r.Column(d);
  if (!step.drains.empty()) r.Column(Pipe::kS);
  const Pipe q = step.pipe;
  std::array<const Pending*, kNumPipes> latest{};
  bool same_pipe = false;
  for (const Pending* a : previous) {
    if (!Conflicts(a->access, b.accesses)) continue;
    if (a->pipe == q && PipeInOrder(backend_, q)) continue;
    if (r.kn[PipeIndex(q)][PipeIndex(a->pipe)] >= a->seq) continue;
    if (a->pipe == q) {
      same_pipe = true;
      continue;
    }
    if (latest[PipeIndex(a->pipe)] == nullptr || latest[PipeIndex(a->pipe)]->seq < a->seq) {
      latest[PipeIndex(a->pipe)] = a;
    }
  }
  const Loop& l = loops_[loop];
  const Block& body = blocks_[l.body];
  const int ib = ItemIn(b.path, l.body);
  for (int pi = 0; pi < kNumPipes; ++pi) {
    const Pending* a = latest[pi];
    if (a == nullptr) continue;
    const int ia = ItemIn(a->path, l.body);
    const int unit = CarriedPair(loop, *a, q, body.gaps[ia + 1], body.gaps[ib]);
    if (unit < 0) {
      // No id: pipe_barrier(PIPE_ALL) before the op, in every iteration.
      AddBarrierAll(b.gap, 4, b.loc, "demoted");
      r.All();
      return;
    }
    int64_t& covers = carried_seq_[unit];
    covers = std::max(covers, a->seq);
    r.kn[PipeIndex(q)][pi] = std::max(r.kn[PipeIndex(q)][pi], a->seq);
  }
  if (same_pipe) {
    SamePipeBarrier(b.gap, q, b.loc);
    r.kn[PipeIndex(q)][PipeIndex(q)] = kAll;
  }
  if (step.barrier_all_after) r.All();
}

int SyncPlanner::CarriedPair(int loop, const Pending& a, Pipe q, int set_gap, int wait_gap) {
  const Pipe p = a.pipe;
  const Loop& l = loops_[loop];
  // The producer directly in a branch of an if of the body, which has an
  // else: the set right after it, and one at the end of the other branch.
  size_t level = 0;
  while (level < a.path.size() && a.path[level].first != l.body) ++level;
  const Block& branch = blocks_[a.path.back().first];
  if (level + 2 == a.path.size() && branch.compound >= 0 &&
      nodes_[branch.compound].kind == Node::Kind::kIf &&
      nodes_[branch.compound].blocks.size() == 2) {
    const int sunk = branch.gaps[a.path.back().second + 1];
    // The other block's last node is the gap at its end.
    const int other_end = nodes_[nodes_[branch.compound].blocks[1 - branch.side].back()].gap;
    const auto key = std::make_tuple(PipeIndex(p), PipeIndex(q), sunk, wait_gap);
    const bool planned = pairs_.count(key) > 0;  // its other set is placed
    const int unit = MakePair(p, q, sunk, wait_gap, loop, "carried");
    if (unit < 0 || planned) return unit;
    for (const SyncInstr& i : std::vector<SyncInstr>(gaps_[sunk])) {
      if (i.unit != unit || i.kind != SyncInstr::Kind::kSet) continue;
      SyncInstr other = i;
      other.loc = gap_locs_[other_end];
      Add(other_end, other);
    }
    return unit;
  }
  return MakePair(p, q, set_gap, wait_gap, loop, "carried");
}

void SyncPlanner::Guard(Pipe src, Pipe dst, int set_gap, int wait_gap, int loop, int wait_slot,
                        int set_slot, int guarded) {
  if (MakePair(src, dst, set_gap, wait_gap, loop, "reuse", wait_slot, set_slot) >= 0) return;
  // No id for the reverse pair (§3.4 demotion): pipe_barrier(PIPE_ALL)
  // right before its consumer, the guarded set: ahead of the sets and
  // primes of its gap (slot 1; slot 4 would come after them), it orders
  // the set after every wait issued before. One is enough per gap.
  for (const SyncInstr& i : gaps_[guarded]) {
    if (i.kind != SyncInstr::Kind::kBarrierAll || i.slot > 1) continue;
    // This one must stay when loops end drained if the new one had to.
    if (loop < 0) units_[i.unit - first_unit_].loop = Location();
    return;
  }
  const int unit = AddBarrierAll(guarded, 1, gap_locs_[guarded], "demoted");
  // Standing in for a carried reverse pair, it orders across iterations
  // only: DrainEveryLoop drops it with the carried reverse pairs.
  if (loop >= 0) units_[unit - first_unit_].loop = loops_[loop].loc;
}

void SyncPlanner::ReuseGuards(int loop) {
  const Loop& l = loops_[loop];
  std::vector<std::tuple<int, int, int, int>> keys;
  for (const auto& [key, value] : pairs_) {
    if (blocks_[gap_blocks_[std::get<2>(key)]].loop != loop) continue;
    if (units_[value.second - first_unit_].why == "reuse") continue;
    keys.push_back(key);
  }
  for (const auto& [p, q, set_gap, wait_gap] : keys) {
    // In the innermost block holding both the set and the wait (the body,
    // or a branch in it: then the reverse pair runs exactly when the pair
    // does), the items holding the wait's consumer and the set's producer.
    const Path& sp = gap_paths_[set_gap];
    const Path& wp = gap_paths_[wait_gap];
    size_t j = 0;
    while (j + 1 < sp.size() && j + 1 < wp.size() && sp[j + 1].first == wp[j + 1].first) ++j;
    if (ItemIn(wp, l.body) < 0) continue;  // both are in the body
    const int in = sp[j].first;
    const int w = wp[j].second;
    int s = sp[j].second;
    if (j + 1 == sp.size()) --s;
    if (w < 0 || s < 0) continue;
    if (s == w && j + 1 == sp.size() && j + 1 == wp.size()) {
      // A carried pair from item w to itself: its wait is just before the
      // item and its set just after it. The next set must follow this
      // wait within the iteration: the reverse pair's set right after the
      // wait (slot 4), its wait right before the set (slot 0).
      Guard(static_cast<Pipe>(q), static_cast<Pipe>(p), wait_gap, set_gap, -1, 0, 4, set_gap);
      continue;
    }
    // Reverse: q -> p, from after item w to before item s (carried unless
    // s comes after w). When the set is in this block, right before the
    // set instead (slot 0): item s, the set's producer, need not wait.
    const Block& blk = blocks_[in];
    const bool at_set = j + 1 == sp.size();
    Guard(static_cast<Pipe>(q), static_cast<Pipe>(p), blk.gaps[w + 1],
          at_set ? set_gap : blk.gaps[s], s > w ? -1 : loop, at_set ? 0 : 3, 1, set_gap);
  }
  // The carried pairs of the loops inside this body: each iteration runs
  // their prime (a set, in the gap before the inner loop or earlier in its
  // block: PrimeGap) and their drain
  // (its wait, in the gap after it) once more, so the next prime must be
  // ordered after this iteration's drain too. The reverse pair, carried by
  // this loop: its set after the drain (slot 1, after the drains), its wait
  // before the prime (slot 1, before the primes).
  for (size_t inner = 0; inner < loops_.size(); ++inner) {
    const Loop& il = loops_[inner];
    if (static_cast<int>(inner) == loop || il.parent < 0 || blocks_[il.parent].loop != loop) {
      continue;
    }
    const std::vector<int>& gaps = blocks_[il.parent].gaps;
    const auto at = std::find(gaps.begin(), gaps.end(), il.gap);
    if (at == gaps.end() || at + 1 == gaps.end()) continue;
    for (int unit : std::vector<int>(il.carried)) {
      const SyncUnit& u = units_[unit - first_unit_];
      const int prime = prime_gap_.at(unit);
      Guard(u.dst, u.src, *(at + 1), prime, loop, 1, 1, prime);
    }
  }
}

}  // namespace codegen
}  // namespace ptoc
