// Ordering of the pipes of one core for --pipe-sync=barrier-all.
//
// An AI core issues instructions to several pipes (scalar, vector, cube,
// the DMA pipes MTE1/2/3, the fixpipe) that run concurrently; an op that
// depends on one issued to another pipe must wait for it. Barrier-all
// orders them conservatively: before an op that reads a buffer another pipe
// still writes, or writes one another pipe still reads or writes, it emits
// `pipe_barrier(PIPE_ALL)`, which drains every pipe. GM counts as one
// buffer; a tile whose buffer is not known exactly (loop-carried, merged by
// a branch, popped from the FIFO) counts as its whole memory.
//
// The scalar pipe is a pipe like the others (pipe-sync.md §8 Q3, Q14): a
// scalar access (tensor.read / write, dcci, a signal) stays pending until a
// barrier, so a later DMA op that conflicts with it gets one; only S -> S
// needs nothing. A conflict between two ops of one pipelined pipe (§2.3:
// a2a3 all but S, a5 all but S and V) gets `pipe_barrier(P)`.
#ifndef PTOC_CODEGEN_PIPE_ORDER_H_
#define PTOC_CODEGEN_PIPE_ORDER_H_

#include <vector>

#include "codegen/lowering.h"
#include "codegen/plan_access.h"
#include "codegen/target_info.h"
#include "ir/types.h"

namespace ptoc {
namespace codegen {

// A buffer: one tile (id >= 0), or all of a memory (id -1; GM is kDDR).
struct Buffer {
  MemorySpace space = MemorySpace::kDDR;
  int id = -1;
};

// What must come before an op: nothing, pipe_barrier(P) of its own pipe,
// or pipe_barrier(PIPE_ALL).
enum class BarrierNeed { kNone, kSamePipe, kAll };

class PipeOrder {
 public:
  explicit PipeOrder(Backend backend) : backend_(backend) {}

  struct Access {
    PlanAccess coarse;  // as the rule sees it (GM one buffer, no boxes)
    PlanAccess access;  // what the op touches (a same-pipe conflict)
    Pipe pipe;
    // Charged to the op's own pipe (§1): a same-pipe conflict is real.
    bool exact;
    // A pipe_barrier(P) of its own pipe came after it: later ops of P wait
    // for it, but ops of the other pipes do not, so it stays pending.
    bool ordered_in_pipe = false;
  };
  struct State {
    std::vector<Access> accesses;  // not yet drained by a barrier
  };

  // An op charged to `pipe` (`exact`: its §1 pipe) with `accesses`
  // (`coarse[i]`: accesses[i] as the rule sees it); `remember`: they stay
  // pending (false: an op that is no machine op). Returns the barrier that must come first: a
  // conflict with another pipe's pending access by the rule's buffers, or
  // on one pipelined pipe by what the ops touch; the state is drained by it
  // before recording.
  BarrierNeed Issue(Pipe pipe, bool exact, bool remember, const std::vector<PlanAccess>& coarse,
                    const std::vector<PlanAccess>& accesses);
  void DrainAll() { pending_ = State(); }
  // pipe_barrier(p) for each of `pipes`.
  void Drain(const std::vector<Pipe>& pipes);
  bool pending() const { return !pending_.accesses.empty(); }
  // Whether a non-scalar access is pending (a non-scalar op may still run).
  bool busy() const;

  const State& state() const { return pending_; }
  void set_state(State s) { pending_ = std::move(s); }
  // After a branch: what either path may leave pending.
  void Merge(const State& other);

 private:
  Backend backend_;
  State pending_;
};

// --pipe-sync=barrier-all's decisions over the structure of a kernel, as
// the sync planner (sync_plan.h) walks it: PipeOrder for the ops, plus
// the loop rule (the code before a loop, and each iteration, end drained).
class BarrierAllRule {
 public:
  explicit BarrierAllRule(Backend backend) : order_(backend) {}
  // A machine op charged to `step.barrier_all_pipe` (an a5 free to the pipe
  // it runs on; `skip`: no machine op
  // on this backend, a2a3's TFREE) with `accesses` (`coarse`: as
  // PipeOrder::Issue); the barrier that must come first. The barriers that
  // are part of the op (before, after, a fence's drains and dsb) drain the
  // state.
  BarrierNeed Op(const MachineStep& step, bool skip, const std::vector<PlanAccess>& coarse,
                 const std::vector<PlanAccess>& accesses);
  // Before a loop: true (a barrier) when work is pending.
  bool BeginLoop();
  // The loop body starts (a while's after its condition).
  void BeginBody();
  // The end of a loop body: true (a barrier) when a non-scalar access is
  // pending, or a scalar one that conflicts with a non-scalar access the
  // next iteration may make before its first barrier; other scalar
  // accesses stay pending into the next iteration (S -> S needs nothing).
  bool EndBody();
  // After the loop: what the body started with, and what its end leaves.
  void EndLoop();
  void BeginIf();
  void Else();
  void EndIf();
  void FullBarrier();
  // Before the return: true (a barrier) when a non-scalar op may still run.
  bool Tail() const { return order_.busy(); }

 private:
  struct Frame {
    PipeOrder::State before;      // the state before the compound
    PipeOrder::State then_state;  // an if's at the end of its then-block
    bool has_else = false;
    bool loop = false;
    // A loop's: the accesses of its ops not on the scalar pipe that an
    // iteration makes before its first barrier (`exposed`: none yet).
    std::vector<PipeOrder::Access> accesses;
    bool exposed = true;
  };
  // A barrier drained every pipe (or the scalar one).
  void Drained();
  PipeOrder order_;
  std::vector<Frame> frames_;
};

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_PIPE_ORDER_H_
