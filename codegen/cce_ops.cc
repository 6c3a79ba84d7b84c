// C++ emission: the lowering of each op.
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "codegen/cce_emitter.h"
#include "codegen/lowering_ops4.h"
#include "codegen/lowering_ops5.h"
#include "ir/checked_math.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

std::string Hex(int64_t v) { return absl::StrFormat("0x%x", v); }

// TSTORE(gt, tile), or with an atomic add pto-isa's only spelling of it:
// all three template arguments.
std::string StoreCall(const CallLowering& plan, const std::string& gt,
                      const std::string& tile) {
  if (!plan.atomic_add) return absl::StrCat("TSTORE(", gt, ", ", tile, ");");
  return absl::StrCat("TSTORE<decltype(", tile, "), decltype(", gt,
                      "), AtomicType::AtomicAdd>(", gt, ", ", tile, ");");
}

absl::string_view WaitCmp(const Expr& call) {
  const Expr* a = AttrOrDefault(call, "cmp");
  return a != nullptr && a->str == "Ge" ? "GE" : "EQ";
}

// tile.gemv ...: pto-isa's AccPhase template argument (lowering_cube.h).
std::string AccPhaseTemplate(const CallLowering& plan) {
  if (plan.acc_phase.empty()) return "";
  return absl::StrCat("<AccPhase::", plan.acc_phase == "final" ? "Final" : "Partial", ">");
}

}  // namespace

absl::StatusOr<std::optional<CceFunctionEmitter::Value>> CceFunctionEmitter::LowerCall(
    const Expr& call, absl::string_view hint) {
  ASSIGN_OR_RETURN(CallLowering plan, PlanCall(fn_, call, backend_, depth_, LocOf(call)));
  peer_bases_.BeginCall(blocks_);
  switch (FamilyOf(plan.op->kind)) {
    case OpFamily::kTile:
      return LowerTileOp(call, plan, hint);
    case OpFamily::kSystem:
      return LowerSystemOp(call, plan);
    case OpFamily::kPipe:
      return LowerPipeOp(call, plan, hint);
    case OpFamily::kPrefetch:
      return LowerPrefetchOp(call, plan, hint);
    case OpFamily::kArray:
      return LowerArrayOp(call, plan, hint);
    case OpFamily::kComm:
      break;
  }
  return LowerCommOp(call, plan, hint);
}

// ---- values ----

absl::StatusOr<CceFunctionEmitter::TileValue> CceFunctionEmitter::TileOperand(const Expr& e) {
  if (!e.type.is_tile()) {
    return ErrorAt(LocOf(e), absl::StrCat("expected a tile, got ", TypeToString(e.type)));
  }
  if (e.kind == ExprKind::kVar) {
    auto it = tiles_.find(e.var);
    if (it != tiles_.end()) return it->second;
    return ErrorAt(LocOf(e), absl::StrCat("tile '", e.var->name, "' has no value here"));
  }
  if (e.kind == ExprKind::kCall) {
    ASSIGN_OR_RETURN(std::optional<Value> v, LowerCall(e, ""));
    if (v.has_value() && v->tile) return *v->tile;
  }
  return ErrorAt(LocOf(e), "expected a tile");
}

absl::StatusOr<std::string> CceFunctionEmitter::CommCtx(const Expr& e) {
  if (e.kind == ExprKind::kVar) {
    auto it = scalars_.find(e.var);
    if (it != scalars_.end()) return it->second;
  }
  if (e.kind == ExprKind::kCall && LoweringOf(e) != nullptr &&
      LoweringOf(e)->kind == OpKind::kGetCommCtx) {
    return comm_ctx_;
  }
  return ErrorAt(LocOf(e), "expected a communicator (pld.get_comm_ctx)");
}

absl::StatusOr<std::string> CceFunctionEmitter::ParamValue(const std::string& symbol,
                                                           const Location& loc) {
  for (const Param& p : fn_.params) {
    if (p.var->name != symbol || !p.var->type.is_scalar()) continue;
    const std::string& name = scalars_.at(p.var);
    if (p.var->type.dtype() == DType::kINDEX) return name;
    return absl::StrCat("static_cast<int64_t>(", name, ")");
  }
  if (auto it = dynamic_dims_.find(symbol); it != dynamic_dims_.end()) return it->second;
  // An integer scalar the body computed (the latest of that name).
  const Var* local = nullptr;
  for (const auto& v : fn_.vars) {
    if (v->name == symbol && v->type.is_scalar() && scalars_.contains(v.get())) local = v.get();
  }
  if (local != nullptr) {
    if (local->type.dtype() == DType::kINDEX) return scalars_.at(local);
    return absl::StrCat("static_cast<int64_t>(", scalars_.at(local), ")");
  }
  return ErrorAt(loc, absl::StrCat("dim '", symbol, "' is not a scalar parameter, a "
                                   "pl.dynamic dim of a tensor parameter or a scalar computed "
                                   "before it"));
}

absl::StatusOr<CceFunctionEmitter::TileValue> CceFunctionEmitter::NewTile(
    const Type& type, absl::string_view hint, bool placed, const Location& loc) {
  ASSIGN_OR_RETURN(TileGeometry g, GeometryOf(type, backend_, loc));
  return NewTile(g, hint, placed, loc);
}

