#include "passes/mixed_kernel/gm_handoff.h"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/node_hash_map.h"
#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "passes/mixed_kernel/gm_sites.h"
#include "passes/mixed_kernel/planned_body.h"
#include "passes/mixed_kernel/positions.h"

namespace ptoc {
namespace mixed_kernel {
namespace {

// A push and the pop it feeds, in one body (or a barrier sequence, which
// orders both directions). Positions are original indices of the body; a
// planned transfer sits at one point (kp == kq).
struct Transfer {
  Stmt* seq = nullptr;
  int kp = 0;  // the push / the barrier's first statement
  int kq = 0;  // one past the pop / the barrier's last statement
  LaneMask producer = kNoLane;  // kNoLane: a barrier
  // The order a walk of the rewritten kernel meets the transfers in: by
  // the pre-order number of the pop (the barrier's first statement); a
  // planned transfer comes right before the statement it is planned in
  // front of, after those planned there earlier.
  std::pair<int, int> scan;
  PlannedBody::Pos push, pop;
};

// The transfers of one body by kind, each list in scan order, which is
// also the order of their pops (kq).
struct BodyTransfers {
  std::vector<int> barriers;
  std::vector<int> by_producer[2];  // AIC, AIV
};

std::optional<OpRole> RoleOfStmt(const Stmt& s) {
  const Expr* call = CallOf(s);
  return call != nullptr ? RoleOf(*call) : std::nullopt;
}

// The lane that pushes in a push/pop's direction.
LaneMask ProducerOf(const Expr& call) {
  const OpInfo* info = LookupOp(call);
  return info != nullptr && info->pipe == PipeDirection::kC2V ? kAic : kAiv;
}

bool IsWholeInvalidate(const Stmt& s) {
  const Expr* call = CallOf(s);
  return call != nullptr && IsWholeGmInvalidate(*call);
}

bool IsBarrierAt(const Stmt& seq, size_t i) {
  if (i + 3 >= seq.stmts.size()) return false;
  const Stmt& sync = *seq.stmts[i + 2];
  const Expr* sync_call = CallOf(sync);
  if (sync_call == nullptr || RoleOf(*sync_call) != OpRole::kSyncAll) return false;
  const Expr* core = AttrOrDefault(*sync_call, "core_type");
  return core != nullptr && core->str == "mix" && IsWholeInvalidate(*seq.stmts[i]) &&
         RoleOfStmt(*seq.stmts[i + 1]) == OpRole::kFence && IsWholeInvalidate(*seq.stmts[i + 3]);
}

// The end of a body: before its trailing yield.
int EndOf(const Stmt& seq) {
  int n = static_cast<int>(seq.stmts.size());
  return n > 0 && seq.stmts.back()->kind == StmtKind::kYield ? n - 1 : n;
}

class HandoffOrderer {
 public:
  explicit HandoffOrderer(KernelRewrite& rw) : rw_(rw), f_(*rw.kernel) {}

  void Run() {
    sites_ = CollectSites(f_);
    index_ = std::make_unique<PositionIndex>(*f_.body);
    ScanTransfers(*f_.body);
    conflicts_ = FindConflicts(sites_, *index_);
    // In the order of B; for one B, the point nearest to B first (it
    // orders the most), then A in program order.
    std::vector<std::pair<std::array<int, 4>, size_t>> keyed;
    for (size_t i = 0; i < conflicts_.size(); ++i) {
      const Conflict& c = conflicts_[i];
      const Path& pa = index_->PathOf(c.a->stmt);
      const Path& pb = index_->PathOf(c.b->stmt);
      keyed.push_back({{index_->OrderOf(c.b->stmt), c.forward ? 0 : 1,
                        -PositionIndex::CommonLevel(pa, pb), index_->OrderOf(c.a->stmt)},
                       i});
    }
    std::sort(keyed.begin(), keyed.end());
    std::vector<Conflict> in_order;
    for (const auto& [key, i] : keyed) in_order.push_back(conflicts_[i]);
    conflicts_ = std::move(in_order);
    for (size_t i = 0; i < conflicts_.size(); ++i) Handle(i);
    for (auto& [seq, body] : bodies_) body.Apply();
  }

