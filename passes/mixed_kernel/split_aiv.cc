#include "passes/mixed_kernel/split_aiv.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "frontend/printer.h"
#include "ir/builder.h"
#include "ir/registry.h"
#include "passes/mixed_kernel/common.h"

namespace ptoc {
namespace mixed_kernel {
namespace {

constexpr char kSplitAivAttr[] = "split_aiv";
constexpr char kGetSubblockIdx[] = "tile.get_subblock_idx";  // for building only

std::string Kernel(const Function& f) { return absl::StrCat("in kernel '", f.name, "': "); }

// The registry's lane index op: the one pure scalar only the AIV lanes have.
bool ReadsLaneIndex(const Expr& call) {
  return RoleOf(call) == OpRole::kPureScalar && LaneOf(call) == Lane::kVector;
}

PipeDirection BoundaryOf(const Expr& call) {
  const OpInfo* info = LookupOp(call);
  return info == nullptr ? PipeDirection::kNone : info->split_boundary;
}

int64_t SplitOf(const Expr& call) {
  const Expr* split = call.FindAttr("split");
  return split != nullptr && split->kind == ExprKind::kInt ? split->int_value : 0;
}

bool HasRegion(const Stmt& s) { return FirstSplitAivRegion(s) != nullptr; }

// Why C8 refuses a split whose lanes would hold e0 and e1 (a gather's
// joined tile is always twice its even half, so only shards get here):
// where PyPTO refuses it too, and where PyPTO takes it but ptoc cannot say
// it (passes/README_expand_mixed_kernel.md, "Split axes").
std::string UnevenSplitReason(bool dynamic_valid, int64_t e0, int64_t e1) {
  if (dynamic_valid) {
    return "PyPTO keeps the even code for a run-time extent, but ptoc cannot give each lane "
           "its own valid extent; ptoc needs an even, fully valid split axis";
  }
  if (e0 > e1 + 1 && e1 != 0) {
    return "pto-isa places lane 1 at its own extent or one past it, so the lanes must be "
           "equal, differ by one or leave lane 1 empty (PyPTO refuses this too)";
  }
  if (e0 == e1 + 1) {
    return "PyPTO sends this with the odd split code (3 or 4), which the pinned ptoas takes "
           "only on a one-way GM-backed C2V pipe and a5's fixpipe does not have; ptoc's "
           "transports carry one type for both lanes and cannot give lane 1 its own extent, "
           "so ptoc needs an even, fully valid split axis";
  }
  return "PyPTO sends this with the even code and an empty lane 1, but ptoc's transports "
         "carry one type for both lanes and cannot give lane 1 its own extent, so ptoc needs "
         "an even, fully valid split axis";
}

// Variables whose value depends on the lane: the region lanes / lane
// bindings, and pure scalars computed from them.
class LaneValues {
 public:
  void Add(const Var* v) { vars_.insert(v); }
  bool Depends(const Expr& e) const {
    bool found = false;
    VisitVars(e, [&](Var* v) { found |= vars_.contains(v); });
    return found;
  }
  // Learns `s` (an Assign of a scalar computed from lane values).
  void Learn(const Stmt& s) {
    if (s.kind != StmtKind::kAssign || s.var == nullptr || !s.value) return;
    if (const Expr* call = CallOf(s); call != nullptr && ReadsLaneIndex(*call)) {
      vars_.insert(s.var);
      return;
    }
    if (s.var->type.is_scalar() && Depends(*s.value)) vars_.insert(s.var);
  }

 private:
  absl::flat_hash_set<const Var*> vars_;
};

// ---- C2-C11 ----

class Checker {
 public:
  Checker(const Function& f, const std::string& backend, DiagnosticSink* d)
      : f_(f), a5_(backend == "a5"), d_(d), has_region_(HasRegion(*f.body)) {}

  void Run() {
    Walk(*f_.body, /*lane_qualified=*/false);
  }

