// PipeModel: the pipe check of every lane of a schedule, driven by the
// interpreter's completed instructions.
#include "absl/strings/str_cat.h"
#include "runtime/pipe_check.h"
#include "runtime/timing.h"
#include "runtime/world.h"

namespace ptoc {
namespace sim {

PipeModel::PipeModel(World& world, Backend backend, std::vector<const PipeProgram*> programs,
                     int ids)
    : w_(world), backend_(backend), ids_(ids) {
  lanes_.resize(programs.size());
  for (size_t k = 0; k < programs.size() && k < w_.lanes.size(); ++k) {
    Restart(static_cast<int>(k), programs[k]);
  }
}

void PipeModel::Restart(int lane, const PipeProgram* program) {
  LaneData& d = lanes_[lane];
  d = LaneData();
  w_.dma_reads.SetTracked(lane, program != nullptr);
  if (program == nullptr) return;
  const Function& fn = *w_.lanes[lane].code->function;
  std::vector<std::string> params;
  for (const Param& p : fn.params) params.push_back(p.var != nullptr ? p.var->name : "");
  d.program = program;
  d.check = MakeLanePipeCheck(w_, lane, backend_, std::move(params), ids_);
}

void PipeModel::Run(int lane, const std::vector<PipeEvent>& events) {
  LaneData& d = lanes_[lane];
  for (const PipeEvent& e : events) {
    RunTrackingReads(*d.check, e, w_.dma_reads, lane);
    if (timing_ != nullptr) timing_->Event(lane, e, e.stmt);
  }
}

void PipeModel::Step(int lane, int pc, int next) {
  if (lane < 0 || lane >= static_cast<int>(lanes_.size())) return;
  LaneData& d = lanes_[lane];
  if (d.program == nullptr) return;
  const FunctionCode& code = *w_.lanes[lane].code;
  const Instr& in = code.instrs[pc];
  while (!d.deferred.empty() && d.deferred.back().first == pc) {
    const std::vector<PipeEvent>* events = d.deferred.back().second;
    d.deferred.pop_back();
    Run(lane, *events);
  }
  const bool is_while = in.kind == InstrKind::kBranch && in.stmt->kind == StmtKind::kWhile;
  if (is_while && d.last_pc != d.program->BackJump(pc)) Run(lane, d.program->Entry(pc));
  const int last = static_cast<int>(code.instrs.size()) - 1;
  Run(lane, d.program->At(in.kind == InstrKind::kEnd ? last : pc));
  if (in.kind == InstrKind::kBranch && in.stmt->kind == StmtKind::kIf) {
    int at = -1;
    if (const std::vector<PipeEvent>* events = d.program->Deferred(pc, next == pc + 1, &at)) {
      d.deferred.emplace_back(at, events);
    }
  }
  if (in.kind == InstrKind::kEnd) {
    d.check->Return(code.function->loc);
    if (timing_ != nullptr) timing_->Return(lane);
    w_.dma_reads.Clear(lane);
  } else {
    SettleReads(*d.check, w_.dma_reads, lane);
  }
  d.last_pc = pc;
  Flush(lane);
}

void PipeModel::Signal(int lane, uint64_t addr, bool notify) {
  if (timing_ != nullptr) timing_->Signal(lane, addr, notify);
}

void PipeModel::Flush(int lane) { ReportPipeFindings(w_, lane, *lanes_[lane].check); }

std::unique_ptr<LanePipeCheck> MakeLanePipeCheck(const World& world, int lane, Backend backend,
                                                 std::vector<std::string> params, int ids) {
  const LaneState& l = world.lanes[lane];
  return std::make_unique<LanePipeCheck>(
      backend, l.code->function->kind, absl::StrCat(world.LaneName(lane), " of rank ", l.rank),
      std::move(params), ids);
}

void ReportPipeFindings(World& world, int lane, LanePipeCheck& check) {
  for (codegen::OrderFinding& f : check.TakeFindings()) {
    world.AddFinding(check.ToReport(std::move(f)), lane);
  }
}

}  // namespace sim
}  // namespace ptoc