absl::StatusOr<CceFunctionEmitter::TileValue> CceFunctionEmitter::NewTile(
    const TileGeometry& g, absl::string_view hint, bool placed, const Location& loc) {
  const std::string name = Fresh(hint.empty() ? "tile" : hint);
  std::string init;
  if (g.has_dynamic_valid()) {
    // pto-isa's Tile takes only the dynamic valid dims (a static one is in
    // the type).
    std::vector<std::string> valid;
    for (const Dim& d : {g.valid_rows, g.valid_cols}) {
      if (d.is_static()) continue;
      ASSIGN_OR_RETURN(std::string v, ParamValue(d.symbol, loc));
      valid.push_back(v);
    }
    init = absl::StrCat("(", absl::StrJoin(valid, ", "), ")");
  }
  Line(absl::StrCat(CceTileType(g), " ", name, init, ";"));
  TileValue t{name, g, Buffer{g.memory, -1}};
  if (placed) {
    ASSIGN_OR_RETURN(int64_t address, allocator_.Allocate(g, loc));
    Line(absl::StrCat("TASSIGN(", name, ", ", Hex(address), ");"));
    t.buffer.id = next_buffer_id_++;
    buffer_address_[t.buffer.id] = address;
  }
  return t;
}

// ---- tile ops ----

