#include "codegen/pipe_order.h"

#include <algorithm>

namespace ptoc {
namespace codegen {
namespace {

bool Overlap(const Buffer& a, const Buffer& b) {
  return a.space == b.space && (a.id == b.id || a.id < 0 || b.id < 0);
}

bool SameAccess(const PipeOrder::Access& a, const PipeOrder::Access& b) {
  return a.buffer.space == b.buffer.space && a.buffer.id == b.buffer.id && a.pipe == b.pipe &&
         a.write == b.write;
}

}  // namespace

bool PipeOrder::Issue(Pipe pipe, const std::vector<Buffer>& reads,
                      const std::vector<Buffer>& writes) {
  bool conflict = false;
  for (const Access& a : pending_) {
    if (a.pipe == pipe) continue;  // one pipe runs its ops in order
    for (const Buffer& r : reads) conflict |= a.write && Overlap(a.buffer, r);
    for (const Buffer& w : writes) conflict |= Overlap(a.buffer, w);
  }
  if (conflict) pending_.clear();
  // The scalar unit issues every instruction in order and completes its own
  // accesses before it issues the next one: nothing of it stays pending.
  if (pipe == Pipe::kS) return conflict;
  for (const Buffer& r : reads) Merge({Access{r, pipe, false}});
  for (const Buffer& w : writes) Merge({Access{w, pipe, true}});
  return conflict;
}

void PipeOrder::Drain(const std::vector<Pipe>& pipes) {
  pending_.erase(std::remove_if(pending_.begin(), pending_.end(),
                                [&](const Access& a) {
                                  return std::find(pipes.begin(), pipes.end(), a.pipe) !=
                                         pipes.end();
                                }),
                 pending_.end());
}

bool BarrierAllRule::Op(const MachineStep& step, const std::vector<Buffer>& reads,
                        const std::vector<Buffer>& writes) {
  if (step.barrier_all_before || step.drains_all) order_.DrainAll();
  if (!step.drains.empty()) order_.Drain(step.drains);
  const bool barrier = order_.Issue(step.barrier_all_pipe, reads, writes);
  if (step.barrier_all_after) order_.DrainAll();
  return barrier;
}

bool BarrierAllRule::BeginLoop() {
  const bool barrier = order_.pending();
  order_.DrainAll();
  frames_.push_back(Frame{});
  return barrier;
}

void BarrierAllRule::BeginBody() {
  if (!frames_.empty()) frames_.back().before = order_.state();
}

bool BarrierAllRule::EndBody() {
  const bool barrier = order_.pending();
  order_.DrainAll();
  return barrier;
}

void BarrierAllRule::EndLoop() {
  if (frames_.empty()) return;
  order_.set_state(frames_.back().before);
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
  for (const Access& a : other) {
    bool seen = false;
    for (const Access& b : pending_) seen |= SameAccess(a, b);
    if (!seen) pending_.push_back(a);
  }
}

}  // namespace codegen
}  // namespace ptoc
