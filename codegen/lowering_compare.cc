#include "codegen/lowering_compare.h"

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

// A 2-D tile of static valid shape: its geometry, or the error at `loc`.
absl::StatusOr<TileGeometry> StaticTile(const Expr& call, const Type& t, const char* what,
                                        Backend backend, const Location& loc) {
  if (!t.is_tile() || t.shape().size() != 2) {
    return ErrorAt(loc, absl::StrCat("'", call.str, "' takes a 2-D ", what, " tile"));
  }
  ASSIGN_OR_RETURN(TileGeometry g, GeometryOf(t, backend, loc));
  if (!g.valid_rows.is_static() || !g.valid_cols.is_static()) {
    return ErrorAt(loc, absl::StrCat("'", call.str, "' of a tile with a run-time valid shape "
                                     "cannot be emitted yet"));
  }
  if (g.blayout != Layout::kRowMajor || g.slayout != Layout::kNoneBox) {
    return ErrorAt(loc, absl::StrCat("'", call.str, "' takes row-major (ND) tiles; its ", what,
                                     " tile is not"));
  }
  return g;
}

int64_t Bytes(const TileGeometry& g) { return g.rows * g.cols * DTypeBytes(g.dtype); }

}  // namespace

absl::Status PlanCompare(const Expr& call, Backend backend, const Location& loc,
                         CallLowering* plan) {
  const Expr* mode = call.FindAttr("cmp_type");
  if (mode == nullptr || mode->kind != ExprKind::kInt || mode->int_value < 0 ||
      mode->int_value > 5) {
    return ErrorAt(loc, absl::StrCat("'", call.str, "' takes cmp_type= as a constant 0-5 (eq, ne, "
                                     "lt, le, gt, ge)"));
  }
  plan->cmp_mode = static_cast<int>(mode->int_value);
  const bool scalar = !call.args[1]->type.is_tile();
  ASSIGN_OR_RETURN(TileGeometry src, StaticTile(call, call.args[0]->type, "compared", backend, loc));
  ASSIGN_OR_RETURN(TileGeometry mask, StaticTile(call, call.type, "mask", backend, loc));
  if (mask.dtype != DType::kUINT8 && mask.dtype != DType::kINT8) {
    return ErrorAt(loc, absl::StrCat("'", call.str, "' writes a UINT8 mask, not ",
                                     DTypeName(mask.dtype)));
  }
  const int64_t rows = src.valid_rows.value, cols = src.valid_cols.value;
  if (mask.valid_rows.value != rows || mask.valid_cols.value != (cols + 7) / 8) {
    return ErrorAt(loc, absl::StrCat(
        "'", call.str, "' packs a bit per element by rows: a ", rows, " x ", cols,
        " tile's mask has ", rows, " x ", (cols + 7) / 8, " valid bytes, not ",
        mask.valid_rows.value, " x ", mask.valid_cols.value));
  }
  if (scalar && (cols != src.cols || cols % 8 != 0)) {
    // pto-isa packs TCMPS's bits by its source's whole rows, into the mask's
    // valid columns one after another: rows line up only then.
    return ErrorAt(loc, absl::StrCat(
        "'", call.str, "' (TCMPS) packs whole rows of its tile: its ", cols,
        " valid columns must fill the tile's ", src.cols, " and be a multiple of 8"));
  }
  if (!scalar) {
    ASSIGN_OR_RETURN(TileGeometry rhs,
                     StaticTile(call, call.args[1]->type, "compared", backend, loc));
    if (rhs.valid_rows != src.valid_rows || rhs.valid_cols != src.valid_cols ||
        rhs.dtype != src.dtype) {
      return ErrorAt(loc, absl::StrCat("'", call.str, "' compares two tiles of one element type "
                                       "and valid shape"));
    }
    if (backend == Backend::kA5 && (mask.rows != src.rows || mask.cols != src.cols)) {
      // ptoas 0.60's a5 verifier of pto.tcmp.
      return ErrorAt(loc, absl::StrCat(
          "on a5 'tile.cmp' (TCMP) writes a mask of its operands' shape (ptoas's rule): this "
          "mask is ", mask.rows, " x ", mask.cols, ", the tiles ", src.rows, " x ", src.cols,
          " (PyPTO's mask type matches only for 32 columns of 1-byte rows)"));
    }
    plan->tile_args = {0, 1};
    plan->steps.push_back(VectorStep({Arg(0), Arg(1)}, {Result()}));
    return absl::OkStatus();
  }
  plan->tile_args = {0};
  plan->scalar_arg = 1;
  plan->scalar_dtype = call.args[0]->type.dtype();
  plan->steps.push_back(VectorStep({Arg(0)}, {Result()}));
  return absl::OkStatus();
}