 private:
  void Walk(const Stmt& s, bool lane_qualified) {
    switch (s.kind) {
      case StmtKind::kSplitAiv: {
        region_ = &s;
        lanes_.Add(s.var);
        per_lane_.clear();
        boundaries_in_region_ = 0;
        Walk(*s.body, lane_qualified);
        // C6: a data-parallel region without a shard or gather.
        if (s.split_mode != 0 && boundaries_in_region_ == 0) {
          d_->Error(s.loc, absl::StrCat(Kernel(f_), "this pl.split_aiv region of mode "
                                        "pl.SplitMode.", SplitModeName(s.split_mode),
                                        " has no pl.aiv_shard or pl.aic_gather; ptoc does not "
                                        "halve a full-width region: shard its input or use "
                                        "mode=pl.SplitMode.NONE"));
        }
        region_ = nullptr;
        return;
      }
      case StmtKind::kIf: {
        ForEachOwnCall(s, [&](const Expr& c) { Leaf(s, c, lane_qualified); });
        const bool q = lane_qualified || (s.value && lanes_.Depends(*s.value));
        if (s.body) Walk(*s.body, q);
        if (s.else_body) Walk(*s.else_body, q);
        PropagateResults(s);
        return;
      }
      case StmtKind::kFor:
        for (size_t i = 0; i < s.iter_args.size() && i < s.init_values.size(); ++i) {
          if (PerLane(*s.init_values[i])) per_lane_.insert(s.iter_args[i]);
        }
        if (s.body) Walk(*s.body, lane_qualified);
        PropagateResults(s);
        return;
      case StmtKind::kSeq:
        for (const StmtPtr& c : s.stmts) Walk(*c, lane_qualified);
        return;
      case StmtKind::kAssign:
      case StmtKind::kEval:
        Statement(s, lane_qualified);
        return;
      default:
        for (const Stmt* c : ChildrenOf(s)) Walk(*c, lane_qualified);
        return;
    }
  }

  // A branch or loop result is per-lane when what flows into it is.
  void PropagateResults(const Stmt& s) {
    for (size_t i = 0; i < s.results.size(); ++i) {
      bool per_lane = false;
      if (s.kind == StmtKind::kFor && i < s.iter_args.size()) {
        per_lane = per_lane_.contains(s.iter_args[i]);
      } else if (s.kind == StmtKind::kIf && s.body && !s.body->stmts.empty() &&
                 s.body->stmts.back()->kind == StmtKind::kYield &&
                 i < s.body->stmts.back()->values.size()) {
        per_lane = PerLane(*s.body->stmts.back()->values[i]);
      }
      if (per_lane) per_lane_.insert(s.results[i]);
    }
  }

  bool PerLane(const Expr& e) const {
    bool found = false;
    VisitVars(e, [&](Var* v) { found |= per_lane_.contains(v); });
    return found;
  }

  void Statement(const Stmt& s, bool lane_qualified) {
    lanes_.Learn(s);
    const Expr* call = CallOf(s);
    if (call == nullptr) return;
    Leaf(s, *call, lane_qualified);
    ForEachOwnCall(s, [&](const Expr& c) {
      if (&c != call) Leaf(s, c, lane_qualified);
    });
    // C7: in a data-parallel region, a vector statement producing a tile
    // must produce a per-lane value.
    if (region_ == nullptr || region_->split_mode == 0 || s.kind != StmtKind::kAssign ||
        !s.var->type.is_tile()) {
      return;
    }
    const Lane lane = LaneOf(*call);
    if (BoundaryOf(*call) == PipeDirection::kC2V) {
      per_lane_.insert(s.var);
      return;
    }
    if (lane != Lane::kVector) return;
    const OpInfo* info = LookupOp(*call);
    bool per_lane = false;
    if (info != nullptr && info->role == OpRole::kGmLoad && info->access.offsets_arg >= 0 &&
        info->access.offsets_arg < static_cast<int>(call->args.size())) {
      per_lane = lanes_.Depends(*call->args[info->access.offsets_arg]);
    } else if (info != nullptr && info->role == OpRole::kCompute && call->args.empty()) {
      per_lane = true;  // tile.create
    } else {
      for (const ExprPtr& a : call->args) {
        if (a->type.is_tile() && PerLane(*a)) per_lane = true;
      }
    }
    if (per_lane) {
      per_lane_.insert(s.var);
      return;
    }
    d_->Error(s.loc, absl::StrCat(Kernel(f_), "'", call->str, "' in a pl.split_aiv region of "
                                  "mode pl.SplitMode.", SplitModeName(region_->split_mode),
                                  " produces a full-width tile, not this lane's part: each "
                                  "lane would compute the whole tile; derive it from "
                                  "pl.aiv_shard, a tile.create, or a tile.load at offsets "
                                  "that use the lane"));
  }

