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
//   before the item that holds b (hoisted above an if), so set and wait
//   always run equally often; a same-pipe conflict on a pipelined pipe
//   (§2.3) gets pipe_barrier(q);
// - event ids: per (src, dst) pipe pair, ids 0..7 (0..6 for the reserved
//   keys, §3.4); an id is used once between two full barriers, so a set is
//   always ordered after the previous wait of its key (binary flags);
//   when none is free, the pair is widened into an earlier pair on the
//   same pipes (§3.4: its set and wait in the same block, its set not
//   after the new set, its wait not after the new wait and not before the
//   new set; the latest such set moves to the new set's gap), else it is
//   demoted to pipe_barrier(PIPE_ALL) before the consumer;
// - loops start and end each iteration drained (pipe_barrier(PIPE_ALL)
//   when something is pending), so no pair is carried by a loop;
// - the tail: pipe_barrier(PIPE_ALL) before the return when a non-scalar
//   op was issued after the last full barrier.
//
// In barrier-all mode the planner records the same kernel and places
// today's barriers (pipe_order.h, BarrierAllRule) as units of the plan:
// pipe_barrier(PIPE_ALL) before an op that conflicts with pending work on
// another pipe, before a loop and at the end of a loop body when work is
// pending, and the tail; so the C++ emitter spells both modes the same way
// and ptoc-sim replays (and times) either plan.
#ifndef PTOC_CODEGEN_SYNC_PLAN_H_
#define PTOC_CODEGEN_SYNC_PLAN_H_

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "codegen/lowering.h"
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

// "flags" | "flags-unbounded" | "barrier-all"; empty: barrier-all (the
// default).
absl::StatusOr<PipeSyncMode> ParsePipeSync(absl::string_view mode);
absl::string_view PipeSyncName(PipeSyncMode mode);

// A GM region known at compile time: per dim of the tensor the element
// range [first, second) (pipe-sync.md §2.1). Empty: the whole tensor.
using GmBox = std::vector<std::pair<int64_t, int64_t>>;

// What a machine op touches: a tile buffer (id >= 0) or all of a local
// memory (id -1: a loop-carried, branch-merged or popped tile); a GM tensor
// (space kDDR, id = its parameter's index; `box` the region of it, empty:
// all of it) or all of GM (id -1). Two GM accesses of one tensor overlap
// unless their boxes are disjoint in some dim (a peer's copy counts as the
// same tensor, at the same offsets).
struct PlanAccess {
  MemorySpace space = MemorySpace::kDDR;
  int64_t id = -1;
  bool write = false;
  GmBox box;
};
// Whether `a` and `b` may touch the same memory.
bool Overlap(const PlanAccess& a, const PlanAccess& b);
// The box of `region` when its offsets and sizes are all static, else empty.
GmBox BoxOf(const GmRegion& region);

struct SyncInstr {
  enum class Kind { kSet, kWait, kBarrier, kBarrierAll };
  Kind kind = Kind::kBarrierAll;
  Pipe src = Pipe::kS;  // kBarrier: the pipe
  Pipe dst = Pipe::kS;
  int id = 0;
  int unit = 0;  // the pair or barrier it belongs to (--pipe-sync-drop)
  int slot = 0;  // §3.2: 1 sets, 3 waits, 4 barriers
  Location loc;  // the producer's (set) or the consumer's
};

// One unit of the plan, for --emit=syncplan.
struct SyncUnit {
  int number = 0;
  SyncInstr::Kind kind = SyncInstr::Kind::kBarrierAll;  // kSet: a pair
  Pipe src = Pipe::kS, dst = Pipe::kS;
  int id = 0;
  Location producer, consumer;
  std::string why;  // "pair", "same-pipe", "demoted", "loop entry", "loop end", "tail"
};

class SyncPlanner {
 public:
  // Units are numbered from `first_unit` (over the whole program).
  SyncPlanner(Backend backend, FunctionKind kind, int first_unit = 0,
              PipeSyncMode mode = PipeSyncMode::kFlags);

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
  // the else-block (an empty one when the if has none), EndIf.
  int BeginIf(const Location& loc);
  void Else();
  void EndIf();
  // `loop_body`: the block is the body of the innermost loop (a while's
  // condition is a block of its own before it).
  void BeginBlock(bool loop_body = false);
  int EndBlock(const Location& loc);
  // An explicit pipe_barrier(PIPE_ALL) the emitter prints itself.
  void FullBarrier();
  // At the end of the kernel body (`gap`: EndBlock's of the body): the tail
  // barrier when a non-scalar op may still be running.
  // Returns whether it was needed.
  bool Tail(int gap, const Location& loc);

  // The redundancy sweep (pipe-sync.md §3.3), run once the kernel is
  // planned (flags modes only: barrier-all's barriers are today's rule):
  // units are removed, last created first, while Check() stays
  // clean without them; the rest are numbered again in order. Skipped when
  // the kernel has more executions than Check() tries or more than 20,000
  // recorded items.
  void Sweep();

  // Replaces the marker lines of `text` with the plan's instructions, each
  // indented like its marker and spelled by `spell`; units in `drop` are
  // left out.
  std::string Render(const std::string& text,
                     const std::function<std::string(const SyncInstr&)>& spell,
                     const std::set<int>& drop) const;

  const std::vector<SyncUnit>& units() const { return units_; }

