// The pipes inside a lane (pipe-sync.md §4): every machine op and sync
// instruction of the kernel's flags-mode plan is issued, in program order,
// to its pipe's in-order queue, and vector clocks over the pipes decide
// whether the hardware could have run two conflicting ops out of order.
// The functional result is unchanged (tile ops still compute in program
// order); the check reports what the device could compute differently.
//
// The plan is not planned again here: codegen plans it (codegen/pipe_plans.h,
// the lowering and the planner both targets use), and PipeProgram attaches
// its recorded items to the instructions of the flattened function
// (code.h), so each one runs when its instruction completes.
//
// Findings: those of the ordering model (codegen/order_finding.h, §4.2).
#ifndef PTOC_RUNTIME_PIPE_CHECK_H_
#define PTOC_RUNTIME_PIPE_CHECK_H_

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "absl/status/statusor.h"
#include "codegen/lane_order.h"
#include "codegen/order_finding.h"
#include "codegen/pipe_clocks.h"
#include "codegen/sync_plan.h"
#include "ir/ir.h"
#include "runtime/code.h"
#include "runtime/dma_reads.h"
#include "runtime/report.h"

namespace ptoc {
namespace sim {

using codegen::Pipe;
using RecordedItem = codegen::SyncPlanner::RecordedItem;

// One event of the lane's pipes: a sync instruction, a machine op or an
// explicit pipe_barrier(PIPE_ALL) the emitter printed.
struct PipeEvent {
  enum class Kind { kSync, kOp, kFullBarrier };
  Kind kind = Kind::kSync;
  codegen::SyncInstr sync;               // kSync
  const RecordedItem* op = nullptr;      // kOp (owned by the PipeProgram)
  // kOp, kFullBarrier: the statement it belongs to (nullptr: a block's end).
  const Stmt* stmt = nullptr;
};

// The instruction `e` issues: a vector op by its C++ name (TADD, TRELU,
// from codegen's op table), others by the machine op (TLOAD, TSTORE, ...).
std::string OpName(const PipeEvent& e);

// Leaves out of `items` only the sets (and primes) of the pairs in `sets`
// and only the waits (and drains) of those in `waits`: the half-removals of
// pipe-sync.md §4.5.
void DropHalves(std::vector<RecordedItem>& items, const std::set<int>& sets,
                const std::set<int>& waits);

// The plan of one function, attached to its flattened instructions.
class PipeProgram {
 public:
  PipeProgram() = default;
  // Events point into items_: moved, never copied.
  PipeProgram(const PipeProgram&) = delete;
  PipeProgram& operator=(const PipeProgram&) = delete;
  PipeProgram(PipeProgram&&) = default;
  PipeProgram& operator=(PipeProgram&&) = default;

  // Fails (an internal diagnostic) when the recorded items do not follow
  // the function's statements.
  static absl::StatusOr<PipeProgram> Build(const FunctionCode& code, Backend backend,
                                           std::vector<RecordedItem> recorded);

  // Run when instruction `pc` completes.
  const std::vector<PipeEvent>& At(int pc) const { return at_[pc]; }
  // A while's condition (kBranch at `pc`) entered from before the loop:
  // the gap before the loop, run before At(pc).
  const std::vector<PipeEvent>& Entry(int pc) const { return entry_[pc]; }
  // An if (kBranch at `pc`) that went `then_taken`: the end of the branch
  // taken when nothing marks it (no else, or the else branch), and the pc
  // at which it runs (the instruction after the branch).
  const std::vector<PipeEvent>* Deferred(int pc, bool then_taken, int* at) const;
  // The pc of a while's back jump (-1 for other instructions).
  int BackJump(int pc) const { return back_jump_[pc]; }