  void Leaf(const Stmt& s, const Expr& call, bool lane_qualified) {
    const Location& at = s.loc;
    const Lane lane = LaneOf(call);
    const PipeDirection boundary = BoundaryOf(call);
    const OpInfo* info = LookupOp(call);
    // C1 does not apply (a split kernel may read the lane).
    if (boundary != PipeDirection::kNone) {
      Boundary(s.loc, call, boundary);
    } else if (lane == Lane::kBoundary) {
      d_->Error(at, absl::StrCat(Kernel(f_), "this tile.move crosses between the cube "
                                       "and the vector lanes, which a split_aiv kernel cannot "
                                       "do implicitly: name the crossing with pl.aiv_shard "
                                       "(cube to vector) or pl.aic_gather (vector to cube) "
                                       "inside a pl.split_aiv region"));
    } else if (lane == Lane::kCube && region_ != nullptr) {
      d_->Error(at, absl::StrCat(Kernel(f_), "the cube statement '", call.str,
                                       "' is not allowed inside a pl.split_aiv region (the "
                                       "region runs on the AIV lanes)"));
    } else if (lane == Lane::kVector && region_ == nullptr && has_region_) {
      d_->Error(at, absl::StrCat(Kernel(f_), "the vector statement '", call.str,
                                       "' is outside every pl.split_aiv region; in a kernel "
                                       "with regions, vector work belongs inside one"));
    }
    // C11: once-only side effects must be lane-qualified.
    if (info == nullptr) return;
    const Expr* atomic = call.FindAttr("atomic");
    const bool once_only =
        info->role == OpRole::kNotify || info->role == OpRole::kRemoteWrite ||
        info->role == OpRole::kGet || info->role == OpRole::kScalarWrite ||
        (info->role == OpRole::kGmStore && atomic != nullptr &&
         atomic->kind == ExprKind::kString && atomic->str == "add");
    if (!once_only || lane == Lane::kCube || lane_qualified) return;
    bool depends = false;
    for (const ExprPtr& a : call.args) depends |= lanes_.Depends(*a);
    if (depends) return;
    d_->Error(at, absl::StrCat(Kernel(f_), "'", call.str, "' would run on both AIV "
                                     "lanes of the split_aiv kernel: make it depend on the "
                                     "lane (an argument computed from it, or inside "
                                     "'if lane == 0:')"));
  }