absl::StatusOr<std::optional<CceFunctionEmitter::Value>> CceFunctionEmitter::LowerTileOp(
    const Expr& call, const CallLowering& plan, absl::string_view hint) {
  const OpLowering& op = *plan.op;
  const Location& loc = LocOf(call);
  auto result = [](const TileValue& t) { return std::optional<Value>(Value{t.name, t}); };
  switch (op.kind) {
    case OpKind::kTileLoad:
    case OpKind::kRemoteLoad: {
      ASSIGN_OR_RETURN(Access a, AccessOf(call, plan));
      const std::string gt = GlobalView(*a.tensor, a.base, a.region);
      ASSIGN_OR_RETURN(TileValue dst, NewTile(call.type, hint, true, loc));
      OrderStep(plan.steps[0], {}, dst.buffer, {a.tensor->param}, BoxIn(*a.tensor, a.region));
      Line(absl::StrCat("TLOAD(", dst.name, ", ", gt, ");"));
      return result(dst);
    }
    case OpKind::kTileStore:
    case OpKind::kRemoteStore: {
      ASSIGN_OR_RETURN(TileValue tile, TileOperand(*call.args[0]));
      ASSIGN_OR_RETURN(Access a, AccessOf(call, plan));
      const std::string gt = GlobalView(*a.tensor, a.base, a.region);
      OrderStep(plan.steps[0], {tile.buffer}, {}, {a.tensor->param}, BoxIn(*a.tensor, a.region));
      Line(StoreCall(plan, gt, tile.name));
      if (InvalidatesPeerRegion(plan, plan_)) {
        // A remote store: the peer region's lines.
        RETURN_IF_ERROR(InvalidateRegion(*a.tensor, a.base, a.region, loc));
      }
      return std::optional<Value>();
    }
    case OpKind::kTileAlloc:
      // PyPTO's MemRef buffer: no code; ptoc places the tiles that name it
      // (the pl.Ptr is named only in their types' pl.MemRef text).
      return std::optional<Value>(Value{});
    case OpKind::kTileCreate: {
      ASSIGN_OR_RETURN(TileValue dst, NewTile(call.type, hint, true, loc));
      return result(dst);
    }
    case OpKind::kExtract: {
      // A copy of the window into a tile of its own (lowering.cc checks it).
      ASSIGN_OR_RETURN(TileValue src, TileOperand(*call.args[0]));
      ASSIGN_OR_RETURN(std::string r, ScalarAs(*call.args[1], DType::kINDEX));
      ASSIGN_OR_RETURN(std::string c, ScalarAs(*call.args[2], DType::kINDEX));
      ASSIGN_OR_RETURN(TileValue dst, NewTile(call.type, hint, true, loc));
      OrderStep(plan.steps[0], {src.buffer}, dst.buffer);
      Line(absl::StrCat(op.cce_name, "(", dst.name, ", ", src.name, ", ", r, ", ", c, ");"));
      return result(dst);
    }
    case OpKind::kReshape: {
      // The source's buffer as the result's tile type (lowering.cc checks
      // that the elements keep their order): TRESHAPE places it there, the
      // memory plan gives it nothing, the pipe order sees the source's buffer.
      ASSIGN_OR_RETURN(TileValue src, TileOperand(*call.args[0]));
      if (plan.staging.has_value()) {
        // A vector turned on its side (lowering.cc's VectorTurnScratch).
        if (src.view) {
          return ErrorAt(loc, "a tile.reshape of a window of a wider tile (tile.slice) into a "
                              "vector of the other orientation cannot be emitted; copy the "
                              "window into a tile of its own first (tile.move)");
        }
        ASSIGN_OR_RETURN(TileValue dst, NewTile(call.type, hint, true, loc));
        ASSIGN_OR_RETURN(TileValue tmp, NewTile(*plan.staging, "stage", true, loc));
        OrderStep(plan.steps[0], {src.buffer}, dst.buffer);
        Line(absl::StrCat("TTRANS(", dst.name, ", ", src.name, ", ", tmp.name, ");"));
        return result(dst);
      }
      ASSIGN_OR_RETURN(TileGeometry own, GeometryOf(call.args[0]->type, backend_, loc));
      if (src.view && CceTileType(src.geometry) != CceTileType(own)) {
        return ErrorAt(loc, "a tile.reshape of a window of a wider tile (tile.slice) cannot be "
                            "emitted; copy the window into a tile of its own first (tile.move)");
      }
      ASSIGN_OR_RETURN(TileGeometry g, GeometryOf(call.type, backend_, loc));
      const std::string name = Fresh(hint.empty() ? "reshaped" : hint);
      Line(absl::StrCat(CceTileType(g), " ", name, ";"));
      if (g.dtype != own.dtype) {
        // tile.reinterpret_view into another element type: pto-isa's
        // TRESHAPE takes only "compatible" types (its CPU form's static
        // check refuses float <-> int and float <-> half), so the result is
        // a Tile of its type at the source's address.
        auto address = buffer_address_.find(src.buffer.id);
        if (src.view || address == buffer_address_.end()) {
          return ErrorAt(loc, absl::StrCat(
              "'", call.str, "' of a window of a tile (tile.slice) into another element type "
              "cannot be emitted as C++ yet (pto-isa's TRESHAPE refuses most pairs); "
              "reinterpret the whole tile, or copy the window into a tile of its own first "
              "(tile.move)"));
        }
        Line(absl::StrCat("TASSIGN(", name, ", ", Hex(address->second), ");"));
        return result(TileValue{name, g, src.buffer, /*view=*/true});
      }
      Line(absl::StrCat(op.cce_name, "(", name, ", ", src.name, ");"));
      return result(TileValue{name, g, src.buffer, /*view=*/true});
    }
    case OpKind::kSetValidShape: {
      // The source's buffer as a Tile of the result's type (its valid shape
      // the call's): lowering_ops5.h.
      ASSIGN_OR_RETURN(TileValue src, TileOperand(*call.args[0]));
      auto address = buffer_address_.find(src.buffer.id);
      if (src.view || address == buffer_address_.end()) {
        return ErrorAt(loc, "pl.set_validshape cannot narrow a tile view (a slice or reshape "
                            "result): a view carries its valid extent in its type; narrow at "
                            "the slice itself or call pl.set_validshape on the source tile");
      }
      ASSIGN_OR_RETURN(TileValue dst, NewTile(call.type, hint, false, loc));
      Line(absl::StrCat("TASSIGN(", dst.name, ", ", Hex(address->second), ");"));
      dst.buffer = src.buffer;
      return result(dst);
    }
    case OpKind::kGatherB: {
      // A window copied into a tile of its own first when the plan says so
      // (lowering_ops5.h): TEXTRACT at [0, 0], as ptoas spells pto.textract.
      ASSIGN_OR_RETURN(TileValue src, TileOperand(*call.args[0]));
      ASSIGN_OR_RETURN(TileValue off, TileOperand(*call.args[1]));
      std::vector<Buffer> args = {src.buffer, off.buffer};
      if (GatherBCopiesSource(plan)) {
        ASSIGN_OR_RETURN(TileValue copy, NewTile(call.args[0]->type, "window", true, loc));
        OrderStep(plan.steps[0], args, copy.buffer);
        Line(absl::StrCat("TEXTRACT(", copy.name, ", ", src.name, ", 0, 0);"));
        src = copy;
        args[0] = copy.buffer;
      }
      ASSIGN_OR_RETURN(TileValue dst, NewTile(call.type, hint, true, loc));
      OrderStep(plan.steps.back(), args, dst.buffer);
      Line(absl::StrCat(op.cce_name, "(", dst.name, ", ", src.name, ", ", off.name, ");"));
      return result(dst);
    }
    case OpKind::kGatherMask: {
      // What ptoas emits: both tile types and the pattern as template
      // arguments (lowering_ops5.h).
      ASSIGN_OR_RETURN(TileValue src, TileOperand(*call.args[0]));
      if (src.view) {
        return ErrorAt(loc, absl::StrCat("'", call.str, "' (", op.cce_name, ") takes a whole "
                                         "tile, not a window of a wider one (tile.slice): copy "
                                         "the window into a tile of its own first (tile.move)"));
      }
      ASSIGN_OR_RETURN(TileValue dst, NewTile(call.type, hint, true, loc));
      OrderStep(plan.steps[0], {src.buffer}, dst.buffer);
      Line(absl::StrCat(op.cce_name, "<decltype(", dst.name, "), decltype(", src.name,
                        "), MaskPattern::", GatherMaskPatternName(GatherMaskPattern(call)), ">(",
                        dst.name, ", ", src.name, ");"));
      return result(dst);
    }
    case OpKind::kTri: {
      // What ptoas emits: the tile type and the selector as template
      // arguments.
      ASSIGN_OR_RETURN(std::string diagonal,
                       ScalarAs(*call.args[plan.scalar_arg], plan.scalar_dtype));
      ASSIGN_OR_RETURN(TileValue dst, NewTile(call.type, hint, true, loc));
      OrderStep(plan.steps[0], {}, dst.buffer);
      Line(absl::StrCat(op.cce_name, "<decltype(", dst.name, "), ", TriUpperOrLower(call), ">(",
                        dst.name, ", ", diagonal, ");"));
      return result(dst);
    }
    case OpKind::kTernary: {
      // As ptoas computes it: TADD / TSUB / TADDS / TSUBS into the result,
      // then TADD of the carry into it (lowering_ops4.h).
      std::vector<TileValue> srcs;
      for (int i : plan.tile_args) {
        ASSIGN_OR_RETURN(TileValue v, TileOperand(*call.args[i]));
        if (v.view) {
          return ErrorAt(loc, absl::StrCat("'", call.str, "' (", op.cce_name, ") takes whole "
                                           "tiles, and an operand is a window of a wider tile "
                                           "(tile.slice): copy the window into a tile of its "
                                           "own first (tile.move)"));
        }
        srcs.push_back(v);
      }
      const bool scalar = plan.scalar_arg >= 0;
      std::string second = scalar ? "" : srcs[1].name;
      if (scalar) {
        ASSIGN_OR_RETURN(second, ScalarAs(*call.args[plan.scalar_arg], plan.scalar_dtype));
      }
      ASSIGN_OR_RETURN(TileValue dst, NewTile(call.type, hint, true, loc));
      std::vector<Buffer> args;
      for (const TileValue& v : srcs) args.push_back(v.buffer);
      const bool add = op.cce_name == "TADDC" || op.cce_name == "TADDSC";
      OrderStep(plan.steps[0], args, dst.buffer);
      Line(absl::StrCat(add ? "TADD" : "TSUB", scalar ? "S" : "", "(", dst.name, ", ",
                        srcs[0].name, ", ", second, ");"));
      OrderStep(plan.steps[1], args, dst.buffer);
      Line(absl::StrCat("TADD(", dst.name, ", ", dst.name, ", ", srcs.back().name, ");"));
      return result(dst);
    }
    case OpKind::kRowExpand: {
      // The vector's rows filled in its own buffer, read as ptoas's block
      // tile (TRESHAPE), then the op (lowering_ops4.h).
      ASSIGN_OR_RETURN(TileValue src, TileOperand(*call.args[0]));
      ASSIGN_OR_RETURN(TileValue vec, TileOperand(*call.args[1]));
      if (src.view || vec.view) {
        return ErrorAt(loc, absl::StrCat("'", call.str, "' (", op.cce_name, ") takes whole "
                                         "tiles, and an operand is a window of a wider tile "
                                         "(tile.slice): copy the window into a tile of its own "
                                         "first (tile.move)"));
      }
      const TileGeometry g = RowExpandBlock(vec.geometry);
      const std::string block = Fresh("rows");
      Line(absl::StrCat(CceTileType(g), " ", block, ";"));
      Line(absl::StrCat("TRESHAPE(", block, ", ", vec.name, ");"));
      OrderStep(plan.steps[0], {src.buffer, vec.buffer}, vec.buffer);
      Line(absl::StrCat("TROWEXPAND(", block, ", ", vec.name, ");"));
      ASSIGN_OR_RETURN(TileValue dst, NewTile(call.type, hint, true, loc));
      OrderStep(plan.steps[1], {src.buffer, vec.buffer}, dst.buffer);
      Line(absl::StrCat(op.cce_name, "(", dst.name, ", ", src.name, ", ", block, ");"));
      return result(dst);
    }
    case OpKind::kSubview: {
      // A view of the source's buffer: TSUBVIEW places it, the memory plan
      // gives it nothing, the pipe order sees the source's buffer.
      ASSIGN_OR_RETURN(TileValue src, TileOperand(*call.args[0]));
      const ViewWindow& w = plan.view;
      ASSIGN_OR_RETURN(std::string r, ScalarAs(*w.row_offset, DType::kINDEX));
      ASSIGN_OR_RETURN(std::string c, ScalarAs(*w.col_offset, DType::kINDEX));
      const TileGeometry tile = ViewTile(w, src.geometry);
      const std::string name = Fresh(hint.empty() ? "view" : hint);
      // A run-time valid dim is the tile's constructor argument (pto-isa's
      // Tile takes only the dynamic ones); TSUBVIEW sets its data alone.
      std::vector<std::string> valid;
      for (const Dim& d : {tile.valid_rows, tile.valid_cols}) {
        if (d.is_static()) continue;
        ASSIGN_OR_RETURN(std::string v, ParamValue(d.symbol, loc));
        valid.push_back(v);
      }
      Line(absl::StrCat(CceTileType(tile), " ", name,
                        valid.empty() ? "" : absl::StrCat("(", absl::StrJoin(valid, ", "), ")"),
                        ";"));
      Line(absl::StrCat(op.cce_name, "(", name, ", ", src.name, ", ", r, ", ", c, ");"));
      return result(TileValue{name, tile, src.buffer, /*view=*/true});
    }
    case OpKind::kAssemble: {
      // The target copied into a tile of its own, then the source into the
      // window of it at the offsets (lowering.cc), as PyPTO writes it.
      ASSIGN_OR_RETURN(TileValue target, TileOperand(*call.args[0]));
      ASSIGN_OR_RETURN(TileValue src, TileOperand(*call.args[1]));
      const ViewWindow& w = plan.view;
      std::string r = absl::StrCat(w.folded_row);
      if (w.row_offset != nullptr) {
        ASSIGN_OR_RETURN(r, ScalarAs(*w.row_offset, DType::kINDEX));
      }
      ASSIGN_OR_RETURN(std::string c, ScalarAs(*w.col_offset, DType::kINDEX));
      ASSIGN_OR_RETURN(TileValue dst, NewTile(call.type, hint, true, loc));
      OrderStep(plan.steps[0], {target.buffer, src.buffer}, dst.buffer);
      Line(absl::StrCat(op.cce_name, "(", dst.name, ", ", target.name, ");"));
      const TileGeometry tile = ViewTile(w, dst.geometry);
      const std::string view = Fresh("window");
      Line(absl::StrCat(CceTileType(tile), " ", view, ";"));
      Line(absl::StrCat("TSUBVIEW(", view, ", ", dst.name, ", ", r, ", ", c, ");"));
      OrderStep(plan.steps[1], {target.buffer, src.buffer}, dst.buffer);
      Line(absl::StrCat(op.cce_name, "(", view, ", ", src.name, ");"));
      return result(dst);
    }
    case OpKind::kMgather: {
      // MGATHER<Coalesce::Row|Elem[, GatherOOB::X]>(dst, table, idx), the
      // whole table as the GlobalTensor, after the barrier the plan asks
      // for (lowering.cc).
      static constexpr const char* kOob[] = {"Undefined", "Clamp", "Wrap", "Zero"};
      ASSIGN_OR_RETURN(TileValue idx, TileOperand(*call.args[1]));
      ASSIGN_OR_RETURN(GmTensor* t, Gm(*call.args[0]));
      const std::string gt = GlobalView(*t, t->ptr, WholeRegion(*t));
      ASSIGN_OR_RETURN(TileValue dst, NewTile(call.type, hint, true, loc));
      if (plan.steps[0].barrier_all_before) BarrierAll();
      for (const MachineStep& step : plan.steps) {
        OrderStep(step, {idx.buffer}, dst.buffer, {t->param});
      }
      Line(absl::StrCat(op.cce_name, "<Coalesce::", plan.gather_elem ? "Elem" : "Row",
                        plan.gather_oob == 0 ? "" : absl::StrCat(", GatherOOB::",
                                                                 kOob[plan.gather_oob]),
                        ">(", dst.name, ", ", gt, ", ", idx.name, ");"));
      return result(dst);
    }
    case OpKind::kTileRead:
    case OpKind::kTileWrite: {
      // The scalar unit's access of one element (lowering.cc), at the
      // row-major offset into the physical buffer, as ptoas prints
      // pto.tgetval / pto.tsetval.
      ASSIGN_OR_RETURN(TileValue t, TileOperand(*call.args[0]));
      if (t.view) return ElementOfViewError(call, loc);
      std::vector<std::string> terms;
      for (const auto& [index, stride] : plan.offset_terms) {
        ASSIGN_OR_RETURN(std::string v, ScalarAs(*index, DType::kINDEX));
        terms.push_back(stride == 1 ? v : absl::StrCat("(", v, ") * ", stride));
      }
      const int64_t c = plan.offset_constant;
      if (c != 0 || terms.empty()) terms.push_back(absl::StrCat(c));
      const std::string offset = absl::StrJoin(terms, " + ");
      const DType d = t.geometry.dtype;
      if (op.kind == OpKind::kTileRead) {
        OrderStep(plan.steps[0], {t.buffer}, {});
        return std::optional<Value>(Value{
            Materialize(absl::StrCat(t.name, ".", op.cce_name, "(", offset, ")"), d,
                        hint.empty() ? "value" : hint),
            {}});
      }
      ASSIGN_OR_RETURN(std::string v, ScalarAs(*call.args[2], d));
      OrderStep(plan.steps[0], {t.buffer}, t.buffer);
      Line(absl::StrCat(t.name, ".", op.cce_name, "(", offset, ", ", v, ");"));
      return result(t);
    }
    case OpKind::kMatmulAcc: {
      // In place: the result is the acc tile (lowering.cc).
      std::vector<TileValue> srcs;
      std::vector<Buffer> args;
      for (int i : plan.tile_args) {
        ASSIGN_OR_RETURN(TileValue v, TileOperand(*call.args[i]));
        srcs.push_back(v);
        args.push_back(v.buffer);
      }
      OrderStep(plan.steps[0], args, srcs[0].buffer);
      const std::string accumulate =
          absl::StrCat(op.cce_name, AccPhaseTemplate(plan), "(", srcs[0].name, ", ",
                       srcs[0].name, ", ", srcs[1].name, ", ", srcs[2].name, ");");
      // PyPTO's init_cond: where it holds, the product overwrites the
      // accumulator (the op of the same operands without it).
      const std::string initialize = absl::StrCat(op.init_cce_name, "(", srcs[0].name, ", ",
                                                  srcs[1].name, ", ", srcs[2].name, ");");
      if (plan.acc_init != CallLowering::AccInit::kBranch) {
        Line(plan.acc_init == CallLowering::AccInit::kInitialize ? initialize : accumulate);
        return result(srcs[0]);
      }
      ASSIGN_OR_RETURN(std::string holds, ScalarAs(*plan.init_cond, DType::kBOOL));
      Open(absl::StrCat("if (", holds, ")"));
      Line(initialize);
      Close("} else {");
      ++indent_;
      Line(accumulate);
      Close("}");
      return result(srcs[0]);
    }
    case OpKind::kFillPad: {
      if (!IsFillPadInPlace(call)) break;
      // In place: a tile of the result's type at the source's address,
      // the source's buffer to the sync plan.
      ASSIGN_OR_RETURN(TileValue src, TileOperand(*call.args[0]));
      auto address = buffer_address_.find(src.buffer.id);
      if (src.view || address == buffer_address_.end()) {
        return ErrorAt(loc, "'tile.fillpad_inplace' pads a tile of its own, not a window or "
                            "a reshaped view (copy it into a tile of its own first: tile.move)");
      }
      ASSIGN_OR_RETURN(TileValue dst, NewTile(call.type, hint, false, loc));
      Line(absl::StrCat("TASSIGN(", dst.name, ", ", Hex(address->second), ");"));
      dst.buffer = src.buffer;
      OrderStep(plan.steps[0], {src.buffer}, dst.buffer);
      Line(absl::StrCat(op.cce_name, "(", dst.name, ", ", src.name, ");"));
      return result(dst);
    }
    default:
      break;
  }
  std::vector<TileValue> srcs;
  for (int i : plan.tile_args) {
    ASSIGN_OR_RETURN(TileValue v, TileOperand(*call.args[i]));
    srcs.push_back(v);
  }
  std::string scalar;
  if (plan.scalar_arg >= 0) {
    // In the element type of the tile it goes with (lowering.cc).
    ASSIGN_OR_RETURN(scalar, ScalarAs(*call.args[plan.scalar_arg], plan.scalar_dtype));
  }
  std::vector<TileGeometry> geometries;
  for (const TileValue& v : srcs) geometries.push_back(v.geometry);
  ASSIGN_OR_RETURN(TileGeometry placed, PlacedResult(plan, call, geometries, backend_, loc));
  ASSIGN_OR_RETURN(TileValue dst, NewTile(placed, hint, true, loc));
  ASSIGN_OR_RETURN(TileGeometry own, GeometryOf(call.type, backend_, loc));
  dst.view = CceTileType(placed) != CceTileType(own);
  std::vector<Buffer> args;
  std::vector<std::string> operands = {dst.name};
  for (const TileValue& v : srcs) args.push_back(v.buffer);
  for (int slot : OperandSlots(plan)) operands.push_back(slot < 0 ? scalar : srcs[slot].name);
  absl::string_view name = op.cce_name;
  if (op.kind == OpKind::kTileMove) name = "TMOV";
  if (op.kind == OpKind::kCast) {
    operands.push_back(absl::StrCat("RoundMode::CAST_", RoundModeName(CastRoundMode(call))));
  }
  if (plan.cmp_mode >= 0) {
    operands.push_back(absl::StrCat("CmpMode::", absl::AsciiStrToUpper(CmpModeName(plan.cmp_mode))));
  }
  if (op.kind == OpKind::kColReduce && plan.tile_args.size() == 2) {
    operands.push_back("true");  // TCOLSUM's isBinary, with its scratch tile
  }
  OrderStep(plan.steps[0], args, dst.buffer);
  std::string precision;
  if (!plan.precision.empty()) {
    // pto-isa's DivAlgorithm / LogAlgorithm / RecipAlgorithm.
    std::string family = plan.precision;
    family[0] = absl::ascii_toupper(family[0]);
    precision = absl::StrCat("<pto::", family, "Algorithm::HIGH_PRECISION>");
  }
  Line(absl::StrCat(name, AccPhaseTemplate(plan), precision, "(", absl::StrJoin(operands, ", "),
                    ");"));
  return result(dst);
}