  // The check of pipe-sync.md §4.2 (vector clocks over the pipes of the
  // lane) on the planned kernel, with the units in `drop` left out, over
  // its executions: every loop run 0, 1 and 2 times, both sides of every
  // if (at most `max_runs` executions, in a fixed order). Returns the
  // findings (pipe race, flag reuse race, double set, deadlock, pipe busy
  // at return, flag left set), one line each; empty when the plan is
  // correct on every execution tried. `runs` gets how many were tried.
  std::vector<std::string> Check(const std::set<int>& drop, int max_runs = 256,
                                 int* runs = nullptr) const;
  // How many executions there are to try in all (saturating).
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
  struct Pending {
    Pipe pipe;
    int64_t seq;
    PlanAccess access;
    std::vector<std::pair<int, int>> path;  // (block, item) from the body down
    Location loc;
  };
  struct State {
    std::vector<Pending> pending;
    // known[q][p]: every op on p up to this sequence number is complete
    // before q's next op starts.
    std::array<std::array<int64_t, kNumPipes>, kNumPipes> known{};
    bool busy = false;  // a non-S op since the last full barrier
  };
  struct Block {
    std::vector<int> gaps;  // gaps[i]: before item i; the last: the block end
  };
  struct Frame {  // an open compound
    bool loop = false;
    State before;      // ifs: the state before the if
    State then_state;  // ifs: the state at the end of the then-block
    bool has_else = false;
    int body_block = -1;
  };

  // The kernel as the emitter described it, for Check(): gaps, machine
  // ops, full barriers the emitter printed, and compounds with their blocks.
  struct Node {
    enum class Kind { kGap, kOp, kFullBarrier, kLoop, kIf };
    Kind kind = Kind::kGap;
    int gap = -1;
    MachineStep step;
    std::vector<PlanAccess> accesses;
    Location loc;
    bool skip = false;  // no machine op (a2a3 TFREE)
    std::vector<std::vector<int>> blocks;
  };
  int Record(Node node);
  void RecordCompound(Node::Kind kind, int gap) {
    Node g;
    g.kind = Node::Kind::kGap;
    g.gap = gap;
    Record(g);
    Node c;
    c.kind = kind;
    compounds_.push_back(Record(c));
  }
  // How many executions Check() would walk (saturating at 1 << 30).
  int64_t Count(const std::vector<int>& block) const;
  void Expand(const std::vector<int>& block, std::vector<std::vector<int>>* runs,
              size_t max_runs) const;

  int NewGap(const Location& loc);
  void Add(int gap, SyncInstr instr);
  int NewUnit(SyncInstr::Kind kind, Pipe src, Pipe dst, int id, const Location& producer,
              const Location& consumer, absl::string_view why);
  std::vector<std::pair<int, int>> Path() const;  // of the next item
  void Reset();                                  // a full barrier
  // §3.4 widening of a pair p -> q (set in `set_gap`, wait in `wait_gap`,
  // both in `blk`) that has no id: moves the set of the pair it is widened
  // into to `set_gap`; false when there is none.
  bool Widen(int p, int q, const Block& blk, int set_gap, int wait_gap,
             const Location& producer);
  void BarrierAll(int gap, const Location& loc, absl::string_view why);
  bool AnyPending() const { return !state_.pending.empty(); }
  bool barrier_all() const { return mode_ == PipeSyncMode::kBarrierAll; }
  // Barrier-all mode's Op (sync_plan_barrier_all.cc): today's rule decides
  // whether pipe_barrier(PIPE_ALL) goes in `gap` before the op.
  int BarrierAllOp(int gap, const MachineStep& step, const std::vector<PlanAccess>& accesses,
                   const Location& loc);
  bool AnyUsed() const;
  int IfDepth() const;
  static void Merge(State& into, const State& other);

  Backend backend_;
  FunctionKind kind_;
  int first_unit_ = 0;
  PipeSyncMode mode_ = PipeSyncMode::kFlags;
  BarrierAllRule rule_;  // barrier-all mode
  State state_;
  std::vector<Block> blocks_;
  std::vector<int> open_;  // open blocks, outermost first
  std::vector<Frame> frames_;
  std::vector<std::vector<SyncInstr>> gaps_;
  std::vector<Location> gap_locs_;  // the item after the gap (or the block's)
  // Event ids in use since the last full barrier on every path, by [p][q]
  // (one bit per id).
  std::array<std::array<uint64_t, kNumPipes>, kNumPipes> used_{};
  // (p, q, set gap, wait gap) -> (id, unit): an identical pair is reused.
  std::map<std::tuple<int, int, int, int>, std::pair<int, int>> pairs_;
  int64_t seq_ = 0;
  std::vector<SyncUnit> units_;
  std::vector<Node> nodes_;
  std::vector<int> root_;
  std::vector<std::pair<int, int>> tree_;  // open (compound node, block)
  std::vector<int> compounds_;             // open compound nodes
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
  PipeSyncMode mode = PipeSyncMode::kBarrierAll;
  std::set<int> drop;
  std::string* plan_text = nullptr;
  // The planner of every planned kernel, by function name (nullptr:
  // nowhere): ptoc-sim's pipe model replays them.
  std::map<std::string, SyncPlanner>* planners = nullptr;
};

// --emit=syncplan: the units of every planned kernel, one per line.
std::string FormatSyncPlan(absl::string_view function, const std::vector<SyncUnit>& units);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_SYNC_PLAN_H_