  void Boundary(const Location& at, const Expr& call, PipeDirection dir) {
    ++boundaries_in_region_;
    const bool shard = dir == PipeDirection::kC2V;
    const int64_t code = SplitOf(call);
    if (call.args.empty() || !call.args[0]->type.is_tile()) return;
    const Type& operand = call.args[0]->type;
    // C4.
    if (shard && operand.memory() != MemorySpace::kAcc) {
      d_->Error(at, absl::StrCat(Kernel(f_), "'", call.str, "' needs an Acc operand "
                                       "(a cube result), not ", TypeToString(operand)));
      return;
    }
    if (!shard && operand.memory() != MemorySpace::kVec) {
      d_->Error(at, absl::StrCat(Kernel(f_), "'", call.str, "' needs a Vec operand, "
                                       "not ", TypeToString(operand)));
      return;
    }
    if (!shard && region_ != nullptr && region_->split_mode != 0 && !PerLane(*call.args[0])) {
      d_->Error(at, absl::StrCat(Kernel(f_), "the operand of '", call.str, "' is a "
                                       "full-width tile, not this lane's part"));
    }
    // C9: one split class per kernel.
    const bool split = code != 0;
    if (first_transfer_ == nullptr) {
      first_transfer_ = &call;
      first_transfer_at_ = at;
    } else if ((SplitOf(*first_transfer_) != 0) != split && !reported_class_) {
      reported_class_ = true;
      d_->Error(at, absl::StrCat(Kernel(f_), "split and no-split transfers in one "
                                       "kernel: this '", call.str, "' has split=", code,
                                       ", the first transfer split=", SplitOf(*first_transfer_),
                                       "; one pipe carries one class (PTOAS rejects the mix)"));
      d_->Note(first_transfer_at_, "the first transfer of the kernel");
    }
    // C10 (no-split on a5).
    if (a5_ && !split) {
      d_->Error(at, absl::StrCat(Kernel(f_), "on a5 a no-split transfer reaches AIV "
                                       "lane 0 only, but a split_aiv kernel runs on both AIV "
                                       "lanes: use mode=pl.SplitMode.UP_DOWN or LEFT_RIGHT"));
      if (region_ != nullptr) d_->Note(region_->loc, "the pl.split_aiv region");
      return;
    }
    if (!split) return;
    // C8: the full tile's split axis.
    const Type full = shard ? operand : call.type;
    const size_t axis = code == 1 ? 0 : 1;
    const char* axis_name = code == 1 ? "rows" : "columns";
    if (!full.is_tile() || full.shape().size() != 2 || !full.has_static_shape()) {
      d_->Error(at, absl::StrCat(Kernel(f_), "'", call.str, "' splits a tile of "
                                       "dynamic shape ", TypeToString(full),
                                       "; the lanes would hold E0 and E1 unknown extents: the "
                                       "split axis must be static"));
      return;
    }
    const int64_t n = full.shape()[axis].value;
    int64_t valid = n;
    const Shape& vs = full.view().valid_shape;
    if (vs.size() == 2 && vs[axis].is_static()) valid = vs[axis].value;
    const bool dynamic_valid = vs.size() == 2 && !vs[axis].is_static();
    if (n % 2 != 0 || valid != n || dynamic_valid) {
      const int64_t h = (n + 1) / 2;
      const int64_t e0 = std::min(valid, h);
      const int64_t e1 = std::clamp<int64_t>(valid - h, 0, h);
      d_->Error(at, absl::StrCat(Kernel(f_), "'", call.str, "' splits ", n, " ", axis_name, " (",
                                 dynamic_valid ? "a run-time number" : absl::StrCat(valid),
                                 " valid) between the 2 AIV lanes: the lanes would hold ",
                                 dynamic_valid ? "unknown extents" : absl::StrCat(e0, " and ", e1),
                                 "; ", UnevenSplitReason(dynamic_valid, e0, e1)));
      return;
    }
    // C10 (a5 split forms).
    if (!a5_) return;
    const Type half = shard ? call.type : operand;
    const int64_t bytes = DTypeBytes(operand.dtype());
    std::string why;
    if (shard && DTypeBytes(operand.dtype()) != 4) {
      why = "a shard needs a 4-byte Acc dtype (the fixpipe's dual mode)";
    } else if (shard && code == 2 && full.shape()[1].value % 32 != 0) {
      why = "a LEFT_RIGHT shard needs a column count that is a multiple of 32";
    } else if (!shard && code == 2 && (half.shape()[1].value * bytes) % 32 != 0) {
      why = "a LEFT_RIGHT gather needs each half's row to be a multiple of 32 bytes";
    } else if (!shard && code == 1 && half.shape()[0].value % 16 != 0) {
      why = "an UP_DOWN gather needs each half's row count to be a multiple of 16 (one NZ "
            "fractal)";
    }
    if (!why.empty()) {
      d_->Error(at, absl::StrCat(Kernel(f_), "on a5 ", why, " (AIV lane 0 and AIV lane "
                                       "1 each get ", TypeToString(half), ")"));
    }
  }