// ---- communication and scalar GM ----

absl::StatusOr<std::optional<CceFunctionEmitter::Value>> CceFunctionEmitter::LowerCommOp(
    const Expr& call, const CallLowering& plan, absl::string_view hint) {
  const OpLowering& op = *plan.op;
  const Location& loc = LocOf(call);
  auto scalar = [](std::string s) { return std::optional<Value>(Value{std::move(s), {}}); };
  switch (op.kind) {
    case OpKind::kConst: {
      // PyPTO's typed literal: the number as a value of its dtype.
      ASSIGN_OR_RETURN(std::string v, ScalarAs(*call.args[0], call.type.dtype()));
      return scalar(v);
    }
    case OpKind::kScalarMinMax: {
      const DType d = call.type.dtype();
      ASSIGN_OR_RETURN(std::string a, ScalarAs(*call.args[0], d));
      ASSIGN_OR_RETURN(std::string b, ScalarAs(*call.args[1], d));
      const char* pick = call.str == "min" ? " < " : " > ";
      return scalar(absl::StrCat("((", a, ")", pick, "(", b, ") ? (", a, ") : (", b, "))"));
    }
    case OpKind::kScalarCast: {
      const DType d = call.type.dtype();
      ASSIGN_OR_RETURN(std::string v, ScalarAs(*call.args[0], d));
      return scalar(Materialize(v, d, hint.empty() ? "cast" : hint));
    }
    case OpKind::kGetCommCtx:
      return scalar(comm_ctx_);
    case OpKind::kRank:
    case OpKind::kNRanks: {
      ASSIGN_OR_RETURN(std::string ctx, CommCtx(*call.args[0]));
      // The communicator is read-only: no ordering against the pipes.
      return scalar(Materialize(absl::StrCat(ctx, op.kind == OpKind::kRank ? "[0]" : "[1]"),
                                DType::kINDEX,
                                hint.empty() ? (op.kind == OpKind::kRank ? "rank" : "nranks")
                                             : hint));
    }
    case OpKind::kSubblockIdx:
      // What ptoas emits for pto.get_subblock_idx.
      return scalar(Materialize("get_subblockid()", DType::kINDEX, hint.empty() ? "sb" : hint));
    case OpKind::kBlockIdx:
    case OpKind::kBlockNum: {
      // What ptoas emits for pto.get_block_idx / pto.get_block_num.
      const bool idx = op.kind == OpKind::kBlockIdx;
      return scalar(Materialize(idx ? "get_block_idx()" : "get_block_num()", DType::kINDEX,
                                hint.empty() ? (idx ? "block" : "blocks") : hint));
    }
    case OpKind::kTensorRead:
    case OpKind::kTensorWrite: {
      ASSIGN_OR_RETURN(GmTensor* t, Gm(*call.args[0]));
      const Expr& indices = *call.args[1];
      if ((indices.kind != ExprKind::kList && indices.kind != ExprKind::kTuple) ||
          indices.args.size() != t->dims.size()) {
        return ErrorAt(loc, absl::StrCat("expected ", t->dims.size(), " indices for '",
                                         t->param->name, "'"));
      }
      std::vector<std::string> idx;
      std::vector<MaybeInt> static_idx;
      for (const ExprPtr& i : indices.args) {
        ASSIGN_OR_RETURN(std::string v, ScalarAs(*i, DType::kINDEX));
        idx.push_back(v);
        static_idx.push_back(i->kind == ExprKind::kInt ? MaybeInt(i->int_value) : std::nullopt);
      }
      std::string offset = Offset(*t, idx, static_idx);
      if (offset.empty()) offset = "0";
      const std::string element = absl::StrCat(t->ptr, "[", offset, "]");
      if (op.kind == OpKind::kTensorWrite) {
        ASSIGN_OR_RETURN(std::string v, ScalarAs(*call.args[2], t->dtype));
        OrderStep(plan.steps[0], {}, {}, {t->param});
        Line(absl::StrCat(element, " = ", v, ";"));
        return std::optional<Value>();
      }
      OrderStep(plan.steps[0], {}, {}, {t->param});
      return scalar(Materialize(element, t->dtype, hint.empty() ? "value" : hint));
    }
    case OpKind::kTilePut: case OpKind::kTensorPut:
    case OpKind::kTileGet: case OpKind::kTensorGet: {
      const MachineStep& step = plan.steps[0];
      const bool put = step.op == MachineOp::kTPut;
      ASSIGN_OR_RETURN(GmTensor* dst, Gm(*call.args[0]));
      ASSIGN_OR_RETURN(GmTensor* src, Gm(*call.args[2]));
      GmTensor& remote = plan.remote_arg == 0 ? *dst : *src;
      GmTensor& local = plan.local_arg == 0 ? *dst : *src;
      ASSIGN_OR_RETURN(TileValue stage,
                       plan.stage_arg >= 0
                           ? TileOperand(*call.args[plan.stage_arg])
                           : NewTile(*plan.staging, "stage", true, loc));
      ASSIGN_OR_RETURN(std::string peer, PeerPointer(remote, *call.args[plan.peer_arg], loc));
      Region remote_region = WholeRegion(remote);
      Region local_region = WholeRegion(local);
      if (plan.remote_offsets_arg >= 0) {
        ASSIGN_OR_RETURN(remote_region, RegionAt(remote, *call.args[plan.remote_offsets_arg],
                                                 plan.transfer_shape, loc));
        ASSIGN_OR_RETURN(local_region, RegionAt(local, *call.args[plan.local_offsets_arg],
                                                plan.transfer_shape, loc));
      }
      const std::string remote_gt = GlobalView(remote, peer, remote_region);
      const std::string local_gt = GlobalView(local, local.ptr, local_region);
      if (step.barrier_all_before) BarrierAll();
      if (put) {
        Line(absl::StrCat(plan.atomic_add ? "pto::comm::TPUT<AtomicType::AtomicAdd>("
                                            : "pto::comm::TPUT(",
                          remote_gt, ", ", local_gt, ", ", stage.name, ");"));
      } else {
        Line(absl::StrCat("pto::comm::TGET(", local_gt, ", ", remote_gt, ", ", stage.name,
                          ");"));
      }
      if (step.barrier_all_after) BarrierAll();
      if (InvalidatesPeerRegion(plan, plan_)) {
        RETURN_IF_ERROR(InvalidateRegion(remote, peer, remote_region, loc));
      }
      return std::optional<Value>();
    }
    default:
      break;
  }
  // Signals: notify / wait / test on one INT32 element.
  ASSIGN_OR_RETURN(Access a, AccessOf(call, plan));
  const GmTensor* t = a.tensor;
  const std::string gt = GlobalView(*t, a.base, a.region);
  ASSIGN_OR_RETURN(std::string value, ScalarAs(*call.args[plan.offsets_arg + 1], DType::kINT32));
  if (op.kind == OpKind::kNotify) {
    const Expr* kind = AttrOrDefault(call, "op");
    // releases_reads: the flags plan orders what must complete before it;
    // barrier-all drains every pipe.
    if (plan.steps[0].releases_reads && !flags()) BarrierAll();
    OrderStep(plan.steps[0], {}, {}, {t->param});
    Line(absl::StrCat("pto::comm::TNOTIFY(", gt, ", ", value, ", pto::comm::NotifyOp::",
                      kind != nullptr && kind->str == "Set" ? "Set" : "AtomicAdd", ");"));
    return std::optional<Value>();
  }
  OrderStep(plan.steps[0], {}, {}, {t->param});
  const std::string call_text = absl::StrCat("pto::comm::", op.kind == OpKind::kWait ? "TWAIT" : "TTEST",
                                             "(", gt, ", ", value, ", pto::comm::WaitCmp::",
                                             WaitCmp(call), ")");
  if (op.kind == OpKind::kWait) {
    Line(absl::StrCat(call_text, ";"));
    return std::optional<Value>();
  }
  return scalar(Materialize(call_text, DType::kBOOL, hint.empty() ? "ready" : hint));
}