 private:
  std::vector<RecordedItem> items_;
  std::vector<std::vector<PipeEvent>> at_, entry_;
  // By kBranch pc: [then_taken] -> (events, pc they run at).
  std::map<std::pair<int, bool>, std::pair<std::vector<PipeEvent>, int>> deferred_;
  std::vector<int> back_jump_;
  friend class PipeProgramBuilder;
};

// What the simulators remember per region of a lane's accesses: the
// pipe check (RegionEpochs) and the timing model's deps bound (timing.h).
// A region is (space, buffer or parameter (-1: all of the space), the GM
// box (empty: all of the tensor)); regions overlap by the planner's rule
// (codegen::Overlap): a tensor's static boxes apart, a symbolic one as the
// whole tensor.
template <class Entry>
class RegionMap {
 public:
  // The entry of `x`'s region (a new one when it has none).
  Entry& At(const codegen::PlanAccess& x) {
    return map_[Key{static_cast<int>(x.space), x.id, x.box}];
  }
  // f(entry) for every region that may overlap `x`, until f returns false.
  template <class F>
  void ForEachOverlapping(const codegen::PlanAccess& x, F&& f) const {
    for (const auto& [key, entry] : map_) {
      codegen::PlanAccess region;
      region.space = static_cast<MemorySpace>(std::get<0>(key));
      region.id = std::get<1>(key);
      region.box = std::get<2>(key);
      if (codegen::Overlap(region, x) && !f(entry)) return;
    }
  }
  void Clear() { map_.clear(); }

 private:
  using Key = std::tuple<int, int64_t, codegen::GmBox>;
  std::map<Key, Entry> map_;
};

// The simulators' access history (a History of codegen/lane_order.h): per
// region, the last write and the latest read of every pipe since it
// (FastTrack-style epochs), and the latest op of every pipe, for the
// findings.
class RegionEpochs {
 public:
  void Clear() { regions_.Clear(); }
  template <class F>
  void Unordered(const codegen::PipeClocks& clocks, Pipe q,
                 const std::vector<codegen::PlanAccess>& accesses, F&& f) const;
  void Record(Pipe q, int64_t index, const codegen::OrderOp& op);
  std::optional<codegen::EarlierAccess> LastOp(Pipe p) const;

 private:
  struct Epoch {
    int64_t index = 0;  // 0: none
    std::string op;
    Location loc;
  };
  struct RegionHistory {
    Pipe write_pipe = Pipe::kS;
    Epoch write;
    std::array<Epoch, codegen::kNumPipes> reads;
  };
  static codegen::EarlierAccess Earlier(Pipe p, const Epoch& e, bool write) {
    return codegen::EarlierAccess{p, e.index, e.op, &e.loc, write};
  }

  RegionMap<RegionHistory> regions_;
  std::array<Epoch, codegen::kNumPipes> last_op_;  // not forgotten at a full barrier
};

// One race per access of the op: with the last write of an overlapping
// region, else (a write) with a read since it.
template <class F>
void RegionEpochs::Unordered(const codegen::PipeClocks& clocks, Pipe q,
                             const std::vector<codegen::PlanAccess>& accesses, F&& f) const {
  bool go_on = true;
  for (size_t j = 0; j < accesses.size() && go_on; ++j) {
    const codegen::PlanAccess& x = accesses[j];
    // False once access j raced (or f said stop).
    regions_.ForEachOverlapping(x, [&](const RegionHistory& h) {
      if (h.write.index > 0 && !clocks.Ordered(q, h.write_pipe, h.write.index)) {
        go_on = f(Earlier(h.write_pipe, h.write, true), j);
        return false;
      }
      if (!x.write) return true;
      for (int y = 0; y < codegen::kNumPipes; ++y) {
        const Epoch& r = h.reads[y];
        if (r.index == 0 || clocks.Ordered(q, static_cast<Pipe>(y), r.index)) continue;
        go_on = f(Earlier(static_cast<Pipe>(y), r, false), j);
        return false;
      }
      return true;
    });
  }
}

// The check of one lane (§4.2): the rules of codegen/lane_order.h (the
// planner's own check runs them too) on the events of one execution, with
// the RegionEpochs history.
class LanePipeCheck {
 public:
  // `lane`: "aiv lane (k) of rank 0", the prefix of the messages.
  // `params`: the names of the function's parameters (GM regions); `ids`:
  // event ids per pipe pair (8; more with --pipe-sync=flags-unbounded).
  LanePipeCheck(Backend backend, FunctionKind core, std::string lane,
                std::vector<std::string> params, int ids = 8);