 private:
  PlannedBody& BodyOf(Stmt* seq) { return bodies_.try_emplace(seq, *seq).first->second; }

  // Records that `stmt` runs on `lanes` only.
  StmtPtr Pinned(StmtPtr stmt, LaneMask lanes) {
    if (lanes != kNoLane) rw_.pinned[stmt.get()] = lanes;
    return stmt;
  }

  void Register(Transfer t) {
    int k = static_cast<int>(transfers_.size());
    transfers_.push_back(std::move(t));
    const Transfer& added = transfers_.back();
    BodyTransfers& lists = by_body_[added.seq];
    std::vector<int>& list = added.producer == kNoLane
                                 ? lists.barriers
                                 : lists.by_producer[added.producer == kAic ? 0 : 1];
    auto at = std::upper_bound(list.begin(), list.end(), k, [&](int x, int y) {
      return transfers_[x].scan < transfers_[y].scan;
    });
    list.insert(at, k);
  }

  // A transfer planned at `p`, met by a walk right before what follows p.
  Transfer PlannedAt(Point p, LaneMask producer) {
    return Transfer{p.seq, p.index, p.index, producer,
                    {2 * index_->OrderAt(*p.seq, p.index) - 1, ++planned_}, {}, {}};
  }

  void ScanTransfers(Stmt& seq) {
    int pending[2] = {-1, -1};  // index of the last unmatched push: C2V, V2C
    for (size_t i = 0; i < seq.stmts.size(); ++i) {
      Stmt& s = *seq.stmts[i];
      int at = static_cast<int>(i);
      if (IsBarrierAt(seq, i)) {
        Register(Transfer{&seq, at, at + 4, kNoLane, {2 * index_->OrderOf(&s), 0}, {}, {}});
      }
      const Expr* call = CallOf(s);
      std::optional<OpRole> role = call != nullptr ? RoleOf(*call) : std::nullopt;
      if (role == OpRole::kPush || role == OpRole::kPop) {
        LaneMask producer = ProducerOf(*call);
        int& push = pending[producer == kAic ? 0 : 1];
        if (role == OpRole::kPush) {
          push = at;
        } else if (push >= 0) {
          Register(Transfer{&seq, push, at + 1, producer, {2 * index_->OrderOf(&s), 0},
                            PlannedBody::Original(push), PlannedBody::Original(at)});
          push = -1;
        }
      }
      for (Stmt* body : BodiesOf(s)) ScanTransfers(*body);
    }
  }

  bool Orders(const Conflict& c, const Stmt* seq, int kp, int kq) const {
    return index_->Orders(index_->PathOf(c.a->stmt), index_->PathOf(c.b->stmt), seq, kp, kq);
  }

  // The latest transfer of `list` (one body's transfers of one kind) that
  // orders `c`, or -1. Since a push precedes its pop, only two stretches of
  // the list, ordered by kq, can: transfers that end after A (when A is in
  // this body) and transfers that end before B (when B is).
  int LatestOrdering(const std::vector<int>& list, const Conflict& c, const Stmt* seq) const {
    const Path& pa = index_->PathOf(c.a->stmt);
    const Path& pb = index_->PathOf(c.b->stmt);
    int la = PositionIndex::LevelOf(pa, seq);
    int lb = PositionIndex::LevelOf(pb, seq);
    auto orders = [&](int pos) {
      const Transfer& t = transfers_[list[pos]];
      return index_->Orders(pa, pb, seq, t.kp, t.kq);
    };
    // The number of transfers that end at or before `index`.
    auto ending_by = [&](int index) {
      return static_cast<int>(std::partition_point(list.begin(), list.end(), [&](int k) {
                                return transfers_[k].kq <= index;
                              }) -
                              list.begin());
    };
    if (la >= 0) {
      int i = pa[la].index;
      int end = lb >= 0 && i < pb[lb].index ? ending_by(pb[lb].index) : list.size();
      for (int pos = end - 1; pos >= 0 && transfers_[list[pos]].kq > i; --pos) {
        if (orders(pos)) return list[pos];
      }
    }
    if (lb >= 0) {
      int pos = ending_by(pb[lb].index) - 1;
      if (pos >= 0 && orders(pos)) return list[pos];
    }
    return -1;
  }

