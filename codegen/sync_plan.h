// The intra-core pipe synchronisation of one kernel (pipe-sync.md §2-§3):
// which set_flag / wait_flag pairs and barriers order the machine ops of
// the lowering plan (lowering.h). Target-independent: both emitters feed it
// the same machine ops, accesses and structure, in the same order, and
// print the same plan, instruction for instruction, at the same gaps.
//
// The emitter writes Marker(gap) lines into its text where a gap is (before
// every machine op and compound statement, at the end of every block), and
// Render() replaces them with the plan's instructions in the target's
// spelling.
//
// The planner works in one forward walk over the kernel:
// - a machine op b on pipe q that conflicts (RAW, WAR, WAW on a tile
//   buffer or GM tensor) with an earlier op a on pipe p that is not yet
//   known complete before q's next op gets, for each such p, one pair
//   p -> q: the set in the gap after the item of the innermost common block
//   that holds the latest such a (sunk below an if), the wait in the gap
//   before the item that holds b (hoisted above a loop), so set and wait
//   always run equally often; when b is in branches of ifs only below
//   that block, the pair moves into b's branch, or its wait goes right
//   before b with one more wait ending the other branch of each of those
//   ifs (sync_plan_branches.cc); a same-pipe conflict on a pipelined pipe
//   (§2.3) gets pipe_barrier(q);
// - at the end of a for loop's body, the body is walked once more as the
//   next iteration (sync_plan_carried.cc): an op b that conflicts with an
//   op a of the previous iteration not known complete gets a carried pair
//   (§3.3): the set after the body item holding a, the wait before the one
//   holding b, a prime set before the loop and a drain wait after it (in
//   a block outside every loop, as late as its block allows: before the
//   first op that needs it, else before the next compound or at the
//   block's end, the way ptoas's tail compensation waits); and
//   every pair inside the loop whose next set is not ordered after its
//   wait gets the reverse pair (the binary reuse rule across iterations;
//   with no free id, pipe_barrier(PIPE_ALL) right before the set it
//   guards, in slot 1); a same-pipe carried conflict gets
//   pipe_barrier(q) before b. A while
//   loop's body ends with pipe_barrier(PIPE_ALL) when something is pending;
// - event ids: per (src, dst) pipe pair, ids 0..7 (0..6 for the reserved
//   keys, §3.4); an id is used once between two full barriers outside any
//   loop or branch, so a set is ordered after the previous wait of its key
//   by the plan's structure or by the reverse pairs (binary flags); when
//   none is free, the pair is widened into an earlier pair on the same
//   pipes (§3.4: its set and wait in the same block, its set not after the
//   new set, its wait not after the new wait and not before the new set;
//   that set moves to the new set's gap) or two earlier pairs merge to
//   free an id, whichever delays a consumer least (sync_plan_widen.cc),
//   else it is demoted to pipe_barrier(PIPE_ALL) before the consumer;
// - the tail: pipe_barrier(PIPE_ALL) before the return when a non-scalar
//   op was issued after the last full barrier;
// - Sweep() (sync_plan_sweep.cc) checks the plan (§4.2, every execution
//   with each loop run 0-3 times, sync_plan_checker.h), repairs what the
//   check finds with pipe_barrier(PIPE_ALL) (none is expected), and
//   removes every unit the check finds unneeded, within a budget of work
//   linear in the kernel's size (CheckBudget()).
//
// In barrier-all mode the planner records the same kernel and places
// today's barriers (pipe_order.h, BarrierAllRule) as units of the plan:
// pipe_barrier(PIPE_ALL) before an op that conflicts with pending work on
// another pipe, before a loop and at the end of a loop body when work is
// pending, and the tail; so the C++ emitter spells both modes the same way
// and ptoc-sim replays (and times) either plan. No check, no sweep.
#ifndef PTOC_CODEGEN_SYNC_PLAN_H_
#define PTOC_CODEGEN_SYNC_PLAN_H_

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "codegen/lowering.h"
#include "codegen/order_finding.h"
#include "codegen/pipe_order.h"
#include "codegen/target_info.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// kFlagsUnbounded: flags with unlimited event ids (pipe-sync.md §3.1, for
// debugging and the benchmarks: no widening, no demotion; ids above 7 are
// not for hardware).
enum class PipeSyncMode { kBarrierAll, kFlags, kFlagsUnbounded };
inline bool IsFlags(PipeSyncMode mode) { return mode != PipeSyncMode::kBarrierAll; }

