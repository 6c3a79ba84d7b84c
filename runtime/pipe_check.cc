#include "runtime/pipe_check.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codegen/op_lowering.h"
#include "frontend/string_literal.h"
#include "ir/types.h"

namespace ptoc {
namespace sim {
namespace {

using codegen::OrderFinding;

std::string Json(absl::string_view s) { return QuoteString(s, ControlEscape::kJsonUnicode); }

}  // namespace

std::string OpName(const PipeEvent& e) {
  if (e.op == nullptr) return "";
  if (e.op->step.op == codegen::MachineOp::kTVector && e.stmt != nullptr && e.stmt->value) {
    if (const codegen::OpLowering* op = codegen::LoweringOf(*e.stmt->value)) {
      return std::string(op->cce_name);
    }
  }
  return std::string(codegen::MachineOpName(e.op->step.op));
}

void RegionEpochs::Record(Pipe q, int64_t index, const codegen::OrderOp& op) {
  const Epoch now{index, std::string(op.name), *op.loc};
  last_op_[codegen::PipeIndex(q)] = now;
  for (const codegen::PlanAccess& x : *op.accesses) {
    RegionHistory& h = regions_.At(x);
    if (x.write) {
      h.write = now;
      h.write_pipe = q;
      for (Epoch& r : h.reads) r = Epoch{};
    } else {
      h.reads[codegen::PipeIndex(q)] = now;
    }
  }
}

std::optional<codegen::EarlierAccess> RegionEpochs::LastOp(Pipe p) const {
  const Epoch& last = last_op_[codegen::PipeIndex(p)];
  if (last.index == 0) return std::nullopt;
  return Earlier(p, last, false);
}

LanePipeCheck::LanePipeCheck(Backend backend, FunctionKind core, std::string lane,
                             std::vector<std::string> params, int ids)
    : rules_(codegen::OrderRules::Options{backend, core, ids, /*any_id=*/false, std::move(lane),
                                          std::move(params)}),
      state_(backend) {}

std::vector<OrderFinding> LanePipeCheck::TakeFindings() { return std::exchange(findings_, {}); }

void LanePipeCheck::Run(const PipeEvent& e) {
  switch (e.kind) {
    case PipeEvent::Kind::kSync:
      rules_.Sync(state_, e.sync, &findings_);
      return;
    case PipeEvent::Kind::kFullBarrier:
      rules_.FullBarrier(state_);
      return;
    case PipeEvent::Kind::kOp: {
      const std::string name = OpName(e);
      const codegen::OrderOp op{&e.op->step, &e.op->accesses, &e.op->loc, e.op->skip, name};
      rules_.Op(state_, op, &findings_);
      return;
    }
  }
}

namespace {

bool ReadsGm(const RecordedItem& op) {
  for (const codegen::PlanAccess& a : op.accesses) {
    if (a.space == MemorySpace::kDDR && !a.write) return true;
  }
  return false;
}

}  // namespace

void RunTrackingReads(LanePipeCheck& check, const PipeEvent& e, InFlightReads& reads,
                      int lane) {
  const bool op = e.kind == PipeEvent::Kind::kOp;
  const bool notify = op && e.op->step.op == codegen::MachineOp::kTNotify;
  if (notify) {
    // Before the check runs it: its trailing PIPE_ALL orders what follows
    // the notify, not what it releases.
    reads.Release(lane, e.op->loc,
                  [&](Pipe p, int64_t index) { return check.KnownAtScalar(p, index); });
  }
  check.Run(e);
  if (op && !notify && ReadsGm(*e.op)) {
    reads.Assign(lane, e.op->step.pipe, check.issued(e.op->step.pipe));
  }
}

void SettleReads(const LanePipeCheck& check, InFlightReads& reads, int lane) {
  reads.Settle(lane, [&](Pipe p, int64_t index) { return check.KnownAtScalar(p, index); });
}

void LanePipeCheck::Return(const Location& loc) { rules_.Return(state_, loc, &findings_); }

std::string LanePipeCheck::RegionJson(const codegen::PlanAccess& a) const {
  const std::vector<std::string>& params = rules_.options().params;
  if (a.space == MemorySpace::kDDR) {
    std::string box;
    for (size_t i = 0; i < a.box.size(); ++i) {
      absl::StrAppend(&box, i > 0 ? ", " : "", "[", a.box[i].first, ", ", a.box[i].second, "]");
    }
    return absl::StrCat(
        "{\"tensor\": ",
        Json(a.id >= 0 && a.id < static_cast<int64_t>(params.size()) ? params[a.id] : "*"),
        a.box.empty() ? std::string() : absl::StrCat(", \"box\": [", box, "]"), "}");
  }
  if (a.id >= 0 && a.box.size() == 1) {
    return absl::StrCat("{\"space\": ", Json(MemorySpaceName(a.space)), ", \"range\": [",
                        a.box[0].first, ", ", a.box[0].second, "]}");
  }
  return absl::StrCat("{\"space\": ", Json(MemorySpaceName(a.space)), ", \"buffer\": ", a.id,
                      "}");
}

Finding LanePipeCheck::ToReport(OrderFinding f) const {
  Finding r;
  switch (f.kind) {
    case OrderFinding::Kind::kPipeRace:
      r.kind = FindingKind::kPipeRace;
      break;
    case OrderFinding::Kind::kFlagReuseRace:
      r.kind = FindingKind::kFlagReuseRace;
      break;
    case OrderFinding::Kind::kDeadlock:
      r.kind = FindingKind::kDeadlock;
      break;
    default:
      r.kind = FindingKind::kProtocolError;
      break;
  }
  r.message = r.kind == FindingKind::kProtocolError ? codegen::FindingText(f) : f.message;
  for (OrderFinding::Place& p : f.places) {
    r.locations.push_back(SourceRef{std::move(p.role), std::move(p.loc), std::move(p.note)});
  }
  if (f.kind == OrderFinding::Kind::kPipeRace) {
    auto side = [&](const OrderFinding::Side& s) {
      return absl::StrCat("{\"loc\": ", Json(FileLineCol(s.loc)), ", \"op\": ", Json(s.op),
                          ", \"pipe\": ", Json(codegen::PipeName(s.pipe)),
                          ", \"access\": ", Json(s.write ? "write" : "read"), "}");
    };
    r.json_extra = absl::StrCat(", \"later\": ", side(f.later), ", \"earlier\": ", side(f.earlier),
                                ", \"region\": ", RegionJson(f.region),
                                ", \"missing\": ", Json(f.missing));
  }
  return r;
}

}  // namespace sim
}  // namespace ptoc
