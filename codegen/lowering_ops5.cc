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

int GatherMaskPattern(const Expr& call) {
  const Expr* p = AttrOrDefault(call, "mask_pattern");
  return p != nullptr && p->kind == ExprKind::kInt ? static_cast<int>(p->int_value) : 0;
}

absl::string_view GatherMaskPatternName(int pattern) {
  static constexpr absl::string_view kNames[] = {"",      "P0101", "P1010", "P0001",
                                                 "P0010", "P0100", "P1000", "P1111"};
  return pattern >= 1 && pattern <= 7 ? kNames[pattern] : "";
}

bool GatherMaskPicks(int pattern, int64_t c) {
  if (pattern == 7) return true;
  if (pattern <= 2) return c % 2 == pattern - 1;
  return c % 4 == pattern - 3;
}

absl::Status PlanGatherMask(const Expr& call, Backend backend, const Location& loc,
                            CallLowering* plan) {
  const int pattern = GatherMaskPattern(call);
  if (GatherMaskPatternName(pattern).empty()) {
    return ErrorAt(loc, "'tile.gather_mask' takes a mask_pattern of pl.tile.MaskPattern "
                        "(P0101 ... P1111)");
  }
  const Type& src = call.args[0]->type;
  const Type& dst = call.type;
  if (!src.is_tile() || !dst.is_tile() || src.shape().size() != 2 ||
      dst.shape().size() != 2 || !src.has_static_shape() || !dst.has_static_shape()) {
    return ErrorAt(loc, "'tile.gather_mask' (TGATHER) takes and gives static 2-D tiles");
  }
  int64_t picked = 0;
  for (int64_t c = 0; c < src.shape()[1].value; ++c) picked += GatherMaskPicks(pattern, c);
  if (dst.shape()[0].value != src.shape()[0].value || dst.shape()[1].value != picked ||
      DTypeBytes(dst.dtype()) != DTypeBytes(src.dtype())) {
    return ErrorAt(loc, absl::StrCat("'tile.gather_mask' (TGATHER) with ",
                                     GatherMaskPatternName(pattern), " picks ", picked,
                                     " elements of each of the source's ",
                                     src.shape()[0].value, " rows: its result is a [",
                                     src.shape()[0].value, ", ", picked,
                                     "] tile of a type of the source's size, not ",
                                     TypeToString(dst)));
  }
  ASSIGN_OR_RETURN(TileGeometry g, GeometryOf(dst, backend, loc));
  if (g.rows > 1 && g.cols != picked) {
    return ErrorAt(loc, absl::StrCat("'tile.gather_mask' (TGATHER) writes the picked elements "
                                     "one after another across the result's rows, which are "
                                     "padded to ", g.cols, " elements here: a result of ",
                                     "several rows must fill whole 32-byte rows"));
  }
  plan->tile_args = {0};
  plan->steps.push_back(VectorStep({Arg(0)}, {Result()}));
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
