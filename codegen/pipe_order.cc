#include "codegen/pipe_order.h"

#include <algorithm>

namespace ptoc {
namespace codegen {
namespace {

bool SameAccess(const PipeOrder::Access& a, const PipeOrder::Access& b) {
  return a.coarse.space == b.coarse.space && a.coarse.id == b.coarse.id && a.pipe == b.pipe &&
         a.ordered_in_pipe == b.ordered_in_pipe &&
         a.access.write == b.access.write && a.access.space == b.access.space &&
         a.access.id == b.access.id && a.access.box == b.access.box;
}

}  // namespace

BarrierNeed PipeOrder::Issue(Pipe pipe, bool exact, bool remember,
                             const std::vector<PlanAccess>& coarse,
                             const std::vector<PlanAccess>& accesses) {
  bool all = false, same = false;
  for (const Access& a : pending_.accesses) {
    for (size_t i = 0; i < accesses.size(); ++i) {
      if (a.pipe != pipe) {
        all |= Conflict(a.coarse, coarse[i]);
      } else if (exact && a.exact && !a.ordered_in_pipe && !PipeInOrder(backend_, pipe)) {
        // A pipelined pipe may overlap its own ops.
        same |= Conflict(a.access, accesses[i]);
      }
    }
  }
  if (all) {
    DrainAll();
  } else if (same) {
    // pipe_barrier(P) orders P's ops among themselves only: what they
    // touch stays pending for the other pipes (a later TSTORE of a tile a
    // drained TVEC wrote still needs PIPE_ALL).
    for (Access& a : pending_.accesses) {
      if (a.pipe == pipe) a.ordered_in_pipe = true;
    }
  }
  if (remember) {
    for (size_t i = 0; i < accesses.size(); ++i) {
      Merge(State{{Access{coarse[i], accesses[i], pipe, exact}}});
    }
  }
  return all ? BarrierNeed::kAll : same ? BarrierNeed::kSamePipe : BarrierNeed::kNone;
}

bool PipeOrder::busy() const {
  for (const Access& a : pending_.accesses) {
    if (a.pipe != Pipe::kS) return true;
  }
  return false;
}

void PipeOrder::Drain(const std::vector<Pipe>& pipes) {
  std::vector<Access>& pending = pending_.accesses;
  pending.erase(std::remove_if(pending.begin(), pending.end(),
                                [&](const Access& a) {
                                  return std::find(pipes.begin(), pipes.end(), a.pipe) !=
                                         pipes.end();
                                }),
                pending.end());
}

BarrierNeed BarrierAllRule::Op(const MachineStep& step, bool skip,
                               const std::vector<PlanAccess>& coarse,
                               const std::vector<PlanAccess>& accesses) {
  if (step.barrier_all_before || step.drains_all) {
    order_.DrainAll();
    Drained();
  }
  if (!step.drains.empty()) {
    // An AIC fence: pipe_barrier of each, then dsb, which waits for the
    // scalar unit too.
    std::vector<Pipe> drains = step.drains;
    drains.push_back(Pipe::kS);
    order_.Drain(drains);
    Drained();
  }
  // Today's rule charges pops to MTE2 and frees to S. A free that is a
  // machine op (a5) runs on V or MTE1, and the next pop into its slot, or
  // the next access on another pipe to its memory, must wait for it there:
  // it is charged to the pipe it runs on. On a2a3 a free is no machine op.
  const bool free_elsewhere =
      step.barrier_all_pipe == Pipe::kS && step.pipe != Pipe::kS && !skip;
  const Pipe pipe = free_elsewhere ? step.pipe : step.barrier_all_pipe;
  const bool exact = pipe == step.pipe;
  // Every op on another pipe than S stays pending; on S only a scalar
  // machine op does.
  const bool remember = pipe != Pipe::kS || (exact && !skip);
  const BarrierNeed need = order_.Issue(pipe, exact, remember, coarse, accesses);
  if (need == BarrierNeed::kAll) Drained();
  if (pipe != Pipe::kS || step.pipe != Pipe::kS) {
    for (Frame& f : frames_) {
      if (!f.loop || !f.exposed) continue;
      for (size_t i = 0; i < accesses.size(); ++i) {
        f.accesses.push_back({coarse[i], accesses[i], pipe, exact});
      }
    }
  }
  if (step.barrier_all_after) {
    order_.DrainAll();
    Drained();
  }
  return need;
}

void BarrierAllRule::Drained() {
  // Only a barrier that runs in every iteration (directly in the body of
  // the innermost loop, not in an if or a nested loop) ends what the next
  // iteration exposes to this one's scalar accesses.
  if (!frames_.empty() && frames_.back().loop) frames_.back().exposed = false;
}

void BarrierAllRule::FullBarrier() {
  order_.DrainAll();
  Drained();
}

bool BarrierAllRule::BeginLoop() {
  const bool barrier = order_.pending();
  if (barrier) {
    order_.DrainAll();
    Drained();
  }
  Frame f;
  f.loop = true;
  frames_.push_back(f);
  return barrier;
}

void BarrierAllRule::BeginBody() {
  if (!frames_.empty()) frames_.back().before = order_.state();
}

bool BarrierAllRule::EndBody() {
  bool barrier = order_.busy();
  if (!barrier && !frames_.empty()) {
    for (const PipeOrder::Access& a : order_.state().accesses) {
      for (const PipeOrder::Access& b : frames_.back().accesses) {
        barrier |= Conflict(a.coarse, b.coarse);
      }
    }
  }
  if (barrier) order_.DrainAll();
  return barrier;
}

void BarrierAllRule::EndLoop() {
  if (frames_.empty()) return;
  order_.Merge(frames_.back().before);
  frames_.pop_back();
}

void BarrierAllRule::BeginIf() { frames_.push_back(Frame{order_.state(), {}, false}); }

void BarrierAllRule::Else() {
  if (frames_.empty()) return;
  Frame& f = frames_.back();
  f.then_state = order_.state();
  f.has_else = true;
  order_.set_state(f.before);
}

void BarrierAllRule::EndIf() {
  if (frames_.empty()) return;
  const Frame f = frames_.back();
  frames_.pop_back();
  order_.Merge(f.has_else ? f.then_state : f.before);
}

void PipeOrder::Merge(const State& other) {
  for (const Access& a : other.accesses) {
    bool seen = false;
    for (const Access& b : pending_.accesses) seen |= SameAccess(a, b);
    if (!seen) pending_.accesses.push_back(a);
  }
}

}  // namespace codegen
}  // namespace ptoc
