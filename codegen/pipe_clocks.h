// The vector clocks of pipe-sync.md §4.2 over the pipes of one lane: the
// issue counter of every pipe, what each pipe knows to be complete before
// its next instruction starts, and the flags (set tokens, the last wait of
// every key), with the rules of §3.4 (id pools) and §3.7 (legal sync).
// The clocks of the ordering model (lane_order.h), which the planner's own
// check and the pipe check of ptoc-sim and ptoc-run-cpp share.
#ifndef PTOC_CODEGEN_PIPE_CLOCKS_H_
#define PTOC_CODEGEN_PIPE_CLOCKS_H_

#include <array>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "codegen/lowering.h"
#include "codegen/target_info.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

struct SyncInstr;

// How many event ids the pair (src, dst) may use out of `ids` (§3.4): one
// less for (V,S), (S,V), (M,FIX) and (FIX,M), whose last id is reserved.
int EventIds(Pipe src, Pipe dst, int ids = 8);

// Whether `s` may appear in a kernel of core type `core` on `backend`
// (§3.7): set / wait on two different pipes of the core with an id in
// 0..7 (0..6 for the reserved keys); a barrier on a pipe of the core, never
// PIPE_V on a5.
// `ids`: event ids per pipe pair (8; more with --pipe-sync=flags-unbounded).
bool LegalSync(Backend backend, FunctionKind core, const SyncInstr& s, int ids = 8);

class PipeClocks {
 public:
  using Row = std::array<int64_t, kNumPipes>;
  using Key = std::tuple<int, int, int>;  // (src pipe, dst pipe, id)
  struct Flag {
    bool set = false;
    Row token{};             // what the wait learns
    int64_t wait_index = 0;  // the key's last wait on its dst pipe (0: none)
    Location set_loc, wait_loc;
  };
  enum class SetResult { kOk, kDoubleSet, kReuseRace };

  explicit PipeClocks(Backend backend);

  // The key of a set or wait.
  static Key KeyOf(const SyncInstr& s);
  // "(PIPE_V, PIPE_MTE3, EVENT_ID0)", as findings name a key.
  static std::string KeyText(const Key& key);

  // What machine op `step` does before it issues (§1): the full barrier of
  // an AIV fence and of the put / get / notify brackets, the AIC fence's
  // same-pipe drains and its dsb. True when that was a full barrier: the
  // caller forgets its access history (after one, nothing races).
  bool BeforeOp(const MachineStep& step);
  // An instruction issued to `p`: its 1-based index there. In-order pipes
  // and wait-type instructions know every earlier instruction of their
  // pipe complete.
  int64_t Issue(Pipe p, bool wait_type);
  // After machine op `i` on `q`: an in-order pipe knows it complete.
  void Done(Pipe q, int64_t i);
  // Whether instruction `index` of `earlier` is known complete before the
  // next instruction of `later` (the same in-order pipe: always).
  bool Ordered(Pipe later, Pipe earlier, int64_t index) const;
  // pipe_barrier(PIPE_ALL), of either kind.
  void BarrierAll();
  // pipe_barrier(p).
  void Barrier(Pipe p);
  // Every instruction issued so far on `p` is complete for every pipe (a
  // drain of a fence; its dsb for S).
  void Complete(Pipe p);
  // set_flag on `key`, issued to its src pipe. kDoubleSet leaves the flag
  // as it was; kReuseRace (its previous wait not known complete at the src
  // pipe) sets it all the same.
  SetResult Set(const Key& key, const Location& loc);
  // wait_flag on `key`, issued to its dst pipe: false when the key is not
  // set (nothing is learnt); the wait is the key's last either way.
  bool Wait(const Key& key, const Location& loc);
  // Whether `x` is not S and has an instruction not known complete at S:
  // the kernel may not return yet.
  bool BusyAtReturn(Pipe x) const;

  // In key order. A sorted vector rather than a map: the planner's check
  // copies clocks with every state it follows, and a lane uses few keys
  // (inline: no allocation per copy for the usual two).
  using Flags = absl::InlinedVector<std::pair<Key, Flag>, 2>;
  const Flags& flags() const { return flags_; }
  const Flag* FlagOf(const Key& key) const;
  int64_t issued(Pipe p) const { return issued_[static_cast<int>(p)]; }
  // min over the pipes of `core` of what they know of `x`: every
  // instruction of x up to it is complete for all of them.
  int64_t KnownByAll(FunctionKind core, Pipe x) const;
  // Subtracts shift[x] from every index on pipe x (issue counters, clocks,
  // tokens, last waits; never below 0), after which a state that only
  // differs by such a shift compares equal: the planner's check merges
  // executions that way. shift[x] must be at most KnownByAll(x). A flag
  // not set whose last wait its src pipe knows complete is forgotten (no
  // later set of it can race with that wait).
  void Shift(FunctionKind core, const Row& shift);
  // The indices of each pipe x that can still be compared with anything:
  // points[x] (the caller's, e.g. the accesses it remembers), the issue
  // counter and the last wait of every key on x.
  using Points = std::array<std::vector<int64_t>, kNumPipes>;
  // Adds those to `points` (each then sorted, without duplicates or 0),
  // renames every index of pipe x to its rank among the points of x, and
  // every clock or token value to the rank of the largest point not above
  // it. The clocks only compare such values, take their maximum or issue
  // past the counter, and no comparison with a point changes; so the
  // renamed state behaves as the old one from here on, and two states that
  // differ only in values between the same points compare equal (the
  // planner's check merges them). The caller renames its own indices with
  // Rank.
  void Renumber(Points& points);
  static int64_t Rank(const std::vector<int64_t>& points, int64_t v);
  bool operator<(const PipeClocks& o) const;
  bool operator==(const PipeClocks& o) const;

 private:
  Backend backend_;
  Row issued_{};
  std::array<Row, kNumPipes> vc_{};
  // The flag of `key`, added (not set, never waited) when it has none.
  Flag& FlagAt(const Key& key);

  Flags flags_;
};

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_PIPE_CLOCKS_H_
