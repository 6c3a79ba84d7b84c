#include "passes/mixed_kernel/classify.h"

#include <vector>

namespace ptoc {
namespace mixed_kernel {
namespace {

void SurveyStmt(const Stmt& s, KernelWork* work) {
  auto survey_call = [&](const Expr& call) {
    switch (LaneOf(call)) {
      case Lane::kCube: work->cube = true; break;
      case Lane::kVector: work->vector = true; break;
      case Lane::kBoundary: work->boundary = true; break;
      case Lane::kAny: break;
    }
    std::optional<OpRole> role = RoleOf(call);
    if (role == OpRole::kReserveBuffer || role == OpRole::kImportBuffer ||
        role == OpRole::kInitPipe) {
      work->hand_written_setup = true;
    }
    if ((role == OpRole::kPush || role == OpRole::kPop || role == OpRole::kFree) &&
        work->hand_written_transfer == nullptr) {
      work->hand_written_transfer = &call;
    }
  };
  ForEachOwnCall(s, survey_call);
  if (s.kind == StmtKind::kAssign && s.value && s.value->kind != ExprKind::kCall &&
      s.var->type.is_tile()) {
    (LaneOfMemory(s.var->type.memory()) == Lane::kCube ? work->cube : work->vector) = true;
  }
  for (const Stmt* c : ChildrenOf(s)) SurveyStmt(*c, work);
}

void FindBufferLanes(const Stmt& s, absl::flat_hash_map<const Var*, LaneMask>* lanes) {
  if (const Expr* call = CallOf(s); call != nullptr && RoleOf(*call) == OpRole::kInitPipe) {
    LaneMask lane = MaskOfLane(LaneOf(*call));
    for (const ExprPtr& arg : call->args) {
      VisitVars(*arg, [&](Var* v) { (*lanes)[v] |= lane; });
    }
  }
  for (const Stmt* c : ChildrenOf(s)) FindBufferLanes(*c, lanes);
}

}  // namespace

KernelWork SurveyKernel(const Function& f) {
  KernelWork work;
  if (f.body) SurveyStmt(*f.body, &work);
  return work;
}

LaneClassifier::LaneClassifier(const Function& f) {
  if (f.body) FindBufferLanes(*f.body, &buffer_lanes_);
}

LaneMask LaneClassifier::AnyCallLanes(const Expr& call, const Stmt& leaf) const {
  if (const OpInfo* info = LookupOp(call); info != nullptr && info->any_lane_runs_on_both) {
    return kBothLanes;
  }
  std::optional<OpRole> role = RoleOf(call);
  if (!role.has_value()) return kAiv;
  switch (*role) {
    case OpRole::kPureScalar:
      return kNoLane;
    case OpRole::kFence:
    case OpRole::kCacheInvalidate:
    case OpRole::kSyncAll:
      return kBothLanes;
    case OpRole::kReserveBuffer:
    case OpRole::kImportBuffer: {
      if (leaf.kind != StmtKind::kAssign) return kNoLane;
      auto it = buffer_lanes_.find(leaf.var);
      return it == buffer_lanes_.end() ? kNoLane : it->second;
    }
    default:
      // Communication and scalar GM accesses run where communication runs.
      return kAiv;
  }
}

LeafLanes LaneClassifier::Classify(const Stmt& leaf) const {
  LeafLanes result;
  std::vector<const Expr*> calls;
  if (leaf.value) WalkExprTree(*leaf.value, [&](const Expr& e) {
    if (e.kind == ExprKind::kCall) calls.push_back(&e);
  });
  LaneMask fixed = kNoLane;
  for (const Expr* call : calls) {
    if (IsOpaqueCall(*call)) {
      result.kind = LeafLanes::Kind::kOpaque;
      result.culprit = call;
      return result;
    }
    Lane lane = LaneOf(*call);
    if (lane == Lane::kBoundary) {
      result.kind = LeafLanes::Kind::kBoundary;
      result.culprit = call;
      return result;
    }
    if (lane == Lane::kAny) {
      std::optional<OpRole> role = RoleOf(*call);
      LaneMask lanes = AnyCallLanes(*call, leaf);
      if (lanes == kNoLane && (role == OpRole::kReserveBuffer || role == OpRole::kImportBuffer)) {
        // A buffer no initialize_pipe uses: it cannot be placed.
        result.kind = LeafLanes::Kind::kOpaque;
        result.culprit = call;
        return result;
      }
      fixed |= lanes;
    } else {
      fixed |= MaskOfLane(lane);
    }
  }
  if (leaf.kind == StmtKind::kAssign && leaf.var->type.is_tile()) {
    fixed |= MaskOfLane(LaneOfMemory(leaf.var->type.memory()));
  }
  if (fixed != kNoLane) {
    result.kind = LeafLanes::Kind::kFixed;
    result.lanes = fixed;
  } else {
    result.kind = leaf.kind == StmtKind::kAssign ? LeafLanes::Kind::kPure
                                                 : LeafLanes::Kind::kInert;
  }
  return result;
}

LaneMask LaneClassifier::HeaderLanes(const Stmt& compound) const {
  LaneMask lanes = kNoLane;
  ForEachOwnCall(compound, [&](const Expr& call) {
    Lane lane = LaneOf(call);
    lanes |= lane == Lane::kAny ? AnyCallLanes(call, compound) : MaskOfLane(lane);
  });
  return lanes;
}

}  // namespace mixed_kernel
}  // namespace ptoc
