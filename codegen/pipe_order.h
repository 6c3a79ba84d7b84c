// Ordering of the pipes of one core for the C++ target.
//
// An AI core issues instructions to several pipes (scalar, vector, cube,
// the DMA pipes MTE1/2/3, the fixpipe) that run concurrently; an op that
// depends on one issued to another pipe must wait for it. The C++ target
// orders them conservatively: before an op that reads a buffer another pipe
// still writes, or writes one another pipe still reads or writes, it emits
// `pipe_barrier(PIPE_ALL)`, which drains every pipe. GM counts as one
// buffer; a tile whose buffer is not known exactly (loop-carried, merged by
// a branch, popped from the FIFO) counts as its whole memory. Scalar-pipe
// accesses (tensor.read/write, dcci, signals, TFREE) wait for conflicting
// work of the other pipes but leave nothing pending: the scalar unit
// completes them before it issues the next instruction.
#ifndef PTOC_CODEGEN_PIPE_ORDER_H_
#define PTOC_CODEGEN_PIPE_ORDER_H_

#include <vector>

#include "codegen/lowering.h"
#include "ir/types.h"

namespace ptoc {
namespace codegen {

// A buffer: one tile (id >= 0), or all of a memory (id -1; GM is kDDR).
struct Buffer {
  MemorySpace space = MemorySpace::kDDR;
  int id = -1;
};

inline Buffer GmBuffer() { return Buffer{MemorySpace::kDDR, -1}; }

class PipeOrder {
 public:
  struct Access {
    Buffer buffer;
    Pipe pipe;
    bool write;
  };
  using State = std::vector<Access>;  // accesses not yet drained by a barrier

  // Records an op on `pipe`; returns true when a pipe_barrier(PIPE_ALL) must
  // come first (the state is then drained before recording).
  bool Issue(Pipe pipe, const std::vector<Buffer>& reads, const std::vector<Buffer>& writes);
  void DrainAll() { pending_.clear(); }
  // pipe_barrier(p) for each of `pipes`.
  void Drain(const std::vector<Pipe>& pipes);
  bool pending() const { return !pending_.empty(); }

  const State& state() const { return pending_; }
  void set_state(State s) { pending_ = std::move(s); }
  // After a branch: what either path may leave pending.
  void Merge(const State& other);

 private:
  State pending_;
};

// --pipe-sync=barrier-all's decisions over the structure of a kernel, as
// the sync planner (sync_plan.h) walks it: PipeOrder for the ops, plus
// the loop rule (the code before a loop, and each iteration, end drained).
class BarrierAllRule {
 public:
  // A machine op charged to `step.barrier_all_pipe`; true when a
  // pipe_barrier(PIPE_ALL) must come first. The barriers that are part of
  // the op (before, after, a fence's drains) drain the state.
  bool Op(const MachineStep& step, const std::vector<Buffer>& reads,
          const std::vector<Buffer>& writes);
  // Before a loop: true (a barrier) when work is pending.
  bool BeginLoop();
  // The loop body starts (a while's after its condition).
  void BeginBody();
  // The end of a loop body: true (a barrier) when work is pending.
  bool EndBody();
  // After the loop: what the body started with.
  void EndLoop();
  void BeginIf();
  void Else();
  void EndIf();
  void FullBarrier() { order_.DrainAll(); }
  // Before the return: true (a barrier) when work is pending.
  bool Tail() const { return order_.pending(); }

 private:
  struct Frame {
    PipeOrder::State before;      // the state before the compound
    PipeOrder::State then_state;  // an if's at the end of its then-block
    bool has_else = false;
  };
  PipeOrder order_;
  std::vector<Frame> frames_;
};

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_PIPE_ORDER_H_