  const Function& f_;
  const bool a5_;
  DiagnosticSink* d_;
  const bool has_region_;
  const Stmt* region_ = nullptr;
  LaneValues lanes_;
  absl::flat_hash_set<const Var*> per_lane_;
  int boundaries_in_region_ = 0;
  const Expr* first_transfer_ = nullptr;
  Location first_transfer_at_;
  bool reported_class_ = false;
};

// ---- lowering ----

void CollectLaneUses(const Stmt& s, const absl::flat_hash_set<const Var*>& lanes, bool* used) {
  VisitReferencedVars(s, [&](const Var* v) { *used |= lanes.contains(v); });
}

void CollectRegionLanes(const Stmt& s, std::vector<Var*>* lanes) {
  ForEachStmt(s, [&](const Stmt& t) {
    if (t.kind == StmtKind::kSplitAiv) lanes->push_back(t.var);
  });
}

// Splices every region of `seq` (recursively) into its parent body.
void Splice(Stmt& seq) {
  std::vector<StmtPtr> out;
  for (StmtPtr& c : seq.stmts) {
    if (c->kind == StmtKind::kSplitAiv) {
      StmtPtr body = std::move(c->body);
      if (body) {
        Splice(*body);
        if (body->kind == StmtKind::kSeq) {
          for (StmtPtr& b : body->stmts) out.push_back(std::move(b));
        } else {
          out.push_back(std::move(body));
        }
      }
      continue;
    }
    for (Stmt* b : ChildrenOf(*c)) Splice(*b);
    out.push_back(std::move(c));
  }
  seq.stmts = std::move(out);
}

// ---- C12 ----

struct Access {
  const Stmt* stmt = nullptr;
  const Expr* call = nullptr;
  const Var* origin = nullptr;
  bool writes = false;
  std::vector<int> lanes;                // {0, 1} or {c}
  std::vector<const Expr*> offsets;      // per dim (nullptr: 0)
  std::vector<int64_t> extents;          // per dim, -1 unknown
};

class CrossLane {
 public:
  CrossLane(const Function& f, DiagnosticSink* d) : f_(f), d_(d) {}

  void Run() {
    Walk(*f_.body, {0, 1});
    for (size_t i = 0; i < accesses_.size(); ++i) {
      for (size_t j = i; j < accesses_.size(); ++j) {
        const Access& x = accesses_[i];
        const Access& y = accesses_[j];
        if (x.origin != y.origin || (!x.writes && !y.writes)) continue;
        if (i == j && !x.writes) continue;
        if (!Disjoint(x, y)) Report(x, y);
      }
    }
  }

 private:
  void Walk(const Stmt& s, std::vector<int> lanes) {
    if (s.kind == StmtKind::kAssign || s.kind == StmtKind::kEval) {
      lane_values_.Learn(s);
      if (s.kind == StmtKind::kAssign && s.value) bindings_[s.var] = s.value.get();
      if (const Expr* call = CallOf(s)) Leaf(s, *call, lanes);
      return;
    }
    if (s.kind == StmtKind::kIf && s.value) {
      std::optional<std::pair<int, bool>> cond = LaneCondition(*s.value);
      std::vector<int> then_lanes = lanes, else_lanes = lanes;
      if (cond) {
        int c = cond->first;
        bool eq = cond->second;
        auto keep = [&](std::vector<int> ls, bool want_c) {
          std::vector<int> out;
          for (int l : ls) {
            if ((l == c) == want_c) out.push_back(l);
          }
          return out;
        };
        then_lanes = keep(lanes, eq);
        else_lanes = keep(lanes, !eq);
      }
      if (s.body) Walk(*s.body, then_lanes);
      if (s.else_body) Walk(*s.else_body, else_lanes);
      return;
    }
    for (const Stmt* c : ChildrenOf(s)) Walk(*c, lanes);
  }

  // `lane == c` / `lane != c` (either order): (c, is ==).
  std::optional<std::pair<int, bool>> LaneCondition(const Expr& e) const {
    if (e.kind != ExprKind::kBinary ||
        (e.binary_op != BinaryOp::kEq && e.binary_op != BinaryOp::kNe)) {
      return std::nullopt;
    }
    const Expr* a = e.args[0].get();
    const Expr* b = e.args[1].get();
    if (a->kind == ExprKind::kInt) std::swap(a, b);
    if (b->kind != ExprKind::kInt || a->kind != ExprKind::kVar || !IsLane(a->var)) {
      return std::nullopt;
    }
    return std::make_pair(static_cast<int>(b->int_value), e.binary_op == BinaryOp::kEq);
  }