  void Run(const PipeEvent& e);
  // The index the last instruction issued to `p` got (0: none yet).
  int64_t issued(Pipe p) const { return state_.clocks.issued(p); }
  // Whether instruction `index` of `p` is known complete before the next
  // scalar instruction (a notify) issues: a flag wait on S or a barrier
  // ordered it.
  bool KnownAtScalar(Pipe p, int64_t index) const {
    return state_.clocks.Ordered(Pipe::kS, p, index);
  }
  // The lane returned at `loc`.
  void Return(const Location& loc);
  // Findings since the last call.
  std::vector<codegen::OrderFinding> TakeFindings();
  // `f` as the report holds it: a pipe race, flag reuse race or deadlock
  // by its kind (with a race's sides as JSON), the others as protocol
  // errors titled by their kind.
  Finding ToReport(codegen::OrderFinding f) const;

 private:
  std::string RegionJson(const codegen::PlanAccess& a) const;

  codegen::OrderRules rules_;
  codegen::OrderState<RegionEpochs> state_;
  std::vector<codegen::OrderFinding> findings_;
};

// Runs `e` in `check`, keeping lane `lane`'s DMA reads in flight
// (runtime/dma_reads.h, comm-hazards.md H1) in step with it: a notify
// releases the reads the plan has not completed before it issues, and an
// op that reads GM performs the reads issued since the last one.
void RunTrackingReads(LanePipeCheck& check, const PipeEvent& e, InFlightReads& reads, int lane);
// The end of the lane's instruction or device-API call (InFlightReads::Settle).
void SettleReads(const LanePipeCheck& check, InFlightReads& reads, int lane);

struct World;
class TimingModel;

// The check of lane `lane` of `world` (its function's core type), its
// findings named "<lane> of rank <r>"; as LanePipeCheck for the rest.
std::unique_ptr<LanePipeCheck> MakeLanePipeCheck(const World& world, int lane, Backend backend,
                                                 std::vector<std::string> params, int ids = 8);
// Moves the findings `check` has made since the last call into the world's
// report, as lane `lane`'s.
void ReportPipeFindings(World& world, int lane, LanePipeCheck& check);

// The pipe check of every lane of one schedule: the interpreter calls
// Step() when a lane's instruction completes.
class PipeModel {
 public:
  // `programs[k]`: the plan of lane k's function (nullptr: not checked);
  // `ids`: event ids per pipe pair.
  PipeModel(World& world, Backend backend, std::vector<const PipeProgram*> programs,
            int ids = 8);
  // Lane `lane` starts over with the plan `program` (nullptr: unchecked):
  // the next kernel a whole-program run launches on its core.
  void Restart(int lane, const PipeProgram* program);
  // Lane `lane` completed the instruction at `pc` and goes on at `next`.
  void Step(int lane, int pc, int next);
  // Lane `lane`'s notify wrote the signal at GM address `addr` (`notify`),
  // or its wait or test found the signal there holding: for the timing.
  void Signal(int lane, uint64_t addr, bool notify);
  // The timing model (timing.h) that replays the events too; nullptr: none.
  void set_timing(TimingModel* timing) { timing_ = timing; }

 private:
  struct LaneData {
    const PipeProgram* program = nullptr;
    std::unique_ptr<LanePipeCheck> check;
    int last_pc = -1;
    // Branch ends to run when the lane reaches a pc, innermost last.
    std::vector<std::pair<int, const std::vector<PipeEvent>*>> deferred;
  };
  void Run(int lane, const std::vector<PipeEvent>& events);
  void Flush(int lane);

  World& w_;
  Backend backend_;
  int ids_;
  TimingModel* timing_ = nullptr;
  std::vector<LaneData> lanes_;
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_PIPE_CHECK_H_