// Adds the wall time of its scope to SyncPlanner::Seconds() when it is the
// outermost one of this thread (the planners' entry points).
class PlannerTime {
 public:
  PlannerTime();
  ~PlannerTime();
  PlannerTime(const PlannerTime&) = delete;
  PlannerTime& operator=(const PlannerTime&) = delete;

 private:
  std::chrono::steady_clock::time_point start_;
};

// "flags" | "flags-unbounded" | "barrier-all"; empty: flags (the default).
absl::StatusOr<PipeSyncMode> ParsePipeSync(absl::string_view mode);
absl::string_view PipeSyncName(PipeSyncMode mode);

// The box of `region` of a tensor with dims `dims` (nullopt: known at run
// time) when its offsets and sizes are all static and every dim but the
// outermost is static and holds the region, else empty (all of the
// tensor).
GmBox BoxOf(const GmRegion& region, const std::vector<MaybeInt>& dims);

struct SyncInstr {
  enum class Kind { kSet, kWait, kBarrier, kBarrierAll };
  Kind kind = Kind::kBarrierAll;
  Pipe src = Pipe::kS;  // kBarrier: the pipe
  Pipe dst = Pipe::kS;
  int id = 0;
  int unit = 0;  // the pair or barrier it belongs to (--pipe-sync-drop)
  // §3.2: 0 drains, 1 sets, 2 primes, 3 waits, 4 barriers (a PIPE_ALL
  // repairing a flag reuse race, or standing in for a reverse pair with
  // no id, sits in slot 1, before the sets; so does
  // the wait of a reverse pair that orders an inner loop's prime after the
  // previous iteration's drain; the reverse pair of a carried pair around
  // one item has its set in slot 4 and its wait in slot 0,
  // sync_plan_carried.cc).
  int slot = 0;
  Location loc;  // the producer's (set) or the consumer's
};

// One unit of the plan, for --emit=syncplan.
struct SyncUnit {
  int number = 0;
  SyncInstr::Kind kind = SyncInstr::Kind::kBarrierAll;  // kSet: a pair
  Pipe src = Pipe::kS, dst = Pipe::kS;
  int id = 0;
  Location producer, consumer;
  // "pair", "carried", "reuse", "same-pipe", "demoted", "loop end", "tail",
  // "repair"
  std::string why;
  Location loop;  // a carried pair: the loop whose iterations it orders
};

namespace plan_check {
class Checker;
}  // namespace plan_check

class SyncPlanner {
 public:
  // Units are numbered from `first_unit` (over the whole program);
  // `functions`: how many kernels of the file are planned (they share the
  // check's allowance).
  SyncPlanner(Backend backend, FunctionKind kind, int first_unit = 0,
              PipeSyncMode mode = PipeSyncMode::kFlags, int functions = 1);

  // What the check may do on one kernel, all of its runs together (the
  // repairs, the sweep, the ids again), in the check's unit of work (per
  // recorded item and state, 1 + the accesses it remembers): an equal
  // share of an allowance per file, which covers small kernels whole, and
  // kCheckWorkPerItem per recorded item, so that the planner's time grows
  // linearly with the kernel (pipe-sync.md §3.3 bounds its walks and its
  // sweep likewise); at most kMaxCheckWork. Past it the plan keeps what it
  // has: a check that cannot finish falls back to drained loops, a sweep
  // keeps the units it has not tried. Work, not time: the plan is the same
  // on every machine.
  static constexpr int64_t kCheckAllowance = 400'000;
  static constexpr int64_t kCheckWorkPerItem = 10;
  static constexpr int64_t kMaxCheckWork = 4'000'000;
  int64_t CheckBudget() const;

  // How the plan came about (--emit=syncplan).
  struct Outcome {
    int repairs = 0;  // PIPE_ALL units added for the check's findings
    int removed = 0;  // units the sweep removed
    // Why every loop body ends drained (empty: it does not), and whether
    // the check then covered the drained plan.
    std::string fallback;
    // The check of the drained plan: "is checked clean", "still has
    // findings" (the check lists them) or "could not be checked within
    // the budget either".
    std::string fallback_check;
    bool sweep_stopped = false;  // the sweep ran past its budget
  };
  const Outcome& outcome() const { return outcome_; }

