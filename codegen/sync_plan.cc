#include "codegen/sync_plan.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <tuple>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace ptoc {
namespace codegen {
namespace {

constexpr char kMarker = '\x01';

// --time-passes: the wall time of the planners' public entry points (the
// outermost call only).
thread_local double planner_seconds = 0;
thread_local int planner_depth = 0;
class PlannerTime {
 public:
  PlannerTime() : start_(planner_depth++ == 0 ? std::chrono::steady_clock::now()
                                              : std::chrono::steady_clock::time_point()) {}
  ~PlannerTime() {
    if (--planner_depth == 0) {
      planner_seconds +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

bool Conflicts(const PlanAccess& earlier, const std::vector<PlanAccess>& later) {
  for (const PlanAccess& b : later) {
    if ((earlier.write || b.write) && Overlap(earlier, b)) return true;
  }
  return false;
}

// §3.4: id 7 of (V,S), (S,V), (M,FIX), (FIX,M) is reserved (out of `ids`:
// the last one).
int IdsOf(Pipe p, Pipe q, int ids = 8) {
  auto is = [&](Pipe a, Pipe b) { return p == a && q == b; };
  return is(Pipe::kV, Pipe::kS) || is(Pipe::kS, Pipe::kV) || is(Pipe::kM, Pipe::kFix) ||
                 is(Pipe::kFix, Pipe::kM)
             ? ids - 1
             : ids;
}

int P(Pipe p) { return static_cast<int>(p); }

}  // namespace

bool Overlap(const PlanAccess& a, const PlanAccess& b) {
  if (a.space != b.space) return false;
  if (a.id < 0 || b.id < 0) return true;
  if (a.id != b.id) return false;
  if (a.box.empty() || b.box.empty() || a.box.size() != b.box.size()) return true;
  for (size_t i = 0; i < a.box.size(); ++i) {
    if (a.box[i].second <= b.box[i].first || b.box[i].second <= a.box[i].first) return false;
  }
  return true;
}

GmBox BoxOf(const GmRegion& region) {
  GmBox box;
  for (size_t i = 0; i < region.static_offsets.size(); ++i) {
    const MaybeInt& offset = region.static_offsets[i];
    const MaybeInt& size = i < region.static_sizes.size() ? region.static_sizes[i] : std::nullopt;
    // The verifier holds static regions inside their tensors, so no sum
    // overflows.
    if (!offset || !size) return {};
    box.emplace_back(*offset, *offset + *size);
  }
  return box;
}

absl::StatusOr<PipeSyncMode> ParsePipeSync(absl::string_view mode) {
  if (mode.empty() || mode == "barrier-all") return PipeSyncMode::kBarrierAll;
  if (mode == "flags") return PipeSyncMode::kFlags;
  if (mode == "flags-unbounded") return PipeSyncMode::kFlagsUnbounded;
  return absl::InvalidArgumentError(absl::StrCat(
      "--pipe-sync must be flags, flags-unbounded or barrier-all, not '", mode, "'"));
}

absl::string_view PipeSyncName(PipeSyncMode mode) {
  switch (mode) {
    case PipeSyncMode::kFlags: return "flags";
    case PipeSyncMode::kFlagsUnbounded: return "flags-unbounded";
    case PipeSyncMode::kBarrierAll: break;
  }
  return "barrier-all";
}

double SyncPlanner::Seconds() { return planner_seconds; }

SyncPlanner::SyncPlanner(Backend backend, FunctionKind kind, int first_unit, PipeSyncMode mode)
    : backend_(backend), kind_(kind), first_unit_(first_unit), mode_(mode) {
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
    for (uint64_t bits : row) {
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

void SyncPlanner::FullBarrier() {
  PlannerTime time;
  rule_.FullBarrier();
  Node n;
  n.kind = Node::Kind::kFullBarrier;
  Record(n);
  Reset();
}

int SyncPlanner::Record(Node node) {
  nodes_.push_back(std::move(node));
  const int n = static_cast<int>(nodes_.size()) - 1;
  if (tree_.empty()) {
    root_.push_back(n);
  } else {
    nodes_[tree_.back().first].blocks[tree_.back().second].push_back(n);
  }
  return n;
}

int SyncPlanner::Op(const MachineStep& step, const std::vector<PlanAccess>& accesses,
                    const Location& loc) {
  PlannerTime time;
  const int gap = NewGap(loc);
  blocks_[open_.back()].gaps.push_back(gap);
  {
    Node g;
    g.kind = Node::Kind::kGap;
    g.gap = gap;
    Record(g);
    Node op;
    op.kind = Node::Kind::kOp;
    op.step = step;
    op.accesses = accesses;
    op.loc = loc;
    op.skip = step.op == MachineOp::kTFree && backend_ == Backend::kA2A3;
    Record(op);
  }
  if (barrier_all()) return BarrierAllOp(gap, step, accesses, loc);
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
      uint64_t& bits = used_[pi][P(q)];
      for (int i = 0; i < IdsOf(p, q, max_ids()); ++i) {
        if ((bits & (uint64_t{1} << i)) == 0) {
          id = i;
          break;
        }
      }
      const Location& producer = gap_locs_[blk.gaps[a->path[k].second]];
      if (id < 0 && Widen(pi, P(q), blk, set_gap, wait_gap, producer)) {
        covered.emplace_back(p, a->seq);
        continue;
      }
      if (id < 0) {
        BarrierAll(gap, loc, "demoted");
        demoted = true;
        break;
      }
      bits |= uint64_t{1} << id;
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
      state_.known[P(q)][P(p)] = std::max(state_.known[P(q)][P(p)], seq);
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
  if (step.barrier_all_after) Reset();
  return gap;
}

bool SyncPlanner::Widen(int p, int q, const Block& blk, int set_gap, int wait_gap,
                        const Location& producer) {
  auto index = [&](int g) {
    auto it = std::find(blk.gaps.begin(), blk.gaps.end(), g);
    return it == blk.gaps.end() ? -1 : static_cast<int>(it - blk.gaps.begin());
  };
  const int s = index(set_gap), w = index(wait_gap);
  // The candidate with the latest set; in the map's (deterministic) order
  // among equals.
  std::optional<std::tuple<int, int, int, int>> best;
  int best_set = -1;
  for (const auto& [key, value] : pairs_) {
    if (std::get<0>(key) != p || std::get<1>(key) != q) continue;
    const int qs = index(std::get<2>(key)), qw = index(std::get<3>(key));
    // A wait in the set's own gap comes after it (slot 3 after slot 1).
    if (qs < 0 || qw < 0 || qs > s || qw > w || qw < s) continue;
    if (qs > best_set) {
      best_set = qs;
      best = key;
    }
  }
  if (!best) return false;
  const auto [id, unit] = pairs_.at(*best);
  std::vector<SyncInstr>& from = gaps_[std::get<2>(*best)];
  for (auto it = from.begin(); it != from.end(); ++it) {
    if (it->kind == SyncInstr::Kind::kSet && it->unit == unit) {
      SyncInstr set = *it;
      from.erase(it);
      set.loc = producer;
      Add(set_gap, set);
      break;
    }
  }
  pairs_.erase(*best);
  pairs_[std::make_tuple(p, q, set_gap, std::get<3>(*best))] = {id, unit};
  units_[unit - first_unit_].producer = producer;
  return true;
}

int SyncPlanner::BeginLoop(const Location& loc) {
  PlannerTime time;
  const int gap = NewGap(loc);
  blocks_[open_.back()].gaps.push_back(gap);
  RecordCompound(Node::Kind::kLoop, gap);
  if (barrier_all() ? rule_.BeginLoop() : AnyPending() || AnyUsed()) {
    BarrierAll(gap, loc, "loop entry");
  }
  Frame f;
  f.loop = true;
  f.before = state_;
  frames_.push_back(f);
  return gap;
}

void SyncPlanner::EndLoop() {
  PlannerTime time;
  if (barrier_all()) rule_.EndLoop();
  compounds_.pop_back();
  Frame f = frames_.back();
  frames_.pop_back();
  Merge(state_, f.before);
}

int SyncPlanner::BeginIf(const Location& loc) {
  PlannerTime time;
  if (barrier_all()) rule_.BeginIf();
  const int gap = NewGap(loc);
  blocks_[open_.back()].gaps.push_back(gap);
  RecordCompound(Node::Kind::kIf, gap);
  Frame f;
  f.before = state_;
  frames_.push_back(f);
  return gap;
}

void SyncPlanner::Else() {
  PlannerTime time;
  if (barrier_all()) rule_.Else();
  Frame& f = frames_.back();
  f.then_state = state_;
  f.has_else = true;
  state_ = f.before;
}

void SyncPlanner::EndIf() {
  PlannerTime time;
  if (barrier_all()) rule_.EndIf();
  compounds_.pop_back();
  Frame f = frames_.back();
  frames_.pop_back();
  Merge(state_, f.has_else ? f.then_state : f.before);
}

void SyncPlanner::BeginBlock(bool loop_body) {
  PlannerTime time;
  if (loop_body && barrier_all()) rule_.BeginBody();
  if (!compounds_.empty()) {
    const int c = compounds_.back();
    nodes_[c].blocks.emplace_back();
    tree_.emplace_back(c, static_cast<int>(nodes_[c].blocks.size()) - 1);
  }
  blocks_.emplace_back();
  open_.push_back(static_cast<int>(blocks_.size()) - 1);
  if (loop_body) frames_.back().body_block = open_.back();
}

int SyncPlanner::EndBlock(const Location& loc) {
  PlannerTime time;
  const int gap = NewGap(loc);
  const int block = open_.back();
  blocks_[block].gaps.push_back(gap);
  open_.pop_back();
  {
    Node g;
    g.kind = Node::Kind::kGap;
    g.gap = gap;
    Record(g);
    if (!tree_.empty()) tree_.pop_back();
  }
  // Each iteration ends drained: nothing is carried into the next one or
  // past the loop.
  if (!frames_.empty() && frames_.back().body_block == block &&
      (barrier_all() ? rule_.EndBody() : AnyPending() || AnyUsed())) {
    BarrierAll(gap, loc, "loop end");
  }
  return gap;
}

bool SyncPlanner::Tail(int gap, const Location& loc) {
  PlannerTime time;
  if (!(barrier_all() ? rule_.Tail() : state_.busy)) return false;
  BarrierAll(gap, loc, "tail");
  return true;
}

std::vector<PlanAccess> AccessesOf(const MachineStep& step, const std::vector<Buffer>& args,
                                   const Buffer& result, const std::vector<int64_t>& gm,
                                   const GmBox& box) {
  std::vector<PlanAccess> accesses;
  const bool dma = step.op == MachineOp::kTLoad || step.op == MachineOp::kTStore;
  auto add = [&](const Operand& o, bool write) {
    if (o.kind == Operand::Kind::kGm) {
      if (gm.empty()) accesses.push_back(PlanAccess{MemorySpace::kDDR, -1, write});
      for (int64_t p : gm) {
        accesses.push_back(PlanAccess{MemorySpace::kDDR, p, write, dma ? box : GmBox()});
      }
      return;
    }
    const Buffer b = o.kind == Operand::Kind::kResult ? result : args.at(o.index);
    accesses.push_back(PlanAccess{b.space, b.id, write, {}});
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
  PlannerTime time;
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

namespace ptoc {
namespace codegen {

void SyncPlanner::Expand(const std::vector<int>& block, std::vector<std::vector<int>>* runs,
                         size_t max_runs) const {
  for (int n : block) {
    const Node& node = nodes_[n];
    if (node.kind != Node::Kind::kLoop && node.kind != Node::Kind::kIf) {
      for (std::vector<int>& r : *runs) r.push_back(n);
      continue;
    }
    std::vector<std::vector<int>> next;
    auto add = [&](std::vector<std::vector<int>>& part) {
      for (std::vector<int>& r : part) {
        if (next.size() < max_runs) next.push_back(std::move(r));
      }
    };
    if (node.kind == Node::Kind::kIf) {
      for (size_t b = 0; b < 2; ++b) {
        std::vector<std::vector<int>> part = *runs;
        if (b < node.blocks.size()) Expand(node.blocks[b], &part, max_runs);
        add(part);
      }
    } else {
      // A for: [body]; a while: [condition, body], the condition once more
      // at the exit.
      const bool is_while = node.blocks.size() == 2;
      for (int iterations = 0; iterations <= 3; ++iterations) {
        std::vector<std::vector<int>> part = *runs;
        for (int k = 0; k < iterations; ++k) {
          for (const std::vector<int>& b : node.blocks) Expand(b, &part, max_runs);
        }
        if (is_while) Expand(node.blocks[0], &part, max_runs);
        add(part);
      }
    }
    *runs = std::move(next);
  }
}

namespace {

std::string At(const Location& l) {
  return l.known() ? absl::StrCat(l.file, ":", l.line, ":", l.col) : std::string("?");
}

// One execution of a lane under pipe-sync.md §4.2.
class PipeCheck {
 public:
  PipeCheck(Backend backend, FunctionKind kind, int ids)
      : backend_(backend), kind_(kind), ids_(ids) {
    for (auto& row : vc_) row.fill(0);
    issued_.fill(0);
  }

  bool failed() const { return !finding_.empty(); }
  const std::string& finding() const { return finding_; }

  void BarrierAll() {
    for (auto& row : vc_) {
      for (int x = 0; x < kNumPipes; ++x) row[x] = std::max(row[x], issued_[x]);
    }
    history_.clear();
  }

  void Op(const MachineStep& step, const std::vector<PlanAccess>& accesses,
          const Location& loc) {
    if (step.barrier_all_before || step.drains_all) BarrierAll();
    for (Pipe d : step.drains) Complete(d);
    if (!step.drains.empty()) Complete(Pipe::kS);  // dsb
    const Pipe q = step.pipe;
    const int64_t i = Issue(q, false);
    for (const Access& a : history_) {
      bool conflict = false;
      for (const PlanAccess& b : accesses) {
        conflict |= (a.access.write || b.write) && Overlap(a.access, b);
      }
      if (!conflict) continue;
      if (a.pipe == q && PipeInOrder(backend_, q)) continue;
      if (vc_[P(q)][P(a.pipe)] >= a.index) continue;
      Fail(absl::StrCat(
          "pipe race: ", MachineOpName(step.op), " on ", PipeName(q), " at ", At(loc),
          " may overlap ", MachineOpName(a.op), " on ", PipeName(a.pipe), " at ", At(a.loc),
          "; missing: ",
          a.pipe == q ? absl::StrCat("pipe_barrier(", PipeName(q), ")")
                      : absl::StrCat("set_flag(", PipeName(a.pipe), ", ", PipeName(q),
                                     ") / wait_flag")));
      return;
    }
    vc_[P(q)][P(q)] = std::max(vc_[P(q)][P(q)], PipeInOrder(backend_, q) ? i : int64_t{0});
    for (const PlanAccess& b : accesses) history_.push_back(Access{q, i, b, step.op, loc});
    if (step.barrier_all_after) BarrierAll();
  }

  void Sync(const SyncInstr& s) {
    const auto key = std::make_tuple(P(s.src), P(s.dst), s.id);
    switch (s.kind) {
      case SyncInstr::Kind::kSet: {
        if (!Legal(s)) return;
        const int64_t i = Issue(s.src, false);
        Flag& f = flags_[key];
        if (f.set) return Fail(absl::StrCat("double set of ", Key(s), " at ", At(s.loc)));
        if (f.waited && vc_[P(s.src)][P(s.dst)] < f.wait_index) {
          return Fail(absl::StrCat("flag reuse race: ", Key(s), " set at ", At(s.loc),
                                   " before its previous wait is known complete"));
        }
        f.set = true;
        f.token = vc_[P(s.src)];
        f.token[P(s.src)] = i - 1;
        return;
      }
      case SyncInstr::Kind::kWait: {
        if (!Legal(s)) return;
        Flag& f = flags_[key];
        if (!f.set) return Fail(absl::StrCat("deadlock: ", Key(s), " waited at ", At(s.loc),
                                             " is never set"));
        const int64_t i = Issue(s.dst, true);
        for (int x = 0; x < kNumPipes; ++x) {
          vc_[P(s.dst)][x] = std::max(vc_[P(s.dst)][x], f.token[x]);
        }
        vc_[P(s.dst)][P(s.dst)] = std::max(vc_[P(s.dst)][P(s.dst)], i);
        f.set = false;
        f.waited = true;
        f.wait_index = i;
        return;
      }
      case SyncInstr::Kind::kBarrier:
        if ((backend_ == Backend::kA5 && s.src == Pipe::kV) || !CoreHasPipe(kind_, s.src)) {
          return Fail(absl::StrCat("illegal sync: pipe_barrier(", PipeName(s.src), ") at ",
                                   At(s.loc)));
        }
        vc_[P(s.src)][P(s.src)] = issued_[P(s.src)];
        return;
      case SyncInstr::Kind::kBarrierAll:
        BarrierAll();
        return;
    }
  }

  void Return(const Location& loc) {
    if (failed()) return;
    for (int x = 0; x < kNumPipes; ++x) {
      if (x != P(Pipe::kS) && vc_[P(Pipe::kS)][x] < issued_[x]) {
        return Fail(absl::StrCat("pipe busy at return: ", PipeName(static_cast<Pipe>(x)),
                                 " may still run at ", At(loc)));
      }
    }
    for (const auto& [key, f] : flags_) {
      if (f.set) {
        return Fail(absl::StrCat("flag left set at return: (",
                                 PipeName(static_cast<Pipe>(std::get<0>(key))), ", ",
                                 PipeName(static_cast<Pipe>(std::get<1>(key))), ", EVENT_ID",
                                 std::get<2>(key), ")"));
      }
    }
  }

 private:
  struct Access {
    Pipe pipe;
    int64_t index;
    PlanAccess access;
    MachineOp op;
    Location loc;
  };
  struct Flag {
    bool set = false;
    bool waited = false;
    int64_t wait_index = 0;
    std::array<int64_t, kNumPipes> token{};
  };

  static std::string Key(const SyncInstr& s) {
    return absl::StrCat("(", PipeName(s.src), ", ", PipeName(s.dst), ", EVENT_ID", s.id, ")");
  }
  bool Legal(const SyncInstr& s) {
    const bool reserved = (s.src == Pipe::kV && s.dst == Pipe::kS) ||
                          (s.src == Pipe::kS && s.dst == Pipe::kV) ||
                          (s.src == Pipe::kM && s.dst == Pipe::kFix) ||
                          (s.src == Pipe::kFix && s.dst == Pipe::kM);
    if (s.src == s.dst || !CoreHasPipe(kind_, s.src) || !CoreHasPipe(kind_, s.dst) ||
        s.id < 0 || s.id > (reserved ? ids_ - 2 : ids_ - 1)) {
      Fail(absl::StrCat("illegal sync: ", Key(s), " at ", At(s.loc)));
      return false;
    }
    return true;
  }
  int64_t Issue(Pipe p, bool wait_type) {
    const int64_t i = ++issued_[P(p)];
    if (PipeInOrder(backend_, p) || wait_type) {
      vc_[P(p)][P(p)] = std::max(vc_[P(p)][P(p)], i - 1);
    }
    return i;
  }
  // Every op issued so far on `d` is complete for every pipe.
  void Complete(Pipe d) {
    for (auto& row : vc_) row[P(d)] = std::max(row[P(d)], issued_[P(d)]);
  }
  void Fail(std::string f) {
    if (finding_.empty()) finding_ = std::move(f);
  }

  Backend backend_;
  FunctionKind kind_;
  int ids_;  // event ids per pipe pair
  std::array<std::array<int64_t, kNumPipes>, kNumPipes> vc_{};
  std::array<int64_t, kNumPipes> issued_{};
  std::map<std::tuple<int, int, int>, Flag> flags_;
  std::vector<Access> history_;
  std::string finding_;
};

}  // namespace

int64_t SyncPlanner::Count(const std::vector<int>& block) const {
  constexpr int64_t kCap = int64_t{1} << 30;
  int64_t total = 1;
  for (int n : block) {
    const Node& node = nodes_[n];
    int64_t options = 1;
    if (node.kind == Node::Kind::kIf) {
      options = 0;
      for (size_t b = 0; b < 2; ++b) options += b < node.blocks.size() ? Count(node.blocks[b]) : 1;
    } else if (node.kind == Node::Kind::kLoop) {
      int64_t iteration = 1;
      for (const std::vector<int>& b : node.blocks) iteration = std::min(kCap, iteration * Count(b));
      options = 0;
      int64_t power = 1;
      for (int k = 0; k <= 3; ++k) {
        options = std::min(kCap, options + power);
        power = std::min(kCap, power * iteration);
      }
    }
    total = std::min(kCap, total * options);
  }
  return total;
}

void SyncPlanner::Sweep() {
  PlannerTime time;
  if (barrier_all()) return;
  constexpr int kMaxRuns = 1024;
  if (nodes_.size() > 20000 || Count(root_) > kMaxRuns || !Check({}, kMaxRuns).empty()) return;
  std::set<int> removed;
  for (int u = static_cast<int>(units_.size()) - 1; u >= 0; --u) {
    const int number = first_unit_ + u;
    removed.insert(number);
    if (!Check(removed, kMaxRuns).empty()) removed.erase(number);
  }
  if (removed.empty()) return;
  std::map<int, int> renumber;
  std::vector<SyncUnit> kept;
  for (SyncUnit& u : units_) {
    if (removed.count(u.number) > 0) continue;
    renumber[u.number] = first_unit_ + static_cast<int>(kept.size());
    u.number = renumber[u.number];
    kept.push_back(u);
  }
  units_ = std::move(kept);
  for (std::vector<SyncInstr>& gap : gaps_) {
    std::vector<SyncInstr> left;
    for (SyncInstr& i : gap) {
      if (removed.count(i.unit) > 0) continue;
      i.unit = renumber[i.unit];
      left.push_back(i);
    }
    gap = std::move(left);
  }
}

std::vector<std::string> SyncPlanner::Check(const std::set<int>& drop, int max_runs,
                                            int* runs_tried) const {
  PlannerTime time;
  std::vector<std::vector<int>> runs(1);
  Expand(root_, &runs, static_cast<size_t>(max_runs));
  if (runs_tried != nullptr) *runs_tried = static_cast<int>(runs.size());

  std::set<std::string> seen;
  std::vector<std::string> findings;
  const Location end = gap_locs_.empty() ? Location() : gap_locs_.back();
  for (const std::vector<int>& run : runs) {
    PipeCheck check(backend_, kind_, max_ids());
    for (int n : run) {
      const Node& node = nodes_[n];
      if (node.kind == Node::Kind::kFullBarrier) {
        check.BarrierAll();
      } else if (node.kind == Node::Kind::kOp) {
        if (!node.skip) check.Op(node.step, node.accesses, node.loc);
      } else if (node.kind == Node::Kind::kGap) {
        std::vector<SyncInstr> instrs = gaps_[node.gap];
        std::stable_sort(instrs.begin(), instrs.end(),
                         [](const SyncInstr& a, const SyncInstr& b) {
                           return std::make_tuple(a.slot, P(a.src), P(a.dst), a.id) <
                                  std::make_tuple(b.slot, P(b.src), P(b.dst), b.id);
                         });
        for (const SyncInstr& i : instrs) {
          if (drop.count(i.unit) == 0) check.Sync(i);
        }
      }
      if (check.failed()) break;
    }
    check.Return(end);
    if (check.failed() && seen.insert(check.finding()).second) {
      findings.push_back(check.finding());
    }
  }
  return findings;
}

}  // namespace codegen
}  // namespace ptoc
