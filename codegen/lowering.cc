#include "codegen/lowering.h"

#include "absl/algorithm/container.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codegen/lowering_array.h"
#include "codegen/lowering_compare.h"
#include "codegen/lowering_cube.h"
#include "codegen/lowering_ops4.h"
#include "codegen/lowering_ops5.h"
#include "codegen/lowering_pad.h"
#include "codegen/pipes.h"
#include "codegen/target_info.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "codegen/kernel_plan.h"
#include "passes/comm_effects.h"

namespace ptoc {
namespace codegen {
namespace {

// The staging tile of pld.tensor.put / get: chunk_rows x chunk_cols where
// PyPTO's attributes give them (the other from the transfer), else sized
// from the transferred shape (`transfer`, the subregion's; empty: the
// local tensor's).
TileGeometry TransferStagingTile(const Expr& call, int local_arg, const Shape& transfer) {
  const Type& local = call.args[local_arg]->type;
  TileGeometry g = StagingTileFor(transfer.empty() ? local.shape() : transfer, local.dtype());
  const int64_t rows = IntAttr(call, "chunk_rows", 0);
  const int64_t cols = IntAttr(call, "chunk_cols", 0);
  const int64_t elem = DTypeBytes(local.dtype());
  if (rows > 0) {
    g.rows = rows;
    g.valid_rows = Dim::Static(rows);
  }
  if (cols > 0) {
    g.cols = RoundUp(cols, 32 / elem).value();
    g.valid_cols = Dim::Static(cols);
  }
  return g;
}

Operand Arg(int i) { return Operand{Operand::Kind::kTileArg, i}; }
Operand Result() { return Operand{Operand::Kind::kResult, 0}; }
Operand Gm() { return Operand{Operand::Kind::kGm, 0}; }

MachineStep Step(MachineOp op, Pipe pipe, std::vector<Operand> reads,
                 std::vector<Operand> writes) {
  MachineStep s;
  s.op = op;
  s.pipe = pipe;
  s.barrier_all_pipe = pipe;
  s.reads = std::move(reads);
  s.writes = std::move(writes);
  return s;
}

bool IsAtomicAdd(const Expr& call) {
  const Expr* a = AttrOrDefault(call, "atomic");
  return a != nullptr && a->str == "add";
}

MemorySpace MemoryOfArg(const Expr& call, int i) {
  if (i >= static_cast<int>(call.args.size()) || !call.args[i]->type.is_tile()) {
    return MemorySpace::kVec;
  }
  return call.args[i]->type.memory();
}

// The region of `plan`: tensor argument `gm`, peer `peer`, offsets `region`.
void Addresses(CallLowering& plan, int gm, int peer, int region, CallLowering::Extent extent) {
  plan.gm_arg = gm;
  plan.peer_arg = peer;
  plan.region_arg = region;
  plan.extent = extent;
}

// The inner box of a fractal layout (rows x cols elements), as ptoas
// checks a subview of it; {1, 1} for ND.
std::pair<int64_t, int64_t> InnerBox(const TileGeometry& g) {
  const int64_t c0 = 32 / DTypeBytes(g.dtype);
  if (g.slayout == Layout::kNoneBox) return {1, 1};
  if (g.fractal == 1024) return {16, 16};
  if (g.slayout == Layout::kRowMajor) return {16, c0};
  return {c0, 16};
}

// The window a tile.slice aliases (ViewWindow), or the error at `loc` that
// says why it cannot be a view on this target.
absl::Status PlanView(const Expr& call, Backend backend, const Location& loc, ViewWindow* w) {
  const Type& src = call.args[0]->type;
  if (!src.is_tile() || src.shape().size() != 2) {
    return ErrorAt(loc, absl::StrCat("a slice of a tile of rank ",
                                     src.is_tile() ? src.shape().size() : 0,
                                     " cannot be emitted yet (pto.subview takes 2-D tiles)"));
  }
  absl::StatusOr<TileGeometry> g = GeometryOf(src, backend, loc);
  if (!g.ok()) return g.status();
  if (!src.view().valid_shape.empty() && src.view().valid_shape != src.shape()) {
    return ErrorAt(loc, "a slice of a tile with a valid_shape cannot be emitted yet");
  }
  const Expr& sizes = *call.args[1];
  const Expr& offsets = *call.args[2];
  if (sizes.args.size() != 2 || offsets.args.size() != 2 || sizes.args[0]->kind != ExprKind::kInt ||
      sizes.args[1]->kind != ExprKind::kInt) {
    return ErrorAt(loc, "a tile slice needs two constant sizes and two offsets");
  }
  w->rows = sizes.args[0]->int_value;
  w->cols = sizes.args[1]->int_value;
  w->row_offset = offsets.args[0].get();
  w->col_offset = offsets.args[1].get();
  const int64_t size[2] = {w->rows, w->cols};
  const int64_t extent[2] = {src.shape()[0].value, src.shape()[1].value};
  const Expr* offset[2] = {w->row_offset, w->col_offset};
  const char* axis[2] = {"rows", "columns"};
  for (int d = 0; d < 2; ++d) {
    const bool fixed = offset[d]->kind == ExprKind::kInt;
    const int64_t first = fixed ? offset[d]->int_value : 0;
    if (size[d] <= 0 || first < 0 || first > extent[d] - size[d]) {
      return ErrorAt(loc, absl::StrCat("this slice takes ", fixed ? "" : "at least ", axis[d], " ",
                                       first, ":", first + size[d], " of a tile of ", extent[d],
                                       " ", axis[d], "; a view must lie inside its source"));
    }
  }
  // The result's layout is the source's (a view reinterprets nothing).
  absl::StatusOr<TileGeometry> result = GeometryOf(call.type, backend, loc);
  if (!result.ok()) return result.status();
  if (result->blayout != g->blayout || result->slayout != g->slayout ||
      call.type.shape() != Shape{Dim::Static(w->rows), Dim::Static(w->cols)}) {
    return ErrorAt(loc, absl::StrCat("the slice's type ", TypeToString(call.type),
                                     " is not a window of its source ", TypeToString(src)));
  }
  Dim valid[2] = {Dim::Static(w->rows), Dim::Static(w->cols)};
  if (call.args.size() > 3 && !call.args[3]->args.empty()) {
    w->explicit_valid = true;
    const Shape& v = call.type.view().valid_shape;
    if (!v.empty()) {
      // A run-time valid dim: a scalar the emitters name (a `valid [..]`
      // operand, the C++ tile's constructor argument).
      if (v.size() != 2 || v[0].is_expr() || v[1].is_expr()) {
        return ErrorAt(loc, "a slice whose valid_shape is an expression cannot be emitted yet; "
                            "compute it into a scalar first");
      }
      valid[0] = v[0];
      valid[1] = v[1];
    }
  }
  w->pto = *g;
  w->pto.rows = w->rows;
  w->pto.cols = w->cols;
  w->pto.valid_rows = valid[0];
  w->pto.valid_cols = valid[1];
  w->cce = w->pto;
  if (g->slayout == Layout::kNoneBox) {
    if (g->blayout != Layout::kRowMajor) {
      return ErrorAt(loc, "a slice of a column-major ND tile cannot be emitted yet");
    }
    // ptoas places a view as a tile at its source's address plus the
    // window's offset, and a tile starts on a 32-byte boundary: rows are
    // padded to one, so the column offset decides. A run-time offset is
    // the program's to keep aligned (ptoas cannot check it either).
    const int64_t esize = DTypeBytes(g->dtype);
    if (w->col_offset->kind == ExprKind::kInt && (w->col_offset->int_value * esize) % 32 != 0) {
      return ErrorAt(loc, absl::StrCat(
          "this slice starts at column ", w->col_offset->int_value, ", ",
          w->col_offset->int_value * esize, " bytes into its source's rows; a view starts on a "
          "32-byte boundary (a multiple of ", 32 / esize, " ", DTypeName(g->dtype),
          " columns): slice from an aligned column"));
    }
    // Row-major: the window's rows keep the source's (padded) row stride.
    w->cce.cols = g->cols;
    return absl::OkStatus();
  }
  // A fractal layout: ptoas takes whole boxes; ptoc aliases only a window
  // that is contiguous in the source (whole columns of an N-major layout,
  // whole rows of a Z-major one), which is then a tile of its own layout.
  const auto [box_rows, box_cols] = InnerBox(*g);
  if (w->row_offset->kind != ExprKind::kInt || w->col_offset->kind != ExprKind::kInt) {
    return ErrorAt(loc, absl::StrCat("a slice of a ", MemorySpaceName(g->memory),
                                     " tile in a fractal layout needs constant offsets"));
  }
  const int64_t r = w->row_offset->int_value, c = w->col_offset->int_value;
  if (w->rows % box_rows != 0 || w->cols % box_cols != 0 || r % box_rows != 0 ||
      c % box_cols != 0) {
    return ErrorAt(loc, absl::StrCat("a slice of a ", MemorySpaceName(g->memory),
                                     " tile in a fractal layout takes whole ", box_rows, " x ",
                                     box_cols, " boxes: sizes and offsets must be multiples "
                                     "of them"));
  }
  const bool whole_columns = r == 0 && w->rows == extent[0] && g->rows == w->rows;
  const bool whole_rows = c == 0 && w->cols == extent[1] && g->cols == w->cols;
  if (g->blayout == Layout::kColMajor ? !whole_columns : !whole_rows) {
    return ErrorAt(loc, absl::StrCat(
        "ptoc aliases a window of a ", MemorySpaceName(g->memory), " tile in a fractal layout only "
        "when it is contiguous: ", g->blayout == Layout::kColMajor ? "all of its rows" : "all of "
        "its columns", "; copy other windows with tile.extract"));
  }
  return absl::OkStatus();
}

// tile.extract (src, row, col, shape): what ptoas's textract verifier and
// pto-isa's TEXTRACT take. The pairs of memories are the cube's operand
// feeds (Mat -> Left / Right), the Acc down-conversion into Mat, and a Vec
// copy; the window lies inside the source's buffer; a Vec window starts on
// a 32-byte boundary of its row (pto-isa asserts it at run time).
absl::Status CheckExtract(const Expr& call, Backend backend, const Location& loc) {
  const Type& src = call.args[0]->type;
  const Type& dst = call.type;
  if (!src.is_tile() || !dst.is_tile() || src.shape().size() != 2 || dst.shape().size() != 2) {
    return ErrorAt(loc, "tile.extract takes a 2-D window of a 2-D tile");
  }
  const MemorySpace from = src.memory(), to = dst.memory();
  const bool acc_down = from == MemorySpace::kAcc && to == MemorySpace::kMat;
  const bool pair = (from == MemorySpace::kVec && to == MemorySpace::kVec) ||
                    (from == MemorySpace::kMat &&
                     (to == MemorySpace::kLeft || to == MemorySpace::kRight)) ||
                    acc_down;
  if (!pair) {
    return ErrorAt(loc, absl::StrCat(
        "tile.extract copies Mat into Left or Right, Acc into Mat, or Vec into Vec, not ",
        MemorySpaceName(from), " into ", MemorySpaceName(to)));
  }
  if (acc_down ? !(src.dtype() == DType::kFP32 &&
                   (dst.dtype() == DType::kFP16 || dst.dtype() == DType::kBF16))
               : src.dtype() != dst.dtype()) {
    return ErrorAt(loc, absl::StrCat(
        "tile.extract ", acc_down ? "from Acc into Mat converts FP32 into FP16 or BF16"
                                  : "keeps the element type",
        ", not ", DTypeName(src.dtype()), " into ", DTypeName(dst.dtype())));
  }
  ASSIGN_OR_RETURN(TileGeometry s, GeometryOf(src, backend, loc));
  ASSIGN_OR_RETURN(TileGeometry d, GeometryOf(dst, backend, loc));
  const int64_t window[2] = {dst.shape()[0].value, dst.shape()[1].value};
  const int64_t extent[2] = {src.shape()[0].value, src.shape()[1].value};
  const int64_t buffer[2] = {s.rows, s.cols};
  const int64_t placed[2] = {d.rows, d.cols};
  const char* axis[2] = {"rows", "columns"};
  for (int a = 0; a < 2; ++a) {
    const Expr& offset = *call.args[1 + a];
    const int64_t first = offset.kind == ExprKind::kInt ? offset.int_value : 0;
    // ptoas compares the destination's buffer with the source's.
    if (first < 0 || first + window[a] > extent[a] || first + placed[a] > buffer[a]) {
      return ErrorAt(loc, absl::StrCat(
          "this extract takes ", offset.kind == ExprKind::kInt ? "" : "at least ", axis[a], " ",
          first, " to ", first + std::max(window[a], placed[a]), " of a tile with ",
          std::min(extent[a], buffer[a]), " ", axis[a],
          placed[a] > window[a]
              ? absl::StrCat(" (ptoas compares buffers, and the ", window[a], " ", axis[a],
                             " of the result take ", placed[a], ": rows pad to 32 bytes)")
              : ""));
    }
  }
  const Expr& col = *call.args[2];
  const int64_t row_bytes = 32;
  if (from == MemorySpace::kMat && to != MemorySpace::kMat) {
    // pto-isa's TEXTRACT into L0 (TExtractToA / ToB) reads whole fractals
    // of the destination: into Left 16 rows by C0 (32 bytes of elements),
    // into Right C0 by 16. A run-time index is the program's to keep
    // aligned (pto-isa asserts it on the device).
    const auto [box_rows, box_cols] = InnerBox(d);
    const int64_t step[2] = {box_rows, box_cols};
    for (int a = 0; a < 2; ++a) {
      const Expr& offset = *call.args[1 + a];
      if (offset.kind == ExprKind::kInt && offset.int_value % step[a] != 0) {
        return ErrorAt(loc, absl::StrCat(
            "a tile.extract from Mat into ", MemorySpaceName(to), " starts on a fractal: its ",
            a == 0 ? "row" : "column", " is a multiple of ", step[a], " (pto-isa's TEXTRACT), "
            "not ", offset.int_value));
      }
    }
  }
  if (from == MemorySpace::kVec && col.kind == ExprKind::kInt &&
      (col.int_value * DTypeBytes(src.dtype())) % row_bytes != 0) {
    return ErrorAt(loc, absl::StrCat(
        "a Vec tile.extract starts on a 32-byte boundary of its rows (pto-isa's TEXTRACT): "
        "column ", col.int_value, " is ", col.int_value * DTypeBytes(src.dtype()),
        " bytes in; extract from a column that is a multiple of ",
        row_bytes / DTypeBytes(src.dtype())));
  }
  return absl::OkStatus();
}

// tile.assemble (target, source, offsets): the window of the result (the
// target's type) the source is copied into, as PyPTO's lowering writes it
// (pto.subview at the offsets, pto.tmov into it), or the error at `loc`.
// Vec tiles of one dtype, row-major ND, no valid_shape; a tile of rank > 2
// is its rows folded (PyPTO's FlattenTileNdTo2D), so the source must be one
// contiguous band of them, at constant offsets.
absl::Status PlanAssemble(const Expr& call, Backend backend, const Location& loc,
                          ViewWindow* w) {
  const Type& dst = call.type;
  const Type& src = call.args[1]->type;
  if (!dst.is_tile() || !src.is_tile()) return ErrorAt(loc, "tile.assemble takes two tiles");
  if (dst.memory() != MemorySpace::kVec || src.memory() != MemorySpace::kVec) {
    return ErrorAt(loc, absl::StrCat("a tile.assemble of a tile in ", MemorySpaceName(src.memory()),
                                     " into a tile in ", MemorySpaceName(dst.memory()),
                                     " cannot be emitted yet (Vec tiles only)"));
  }
  if (src.dtype() != dst.dtype()) {
    return ErrorAt(loc, absl::StrCat("tile.assemble writes a ", DTypeName(src.dtype()),
                                     " tile into a ", DTypeName(dst.dtype()), " one"));
  }
  const size_t rank = dst.shape().size();
  if (src.shape().size() != rank || rank < 2) {
    return ErrorAt(loc, absl::StrCat("tile.assemble of a rank-", src.shape().size(),
                                     " source into a rank-", rank, " target cannot be emitted "
                                     "(one offset per dimension of both, rank 2 or more)"));
  }
  if (!dst.has_static_shape() || !src.has_static_shape()) {
    return ErrorAt(loc, "tile.assemble needs tiles of static shape");
  }
  for (const Type* t : {&dst, &src}) {
    if (!t->view().valid_shape.empty() && t->view().valid_shape != t->shape()) {
      return ErrorAt(loc, "a tile.assemble of tiles with a valid_shape cannot be emitted yet");
    }
  }
  const Expr& offsets = *call.args[2];
  if ((offsets.kind != ExprKind::kList && offsets.kind != ExprKind::kTuple) ||
      offsets.args.size() != rank) {
    return ErrorAt(loc, absl::StrCat("tile.assemble takes ", rank, " offsets"));
  }
  std::vector<int64_t> t, s;
  for (size_t d = 0; d < rank; ++d) {
    t.push_back(dst.shape()[d].value);
    s.push_back(src.shape()[d].value);
    const Expr& o = *offsets.args[d];
    const int64_t first = o.kind == ExprKind::kInt ? o.int_value : 0;
    if (first < 0 || first > t[d] - s[d]) {
      return ErrorAt(loc, absl::StrCat("tile.assemble writes ", o.kind == ExprKind::kInt ? "" :
                                       "at least ", first, ":", first + s[d], " of dimension ",
                                       d, " of a tile of ", t[d], "; the source must lie "
                                       "inside the target"));
    }
  }
  w->col_offset = offsets.args[rank - 1].get();
  w->cols = s[rank - 1];
  if (rank == 2) {
    w->row_offset = offsets.args[0].get();
    w->rows = s[0];
  } else {
    // Folded rows: below the outermost dimension the source spans partly,
    // it must span its target's dimensions whole.
    w->rows = 1;
    CheckedInt row = 0, stride = 1;
    bool partial = false;
    for (size_t d = rank - 1; d-- > 0;) {
      const Expr& o = *offsets.args[d];
      if (o.kind != ExprKind::kInt) {
        return ErrorAt(loc, absl::StrCat("a tile.assemble of rank-", rank,
                                         " tiles needs constant offsets"));
      }
      if (partial && s[d] != 1) {
        return ErrorAt(loc, absl::StrCat(
            "tile.assemble of ", TypeToString(src), " into ", TypeToString(dst),
            " is not one contiguous row band of the target's folded rows"));
      }
      partial = partial || s[d] != t[d];
      row += CheckedInt(o.int_value) * stride;
      stride *= t[d];
      w->rows *= s[d];
    }
    ASSIGN_OR_RETURN(w->folded_row, FitOrError(row, loc, "the folded row offset"));
  }
  ASSIGN_OR_RETURN(TileGeometry g, GeometryOf(dst, backend, loc));
  if (g.blayout != Layout::kRowMajor || g.slayout != Layout::kNoneBox) {
    return ErrorAt(loc, "tile.assemble writes into a row-major (ND) tile; this one is not");
  }
  // A view starts on a 32-byte boundary of its row (as for tile.slice).
  const int64_t esize = DTypeBytes(g.dtype);
  if (w->col_offset->kind == ExprKind::kInt && (w->col_offset->int_value * esize) % 32 != 0) {
    return ErrorAt(loc, absl::StrCat(
        "tile.assemble writes from column ", w->col_offset->int_value, ", ",
        w->col_offset->int_value * esize, " bytes into the target's rows; its window starts on a "
        "32-byte boundary (a multiple of ", 32 / esize, " ", DTypeName(g.dtype), " columns)"));
  }
  // ptoas's a2a3 tmov takes Vec tiles of one shape, and it shapes the
  // window as its parent's rows: the source must span them whole.
  ASSIGN_OR_RETURN(TileGeometry from, GeometryOf(src, backend, loc));
  if (backend == Backend::kA2A3 && from.cols != g.cols) {
    return ErrorAt(loc, absl::StrCat(
        "on a2a3 tile.assemble writes only whole rows of its target (ptoas moves Vec tiles "
        "between tiles of one shape): this source's rows are ", from.cols, " ",
        DTypeName(g.dtype), " elements, the target's ", g.cols));
  }
  w->pto = g;
  w->pto.rows = w->rows;
  w->pto.cols = w->cols;
  w->pto.valid_rows = Dim::Static(w->rows);
  w->pto.valid_cols = Dim::Static(w->cols);
  w->cce = w->pto;
  w->cce.cols = g.cols;
  return absl::OkStatus();
}

// tile.mgather (mem, idx): PyPTO's Vec form (pto_ops_memory.cpp), checked
// as ptoas and pto-isa check it.
absl::Status PlanMgather(const Expr& call, Backend backend, const Location& loc,
                         CallLowering* plan) {
  const Type& mem = call.args[0]->type;
  const Type& idx = call.args[1]->type;
  const Type& dst = call.type;
  if (!dst.is_tile() || dst.memory() != MemorySpace::kVec) {
    return ErrorAt(loc, "tile.mgather into Mat (the cube's GM -> L1 gather, with GM indices) "
                        "cannot be emitted yet; gather into Vec");
  }
  const Expr* c = call.FindAttr("coalesce");
  plan->gather_elem = c != nullptr && ((c->kind == ExprKind::kString && c->str == "elem") ||
                                       (c->kind == ExprKind::kInt && c->int_value == 1));
  if (const Expr* o = call.FindAttr("gather_oob"); o != nullptr) {
    static constexpr const char* kModes[] = {"undefined", "clamp", "wrap", "zero"};
    plan->gather_oob = -1;
    for (int i = 0; i < 4; ++i) {
      if ((o->kind == ExprKind::kString && o->str == kModes[i]) ||
          (o->kind == ExprKind::kInt && o->int_value == i)) {
        plan->gather_oob = i;
      }
    }
    if (plan->gather_oob < 0) {
      return ErrorAt(loc, "tile.mgather's gather_oob is one of \"undefined\", \"clamp\", "
                          "\"wrap\", \"zero\" (0-3)");
    }
  }
  if (!mem.is_tensor() || !idx.is_tile()) {
    return ErrorAt(loc, "a Vec tile.mgather reads a GM tensor at the indices of a tile");
  }
  ASSIGN_OR_RETURN(TileGeometry g, GeometryOf(dst, backend, loc));
  ASSIGN_OR_RETURN(TileGeometry ig, GeometryOf(idx, backend, loc));
  if (g.blayout != Layout::kRowMajor || g.slayout != Layout::kNoneBox ||
      ig.blayout != Layout::kRowMajor || ig.slayout != Layout::kNoneBox) {
    return ErrorAt(loc, "tile.mgather gathers into a row-major (ND) tile from a row-major "
                        "index tile");
  }
  if (!dst.has_static_shape() || !idx.has_static_shape()) {
    return ErrorAt(loc, "tile.mgather needs tiles of static shape");
  }
  if (!plan->gather_elem && idx.shape()[0] != Dim::Static(1)) {
    // ptoas takes [R, 1] row indices only as a col_major (DN) tile, and
    // ptoc lays such a Vec tile out ND.
    return ErrorAt(loc, absl::StrCat("tile.mgather by rows takes a [1, R] index tile; this one is ",
                                     TypeToString(idx), " ([R, 1] needs a column-major (DN) "
                                     "tile, which ptoc does not lay out yet)"));
  }
  if (!plan->gather_elem && mem.shape().size() != 2) {
    // a5's pto-isa counts the table's rows in its second-to-last dim only.
    return ErrorAt(loc, absl::StrCat("tile.mgather by rows of a rank-", mem.shape().size(),
                                     " table cannot be emitted yet (a rank-2 table)"));
  }
  const int64_t cols = dst.shape()[1].value;
  if (backend == Backend::kA2A3 && cols * DTypeBytes(dst.dtype()) % 32 != 0) {
    return ErrorAt(loc, absl::StrCat("on a2a3 tile.mgather gathers rows of whole 32-byte "
                                     "blocks: ", cols, " ", DTypeName(dst.dtype()),
                                     " elements are ", cols * DTypeBytes(dst.dtype()),
                                     " bytes"));
  }
  plan->tile_args = {1};
  const Shape valid = dst.view().valid_shape.empty() ? dst.shape() : dst.view().valid_shape;
  plan->steps = MgatherSteps(backend, plan->gather_elem,
                             valid[0] == Dim::Static(1) && valid[1] == Dim::Static(1));
  return absl::OkStatus();
}

// tile.reshape: pto.treshape / TRESHAPE re-read the source's buffer as the
// result's tile type, no copy (ptoas and pto-isa: one memory, one byte size,
// both boxed or neither). That is the reshape only when both buffers hold
// the elements in the same order: the same buffer, or two ND buffers whose
// rows carry no padding. A row padded to 32 bytes (an [N, 1] tile is N rows
// of 32 bytes here; PyPTO lays such a tile out column-major, ptoc does not)
// puts gaps between the elements, and the reshape is refused at `loc`.
absl::Status CheckReshape(const Expr& call, Backend backend, const Location& loc) {
  const Type& src = call.args[0]->type;
  const Type& dst = call.type;
  if (!src.is_tile() || !dst.is_tile()) return ErrorAt(loc, "tile.reshape takes a tile");
  ASSIGN_OR_RETURN(TileGeometry s, GeometryOf(src, backend, loc));
  ASSIGN_OR_RETURN(TileGeometry d, GeometryOf(dst, backend, loc));
  const auto whole = [](const TileGeometry& g, const Type& t) {
    return g.valid_rows.is_static() && g.valid_cols.is_static() &&
           (t.view().valid_shape.empty() || t.view().valid_shape == t.shape());
  };
  if (!whole(s, src) || !whole(d, dst)) {
    return ErrorAt(loc, "a tile.reshape of a tile with a valid_shape cannot be emitted yet "
                        "(pto.treshape keeps the whole buffer)");
  }
  if (s.dtype != d.dtype &&
      s.rows * s.cols * DTypeBytes(s.dtype) != d.rows * d.cols * DTypeBytes(d.dtype)) {
    return ErrorAt(loc, absl::StrCat(
        "'", call.str, "' of ", TypeToString(src), " into ", TypeToString(dst),
        " is not a view: pto.treshape keeps the buffer's bytes, and ptoc lays the source out in ",
        s.rows * s.cols * DTypeBytes(s.dtype), " bytes, the result in ",
        d.rows * d.cols * DTypeBytes(d.dtype)));
  }
  const bool same_buffer = s.rows == d.rows && s.cols == d.cols && s.blayout == d.blayout &&
                           s.slayout == d.slayout && s.fractal == d.fractal;
  if (same_buffer) return absl::OkStatus();
  const auto nd = [](const TileGeometry& g) {
    return g.blayout == Layout::kRowMajor && g.slayout == Layout::kNoneBox;
  };
  if (!nd(s) || !nd(d)) {
    return ErrorAt(loc, absl::StrCat("a tile.reshape of a ", MemorySpaceName(s.memory),
                                     " tile in a fractal layout into another shape cannot be "
                                     "emitted (pto.treshape keeps the boxes)"));
  }
  const auto dense = [](const TileGeometry& g) {
    return g.cols == g.valid_cols.value && g.rows == g.valid_rows.value;
  };
  const auto padded = [&](const TileGeometry& g, const char* what) {
    return ErrorAt(loc, absl::StrCat(
        "tile.reshape of ", TypeToString(src), " into ", TypeToString(dst),
        " is not a view: ptoc lays the ", what, " out row-major with its rows padded to 32 "
        "bytes (", g.rows, " x ", g.cols, " ", DTypeName(g.dtype), " elements for ",
        g.valid_rows.value, " x ", g.valid_cols.value,
        "), and pto.treshape keeps the bytes, gaps and all (PyPTO lays an [N, 1] tile out "
        "column-major, which ptoc does not model yet)"));
  };
  if (!dense(s)) return padded(s, "source");
  if (!dense(d)) return padded(d, "result");
  return absl::OkStatus();
}

// PyPTO lays an [N, 1] tile out column-major, so its reshape to [1, N] (and
// back) keeps the bytes; ptoc pads each of its rows to 32 bytes, and the
// same reshape moves the elements. It is then TTRANS, which needs a scratch
// tile of the source's bytes (ptoas's a2a3 rule): that tile, or nullopt
// when `call` is no such reshape of a whole, static Vec tile.
std::optional<TileGeometry> VectorTurnScratch(const Expr& call, Backend backend) {
  const Type& src = call.args[0]->type;
  const Type& dst = call.type;
  if (!src.is_tile() || !dst.is_tile() || src.shape().size() != 2 || dst.shape().size() != 2) {
    return std::nullopt;
  }
  const auto dim = [](const Type& t, int i) {
    return t.shape()[i].is_static() ? t.shape()[i].value : -1;
  };
  const bool column_to_row = dim(src, 1) == 1 && dim(dst, 0) == 1 && dim(src, 0) == dim(dst, 1);
  const bool row_to_column = dim(src, 0) == 1 && dim(dst, 1) == 1 && dim(src, 1) == dim(dst, 0);
  if (!(column_to_row || row_to_column) || dim(src, 0) < 0 || dim(src, 1) < 0) return std::nullopt;
  absl::StatusOr<TileGeometry> s = GeometryOf(src, backend, Location{});
  absl::StatusOr<TileGeometry> d = GeometryOf(dst, backend, Location{});
  if (!s.ok() || !d.ok() || s->memory != MemorySpace::kVec || d->memory != MemorySpace::kVec) {
    return std::nullopt;
  }
  const auto whole = [](const TileGeometry& g, const Type& t) {
    return g.valid_rows.is_static() && g.valid_cols.is_static() &&
           g.valid_rows.value == t.shape()[0].value && g.valid_cols.value == t.shape()[1].value;
  };
  const int64_t elem = DTypeBytes(s->dtype);
  if (!whole(*s, src) || !whole(*d, dst) || (elem != 2 && elem != 4)) return std::nullopt;
  return *s;
}

// What an element-wise instruction needs of its scratch tile (the row's
// Scratch rule), as ptoas's verifier and pto-isa's static checks state it.
absl::Status CheckScratch(const Expr& call, const ElementwiseOp& e, Backend backend,
                          const Location& loc) {
  const int at = e.scratch_arg();
  if (at < 0 || at >= static_cast<int>(call.args.size())) return absl::OkStatus();
  const Type& tmp = call.args[at]->type;
  const Type& out = call.type;
  if (!tmp.is_tile() || !out.is_tile() || tmp.shape().size() != 2 || out.shape().size() != 2) {
    return ErrorAt(loc, absl::StrCat("'", call.str, "' (", e.instruction,
                                     ") takes 2-D tiles and a 2-D scratch tile"));
  }
  ASSIGN_OR_RETURN(TileGeometry t, GeometryOf(tmp, backend, loc));
  ASSIGN_OR_RETURN(TileGeometry r, GeometryOf(out, backend, loc));
  if (!t.valid_rows.is_static() || !t.valid_cols.is_static() || !r.valid_rows.is_static() ||
      !r.valid_cols.is_static()) {
    return ErrorAt(loc, absl::StrCat("'", call.str, "' (", e.instruction,
                                     ") needs static valid shapes for its scratch check"));
  }
  const int64_t tr = t.valid_rows.value, tc = t.valid_cols.value;
  const int64_t rr = r.valid_rows.value, rc = r.valid_cols.value;
  const DType want = e.scratch == ElementwiseOp::Scratch::kMask ? DType::kUINT8 : out.dtype();
  int64_t min_rows = rr, min_cols = rc;
  bool exact = false;
  switch (e.scratch) {
    case ElementwiseOp::Scratch::kNone: return absl::OkStatus();
    case ElementwiseOp::Scratch::kLikeResult: exact = true; break;
    case ElementwiseOp::Scratch::kRows2: min_rows = 2; break;
    case ElementwiseOp::Scratch::kMask:
      // A bit per element of a row, one row more than the result's.
      min_rows = rr + 1;
      min_cols = (rc + 7) / 8;
      break;
    case ElementwiseOp::Scratch::kBlock:
      // One 32-byte block of the result's element type.
      min_rows = 1;
      min_cols = 32 / DTypeBytes(out.dtype());
      break;
  }
  const bool fits = tmp.dtype() == want &&
                    (exact ? tr == rr && tc == rc : tr >= min_rows && tc >= min_cols);
  if (!fits) {
    return ErrorAt(loc, absl::StrCat(
        "'", call.str, "' (", e.instruction, ") needs a scratch tile of ", DTypeName(want),
        exact ? " shaped " : " with at least ", min_rows, " x ", min_cols,
        exact ? "" : " valid elements", ", not ", DTypeName(tmp.dtype()), " ", tr, " x ", tc));
  }
  return absl::OkStatus();
}

}  // namespace

Pipe MovePipe(MemorySpace src) {
  switch (src) {
    case MemorySpace::kVec: return Pipe::kV;
    case MemorySpace::kAcc: return Pipe::kFix;
    default: return Pipe::kMte1;
  }
}

Pipe StorePipe(MemorySpace src) { return src == MemorySpace::kAcc ? Pipe::kFix : Pipe::kMte3; }

Pipe PopPipe(bool a5, bool to_vec) {
  if (!a5) return Pipe::kMte2;
  return to_vec ? Pipe::kV : Pipe::kMte1;
}

Pipe FreePipe(bool a5, bool from_vec) {
  if (!a5) return Pipe::kS;
  return from_vec ? Pipe::kV : Pipe::kMte1;
}

absl::string_view PipeName(Pipe p) {
  static constexpr absl::string_view kNames[] = {"PIPE_S",    "PIPE_V",    "PIPE_M",  "PIPE_MTE1",
                                                 "PIPE_MTE2", "PIPE_MTE3", "PIPE_FIX"};
  return kNames[static_cast<int>(p)];
}

bool CoreHasPipe(FunctionKind kind, Pipe p) {
  // MTE3 on both: an AIC's Mat -> GM store runs on it (pto-isa
  // include/pto/common/event.hpp: TSTORE_MAT on PIPE_MTE3; PTOAS
  // PTOOps.td: "VEC/UB and MAT -> GM use the MTE3 pipe").
  if (p == Pipe::kS || p == Pipe::kMte2 || p == Pipe::kMte3) return true;
  if (kind == FunctionKind::kAIV) return p == Pipe::kV;
  return p == Pipe::kMte1 || p == Pipe::kM || p == Pipe::kFix;
}

bool PipeInOrder(Backend backend, Pipe p) {
  return p == Pipe::kS || (backend == Backend::kA5 && p == Pipe::kV);
}

absl::string_view MachineOpName(MachineOp op) {
  static constexpr absl::string_view kNames[] = {
      "TLOAD", "TSTORE", "TMOV",  "TMATMUL", "TVEC",   "TPUSH",   "TPOP", "TFREE", "LD_S",
      "ST_S",  "DCCI",   "FENCE", "TPUT",    "TGET",   "TNOTIFY", "TWAIT", "SYNCALL"};
  return kNames[static_cast<int>(op)];
}

absl::Status CheckSignal(const std::string& param, DType dtype, const Location& loc) {
  if (dtype == DType::kINT32) return absl::OkStatus();
  return ErrorAt(loc, absl::StrCat("signal '", param, "' must hold INT32 values"));
}

namespace {

// TCOLSUM's binary tree adds row pairs of the source into the scratch tile
// (pto-isa's BinarySum): a scratch of the source's element type, as wide
// as its rows and of at least half as many.
absl::Status CheckColSumScratch(const Expr& call, Backend backend, const Location& loc) {
  const Type& src = call.args[0]->type;
  const Type& tmp = call.args[1]->type;
  if (!src.is_tile() || !tmp.is_tile() || src.shape().size() != 2 ||
      tmp.shape().size() != 2) {
    return ErrorAt(loc, absl::StrCat("'", call.str, "' takes a 2-D tile and a 2-D scratch tile"));
  }
  ASSIGN_OR_RETURN(TileGeometry s, GeometryOf(src, backend, loc));
  ASSIGN_OR_RETURN(TileGeometry t, GeometryOf(tmp, backend, loc));
  if (tmp.dtype() != src.dtype() || t.cols < s.cols || 2 * t.rows < s.rows) {
    return ErrorAt(loc, absl::StrCat(
        "'", call.str, "' (TCOLSUM) with a scratch tile adds the rows in pairs into it: it "
        "takes a scratch of the source's type (", DTypeName(src.dtype()), "), at least ",
        s.cols, " columns wide and ", (s.rows + 1) / 2, " rows high, not ", TypeToString(tmp)));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<TileGeometry> PlacedResult(const CallLowering& plan, const Expr& call,
                                          const std::vector<TileGeometry>& operands,
                                          Backend backend, const Location& loc) {
  absl::StatusOr<TileGeometry> own = GeometryOf(call.type, backend, loc);
  if (!own.ok()) return own.status();
  std::vector<std::string> types;
  bool view = false;
  for (size_t i = 0; i < operands.size() && i < plan.tile_args.size(); ++i) {
    absl::StatusOr<TileGeometry> plain =
        GeometryOf(call.args[plan.tile_args[i]]->type, backend, loc);
    if (!plain.ok()) return plain.status();
    types.push_back(CceTileType(operands[i]));
    view = view || types.back() != CceTileType(*plain);
  }
  const ElementwiseOp* e = plan.op->elementwise;
  const OpKind kind = plan.op->kind;
  // (TSELS takes its tiles in types of their own and reads them by element;
  // TSEL takes dst, lhs and rhs in one type; TCMPS packs its source's rows.)
  if (view && (kind == OpKind::kColExpand || kind == OpKind::kRowExpand ||
               kind == OpKind::kArgReduce || kind == OpKind::kTernary ||
               kind == OpKind::kConcat ||
               kind == OpKind::kCompare ||
               kind == OpKind::kTranspose || kind == OpKind::kFillPad ||
               (kind == OpKind::kSelect && plan.scalar_arg < 0) ||
               (e != nullptr && e->scratch_arg() >= 0))) {
    // ptoas reads the tile's rows and columns from its operand type, which
    // for a window is its source's (PyPTO copies such an operand first);
    // the column expansions and the rows with a scratch tile then find
    // their operands and result of different shapes.
    return ErrorAt(loc, absl::StrCat(
        "'", call.str, "' (", plan.op->cce_name, ") takes whole tiles, and an operand is a "
        "window of a wider tile (tile.slice): copy the window into a tile of its own first "
        "(tile.move)"));
  }
  if (!view && e != nullptr && e->form == ElementwiseOp::Form::kBinary && operands.size() == 2 &&
      (operands[0].pad != PadValue::kNull || operands[1].pad != PadValue::kNull)) {
    // pto-isa's binary instructions take three tiles of one type, pad
    // included; PyPTO's result has none (a fresh view), so a result of
    // two padded tiles (tile.fillpad's) is placed as their type.
    if (operands[0].pad != operands[1].pad) {
      return ErrorAt(loc, absl::StrCat(
          "'", call.str, "' (", plan.op->cce_name, ") takes its tiles in one C++ type, and its "
          "operands have different pads (pl.PadValue.", PadValueName(operands[0].pad),
          " and pl.PadValue.", PadValueName(operands[1].pad), "): pad both alike (tile.fillpad)"));
    }
    TileGeometry placed = *own;
    placed.pad = operands[0].pad;
    return placed;
  }
  if (!view || e == nullptr || e->form != ElementwiseOp::Form::kBinary || types.size() != 2) {
    return own;
  }
  TileGeometry placed = operands[0];
  placed.dtype = own->dtype;
  placed.memory = own->memory;
  const bool same_window = types[0] == types[1] && placed.valid_rows == own->valid_rows &&
                           placed.valid_cols == own->valid_cols;
  if (!same_window) {
    return ErrorAt(loc, absl::StrCat(
        "'", call.str, "' (", plan.op->cce_name, ") takes its tiles in one C++ type, and an "
        "operand is a window of a wider tile (tile.slice) while the other is not the same "
        "window shape of one: copy the window into a tile of its own first (tile.move)"));
  }
  return placed;
}

std::vector<int> OperandSlots(const CallLowering& plan) {
  std::vector<int> slots;
  bool scalar_placed = plan.scalar_arg < 0;
  for (size_t i = 0; i < plan.tile_args.size(); ++i) {
    if (!scalar_placed && plan.scalar_arg < plan.tile_args[i]) {
      slots.push_back(-1);
      scalar_placed = true;
    }
    slots.push_back(static_cast<int>(i));
  }
  if (!scalar_placed) slots.push_back(-1);
  return slots;
}

TileGeometry ViewTile(const ViewWindow& w, const TileGeometry& source) {
  TileGeometry tile = w.cce;
  if (tile.slayout == Layout::kNoneBox) tile.cols = source.cols;
  return tile;
}

absl::Status CarriedViewError(const Location& loc) {
  return ErrorAt(loc, "a window of a wider tile (tile.slice), or a result computed from "
                      "windows, cannot be carried by a loop or merged by an if yet; copy it "
                      "into a tile of its own first (tile.move)");
}

absl::Status ElementOfViewError(const Expr& call, const Location& loc) {
  return ErrorAt(loc, absl::StrCat("'", call.str, "' of a window of a wider tile (tile.slice), "
                                   "or of a result computed from windows, cannot be emitted "
                                   "yet; copy it into a tile of its own first (tile.move)"));
}

absl::string_view CmpModeName(int mode) {
  static constexpr absl::string_view kNames[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  return mode >= 0 && mode < 6 ? kNames[mode] : "eq";
}

MachineStep DcciStep() { return Step(MachineOp::kDcci, Pipe::kS, {}, {Gm()}); }

const std::string* PeerBaseMemo::Find(const Var* param, const Expr& peer) const {
  for (const Entry& e : entries_) {
    if (e.param == param && e.call + 1 == call_ && e.block == block_ &&
        SameValueExpr(*e.peer, peer)) {
      return &e.base;
    }
  }
  return nullptr;
}

void PeerBaseMemo::Remember(const Var* param, const Expr& peer, std::string base) {
  std::vector<Entry> kept;
  for (Entry& e : entries_) {
    if (e.call + 1 >= call_) kept.push_back(std::move(e));
  }
  kept.push_back(Entry{param, &peer, std::move(base), call_, block_});
  entries_ = std::move(kept);
}

bool InvalidatesPeerRegion(const CallLowering& plan, const KernelPlan& kernel) {
  return kernel.implicit_peer_invalidates && plan.steps.back().op == MachineOp::kDcci &&
         (plan.op->kind == OpKind::kRemoteStore || plan.op->kind == OpKind::kTilePut ||
          plan.op->kind == OpKind::kTensorPut);
}

absl::StatusOr<std::vector<Dim>> InvalidateSizes(const Expr& sizes) {
  std::vector<Dim> dims;
  for (const ExprPtr& d : sizes.args) {
    if (d->kind == ExprKind::kInt) {
      dims.push_back(Dim::Static(d->int_value));
    } else if (d->kind == ExprKind::kVar) {
      dims.push_back(Dim::Symbolic(d->var->name));
    } else {
      return ErrorAt(d->loc, "a region size must be a constant or a scalar parameter");
    }
  }
  return dims;
}

absl::StatusOr<std::vector<Dim>> RegionSizes(const CallLowering& plan, const Expr& call,
                                             size_t rank, const Location& loc) {
  switch (plan.extent) {
    case CallLowering::Extent::kResult:
      // The GM region is what the load moves: its tile's valid part, as
      // PyPTO partitions it and pto-isa's TLOAD requires.
      return call.type.is_tile() ? MovedExtent(call.type) : call.type.shape();
    case CallLowering::Extent::kTileArg0:
      return TileRegion(call.args[0]->type, rank, loc);
    case CallLowering::Extent::kElement:
      return std::vector<Dim>(rank, Dim::Static(1));
    case CallLowering::Extent::kSizesArg:
      break;
  }
  return InvalidateSizes(*call.args[1]);
}

std::vector<MachineStep> MgatherSteps(Backend backend, bool elem, bool single) {
  std::vector<MachineStep> steps;
  bool hidden_events = true;
  if (backend == Backend::kA5 && !(elem && single)) {
    steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {Gm(), Arg(0)}, {Result()}));
    hidden_events = false;
  } else if (backend == Backend::kA5) {
    steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {Arg(0)}, {}));
    steps.push_back(Step(MachineOp::kScalarWrite, Pipe::kS, {Gm()}, {Result()}));
  } else if (elem) {
    steps.push_back(Step(MachineOp::kScalarWrite, Pipe::kS, {Arg(0), Gm()}, {Result()}));
  } else {
    steps.push_back(Step(MachineOp::kScalarRead, Pipe::kS, {Arg(0)}, {}));
    steps.push_back(Step(MachineOp::kTLoad, Pipe::kMte2, {Gm()}, {Result()}));
  }
  steps[0].barrier_all_before = hidden_events;
  return steps;
}

absl::StatusOr<CallLowering> PlanCall(const Function& fn, const Expr& call, Backend backend,
                                      int depth, const Location& loc) {
  ASSIGN_OR_RETURN(const OpLowering* op, LowerableOp(fn, call, loc));
  // The store's rule is the target's (below); every other op's is PyPTO's.
  if (op->kind != OpKind::kTileStore) {
    RETURN_IF_ERROR(CheckOperandMemory(call, loc));
  }
  // The element type an instruction is restricted on: its first operand's,
  // or its result's when it reads no tile (tile.full) or its first is a
  // mask (tile.sel / sels).
  const bool by_result = op->kind == OpKind::kSelect;
  const Type* typed = !by_result && !call.args.empty() && call.args[0]->type.is_tile()
                          ? &call.args[0]->type
                      : call.type.is_tile() ? &call.type
                                            : nullptr;
  if (std::optional<std::vector<DType>> takes = LoweringDTypes(*op, BackendName(backend));
      takes.has_value() && typed != nullptr && !absl::c_linear_search(*takes, typed->dtype())) {
    std::vector<std::string> names;
    for (DType t : *takes) names.emplace_back(DTypeName(t));
    return ErrorAt(loc, absl::StrCat("'", call.str, "' (", op->cce_name, ") on ",
                                     BackendName(backend), " takes ", absl::StrJoin(names, ", "),
                                     " tiles, not ", DTypeName(typed->dtype())));
  }
  CallLowering plan;
  plan.op = op;
  plan.atomic_add = IsAtomicAdd(call);
  const bool a5 = backend == Backend::kA5;
  std::vector<MachineStep>& steps = plan.steps;
  using Extent = CallLowering::Extent;
  switch (op->kind) {
    case OpKind::kTileLoad:
    case OpKind::kRemoteLoad: {
      const bool remote = op->kind == OpKind::kRemoteLoad;
      // ptoas: an A2/A3 TLOAD writes Vec or Mat only (the cube reaches
      // Left / Right / Acc through Mat).
      if (!a5 && call.type.is_tile() && call.type.memory() != MemorySpace::kVec &&
          call.type.memory() != MemorySpace::kMat) {
        return ErrorAt(loc, absl::StrCat("on a2a3 '", call.str, "' loads into Vec or Mat, not ",
                                         MemorySpaceName(call.type.memory())));
      }
      Addresses(plan, 0, remote ? 1 : -1, remote ? 2 : 1, Extent::kResult);
      steps.push_back(Step(MachineOp::kTLoad, Pipe::kMte2, {Gm()}, {Result()}));
      break;
    }
    case OpKind::kTileStore: {
      // ptoas: an A2/A3 TSTORE reads Vec, Mat or Acc; an A5 one Vec or Acc
      // (the target's rule, wider than PyPTO's Vec|Acc on a2a3).
      const MemorySpace from = MemoryOfArg(call, 0);
      const bool ok = from == MemorySpace::kVec || from == MemorySpace::kAcc ||
                      (!a5 && from == MemorySpace::kMat);
      if (!ok) {
        return ErrorAt(loc, absl::StrCat("on ", a5 ? "a5" : "a2a3", " 'tile.store' stores from ",
                                         a5 ? "Vec or Acc" : "Vec, Mat or Acc", ", not ",
                                         MemorySpaceName(from)));
      }
      // ptoas: only the Acc store (the fixpipe) converts; from Vec or Mat the
      // tile and the tensor have elements of one width.
      const DType tile_dtype = call.args[0]->type.dtype();
      const DType gm_dtype = call.args[2]->type.dtype();
      if (from != MemorySpace::kAcc && DTypeBytes(tile_dtype) != DTypeBytes(gm_dtype)) {
        return ErrorAt(loc, absl::StrCat("'tile.store' of a ", DTypeName(tile_dtype), " tile in ",
                                         MemorySpaceName(from), " into a ", DTypeName(gm_dtype),
                                         " tensor: only a store from Acc converts; cast the "
                                         "tile to ", DTypeName(gm_dtype), " first"));
      }
      Addresses(plan, 2, -1, 1, Extent::kTileArg0);
      steps.push_back(
          Step(MachineOp::kTStore, StorePipe(MemoryOfArg(call, 0)), {Arg(0)}, {Gm()}));
      break;
    }
    case OpKind::kRemoteStore:
      Addresses(plan, 1, 2, 3, Extent::kTileArg0);
      steps.push_back(Step(MachineOp::kTStore, Pipe::kMte3, {Arg(0)}, {Gm()}));
      steps.push_back(DcciStep());
      break;
    case OpKind::kTileMove:
      plan.tile_args = {0};
      steps.push_back(
          Step(MachineOp::kTMov, MovePipe(MemoryOfArg(call, 0)), {Arg(0)}, {Result()}));
      break;
    case OpKind::kMatmul:
    case OpKind::kMatmulAcc:
      // kMatmulAcc: the cube accumulates into the acc tile's own buffer
      // (pto-isa's TMATMUL_ACC writes its output operand and ignores the
      // input one), so the result is that buffer: the emitters give it the
      // acc's (lowering_cube.h).
      RETURN_IF_ERROR(PlanCube(call, loc, &plan));
      break;
    case OpKind::kCast: {
      const Expr* mode = call.FindAttr("mode");
      if (mode != nullptr && mode->kind != ExprKind::kString && mode->kind != ExprKind::kInt) {
        return ErrorAt(loc, "a tile.cast's mode must be a constant (\"round\", 2, ...)");
      }
      if (call.type.is_tile() && call.args[0]->type.is_tile()) {
        absl::Status s = CheckCast(backend, call.args[0]->type.dtype(), call.type.dtype());
        if (!s.ok()) return ErrorAt(loc, s.message());
        // ptoas converts between buffers of one physical shape only; a row
        // of 32 bytes pads a narrow type's tile wider than a wide type's.
        absl::StatusOr<TileGeometry> from = GeometryOf(call.args[0]->type, backend, loc);
        absl::StatusOr<TileGeometry> to = GeometryOf(call.type, backend, loc);
        if (from.ok() && to.ok() && (from->rows != to->rows || from->cols != to->cols)) {
          return ErrorAt(loc, absl::StrCat(
              "ptoas converts only between tile buffers of one shape: this ",
              DTypeName(from->dtype), " tile is ", from->rows, " x ", from->cols, ", its ",
              DTypeName(to->dtype), " result ", to->rows, " x ", to->cols,
              " (rows pad to 32 bytes); give the tile a width both types fill"));
        }
      }
      plan.tile_args = {0};
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {Arg(0)}, {Result()}));
      break;
    }
    case OpKind::kRowReduce:
      // The scratch tile is written too (pto-isa keeps partial results there).
      plan.tile_args = {0, 1};
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {Arg(0), Arg(1)}, {Result(), Arg(1)}));
      break;
    case OpKind::kSubview:
      // A view: no machine op; its accesses are its source's (the emitters
      // give it the source's buffer).
      if (absl::Status s = PlanView(call, backend, loc, &plan.view); !s.ok()) return s;
      break;
    case OpKind::kReshape: {
      // A view too: the source's buffer as another tile type, no machine op.
      // A vector turned on its side ([N, 1] <-> [1, N]) whose rows pad is
      // no view here; it is a transpose into a tile of its own.
      plan.tile_args = {0};
      if (const DType from = call.args[0]->type.dtype(), to = call.type.dtype();
          from != to && !(IsIntegerDType(from) && IsIntegerDType(to))) {
        // tile.reinterpret_view: ptoas spells it pto.treshape, whose C++
        // pto-isa's TRESHAPE refuses unless both types are integers or
        // both C++ floating types (which FP16 and BF16 are not).
        return ErrorAt(loc, absl::StrCat("'", call.str, "' of ", DTypeName(from), " as ",
                                         DTypeName(to), " cannot be emitted: pto.treshape "
                                         "(pto-isa's TRESHAPE) reads a tile as another type "
                                         "only between integer types"));
      }
      absl::Status view = CheckReshape(call, backend, loc);
      if (view.ok()) break;
      std::optional<TileGeometry> scratch = VectorTurnScratch(call, backend);
      if (!scratch.has_value()) return view;
      plan.staging = scratch;
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {Arg(0)}, {Result()}));
      break;
    }
    case OpKind::kAssemble:
      // PyPTO's two moves: the target into the result, then the source into
      // the result's window (both Vec -> Vec, on V).
      RETURN_IF_ERROR(PlanAssemble(call, backend, loc, &plan.view));
      plan.tile_args = {0, 1};
      steps.push_back(Step(MachineOp::kTMov, Pipe::kV, {Arg(0)}, {Result()}));
      steps.push_back(Step(MachineOp::kTMov, Pipe::kV, {Arg(1)}, {Result()}));
      break;
    case OpKind::kMgather:
      RETURN_IF_ERROR(PlanMgather(call, backend, loc, &plan));
      break;
    case OpKind::kCompare:
      RETURN_IF_ERROR(PlanCompare(call, backend, loc, &plan));
      break;
    case OpKind::kSelect:
      RETURN_IF_ERROR(PlanSelect(call, backend, loc, &plan));
      break;
    case OpKind::kTranspose:
      RETURN_IF_ERROR(PlanTranspose(call, backend, loc, &plan));
      break;
    case OpKind::kFillPad:
      RETURN_IF_ERROR(PlanFillPad(call, backend, loc, &plan));
      break;
    case OpKind::kExtract:
      RETURN_IF_ERROR(CheckExtract(call, backend, loc));
      plan.tile_args = {0};
      steps.push_back(
          Step(MachineOp::kTMov, MovePipe(MemoryOfArg(call, 0)), {Arg(0)}, {Result()}));
      break;
    case OpKind::kColReduce:
      if (call.args.size() == 2) {
        // tile.col_sum (tile, tmp): TCOLSUM's binary tree through the
        // scratch tile, which it writes (PyPTO's {isBinary = true}).
        RETURN_IF_ERROR(CheckColSumScratch(call, backend, loc));
        plan.tile_args = {0, 1};
        steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {Arg(0)}, {Result(), Arg(1)}));
        break;
      }
      plan.tile_args = {0};
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {Arg(0)}, {Result()}));
      break;
    case OpKind::kColExpand:
      plan.tile_args = {0, 1};
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {Arg(0), Arg(1)}, {Result()}));
      break;
    case OpKind::kTernary:
      RETURN_IF_ERROR(PlanTernary(call, loc, &plan));
      break;
    case OpKind::kGatherB:
      RETURN_IF_ERROR(PlanGatherB(fn, call, backend, loc, &plan));
      break;
    case OpKind::kSetValidShape:
      RETURN_IF_ERROR(PlanSetValidShape(fn, call, loc, &plan));
      break;
    case OpKind::kArgReduce:
      RETURN_IF_ERROR(PlanArgReduce(call, backend, loc, &plan));
      break;
    case OpKind::kRowExpand:
      RETURN_IF_ERROR(PlanRowExpand(call, backend, loc, &plan));
      break;
    case OpKind::kBarrier:
      PlanBarrier(*op, &plan);
      break;
    case OpKind::kBroadcast:
      // The target (argument 0) gives only the result's shape.
      plan.tile_args = {1};
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {Arg(0)}, {Result()}));
      break;
    case OpKind::kGatherMask:
      RETURN_IF_ERROR(PlanGatherMask(call, backend, loc, &plan));
      break;
    case OpKind::kConcat:
      // PyPTO's generic binary form, pto.tconcat ins(%a, %b) outs(%dst).
      plan.tile_args = {0, 1};
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {Arg(0), Arg(1)}, {Result()}));
      break;
    case OpKind::kTri:
      // The diagonal, an i32 (PyPTO's operand; pto-isa's int).
      plan.scalar_arg = 0;
      plan.scalar_dtype = DType::kINT32;
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {}, {Result()}));
      break;
    case OpKind::kFull:
      plan.scalar_arg = 1;
      plan.scalar_dtype = call.type.dtype();
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV, {}, {Result()}));
      break;
    case OpKind::kElementwise: {
      const ElementwiseOp& e = *op->elementwise;
      std::vector<Operand> reads, writes = {Result()};
      // The operands the call passes (an optional scratch may be left out).
      for (int i = 0; i < e.arity() && i < static_cast<int>(call.args.size()); ++i) {
        if (!e.is_tile(i)) {
          plan.scalar_arg = i;
          plan.scalar_dtype = call.args[0]->type.dtype();
          continue;
        }
        const Operand tile = Arg(static_cast<int>(plan.tile_args.size()));
        plan.tile_args.push_back(i);
        // The scratch tile is written too.
        (i == e.scratch_arg() ? writes : reads).push_back(tile);
      }
      RETURN_IF_ERROR(CheckScratch(call, e, backend, loc));
      if (const Expr* precise = AttrOrDefault(call, "high_precision");
          precise != nullptr && precise->kind == ExprKind::kBool && precise->bool_value) {
        plan.precision = absl::AsciiStrToLower(absl::string_view(e.instruction).substr(1));
      }
      steps.push_back(Step(MachineOp::kTVector, Pipe::kV, reads, writes));
      break;
    }
    case OpKind::kTileRead:
    case OpKind::kTileWrite: {
      // The scalar unit's access of one element of a Vec tile (PyPTO's
      // memory rule, checked above, is ptoas's: it refuses Mat). ptoas
      // orders it against no pipe by itself, so the S access of the tile's
      // buffer is planned like any other. A write is in place: its result
      // is the tile's own buffer, as tile.matmul_acc's is the acc's.
      const Type& t = call.args[0]->type;
      const Expr& indices = *call.args[1];
      const size_t rank = t.is_tile() ? t.shape().size() : 0;
      if ((indices.kind != ExprKind::kList && indices.kind != ExprKind::kTuple) ||
          indices.args.size() != rank) {
        return ErrorAt(loc, absl::StrCat("'", call.str, "' takes one index per dimension of its ",
                                         rank, "-D tile"));
      }
      if (rank != 1 && rank != 2) {
        return ErrorAt(loc, absl::StrCat("'", call.str, "' of a ", rank,
                                         "-D tile cannot be emitted yet (1-D or 2-D tiles)"));
      }
      if (t.is_tile()) {
        ASSIGN_OR_RETURN(TileGeometry g, GeometryOf(t, backend, loc));
        if (g.blayout != Layout::kRowMajor || g.slayout != Layout::kNoneBox) {
          return ErrorAt(loc, absl::StrCat("'", call.str, "' addresses a row-major (ND) tile; "
                                           "this tile's layout is not"));
        }
        const std::vector<int64_t> strides =
            rank == 2 ? std::vector<int64_t>{g.cols, 1} : std::vector<int64_t>{1};
        CheckedInt constant = 0;
        for (size_t i = 0; i < rank; ++i) {
          const Expr& x = *indices.args[i];
          if (x.kind == ExprKind::kInt) {
            constant += CheckedInt(x.int_value) * strides[i];
          } else {
            plan.offset_terms.emplace_back(&x, strides[i]);
          }
        }
        ASSIGN_OR_RETURN(plan.offset_constant,
                         FitOrError(constant, loc, "the element offset into the tile"));
      }
      plan.tile_args = {0};
      if (op->kind == OpKind::kTileRead) {
        steps.push_back(Step(MachineOp::kScalarRead, Pipe::kS, {Arg(0)}, {}));
      } else {
        steps.push_back(Step(MachineOp::kScalarWrite, Pipe::kS, {Arg(0)}, {Result()}));
      }
      break;
    }
    case OpKind::kTensorRead:
      steps.push_back(Step(MachineOp::kScalarRead, Pipe::kS, {Gm()}, {}));
      break;
    case OpKind::kTensorWrite:
      steps.push_back(Step(MachineOp::kScalarWrite, Pipe::kS, {}, {Gm()}));
      break;
    case OpKind::kTilePut:
    case OpKind::kTensorPut:
    case OpKind::kTileGet:
    case OpKind::kTensorGet: {
      const bool put = op->kind == OpKind::kTilePut || op->kind == OpKind::kTensorPut;
      const bool tile_form =
          op->kind == OpKind::kTilePut || op->kind == OpKind::kTileGet;
      plan.remote_arg = put ? 0 : 2;
      plan.local_arg = put ? 2 : 0;
      plan.peer_arg = 1;
      plan.stage_arg = tile_form ? 3 : -1;
      if (!tile_form) {
        if (call.args.size() == 6) {
          plan.remote_offsets_arg = put ? 3 : 4;
          plan.local_offsets_arg = put ? 4 : 3;
          absl::StatusOr<Shape> shape = ShapeOfList(call, *call.args[5]);
          if (!shape.ok()) return ErrorAt(loc, shape.status().message());
          plan.transfer_shape = *std::move(shape);
        }
        plan.staging = TransferStagingTile(call, plan.local_arg, plan.transfer_shape);
      }
      // TPUT / TGET are DMA (MTE2 and MTE3 inside, with their own events);
      // the barriers around them drain the pipes that issue them.
      MachineStep s = Step(put ? MachineOp::kTPut : MachineOp::kTGet, Pipe::kMte2, {Gm()},
                           {Gm()});
      s.barrier_all_before = s.barrier_all_after = true;
      steps.push_back(s);
      if (put) steps.push_back(DcciStep());
      break;
    }
    case OpKind::kNotify:
    case OpKind::kWait:
    case OpKind::kTest: {
      const bool notify = op->kind == OpKind::kNotify;
      plan.offsets_arg = notify ? 2 : 1;
      Addresses(plan, 0, notify ? 1 : -1, plan.offsets_arg, Extent::kElement);
      plan.signal = true;
      if (notify) {
        MachineStep s = Step(MachineOp::kTNotify, Pipe::kS, {}, {Gm()});
        // TNOTIFY ends with its own pipe_barrier(PIPE_ALL) (inside the
        // library call); what must complete before it is releases_reads'.
        s.barrier_all_after = true;
        s.releases_reads = true;
        steps.push_back(s);
      } else {
        steps.push_back(Step(MachineOp::kTWait, Pipe::kS, {Gm()}, {}));
      }
      break;
    }
    case OpKind::kFence: {
      MachineStep s = Step(MachineOp::kFence, Pipe::kS, {}, {});
      if (fn.kind == FunctionKind::kAIV) {
        // Never PIPE_FIX on a vector core: it has no fixpipe and can hang.
        s.drains_all = true;
      } else {
        s.drains = {Pipe::kMte2, Pipe::kMte3, Pipe::kFix};
      }
      steps.push_back(s);
      break;
    }
    case OpKind::kCacheInvalidate:
      // peer=: the region in that rank's copy of the window (H6).
      if (!call.args.empty()) {
        const int peer = IsPeerInvalidate(call) ? LookupOp(call)->ParamIndex("peer") : -1;
        Addresses(plan, 0, peer, 2, Extent::kSizesArg);
      }
      steps.push_back(DcciStep());
      break;
    case OpKind::kSyncAll:
      steps.push_back(Step(MachineOp::kSyncAll, Pipe::kS, {Gm()}, {Gm()}));
      break;
    case OpKind::kAicInitPipe:
    case OpKind::kAivInitPipe:
      if (depth > 0) return ErrorAt(loc, "pipe setup must be at the top level of the kernel");
      break;
    case OpKind::kPushToAiv:
    case OpKind::kPushToAic:
    case OpKind::kPopFromAic:
    case OpKind::kPopFromAiv:
    case OpKind::kFreeToAic:
    case OpKind::kFreeToAiv: {
      plan.split = IntAttr(call, "split", 0);
      if (absl::StatusOr<absl::string_view> s = CceSplitAxis(plan.split, loc); !s.ok()) {
        return s.status();
      }
      const OpKind k = op->kind;
      if (k == OpKind::kPushToAiv || k == OpKind::kPushToAic) {
        if (k == OpKind::kPushToAic && a5 && call.args[0]->type.is_tile() &&
            call.args[0]->type.view().blayout != Layout::kColMajor) {
          return ErrorAt(loc, "on a5 a vector-to-cube push must carry an NZ tile "
                              "(blayout=col_major, slayout=row_major); run "
                              "expand-mixed-kernel, which adds the tile.move");
        }
        // ptoas: the cube pushes to the vector lanes from Acc (the FIX pipe)
        // and the vector lanes push from Vec; no other tile maps to a
        // producer pipe.
        const MemorySpace from = MemoryOfArg(call, 0);
        const MemorySpace want = k == OpKind::kPushToAiv ? MemorySpace::kAcc : MemorySpace::kVec;
        if (call.args[0]->type.is_tile() && from != want) {
          return ErrorAt(loc, absl::StrCat("'", call.str, "' pushes a tile in ",
                                           MemorySpaceName(want), ", not in ",
                                           MemorySpaceName(from)));
        }
        steps.push_back(Step(MachineOp::kTPush, StorePipe(from), {Arg(0)}, {}));
      } else if (k == OpKind::kPopFromAic || k == OpKind::kPopFromAiv) {
        const bool from_aic = k == OpKind::kPopFromAic;
        if (!call.type.is_tile() ||
            call.type.memory() != (from_aic ? MemorySpace::kVec : MemorySpace::kMat)) {
          return ErrorAt(loc, absl::StrCat("'", call.str, "' must produce a tile in ",
                                           from_aic ? "Vec" : "Mat"));
        }
        MachineStep s = Step(MachineOp::kTPop, PopPipe(a5, from_aic), {}, {Result()});
        s.barrier_all_pipe = Pipe::kMte2;
        steps.push_back(s);
      } else {
        MachineStep s =
            Step(MachineOp::kTFree, FreePipe(a5, k == OpKind::kFreeToAic), {}, {Arg(0)});
        s.barrier_all_pipe = Pipe::kS;
        steps.push_back(s);
      }
      break;
    }
    case OpKind::kTileCreate:
    case OpKind::kTileAlloc:
    case OpKind::kConst:
    case OpKind::kScalarMinMax:
    case OpKind::kGetCommCtx:
    case OpKind::kRank:
    case OpKind::kNRanks:
    case OpKind::kSubblockIdx:
    case OpKind::kBlockIdx:
    case OpKind::kBlockNum:
    // The async prefetch is a cache hint the scalar unit hands to the SDMA
    // engine: it moves no data a pipe reads, so it orders nothing.
    case OpKind::kPrefetchContext:
    case OpKind::kPrefetchAsync:
    case OpKind::kPrefetchSession:
    case OpKind::kPrefetchWait:
      break;
    case OpKind::kScalarCast:
      // ptoc converts a float into an integer by truncation (arith.fptosi),
      // where PyPTO's "round" mode rounds; not lowered yet.
      if (IsFloatDType(call.args[0]->type.dtype()) && !IsFloatDType(call.type.dtype())) {
        return ErrorAt(loc, absl::StrCat("pl.cast of a ", DTypeName(call.args[0]->type.dtype()),
                                         " scalar into ", DTypeName(call.type.dtype()),
                                         " cannot be emitted yet (its \"round\" mode); cast "
                                         "integers and into floats only"));
      }
      break;
    case OpKind::kArrayCreate:
    case OpKind::kArrayGet:
      RETURN_IF_ERROR(CheckArrayCall(call, loc));
      break;
    case OpKind::kReserveBuffer:
    case OpKind::kImportBuffer:
      break;
  }
  return plan;
}

}  // namespace codegen
}  // namespace ptoc