  // Event ids per (src, dst) pipe pair: 8 (7 for the reserved keys), or
  // kUnboundedIds with --pipe-sync=flags-unbounded.
  static constexpr int kUnboundedIds = 64;
  int max_ids() const { return mode_ == PipeSyncMode::kFlagsUnbounded ? kUnboundedIds : 8; }

  // The wall time spent inside the planners of this thread (every public
  // entry point; --time-passes), in seconds.
  static double Seconds();

  // The marker line text of `gap` (without indentation or newline).
  static std::string Marker(int gap);

  // A machine op with its accesses; returns the gap before it.
  int Op(const MachineStep& step, const std::vector<PlanAccess>& accesses,
         const Location& loc);
  // Loops: BeginLoop returns the gap before the loop statement; the body is
  // a block (EndBlock returns the gap at its end); then EndLoop.
  int BeginLoop(const Location& loc);
  void EndLoop();
  // Ifs: BeginIf returns the gap before it; then the then-block, Else() and
  // the else-block, EndIf. An if with no else in the source gets one when
  // WantsElse() says so after its then-block (it holds waits only).
  int BeginIf(const Location& loc);
  void Else();
  void EndIf();
  bool WantsElse() const;
  // `loop_body`: the block is the body of the innermost loop (a while's
  // condition is a block of its own before it).
  void BeginBlock(bool loop_body = false);
  int EndBlock(const Location& loc);
  // An explicit pipe_barrier(PIPE_ALL) the emitter prints itself, or that
  // the assembler is known to print there (ptoas's epilogue).
  void FullBarrier();
  // At the end of the kernel body (`gap`: EndBlock's of the body): the tail
  // barrier when a non-scalar op, or a sync instruction on a pipe other
  // than S, may still be running. A kernel that ends with its own
  // PIPE_ALL (one that cleans the data cache) records that with
  // FullBarrier() instead.
  void Tail(int gap, const Location& loc);

  // Run once the kernel is planned: the check (Check()) of the plan; what
  // it finds is repaired with pipe_barrier(PIPE_ALL) (the planner is meant
  // to leave nothing to repair); then the redundancy sweep (pipe-sync.md
  // §3.3): units are removed, last created first, while the check stays
  // clean without them; the rest are numbered again in order; the ids are
  // allocated again, and when one changed the sweep runs once more. A
  // kernel the check cannot cover within CheckBudget() (or with more than
  // 20,000 recorded items, or too many distinct states) gets
  // pipe_barrier(PIPE_ALL) at the end of every loop body instead, and no
  // sweep; a sweep past the budget keeps the units it has not tried.
  void Sweep();

  // Replaces the marker lines of `text` with the plan's instructions, each
  // indented like its marker and spelled by `spell`; units in `drop` are
  // left out.
  std::string Render(const std::string& text,
                     const std::function<std::string(const SyncInstr&)>& spell,
                     const std::set<int>& drop) const;

  const std::vector<SyncUnit>& units() const { return units_; }

  // The check of pipe-sync.md §4.2 (vector clocks over the pipes of the
  // lane, pipe_clocks.h) on the planned kernel, with the units in `drop`
  // left out, over all of its executions with every loop run 0 to 3 times
  // and both sides of every if (executions that reach the same state are
  // followed once). Returns the findings (pipe race, flag reuse race,
  // double set, deadlock, pipe busy at return, flag left set, illegal
  // sync), one line each; empty when the plan is correct on every
  // execution. `covered` (may be null) gets whether every execution was
  // followed (false: the state budget ran out first).
  std::vector<std::string> Check(const std::set<int>& drop, bool* covered = nullptr) const;
  // How many executions there are in all (saturating at 1 << 30).
  int64_t executions() const { return Count(root_); }
  int next_unit() const { return first_unit_ + static_cast<int>(units_.size()); }

  // The kernel as the emitter described it, with the plan's instructions
  // (units in `drop` left out; each gap's in slot order), for ptoc-sim's
  // pipe model (runtime/pipe_check.h). Defined in sync_plan_recorded.cc.
  struct RecordedItem {
    enum class Kind { kGap, kOp, kFullBarrier, kLoop, kIf };
    Kind kind = Kind::kGap;
    std::vector<SyncInstr> sync;  // kGap
    MachineStep step;             // kOp
    std::vector<PlanAccess> accesses;
    Location loc;
    bool skip = false;  // no machine op (a2a3 TFREE)
    // kLoop: [body] or (a while) [condition, body]; kIf: [then] or [then, else].
    std::vector<std::vector<RecordedItem>> blocks;
  };
  std::vector<RecordedItem> Recorded(const std::set<int>& drop) const;

