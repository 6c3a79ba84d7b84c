// PTO-AS emission: the lowering of each op.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/strip.h"
#include "codegen/lowering_ops4.h"
#include "codegen/lowering_ops5.h"
#include "codegen/pto_emitter.h"

#include "ir/checked_math.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

std::string Quoted(const std::string& s) {
  return absl::StrCat("\"", absl::StrReplaceAll(s, {{"\\", "\\\\"}, {"\"", "\\\""}}), "\"");
}

std::string AtomicSuffix(const CallLowering& plan) {
  return plan.atomic_add ? " {atomicType = #pto<atomic_type atomic_add>}" : "";
}

absl::string_view WaitCmp(const Expr& call) {
  const Expr* a = AttrOrDefault(call, "cmp");
  return a != nullptr && a->str == "Ge" ? "ge" : "eq";
}

// tile.gemv ...: PyPTO's spelling of the accumulation phase (lowering_cube.h).
std::string AccPhaseSuffix(const CallLowering& plan) {
  if (plan.acc_phase.empty()) return "";
  return absl::StrCat(" {accPhase = #pto<acc_phase ", plan.acc_phase, ">}");
}

}  // namespace

absl::StatusOr<std::optional<PtoFunctionEmitter::Value>> PtoFunctionEmitter::LowerCall(
    const Expr& call, absl::string_view hint) {
  ASSIGN_OR_RETURN(CallLowering plan, PlanCall(fn_, call, backend_, depth_, LocOf(call)));
  peer_bases_.BeginCall(blocks_);
  switch (FamilyOf(plan.op->kind)) {
    case OpFamily::kTile:
      return LowerTileOp(call, plan, hint);
    case OpFamily::kSystem:
      return LowerSystemOp(call, plan, hint);
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

absl::StatusOr<PtoFunctionEmitter::Value> PtoFunctionEmitter::TileArg(const Expr& e) {
  if (!e.type.is_tile()) {
    return ErrorAt(LocOf(e), absl::StrCat("expected a tile, got ", TypeToString(e.type)));
  }
  return Lower(e);
}

absl::StatusOr<PtoFunctionEmitter::Value> PtoFunctionEmitter::CommCtx(const Expr& e) {
  if (e.kind == ExprKind::kVar) {
    auto it = values_.find(e.var);
    if (it != values_.end()) return it->second;
  }
  if (e.kind == ExprKind::kCall && LoweringOf(e) != nullptr &&
      LoweringOf(e)->kind == OpKind::kGetCommCtx) {
    return Value{comm_ctx_, "!pto.ptr<i64>"};
  }
  return ErrorAt(LocOf(e), "expected a communicator (pld.get_comm_ctx)");
}

absl::StatusOr<PtoFunctionEmitter::Value> PtoFunctionEmitter::AllocTile(
    const Type& type, absl::string_view hint, const Location& loc, const TileGeometry* placed) {
  ASSIGN_OR_RETURN(TileGeometry g, GeometryOf(type, backend_, loc));
  std::optional<TileGeometry> as;
  if (placed != nullptr && CceTileType(*placed) != CceTileType(g)) as = *placed;
  // A result placed as its views' strided tile is declared so: ptoas types
  // a subview's C++ tile with its source's columns, and pto-isa's binary
  // instructions take three tiles of one type.
  const std::string ty = PtoTileType(as.has_value() ? *as : g);
  const std::string name = NewName(hint.empty() ? "tile" : hint);
  ASSIGN_OR_RETURN(std::string addr, Address(placed != nullptr ? *placed : g, loc));
  const int64_t buffer = next_buffer_++;
  buffer_addr_[buffer] = addr;
  if (!g.has_dynamic_valid()) {
    Line(absl::StrCat(name, " = pto.alloc_tile ", addr, ": ", ty), loc);
    return Value{name, ty, buffer, as};
  }
  std::string valid;
  const Dim dims[2] = {g.valid_rows, g.valid_cols};
  const char* keys[2] = {"valid_row", "valid_col"};
  // ptoas takes an operand only for a dynamic (`?`) valid dimension; a
  // static one lives in the type alone.
  for (int i = 0; i < 2; ++i) {
    if (dims[i].is_static()) continue;
    ASSIGN_OR_RETURN(std::string v, SymbolValue(dims[i].symbol, "valid dim", loc));
    absl::StrAppend(&valid, " ", keys[i], " = ", v);
  }
  // At level3 the address comes first.
  Line(absl::StrCat(name, " = pto.alloc_tile", addr.empty() ? "" : " ",
                    absl::StripSuffix(addr, " "), valid, " : ", ty),
       loc);
  return Value{name, ty, buffer, as};
}

absl::StatusOr<PtoFunctionEmitter::Value> PtoFunctionEmitter::AllocStagingTile(
    const TileGeometry& g, const Location& loc) {
  const std::string ty = PtoTileType(g);
  const std::string name = NewName("stage");
  ASSIGN_OR_RETURN(std::string addr, Address(g, loc));
  Line(absl::StrCat(name, " = pto.alloc_tile ", addr, ": ", ty), loc);
  return Value{name, ty, next_buffer_++};
}

absl::StatusOr<std::optional<PtoFunctionEmitter::Value>> PtoFunctionEmitter::TurnVector(
    const Expr& call, const CallLowering& plan, const Value& src, absl::string_view hint) {
  const Location& loc = LocOf(call);
  if (src.placed.has_value()) {
    return ErrorAt(loc, "a tile.reshape of a window of a wider tile (tile.slice) into a vector "
                        "of the other orientation cannot be emitted; copy the window into a "
                        "tile of its own first (tile.move)");
  }
  ASSIGN_OR_RETURN(Value dst, AllocTile(call.type, hint, loc));
  ASSIGN_OR_RETURN(Value tmp, AllocStagingTile(*plan.staging, loc));
  Sync(plan.steps[0], {BufferOf(call.args[0]->type, src)}, BufferOf(call.type, dst), {});
  Line(absl::StrCat("pto.ttrans ins(", src.name, ", ", tmp.name, " : ", src.type, ", ", tmp.type,
                    ") outs(", dst.name, " : ", dst.type, ")"),
       loc);
  return std::optional<Value>(dst);
}

absl::StatusOr<std::string> PtoFunctionEmitter::Address(const TileGeometry& g,
                                                        const Location& loc) {
  if (!flags()) return std::string();
  ASSIGN_OR_RETURN(int64_t a, allocator_->Allocate(g, loc));
  return absl::StrCat("addr = ", Const(a, DType::kINT64), " ");
}

// ---- tile ops ----

absl::StatusOr<std::optional<PtoFunctionEmitter::Value>> PtoFunctionEmitter::LowerTileOp(
    const Expr& call, const CallLowering& plan, absl::string_view hint) {
  const OpLowering& op = *plan.op;
  const Location& loc = LocOf(call);
  std::vector<Value> tiles;  // the tile operands, in order
  auto tile_operand = [&](int i) -> absl::Status {
    ASSIGN_OR_RETURN(Value v, TileArg(*call.args[i]));
    tiles.push_back(v);
    return absl::OkStatus();
  };
  switch (op.kind) {
    case OpKind::kTileLoad:
    case OpKind::kRemoteLoad: {
      ASSIGN_OR_RETURN(Access a, AccessOf(call, plan));
      Value pv = Partition(a.base, *a.tensor, a.region, loc);
      ASSIGN_OR_RETURN(Value dst, AllocTile(call.type, hint, loc));
      Sync(plan.steps[0], {}, BufferOf(call.type, dst), {a.tensor->param},
           BoxIn(*a.tensor, a.region));
      Line(absl::StrCat("pto.tload ins(", pv.name, " : ", pv.type, ") outs(", dst.name,
                        " : ", dst.type, ")"),
           loc);
      return std::optional<Value>(dst);
    }
    case OpKind::kTileStore:
    case OpKind::kRemoteStore: {
      RETURN_IF_ERROR(tile_operand(0));
      ASSIGN_OR_RETURN(Access a, AccessOf(call, plan));
      Value pv = Partition(a.base, *a.tensor, a.region, loc);
      Sync(plan.steps[0], {BufferOf(call.args[0]->type, tiles[0])}, {}, {a.tensor->param},
           BoxIn(*a.tensor, a.region));
      Line(absl::StrCat("pto.tstore ins(", tiles[0].name, " : ", tiles[0].type, ") outs(",
                        pv.name, " : ", pv.type, ")", AtomicSuffix(plan)),
           loc);
      if (InvalidatesPeerRegion(plan, plan_)) {
        // A remote store: the peer region's lines.
        RETURN_IF_ERROR(InvalidateRegion(a.base, *a.tensor, a.region, loc));
      }
      return std::optional<Value>();
    }
    case OpKind::kTileAlloc:
      // PyPTO's MemRef buffer: no code; ptoc places the tiles that name it
      // (the pl.Ptr is named only in their types' pl.MemRef text).
      return std::optional<Value>(Value{});
    case OpKind::kTileCreate: {
      ASSIGN_OR_RETURN(Value dst, AllocTile(call.type, hint, loc));
      return std::optional<Value>(dst);
    }
    case OpKind::kMatmulAcc: {
      // In place: the acc tile is both the accumulator read and the output
      // (lowering.cc), as PyPTO writes it.
      std::vector<std::string> names, types;
      std::vector<Buffer> args;
      for (int i : plan.tile_args) {
        RETURN_IF_ERROR(tile_operand(i));
        names.push_back(tiles[i].name);
        types.push_back(tiles[i].type);
        args.push_back(BufferOf(call.args[i]->type, tiles[i]));
      }
      Sync(plan.steps[0], args, BufferOf(call.args[0]->type, tiles[0]), {});
      const std::string outs =
          absl::StrCat(") outs(", tiles[0].name, " : ", tiles[0].type, ")", AccPhaseSuffix(plan));
      const std::string accumulate =
          absl::StrCat("pto.", op.pto_name, " ins(", absl::StrJoin(names, ", "), " : ",
                       absl::StrJoin(types, ", "), outs);
      if (plan.acc_init == CallLowering::AccInit::kAccumulate) {
        Line(accumulate, loc);
        return std::optional<Value>(tiles[0]);
      }
      // PyPTO's init_cond: where it holds, the product overwrites the
      // accumulator (the op of the same operands without it).
      const std::string initialize = absl::StrCat(
          "pto.", op.init_pto_name, " ins(", names[1], ", ", names[2], " : ", types[1], ", ",
          types[2], outs);
      if (plan.acc_init == CallLowering::AccInit::kInitialize) {
        Line(initialize, loc);
        return std::optional<Value>(tiles[0]);
      }
      ASSIGN_OR_RETURN(std::string holds, LowerAs(*plan.init_cond, DType::kBOOL));
      Open(absl::StrCat("scf.if ", holds));
      Line(initialize, loc);
      Reopen("} else {");
      Line(accumulate, loc);
      Close("}", loc);
      return std::optional<Value>(tiles[0]);
    }
    case OpKind::kExtract: {
      // A copy of the window into a tile of its own (lowering.cc checks it).
      RETURN_IF_ERROR(tile_operand(0));
      ASSIGN_OR_RETURN(std::string r, LowerIndex(*call.args[1]));
      ASSIGN_OR_RETURN(std::string c, LowerIndex(*call.args[2]));
      ASSIGN_OR_RETURN(Value dst, AllocTile(call.type, hint, loc));
      Sync(plan.steps[0], {BufferOf(call.args[0]->type, tiles[0])}, BufferOf(call.type, dst), {});
      Line(absl::StrCat("pto.", op.pto_name, " ins(", tiles[0].name, ", ", r, ", ", c, " : ",
                        tiles[0].type, ", index, index) outs(", dst.name, " : ", dst.type, ")"),
           loc);
      return std::optional<Value>(dst);
    }
    case OpKind::kAssemble: {
      // The target copied into a tile of its own, then the source into the
      // window of it at the offsets (lowering.cc), as PyPTO writes it.
      RETURN_IF_ERROR(tile_operand(0));
      RETURN_IF_ERROR(tile_operand(1));
      const ViewWindow& w = plan.view;
      std::string r = Index(w.folded_row);
      if (w.row_offset != nullptr) {
        ASSIGN_OR_RETURN(r, LowerIndex(*w.row_offset));
      }
      ASSIGN_OR_RETURN(std::string c, LowerIndex(*w.col_offset));
      ASSIGN_OR_RETURN(Value dst, AllocTile(call.type, hint, loc));
      const Buffer out = BufferOf(call.type, dst);
      const std::vector<Buffer> args = {BufferOf(call.args[0]->type, tiles[0]),
                                        BufferOf(call.args[1]->type, tiles[1])};
      Sync(plan.steps[0], args, out, {});
      Line(absl::StrCat("pto.", op.pto_name, " ins(", tiles[0].name, " : ", tiles[0].type,
                        ") outs(", dst.name, " : ", dst.type, ")"),
           loc);
      const std::string ty = PtoTileType(w.pto);
      const std::string view = NewName("window");
      Line(absl::StrCat(view, " = pto.subview ", dst.name, "[", r, ", ", c, "] sizes [", w.rows,
                        ", ", w.cols, "] : ", dst.type, " -> ", ty),
           loc);
      Sync(plan.steps[1], args, out, {});
      Line(absl::StrCat("pto.", op.pto_name, " ins(", tiles[1].name, " : ", tiles[1].type,
                        ") outs(", view, " : ", ty, ")"),
           loc);
      return std::optional<Value>(dst);
    }
    case OpKind::kMgather: {
      // PyPTO's Vec form: the whole table as a partition view, the index
      // tile, the coalesce mode and a non-default out-of-bounds mode, after
      // the barrier the plan asks for (lowering.cc).
      static constexpr const char* kOob[] = {"undefined", "clamp", "wrap", "zero"};
      RETURN_IF_ERROR(tile_operand(1));
      ASSIGN_OR_RETURN(GmTensor* t, Gm(*call.args[0]));
      Value pv = Partition(t->view, *t, WholeRegion(*t), loc);
      ASSIGN_OR_RETURN(Value dst, AllocTile(call.type, hint, loc));
      if (plan.steps[0].barrier_all_before) {
        Line("pto.barrier <PIPE_ALL>", loc);
        if (flags()) planner_.FullBarrier();
      }
      for (const MachineStep& step : plan.steps) {
        Sync(step, {BufferOf(call.args[1]->type, tiles[0])}, BufferOf(call.type, dst),
             {t->param});
      }
      Line(absl::StrCat("pto.", op.pto_name, " ins(", pv.name, ", ", tiles[0].name, " : ",
                        pv.type, ", ", tiles[0].type, ") outs(", dst.name, " : ", dst.type,
                        ") {coalesce = #pto<coalesce ", plan.gather_elem ? "elem" : "row", ">",
                        plan.gather_oob == 0 ? ""
                            : absl::StrCat(", gatherOob = #pto<gather_oob ",
                                           kOob[plan.gather_oob], ">"),
                        "}"),
           loc);
      return std::optional<Value>(dst);
    }
    case OpKind::kTileRead:
    case OpKind::kTileWrite: {
      RETURN_IF_ERROR(tile_operand(0));
      if (tiles[0].placed.has_value()) return ElementOfViewError(call, loc);
      // The row-major offset into the physical buffer (lowering.cc).
      std::vector<std::string> terms;
      for (const auto& [index, stride] : plan.offset_terms) {
        ASSIGN_OR_RETURN(std::string v, LowerIndex(*index));
        if (stride != 1) {
          const std::string m = Temp();
          Line(absl::StrCat(m, " = arith.muli ", v, ", ", Index(stride), " : index"), loc);
          v = m;
        }
        terms.push_back(v);
      }
      const int64_t c = plan.offset_constant;
      if (c != 0 || terms.empty()) terms.push_back(Index(c));
      std::string offset = terms[0];
      for (size_t i = 1; i < terms.size(); ++i) {
        const std::string a = Temp();
        Line(absl::StrCat(a, " = arith.addi ", offset, ", ", terms[i], " : index"), loc);
        offset = a;
      }
      const DType d = call.args[0]->type.dtype();
      const Buffer buffer = BufferOf(call.args[0]->type, tiles[0]);
      if (op.kind == OpKind::kTileRead) {
        Sync(plan.steps[0], {buffer}, {}, {});
        const std::string r = Result(hint);
        Line(absl::StrCat(r, " = pto.", op.pto_name, " ins(", tiles[0].name, ", ", offset,
                          " : ", tiles[0].type, ", index) outs : ", PtoScalarType(d)),
             loc);
        return std::optional<Value>(Value{r, PtoScalarType(d)});
      }
      ASSIGN_OR_RETURN(std::string v, LowerAs(*call.args[2], d));
      Sync(plan.steps[0], {buffer}, buffer, {});
      Line(absl::StrCat("pto.", op.pto_name, " ins(", offset, ", ", v, " : index, ",
                        PtoScalarType(d), ") outs(", tiles[0].name, " : ", tiles[0].type, ")"),
           loc);
      return std::optional<Value>(tiles[0]);
    }
    case OpKind::kReshape: {
      // The source's buffer as the result's tile type (lowering.cc checks
      // that the elements keep their order): no buffer, no address of its
      // own. Marked placed (as its own tile) so that, like a window, it is
      // neither carried by a loop nor read by element.
      RETURN_IF_ERROR(tile_operand(0));
      if (plan.staging.has_value()) return TurnVector(call, plan, tiles[0], hint);
      ASSIGN_OR_RETURN(TileGeometry own, GeometryOf(call.args[0]->type, backend_, loc));
      if (tiles[0].placed.has_value() && CceTileType(*tiles[0].placed) != CceTileType(own)) {
        return ErrorAt(loc, "a tile.reshape of a window of a wider tile (tile.slice) cannot be "
                            "emitted; copy the window into a tile of its own first (tile.move)");
      }
      ASSIGN_OR_RETURN(TileGeometry g, GeometryOf(call.type, backend_, loc));
      const std::string ty = PtoTileType(g);
      const std::string name = NewName(hint.empty() ? "reshaped" : hint);
      Line(absl::StrCat(name, " = pto.", op.pto_name, " ", tiles[0].name, " : ", tiles[0].type,
                        " -> ", ty),
           loc);
      return std::optional<Value>(Value{name, ty, tiles[0].buffer, g});
    }
    case OpKind::kGatherMask: {
      // PyPTO's spelling: the pattern attribute among the ins, then "row"
      // (lowering_ops5.h).
      RETURN_IF_ERROR(tile_operand(0));
      if (tiles[0].placed.has_value()) {
        return ErrorAt(loc, absl::StrCat("'", call.str, "' (", op.cce_name, ") takes a whole "
                                         "tile, not a window of a wider one (tile.slice): copy "
                                         "the window into a tile of its own first (tile.move)"));
      }
      ASSIGN_OR_RETURN(Value dst, AllocTile(call.type, hint, loc));
      Sync(plan.steps[0], {BufferOf(call.args[0]->type, tiles[0])}, BufferOf(call.type, dst), {});
      Line(absl::StrCat("pto.", op.pto_name, " ins(", tiles[0].name,
                        ", {maskPattern = #pto.mask_pattern<",
                        GatherMaskPatternName(GatherMaskPattern(call)), ">} : ", tiles[0].type,
                        ", \"row\") outs(", dst.name, " : ", dst.type, ")"),
           loc);
      return std::optional<Value>(dst);
    }
    case OpKind::kTri: {
      // PyPTO's generic form: ptoas takes the selector only as an attribute
      // of it.
      ASSIGN_OR_RETURN(std::string diagonal,
                       LowerAs(*call.args[plan.scalar_arg], plan.scalar_dtype));
      ASSIGN_OR_RETURN(Value dst, AllocTile(call.type, hint, loc));
      Sync(plan.steps[0], {}, BufferOf(call.type, dst), {});
      Line(absl::StrCat("\"pto.", op.pto_name, "\"(", diagonal, ", ", dst.name,
                        ") {upperOrLower = ", TriUpperOrLower(call), " : i32} : (",
                        PtoScalarType(plan.scalar_dtype), ", ", dst.type, ") -> ()"),
           loc);
      return std::optional<Value>(dst);
    }
    case OpKind::kTernary: {
      // PyPTO's one instruction (ptoas computes it in two: lowering_ops4.h).
      for (int i : plan.tile_args) RETURN_IF_ERROR(tile_operand(i));
      for (const Value& t : tiles) {
        if (t.placed.has_value()) {
          return ErrorAt(loc, absl::StrCat("'", call.str, "' (", op.cce_name, ") takes whole "
                                           "tiles, and an operand is a window of a wider tile "
                                           "(tile.slice): copy the window into a tile of its "
                                           "own first (tile.move)"));
        }
      }
      std::vector<std::string> names, types;
      for (const Value& t : tiles) names.push_back(t.name), types.push_back(t.type);
      if (plan.scalar_arg >= 0) {
        ASSIGN_OR_RETURN(std::string s, LowerAs(*call.args[plan.scalar_arg], plan.scalar_dtype));
        names.insert(names.begin() + 1, s);
        types.insert(types.begin() + 1, PtoScalarType(plan.scalar_dtype));
      }
      ASSIGN_OR_RETURN(Value dst, AllocTile(call.type, hint, loc));
      std::vector<Buffer> args;
      for (size_t i = 0; i < tiles.size(); ++i) {
        args.push_back(BufferOf(call.args[plan.tile_args[i]]->type, tiles[i]));
      }
      for (const MachineStep& step : plan.steps) Sync(step, args, BufferOf(call.type, dst), {});
      Line(absl::StrCat("pto.", op.pto_name, " ins(", absl::StrJoin(names, ", "), " : ",
                        absl::StrJoin(types, ", "), ") outs(", dst.name, " : ", dst.type, ")"),
           loc);
      return std::optional<Value>(dst);
    }
    case OpKind::kSetValidShape: {
      // The source's buffer with another valid shape (lowering_ops5.h): a
      // run-time-valid handle at its address, then PyPTO's instruction.
      RETURN_IF_ERROR(tile_operand(0));
      auto addr = buffer_addr_.find(tiles[0].buffer);
      if (tiles[0].placed.has_value() || addr == buffer_addr_.end()) {
        return ErrorAt(loc, "pl.set_validshape cannot narrow a tile view (a slice or reshape "
                            "result): a view carries its valid extent in its type; narrow at "
                            "the slice itself or call pl.set_validshape on the source tile");
      }
      ASSIGN_OR_RETURN(TileGeometry src, GeometryOf(call.args[0]->type, backend_, loc));
      ASSIGN_OR_RETURN(TileGeometry g, GeometryOf(call.type, backend_, loc));
      std::string dims[2];
      const Dim from[2] = {src.valid_rows, src.valid_cols};
      for (int i = 0; i < 2; ++i) {
        if (from[i].is_static()) {
          dims[i] = Index(from[i].value);
        } else {
          ASSIGN_OR_RETURN(dims[i], SymbolValue(from[i].symbol, "valid dim", loc));
        }
      }
      g.valid_rows = Dim::Symbolic("?");
      g.valid_cols = Dim::Symbolic("?");
      const std::string ty = PtoTileType(g);
      const std::string name = NewName(hint.empty() ? "narrowed" : hint);
      Line(absl::StrCat(name, " = pto.alloc_tile ", addr->second, "valid_row = ", dims[0],
                        " valid_col = ", dims[1], " : ", ty),
           loc);
      ASSIGN_OR_RETURN(std::string r, LowerIndex(*call.args[1]));
      ASSIGN_OR_RETURN(std::string c, LowerIndex(*call.args[2]));
      Line(absl::StrCat("pto.", op.pto_name, " ", name, ", ", r, ", ", c, " : ", ty), loc);
      return std::optional<Value>(Value{name, ty, tiles[0].buffer});
    }
    case OpKind::kGatherB: {
      // A window copied into a tile of its own first when the plan says so
      // (lowering_ops5.h), as PyPTO materializes it: pto.textract at [0, 0].
      RETURN_IF_ERROR(tile_operand(0));
      RETURN_IF_ERROR(tile_operand(1));
      std::vector<Buffer> args = {BufferOf(call.args[0]->type, tiles[0]),
                                  BufferOf(call.args[1]->type, tiles[1])};
      Value src = tiles[0];
      if (GatherBCopiesSource(plan)) {
        ASSIGN_OR_RETURN(Value copy, AllocTile(call.args[0]->type, "window", loc));
        Sync(plan.steps[0], args, BufferOf(call.args[0]->type, copy), {});
        Line(absl::StrCat("pto.textract ins(", src.name, ", ", Index(0), ", ", Index(0), " : ",
                          src.type, ", index, index) outs(", copy.name, " : ", copy.type, ")"),
             loc);
        src = copy;
        args[0] = BufferOf(call.args[0]->type, copy);
      }
      ASSIGN_OR_RETURN(Value dst, AllocTile(call.type, hint, loc));
      Sync(plan.steps.back(), args, BufferOf(call.type, dst), {});
      Line(absl::StrCat("pto.", op.pto_name, " ins(", src.name, ", ", tiles[1].name, " : ",
                        src.type, ", ", tiles[1].type, ") outs(", dst.name, " : ", dst.type, ")"),
           loc);
      return std::optional<Value>(dst);
    }
    case OpKind::kRowExpand: {
      // The vector's rows filled in its own buffer, read as ptoas's block
      // tile, then the op (lowering_ops4.h).
      RETURN_IF_ERROR(tile_operand(0));
      RETURN_IF_ERROR(tile_operand(1));
      if (tiles[0].placed.has_value() || tiles[1].placed.has_value()) {
        return ErrorAt(loc, absl::StrCat("'", call.str, "' (", op.cce_name, ") takes whole "
                                         "tiles, and an operand is a window of a wider tile "
                                         "(tile.slice): copy the window into a tile of its own "
                                         "first (tile.move)"));
      }
      ASSIGN_OR_RETURN(TileGeometry vec, GeometryOf(call.args[1]->type, backend_, loc));
      const std::string block_ty = PtoTileType(RowExpandBlock(vec));
      const std::string block = NewName("rows");
      Line(absl::StrCat(block, " = pto.treshape ", tiles[1].name, " : ", tiles[1].type, " -> ",
                        block_ty),
           loc);
      const Buffer vbuf = BufferOf(call.args[1]->type, tiles[1]);
      const std::vector<Buffer> args = {BufferOf(call.args[0]->type, tiles[0]), vbuf};
      Sync(plan.steps[0], args, vbuf, {});
      Line(absl::StrCat("pto.trowexpand ins(", tiles[1].name, " : ", tiles[1].type, ") outs(",
                        block, " : ", block_ty, ")"),
           loc);
      ASSIGN_OR_RETURN(Value dst, AllocTile(call.type, hint, loc));
      Sync(plan.steps[1], args, BufferOf(call.type, dst), {});
      Line(absl::StrCat("pto.", op.pto_name, " ins(", tiles[0].name, ", ", block, " : ",
                        tiles[0].type, ", ", block_ty, ") outs(", dst.name, " : ", dst.type,
                        ")"),
           loc);
      return std::optional<Value>(dst);
    }
    case OpKind::kSubview: {
      // A view of the source's buffer: no buffer, no address of its own.
      RETURN_IF_ERROR(tile_operand(0));
      const ViewWindow& w = plan.view;
      ASSIGN_OR_RETURN(std::string r, LowerIndex(*w.row_offset));
      ASSIGN_OR_RETURN(std::string c, LowerIndex(*w.col_offset));
      TileGeometry source;
      if (tiles[0].placed.has_value()) {
        source = *tiles[0].placed;
      } else {
        ASSIGN_OR_RETURN(source, GeometryOf(call.args[0]->type, backend_, loc));
      }
      const std::string ty = PtoTileType(w.pto);
      const std::string name = NewName(hint.empty() ? "view" : hint);
      std::string valid;
      if (w.explicit_valid) {
        std::vector<std::string> dims;
        for (const Dim& d : {w.pto.valid_rows, w.pto.valid_cols}) {
          if (d.is_static()) {
            dims.push_back(Index(d.value));
            continue;
          }
          ASSIGN_OR_RETURN(std::string v, SymbolValue(d.symbol, "valid dim", loc));
          dims.push_back(v);
        }
        valid = absl::StrCat(" valid [", absl::StrJoin(dims, ", "), "]");
      }
      Line(absl::StrCat(name, " = pto.", op.pto_name, " ", tiles[0].name, "[", r, ", ", c,
                        "] sizes [", w.rows, ", ", w.cols, "]", valid, " : ", tiles[0].type,
                        " -> ", ty),
           loc);
      return std::optional<Value>(Value{name, ty, tiles[0].buffer, ViewTile(w, source)});
    }
    case OpKind::kFillPad: {
      if (!IsFillPadInPlace(call)) break;
      // In place: the result is a tile of its own type at the source's
      // address (ptoas infers TFILLPAD<InPlace> from the equal addresses),
      // the source's buffer to the sync plan.
      RETURN_IF_ERROR(tile_operand(0));
      auto addr = buffer_addr_.find(tiles[0].buffer);
      if (tiles[0].placed.has_value() || addr == buffer_addr_.end()) {
        return ErrorAt(loc, "'tile.fillpad_inplace' pads a tile of its own, not a window or "
                            "a reshaped view (copy it into a tile of its own first: tile.move)");
      }
      ASSIGN_OR_RETURN(TileGeometry g, GeometryOf(call.type, backend_, loc));
      const std::string ty = PtoTileType(g);
      const std::string name = NewName(hint.empty() ? "padded" : hint);
      Line(absl::StrCat(name, " = pto.alloc_tile ", addr->second, ": ", ty), loc);
      Value dst{name, ty, tiles[0].buffer};
      Sync(plan.steps[0], {BufferOf(call.args[0]->type, tiles[0])}, BufferOf(call.type, dst), {});
      Line(absl::StrCat("pto.", op.pto_name, " ins(", tiles[0].name, " : ", tiles[0].type,
                        ") outs(", dst.name, " : ", dst.type, ")"),
           loc);
      return std::optional<Value>(dst);
    }
    default:
      break;
  }
  // Compute ops: operands, a fresh destination, one instruction.
  for (int i : plan.tile_args) RETURN_IF_ERROR(tile_operand(i));
  std::string scalar, scalar_type;
  if (plan.scalar_arg >= 0) {
    // In the element type of the tile it goes with (lowering.cc).
    const DType d = plan.scalar_dtype;
    ASSIGN_OR_RETURN(scalar, LowerAs(*call.args[plan.scalar_arg], d));
    scalar_type = PtoScalarType(d);
  }
  std::vector<TileGeometry> operands;
  for (size_t i = 0; i < tiles.size(); ++i) {
    if (tiles[i].placed.has_value()) {
      operands.push_back(*tiles[i].placed);
      continue;
    }
    ASSIGN_OR_RETURN(TileGeometry g,
                     GeometryOf(call.args[plan.tile_args[i]]->type, backend_, loc));
    operands.push_back(g);
  }
  ASSIGN_OR_RETURN(TileGeometry placed, PlacedResult(plan, call, operands, backend_, loc));
  ASSIGN_OR_RETURN(Value dst, AllocTile(call.type, hint, loc, &placed));
  absl::string_view name = op.pto_name;
  if (op.kind == OpKind::kTileMove) name = "tmov";
  std::vector<Buffer> args;
  for (size_t i = 0; i < tiles.size(); ++i) {
    args.push_back(BufferOf(call.args[plan.tile_args[i]]->type, tiles[i]));
  }
  Sync(plan.steps[0], args, BufferOf(call.type, dst), {});
  std::vector<std::string> names, types;
  for (int slot : OperandSlots(plan)) {
    names.push_back(slot < 0 ? scalar : tiles[slot].name);
    types.push_back(slot < 0 ? scalar_type : tiles[slot].type);
  }
  std::string mode;
  if (op.kind == OpKind::kCast) {
    mode = absl::StrCat(" {rmode = #pto<round_mode ", RoundModeName(CastRoundMode(call)), ">}");
  } else if (plan.cmp_mode >= 0) {
    mode = absl::StrCat(" {cmpMode = #pto<cmp ", CmpModeName(plan.cmp_mode), ">}");
  } else if (op.kind == OpKind::kColReduce && plan.tile_args.size() == 2) {
    mode = " {isBinary = true}";  // PyPTO's pairing of the scratch tile
  }
  // PyPTO puts the precision attribute after the outs clause.
  const std::string precision =
      plan.precision.empty() ? ""
                             : absl::StrCat(" {precisionType = #pto<", plan.precision,
                                            "_precision high_precision>}");
  Line(absl::StrCat("pto.", name, " ins(", absl::StrJoin(names, ", "), mode, " : ",
                    absl::StrJoin(types, ", "), ") outs(", dst.name, " : ", dst.type, ")",
                    AccPhaseSuffix(plan), precision),
       loc);
  return std::optional<Value>(dst);
}

// ---- communication and scalar GM ----

absl::StatusOr<std::optional<PtoFunctionEmitter::Value>> PtoFunctionEmitter::LowerCommOp(
    const Expr& call, const CallLowering& plan, absl::string_view hint) {
  const OpLowering& op = *plan.op;
  const Location& loc = LocOf(call);
  switch (op.kind) {
    case OpKind::kConst: {
      // PyPTO's typed literal: the number as a constant of its dtype.
      const DType d = call.type.dtype();
      ASSIGN_OR_RETURN(std::string v, LowerAs(*call.args[0], d));
      return std::optional<Value>(Value{v, PtoScalarType(d)});
    }
    case OpKind::kScalarMinMax: {
      const DType d = call.type.dtype();
      ASSIGN_OR_RETURN(std::string a, LowerAs(*call.args[0], d));
      ASSIGN_OR_RETURN(std::string b, LowerAs(*call.args[1], d));
      const bool min = call.str == "min";
      const std::string name = IsFloatDType(d)      ? (min ? "minimumf" : "maximumf")
                               : IsUnsignedDType(d) ? (min ? "minui" : "maxui")
                                                    : (min ? "minsi" : "maxsi");
      std::string r = Result(hint);
      Line(absl::StrCat(r, " = arith.", name, " ", a, ", ", b, " : ", PtoScalarType(d)), loc);
      return std::optional<Value>(Value{r, PtoScalarType(d)});
    }
    case OpKind::kScalarCast: {
      const DType d = call.type.dtype();
      ASSIGN_OR_RETURN(std::string v, LowerAs(*call.args[0], d));
      return std::optional<Value>(Value{v, PtoScalarType(d)});
    }
    case OpKind::kGetCommCtx:
      return std::optional<Value>(Value{comm_ctx_, "!pto.ptr<i64>"});
    case OpKind::kRank:
    case OpKind::kNRanks: {
      ASSIGN_OR_RETURN(Value ctx, CommCtx(*call.args[0]));
      const std::string raw = Temp(), r = Result(hint);
      Line(absl::StrCat(raw, " = pto.load_scalar ", ctx.name, "[",
                        Index(op.kind == OpKind::kRank ? 0 : 1), "] : !pto.ptr<i64> -> i64"),
           loc);
      Line(absl::StrCat(r, " = arith.index_cast ", raw, " : i64 to index"), loc);
      return std::optional<Value>(Value{r, "index"});
    }
    case OpKind::kSubblockIdx: {
      // dual-aiv.md, "PTO-AS": the subblock id is an i64.
      const std::string raw = Temp(), r = Result(hint);
      Line(absl::StrCat(raw, " = pto.get_subblock_idx"), loc);
      Line(absl::StrCat(r, " = arith.index_cast ", raw, " : i64 to index"), loc);
      return std::optional<Value>(Value{r, "index"});
    }
    case OpKind::kBlockIdx:
    case OpKind::kBlockNum: {
      // ptoas's runtime queries, i64 like the subblock id.
      const std::string raw = Temp(), r = Result(hint);
      Line(absl::StrCat(raw, " = pto.",
                        op.kind == OpKind::kBlockIdx ? "get_block_idx" : "get_block_num"),
           loc);
      Line(absl::StrCat(r, " = arith.index_cast ", raw, " : i64 to index"), loc);
      return std::optional<Value>(Value{r, "index"});
    }
    case OpKind::kTensorRead:
    case OpKind::kTensorWrite: {
      ASSIGN_OR_RETURN(GmTensor* t, Gm(*call.args[0]));
      ASSIGN_OR_RETURN(std::string index, LinearIndex(*t, *call.args[1], loc));
      const DType d = t->dtype;
      const std::string mem = PtoElementType(d);
      const std::string ptr = t->ptr;
      const std::string ptr_type = absl::StrCat("!pto.ptr<", mem, ">");
      const DType stored = d == DType::kINDEX ? DType::kINT64 : d;
      if (op.kind == OpKind::kTensorWrite) {
        ASSIGN_OR_RETURN(std::string v, LowerAs(*call.args[2], stored));
        Sync(plan.steps[0], {}, {}, {t->param});
        Line(absl::StrCat("pto.store_scalar ", v, ", ", ptr, "[", index, "] : ", ptr_type,
                          ", ", PtoScalarType(stored)),
             loc);
        return std::optional<Value>();
      }
      std::string r = d == stored ? Result(hint) : Temp();
      Sync(plan.steps[0], {}, {}, {t->param});
      Line(absl::StrCat(r, " = pto.load_scalar ", ptr, "[", index, "] : ", ptr_type, " -> ",
                        PtoScalarType(stored)),
           loc);
      if (d != stored) {
        std::string cast = Result(hint);
        Line(absl::StrCat(cast, " = arith.index_cast ", r, " : i64 to index"), loc);
        r = cast;
      }
      return std::optional<Value>(Value{r, PtoScalarType(d)});
    }
    case OpKind::kTilePut: case OpKind::kTensorPut:
    case OpKind::kTileGet: case OpKind::kTensorGet: {
      const MachineStep& step = plan.steps[0];
      const bool put = step.op == MachineOp::kTPut;
      ASSIGN_OR_RETURN(GmTensor* dst, Gm(*call.args[0]));
      ASSIGN_OR_RETURN(GmTensor* src, Gm(*call.args[2]));
      GmTensor& remote = plan.remote_arg == 0 ? *dst : *src;
      GmTensor& local = plan.local_arg == 0 ? *dst : *src;
      Value stage;
      if (plan.stage_arg >= 0) {
        ASSIGN_OR_RETURN(Value s, TileArg(*call.args[plan.stage_arg]));
        stage = s;
      } else {
        ASSIGN_OR_RETURN(Value s, AllocStagingTile(*plan.staging, loc));
        stage = s;
      }
      ASSIGN_OR_RETURN(std::string view, PeerView(remote, *call.args[plan.peer_arg], loc));
      Region remote_region = WholeRegion(remote);
      Region local_region = WholeRegion(local);
      if (plan.remote_offsets_arg >= 0) {
        ASSIGN_OR_RETURN(remote_region, RegionAt(remote, *call.args[plan.remote_offsets_arg],
                                                 plan.transfer_shape, loc));
        ASSIGN_OR_RETURN(local_region, RegionAt(local, *call.args[plan.local_offsets_arg],
                                                plan.transfer_shape, loc));
      }
      Value remote_pv = Partition(view, remote, remote_region, loc);
      Value local_pv = Partition(local.view, local, local_region, loc);
      const Value& d = put ? remote_pv : local_pv;
      const Value& s = put ? local_pv : remote_pv;
      if (step.barrier_all_before) {
        Line("pto.barrier <PIPE_ALL>", loc);
        if (flags()) planner_.FullBarrier();
      }
      Line(absl::StrCat("pto.comm.", put ? "tput" : "tget", "(", d.name, ", ", s.name,
                        ", buf(", stage.name, ") : ", d.type, ", ", s.type, ", ", stage.type,
                        ")", put ? AtomicSuffix(plan) : ""),
           loc);
      if (step.barrier_all_after) {
        Line("pto.barrier <PIPE_ALL>", loc);
        if (flags()) planner_.FullBarrier();
      }
      if (InvalidatesPeerRegion(plan, plan_)) {
        // The peer region may be cached on this core from an earlier read.
        RETURN_IF_ERROR(InvalidateRegion(view, remote, remote_region, loc));
      }
      return std::optional<Value>();
    }
    default:
      break;
  }
  // Signals: notify / wait / test on one INT32 element.
  ASSIGN_OR_RETURN(Access a, AccessOf(call, plan));
  const GmTensor* t = a.tensor;
  Value pv = Partition(a.base, *t, a.region, loc);
  ASSIGN_OR_RETURN(std::string value, LowerAs(*call.args[plan.offsets_arg + 1], DType::kINT32));
  if (op.kind == OpKind::kNotify) {
    const Expr* kind = AttrOrDefault(call, "op");
    // releases_reads: the flags plan orders what must complete before
    // it; barrier-all drains every pipe.
    if (plan.steps[0].releases_reads && !flags()) Line("pto.barrier <PIPE_ALL>", loc);
    Sync(plan.steps[0], {}, {}, {t->param});
    Line(absl::StrCat("pto.comm.tnotify(", pv.name, ", ", value, " : ", pv.type,
                      ", i32) {notifyOp = #pto<notify_op ",
                      kind != nullptr && kind->str == "Set" ? "set" : "atomic_add", ">}"),
         loc);
    return std::optional<Value>();
  }
  Sync(plan.steps[0], {}, {}, {t->param});
  if (op.kind == OpKind::kWait) {
    Line(absl::StrCat("pto.comm.twait(", pv.name, ", ", value, " : ", pv.type,
                      ", i32) {cmp = #pto<wait_cmp ", WaitCmp(call), ">}"),
         loc);
    return std::optional<Value>();
  }
  const std::string r_name = Result(hint);
  Line(absl::StrCat(r_name, " = pto.comm.ttest(", pv.name, ", ", value, " : ", pv.type,
                    ", i32) {cmp = #pto<wait_cmp ", WaitCmp(call), ">} -> i1"),
       loc);
  return std::optional<Value>(Value{r_name, "i1"});
}

// ---- markers and syncall ----

absl::StatusOr<std::optional<PtoFunctionEmitter::Value>> PtoFunctionEmitter::LowerSystemOp(
    const Expr& call, const CallLowering& plan, absl::string_view) {
  const OpLowering& op = *plan.op;
  const Location& loc = LocOf(call);
  if (op.kind == OpKind::kFence) {
    Sync(plan.steps[0], {}, {}, {});
    Line("pto.fence.barrier_all #pto.fence_scope<gm>", loc);
    return std::optional<Value>();
  }
  if (op.kind == OpKind::kBarrier) {
    Sync(plan.steps[0], {}, {}, {});
    if (!BarrierPrinted(op, fn_.kind, backend_)) return std::optional<Value>();
    Line(absl::StrCat("pto.barrier <", op.pto_name, ">"), loc);
    return std::optional<Value>();
  }
  if (op.kind == OpKind::kCacheInvalidate) {
    if (call.args.empty()) {
      InvalidateAll(loc);
      return std::optional<Value>();
    }
    ASSIGN_OR_RETURN(Access a, AccessOf(call, plan));
    RETURN_IF_ERROR(InvalidateRegion(a.base, *a.tensor, a.region, loc));
    return std::optional<Value>();
  }
  // system.syncall
  const SyncCore core = SyncCoreOf(call);
  static constexpr absl::string_view kCoreNames[] = {"mix", "aic_only", "aiv_only"};
  const absl::string_view core_name = kCoreNames[static_cast<int>(core)];
  Sync(plan.steps[0], {}, {}, {});
  if (!IsSoftSyncAll(call)) {
    Line(absl::StrCat("pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = "
                      "#pto.sync_core_type<",
                      core_name, ">"),
         loc);
    return std::optional<Value>();
  }
  const int c = static_cast<int>(core);
  const int slot = abi_.syncall_slot_base[c] + syncalls_seen_[c]++;
  std::string ws = sync_workspace_;
  if (slot > 0) {
    ws = Temp();
    Line(absl::StrCat(ws, " = pto.addptr ", sync_workspace_, ", ",
                      Index(int64_t{slot} * kSyncWorkspaceInts),
                      " : !pto.ptr<i32> -> !pto.ptr<i32>"),
         loc);
  }
  Line(absl::StrCat("pto.syncall(", ws,
                    " : !pto.ptr<i32>) mode = #pto.sync_all_mode<soft>, core_type = "
                    "#pto.sync_core_type<",
                    core_name, ">"),
       loc);
  return std::optional<Value>();
}

// ---- the cross-core pipe ----

absl::StatusOr<std::optional<PtoFunctionEmitter::Value>> PtoFunctionEmitter::LowerPipeOp(
    const Expr& call, const CallLowering& plan, absl::string_view hint) {
  const OpLowering& op = *plan.op;
  const Location& loc = LocOf(call);
  switch (op.kind) {
    case OpKind::kReserveBuffer: {
      const std::string r = Result(hint);
      const int64_t base = IntAttr(call, "base", -1);
      if (flags()) {
        // level3: every buffer at ptoc's address.
        int64_t at = 0;
        for (const ReservedBuffer& b : reserved_) {
          if (b.name == StringAttr(call, "name")) at = b.base;
        }
        Line(absl::StrCat(r, " = pto.reserve_buffer {name = ", Quoted(StringAttr(call, "name")),
                          ", size = ", IntAttr(call, "size", 0), ", location = ",
                          "#pto.address_space<",
                          fn_.kind == FunctionKind::kAIC ? "mat" : "vec",
                          ">, auto = false, base = ", at, "} -> i32"),
             loc);
        return std::optional<Value>(Value{r, "i32"});
      }
      if (base >= 0) {
        // ptoas takes a fixed base only at --pto-level=level3, where every
        // tile carries its address; under barrier-all ptoc's PTO-AS leaves
        // placement to ptoas.
        return ErrorAt(loc, absl::StrCat(
                                "a reserved buffer at a fixed base (base=", base,
                                ") cannot be emitted as PTO-AS under --pipe-sync=barrier-all: "
                                "ptoas places reserved buffers itself at that level; drop base= "
                                "(the peer finds the buffer by its name), or use "
                                "--pipe-sync=flags (PTO-AS at ptoc's addresses) or C++ "
                                "(--emit=cce), which honour it"));
      }
      Line(absl::StrCat(r, " = pto.reserve_buffer {name = ", Quoted(StringAttr(call, "name")),
                        ", size = ", IntAttr(call, "size", 0), ", location = ",
                        "#pto.address_space<", fn_.kind == FunctionKind::kAIC ? "mat" : "vec",
                        ">, ",
                        "auto = true} -> i32"),
           loc);
      return std::optional<Value>(Value{r, "i32"});
    }
    case OpKind::kImportBuffer: {
      RETURN_IF_ERROR(FindPeerReserve(program_, call, loc).status());
      const std::string r = Result(hint);
      Line(absl::StrCat(r, " = pto.import_reserved_buffer {name = ",
                        Quoted(StringAttr(call, "name")), ", peer_func = @",
                        StringAttr(call, "peer_func"), "} -> i32"),
           loc);
      return std::optional<Value>(Value{r, "i32"});
    }
    case OpKind::kAicInitPipe:
    case OpKind::kAivInitPipe: {
      ASSIGN_OR_RETURN(PipeSetup p, pipes_.Initialize(call, loc));
      ASSIGN_OR_RETURN(std::string c2v, LowerAs(*call.args[0], DType::kINT32));
      ASSIGN_OR_RETURN(std::string v2c, LowerAs(*call.args[1], DType::kINT32));
      std::string operands;
      if (backend_ == Backend::kA2A3) {
        std::string slots = gm_pipe_buffer_;
        if (p.params.gm.base > 0) {
          slots = Temp();
          Line(absl::StrCat(slots, " = pto.addptr ", gm_pipe_buffer_, ", ", Index(p.params.gm.base),
                            " : !pto.ptr<i8> -> !pto.ptr<i8>"),
               loc);
        }
        operands = absl::StrCat("gm_slot_buffer = ", slots, " : !pto.ptr<i8>, ");
      }
      Line(absl::StrCat("pto.", op.kind == OpKind::kAicInitPipe ? "aic" : "aiv",
                        "_initialize_pipe {id = ", p.id, ", dir_mask = ", p.dir_mask,
                        ", slot_size = ", p.slot_size, ", slot_num = ", p.slot_num,
                        ", nosplit = ", p.params.no_split ? "true" : "false", "} (",
                        operands, "c2v_consumer_buf = ", c2v, " : i32, v2c_consumer_buf = ",
                        v2c, " : i32)"),
           loc);
      return std::optional<Value>();
    }
    default:
      break;
  }
  ASSIGN_OR_RETURN(PipeSetup pipe, pipes_.Use(call, op.kind, loc));
  const int64_t split = plan.split;
  const std::string attrs = absl::StrCat("{id = ", pipe.id, ", split = ", split, "}");
  switch (op.kind) {
    case OpKind::kPushToAiv:
    case OpKind::kPushToAic: {
      ASSIGN_OR_RETURN(Value tile, TileArg(*call.args[0]));
      Sync(plan.steps[0], {BufferOf(call.args[0]->type, tile)}, {}, {});
      Line(absl::StrCat("pto.", op.kind == OpKind::kPushToAiv ? "tpush_to_aiv" : "tpush_to_aic",
                        "(", tile.name, " : ", tile.type, ") ", attrs),
           loc);
      return std::optional<Value>();
    }
    case OpKind::kPopFromAic:
    case OpKind::kPopFromAiv: {
      const bool from_aic = op.kind == OpKind::kPopFromAic;
      ASSIGN_OR_RETURN(TileGeometry g, GeometryOf(call.type, backend_, loc));
      const std::string r = NewName(hint.empty() ? "popped" : hint);
      const std::string ty = PtoTileType(g);
      const Value popped{r, ty, kRingBufferBase + pipe.id};
      Sync(plan.steps[0], {}, BufferOf(call.type, popped), {});
      Line(absl::StrCat(r, " = pto.", from_aic ? "tpop_from_aic " : "tpop_from_aiv ", attrs,
                        " -> ", ty),
           loc);
      return std::optional<Value>(popped);
    }
    default: {  // tfree
      ASSIGN_OR_RETURN(Value tile, TileArg(*call.args[0]));
      Sync(plan.steps[0], {BufferOf(call.args[0]->type, tile)}, {}, {});
      Line(absl::StrCat("pto.", op.kind == OpKind::kFreeToAic ? "tfree_from_aic "
                                                               : "tfree_from_aiv ",
                        attrs),
           loc);
      return std::optional<Value>();
    }
  }
}

}  // namespace codegen
}  // namespace ptoc