// ---- markers and syncall ----

absl::StatusOr<std::optional<CceFunctionEmitter::Value>> CceFunctionEmitter::LowerSystemOp(
    const Expr& call, const CallLowering& plan) {
  const OpLowering& op = *plan.op;
  const Location& loc = LocOf(call);
  if (op.kind == OpKind::kFence) {
    const MachineStep& step = plan.steps[0];
    Marker(planner_.Op(step, {}, cur_loc()));
    if (step.drains_all) Line("pipe_barrier(PIPE_ALL);");
    for (Pipe p : step.drains) Line(absl::StrCat("pipe_barrier(", PipeName(p), ");"));
    Line("dsb(DSB_DDR);");
    return std::optional<Value>();
  }
  if (op.kind == OpKind::kBarrier) {
    OrderStep(plan.steps[0], {}, {});
    if (!BarrierPrinted(op, fn_.kind, backend_)) return std::optional<Value>();
    Line(absl::StrCat("pipe_barrier(", op.cce_name, ");"));
    return std::optional<Value>();
  }
  if (op.kind == OpKind::kCacheInvalidate) {
    if (call.args.empty()) {
      InvalidateAll();
      return std::optional<Value>();
    }
    ASSIGN_OR_RETURN(Access a, AccessOf(call, plan));
    RETURN_IF_ERROR(InvalidateRegion(*a.tensor, a.base, a.region, loc));
    return std::optional<Value>();
  }
  // system.syncall
  static constexpr absl::string_view kCores[] = {"Mix", "AICOnly", "AIVOnly"};
  const SyncCore core = SyncCoreOf(call);
  const std::string kind =
      absl::StrCat("SyncCoreType::", kCores[static_cast<int>(core)]);
  OrderStep(plan.steps[0], {}, {});
  if (!IsSoftSyncAll(call)) {
    Line(absl::StrCat("SYNCALL<", kind, ">();"));
    return std::optional<Value>();
  }
  const int c = static_cast<int>(core);
  const int slot = abi_.syncall_slot_base[c] + syncalls_seen_[c]++;
  const std::string ws =
      slot == 0 ? sync_workspace_
                : absl::StrCat(sync_workspace_, " + ", int64_t{slot} * kSyncWorkspaceInts);
  // pto-isa takes the workspace as a GlobalTensor of its 16 counters.
  const std::string ws_gm = Fresh("syncall_ws");
  Line(absl::StrCat("GlobalTensor<int32_t, pto::Shape<1, 1, 1, 1, ", kSyncWorkspaceInts,
                    ">, pto::Stride<1, 1, 1, ", kSyncWorkspaceInts, ", 1>> ", ws_gm, "(", ws,
                    ");"));
  Line(absl::StrCat("SYNCALL<SyncAllMode::Soft, ", kind, ">(", ws_gm, ");"));
  return std::optional<Value>();
}