 private:
  // (block, item) from the body down; inline for the usual depth: every
  // pending access keeps one, and each compound copies the pending ones.
  using Path = absl::InlinedVector<std::pair<int, int>, 4>;
  struct Pending {
    Pipe pipe;
    int64_t seq;
    PlanAccess access;
    Path path;
    Location loc;
  };
  using Known = std::array<std::array<int64_t, kNumPipes>, kNumPipes>;
  struct State {
    std::vector<Pending> pending;
    // known[q][p]: every op on p up to this sequence number is complete
    // before q's next op starts.
    Known known{};
    bool busy = false;  // a non-S op since the last full barrier
    // A set, wait or same-pipe barrier on a pipe other than S since then.
    bool sync_busy = false;
  };
  struct Block {
    std::vector<int> gaps;  // gaps[i]: before item i; the last: the block end
    int loop = -1;          // the innermost loop (loops_) it is part of
    int compound = -1;      // the compound node it is a block of (-1: none)
    int side = -1;          // which of its blocks (an if's: 0 then, 1 else)
  };
  struct Frame {  // an open compound
    int loop = -1;     // loops_ index; -1: an if
    State before;      // the state before the compound
    State then_state;  // ifs: the state at the end of the then-block
    bool has_else = false;
    int body_block = -1;
    int then_block = -1;  // ifs
    // Ifs: the other half of each wait sunk into the then-block (SinkWait),
    // for the end of the else-block.
    struct SunkWait {
      SyncInstr wait;
      int64_t covers = 0;  // the producer's seq
      int set_gap = -1;    // its pair's set
    };
    std::vector<SunkWait> else_waits;
  };
  struct Loop {
    int gap = -1;     // the gap before the loop statement (primes: PrimeGap)
    int parent = -1;  // the block holding the loop
    int body = -1;    // its body block
    int node = -1;    // its compound node
    int64_t start_seq = 0;
    Location loc;
    std::vector<int> carried;  // the units of the pairs it carries
  };

  // The kernel as the emitter described it, for Check(): gaps, machine
  // ops, full barriers the emitter printed, and compounds with their blocks.
  struct Node {
    enum class Kind { kGap, kOp, kFullBarrier, kLoop, kIf };
    Kind kind = Kind::kGap;
    int gap = -1;  // kGap: the gap; kOp: the gap before it
    MachineStep step;
    std::vector<PlanAccess> accesses;
    Location loc;
    bool skip = false;  // no machine op (a2a3 TFREE)
    int64_t seq = 0;    // kOp: its sequence number
    Path path;          // kOp: where it is
    std::vector<std::vector<int>> blocks;
  };
  // A finding of the check, with the gap a repair goes in: a pipe race's,
  // before the op; a flag reuse race's, the set's; a pipe busy at the
  // return, the body's end. What no pipe_barrier(PIPE_ALL) repairs (the
  // other kinds) is not repaired.
  struct Finding {
    OrderFinding finding;
    int gap = -1;
  };
  friend class plan_check::Checker;  // sync_plan_checker.h
  class Trials;  // the sweep's and Reallocate's checks, sync_plan_sweep.cc

  // For each access of each node (by node, then access): the last node
  // after which no op can conflict with it any more (computed once, when
  // the check first needs it; the recorded kernel does not change then).
  const std::vector<std::vector<int>>& Reach() const;

  int Record(Node node);
  void RecordCompound(Node::Kind kind, int gap);
  // How many executions there are (saturating at 1 << 30).
  int64_t Count(const std::vector<int>& block) const;