  void Handle(size_t i) {
    const Conflict& c = conflicts_[i];
    // Only transfers in the bodies that hold A or B can order them.
    std::vector<const Stmt*> bodies;
    for (const Path* path : {&index_->PathOf(c.a->stmt), &index_->PathOf(c.b->stmt)}) {
      for (const PathStep& step : *path) {
        if (std::find(bodies.begin(), bodies.end(), step.seq) == bodies.end()) {
          bodies.push_back(step.seq);
        }
      }
    }
    int by = -1;
    for (const Stmt* body : bodies) {
      auto lists = by_body_.find(body);
      if (lists == by_body_.end()) continue;
      if (LatestOrdering(lists->second.barriers, c, body) >= 0) return;  // orders everything
      int k = LatestOrdering(lists->second.by_producer[c.a->lane == kAic ? 0 : 1], c, body);
      if (k >= 0 && (by < 0 || transfers_[k].scan > transfers_[by].scan)) by = k;
    }
    if (by >= 0) {
      CompleteTransfer(c, transfers_[by]);
      return;
    }
    bool v2c = c.a->lane == kAiv;
    const std::string mode = rw_.options->Get("v2c_sync");
    if (v2c && mode == "off") {
      Report(c, Severity::kWarning, "--v2c-sync=off leaves vector->cube conflicts unordered");
    } else if (v2c && mode == "error") {
      Report(c, Severity::kError,
             "--v2c-sync=error forbids inserting vector->cube synchronisation");
    } else if (!rw_.hand_written_setup) {
      InsertHandshake(i);
    } else if (v2c && mode == "barrier") {
      InsertBarrier(c);
    } else {
      Report(c, Severity::kError,
             "the kernel has hand-written pipe setup, so no handshake can be inserted");
    }
  }

  Point PointFor(const Conflict& c) const {
    const Path& pa = index_->PathOf(c.a->stmt);
    const Path& pb = index_->PathOf(c.b->stmt);
    int level = PositionIndex::CommonLevel(pa, pb);
    Stmt* seq = pa[level].seq;
    return Point{seq, c.forward ? pb[level].index : EndOf(*seq)};
  }

  // Lanes a leaf runs on for the fence checks; kNoLane for code that does
  // not touch memory (pure scalars, tile arithmetic, FIFO frees).
  bool TouchesMemoryOn(const Stmt& s, LaneMask lane) const {
    if (s.kind != StmtKind::kAssign && s.kind != StmtKind::kEval) return true;
    LeafLanes l = rw_.LanesOf(s);
    if (l.kind != LeafLanes::Kind::kFixed || (l.lanes & lane) == kNoLane) return false;
    std::optional<OpRole> role = RoleOfStmt(s);
    return !(role == OpRole::kCompute || role == OpRole::kFree);
  }

  // Makes an existing transfer serve as the handshake of `c`: a fence (after
  // a cache clean for a scalar write) right before its push, and a cache
  // invalidate after its pop when B reads through the scalar cache.
  void CompleteTransfer(const Conflict& c, const Transfer& t) {
    PlannedBody& body = BodyOf(t.seq);
    LaneMask producer = c.a->lane;
    bool clean = c.a->scalar_cache && c.a->writes;
    std::optional<PlannedBody::Pos> fence;
    for (auto p = body.Before(t.push); p; p = body.Before(*p)) {
      const Stmt& s = body.At(*p);
      if (!TouchesMemoryOn(s, producer)) continue;
      if (RoleOfStmt(s) == OpRole::kFence) fence = p;
      break;
    }
    const Location& loc = c.b->stmt->loc;
    auto op_stmt = [&](const char* name, LaneMask lanes) {
      return Pinned(MakeEval(MakeTypedOp(name, {}, {}, loc), loc), lanes);
    };
    if (!fence) {
      PlannedBody::Pos added = body.InsertBefore(t.push, op_stmt(op::kFence, producer));
      if (clean) body.InsertBefore(added, op_stmt(op::kCacheInvalid, producer));
    } else if (clean) {
      std::optional<PlannedBody::Pos> before = body.Before(*fence);
      if (!(before && IsWholeInvalidate(body.At(*before)))) {
        body.InsertBefore(*fence, op_stmt(op::kCacheInvalid, producer));
      }
    }
    if (c.b->scalar_cache && c.b->reads) {
      LaneMask consumer = c.b->lane;
      bool invalidated = false;
      for (auto p = body.After(t.pop); p; p = body.After(*p)) {
        const Stmt& s = body.At(*p);
        if (!TouchesMemoryOn(s, consumer)) continue;
        invalidated = IsWholeInvalidate(s);
        break;
      }
      if (!invalidated) body.InsertAfter(t.pop, op_stmt(op::kCacheInvalid, consumer));
    }
  }

