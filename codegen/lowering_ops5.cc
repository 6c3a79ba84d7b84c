#include "codegen/lowering_ops5.h"

#include "absl/strings/str_cat.h"
#include "codegen/target_info.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

Operand Arg(int i) { return Operand{Operand::Kind::kTileArg, i}; }
Operand Result() { return Operand{Operand::Kind::kResult, 0}; }

MachineStep VectorStep(std::vector<Operand> reads, std::vector<Operand> writes) {
  MachineStep s;
  s.op = MachineOp::kTVector;
  s.pipe = s.barrier_all_pipe = Pipe::kV;
  s.reads = std::move(reads);
  s.writes = std::move(writes);
  return s;
}

// The value assigned to `v` in `s` (kernels assign each tile once), or null.
const Expr* AssignedValue(const Stmt& s, const Var* v) {
  if (s.kind == StmtKind::kAssign && s.var == v) return s.value.get();
  for (const StmtPtr& c : s.stmts) {
    if (const Expr* e = AssignedValue(*c, v)) return e;
  }
  for (const Stmt* c : {s.body.get(), s.else_body.get()}) {
    if (c == nullptr) continue;
    if (const Expr* e = AssignedValue(*c, v)) return e;
  }
  return nullptr;
}

// The call of an op of `kind` that `e` is (or the variable `e` names was
// assigned), or null.
const Expr* CallOfKind(const Function& fn, const Expr& e, OpKind kind) {
  const Expr* x = &e;
  if (x->kind == ExprKind::kVar && fn.body != nullptr) x = AssignedValue(*fn.body, x->var);
  if (x == nullptr || x->kind != ExprKind::kCall) return nullptr;
  const OpLowering* l = LoweringOf(*x);
  return l != nullptr && l->kind == kind ? x : nullptr;
}

// The tile.slice call `e` is (or the variable `e` names was assigned), or null.
const Expr* SliceOf(const Function& fn, const Expr& e) {
  return CallOfKind(fn, e, OpKind::kSubview);
}

}  // namespace

absl::Status PlanGatherB(const Function& fn, const Expr& call, Backend backend,
                         const Location& loc, CallLowering* plan) {
  const Type& src = call.args[0]->type;
  const Type& off = call.args[1]->type;
  if (!src.is_tile() || !off.is_tile() || src.shape().size() != 2 || off.shape().size() != 2 ||
      off.dtype() != DType::kUINT32) {
    return ErrorAt(loc, "'tile.gatherb' (TGATHERB) takes a 2-D source tile and a 2-D UINT32 "
                        "offset tile");
  }
  plan->tile_args = {0, 1};
  const Expr* slice = SliceOf(fn, *call.args[0]);
  if (slice != nullptr) {
    const Expr& offsets = *slice->args[2];
    const Type& parent = slice->args[0]->type;
    const bool nested = SliceOf(fn, *slice->args[0]) != nullptr;
    const bool fixed = offsets.args.size() == 2 && offsets.args[0]->kind == ExprKind::kInt &&
                       offsets.args[1]->kind == ExprKind::kInt;
    bool aligned = false;
    bool whole_rows = false;
    if (fixed && !nested && parent.is_tile() && parent.shape().size() == 2) {
      ASSIGN_OR_RETURN(TileGeometry g, GeometryOf(parent, backend, loc));
      const int64_t first = offsets.args[0]->int_value * g.cols + offsets.args[1]->int_value;
      aligned = (first * DTypeBytes(src.dtype())) % 32 == 0;
      whole_rows = src.shape()[1] == parent.shape()[1];
    }
    if (aligned && !whole_rows) {
      return ErrorAt(loc, "'tile.gatherb' (TGATHERB) of a 32-byte aligned window narrower than "
                          "its source (tile.slice) cannot be emitted yet: PyPTO reads it in "
                          "place, the offsets stepping through its source's wider rows; copy "
                          "the window into a tile of its own first (tile.move)");
    }
    if (!aligned) {
      // The window copied into a tile of its own first (PyPTO's
      // pto.textract), on V like any Vec -> Vec move.
      plan->steps.push_back(VectorStep({Arg(0)}, {Result()}));
    }
  }
  plan->steps.push_back(VectorStep({Arg(0), Arg(1)}, {Result()}));
  return absl::OkStatus();
}

absl::Status PlanSetValidShape(const Function& fn, const Expr& call, const Location& loc,
                               CallLowering* plan) {
  if (SliceOf(fn, *call.args[0]) != nullptr ||
      CallOfKind(fn, *call.args[0], OpKind::kReshape) != nullptr) {
    return ErrorAt(loc, "pl.set_validshape cannot narrow a tile view (a slice or reshape "
                        "result): a view carries its valid extent in its type; narrow at the "
                        "slice itself (pl.tile.slice(tile, shape, offset, valid_shape=[...])) or "
                        "call pl.set_validshape on the source tile before taking the view");
  }
  plan->tile_args = {0};
  return absl::OkStatus();
}

}  // namespace codegen
}  // namespace ptoc