  // A new gap at the end of `block`: before its next item (or its end).
  int PushGap(int block, const Location& loc);
  void Add(int gap, SyncInstr instr);
  int NewUnit(SyncInstr::Kind kind, Pipe src, Pipe dst, int id, const Location& producer,
              const Location& consumer, absl::string_view why);
  Path CurrentPath() const;  // of the next item
  void Reset();              // a full barrier
  // A pair p -> q with its set in `set_gap` and its wait in `wait_gap`
  // (carried by loop `loop` when >= 0: also a prime before it and a drain
  // after it), or the identical one planned already: its unit, -1 when no
  // id is free. The wait goes in slot `wait_slot` (1: before the primes of
  // its gap; 0: before its sets), the set in slot `set_slot` (4: after the
  // waits of its gap).
  int MakePair(Pipe p, Pipe q, int set_gap, int wait_gap, int loop, absl::string_view why,
               int wait_slot = 3, int set_slot = 1);
  // Where the prime of a pair p -> q carried by `loop` goes: the gap before
  // the loop, or earlier in its block, back over the machine ops and ifs
  // right before it up to the first one on p, so that the prime does not
  // queue behind work of p the first iteration need not wait for. The
  // second: the last op the prime covers (-1: everything before the loop).
  std::pair<int, int64_t> PrimeGap(const Loop& l, Pipe p) const;
  // What a carried pair's drain covers on p for its consumer pipe: its
  // set's latest producer, or, when the prime stands before ops of p ahead
  // of the loop, only what the prime covers (a run of no iteration).
  int64_t DrainCovers(int unit) const;
  // Whether node `node` is, or holds, a machine op on p.
  bool HoldsOpOn(int node, Pipe p) const;
  // The node list of block `block`.
  const std::vector<int>& BlockNodes(int block) const;
  int FreeId(Pipe p, Pipe q) const;
  // A pair p -> q whose consumer (at `path`) is in a branch of an if that
  // is item `path[k]` of the innermost block holding its producer: its
  // wait goes down the branches of ifs on the way, right before the
  // consumer, or, when a loop (or a branch without the others' frames)
  // holds it, right before that item; a wait of the same id ends the other
  // branch of each of those ifs (the flag is consumed once on every path),
  // so that the branches not needing the producer, and the consumer's
  // branch up to the consumer, do not wait for it. Its unit, -1 when the
  // consumer is in no branch or no id is free.
  int SinkWait(Pipe p, Pipe q, const Path& path, size_t k, int set_gap, int64_t covers);
  // The same pair with its set at the start of the consumer's branch too
  // (no sync on the paths that skip the consumer), when no work on p that
  // q does not know complete was issued after the producer (`covers`, at
  // `producer`): its unit, -1 when not so or no id is free.
  int SinkPair(Pipe p, Pipe q, const Path& path, size_t k, const Location& producer,
               int64_t covers);
  // Whether the blocks from block `path[k]` down to the item at `path` are
  // branches of ifs only (the innermost open frames).
  bool ThroughBranches(const Path& path, size_t k) const;
  // How many of the blocks below block `path[k]` on the way to the item at
  // `path`, from the top, are branches of ifs (open frames).
  size_t BranchLevels(const Path& path, size_t k) const;
  // The end of an else-block, in `gap`: the other halves of the waits sunk
  // into its then-block.
  void EndElse(int gap);
  // §3.4 widening of a pair p -> q (set in `set_gap` after `producer`,
  // wait in `wait_gap`, both in `blk`) that has no id
  // (sync_plan_widen.cc): the unit that now orders it, -1 when there is
  // none.
  int Widen(int p, int q, const Block& blk, int set_gap, int wait_gap,
            const Location& producer);
  // Moves the set of pair `key` to `set_gap`, after `producer`: its unit.
  int MoveSet(const std::tuple<int, int, int, int>& key, int set_gap, const Location& producer);
  // Whether `unit` is a plain pair made since the last full barrier outside
  // every compound (its id is its own, so it may go and free it).
  bool Mergeable(int unit) const;
  // Whether pipe_barrier(PIPE_ALL) before a scalar op is cheaper than the
  // pairs from `latest` (its unordered producers, by pipe): one producer,
  // the item right before the op, and every other pipe's work ordered
  // before it. The wait of a pair into S blocks issue as the barrier does,
  // and the barrier saves the set and the wait (pipe-sync.md §5.3: a hop
  // of 2 cycles instead of 3).
  bool BarrierCheaper(const std::array<const Pending*, kNumPipes>& latest,
                      const Path& path) const;
  // pipe_barrier(PIPE_ALL) in `gap`; BarrierAll also resets the state.
  int AddBarrierAll(int gap, int slot, const Location& loc, absl::string_view why);
  void BarrierAll(int gap, const Location& loc, absl::string_view why);
  void SamePipeBarrier(int gap, Pipe q, const Location& loc);
  bool AnyPending() const { return !state_.pending.empty(); }
  // Places the lazy drains of the innermost open block in `gap` (slot 0):
  // with `op` (an op on pipe `q` with `accesses`), those it needs; else
  // all of them. Each covers its producers for its pipe from then on.
  void PlaceDrains(int gap, const std::vector<PlanAccess>* accesses = nullptr,
                   Pipe q = Pipe::kS);
  bool barrier_all() const { return mode_ == PipeSyncMode::kBarrierAll; }
  // Barrier-all mode's Op (sync_plan_barrier_all.cc): today's rule decides
  // whether pipe_barrier(PIPE_ALL) goes in `gap` before the op.
  int BarrierAllOp(int gap, const MachineStep& step, bool skip,
                   const std::vector<PlanAccess>& accesses, const Location& loc);
  bool AnyUsed() const;
  static void Merge(State& into, const State& other);
  // The item of `block` that holds the gap or op at `path` (-1: none).
  static int ItemIn(const Path& path, int block);

