#include "codegen/sync_plan.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace ptoc {
namespace codegen {
namespace {

constexpr char kMarker = '\x01';

bool Overlap(const PlanAccess& a, const PlanAccess& b) {
  return a.space == b.space && (a.id == b.id || a.id < 0 || b.id < 0);
}

bool Conflicts(const PlanAccess& earlier, const std::vector<PlanAccess>& later) {
  for (const PlanAccess& b : later) {
    if ((earlier.write || b.write) && Overlap(earlier, b)) return true;
  }
  return false;
}

// §3.4: id 7 of (V,S), (S,V), (M,FIX), (FIX,M) is reserved.
int IdsOf(Pipe p, Pipe q) {
  auto is = [&](Pipe a, Pipe b) { return p == a && q == b; };
  return is(Pipe::kV, Pipe::kS) || is(Pipe::kS, Pipe::kV) || is(Pipe::kM, Pipe::kFix) ||
                 is(Pipe::kFix, Pipe::kM)
             ? 7
             : 8;
}

int P(Pipe p) { return static_cast<int>(p); }

}  // namespace

absl::StatusOr<PipeSyncMode> ParsePipeSync(absl::string_view mode) {
  if (mode.empty() || mode == "barrier-all") return PipeSyncMode::kBarrierAll;
  if (mode == "flags") return PipeSyncMode::kFlags;
  return absl::InvalidArgumentError(
      absl::StrCat("--pipe-sync must be flags or barrier-all, not '", mode, "'"));
}

absl::string_view PipeSyncName(PipeSyncMode mode) {
  return mode == PipeSyncMode::kFlags ? "flags" : "barrier-all";
}

SyncPlanner::SyncPlanner(Backend backend, FunctionKind kind, int first_unit)
    : backend_(backend), kind_(kind), first_unit_(first_unit) {
  for (auto& row : state_.known) row.fill(0);
  blocks_.emplace_back();  // the kernel body
  open_.push_back(0);
}

std::string SyncPlanner::Marker(int gap) { return absl::StrCat(std::string(1, kMarker), gap); }

int SyncPlanner::NewGap(const Location& loc) {
  gaps_.emplace_back();
  gap_locs_.push_back(loc);
  return static_cast<int>(gaps_.size()) - 1;
}

void SyncPlanner::Add(int gap, SyncInstr instr) { gaps_[gap].push_back(std::move(instr)); }

int SyncPlanner::NewUnit(SyncInstr::Kind kind, Pipe src, Pipe dst, int id,
                         const Location& producer, const Location& consumer,
                         absl::string_view why) {
  SyncUnit u;
  u.number = next_unit();
  u.kind = kind;
  u.src = src;
  u.dst = dst;
  u.id = id;
  u.producer = producer;
  u.consumer = consumer;
  u.why = std::string(why);
  units_.push_back(u);
  return u.number;
}

std::vector<std::pair<int, int>> SyncPlanner::Path() const {
  std::vector<std::pair<int, int>> path;
  for (int b : open_) path.emplace_back(b, static_cast<int>(blocks_[b].gaps.size()) - 1);
  return path;
}

int SyncPlanner::IfDepth() const {
  int n = 0;
  for (const Frame& f : frames_) n += f.loop ? 0 : 1;
  return n;
}

void SyncPlanner::Reset() {
  state_.pending.clear();
  for (auto& row : state_.known) row.fill(seq_);
  state_.busy = false;
  // An id may be used again once a full barrier orders its last wait
  // before the next set on every path: not so for a barrier in a branch.
  if (IfDepth() == 0) {
    for (auto& row : used_) row.fill(0);
  }
}

bool SyncPlanner::AnyUsed() const {
  for (const auto& row : used_) {
    for (uint8_t bits : row) {
      if (bits != 0) return true;
    }
  }
  return false;
}

void SyncPlanner::BarrierAll(int gap, const Location& loc, absl::string_view why) {
  SyncInstr i;
  i.kind = SyncInstr::Kind::kBarrierAll;
  i.slot = 4;
  i.loc = loc;
  i.unit = NewUnit(i.kind, Pipe::kS, Pipe::kS, 0, loc, loc, why);
  Add(gap, i);
  Reset();
}

void SyncPlanner::FullBarrier() { Reset(); }

int SyncPlanner::Op(const MachineStep& step, const std::vector<PlanAccess>& accesses,
                    const Location& loc) {
  const int gap = NewGap(loc);
  blocks_[open_.back()].gaps.push_back(gap);
  const std::vector<std::pair<int, int>> path = Path();
  // a2a3's TFREE is no machine op (the slot was freed inside TPOP).
  if (step.op == MachineOp::kTFree && backend_ == Backend::kA2A3) return gap;
  if (step.barrier_all_before || step.drains_all) Reset();
  if (!step.drains.empty()) {
    // An AIC fence: pipe_barrier of each, then dsb, which blocks issue
    // until they (and the scalar unit) are done.
    std::vector<Pending> keep;
    for (const Pending& a : state_.pending) {
      if (a.pipe == Pipe::kS ||
          std::find(step.drains.begin(), step.drains.end(), a.pipe) != step.drains.end()) {
        continue;
      }
      keep.push_back(a);
    }
    state_.pending = std::move(keep);
  }
  const Pipe q = step.pipe;
  std::array<const Pending*, kNumPipes> latest{};
  bool same_pipe = false;
  for (const Pending& a : state_.pending) {
    if (!Conflicts(a.access, accesses)) continue;
    if (a.pipe == q && PipeInOrder(backend_, q)) continue;
    if (state_.known[P(q)][P(a.pipe)] >= a.seq) continue;
    if (a.pipe == q) {
      same_pipe = true;
      continue;
    }
    if (latest[P(a.pipe)] == nullptr || latest[P(a.pipe)]->seq < a.seq) latest[P(a.pipe)] = &a;
  }
  bool demoted = false;
  std::vector<std::pair<Pipe, int64_t>> covered;
  for (int pi = 0; pi < kNumPipes && !demoted; ++pi) {
    const Pending* a = latest[pi];
    if (a == nullptr) continue;
    const Pipe p = static_cast<Pipe>(pi);
    // The innermost common block and the items in it holding a and b.
    size_t k = 0;
    while (k < a->path.size() && k < path.size() && a->path[k] == path[k]) ++k;
    if (k >= a->path.size() || k >= path.size() || a->path[k].first != path[k].first) {
      BarrierAll(gap, loc, "no common block");
      demoted = true;
      break;
    }
    const Block& blk = blocks_[path[k].first];
    const int set_gap = blk.gaps[a->path[k].second + 1];
    const int wait_gap = blk.gaps[path[k].second];
    const auto key = std::make_tuple(pi, P(q), set_gap, wait_gap);
    auto same = pairs_.find(key);
    int id = -1;
    int unit = -1;
    if (same != pairs_.end()) {
      std::tie(id, unit) = same->second;
    } else {
      uint8_t& bits = used_[pi][P(q)];
      for (int i = 0; i < IdsOf(p, q); ++i) {
        if ((bits & (1u << i)) == 0) {
          id = i;
          break;
        }
      }
      if (id < 0) {
        BarrierAll(gap, loc, "demoted");
        demoted = true;
        break;
      }
      bits |= 1u << id;
      const Location& producer = gap_locs_[blk.gaps[a->path[k].second]];
      unit = NewUnit(SyncInstr::Kind::kSet, p, q, id, producer, gap_locs_[wait_gap], "pair");
      SyncInstr set;
      set.kind = SyncInstr::Kind::kSet;
      set.src = p;
      set.dst = q;
      set.id = id;
      set.unit = unit;
      set.slot = 1;
      set.loc = producer;
      Add(set_gap, set);
      SyncInstr wait = set;
      wait.kind = SyncInstr::Kind::kWait;
      wait.slot = 3;
      wait.loc = gap_locs_[wait_gap];
      Add(wait_gap, wait);
      pairs_[key] = {id, unit};
    }
    covered.emplace_back(p, a->seq);
  }
  if (!demoted) {
    for (const auto& [p, seq] : covered) {
      if (q == Pipe::kS) {
        // A wait on the scalar pipe blocks issue: everything after it.
        for (auto& row : state_.known) row[P(p)] = std::max(row[P(p)], seq);
      } else {
        state_.known[P(q)][P(p)] = std::max(state_.known[P(q)][P(p)], seq);
      }
    }
    if (same_pipe) {
      SyncInstr b;
      b.kind = SyncInstr::Kind::kBarrier;
      b.src = b.dst = q;
      b.slot = 4;
      b.loc = loc;
      b.unit = NewUnit(b.kind, q, q, 0, loc, loc, "same-pipe");
      Add(gap, b);
      state_.known[P(q)][P(q)] = seq_;
    }
  }
  const int64_t seq = ++seq_;
  for (const PlanAccess& acc : accesses) {
    state_.pending.push_back(Pending{q, seq, acc, path, loc});
  }
  if (q != Pipe::kS) state_.busy = true;
  if (step.op == MachineOp::kTWait || step.op == MachineOp::kSyncAll) {
    // Blocking scalar steps: what comes after issues once they are done.
    std::vector<Pending> keep;
    for (const Pending& a : state_.pending) {
      if (a.pipe != Pipe::kS) keep.push_back(a);
    }
    state_.pending = std::move(keep);
  }
  if (step.barrier_all_after) Reset();
  return gap;
}

int SyncPlanner::BeginLoop(const Location& loc) {
  const int gap = NewGap(loc);
  blocks_[open_.back()].gaps.push_back(gap);
  if (AnyPending() || AnyUsed()) BarrierAll(gap, loc, "loop entry");
  Frame f;
  f.loop = true;
  f.before = state_;
  frames_.push_back(f);
  return gap;
}

void SyncPlanner::EndLoop() {
  Frame f = frames_.back();
  frames_.pop_back();
  Merge(state_, f.before);
}

int SyncPlanner::BeginIf(const Location& loc) {
  const int gap = NewGap(loc);
  blocks_[open_.back()].gaps.push_back(gap);
  Frame f;
  f.before = state_;
  frames_.push_back(f);
  return gap;
}

void SyncPlanner::Else() {
  Frame& f = frames_.back();
  f.then_state = state_;
  f.has_else = true;
  state_ = f.before;
}

void SyncPlanner::EndIf() {
  Frame f = frames_.back();
  frames_.pop_back();
  Merge(state_, f.has_else ? f.then_state : f.before);
}

void SyncPlanner::BeginBlock(bool loop_body) {
  blocks_.emplace_back();
  open_.push_back(static_cast<int>(blocks_.size()) - 1);
  if (loop_body) frames_.back().body_block = open_.back();
}

int SyncPlanner::EndBlock(const Location& loc) {
  const int gap = NewGap(loc);
  const int block = open_.back();
  blocks_[block].gaps.push_back(gap);
  open_.pop_back();
  // Each iteration ends drained: nothing is carried into the next one or
  // past the loop.
  if (!frames_.empty() && frames_.back().body_block == block &&
      (AnyPending() || AnyUsed())) {
    BarrierAll(gap, loc, "loop end");
  }
  return gap;
}

bool SyncPlanner::Tail(int gap, const Location& loc) {
  if (!state_.busy) return false;
  BarrierAll(gap, loc, "tail");
  return true;
}

std::vector<PlanAccess> AccessesOf(const MachineStep& step, const std::vector<Buffer>& args,
                                   const Buffer& result, const std::vector<int64_t>& gm) {
  std::vector<PlanAccess> accesses;
  auto add = [&](const Operand& o, bool write) {
    if (o.kind == Operand::Kind::kGm) {
      if (gm.empty()) accesses.push_back(PlanAccess{MemorySpace::kDDR, -1, write});
      for (int64_t p : gm) accesses.push_back(PlanAccess{MemorySpace::kDDR, p, write});
      return;
    }
    const Buffer b = o.kind == Operand::Kind::kResult ? result : args.at(o.index);
    accesses.push_back(PlanAccess{b.space, b.id, write});
  };
  for (const Operand& o : step.reads) add(o, false);
  for (const Operand& o : step.writes) add(o, true);
  return accesses;
}

int64_t ParamIndex(const Function& fn, const Var* v) {
  for (size_t i = 0; i < fn.params.size(); ++i) {
    if (fn.params[i].var == v) return static_cast<int64_t>(i);
  }
  return -1;
}

void SyncPlanner::Merge(State& into, const State& other) {
  for (const Pending& a : other.pending) into.pending.push_back(a);
  for (int q = 0; q < kNumPipes; ++q) {
    for (int p = 0; p < kNumPipes; ++p) {
      into.known[q][p] = std::min(into.known[q][p], other.known[q][p]);
    }
  }
  into.busy = into.busy || other.busy;
}

std::string SyncPlanner::Render(const std::string& text,
                                const std::function<std::string(const SyncInstr&)>& spell,
                                const std::set<int>& drop) const {
  std::string out;
  out.reserve(text.size());
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    const size_t m = line.find(kMarker);
    if (m == absl::string_view::npos) {
      absl::StrAppend(&out, line, "\n");
      continue;
    }
    int gap = 0;
    if (!absl::SimpleAtoi(line.substr(m + 1), &gap)) continue;
    const absl::string_view indent = line.substr(0, m);
    std::vector<SyncInstr> instrs = gaps_[gap];
    std::stable_sort(instrs.begin(), instrs.end(), [](const SyncInstr& a, const SyncInstr& b) {
      return std::make_tuple(a.slot, P(a.src), P(a.dst), a.id) <
             std::make_tuple(b.slot, P(b.src), P(b.dst), b.id);
    });
    for (const SyncInstr& i : instrs) {
      if (drop.count(i.unit) > 0) continue;
      absl::StrAppend(&out, indent, spell(i), "\n");
    }
  }
  // StrSplit gives one piece after the final newline.
  if (!out.empty() && (text.empty() || text.back() == '\n')) out.pop_back();
  return out;
}

std::string FormatSyncPlan(absl::string_view function, const std::vector<SyncUnit>& units) {
  std::string out = absl::StrCat("func ", function, ": ", units.size(), " units\n");
  for (const SyncUnit& u : units) {
    auto at = [](const Location& l) {
      return l.known() ? absl::StrCat(l.file, ":", l.line, ":", l.col) : std::string("-");
    };
    switch (u.kind) {
      case SyncInstr::Kind::kSet:
        absl::StrAppend(&out, "  unit ", u.number, ": pair ", PipeName(u.src), " -> ",
                        PipeName(u.dst), " EVENT_ID", u.id, " set after ", at(u.producer),
                        " wait before ", at(u.consumer), "\n");
        break;
      case SyncInstr::Kind::kBarrier:
        absl::StrAppend(&out, "  unit ", u.number, ": pipe_barrier(", PipeName(u.src),
                        ") before ", at(u.consumer), " (", u.why, ")\n");
        break;
      default:
        absl::StrAppend(&out, "  unit ", u.number, ": pipe_barrier(PIPE_ALL) before ",
                        at(u.consumer), " (", u.why, ")\n");
        break;
    }
  }
  return out;
}

}  // namespace codegen
}  // namespace ptoc
