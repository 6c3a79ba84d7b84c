// The timing model (pipe-sync.md §5): the pipe events of schedule 0, in the
// order they ran, replayed on a clock. Each lane's scalar unit issues one
// instruction per cycle in program order (an instruction reaches its queue,
// and can start, once its issue cycle is over), and stalls while the pipe's queue
// holds queue_depth instructions that have not started; each pipe runs one
// instruction at a time in issue order for the cycles of the cost table
// (cost_table.h); a
// wait starts once its set has ended; pipe_barrier(PIPE_ALL) holds issue
// until every pipe is idle; scalar ops and a wait on S hold issue until they
// end. Across lanes: the k-th pop of a FIFO starts after the k-th push ended
// plus the signal latency; a wait or test that found a signal holding
// starts after the notify that wrote it last ended plus the notify latency
// (to the same rank or another); a syncall releases every lane of the rank
// after the last arrival plus its cost.
//
// With `deps` (ptoc-sim --pipe-sync-model=deps, pipe-sync.md §3.1) the
// plan's sync instructions are not issued: each machine op starts once
// the conflicting earlier accesses of its lane (the regions of the plan,
// the pipe check's rule) have ended, plus the barriers that are part of
// machine ops (fence, put / get, notify): the dependency-only lower bound.
//
// Outputs: the --cycles text, the report's `timing` object and the
// --timeline Chrome trace (timeline.cc).
#ifndef PTOC_RUNTIME_TIMING_H_
#define PTOC_RUNTIME_TIMING_H_

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "runtime/cost_table.h"
#include "runtime/pipe_check.h"

namespace ptoc {
namespace sim {

// What the cost table charges for one machine op: the sum of its keys'
// formulas (a put or get: a load and a store) over `vars` (B, R, U, M, K,
// N, k0, r), and the op's name in the outputs. ptoc-sim takes it from the
// statement (CostOfStmt), ptoc-run-cpp from the tiles of the device call.
struct OpCost {
  std::vector<std::string> keys;
  std::map<std::string, double> vars;
  std::string name;
};

// B, R and U of a tile of `rows` x `cols` valid elements of `esize` bytes.
std::map<std::string, double> TileCostVars(int64_t rows, int64_t cols, int64_t esize);

// One timed instruction of a lane.
struct TimedOp {
  int lane = 0;
  int pipe = -1;  // -1: the lane's issue unit (full barriers, drains)
  std::string name;
  Location loc;
  int64_t ready = 0;  // at the head of its queue
  int64_t start = 0, end = 0;
  int64_t bytes = 0;
  int unit = -1;     // the plan unit of a sync instruction
  int cause = -1;    // the instruction whose end decided the start
  // issue, queue, queue full, flag, barrier drain, fifo, signal, syncall
  std::string why;
};

// An arrow of the timeline: set -> wait, push -> pop, notify -> the wait
// or test it satisfied, arrival -> syncall.
struct TimedFlow {
  std::string cat;  // flag, fifo, signal, syncall
  int from = 0, to = 0;
};

// One lane of the launch, for the outputs.
struct TimedLane {
  int rank = 0;
  std::string core;  // AIC | AIV
  // The lane in the outputs: the core, with the subblock under a 1C:2V
  // launch (AIV0, AIV1).
  std::string label;
  int party = 0;  // its FIFO party: the AIV subblock (0 for the cube)
  std::string function;
  int64_t cycles = 0;
  std::array<int64_t, codegen::kNumPipes> busy{};
  std::map<std::string, int64_t> stalls;  // of the issue unit, by cause
  bool timed = false;  // false: no flags plan (not replayed)
};

class TimingModel {
 public:
  // `pipe_sync`: the plan's mode, for the outputs ("deps" with `deps`).
  TimingModel(const CostTable& costs, const World& world, std::string pipe_sync,
              bool deps = false);

  // Lane `lane` ran `e` (from the statement `stmt`, or nullptr).
  void Event(int lane, const PipeEvent& e, const Stmt* stmt);
  // The same with the cost of a machine op given (`cost`; ignored for sync
  // instructions): ptoc-run-cpp, which has no statements.
  void Event(int lane, const PipeEvent& e, const OpCost& cost);
  void Return(int lane);
  // The statement lane `lane` is running notified the signal at `addr`
  // (`notify`), or its wait or test found it holding.
  void Signal(int lane, uint64_t addr, bool notify);

  std::string Text() const;
  std::string Json() const;  // the `timing` object
  // The trace; `us`: timestamps in microseconds at clock_hz, not cycles;
  // at most `limit` events, then a marker event.
  std::string Timeline(const std::string& backend, bool us, int64_t limit) const;

 private:
  struct LaneClock {
    int64_t issue = 0;
    std::array<int64_t, codegen::kNumPipes> pipe_free{};
    std::array<int, codegen::kNumPipes> pipe_last{};
    std::map<std::tuple<int, int, int>, int> sets;  // key -> its set
    int last = -1;
    // Per pipe: the starts of its last queue_depth instructions.
    std::array<std::deque<int64_t>, codegen::kNumPipes> queued;
  };

  // The cost of `step` from its statement `stmt` (ptoc-sim).
  OpCost CostOfStmt(const codegen::MachineStep& step, const Stmt* stmt, int lane) const;
  // Adds an instruction on `pipe` (-1: the issue unit) that may not start
  // before `dep` (the end of instruction `dep_op`, reason `why`).
  int Add(int lane, int pipe, std::string name, const Location& loc, int64_t cycles,
          int64_t dep, int dep_op, const std::string& why, bool blocks_issue);
  void DrainAll(int lane, const Location& loc, const std::string& name);
  void Drain(int lane, const std::vector<Pipe>& pipes, const Location& loc);
  std::vector<int> CriticalPath() const;
  // deps: the latest end of an access of lane `lane` that `op`'s accesses
  // conflict with (0: none), and that instruction in `*from`.
  int64_t Dependence(int lane, const RecordedItem& op, int* from) const;
  void Record(int lane, const RecordedItem& op, int index);
  int64_t Makespan() const;

  const CostTable& costs_;
  const World& w_;
  std::string pipe_sync_;
  bool deps_ = false;
  // deps: per lane and region (the pipe check's regions and overlap rule),
  // the last write and the latest read since it: (end, instruction).
  struct Accesses {
    std::pair<int64_t, int> write{0, -1}, read{0, -1};
  };
  std::vector<RegionMap<Accesses>> accesses_;
  int64_t clock_hz_;
  std::vector<LaneClock> clocks_;
  std::vector<TimedLane> lanes_;
  std::vector<TimedOp> ops_;
  std::vector<TimedFlow> flows_;
  // FIFO pushes by (rank, direction, producer party), pops taken so far by
  // (rank, direction, consumer party): under 1C:2V each AIV lane's k-th
  // transfer is the slot's k-th (dual-aiv.md), so a C2V pop waits for the
  // cube's k-th push and a V2C pop for the k-th push of every AIV lane that
  // pushes; syncalls by rank.
  using Ring = std::tuple<int, int, int>;
  std::map<Ring, std::vector<int>> pushes_;
  std::map<Ring, size_t> pops_;
  std::map<int, std::vector<std::pair<int64_t, int>>> syncalls_;  // release, from
  std::map<int, std::vector<int>> syncall_seen_;  // per lane: syncalls done
  // Signals: per lane, the address its running notify / wait names; per
  // address, the notify that wrote it last.
  std::map<int, uint64_t> notifying_, satisfied_;
  std::map<uint64_t, int> last_notify_;
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_TIMING_H_
