#include "runtime/device/device_pipes.h"

#include <utility>

namespace ptoc {
namespace sim {

DevicePipes::DevicePipes(World& world, Backend backend, std::vector<std::string> params,
                         bool check, TimingModel* timing)
    : w_(world), backend_(backend), params_(std::move(params)), check_(check), timing_(timing) {
  checks_.resize(w_.lanes.size());
  for (size_t k = 0; k < w_.lanes.size(); ++k) {
    if (w_.lanes[k].code != nullptr) Restart(static_cast<int>(k));
  }
}

void DevicePipes::Restart(int lane) {
  if (!check_) return;
  checks_[lane] = MakeLanePipeCheck(w_, lane, backend_, params_);
  w_.dma_reads.SetTracked(lane, true);
}

void DevicePipes::Op(int lane, const codegen::MachineStep& step,
                     std::vector<codegen::PlanAccess> accesses, const OpCost& cost,
                     const Location& loc) {
  RecordedItem item;
  item.kind = RecordedItem::Kind::kOp;
  item.step = step;
  item.accesses = std::move(accesses);
  item.loc = loc;
  PipeEvent e;
  e.kind = PipeEvent::Kind::kOp;
  e.op = &item;
  if (checks_[lane] != nullptr) {
    RunTrackingReads(*checks_[lane], e, w_.dma_reads, lane);
    SettleReads(*checks_[lane], w_.dma_reads, lane);
  }
  if (timing_ != nullptr) timing_->Event(lane, e, cost);
  Flush(lane);
}

void DevicePipes::Sync(int lane, const codegen::SyncInstr& s) {
  PipeEvent e;
  e.kind = PipeEvent::Kind::kSync;
  e.sync = s;
  if (checks_[lane] != nullptr) {
    checks_[lane]->Run(e);
    SettleReads(*checks_[lane], w_.dma_reads, lane);
  }
  if (timing_ != nullptr) timing_->Event(lane, e, OpCost{});
  Flush(lane);
}

void DevicePipes::Signal(int lane, uint64_t addr, bool notify) {
  if (timing_ != nullptr) timing_->Signal(lane, addr, notify);
}

void DevicePipes::Return(int lane) {
  if (checks_[lane] != nullptr) checks_[lane]->Return(w_.lanes[lane].code->function->loc);
  w_.dma_reads.Clear(lane);
  if (timing_ != nullptr) timing_->Return(lane);
  Flush(lane);
}

void DevicePipes::Flush(int lane) {
  if (checks_[lane] != nullptr) ReportPipeFindings(w_, lane, *checks_[lane]);
}

}  // namespace sim
}  // namespace ptoc