absl::Status PlanSelect(const Expr& call, Backend backend, const Location& loc,
                        CallLowering* plan) {
  // tile.sel (mask, lhs, rhs, tmp); tile.sels (mask, src, tmp, scalar).
  const bool scalar = call.args.size() > 3 && !call.args[3]->type.is_tile();
  const int tmp_arg = scalar ? 2 : 3;
  ASSIGN_OR_RETURN(TileGeometry mask, StaticTile(call, call.args[0]->type, "mask", backend, loc));
  ASSIGN_OR_RETURN(TileGeometry src, StaticTile(call, call.args[1]->type, "source", backend, loc));
  ASSIGN_OR_RETURN(TileGeometry out, StaticTile(call, call.type, "result", backend, loc));
  if (!call.args[tmp_arg]->type.is_tile()) {
    return ErrorAt(loc, absl::StrCat("'", call.str, "' takes a scratch tile"));
  }
  ASSIGN_OR_RETURN(TileGeometry tmp, GeometryOf(call.args[tmp_arg]->type, backend, loc));
  if (out.dtype != src.dtype || out.valid_rows != src.valid_rows ||
      out.valid_cols != src.valid_cols) {
    return ErrorAt(loc, absl::StrCat("'", call.str, "' writes a tile of its source's element type "
                                     "and valid shape"));
  }
  if (!IsIntegerDType(mask.dtype) || DTypeBytes(mask.dtype) > 4) {
    return ErrorAt(loc, absl::StrCat("'", call.str, "' takes an 8-, 16- or 32-bit integer mask, "
                                     "not ", DTypeName(mask.dtype)));
  }
  const int64_t rows = src.valid_rows.value, cols = src.valid_cols.value;
  const int64_t bits = 8 * DTypeBytes(mask.dtype);
  if (!scalar) {
    // pto-isa's TSEL reads 8 bits of each mask element, row after row of
    // the mask's valid columns: a row of the tiles is a row of the mask
    // only for whole bytes.
    if (bits != 8 || cols % 8 != 0 || mask.valid_cols.value != cols / 8 ||
        mask.valid_rows.value < rows) {
      return ErrorAt(loc, absl::StrCat(
          "'tile.sel' (TSEL) takes a UINT8 mask of a bit per element, packed by rows: ", rows,
          " x ", cols / 8, " valid bytes for ", rows, " x ", cols, " tiles (a multiple of 8 "
          "columns), not ", DTypeName(mask.dtype), " ", mask.valid_rows.value, " x ",
          mask.valid_cols.value));
    }
    ASSIGN_OR_RETURN(TileGeometry rhs, StaticTile(call, call.args[2]->type, "source", backend, loc));
    if (rhs.dtype != src.dtype || rhs.valid_rows != src.valid_rows ||
        rhs.valid_cols != src.valid_cols) {
      return ErrorAt(loc, "'tile.sel' selects between two tiles of one element type and valid "
                          "shape");
    }
    if (backend == Backend::kA2A3 && DTypeBytes(tmp.dtype) != 4) {
      // ptoas 0.60's a2a3 verifier of pto.tsel.
      return ErrorAt(loc, absl::StrCat("on a2a3 'tile.sel' (TSEL) takes a scratch tile of a "
                                       "4-byte element type (ptoas's rule), not ",
                                       DTypeName(tmp.dtype)));
    }
    plan->tile_args = {0, 1, 2, 3};
    plan->steps.push_back(VectorStep({Arg(0), Arg(1), Arg(2)}, {Result(), Arg(3)}));
    return absl::OkStatus();
  }
  if (mask.valid_rows.value < rows || mask.valid_cols.value * bits < cols) {
    return ErrorAt(loc, absl::StrCat(
        "'tile.sels' (TSELS) reads a bit per element from the mask's row: ", rows, " x ", cols,
        " elements need ", rows, " rows of ", (cols + bits - 1) / bits, " valid ",
        DTypeName(mask.dtype), " elements, not ", mask.valid_rows.value, " x ",
        mask.valid_cols.value));
  }
  if (backend == Backend::kA2A3 &&
      (tmp.dtype != src.dtype || tmp.blayout != Layout::kRowMajor ||
       Bytes(tmp) < src.cols * DTypeBytes(src.dtype))) {
    // ptoas 0.60's a2a3 verifier of pto.tsels.
    return ErrorAt(loc, absl::StrCat(
        "on a2a3 'tile.sels' (TSELS) takes a row-major scratch tile of its source's element "
        "type, ", DTypeName(src.dtype), ", of at least a row of it (", src.cols * DTypeBytes(src.dtype),
        " bytes; ptoas's rule), not ", DTypeName(tmp.dtype), " ", tmp.rows, " x ", tmp.cols));
  }
  const auto same = [&](int i) {
    const Expr& a = *call.args[i];
    const Expr& t = *call.args[tmp_arg];
    return a.kind == ExprKind::kVar && t.kind == ExprKind::kVar && a.var == t.var;
  };
  if (backend == Backend::kA2A3 && (same(0) || same(1))) {
    // PyPTO's a2a3 rule: TSELS writes its scratch while it reads them.
    return ErrorAt(loc, absl::StrCat("on a2a3 'tile.sels' (TSELS) writes its scratch tile while "
                                     "it reads the ", same(0) ? "mask" : "source",
                                     ": pass a tile of its own"));
  }
  plan->tile_args = {0, 1, 2};
  plan->scalar_arg = 3;
  plan->scalar_dtype = call.type.dtype();
  plan->steps.push_back(VectorStep({Arg(0), Arg(1)}, {Result(), Arg(2)}));
  return absl::OkStatus();
}