  bool IsLane(const Var* v) const {
    auto it = bindings_.find(v);
    return it != bindings_.end() && it->second->kind == ExprKind::kCall &&
           ReadsLaneIndex(*it->second);
  }

  const Var* OriginOf(const Expr& tensor) const {
    if (tensor.kind != ExprKind::kVar) return nullptr;
    const Var* v = tensor.var;
    for (int guard = 0; guard < 1000; ++guard) {
      auto it = bindings_.find(v);
      if (it == bindings_.end() || it->second->kind != ExprKind::kCall) break;
      const OpInfo* info = LookupOp(*it->second);
      if (info == nullptr || info->role != OpRole::kGmStore || info->access.tensor_arg < 0) break;
      const Expr& t = *it->second->args[info->access.tensor_arg];
      if (t.kind != ExprKind::kVar) break;
      v = t.var;
    }
    return v;
  }

  void Leaf(const Stmt& s, const Expr& call, const std::vector<int>& lanes) {
    const OpInfo* info = LookupOp(call);
    if (info == nullptr || lanes.empty()) return;
    const bool store = info->role == OpRole::kGmStore || info->role == OpRole::kScalarWrite;
    const bool load = info->role == OpRole::kGmLoad || info->role == OpRole::kScalarRead;
    if (!store && !load) return;
    if (LaneOf(call) == Lane::kCube) return;
    const GmAccess& acc = info->access;
    if (acc.tensor_arg < 0 || acc.tensor_arg >= static_cast<int>(call.args.size())) return;
    Access a;
    a.stmt = &s;
    a.call = &call;
    a.origin = OriginOf(*call.args[acc.tensor_arg]);
    if (a.origin == nullptr) return;
    a.writes = store;
    a.lanes = lanes;
    const Expr* offsets = acc.offsets_arg >= 0 && acc.offsets_arg < static_cast<int>(call.args.size())
                              ? call.args[acc.offsets_arg].get()
                              : nullptr;
    if (offsets != nullptr && offsets->kind == ExprKind::kList) {
      for (const ExprPtr& o : offsets->args) a.offsets.push_back(o.get());
    }
    const Type* tile = acc.tile_arg >= 0 && acc.tile_arg < static_cast<int>(call.args.size())
                           ? &call.args[acc.tile_arg]->type
                           : (call.type.is_tile() ? &call.type : nullptr);
    for (size_t d = 0; d < a.offsets.size(); ++d) {
      int64_t ext = -1;
      if (tile != nullptr && tile->is_tile() && d < tile->shape().size() &&
          tile->shape()[d].is_static()) {
        ext = tile->shape()[d].value;
      } else if (tile == nullptr) {
        ext = 1;  // a scalar access
      }
      a.extents.push_back(ext);
    }
    accesses_.push_back(std::move(a));
  }

  // `e` as base + k * lane: (printed base, k); nullopt when not of that form.
  std::optional<std::pair<std::string, int64_t>> Affine(const Expr& e) const {
    const Expr* x = &e;
    for (int guard = 0; guard < 100 && x->kind == ExprKind::kVar && !IsLane(x->var); ++guard) {
      auto it = bindings_.find(x->var);
      if (it == bindings_.end() || !it->second->type.is_scalar() ||
          it->second->kind == ExprKind::kCall) {
        break;
      }
      x = it->second;
    }
    if (!lane_values_.Depends(*x) && !(x->kind == ExprKind::kVar && IsLane(x->var))) {
      return std::make_pair(PrintExpr(*x), int64_t{0});
    }
    if (x->kind == ExprKind::kVar && IsLane(x->var)) return std::make_pair(std::string("0"), int64_t{1});
    if (x->kind == ExprKind::kBinary && x->binary_op == BinaryOp::kMul) {
      const Expr* a = x->args[0].get();
      const Expr* b = x->args[1].get();
      if (a->kind == ExprKind::kInt) std::swap(a, b);
      if (b->kind == ExprKind::kInt && a->kind == ExprKind::kVar && IsLane(a->var)) {
        return std::make_pair(std::string("0"), b->int_value);
      }
      return std::nullopt;
    }
    if (x->kind == ExprKind::kBinary && x->binary_op == BinaryOp::kAdd) {
      auto l = Affine(*x->args[0]);
      auto r = Affine(*x->args[1]);
      if (!l || !r) return std::nullopt;
      if (l->second != 0 && r->second != 0) return std::nullopt;
      const auto& base = l->second == 0 ? *l : *r;
      const auto& lane = l->second == 0 ? *r : *l;
      std::string b = lane.first == "0" ? base.first : absl::StrCat(base.first, "+", lane.first);
      return std::make_pair(b, lane.second);
    }
    return std::nullopt;
  }