  // sync_plan_carried.cc: the next iteration of for loop `loop`, walked at
  // the end of its body: carried pairs and the reverse pairs of the reuse
  // rule.
  struct Replay;
  void CarryLoop(int loop);
  void ReplayBlock(int loop, const std::vector<int>& nodes,
                   const std::vector<const Pending*>& previous, Replay& r);
  void ReplayOp(int loop, const Node& b, const std::vector<const Pending*>& previous,
                Replay& r);
  void ReuseGuards(int loop);
  // The carried pair from `a` (of the previous iteration) to an op on `q`:
  // set after the body item holding `a` (`set_gap`), wait in `wait_gap`;
  // when `a` is directly in a branch of an if of the body that has an
  // else, its set right after `a` and a second set at the end of the
  // other branch (each iteration sets it once), so that the next
  // iteration's consumer does not wait for the rest of a's branch. Its
  // unit, -1 when no id is free.
  int CarriedPair(int loop, const Pending& a, Pipe q, int set_gap, int wait_gap);
  // One reverse pair src -> dst of the reuse rule (MakePair's arguments),
  // guarding the set in gap `guarded`; pipe_barrier(PIPE_ALL) before that
  // set when no id is free.
  void Guard(Pipe src, Pipe dst, int set_gap, int wait_gap, int loop, int wait_slot, int set_slot,
             int guarded);
  // The end of every loop body gets pipe_barrier(PIPE_ALL) (a kernel the
  // check cannot cover).
  void DrainEveryLoop();
  // Removes the units in `removed` and numbers the rest again.
  void RemoveUnits(const std::set<int>& removed);
  // Ids again (§3.4, after the sweep): pairs in the order their lifetimes
  // start take the lowest id of their pool with which the check stays
  // clean; when one finds none, or the check's work passes `budget`, the
  // ids stay as they were. `work` adds what the check did. True when an id
  // changed.
  bool Reallocate(int64_t budget, int64_t* work);
  void SetId(int unit, int id);