// ---- the cross-core pipe ----

absl::StatusOr<std::optional<CceFunctionEmitter::Value>> CceFunctionEmitter::LowerPipeOp(
    const Expr& call, const CallLowering& plan, absl::string_view hint) {
  const OpLowering& op = *plan.op;
  const Location& loc = LocOf(call);
  auto address_of = [&](const std::string& func, const std::string& name) -> int64_t {
    for (const ReservedBuffer& b : reserved_.at(func)) {
      if (b.name == name) return b.base;
    }
    return 0;
  };
  switch (op.kind) {
    case OpKind::kReserveBuffer: {
      const std::string name = StringAttr(call, "name");
      return std::optional<Value>(Value{
          Materialize(Hex(address_of(fn_.name, name)), DType::kINT32,
                      hint.empty() ? "buffer" : hint),
          {}});
    }
    case OpKind::kImportBuffer: {
      RETURN_IF_ERROR(FindPeerReserve(program_, call, loc).status());
      const int64_t address =
          address_of(StringAttr(call, "peer_func"), StringAttr(call, "name"));
      return std::optional<Value>(
          Value{Materialize(Hex(address), DType::kINT32, hint.empty() ? "buffer" : hint), {}});
    }
    case OpKind::kAicInitPipe:
    case OpKind::kAivInitPipe: {
      ASSIGN_OR_RETURN(PipeSetup p, pipes_.Initialize(call, loc));
      ASSIGN_OR_RETURN(std::string c2v, ScalarAs(*call.args[0], DType::kINT32));
      ASSIGN_OR_RETURN(std::string v2c, ScalarAs(*call.args[1], DType::kINT32));
      const std::string name = Fresh(absl::StrCat("pipe", p.id));
      pipe_names_.push_back(name);
      // a5 pipes have no GM backing store.
      std::string gm_slot = "nullptr";
      if (backend_ == Backend::kA2A3) {
        gm_slot = p.params.gm.base == 0 ? gm_pipe_buffer_
                                        : absl::StrCat(gm_pipe_buffer_, " + ", p.params.gm.base);
      }
      Line(absl::StrCat("auto ", name, " = TPipe<", p.params.flag_id, ", Direction::",
                        CceDirection(p.dir_mask), ", ", p.slot_size, ", ", p.slot_num,
                        ", ", p.params.local_slot_num, ", ",
                        p.params.no_split ? "true" : "false", ">(", gm_slot, ", ", c2v,
                        ", ", v2c, ");"));
      return std::optional<Value>();
    }
    default:
      break;
  }
  ASSIGN_OR_RETURN(PipeSetup pipe, pipes_.Use(call, op.kind, loc));
  ASSIGN_OR_RETURN(absl::string_view split, CceSplitAxis(plan.split, loc));
  const std::string& p = pipe_names_[pipe.id];
  const std::string pipe_type = absl::StrCat("decltype(", p, ")");
  switch (op.kind) {
    case OpKind::kPushToAiv:
    case OpKind::kPushToAic: {
      ASSIGN_OR_RETURN(TileValue tile, TileOperand(*call.args[0]));
      OrderStep(plan.steps[0], {tile.buffer}, {});
      const std::string push = absl::StrCat("TPUSH<", pipe_type, ", decltype(", tile.name,
                                            "), TileSplitAxis::", split, ">(", p, ", ",
                                            tile.name, ");");
      if (op.kind == OpKind::kPushToAic && plan_.aiv_lanes == 2 &&
          backend_ == Backend::kA2A3 && plan.split == 0) {
        // Both AIV lanes push (the handshake is a group sync), but only
        // AIV0's tile is the data: AIV1 allocates the slot entry and signals
        // without storing (dual-aiv.md, "Lane 1's no-split push carries no
        // data"). pto-isa's CPU model has no TALLOC and already skips a
        // no-split vector push on subblock 1, so it gets the tile push.
        const TileGeometry& g = tile.geometry;
        const std::string entry = Fresh("slot_entry");
        Line("#if defined(__CCE_AICORE__)");
        Line("if (get_subblockid() == 0) {");
        ++indent_;
        Line(push);
        --indent_;
        Line("} else {");
        ++indent_;
        Line(absl::StrCat("GlobalTensor<", CceType(g.dtype), ", pto::Shape<1, 1, 1, ", g.rows,
                          ", ", g.cols, ">, pto::Stride<1, 1, 1, ", g.cols, ", 1>> ", entry,
                          ";"));
        Line(absl::StrCat("TALLOC<", pipe_type, ", decltype(", entry, "), TileSplitAxis::",
                          split, ">(", p, ", ", entry, ");"));
        Line(absl::StrCat("TPUSH<", pipe_type, ", decltype(", entry, "), TileSplitAxis::",
                          split, ">(", p, ", ", entry, ");"));
        --indent_;
        Line("}");
        Line("#else");
        Line(push);
        Line("#endif");
        return std::optional<Value>();
      }
      Line(push);
      return std::optional<Value>();
    }
    case OpKind::kPopFromAic:
    case OpKind::kPopFromAiv: {
      // TPOP points the tile at its FIFO slot; no TASSIGN.
      ASSIGN_OR_RETURN(TileValue tile,
                       NewTile(call.type, hint.empty() ? "popped" : hint, false, loc));
      // The pipe's consumer ring (pipe-sync.md §2.1; barrier-all's rule
      // sees all of the memory).
      tile.buffer.id = kRingBufferBase + pipe.id;
      OrderStep(plan.steps[0], {}, tile.buffer);
      Line(absl::StrCat("TPOP<", pipe_type, ", decltype(", tile.name, "), TileSplitAxis::",
                        split, ">(", p, ", ", tile.name, ");"));
      return std::optional<Value>(Value{tile.name, tile});
    }
    default: {  // tfree
      ASSIGN_OR_RETURN(TileValue tile, TileOperand(*call.args[0]));
      OrderStep(plan.steps[0], {tile.buffer}, {});
      Line(absl::StrCat("TFREE<", pipe_type, ", TileSplitAxis::", split, ">(", p, ");"));
      return std::optional<Value>();
    }
  }
}

}  // namespace codegen
}  // namespace ptoc