  bool Disjoint(const Access& x, const Access& y) const {
    for (int a : x.lanes) {
      for (int b : y.lanes) {
        if (a == b) continue;
        if (!DisjointFor(x, a, y, b)) return false;
      }
    }
    return true;
  }

  bool DisjointFor(const Access& x, int a, const Access& y, int b) const {
    const size_t dims = std::min(x.offsets.size(), y.offsets.size());
    for (size_t d = 0; d < dims; ++d) {
      auto fx = Affine(*x.offsets[d]);
      auto fy = Affine(*y.offsets[d]);
      if (!fx || !fy || fx->first != fy->first || x.extents[d] < 0 || y.extents[d] < 0) continue;
      const int64_t sx = fx->second * a;
      const int64_t sy = fy->second * b;
      if (sx + x.extents[d] <= sy || sy + y.extents[d] <= sx) return true;
    }
    return false;
  }

  void Report(const Access& x, const Access& y) {
    const Expr& tensor = *y.call->args[LookupOp(*y.call)->access.tensor_arg];
    const std::string name = tensor.kind == ExprKind::kVar ? y.origin->name : "?";
    d_->Error(y.call->loc, absl::StrCat(Kernel(f_), "both AIV lanes may access the same part "
                                        "of '", name, "' (", x.call->str, " and ", y.call->str,
                                        ") and nothing orders AIV0 against AIV1: give each "
                                        "lane its own rows or columns (offsets such as "
                                        "[lane * 16, 0]) or guard the access with "
                                        "'if lane == 0:'"));
    if (x.stmt != y.stmt) d_->Note(x.call->loc, absl::StrCat("the other access of '", name, "'"));
  }

