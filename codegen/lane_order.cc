#include "codegen/lane_order.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "codegen/order_finding.h"

namespace ptoc {
namespace codegen {
namespace {

std::string At(const Location& l) {
  return l.known() ? FileLineCol(l) : std::string("?");
}
std::string Line(const Location& l) {
  return l.known() ? absl::StrCat(l.file.str(), ":", l.line) : std::string("?");
}
// " (file:line:col)", or nothing when unknown.
std::string AtIfKnown(const Location& l) {
  return l.known() ? absl::StrCat(" (", At(l), ")") : std::string();
}

std::string KeyText(const SyncInstr& s) { return PipeClocks::KeyText(PipeClocks::KeyOf(s)); }

// "[0:1, 0:16]": the element ranges of a static GM box.
std::string BoxText(const GmBox& box) {
  std::string out = "[";
  for (size_t i = 0; i < box.size(); ++i) {
    absl::StrAppend(&out, i > 0 ? ", " : "", box[i].first, ":", box[i].second);
  }
  return absl::StrCat(out, "]");
}

OrderFinding Found(OrderFinding::Kind kind, std::string message,
                   std::vector<OrderFinding::Place> places) {
  OrderFinding f;
  f.kind = kind;
  f.message = std::move(message);
  for (OrderFinding::Place& p : places) {
    if (f.places.empty() || p.loc.known()) f.places.push_back(std::move(p));
  }
  return f;
}

}  // namespace

absl::string_view FindingTitle(OrderFinding::Kind kind) {
  switch (kind) {
    case OrderFinding::Kind::kPipeRace:
      return "pipe race";
    case OrderFinding::Kind::kFlagReuseRace:
      return "flag reuse race";
    case OrderFinding::Kind::kDoubleSet:
      return "double set";
    case OrderFinding::Kind::kDeadlock:
      return "deadlock";
    case OrderFinding::Kind::kBusyAtReturn:
      return "pipe busy at return";
    case OrderFinding::Kind::kFlagLeftSet:
      return "flag left set at return";
    case OrderFinding::Kind::kIllegalSync:
      return "illegal sync";
    case OrderFinding::Kind::kHiddenIdClash:
      return "hidden id clash";
  }
  return "finding";
}

std::string FindingText(const OrderFinding& f) {
  return absl::StrCat(FindingTitle(f.kind), ": ", f.message);
}

bool OrderRules::HiddenIdHeld(const PipeClocks& clocks, PipeClocks::Key* key) {
  for (const auto& [src, dst] :
       {std::make_pair(Pipe::kMte2, Pipe::kMte3), std::make_pair(Pipe::kMte3, Pipe::kMte2)}) {
    for (int id = 0; id < 2; ++id) {
      const PipeClocks::Key k{PipeIndex(src), PipeIndex(dst), id};
      const PipeClocks::Flag* f = clocks.FlagOf(k);
      if (f == nullptr || !f->set) continue;
      *key = k;
      return true;
    }
  }
  return false;
}

bool OrderRules::Legal(const SyncInstr& i) const {
  SyncInstr legal = i;
  if (o_.any_id) legal.id = 0;
  return LegalSync(o_.backend, o_.core, legal, o_.ids);
}

std::string OrderRules::Prefix() const {
  return o_.lane.empty() ? std::string() : absl::StrCat(o_.lane, ": ");
}

std::string OrderRules::Region(const PlanAccess& a) const {
  if (a.space == MemorySpace::kDDR) {
    if (a.id < 0) return "all of GM";
    const std::string box = a.box.empty() ? std::string() : BoxText(a.box);
    if (a.id >= static_cast<int64_t>(o_.params.size())) {
      return absl::StrCat("GM tensor #", a.id, box);  // the parameter's index
    }
    return absl::StrCat("GM tensor '", o_.params[a.id], "'", box);
  }
  // ptoc-run-cpp knows a tile's bytes, not its buffer of the memory plan.
  if (a.id >= 0 && a.box.size() == 1) {
    return absl::StrCat(MemorySpaceName(a.space), "[0x", absl::Hex(a.box[0].first), ", 0x",
                        absl::Hex(a.box[0].second), ")");
  }
  return a.id >= 0 ? absl::StrCat(MemorySpaceName(a.space), " buffer ", a.id)
                   : absl::StrCat("all of ", MemorySpaceName(a.space));
}

OrderFinding OrderRules::Race(const OrderOp& op, const PlanAccess& access,
                              const EarlierAccess& a) const {
  const Pipe q = op.step->pipe;
  const Location& loc = *op.loc;
  const std::string missing =
      a.pipe == q ? absl::StrCat("pipe_barrier(", PipeName(q), ")")
                  : absl::StrCat("set_flag(", PipeName(a.pipe), ", ", PipeName(q), ") after ",
                                 Line(*a.loc), " and wait_flag(", PipeName(a.pipe), ", ",
                                 PipeName(q), ") before ", Line(loc));
  OrderFinding f = Found(
      OrderFinding::Kind::kPipeRace,
      absl::StrCat(Prefix(), op.name, " on ", PipeName(q), " (", At(loc), ")",
                   access.write ? " writes " : " reads ", Region(access), " while ", a.op, " on ",
                   PipeName(a.pipe), " (", At(*a.loc), ") may still ", a.write ? "write" : "read",
                   " it; no flag or barrier orders them; missing: ", missing),
      {{"later", loc, ""},
       {"earlier", *a.loc, absl::StrCat("the earlier access (", a.write ? "write" : "read", ")")}});
  f.later = {std::string(op.name), q, access.write, loc};
  f.earlier = {std::string(a.op), a.pipe, a.write, *a.loc};
  f.region = access;
  f.missing = missing;
  return f;
}

OrderFinding OrderRules::HiddenIdClash(const OrderOp& op, const PipeClocks::Key& key) const {
  return Found(OrderFinding::Kind::kHiddenIdClash,
               absl::StrCat(Prefix(), op.name, " on ", PipeName(op.step->pipe), " (", At(*op.loc),
                            ") sets and waits ", PipeClocks::KeyText(key),
                            " itself while a pair of the plan holds it (pipe-sync.md §3.4)"),
               {{"position", *op.loc, ""}});
}

OrderFinding OrderRules::IllegalSync(const SyncInstr& i) const {
  const std::string what =
      i.kind == SyncInstr::Kind::kBarrier
          ? absl::StrCat("pipe_barrier(", PipeName(i.src), ")")
          : absl::StrCat(i.kind == SyncInstr::Kind::kSet ? "set_flag" : "wait_flag", KeyText(i));
  return Found(OrderFinding::Kind::kIllegalSync,
               absl::StrCat(Prefix(), what, " (", At(i.loc), ") is not allowed on ",
                            o_.core == FunctionKind::kAIC ? "an AIC" : "an AIV", " core of ",
                            o_.backend == Backend::kA5 ? "a5" : "a2a3", " (pipe-sync.md §3.7)"),
               {{"position", i.loc, ""}});
}

OrderFinding OrderRules::DoubleSet(const SyncInstr& i, const Location& set_loc) const {
  return Found(
      OrderFinding::Kind::kDoubleSet,
      absl::StrCat(Prefix(), "set_flag", KeyText(i), " (", At(i.loc),
                   ") while the key is still set",
                   set_loc.known() ? absl::StrCat(" (set at ", At(set_loc), ")") : std::string()),
      {{"position", i.loc, ""}, {"set", set_loc, "the earlier set"}});
}

OrderFinding OrderRules::ReuseRace(const SyncInstr& i, const Location& wait_loc) const {
  return Found(OrderFinding::Kind::kFlagReuseRace,
               absl::StrCat(Prefix(), "set_flag", KeyText(i), " (", At(i.loc),
                            ") may overtake the previous wait_flag of its key", AtIfKnown(wait_loc),
                            ", which is not known complete (binary flags: the set would be "
                            "lost)"),
               {{"set", i.loc, ""}, {"wait", wait_loc, "the previous wait of the key"}});
}

OrderFinding OrderRules::Deadlock(const SyncInstr& i) const {
  return Found(OrderFinding::Kind::kDeadlock,
               absl::StrCat(Prefix(), "wait_flag", KeyText(i), " (", At(i.loc),
                            ") waits for a set that never comes (the key is not set and only "
                            "this lane sets it)"),
               {{"wait", i.loc, ""}});
}

OrderFinding OrderRules::BusyAtReturn(Pipe p, const std::optional<EarlierAccess>& last,
                                      const Location& loc) const {
  const Location none;
  const Location& op_loc = last ? *last->loc : none;
  return Found(OrderFinding::Kind::kBusyAtReturn,
               absl::StrCat(Prefix(), PipeName(p), " may still be running",
                            last ? absl::StrCat(" ", last->op, AtIfKnown(op_loc)) : std::string(),
                            " when the kernel returns; missing: pipe_barrier(PIPE_ALL)"),
               {{"position", loc, ""}, {"op", op_loc, "the last op on it"}});
}

OrderFinding OrderRules::FlagLeftSet(const PipeClocks::Key& key, const Location& set_loc,
                                     const Location& loc) const {
  return Found(OrderFinding::Kind::kFlagLeftSet,
               absl::StrCat(Prefix(), PipeClocks::KeyText(key), " was set",
                            set_loc.known() ? absl::StrCat(" at ", At(set_loc)) : std::string(),
                            " and never waited for"),
               {{"position", loc, ""}, {"set", set_loc, "set here"}});
}

}  // namespace codegen
}  // namespace ptoc