  Backend backend_;
  FunctionKind kind_;
  int first_unit_ = 0;
  int64_t allowance_ = kCheckAllowance;  // this kernel's share
  Outcome outcome_;
  PipeSyncMode mode_ = PipeSyncMode::kFlags;
  BarrierAllRule rule_;  // barrier-all mode
  State state_;
  std::vector<Block> blocks_;
  std::vector<int> open_;  // open blocks, outermost first
  std::vector<Frame> frames_;
  std::vector<Loop> loops_;
  std::vector<std::vector<SyncInstr>> gaps_;
  std::vector<Location> gap_locs_;  // the item after the gap (or the block's)
  std::vector<Path> gap_paths_;     // where each gap is (the item after it)
  std::vector<int64_t> gap_seq_;    // the last op before each gap
  std::vector<int> gap_blocks_;     // the block of each gap
  // Drains for the next gap of a block (the gap after a loop that ended).
  std::map<int, std::vector<SyncInstr>> deferred_;
  // The drains of loops whose block is in no loop, not placed yet (what
  // ptoas's tail compensation does): work after the loop that does not
  // need one does not wait for it. Each goes in the gap before the first
  // op of its block on its pipe that conflicts with what it covers, else
  // before the block's next compound or at its end (PlaceDrains).
  struct LazyDrain {
    int block;
    SyncInstr wait;
  };
  std::vector<LazyDrain> lazy_;
  // Event ids in use since the last full barrier outside every compound,
  // by [p][q].
  // (one bit per id).
  std::array<std::array<uint64_t, kNumPipes>, kNumPipes> used_{};
  // (p, q, set gap, wait gap) -> (id, unit): an identical pair is reused.
  std::map<std::tuple<int, int, int, int>, std::pair<int, int>> pairs_;
  // Plain pairs (not carried, not reverse) -> the gap of the first
  // producer their set covered, and the full barrier they follow.
  struct Widenable {
    int origin_gap = 0;
    int64_t generation = 0;
  };
  std::map<int, Widenable> widenable_;
  int64_t generation_ = 0;  // full barriers outside every compound
  // Units merged into another pair by Widen: the sweep drops them.
  std::set<int> merged_away_;
  // A carried pair's unit -> the latest producer its set covers.
  std::map<int, int64_t> carried_seq_;
  // A carried pair's unit -> the gap of its prime, and the last op the
  // prime covers when it stands before ops ahead of the loop (PrimeGap).
  std::map<int, int> prime_gap_;
  std::map<int, int64_t> prime_seq_;
  int64_t seq_ = 0;
  std::vector<SyncUnit> units_;
  std::vector<Node> nodes_;
  std::vector<int> root_;
  std::vector<std::pair<int, int>> tree_;  // open (compound node, block)
  std::vector<int> compounds_;             // open compound nodes
  mutable std::vector<std::vector<int>> reach_;  // Reach()
};

// The accesses of `step`: `args` are the buffers of the call's tile
// arguments (by argument index), `result` the result's, `gm` the indices of
// the GM parameters its GM operand names (empty: all of GM), `box` the
// region of them a DMA step (TLOAD, TSTORE) moves; the other steps touch
// the whole tensor (a DCCI its whole lines, a scalar op an element the
// planner does not track).
std::vector<PlanAccess> AccessesOf(const MachineStep& step, const std::vector<Buffer>& args,
                                   const Buffer& result, const std::vector<int64_t>& gm,
                                   const GmBox& box = {});
// The index of parameter `v` of `fn` (-1: not a parameter).
int64_t ParamIndex(const Function& fn, const Var* v);
// A popped tile's buffer: its pipe's consumer ring (pipe-sync.md §2.1),
// which no placed tile overlaps.
constexpr int kRingBufferBase = 1 << 20;

// How a file is synchronised: the mode, the units left out, and where
// --emit=syncplan's text goes (nullptr: nowhere).
struct SyncOptions {
  PipeSyncMode mode = PipeSyncMode::kFlags;
  std::set<int> drop;
  // The kernels of the file that are planned (SyncPlanner's `functions`).
  int functions = 1;
  std::string* plan_text = nullptr;
  // With plan_text: the removal check in process (pipe-sync.md §4.5): the
  // plan's check once per unit with that unit left out, as separate runs
  // with --pipe-sync-drop=N would, without planning the kernel again.
  bool removal_check = false;
  // The planner of every planned kernel, by function name (nullptr:
  // nowhere): ptoc-sim's pipe model replays them.
  std::map<std::string, SyncPlanner>* planners = nullptr;
};

// --emit=syncplan: the units of every planned kernel, one per line.
std::string FormatSyncPlan(absl::string_view function, const std::vector<SyncUnit>& units);
// --emit=syncplan, flags modes: how the plan came about (its repairs, the
// sweep, the fallback), one line.
std::string FormatOutcome(const SyncPlanner& planner);
// --pipe-sync-removal: the plan's check with each unit (not in `drop`) left
// out besides `drop`: "  removal: C of N units caught", then one
// "  not caught: unit K" line per unit whose removal gives no finding.
std::string FormatRemovalCheck(const SyncPlanner& planner, const std::set<int>& drop);

// What an emitter does with the plan of kernel `function` once it is
// emitted: keeps a copy in sync.planners and appends its --emit=syncplan
// report (units, check, outcome, removal check) to sync.plan_text, where
// those are set. Both printers call it, so they report the same way.
void PublishPlan(absl::string_view function, const SyncPlanner& planner,
                 const SyncOptions& sync);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_SYNC_PLAN_H_