  // The tile to push: the one written by the latest store among the
  // conflicts the handshake orders, when usable at `p`.
  Var* ChooseToken(const std::vector<const Conflict*>& covered, Point p) const {
    const Site* latest = nullptr;
    for (const Conflict* c : covered) {
      if (c->a->stored_tile == nullptr) continue;
      if (latest == nullptr || index_->OrderOf(c->a->stmt) > index_->OrderOf(latest->stmt)) {
        latest = c->a;
      }
    }
    if (latest == nullptr) return nullptr;
    Var* tile = latest->stored_tile;
    MemorySpace fifo_memory = latest->lane == kAic ? MemorySpace::kAcc : MemorySpace::kVec;
    if (!tile->type.is_tile() || !tile->type.has_static_shape() ||
        tile->type.memory() != fifo_memory || !index_->Visible(tile, p)) {
      return nullptr;
    }
    return tile;
  }

  void InsertHandshake(size_t i) {
    const Conflict& c = conflicts_[i];
    Point p = PointFor(c);
    if (!Orders(c, p.seq, p.index, p.index)) {
      Report(c, Severity::kError, "no single point of the shared control flow separates them");
      return;
    }
    // This conflict and those not handled yet, which come after it.
    std::vector<const Conflict*> covered;
    for (size_t k = i; k < conflicts_.size(); ++k) {
      const Conflict& other = conflicts_[k];
      if (other.a->lane == c.a->lane && Orders(other, p.seq, p.index, p.index)) {
        covered.push_back(&other);
      }
    }
    bool clean = false;
    bool invalidate = false;
    for (const Conflict* x : covered) {
      clean |= x->a->scalar_cache && x->a->writes;
      invalidate |= x->b->scalar_cache && x->b->reads;
    }
    LaneMask producer = c.a->lane;
    LaneMask consumer = c.b->lane;
    bool c2v = producer == kAic;
    const Location& loc = c.b->stmt->loc;
    std::vector<std::pair<StmtPtr, LaneMask>> stmts;
    if (clean) {
      stmts.push_back({MakeEval(MakeTypedOp(op::kCacheInvalid, {}, {}, loc), loc), producer});
    }
    stmts.push_back({MakeEval(MakeTypedOp(op::kFence, {}, {}, loc), loc), producer});
    // A split_aiv kernel pushes the dedicated token (a stored tile would be
    // split by the transport), with the kernel's token code.
    const bool split_aiv = rw_.token_split >= 0;
    const int64_t code = split_aiv ? rw_.token_split : 0;
    Var* token = split_aiv ? nullptr : ChooseToken(covered, p);
    if (token == nullptr) {
      std::vector<NamedExpr> attrs;
      attrs.push_back(MakeAttr("shape", MakeIntList({16, 16}, loc)));
      attrs.push_back(MakeAttr("dtype", MakeEnum("DType", c2v ? "FP32" : "FP16", loc)));
      attrs.push_back(MakeAttr(
          "target_memory", MakeMemoryEnum(c2v ? MemorySpace::kAcc : MemorySpace::kVec, loc)));
      if (!c2v) {
        attrs.push_back(MakeAttr("blayout", MakeLayoutEnum(Layout::kColMajor, loc)));
        attrs.push_back(MakeAttr("slayout", MakeLayoutEnum(Layout::kRowMajor, loc)));
      }
      ExprPtr create = MakeTypedOp(op::kCreate, {}, std::move(attrs), loc);
      token = f_.NewVar("tok", create->type, loc);
      stmts.push_back({MakeAssign(token, std::move(create), loc), producer});
    }
    std::vector<ExprPtr> push_args;
    push_args.push_back(MakeVarRef(token, loc));
    size_t push_index = stmts.size();
    std::vector<NamedExpr> split;
    split.push_back(MakeAttr("split", MakeInt(code, loc)));
    stmts.push_back({MakeEval(MakeTypedOp(c2v ? op::kPushToAiv : op::kPushToAic,
                                          std::move(push_args), std::move(split), loc),
                              loc),
                     producer});
    const Type& t = token->type;
    Shape popped_shape = t.shape();
    // Code 1: each lane pops its half of the cube's token (C2V); the cube
    // pops both lanes' halves joined (V2C).
    if (code == 1) popped_shape[0].value = c2v ? popped_shape[0].value / 2 : popped_shape[0].value * 2;
    Type popped = Type::Tile(popped_shape, t.dtype(), c2v ? MemorySpace::kVec : MemorySpace::kMat);
    Var* received = f_.NewVar("tok", popped, loc);
    std::vector<NamedExpr> pop_split;
    pop_split.push_back(MakeAttr("split", MakeInt(code, loc)));
    stmts.push_back({MakeAssign(received,
                                MakeTypedOp(c2v ? op::kPopFromAic : op::kPopFromAiv, {},
                                            std::move(pop_split), loc, popped),
                                loc),
                     consumer});
    if (invalidate) {
      stmts.push_back({MakeEval(MakeTypedOp(op::kCacheInvalid, {}, {}, loc), loc), consumer});
    }
    Transfer handshake = PlannedAt(p, producer);
    PlannedBody& body = BodyOf(p.seq);
    for (size_t k = 0; k < stmts.size(); ++k) {
      PlannedBody::Pos at = body.Append(p.index, Pinned(std::move(stmts[k].first), stmts[k].second));
      if (k == push_index) handshake.push = at;
      if (k == push_index + 1) handshake.pop = at;
    }
    Register(std::move(handshake));
  }

