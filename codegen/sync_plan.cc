#include "codegen/sync_plan.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <tuple>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "codegen/pipe_clocks.h"
#include "glog/logging.h"

namespace ptoc {
namespace codegen {
namespace {

constexpr char kMarker = '\x01';

// file:line:col, or "-" when unknown (--emit=syncplan and the trace).
std::string LocationText(const Location& l) {
  return l.known() ? FileLineCol(l) : std::string("-");
}

// A unit as planned, for --v=2.
std::string TraceUnit(const SyncUnit& u) {
  switch (u.kind) {
    case SyncInstr::Kind::kSet:
      return absl::StrCat("pair ", PipeName(u.src), " -> ", PipeName(u.dst), " EVENT_ID", u.id,
                          " (", u.why, ") set after ", LocationText(u.producer),
                          " wait before ", LocationText(u.consumer));
    case SyncInstr::Kind::kBarrier:
      return absl::StrCat("pipe_barrier(", PipeName(u.src), ") (", u.why, ") before ",
                          LocationText(u.consumer));
    default:
      return absl::StrCat("pipe_barrier(PIPE_ALL) (", u.why, ") before ",
                          LocationText(u.consumer));
  }
}

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

GmBox BoxOf(const GmRegion& region, const std::vector<MaybeInt>& dims) {
  GmBox box;
  for (size_t i = 0; i < region.static_offsets.size(); ++i) {
    const MaybeInt& offset = region.static_offsets[i];
    const MaybeInt& size = i < region.static_sizes.size() ? region.static_sizes[i] : std::nullopt;
    if (!offset || !size || *offset < 0 || *size < 0) return {};
    // Per-dim ranges are disjoint memory only when every dim inside the
    // outermost is static and the range stays in it: a run past a dim of
    // run-time length reaches into the next row.
    if (i > 0 && (i >= dims.size() || !dims[i] || *offset > *dims[i] - *size)) return {};
    box.emplace_back(*offset, *offset + *size);
  }
  return box;
}

// --time-passes: the wall time of the planners' public entry points (the
// outermost call only).
namespace {
thread_local double planner_seconds = 0;
thread_local int planner_depth = 0;
}  // namespace

PlannerTime::PlannerTime()
    : start_(planner_depth++ == 0 ? std::chrono::steady_clock::now()
                                  : std::chrono::steady_clock::time_point()) {}

PlannerTime::~PlannerTime() {
  if (--planner_depth == 0) {
    planner_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
}

absl::StatusOr<PipeSyncMode> ParsePipeSync(absl::string_view mode) {
  if (mode.empty() || mode == "flags") return PipeSyncMode::kFlags;
  if (mode == "barrier-all") return PipeSyncMode::kBarrierAll;
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

SyncPlanner::SyncPlanner(Backend backend, FunctionKind kind, int first_unit, PipeSyncMode mode,
                         int functions)
    : backend_(backend),
      kind_(kind),
      first_unit_(first_unit),
      allowance_(kCheckAllowance / std::max(1, functions)),
      mode_(mode),
      rule_(backend) {
  for (auto& row : state_.known) row.fill(0);
  blocks_.emplace_back();  // the kernel body
  open_.push_back(0);
}

std::string SyncPlanner::Marker(int gap) { return absl::StrCat(std::string(1, kMarker), gap); }

int SyncPlanner::PushGap(int block, const Location& loc) {
  const int gap = static_cast<int>(gaps_.size());
  gaps_.emplace_back();
  gap_locs_.push_back(loc);
  gap_blocks_.push_back(block);
  blocks_[block].gaps.push_back(gap);
  gap_paths_.push_back(CurrentPath());
  gap_seq_.push_back(seq_);
  auto it = deferred_.find(block);
  if (it != deferred_.end()) {
    for (SyncInstr& i : it->second) Add(gap, std::move(i));
    deferred_.erase(it);
  }
  return gap;
}

void SyncPlanner::RecordCompound(Node::Kind kind, int gap) {
  Node g;
  g.kind = Node::Kind::kGap;
  g.gap = gap;
  Record(std::move(g));
  Node c;
  c.kind = kind;
  c.gap = gap;
  compounds_.push_back(Record(std::move(c)));
}

int SyncPlanner::ItemIn(const Path& path, int block) {
  for (const auto& [b, item] : path) {
    if (b == block) return item;
  }
  return -1;
}

void SyncPlanner::Add(int gap, SyncInstr instr) {
  // A set, wait or same-pipe barrier on a pipe other than S occupies that
  // pipe like an op does (§3.5), and may sit in a gap before the compounds
  // still open (a wait hoisted above a loop runs even when the loop runs
  // zero times): every state that may reach the return afterwards is busy.
  const Pipe on = instr.kind == SyncInstr::Kind::kWait ? instr.dst : instr.src;
  if (instr.kind != SyncInstr::Kind::kBarrierAll && on != Pipe::kS) {
    state_.sync_busy = true;
    for (Frame& f : frames_) f.before.sync_busy = f.then_state.sync_busy = true;
  }
  gaps_[gap].push_back(std::move(instr));
}

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
  // The sweep may remove the unit later; --emit=syncplan shows what stays.
  VLOG(2) << "sync planner: unit " << u.number << ": " << TraceUnit(u);
  units_.push_back(u);
  return u.number;
}

SyncPlanner::Path SyncPlanner::CurrentPath() const {
  Path path;
  for (int b : open_) path.emplace_back(b, static_cast<int>(blocks_[b].gaps.size()) - 1);
  return path;
}

void SyncPlanner::Reset() {
  state_.pending.clear();
  for (auto& row : state_.known) row.fill(seq_);
  state_.busy = false;
  state_.sync_busy = false;
  // An id may be used again once a full barrier orders its last wait
  // before the next set on every path and in every iteration: not so for
  // a barrier in a branch or a loop.
  if (frames_.empty()) {
    ++generation_;
    for (auto& row : used_) row.fill(0);
    // A drain not placed yet still holds its id.
    for (const LazyDrain& d : lazy_) {
      used_[PipeIndex(d.wait.src)][PipeIndex(d.wait.dst)] |= uint64_t{1} << d.wait.id;
    }
  }
}

void SyncPlanner::PlaceDrains(int gap, const std::vector<PlanAccess>* accesses, Pipe q) {
  std::vector<LazyDrain> keep;
  for (LazyDrain& d : lazy_) {
    const int64_t covers = DrainCovers(d.wait.unit);
    const Pipe p = d.wait.src;
    int64_t& known = state_.known[PipeIndex(d.wait.dst)][PipeIndex(p)];
    bool needed = d.block == open_.back() && accesses == nullptr;
    if (d.block == open_.back() && accesses != nullptr && d.wait.dst == q) {
      for (const Pending& a : state_.pending) {
        if (a.pipe == p && a.seq <= covers && a.seq > known && Conflicts(a.access, *accesses)) {
          needed = true;
          break;
        }
      }
    }
    if (!needed) {
      keep.push_back(d);
      continue;
    }
    known = std::max(known, covers);
    Add(gap, d.wait);
  }
  lazy_ = std::move(keep);
}

bool SyncPlanner::AnyUsed() const {
  for (const auto& row : used_) {
    for (uint64_t bits : row) {
      if (bits != 0) return true;
    }
  }
  return false;
}

int SyncPlanner::AddBarrierAll(int gap, int slot, const Location& loc, absl::string_view why) {
  SyncInstr i;
  i.kind = SyncInstr::Kind::kBarrierAll;
  i.slot = slot;
  i.loc = loc;
  i.unit = NewUnit(i.kind, Pipe::kS, Pipe::kS, 0, loc, loc, why);
  Add(gap, i);
  return i.unit;
}

void SyncPlanner::BarrierAll(int gap, const Location& loc, absl::string_view why) {
  AddBarrierAll(gap, 4, loc, why);
  Reset();
}

void SyncPlanner::SamePipeBarrier(int gap, Pipe q, const Location& loc) {
  for (const SyncInstr& i : gaps_[gap]) {
    if (i.kind == SyncInstr::Kind::kBarrier && i.src == q && i.slot == 4) return;
  }
  SyncInstr b;
  b.kind = SyncInstr::Kind::kBarrier;
  b.src = b.dst = q;
  b.slot = 4;
  b.loc = loc;
  b.unit = NewUnit(b.kind, q, q, 0, loc, loc, "same-pipe");
  Add(gap, b);
}

int SyncPlanner::FreeId(Pipe p, Pipe q) const {
  const uint64_t bits = used_[PipeIndex(p)][PipeIndex(q)];
  for (int i = 0; i < EventIds(p, q, max_ids()); ++i) {
    if ((bits & (uint64_t{1} << i)) == 0) return i;
  }
  return -1;
}

int SyncPlanner::MakePair(Pipe p, Pipe q, int set_gap, int wait_gap, int loop,
                          absl::string_view why, int wait_slot, int set_slot) {
  const auto key = std::make_tuple(PipeIndex(p), PipeIndex(q), set_gap, wait_gap);
  if (auto same = pairs_.find(key); same != pairs_.end()) {
    // The identical pair, its set as late and its wait as early in their
    // gaps as either asks (the producer and consumer items are outside the
    // gaps, so both still order them).
    const int unit = same->second.second;
    for (SyncInstr& i : gaps_[set_gap]) {
      if (i.unit == unit && i.kind == SyncInstr::Kind::kSet) i.slot = std::max(i.slot, set_slot);
    }
    for (SyncInstr& i : gaps_[wait_gap]) {
      if (i.unit == unit && i.kind == SyncInstr::Kind::kWait) i.slot = std::min(i.slot, wait_slot);
    }
    return unit;
  }
  const int id = FreeId(p, q);
  if (id < 0) return -1;
  used_[PipeIndex(p)][PipeIndex(q)] |= uint64_t{1} << id;
  // The producer item is the one before the set's gap.
  const Block& blk = blocks_[gap_blocks_[set_gap]];
  const auto at = std::find(blk.gaps.begin(), blk.gaps.end(), set_gap);
  const Location& producer = gap_locs_[at == blk.gaps.begin() ? set_gap : *(at - 1)];
  const int unit = NewUnit(SyncInstr::Kind::kSet, p, q, id, producer, gap_locs_[wait_gap], why);
  SyncInstr set;
  set.kind = SyncInstr::Kind::kSet;
  set.src = p;
  set.dst = q;
  set.id = id;
  set.unit = unit;
  set.slot = set_slot;
  set.loc = producer;
  Add(set_gap, set);
  SyncInstr wait = set;
  wait.kind = SyncInstr::Kind::kWait;
  wait.slot = wait_slot;
  wait.loc = gap_locs_[wait_gap];
  Add(wait_gap, wait);
  if (loop >= 0) {
    Loop& l = loops_[loop];
    units_[unit - first_unit_].loop = l.loc;
    SyncInstr prime = set;
    prime.slot = 2;
    prime.loc = l.loc;
    const auto [prime_gap, prime_seq] = PrimeGap(l, p);
    prime_gap_[unit] = prime_gap;
    if (prime_seq >= 0) prime_seq_[unit] = prime_seq;
    Add(prime_gap, prime);
    SyncInstr drain = wait;
    drain.slot = 0;
    drain.loc = l.loc;
    if (blocks_[l.parent].loop < 0) {
      lazy_.push_back(LazyDrain{l.parent, drain});
    } else {
      deferred_[l.parent].push_back(drain);
    }
    l.carried.push_back(unit);
  }
  pairs_[key] = {id, unit};
  return unit;
}

std::pair<int, int64_t> SyncPlanner::PrimeGap(const Loop& l, Pipe p) const {
  const std::vector<int>& nodes = BlockNodes(l.parent);
  auto at = std::find(nodes.begin(), nodes.end(), l.node);
  std::pair<int, int64_t> best{l.gap, -1};
  if (at == nodes.end()) return best;
  // A PIPE_ALL the forward plan placed frees every id after it (Reset):
  // the prime's id may be another pair's before it.
  auto barrier_all = [&](int gap) {
    return std::any_of(gaps_[gap].begin(), gaps_[gap].end(), [](const SyncInstr& i) {
      return i.kind == SyncInstr::Kind::kBarrierAll;
    });
  };
  // Each item of a block follows its gap: ..., gap, item, gap, loop. Back
  // over machine ops and ifs (whose ids are their own: no id is freed in
  // a compound), not over barriers, fences or loops.
  for (size_t k = at - nodes.begin(); k >= 3; k -= 2) {
    const Node& item = nodes_[nodes[k - 2]];
    const Node& before = nodes_[nodes[k - 3]];
    if (before.kind != Node::Kind::kGap || barrier_all(nodes_[nodes[k - 1]].gap) ||
        barrier_all(before.gap)) {
      break;
    }
    bool on_p = false;
    if (item.kind == Node::Kind::kOp) {
      const MachineStep& step = item.step;
      if (step.barrier_all_before || step.barrier_all_after || step.drains_all ||
          !step.drains.empty()) {
        break;
      }
      on_p = !item.skip && step.pipe == p;
    } else if (item.kind == Node::Kind::kIf) {
      on_p = HoldsOpOn(nodes[k - 2], p);
    } else {
      break;
    }
    if (on_p) best = {before.gap, gap_seq_[before.gap]};
  }
  return best;
}

bool SyncPlanner::HoldsOpOn(int node, Pipe p) const {
  const Node& n = nodes_[node];
  if (n.kind == Node::Kind::kOp) return !n.skip && n.step.pipe == p;
  for (const std::vector<int>& block : n.blocks) {
    for (int c : block) {
      if (HoldsOpOn(c, p)) return true;
    }
  }
  return false;
}

int64_t SyncPlanner::DrainCovers(int unit) const {
  auto carried = carried_seq_.find(unit);  // none for a reverse pair: 0
  const int64_t covers = carried == carried_seq_.end() ? 0 : carried->second;
  auto prime = prime_seq_.find(unit);
  return prime == prime_seq_.end() ? covers : std::min(covers, prime->second);
}

const std::vector<int>& SyncPlanner::BlockNodes(int block) const {
  const Block& b = blocks_[block];
  return b.compound < 0 ? root_ : nodes_[b.compound].blocks[b.side];
}

void SyncPlanner::FullBarrier() {
  PlannerTime time;
  rule_.FullBarrier();
  Node n;
  n.kind = Node::Kind::kFullBarrier;
  Record(std::move(n));
  Reset();
}

int SyncPlanner::Record(Node node) {
  reach_.clear();  // Reach() is of the kernel recorded so far
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
  const int gap = PushGap(open_.back(), loc);
  const Path path = CurrentPath();
  // a2a3's TFREE is no machine op (the slot was freed inside TPOP).
  const bool skip = step.op == MachineOp::kTFree && backend_ == Backend::kA2A3;
  {
    Node g;
    g.kind = Node::Kind::kGap;
    g.gap = gap;
    Record(std::move(g));
    Node op;
    op.kind = Node::Kind::kOp;
    op.gap = gap;
    op.step = step;
    op.accesses = accesses;
    op.loc = loc;
    op.skip = skip;
    op.seq = seq_ + 1;
    op.path = path;
    Record(std::move(op));
  }
  if (barrier_all()) return BarrierAllOp(gap, step, skip, accesses, loc);
  if (skip) return gap;
  if (step.barrier_all_before || step.drains_all) Reset();
  PlaceDrains(gap, &accesses, step.pipe);
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
    if (state_.known[PipeIndex(q)][PipeIndex(a.pipe)] >= a.seq) continue;
    if (a.pipe == q) {
      same_pipe = true;
      continue;
    }
    const Pending*& last = latest[PipeIndex(a.pipe)];
    if (last == nullptr || last->seq < a.seq) last = &a;
  }
  bool demoted = false;
  if (q == Pipe::kS && BarrierCheaper(latest, path)) {
    BarrierAll(gap, loc, "cheaper than a pair");
    demoted = true;
  }
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
    int unit = SinkPair(p, q, path, k, gap_locs_[blk.gaps[a->path[k].second]], a->seq);
    if (unit < 0) unit = SinkWait(p, q, path, k, set_gap, a->seq);
    if (unit < 0) unit = MakePair(p, q, set_gap, wait_gap, -1, "pair");
    if (unit >= 0) {
      widenable_.emplace(unit, Widenable{set_gap, generation_});
    } else {
      const Location& producer = gap_locs_[blk.gaps[a->path[k].second]];
      const int widened = Widen(pi, PipeIndex(q), blk, set_gap, wait_gap, producer);
      if (widened < 0) {
        BarrierAll(gap, loc, "demoted");
        demoted = true;
        break;
      }
      widenable_.emplace(widened, Widenable{set_gap, generation_});
    }
    covered.emplace_back(p, a->seq);
  }
  if (!demoted) {
    for (const auto& [p, seq] : covered) {
      int64_t& known = state_.known[PipeIndex(q)][PipeIndex(p)];
      known = std::max(known, seq);
    }
    if (same_pipe) {
      SamePipeBarrier(gap, q, loc);
      state_.known[PipeIndex(q)][PipeIndex(q)] = seq_;
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

bool SyncPlanner::BarrierCheaper(const std::array<const Pending*, kNumPipes>& latest,
                                 const Path& path) const {
  const Pending* a = nullptr;
  for (const Pending* l : latest) {
    if (l == nullptr) continue;
    if (a != nullptr) return false;
    a = l;
  }
  // The producer is the item right before the consumer, in its block.
  if (a == nullptr || a->path.size() != path.size()) return false;
  const size_t k = path.size() - 1;
  for (size_t j = 0; j < k; ++j) {
    if (a->path[j] != path[j]) return false;
  }
  if (a->path[k].first != path[k].first || a->path[k].second + 1 != path[k].second) {
    return false;
  }
  // Every other pipe's work was done before the producer started.
  const auto& before = state_.known[PipeIndex(a->pipe)];
  for (const Pending& x : state_.pending) {
    if (x.pipe == Pipe::kS) continue;
    if (x.pipe == a->pipe ? x.seq > a->seq : before[PipeIndex(x.pipe)] < x.seq) return false;
  }
  return true;
}

int SyncPlanner::BeginLoop(const Location& loc) {
  PlannerTime time;
  const int gap = PushGap(open_.back(), loc);
  if (!barrier_all()) PlaceDrains(gap);
  RecordCompound(Node::Kind::kLoop, gap);
  // Barrier-all mode: today's rule drains before the loop.
  if (barrier_all() && rule_.BeginLoop()) BarrierAll(gap, loc, "loop entry");
  Loop l;
  l.gap = gap;
  l.parent = open_.back();
  l.node = compounds_.back();
  l.start_seq = seq_;
  l.loc = loc;
  loops_.push_back(l);
  Frame f;
  f.loop = static_cast<int>(loops_.size()) - 1;
  f.before = state_;
  frames_.push_back(std::move(f));
  return gap;
}

void SyncPlanner::EndLoop() {
  PlannerTime time;
  if (barrier_all()) rule_.EndLoop();
  compounds_.pop_back();
  Frame f = std::move(frames_.back());
  frames_.pop_back();
  Merge(state_, f.before);
  // The drains after the loop: each covers its producer for its consumer
  // pipe (on a run of no iteration the prime's token, taken before the
  // loop, covers what came before).
  for (int unit : loops_[f.loop].carried) {
    const bool lazy = std::any_of(lazy_.begin(), lazy_.end(),
                                  [&](const LazyDrain& d) { return d.wait.unit == unit; });
    if (lazy) continue;  // covers once placed
    const SyncUnit& u = units_[unit - first_unit_];
    int64_t& k = state_.known[PipeIndex(u.dst)][PipeIndex(u.src)];
    k = std::max(k, DrainCovers(unit));
  }
}

void SyncPlanner::BeginBlock(bool loop_body) {
  PlannerTime time;
  if (loop_body && barrier_all()) rule_.BeginBody();
  Block blk;
  if (!compounds_.empty()) {
    const int c = compounds_.back();
    nodes_[c].blocks.emplace_back();
    tree_.emplace_back(c, static_cast<int>(nodes_[c].blocks.size()) - 1);
    blk.compound = c;
    blk.side = tree_.back().second;
  }
  blk.loop = frames_.empty() ? -1
             : frames_.back().loop >= 0 ? frames_.back().loop
                                        : blocks_[open_.back()].loop;
  blocks_.push_back(blk);
  open_.push_back(static_cast<int>(blocks_.size()) - 1);
  if (!frames_.empty() && frames_.back().loop < 0 && frames_.back().then_block < 0) {
    frames_.back().then_block = open_.back();
  }
  if (loop_body) {
    frames_.back().body_block = open_.back();
    loops_[frames_.back().loop].body = open_.back();
  }
}

int SyncPlanner::EndBlock(const Location& loc) {
  PlannerTime time;
  const int block = open_.back();
  const int gap = PushGap(block, loc);
  PlaceDrains(gap);
  open_.pop_back();
  {
    Node g;
    g.kind = Node::Kind::kGap;
    g.gap = gap;
    Record(std::move(g));
    if (!tree_.empty()) tree_.pop_back();
  }
  if (!frames_.empty() && frames_.back().has_else && frames_.back().then_block != block) {
    EndElse(gap);
  }
  if (!frames_.empty() && frames_.back().body_block == block) {
    const int loop = frames_.back().loop;
    if (barrier_all()) {
      // Today's rule: each iteration ends drained.
      if (rule_.EndBody()) BarrierAll(gap, loc, "loop end");
    } else if (nodes_[loops_[loop].node].blocks.size() == 1) {
      // A for: the next iteration's dependences become carried pairs.
      CarryLoop(loop);
    } else if (AnyPending() || AnyUsed()) {
      // A while (its condition is a block of its own): each iteration
      // ends drained.
      BarrierAll(gap, loc, "loop end");
    }
  }
  return gap;
}

void SyncPlanner::Tail(int gap, const Location& loc) {
  PlannerTime time;
  const bool busy = state_.busy || state_.sync_busy;
  if (!(barrier_all() ? rule_.Tail() : busy)) return;
  AddBarrierAll(gap, 4, loc, "tail");
  Reset();
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
  if (step.releases_reads) accesses.push_back(PlanAccess{MemorySpace::kDDR, -1, true});
  return accesses;
}

int64_t ParamIndex(const Function& fn, const Var* v) {
  for (size_t i = 0; i < fn.params.size(); ++i) {
    if (fn.params[i].var == v) return static_cast<int64_t>(i);
  }
  return -1;
}

void SyncPlanner::Merge(State& into, const State& other) {
  // Both states carry the history from before their compound. An op's
  // accesses (one sequence number) are pending all together or not at all,
  // so an op pending in both is kept once: appending every copy doubled the
  // list at each loop end without a barrier (a planner exponential in the
  // number of such loops).
  absl::flat_hash_set<int64_t> seen;
  for (const Pending& a : into.pending) seen.insert(a.seq);
  for (const Pending& a : other.pending) {
    if (!seen.contains(a.seq)) into.pending.push_back(a);
  }
  for (int q = 0; q < kNumPipes; ++q) {
    for (int p = 0; p < kNumPipes; ++p) {
      into.known[q][p] = std::min(into.known[q][p], other.known[q][p]);
    }
  }
  into.busy = into.busy || other.busy;
  into.sync_busy = into.sync_busy || other.sync_busy;
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
      return std::make_tuple(a.slot, PipeIndex(a.src), PipeIndex(a.dst), a.id) <
             std::make_tuple(b.slot, PipeIndex(b.src), PipeIndex(b.dst), b.id);
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
    switch (u.kind) {
      case SyncInstr::Kind::kSet:
        absl::StrAppend(&out, "  unit ", u.number, ": pair ", PipeName(u.src), " -> ",
                        PipeName(u.dst), " EVENT_ID", u.id, " set after ", LocationText(u.producer),
                        " wait before ", LocationText(u.consumer),
                        u.loop.known()
                            ? absl::StrCat(" (carried by the loop at ", LocationText(u.loop),
                                           ": primed before it, drained after it)")
                            : std::string(),
                        "\n");
        break;
      case SyncInstr::Kind::kBarrier:
        absl::StrAppend(&out, "  unit ", u.number, ": pipe_barrier(", PipeName(u.src), ") before ",
                        LocationText(u.consumer), " (", u.why, ")\n");
        break;
      default:
        absl::StrAppend(&out, "  unit ", u.number, ": pipe_barrier(PIPE_ALL) before ",
                        LocationText(u.consumer), " (", u.why, ")\n");
        break;
    }
  }
  return out;
}

std::string FormatOutcome(const SyncPlanner& planner) {
  const SyncPlanner::Outcome& o = planner.outcome();
  if (!o.fallback.empty()) {
    return absl::StrCat("  planner: ", o.repairs, " repairs; every loop body ends drained: ",
                        o.fallback, "; the drained plan ", o.fallback_check, "\n");
  }
  return absl::StrCat("  planner: ", o.repairs, " repairs, ", o.removed,
                      " units removed by the sweep",
                      o.sweep_stopped ? ", which stopped at its budget (" : "",
                      o.sweep_stopped ? absl::StrCat(planner.CheckBudget(), ")") : "", "\n");
}

std::string FormatRemovalCheck(const SyncPlanner& planner, const std::set<int>& drop) {
  int tried = 0, caught = 0;
  std::string missed;
  for (const SyncUnit& u : planner.units()) {
    if (drop.count(u.number) > 0) continue;
    ++tried;
    std::set<int> without = drop;
    without.insert(u.number);
    if (!planner.Check(without).empty()) {
      ++caught;
    } else {
      absl::StrAppend(&missed, "  not caught: unit ", u.number, "\n");
    }
  }
  return absl::StrCat("  removal: ", caught, " of ", tried, " units caught\n", missed);
}

void PublishPlan(absl::string_view function, const SyncPlanner& planner,
                 const SyncOptions& sync) {
  if (sync.planners != nullptr) sync.planners->emplace(std::string(function), planner);
  if (sync.plan_text == nullptr) return;
  absl::StrAppend(sync.plan_text, FormatSyncPlan(function, planner.units()));
  // The plan's own check (pipe-sync.md §4.2), with the dropped units left
  // out.
  bool covered = false;
  const std::vector<std::string> findings = planner.Check(sync.drop, &covered);
  const int64_t executions = planner.executions();
  absl::StrAppend(sync.plan_text, "  check: ",
                  covered ? absl::StrCat(executions, " of ", executions)
                          : absl::StrCat("not all of ", executions,
                                         " (the check's budget or states ran out)"),
                  " executions, ",
                  !findings.empty() ? absl::StrCat(findings.size(), " findings")
                  : covered         ? std::string("clean")
                                    : std::string("no findings in the part checked"),
                  "\n");
  for (const std::string& f : findings) {
    absl::StrAppend(sync.plan_text, "  finding: ", f, "\n");
  }
  if (IsFlags(sync.mode)) absl::StrAppend(sync.plan_text, FormatOutcome(planner));
  if (sync.removal_check) {
    absl::StrAppend(sync.plan_text, FormatRemovalCheck(planner, sync.drop));
  }
}

}  // namespace codegen
}  // namespace ptoc