absl::Status PlanTranspose(const Expr& call, Backend backend, const Location& loc,
                           CallLowering* plan) {
  ASSIGN_OR_RETURN(TileGeometry src, StaticTile(call, call.args[0]->type, "source", backend, loc));
  if (src.memory != MemorySpace::kVec) {
    return ErrorAt(loc, absl::StrCat("'tile.transpose' (TTRANS) transposes a Vec tile, not one in ",
                                     MemorySpaceName(src.memory)));
  }
  if (call.args.size() < 4 || !call.args[3]->type.is_tile()) {
    return ErrorAt(loc, "'tile.transpose' (TTRANS) needs a scratch tile, its fourth argument "
                        "(PyPTO allocates it with tile.create; pass one of the source's type)");
  }
  ASSIGN_OR_RETURN(TileGeometry out, StaticTile(call, call.type, "result", backend, loc));
  ASSIGN_OR_RETURN(TileGeometry tmp, GeometryOf(call.args[3]->type, backend, loc));
  if (out.valid_rows != src.valid_cols || out.valid_cols != src.valid_rows) {
    return ErrorAt(loc, absl::StrCat("'tile.transpose' of a ", src.valid_rows.value, " x ",
                                     src.valid_cols.value, " tile writes a ",
                                     src.valid_cols.value, " x ", src.valid_rows.value, " one"));
  }
  if (tmp.dtype != src.dtype) {
    return ErrorAt(loc, absl::StrCat("'tile.transpose' (TTRANS) takes a scratch tile of its "
                                     "source's element type, ", DTypeName(src.dtype), ", not ",
                                     DTypeName(tmp.dtype)));
  }
  if (backend == Backend::kA2A3 && Bytes(tmp) < Bytes(src)) {
    // ptoas 0.60's a2a3 verifier of pto.ttrans (when the scratch is used).
    return ErrorAt(loc, absl::StrCat("on a2a3 'tile.transpose' (TTRANS) takes a scratch tile of "
                                     "at least its source's ", Bytes(src), " bytes (ptoas's "
                                     "rule), not ", Bytes(tmp)));
  }
  plan->tile_args = {0, 3};
  plan->steps.push_back(VectorStep({Arg(0)}, {Result(), Arg(1)}));
  return absl::OkStatus();
}

}  // namespace codegen
}  // namespace ptoc