  void InsertBarrier(const Conflict& c) {
    Point p = PointFor(c);
    const Location& loc = c.b->stmt->loc;
    std::vector<NamedExpr> sync_attrs;
    sync_attrs.push_back(MakeAttr("core_type", MakeString("mix", loc)));
    sync_attrs.push_back(MakeAttr("mode", MakeString("soft", loc)));
    std::vector<ExprPtr> calls;
    calls.push_back(MakeTypedOp(op::kCacheInvalid, {}, {}, loc));
    calls.push_back(MakeTypedOp(op::kFence, {}, {}, loc));
    calls.push_back(MakeTypedOp(op::kSyncAll, {}, std::move(sync_attrs), loc));
    calls.push_back(MakeTypedOp(op::kCacheInvalid, {}, {}, loc));
    PlannedBody& body = BodyOf(p.seq);
    for (ExprPtr& call : calls) {
      body.Append(p.index, Pinned(MakeEval(std::move(call), loc), kBothLanes));
    }
    Register(PlannedAt(p, kNoLane));
  }

  void Report(const Conflict& c, Severity severity, absl::string_view reason) {
    std::string move_to = c.a->lane == kAiv ? "Mat" : "Vec";
    std::string message = absl::StrCat(
        "in kernel '", f_.name, "': ", DescribeConflict(f_, c),
        ", and nothing orders the two lanes: ", reason,
        "; to fix it, pass the value as a tile (pl.move(x, target_memory=pl.Mem.",
        move_to, ")), restructure the accesses, or add pl.system.syncall between the phases");
    rw_.diagnostics->Report(severity, c.b->stmt->loc, message);
    rw_.diagnostics->Note(c.a->stmt->loc, DescribeFirstAccess(f_, c));
  }

  KernelRewrite& rw_;
  Function& f_;
  std::vector<std::unique_ptr<Site>> sites_;
  std::vector<Conflict> conflicts_;  // in the order they are handled
  std::unique_ptr<PositionIndex> index_;
  std::vector<Transfer> transfers_;
  absl::flat_hash_map<const Stmt*, BodyTransfers> by_body_;
  // The bodies that get statements, applied after every conflict is handled.
  absl::node_hash_map<Stmt*, PlannedBody> bodies_;
  int planned_ = 0;  // transfers planned so far
};

}  // namespace

void OrderGmHandoffs(KernelRewrite& rewrite) { HandoffOrderer(rewrite).Run(); }

}  // namespace mixed_kernel
}  // namespace ptoc
