#include "passes/mixed_kernel/boundary_moves.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/builder.h"

namespace ptoc {
namespace mixed_kernel {
namespace {

std::vector<NamedExpr> SplitZero(const Location& loc) {
  std::vector<NamedExpr> attrs;
  attrs.push_back(MakeAttr("split", MakeInt(0, loc)));
  return attrs;
}

// The statements replacing `dst = tile.move(src, ...)`, with their lanes.
std::vector<std::pair<StmtPtr, LaneMask>> Transfer(Function& f, const Stmt& move,
                                                   const Expr& call) {
  const Location& loc = move.loc;
  Var* dst = move.var;
  const Type& src_type = call.args[0]->type;
  bool c2v = LaneOfMemory(src_type.memory()) == Lane::kCube;
  std::vector<std::pair<StmtPtr, LaneMask>> out;
  std::vector<ExprPtr> push_args;
  push_args.push_back(Clone(*call.args[0]));
  out.push_back({MakeEval(MakeTypedOp(c2v ? op::kPushToAiv : op::kPushToAic,
                                      std::move(push_args), SplitZero(loc), loc),
                          loc),
                 c2v ? kAic : kAiv});
  if (c2v) {
    out.push_back({MakeAssign(dst, MakeTypedOp(op::kPopFromAic, {}, SplitZero(loc), loc,
                                               dst->type),
                              loc),
                   kAiv});
    return out;
  }
  // The cube pops the implicit NZ view of Mat, then moves it where the
  // original move put it.
  Type mat = Type::Tile(dst->type.shape(), dst->type.dtype(), MemorySpace::kMat);
  if (dst->type == mat) {
    out.push_back({MakeAssign(dst, MakeTypedOp(op::kPopFromAiv, {}, SplitZero(loc), loc, mat),
                              loc),
                   kAic});
    return out;
  }
  Var* popped = f.NewVar(absl::StrCat(dst->name, "_mat"), mat, loc);
  out.push_back({MakeAssign(popped, MakeTypedOp(op::kPopFromAiv, {}, SplitZero(loc), loc, mat),
                            loc),
                 kAic});
  out.push_back({MakeAssign(dst, MakeMoveTo(popped, dst->type, loc), loc), kAic});
  return out;
}

std::string TileNameOf(const Expr& e) {
  return e.kind == ExprKind::kVar ? e.var->name : "the moved tile";
}

void RewriteSeq(KernelRewrite& rw, Stmt& seq) {
  for (size_t i = 0; i < seq.stmts.size(); ++i) {
    Stmt& s = *seq.stmts[i];
    for (Stmt* body : BodiesOf(s)) RewriteSeq(rw, *body);
    LeafLanes lanes = rw.LanesOf(s);
    if (s.kind == StmtKind::kEval && lanes.kind == LeafLanes::Kind::kBoundary) {
      // A move whose result nobody names still crosses the lanes.
      Var* dst = rw.kernel->NewVar("moved", lanes.culprit->type, s.loc);
      s.kind = StmtKind::kAssign;
      s.var = dst;
    }
    if (lanes.kind != LeafLanes::Kind::kBoundary || CallOf(s) != lanes.culprit) {
      if (lanes.kind == LeafLanes::Kind::kBoundary) {
        rw.diagnostics->Error(lanes.culprit->loc, absl::StrCat(
            "in kernel '", rw.kernel->name,
            "': a tile.move between the lanes must be a statement of its own"));
      }
      continue;
    }
    const Expr& call = *lanes.culprit;
    bool c2v = LaneOfMemory(call.args[0]->type.memory()) == Lane::kCube;
    if (rw.hand_written_setup) {
      rw.diagnostics->Error(s.loc, absl::StrCat(
          "in kernel '", rw.kernel->name, "': this tile.move crosses from the ",
          c2v ? "AIC lane to the AIV" : "AIV lane to the AIC",
          " lane, but the kernel has hand-written pipe setup, so the pass adds no "
          "transfers; write the tpush/tpop pair yourself or remove the hand-written setup"));
      continue;
    }
    if (c2v && s.var->type.memory() != MemorySpace::kVec) {
      // The AIV lane pops into its own memory; a tile has no place in DDR.
      rw.diagnostics->Error(s.loc, absl::StrCat(
          "in kernel '", rw.kernel->name, "': this tile.move crosses from the AIC lane to "
          "the AIV lane, so it must land in Vec, not ",
          MemorySpaceName(s.var->type.memory()),
          "; to write the tile to global memory, use pl.tile.store"));
      continue;
    }
    if (c2v && call.args[0]->type.memory() != MemorySpace::kAcc) {
      // pto-isa's TPUSH sends Acc and Vec tiles only (both targets).
      rw.diagnostics->Error(s.loc, absl::StrCat(
          "in kernel '", rw.kernel->name, "': tile '", TileNameOf(*call.args[0]), "' is in ",
          MemorySpaceName(call.args[0]->type.memory()),
          ", and the cube hands tiles to the vector lane from Acc only (TPUSH takes Acc "
          "or Vec tiles); load the data into Vec with pl.tile.load, or compute it into "
          "Acc"));
      continue;
    }
    if (!call.args[0]->type.has_static_shape()) {
      rw.diagnostics->Error(s.loc, absl::StrCat(
          "in kernel '", rw.kernel->name,
          "': a tile crossing the lanes must have a static shape, not ",
          TypeToString(call.args[0]->type)));
      continue;
    }
    std::vector<std::pair<StmtPtr, LaneMask>> replacement = Transfer(*rw.kernel, s, call);
    seq.stmts.erase(seq.stmts.begin() + i);
    size_t at = i;
    for (auto& [stmt, lane] : replacement) rw.Insert(seq, at++, std::move(stmt), lane);
    i = at - 1;
  }
}

}  // namespace

void RewriteBoundaryMoves(KernelRewrite& rewrite) { RewriteSeq(rewrite, *rewrite.kernel->body); }

}  // namespace mixed_kernel
}  // namespace ptoc
