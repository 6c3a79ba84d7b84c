#include "runtime/pipe_check.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codegen/op_lowering.h"
#include "ir/string_literal.h"
#include "ir/types.h"

namespace ptoc {
namespace sim {
namespace {

using codegen::PipeClocks;
using codegen::PipeName;
using codegen::SyncInstr;

int P(Pipe p) { return static_cast<int>(p); }

std::string At(const Location& l) { return absl::StrCat(l.file, ":", l.line, ":", l.col); }
std::string Line(const Location& l) { return absl::StrCat(l.file, ":", l.line); }

std::string Json(absl::string_view s) { return QuoteString(s, ControlEscape::kJsonUnicode); }

std::string KeyText(const SyncInstr& s) {
  return PipeClocks::KeyText(PipeClocks::KeyOf(s));
}

// "[0:1, 0:16]": the element ranges of a static GM box.
std::string BoxText(const codegen::GmBox& box) {
  std::string out = "[";
  for (size_t i = 0; i < box.size(); ++i) {
    absl::StrAppend(&out, i > 0 ? ", " : "", box[i].first, ":", box[i].second);
  }
  return absl::StrCat(out, "]");
}

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

LanePipeCheck::LanePipeCheck(Backend backend, FunctionKind core, std::string lane,
                             std::vector<std::string> params, int ids)
    : backend_(backend),
      core_(core),
      lane_(std::move(lane)),
      params_(std::move(params)),
      ids_(ids),
      clocks_(backend) {}

std::vector<PipeFinding> LanePipeCheck::TakeFindings() { return std::exchange(findings_, {}); }

void LanePipeCheck::Run(const PipeEvent& e) {
  switch (e.kind) {
    case PipeEvent::Kind::kSync: return Sync(e.sync);
    case PipeEvent::Kind::kFullBarrier: return BarrierAll();
    case PipeEvent::Kind::kOp:
      if (!e.op->skip) Op(*e.op, OpName(e));
      return;
  }
}

void LanePipeCheck::BarrierAll() {
  clocks_.BarrierAll();
  // Everything before is ordered before everything after.
  history_.clear();
}

std::string LanePipeCheck::Region(const codegen::PlanAccess& a) const {
  if (a.space == MemorySpace::kDDR) {
    if (a.id < 0 || a.id >= static_cast<int64_t>(params_.size())) return "all of GM";
    return absl::StrCat("GM tensor '", params_[a.id], "'",
                        a.box.empty() ? std::string() : BoxText(a.box));
  }
  // ptoc-run-cpp knows a tile's bytes, not its buffer of the memory plan.
  if (a.id >= 0 && a.box.size() == 1) {
    return absl::StrCat(MemorySpaceName(a.space), "[0x", absl::Hex(a.box[0].first), ", 0x",
                        absl::Hex(a.box[0].second), ")");
  }
  return a.id >= 0 ? absl::StrCat(MemorySpaceName(a.space), " buffer ", a.id)
                   : absl::StrCat("all of ", MemorySpaceName(a.space));
}

std::string LanePipeCheck::RegionJson(const codegen::PlanAccess& a) const {
  if (a.space == MemorySpace::kDDR) {
    std::string box;
    for (size_t i = 0; i < a.box.size(); ++i) {
      absl::StrAppend(&box, i > 0 ? ", " : "", "[", a.box[i].first, ", ", a.box[i].second, "]");
    }
    return absl::StrCat(
        "{\"tensor\": ",
        Json(a.id >= 0 && a.id < static_cast<int64_t>(params_.size()) ? params_[a.id] : "*"),
        a.box.empty() ? std::string() : absl::StrCat(", \"box\": [", box, "]"), "}");
  }
  if (a.id >= 0 && a.box.size() == 1) {
    return absl::StrCat("{\"space\": ", Json(MemorySpaceName(a.space)), ", \"range\": [",
                        a.box[0].first, ", ", a.box[0].second, "]}");
  }
  return absl::StrCat("{\"space\": ", Json(MemorySpaceName(a.space)), ", \"buffer\": ", a.id,
                      "}");
}

void LanePipeCheck::Race(const RecordedItem& b, const std::string& name,
                         const codegen::PlanAccess& access, Pipe a_pipe, const Epoch& a,
                         bool a_write) {
  const Pipe q = b.step.pipe;
  const std::string missing =
      a_pipe == q ? absl::StrCat("pipe_barrier(", PipeName(q), ")")
                  : absl::StrCat("set_flag(", PipeName(a_pipe), ", ", PipeName(q), ") after ",
                                 Line(a.loc), " and wait_flag(", PipeName(a_pipe), ", ",
                                 PipeName(q), ") before ", Line(b.loc));
  PipeFinding f;
  f.kind = FindingKind::kPipeRace;
  f.message = absl::StrCat(lane_, ": ", name, " on ",
                           PipeName(q), access.write ? " writes " : " reads ", Region(access),
                           " while ", a.op, " on ", PipeName(a_pipe),
                           " (", At(a.loc), ") may still ", a_write ? "write" : "read",
                           " it; no flag or barrier orders them; missing: ", missing);
  f.locations.push_back(SourceRef{"later", b.loc, ""});
  f.locations.push_back(SourceRef{"earlier", a.loc,
                                  absl::StrCat("the earlier access (",
                                               a_write ? "write" : "read", ")")});
  auto side = [&](const Location& loc, const std::string& op, Pipe pipe, bool write) {
    return absl::StrCat("{\"loc\": ", Json(At(loc)), ", \"op\": ", Json(op),
                        ", \"pipe\": ", Json(PipeName(pipe)),
                        ", \"access\": ", Json(write ? "write" : "read"), "}");
  };
  f.json = absl::StrCat(", \"later\": ", side(b.loc, name, q, access.write),
                        ", \"earlier\": ", side(a.loc, a.op, a_pipe, a_write),
                        ", \"region\": ", RegionJson(access), ", \"missing\": ", Json(missing));
  findings_.push_back(std::move(f));
}

void LanePipeCheck::Op(const RecordedItem& b, const std::string& name) {
  const codegen::MachineStep& step = b.step;
  if (clocks_.BeforeOp(step)) history_.clear();
  const Pipe q = step.pipe;
  const int64_t i = clocks_.Issue(q, false);
  for (const codegen::PlanAccess& x : b.accesses) {
    bool raced = false;
    for (auto& [key, h] : history_) {
      if (raced) break;
      codegen::PlanAccess earlier;
      earlier.space = static_cast<MemorySpace>(std::get<0>(key));
      earlier.id = std::get<1>(key);
      earlier.box = std::get<2>(key);
      if (!codegen::Overlap(earlier, x)) continue;
      if (h.write.index > 0 && !clocks_.Ordered(q, h.write_pipe, h.write.index)) {
        Race(b, name, x, h.write_pipe, h.write, true);
        raced = true;
        break;
      }
      if (!x.write) continue;
      for (int y = 0; y < codegen::kNumPipes && !raced; ++y) {
        const Epoch& r = h.reads[y];
        if (r.index > 0 && !clocks_.Ordered(q, static_cast<Pipe>(y), r.index)) {
          Race(b, name, x, static_cast<Pipe>(y), r, false);
          raced = true;
        }
      }
    }
  }
  clocks_.Done(q, i);
  const Epoch now{i, name, b.loc};
  last_op_[P(q)] = now;
  for (const codegen::PlanAccess& x : b.accesses) {
    RegionHistory& h = history_[RegionKey{static_cast<int>(x.space), x.id, x.box}];
    if (x.write) {
      h.write = now;
      h.write_pipe = q;
      for (Epoch& r : h.reads) r = Epoch{};
    } else {
      h.reads[P(q)] = now;
    }
  }
  if (step.barrier_all_after) BarrierAll();
}

bool LanePipeCheck::Legal(const SyncInstr& s) {
  if (codegen::LegalSync(backend_, core_, s, ids_)) return true;
  const bool barrier = s.kind == SyncInstr::Kind::kBarrier;
  PipeFinding f;
  f.message = absl::StrCat(
      "illegal sync: ", lane_, ": ",
      barrier ? absl::StrCat("pipe_barrier(", PipeName(s.src), ")")
              : absl::StrCat(s.kind == SyncInstr::Kind::kSet ? "set_flag" : "wait_flag",
                             KeyText(s)),
      " is not allowed on ", core_ == FunctionKind::kAIC ? "an AIC" : "an AIV", " core of ",
      backend_ == Backend::kA5 ? "a5" : "a2a3", " (pipe-sync.md §3.7)");
  f.locations.push_back(SourceRef{"position", s.loc, ""});
  findings_.push_back(std::move(f));
  return false;
}

void LanePipeCheck::Sync(const SyncInstr& s) {
  if (!Legal(s)) return;
  const PipeClocks::Key key = PipeClocks::KeyOf(s);
  switch (s.kind) {
    case SyncInstr::Kind::kSet:
      switch (clocks_.Set(key, s.loc)) {
        case PipeClocks::SetResult::kOk:
          return;
        case PipeClocks::SetResult::kDoubleSet: {
          const Location& set_loc = clocks_.FlagOf(key)->set_loc;
          PipeFinding d;
          d.message = absl::StrCat("double set: ", lane_, ": set_flag", KeyText(s),
                                   " while the key is still set (set at ", At(set_loc), ")");
          d.locations.push_back(SourceRef{"position", s.loc, ""});
          d.locations.push_back(SourceRef{"set", set_loc, "the earlier set"});
          findings_.push_back(std::move(d));
          return;
        }
        case PipeClocks::SetResult::kReuseRace: {
          const Location& wait_loc = clocks_.FlagOf(key)->wait_loc;
          PipeFinding r;
          r.kind = FindingKind::kFlagReuseRace;
          r.message = absl::StrCat(lane_, ": set_flag", KeyText(s),
                                   " may overtake the previous wait_flag of its key (",
                                   At(wait_loc), "), which is not known complete (binary "
                                   "flags: the set would be lost)");
          r.locations.push_back(SourceRef{"set", s.loc, ""});
          r.locations.push_back(SourceRef{"wait", wait_loc, "the previous wait of the key"});
          findings_.push_back(std::move(r));
          return;
        }
      }
      return;
    case SyncInstr::Kind::kWait:
      if (!clocks_.Wait(key, s.loc)) {
        PipeFinding d;
        d.kind = FindingKind::kDeadlock;
        d.message = absl::StrCat(lane_, ": wait_flag", KeyText(s),
                                 " waits for a set that never comes (the key is not set and "
                                 "only this lane sets it)");
        d.locations.push_back(SourceRef{"wait", s.loc, ""});
        findings_.push_back(std::move(d));
      }
      return;
    case SyncInstr::Kind::kBarrier:
      clocks_.Barrier(s.src);
      return;
    case SyncInstr::Kind::kBarrierAll:
      BarrierAll();
      return;
  }
}

void LanePipeCheck::Return(const Location& loc) {
  for (int x = 0; x < codegen::kNumPipes; ++x) {
    if (!clocks_.BusyAtReturn(static_cast<Pipe>(x))) continue;
    PipeFinding f;
    const Epoch& last = last_op_[x];
    f.message = absl::StrCat("pipe busy at return: ", lane_, ": ",
                             PipeName(static_cast<Pipe>(x)), " may still be running",
                             last.index > 0
                                 ? absl::StrCat(" ", last.op, " (",
                                                At(last.loc), ")")
                                 : std::string(),
                             " when the kernel returns; missing: pipe_barrier(PIPE_ALL)");
    f.locations.push_back(SourceRef{"position", loc, ""});
    if (last.index > 0) f.locations.push_back(SourceRef{"op", last.loc, "the last op on it"});
    findings_.push_back(std::move(f));
  }
  for (const auto& [key, flag] : clocks_.flags()) {
    if (!flag.set) continue;
    PipeFinding f;
    f.message = absl::StrCat("flag left set at return: ", lane_, ": ",
                             PipeClocks::KeyText(key), " was set and never waited for");
    f.locations.push_back(SourceRef{"position", loc, ""});
    f.locations.push_back(SourceRef{"set", flag.set_loc, "set here"});
    findings_.push_back(std::move(f));
  }
}

}  // namespace sim
}  // namespace ptoc
