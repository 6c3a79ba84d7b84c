#include "runtime/timing.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "codegen/op_lowering.h"
#include "frontend/string_literal.h"
#include "ir/types.h"
#include "runtime/world.h"

namespace ptoc {
namespace sim {
namespace {

using codegen::MachineOp;
using codegen::PipeName;
using codegen::SyncInstr;

constexpr int kS = static_cast<int>(Pipe::kS);

std::string Quote(absl::string_view s) { return QuoteString(s, ControlEscape::kJsonUnicode); }
std::string At(const Location& l) {
  return l.known() ? FileLineCol(l) : std::string("-");
}

// The tile a machine op moves or computes: the call's result when it is a
// tile (loads, moves, pops, compute), else its first tile argument.
const Type* MainTile(const Stmt* stmt, bool result_first) {
  if (stmt == nullptr || !stmt->value || stmt->value->kind != ExprKind::kCall) return nullptr;
  const Expr& call = *stmt->value;
  if (result_first && call.type.is_tile()) return &call.type;
  for (const ExprPtr& a : call.args) {
    if (a->type.is_tile()) return &a->type;
  }
  return call.type.is_tile() ? &call.type : nullptr;
}

int64_t Dim(const Type& t, size_t i) {
  return i < t.shape().size() && t.shape()[i].is_static() ? t.shape()[i].value : 1;
}

// B, R and U of a tile (none for no tile).
std::map<std::string, double> TileVars(const Type* t) {
  if (t == nullptr) return {};
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < t->shape().size(); ++i) rows *= Dim(*t, i);
  const int64_t cols = t->shape().empty() ? 1 : Dim(*t, t->shape().size() - 1);
  return TileCostVars(rows, cols, DTypeBytes(t->dtype()));
}

}  // namespace

std::map<std::string, double> TileCostVars(int64_t rows, int64_t cols, int64_t esize) {
  std::map<std::string, double> vars;
  const int64_t row_bytes = cols * esize;
  vars["B"] = static_cast<double>(rows * row_bytes);
  vars["R"] = static_cast<double>(rows * ((row_bytes + 255) / 256));
  vars["U"] = row_bytes % 256 != 0 ? 1 : 0;
  return vars;
}

TimingModel::TimingModel(const CostTable& costs, const World& world, std::string pipe_sync,
                         bool deps)
    : costs_(costs), w_(world), pipe_sync_(deps ? "deps" : std::move(pipe_sync)), deps_(deps) {
  accesses_.resize(w_.lanes.size());
  clock_hz_ = static_cast<int64_t>(costs_.Eval("clock_hz", {}, 1850000000));
  clocks_.resize(w_.lanes.size());
  for (LaneClock& c : clocks_) c.pipe_last.fill(-1);
  lanes_.resize(w_.lanes.size());
  for (size_t k = 0; k < w_.lanes.size(); ++k) {
    const LaneState& l = w_.lanes[k];
    lanes_[k].rank = l.rank;
    lanes_[k].core = l.code->function->kind == FunctionKind::kAIC ? "AIC" : "AIV";
    const bool aiv_pair = lanes_[k].core == "AIV" && w_.aiv_lanes == 2;
    lanes_[k].party = lanes_[k].core == "AIV" ? l.subblock : 0;
    lanes_[k].label = aiv_pair ? absl::StrCat("AIV", l.subblock) : lanes_[k].core;
    lanes_[k].function = l.code->function->name;
  }
}

OpCost TimingModel::CostOfStmt(const codegen::MachineStep& step, const Stmt* stmt,
                               int lane) const {
  const bool a5 = w_.a5;
  const bool aic = lanes_[lane].core == "AIC";
  auto tile_key = [](absl::string_view op, const Type* t) {
    return absl::StrCat(op, ".", t != nullptr ? MemorySpaceName(t->memory()) : "Vec");
  };
  OpCost cost;
  std::map<std::string, double>& vars = cost.vars;
  std::string key;
  switch (step.op) {
    case MachineOp::kTLoad:
    case MachineOp::kTMov: {
      const Type* t = MainTile(stmt, true);
      vars = TileVars(t);
      key = tile_key(step.op == MachineOp::kTLoad ? "TLOAD" : "TMOV", t);
      break;
    }
    case MachineOp::kTStore: {
      const Type* t = MainTile(stmt, false);
      vars = TileVars(t);
      key = tile_key("TSTORE", t);
      break;
    }
    case MachineOp::kTMatmul: {
      const Type* t = MainTile(stmt, true);
      vars = TileVars(t);
      if (stmt != nullptr && stmt->value->args.size() >= 2) {
        const Type& lhs = stmt->value->args[0]->type;
        const Type& rhs = stmt->value->args[1]->type;
        vars["M"] = static_cast<double>(Dim(lhs, 0));
        vars["K"] = static_cast<double>(Dim(lhs, 1));
        vars["N"] = static_cast<double>(Dim(rhs, 1));
        vars["k0"] = 32.0 / DTypeBytes(lhs.dtype());
        vars["r"] = lhs.dtype() == DType::kFP32 ? 2 : 1;
      }
      key = "TMATMUL";
      break;
    }
    case MachineOp::kTVector: {
      const codegen::OpLowering* op =
          stmt != nullptr && stmt->value ? codegen::LoweringOf(*stmt->value) : nullptr;
      vars = TileVars(MainTile(stmt, true));
      key = op != nullptr ? std::string(op->cce_name) : "TVEC";
      cost.name = key;
      break;
    }
    case MachineOp::kTPush: {
      const Type* t = MainTile(stmt, false);
      vars = TileVars(t);
      key = !a5 ? tile_key("TSTORE", t) : aic ? std::string("TMOV.Mat") : std::string("TINSERT");
      break;
    }
    case MachineOp::kTPop: {
      const Type* t = MainTile(stmt, true);
      vars = TileVars(t);
      key = a5 ? std::string("sync") : tile_key("TLOAD", t);
      break;
    }
    case MachineOp::kTPut:
    case MachineOp::kTGet:
      cost.vars = TileVars(MainTile(stmt, false));
      cost.keys = {"TLOAD.Vec", "TSTORE.Vec"};
      cost.name = std::string(codegen::MachineOpName(step.op));
      return cost;
    case MachineOp::kScalarRead: key = "scalar_read"; break;
    case MachineOp::kScalarWrite: key = "scalar_write"; break;
    case MachineOp::kDcci: key = "dcci_line"; break;
    case MachineOp::kTWait: key = "poll"; break;
    case MachineOp::kSyncAll: key = "syncall"; break;
    default: key = "sync"; break;
  }
  cost.keys = {key};
  if (cost.name.empty()) cost.name = std::string(codegen::MachineOpName(step.op));
  return cost;
}

int TimingModel::Add(int lane, int pipe, std::string name, const Location& loc, int64_t cycles,
                     int64_t dep, int dep_op, const std::string& why, bool blocks_issue) {
  LaneClock& c = clocks_[lane];
  const size_t depth =
      static_cast<size_t>(std::max<int64_t>(1, costs_.Cycles("queue_depth", {}, 32)));
  if (pipe >= 0 && c.queued[pipe].size() >= depth && c.queued[pipe].front() > c.issue) {
    // The queue is full until its oldest instruction starts.
    lanes_[lane].stalls["queue full"] += c.queued[pipe].front() - c.issue;
    c.issue = c.queued[pipe].front();
  }
  TimedOp op;
  op.lane = lane;
  op.pipe = pipe;
  op.name = std::move(name);
  op.loc = loc;
  // An instruction reaches its queue when its issue cycle is over, so the
  // instruction after a stall of the scalar unit (a PIPE_ALL drain, a wait
  // on S) pays its issue before it can start.
  const int64_t issued = c.issue + costs_.Cycles("issue", {}, 1);
  const int64_t free = pipe >= 0 ? c.pipe_free[pipe] : issued;
  op.ready = std::max(issued, free);
  op.cause = c.last;
  op.why = "issue";
  if (pipe >= 0 && free > issued) {
    op.cause = c.pipe_last[pipe];
    op.why = "queue";
  }
  op.start = op.ready;
  if (dep > op.start) {
    op.start = dep;
    op.cause = dep_op;
    op.why = why;
  }
  op.end = op.start + cycles;
  const int index = static_cast<int>(ops_.size());
  if (pipe >= 0) {
    c.pipe_free[pipe] = op.end;
    c.pipe_last[pipe] = index;
    lanes_[lane].busy[pipe] += cycles;
    c.queued[pipe].push_back(op.start);
    if (c.queued[pipe].size() > depth) c.queued[pipe].pop_front();
  }
  c.issue = issued;
  if (blocks_issue && op.end > c.issue) {
    lanes_[lane].stalls[op.why == "issue" || op.why == "queue" ? "scalar" : op.why] +=
        op.end - c.issue;
    c.issue = op.end;
  }
  c.last = index;
  ops_.push_back(std::move(op));
  return index;
}

void TimingModel::DrainAll(int lane, const Location& loc, const std::string& name) {
  const LaneClock& c = clocks_[lane];
  int64_t idle = 0;
  int last = -1;
  for (int p = 0; p < codegen::kNumPipes; ++p) {
    if (c.pipe_free[p] > idle) {
      idle = c.pipe_free[p];
      last = c.pipe_last[p];
    }
  }
  Add(lane, -1, name, loc, costs_.Cycles("sync", {}, 1), idle, last, "barrier drain", true);
}

void TimingModel::Drain(int lane, const std::vector<Pipe>& pipes, const Location& loc) {
  const LaneClock& c = clocks_[lane];
  int64_t idle = c.pipe_free[kS];
  int last = c.pipe_last[kS];
  for (Pipe p : pipes) {
    const int i = static_cast<int>(p);
    if (c.pipe_free[i] > idle) {
      idle = c.pipe_free[i];
      last = c.pipe_last[i];
    }
  }
  Add(lane, -1, "dsb", loc, costs_.Cycles("sync", {}, 1), idle, last, "barrier drain", true);
}

void TimingModel::Event(int lane, const PipeEvent& e, const Stmt* stmt) {
  OpCost cost;
  if (e.kind == PipeEvent::Kind::kOp) cost = CostOfStmt(e.op->step, stmt, lane);
  Event(lane, e, cost);
}

void TimingModel::Event(int lane, const PipeEvent& e, const OpCost& cost) {
  lanes_[lane].timed = true;
  const Location stmt_loc = e.stmt != nullptr ? e.stmt->loc : Location{};
  LaneClock& c = clocks_[lane];
  const int64_t sync_cost = costs_.Cycles("sync", {}, 1);
  switch (e.kind) {
    case PipeEvent::Kind::kFullBarrier:
      DrainAll(lane, stmt_loc, "pipe_barrier(PIPE_ALL)");
      return;
    case PipeEvent::Kind::kSync: {
      if (deps_) return;  // only the dependences order the ops
      const SyncInstr& s = e.sync;
      const auto key = std::make_tuple(static_cast<int>(s.src), static_cast<int>(s.dst), s.id);
      const std::string ids = absl::StrCat(PipeName(s.src), ", ", PipeName(s.dst), ", EVENT_ID",
                                           s.id);
      int index = -1;
      switch (s.kind) {
        case SyncInstr::Kind::kSet:
          index = Add(lane, static_cast<int>(s.src), absl::StrCat("set_flag(", ids, ")"), s.loc,
                      sync_cost, 0, -1, "", false);
          c.sets[key] = index;
          break;
        case SyncInstr::Kind::kWait: {
          auto set = c.sets.find(key);
          const int from = set != c.sets.end() ? set->second : -1;
          index = Add(lane, static_cast<int>(s.dst), absl::StrCat("wait_flag(", ids, ")"), s.loc,
                      sync_cost, from >= 0 ? ops_[from].end : 0, from, "flag",
                      s.dst == Pipe::kS);
          if (from >= 0) flows_.push_back(TimedFlow{"flag", from, index});
          if (set != c.sets.end()) c.sets.erase(set);
          break;
        }
        case SyncInstr::Kind::kBarrier:
          index = Add(lane, static_cast<int>(s.src), absl::StrCat("pipe_barrier(",
                                                                 PipeName(s.src), ")"),
                      s.loc, sync_cost, 0, -1, "", false);
          break;
        case SyncInstr::Kind::kBarrierAll:
          DrainAll(lane, s.loc, "pipe_barrier(PIPE_ALL)");
          index = static_cast<int>(ops_.size()) - 1;
          break;
      }
      ops_[index].unit = s.unit;
      return;
    }
    case PipeEvent::Kind::kOp: break;
  }
  const codegen::MachineStep& step = e.op->step;
  if (e.op->skip) return;
  if (step.barrier_all_before || step.drains_all) {
    DrainAll(lane, e.op->loc, "pipe_barrier(PIPE_ALL)");
  }
  if (!step.drains.empty()) Drain(lane, step.drains, e.op->loc);
  auto b = cost.vars.find("B");
  const int64_t bytes = b != cost.vars.end() ? static_cast<int64_t>(b->second) : 0;
  int64_t cycles = 0;
  for (const std::string& key : cost.keys) cycles += costs_.Cycles(key, cost.vars, 1);
  cycles = std::max<int64_t>(1, cycles);
  const int pipe = static_cast<int>(step.pipe);
  const LaneState& l = w_.lanes[lane];
  const bool aic = lanes_[lane].core == "AIC";
  int64_t dep = 0;
  int dep_op = -1;
  std::string why;
  std::vector<int> producers;  // the pushes a pop waited for
  if (step.op == MachineOp::kTPop) {
    const int dir = aic ? 1 : 0;  // AIC pops V2C
    const size_t k = pops_[Ring{l.rank, dir, lanes_[lane].party}]++;
    for (int party = 0; party < 2; ++party) {
      // C2V: only the cube (party 0) pushes; V2C: each AIV lane that does.
      auto pushed = pushes_.find(Ring{l.rank, dir, party});
      if (pushed == pushes_.end() || k >= pushed->second.size()) continue;
      const int push = pushed->second[k];
      producers.push_back(push);
      const int64_t ready = ops_[push].end + costs_.Cycles("fifo_signal", {}, 60);
      if (dep_op < 0 || ready > dep) {
        dep = ready;
        dep_op = push;
      }
    }
    if (dep_op >= 0) why = "fifo";
  }
  if (step.op == MachineOp::kTWait) {
    auto wait = satisfied_.find(lane);
    if (wait != satisfied_.end()) {
      auto notify = last_notify_.find(wait->second);
      if (notify != last_notify_.end()) {
        dep_op = notify->second;
        const bool local = lanes_[ops_[dep_op].lane].rank == l.rank;
        dep = ops_[dep_op].end + (local ? costs_.Cycles("notify_local", {}, 200)
                                        : costs_.Cycles("notify_remote", {}, 1500));
        why = "signal";
      }
      satisfied_.erase(wait);
    }
  } else if (step.op == MachineOp::kSyncAll) {
    const int n = static_cast<int>(syncall_seen_[lane].size());
    syncall_seen_[lane].push_back(n);
    std::vector<std::pair<int64_t, int>>& releases = syncalls_[l.rank];
    if (n >= static_cast<int>(releases.size())) {
      // The last of the rank's lanes to arrive decides the release.
      std::pair<int64_t, int> last{c.issue, c.last};
      for (size_t k = 0; k < w_.lanes.size(); ++k) {
        if (w_.lanes[k].rank != l.rank || !lanes_[k].timed) continue;
        if (clocks_[k].issue > last.first) last = {clocks_[k].issue, clocks_[k].last};
      }
      releases.push_back(last);
    }
    dep = releases[n].first;
    dep_op = releases[n].second;
    why = "syncall";
  }
  if (deps_) {
    int from = -1;
    const int64_t ready = Dependence(lane, *e.op, &from);
    if (from >= 0 && ready > dep) {
      dep = ready;
      dep_op = from;
      why = "dependence";
    }
  }
  const int index = Add(lane, pipe, cost.name, e.op->loc, cycles, dep, dep_op, why,
                        step.pipe == Pipe::kS);
  ops_[index].bytes = bytes;
  if (deps_) Record(lane, *e.op, index);
  if (step.op == MachineOp::kTPop) {
    for (int push : producers) flows_.push_back(TimedFlow{why, push, index});
  } else if (dep_op >= 0 && why != "dependence") {
    flows_.push_back(TimedFlow{why, dep_op, index});
  }
  if (step.op == MachineOp::kTPush) {
    pushes_[Ring{l.rank, aic ? 0 : 1, lanes_[lane].party}].push_back(index);
  }
  if (step.op == MachineOp::kTNotify) {
    auto notify = notifying_.find(lane);
    if (notify != notifying_.end()) {
      last_notify_[notify->second] = index;
      notifying_.erase(notify);
    }
  }
  if (step.barrier_all_after) DrainAll(lane, e.op->loc, "pipe_barrier(PIPE_ALL)");
}

int64_t TimingModel::Dependence(int lane, const RecordedItem& op, int* from) const {
  int64_t ready = 0;
  auto after = [&](const std::pair<int64_t, int>& a) {
    if (a.second >= 0 && (*from < 0 || a.first > ready)) {
      ready = a.first;
      *from = a.second;
    }
  };
  for (const codegen::PlanAccess& x : op.accesses) {
    accesses_[lane].ForEachOverlapping(x, [&](const Accesses& h) {
      after(h.write);              // RAW, WAW
      if (x.write) after(h.read);  // WAR
      return true;
    });
  }
  return ready;
}

void TimingModel::Record(int lane, const RecordedItem& op, int index) {
  for (const codegen::PlanAccess& x : op.accesses) {
    Accesses& h = accesses_[lane].At(x);
    const std::pair<int64_t, int> now{ops_[index].end, index};
    if (x.write) {
      // It started after every earlier read of the region ended.
      h.write = now;
      h.read = {0, -1};
    } else if (h.read.second < 0 || now.first > h.read.first) {
      h.read = now;
    }
  }
}

void TimingModel::Signal(int lane, uint64_t addr, bool notify) {
  (notify ? notifying_ : satisfied_)[lane] = addr;
}

void TimingModel::Return(int lane) {
  const LaneClock& c = clocks_[lane];
  int64_t end = c.issue;
  for (int64_t f : c.pipe_free) end = std::max(end, f);
  lanes_[lane].cycles = end;
}

int64_t TimingModel::Makespan() const {
  int64_t m = 0;
  for (const TimedLane& l : lanes_) m = std::max(m, l.cycles);
  return m;
}

std::vector<int> TimingModel::CriticalPath() const {
  int last = -1;
  for (size_t i = 0; i < ops_.size(); ++i) {
    if (last < 0 || ops_[i].end > ops_[last].end) last = static_cast<int>(i);
  }
  std::vector<int> path;
  for (int i = last; i >= 0 && path.size() < 100000; i = ops_[i].cause) path.push_back(i);
  std::reverse(path.begin(), path.end());
  return path;
}

std::string TimingModel::Text() const {
  std::string out = absl::StrCat("timing: cost model ", costs_.name(), ", pipe sync ",
                                 pipe_sync_, ", clock ", clock_hz_, " Hz\n");
  for (const TimedLane& l : lanes_) {
    if (!l.timed) continue;
    absl::StrAppend(&out, "  rank ", l.rank, " ", l.label, " ", l.function, ": ", l.cycles,
                    " cycles (", absl::StrFormat("%.3f", l.cycles * 1e6 / clock_hz_), " us)\n");
    for (int p = 0; p < codegen::kNumPipes; ++p) {
      if (l.busy[p] == 0) continue;
      absl::StrAppend(&out, "    ", PipeName(static_cast<Pipe>(p)), ": busy ", l.busy[p],
                      absl::StrFormat(" (%.1f%%)", l.cycles > 0 ? 100.0 * l.busy[p] / l.cycles : 0),
                      "\n");
    }
    for (const auto& [cause, n] : l.stalls) {
      absl::StrAppend(&out, "    issue stalled ", n, " cycles: ", cause, "\n");
    }
  }
  absl::StrAppend(&out, "  makespan: ", Makespan(), " cycles\n  critical path:\n");
  for (int i : CriticalPath()) {
    const TimedOp& op = ops_[i];
    absl::StrAppend(&out, "    ", At(op.loc), ": rank ", lanes_[op.lane].rank, " ",
                    lanes_[op.lane].label, " ",
                    op.pipe >= 0 ? PipeName(static_cast<Pipe>(op.pipe)) : "issue", " ", op.name,
                    " [", op.start, ", ", op.end, ") after ", op.why, "\n");
  }
  return out;
}

std::string TimingModel::Json() const {
  std::string out = absl::StrCat("{\"clock_hz\": ", clock_hz_, ", \"cost_model\": ",
                                 Quote(costs_.name()), ", \"pipe_sync\": ", Quote(pipe_sync_),
                                 ", \"makespan\": ", Makespan(), ", \"lanes\": [");
  bool first = true;
  for (const TimedLane& l : lanes_) {
    if (!l.timed) continue;
    absl::StrAppend(&out, first ? "" : ", ", "{\"rank\": ", l.rank, ", \"lane\": ",
                    Quote(absl::StrCat(l.label, " ", l.function)), ", \"cycles\": ", l.cycles,
                    ", \"pipes\": {");
    first = false;
    bool first_pipe = true;
    for (int p = 0; p < codegen::kNumPipes; ++p) {
      if (l.busy[p] == 0) continue;
      absl::StrAppend(&out, first_pipe ? "" : ", ", Quote(PipeName(static_cast<Pipe>(p))),
                      ": {\"busy\": ", l.busy[p], ", \"busy_pct\": ",
                      absl::StrFormat("%.1f", l.cycles > 0 ? 100.0 * l.busy[p] / l.cycles : 0),
                      "}");
      first_pipe = false;
    }
    absl::StrAppend(&out, "}, \"stalls\": {");
    bool first_stall = true;
    for (const auto& [cause, n] : l.stalls) {
      absl::StrAppend(&out, first_stall ? "" : ", ", Quote(cause), ": ", n);
      first_stall = false;
    }
    absl::StrAppend(&out, "}}");
  }
  absl::StrAppend(&out, "], \"critical_path\": [");
  first = true;
  for (int i : CriticalPath()) {
    const TimedOp& op = ops_[i];
    absl::StrAppend(&out, first ? "" : ", ", "{\"rank\": ", lanes_[op.lane].rank,
                    ", \"lane\": ", Quote(absl::StrCat(lanes_[op.lane].label, " ",
                                                      lanes_[op.lane].function)),
                    ", \"pipe\": ",
                    Quote(op.pipe >= 0 ? PipeName(static_cast<Pipe>(op.pipe)) : "issue"),
                    ", \"op\": ", Quote(op.name), ", \"loc\": ", Quote(At(op.loc)),
                    ", \"start\": ", op.start, ", \"end\": ", op.end, ", \"cause\": ",
                    Quote(op.why), "}");
    first = false;
  }
  absl::StrAppend(&out, "]}");
  return out;
}

}  // namespace sim
}  // namespace ptoc