  const Function& f_;
  DiagnosticSink* d_;
  LaneValues lane_values_;
  absl::flat_hash_map<const Var*, const Expr*> bindings_;
  std::vector<Access> accesses_;
};

// ---- transports ----

std::vector<NamedExpr> SplitAttr(int64_t code, const Location& loc) {
  std::vector<NamedExpr> attrs;
  attrs.push_back(MakeAttr("split", MakeInt(code, loc)));
  return attrs;
}

void RewriteSeq(KernelRewrite& rw, Stmt& seq) {
  for (size_t i = 0; i < seq.stmts.size(); ++i) {
    Stmt& s = *seq.stmts[i];
    for (Stmt* body : BodiesOf(s)) RewriteSeq(rw, *body);
    const Expr* call = CallOf(s);
    if (call == nullptr) continue;
    const PipeDirection dir = BoundaryOf(*call);
    if (dir == PipeDirection::kNone) continue;
    if (rw.hand_written_setup) {
      rw.diagnostics->Error(s.loc, absl::StrCat(Kernel(*rw.kernel), "'", call->str,
                                                "' needs the pipe the pass makes, but the "
                                                "kernel has hand-written pipe setup"));
      continue;
    }
    if (s.kind != StmtKind::kAssign) {
      // A shard or gather nobody names still crosses the lanes.
      s.kind = StmtKind::kAssign;
      s.var = rw.kernel->NewVar(dir == PipeDirection::kC2V ? "half" : "joined", call->type,
                                s.loc);
    }
    const Location loc = s.loc;
    const int64_t code = SplitOf(*call);
    Var* dst = s.var;
    std::vector<ExprPtr> push_args;
    push_args.push_back(Clone(*call->args[0]));
    const bool c2v = dir == PipeDirection::kC2V;
    StmtPtr push = MakeEval(MakeTypedOp(c2v ? op::kPushToAiv : op::kPushToAic,
                                        std::move(push_args), SplitAttr(code, loc), loc),
                            loc);
    StmtPtr pop = MakeAssign(dst, MakeTypedOp(c2v ? op::kPopFromAic : op::kPopFromAiv, {},
                                              SplitAttr(code, loc), loc, dst->type),
                             loc);
    seq.stmts.erase(seq.stmts.begin() + i);
    rw.Insert(seq, i, std::move(push), c2v ? kAic : kAiv);
    rw.Insert(seq, i + 1, std::move(pop), c2v ? kAiv : kAic);
    ++i;
  }
}

}  // namespace

bool IsSplitAiv(const Function& f) {
  const Expr* attr = f.FindAttr(kSplitAivAttr);
  if (attr != nullptr && attr->kind == ExprKind::kBool && attr->bool_value) return true;
  return f.body != nullptr && HasRegion(*f.body);
}

void CheckNonSplitKernel(const Function& f, DiagnosticSink* d) {
  if (f.body == nullptr) return;
  ForEachCall(*f.body, [&](const Expr& call) {
    if (ReadsLaneIndex(call)) {
      d->Error(call.loc, absl::StrCat(Kernel(f), "'", call.str, "' in a kernel that is not "
                                      "split_aiv: the value is meaningless on a single "
                                      "vector lane; use a pl.split_aiv region (or "
                                      "split_aiv=True)"));
    }
  });
}

void CheckSplitAivKernel(const Function& f, const std::string& backend, DiagnosticSink* d) {
  if (f.body) Checker(f, backend, d).Run();
}

int TokenSplitCode(const Function& f) {
  int code = 1;
  if (f.body == nullptr) return code;
  ForEachCall(*f.body, [&](const Expr& call) {
    if (BoundaryOf(call) != PipeDirection::kNone && SplitOf(call) == 0) code = 0;
  });
  return code;
}

Var* LowerSplitRegions(Function& f) {
  if (f.FindAttr(kSplitAivAttr) == nullptr) {
    f.attrs.push_back(MakeAttr(kSplitAivAttr, MakeBool(true, f.loc)));
  }
  if (!f.body) return nullptr;
  std::vector<Var*> lanes;
  CollectRegionLanes(*f.body, &lanes);
  if (lanes.empty()) return nullptr;
  absl::flat_hash_set<const Var*> lane_set(lanes.begin(), lanes.end());
  bool used = false;
  CollectLaneUses(*f.body, lane_set, &used);
  Stmt& body = EnsureSeq(f.body);
  Splice(body);
  if (!used) return nullptr;
  Var* binding = f.NewVar(lanes.front()->name, Type::Scalar(DType::kINDEX), lanes.front()->loc);
  absl::flat_hash_map<const Var*, Var*> map;
  for (Var* l : lanes) map[l] = binding;
  ReplaceVars(body, map);
  body.stmts.insert(body.stmts.begin(),
                    MakeAssign(binding, MakeTypedOp(kGetSubblockIdx, {}, {}, binding->loc),
                               binding->loc));
  return binding;
}

void CheckCrossLaneAccesses(const Function& f, DiagnosticSink* d) {
  if (f.body) CrossLane(f, d).Run();
}

void RewriteSplitBoundaries(KernelRewrite& rewrite) {
  RewriteSeq(rewrite, *rewrite.kernel->body);
}

void HoistLaneBinding(Function& aiv, const Var& binding) {
  Stmt& body = EnsureSeq(aiv.body);
  for (size_t i = 0; i < body.stmts.size(); ++i) {
    Stmt& s = *body.stmts[i];
    if (s.kind == StmtKind::kAssign && s.var != nullptr && s.var->id == binding.id) {
      StmtPtr moved = std::move(body.stmts[i]);
      body.stmts.erase(body.stmts.begin() + i);
      body.stmts.insert(body.stmts.begin(), std::move(moved));
      return;
    }
  }
}

}  // namespace mixed_kernel
}  // namespace ptoc
