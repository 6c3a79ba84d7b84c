// The op catalog of ir.md. Each entry says what the op's parameters and
// attributes are, what it returns, which lane runs it and what it does to
// memory; passes ask these questions instead of matching op names.
#include "ir/registry.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "ir/builder.h"
#include "ir/dim_expr.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace {

using ResultOr = absl::StatusOr<std::optional<Type>>;

// ---- attribute specs ----

AttrSpec IntAttr(std::string name, std::optional<int64_t> def, bool required = false) {
  AttrSpec a{std::move(name), AttrKind::kInt};
  a.required = required;
  if (def) a.default_value = MakeInt(*def, {});
  return a;
}

AttrSpec StringAttr(std::string name, std::optional<std::string> def,
                    std::vector<std::string> choices = {}, bool required = false) {
  AttrSpec a{std::move(name), AttrKind::kString};
  a.required = required;
  if (def) a.default_value = MakeString(*def, {});
  a.choices = std::move(choices);
  return a;
}

AttrSpec EnumAttr(std::string name, std::string enum_type,
                  std::optional<std::string> def, bool required = false) {
  AttrSpec a{std::move(name), AttrKind::kEnum, enum_type};
  a.required = required;
  if (def) a.default_value = MakeEnum(enum_type, *def, {});
  return a;
}

AttrSpec BoolAttr(std::string name, bool def) {
  AttrSpec a{std::move(name), AttrKind::kBool};
  a.default_value = MakeBool(def, {});
  return a;
}

AttrSpec LayoutAttr(std::string name) {
  return EnumAttr(std::move(name), "TileLayout", std::nullopt);
}

std::vector<AttrSpec> FifoAttrs() { return {IntAttr("split", 0), IntAttr("id", 0)}; }
// PyPTO spells it pl.AtomicType.None_ / .Add (pld.AtomicType too).
std::vector<AttrSpec> AtomicAttrs() {
  AttrSpec a = StringAttr("atomic", "none", {"none", "add"});
  a.enum_alias = "AtomicType";
  return {a};
}

// pld.tensor.put / get: the staging tile's chunk (0: the whole transfer)
// and ping-pong double buffering.
std::vector<AttrSpec> TransferChunkAttrs() {
  return {IntAttr("chunk_rows", 0), IntAttr("chunk_cols", 0), BoolAttr("pipeline", false)};
}

// ---- reading typed calls ----

const Type& ArgType(const Expr& call, int i) { return call.args[i]->type; }

// Result rules report errors without a location; the caller (parser or
// verifier) places them at the call.
absl::Status ArgError(const Expr& call, int i, absl::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat("'", call.str, "' expects ", what, " as argument ", i + 1));
}

absl::Status RequireTile(const Expr& call, int i) {
  if (!ArgType(call, i).is_tile()) return ArgError(call, i, "a tile argument");
  return absl::OkStatus();
}

absl::Status RequireTensor(const Expr& call, int i) {
  if (!ArgType(call, i).is_tensor()) return ArgError(call, i, "a GM tensor argument");
  return absl::OkStatus();
}

absl::Status RequireWindow(const Expr& call, int i) {
  if (!ArgType(call, i).is_distributed()) {
    return ArgError(call, i, "a window (pld.DistributedTensor) argument");
  }
  return absl::OkStatus();
}

// A shape written as a list: constants, integer scalars or expressions.
absl::StatusOr<Shape> ShapeOf(const Expr& call, const Expr& list) {
  if (list.kind != ExprKind::kList && list.kind != ExprKind::kTuple) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", call.str, "' expects a shape list"));
  }
  Shape shape;
  for (const ExprPtr& e : list.args) {
    std::optional<Dim> dim = DimOfExpr(*e);
    if (!dim) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'", call.str, "': a shape dim must be an integer constant, scalar or expression"));
    }
    shape.push_back(*std::move(dim));
  }
  return shape;
}

std::optional<Layout> LayoutAttrOf(const Expr& call, absl::string_view name) {
  const Expr* a = call.FindAttr(name);
  if (a == nullptr || a->kind != ExprKind::kEnum) return std::nullopt;
  return ParseLayout(a->str);
}

MemorySpace MemoryAttrOf(const Expr& call, MemorySpace def) {
  const Expr* a = call.FindAttr("target_memory");
  if (a == nullptr || a->kind != ExprKind::kEnum) return def;
  return ParseMemorySpace(a->str).value_or(def);
}

// The view of a tile in `m` with the call's blayout/slayout attributes;
// a missing one is the memory's implicit layout.
TileView ViewOf(const Expr& call, MemorySpace m) {
  TileView v = ImplicitView(m);
  if (auto b = LayoutAttrOf(call, "blayout")) v.blayout = *b;
  if (auto s = LayoutAttrOf(call, "slayout")) v.slayout = *s;
  return v;
}

// ---- result rules ----

ResultRule NoResult() {
  return [](const Expr&) -> ResultOr { return std::optional<Type>(Type::None()); };
}

ResultRule Fixed(Type t) {
  return [t](const Expr&) -> ResultOr { return std::optional<Type>(t); };
}

ResultRule FromAnnotation() {
  return [](const Expr&) -> ResultOr { return std::optional<Type>(); };
}

// The result is a tile in Vec shaped like tile argument `i`.
ResultRule VecTileLike(int i, std::vector<int> tile_args) {
  return [i, tile_args](const Expr& call) -> ResultOr {
    for (int a : tile_args) {
      RETURN_IF_ERROR(RequireTile(call, a));
    }
    const Type& t = ArgType(call, i);
    // As PyPTO: the result is valid where the first computed tile is (its
    // valid_shape, static or run-time); pto-isa takes the operands and the
    // result of one instruction with the same valid dimensions.
    TileView view = ImplicitView(MemorySpace::kVec);
    view.valid_shape = t.view().valid_shape;
    return std::optional<Type>(Type::Tile(t.shape(), t.dtype(), MemorySpace::kVec, view));
  };
}

ResultOr TileLoadResult(const Expr& call) {
  RETURN_IF_ERROR(RequireTensor(call, 0));
  ASSIGN_OR_RETURN(Shape shape, ShapeOf(call, *call.args[2]));
  MemorySpace m = MemoryAttrOf(call, MemorySpace::kVec);
  TileView view = ViewOf(call, m);
  if (call.args.size() > 3) {
    ASSIGN_OR_RETURN(Shape valid, ShapeOf(call, *call.args[3]));
    if (valid.size() != shape.size()) {
      return absl::InvalidArgumentError(
          "'tile.load': valid_shape and shapes have different ranks");
    }
    if (valid != shape) view.valid_shape = std::move(valid);
  }
  return std::optional<Type>(Type::Tile(shape, ArgType(call, 0).dtype(), m, view));
}

ResultOr TileStoreResult(const Expr& call) {
  RETURN_IF_ERROR(RequireTile(call, 0));
  RETURN_IF_ERROR(RequireTensor(call, 2));
  return std::optional<Type>(ArgType(call, 2));
}

ResultOr TileMoveResult(const Expr& call) {
  RETURN_IF_ERROR(RequireTile(call, 0));
  const Type& src = ArgType(call, 0);
  MemorySpace m = MemoryAttrOf(call, src.memory());
  // The layout is the destination's (a move into Vec from Acc delivers ND
  // on both targets: README_expand_mixed_kernel.md), the valid region the
  // source's, as PyPTO's tile.move carries it, except into the matmul
  // operand buffers (Left, Right): ptoas takes a matmul only with whole,
  // matching operand shapes.
  TileView view = ViewOf(call, m);
  if (m != MemorySpace::kLeft && m != MemorySpace::kRight) {
    view.valid_shape = src.view().valid_shape;
  }
  return std::optional<Type>(Type::Tile(src.shape(), src.dtype(), m, view));
}

ResultOr TileCreateResult(const Expr& call) {
  const Expr* shape_attr = call.FindAttr("shape");
  const Expr* dtype_attr = call.FindAttr("dtype");
  if (shape_attr == nullptr || dtype_attr == nullptr) {
    return absl::InvalidArgumentError("'tile.create' needs shape= and dtype=");
  }
  ASSIGN_OR_RETURN(Shape shape, ShapeOf(call, *shape_attr));
  std::optional<DType> dtype = ParseDType(dtype_attr->str);
  if (!dtype) return absl::InvalidArgumentError("'tile.create': bad dtype");
  MemorySpace m = MemoryAttrOf(call, MemorySpace::kVec);
  TileView view = ViewOf(call, m);
  // PyPTO: transpose=True is the transposed Mat (ZN) layout of a b_trans
  // operand, flat_layout=True a flat (not boxed) Mat staging buffer.
  const Expr* transpose = call.FindAttr("transpose");
  const Expr* flat = call.FindAttr("flat_layout");
  const bool transposed = transpose != nullptr && transpose->bool_value;
  const bool flat_layout = flat != nullptr && flat->bool_value;
  if (transposed && (shape.size() != 2 || m != MemorySpace::kMat)) {
    return absl::InvalidArgumentError(
        "'tile.create' supports transpose=True only for a 2D tile with target_memory=Mat (L1)");
  }
  if (flat_layout && (m != MemorySpace::kMat || transposed)) {
    return absl::InvalidArgumentError(
        "'tile.create' supports flat_layout=True only for target_memory=Mat (L1) without "
        "transpose");
  }
  if (transposed) {
    view.blayout = Layout::kRowMajor;
    view.slayout = Layout::kColMajor;
  } else if (flat_layout) {
    view.blayout = Layout::kRowMajor;
    view.slayout = Layout::kNoneBox;
  }
  return std::optional<Type>(Type::Tile(shape, *dtype, m, view));
}

// tile.aiv_shard / tile.aic_gather: a tile in `to` with the operand's dtype,
// its split axis (rows for code 1, columns for 2) halved (a shard: one
// lane's box, rounded up as PyPTO does) or doubled (a gather: the joined
// tile); unchanged for code 0 or a dynamic extent (expand-mixed-kernel
// rejects those, dual-aiv.md C8). The memory's implicit view.
ResultRule SplitBoundaryResult(MemorySpace to, bool halve) {
  return [to, halve](const Expr& call) -> ResultOr {
    RETURN_IF_ERROR(RequireTile(call, 0));
    const Type& src = ArgType(call, 0);
    const Expr* split = call.FindAttr("split");
    const int64_t code = split != nullptr && split->kind == ExprKind::kInt ? split->int_value : 0;
    Shape shape = src.shape();
    if ((code == 1 || code == 2) && shape.size() == 2) {
      Dim& d = shape[code == 1 ? 0 : 1];
      if (d.is_static()) d.value = halve ? (d.value + 1) / 2 : d.value * 2;
    }
    return std::optional<Type>(Type::Tile(std::move(shape), src.dtype(), to));
  };
}

ResultOr MatmulResult(const Expr& call) {
  RETURN_IF_ERROR(RequireTile(call, 0));
  RETURN_IF_ERROR(RequireTile(call, 1));
  const Type& lhs = ArgType(call, 0);
  const Type& rhs = ArgType(call, 1);
  if (lhs.shape().size() != 2 || rhs.shape().size() != 2) {
    return absl::InvalidArgumentError("'tile.matmul' expects 2-D tiles");
  }
  // PyPTO's DeduceTileMatMulType: identical input dtypes; float inputs
  // accumulate in FP32, integer ones (INT8) in INT32.
  if (lhs.dtype() != rhs.dtype()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'tile.matmul' requires identical lhs and rhs data types, got ", DTypeName(lhs.dtype()),
        " and ", DTypeName(rhs.dtype())));
  }
  const DType acc = IsFloatDType(lhs.dtype()) ? DType::kFP32 : DType::kINT32;
  // pl.matmul(out_dtype=) on tiles: PyPTO accepts it only when it agrees
  // with the result's dtype.
  if (const Expr* out = call.FindAttr("out_dtype");
      out != nullptr && ParseDType(out->str) != acc) {
    return absl::InvalidArgumentError(absl::StrCat("'tile.matmul' accumulates in pl.",
                                                   DTypeName(acc), ": out_dtype must be pl.",
                                                   DTypeName(acc)));
  }
  return std::optional<Type>(Type::Tile({lhs.shape()[0], rhs.shape()[1]}, acc,
                                        MemorySpace::kAcc));
}

ResultOr RemoteLoadResult(const Expr& call) {
  RETURN_IF_ERROR(RequireWindow(call, 0));
  ASSIGN_OR_RETURN(Shape shape, ShapeOf(call, *call.args[3]));
  TileView view = ImplicitView(MemorySpace::kVec);
  if (call.args.size() > 4) {  // PyPTO's valid_shape
    ASSIGN_OR_RETURN(Shape valid, ShapeOf(call, *call.args[4]));
    if (valid.size() != shape.size()) {
      return absl::InvalidArgumentError(
          "'pld.tile.remote_load': valid_shape and shape have different ranks");
    }
    if (valid != shape) view.valid_shape = std::move(valid);
  }
  return std::optional<Type>(
      Type::Tile(shape, ArgType(call, 0).dtype(), MemorySpace::kVec, view));
}

ResultOr TensorReadResult(const Expr& call) {
  RETURN_IF_ERROR(RequireTensor(call, 0));
  return std::optional<Type>(Type::Scalar(ArgType(call, 0).dtype()));
}

// Checks argument kinds for ops with no result.
ResultRule CheckedNoResult(std::vector<int> tensors, std::vector<int> windows,
                           std::vector<int> tiles) {
  return [=](const Expr& call) -> ResultOr {
    for (int i : tensors) {
      RETURN_IF_ERROR(RequireTensor(call, i));
    }
    for (int i : windows) {
      RETURN_IF_ERROR(RequireWindow(call, i));
    }
    for (int i : tiles) {
      RETURN_IF_ERROR(RequireTile(call, i));
    }
    return std::optional<Type>(Type::None());
  };
}

// tpop_from_aic / aiv(shape=, dtype=): the type of the popped tile, in `m`;
// the two attributes go (PyPTO keeps only the type).
std::function<absl::Status(Expr&)> PopTypeFromShape(MemorySpace m) {
  return [m](Expr& call) -> absl::Status {
    auto find = [&call](absl::string_view name) {
      return std::find_if(call.attrs.begin(), call.attrs.end(),
                          [name](const NamedExpr& a) { return a.name == name; });
    };
    auto shape = find("shape");
    auto dtype = find("dtype");
    if ((shape == call.attrs.end()) != (dtype == call.attrs.end())) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'", call.str, "': shape and dtype must both be provided or both omitted"));
    }
    if (shape == call.attrs.end()) return absl::OkStatus();
    ASSIGN_OR_RETURN(Shape dims, ShapeOf(call, *shape->value));
    std::optional<DType> d = ParseDType(dtype->value->str);
    if (!d) return absl::InvalidArgumentError(absl::StrCat("'", call.str, "': bad dtype"));
    call.type = Type::Tile(std::move(dims), *d, m);
    call.attrs.erase(find("shape"));
    call.attrs.erase(find("dtype"));
    return absl::OkStatus();
  };
}

// ---- lane rules ----

LaneRule FixedLane(Lane l) {
  return [l](const Expr&) { return l; };
}

// The lane of the memory of tile argument `i`.
LaneRule LaneOfTileArg(int i) {
  return [i](const Expr& call) {
    if (i >= static_cast<int>(call.args.size()) || !call.args[i]->type.is_tile()) {
      return Lane::kAny;
    }
    return LaneOfMemory(call.args[i]->type.memory());
  };
}

Lane TileMoveLane(const Expr& call) {
  if (call.args.empty() || !call.args[0]->type.is_tile()) return Lane::kAny;
  MemorySpace src = call.args[0]->type.memory();
  Lane from = LaneOfMemory(src);
  Lane to = LaneOfMemory(MemoryAttrOf(call, src));
  return from == to ? from : Lane::kBoundary;
}

Lane SyncAllLane(const Expr& call) {
  const Expr* core = AttrOrDefault(call, "core_type");
  if (core != nullptr && core->str == "aic_only") return Lane::kCube;
  if (core != nullptr && core->str == "aiv_only") return Lane::kVector;
  return Lane::kAny;
}

// ---- the catalog ----

struct OpDef {
  std::string name;
  std::vector<std::string> params;
  std::vector<AttrSpec> attrs;
  OpRole role;
  LaneRule lane;
  ResultRule result;
  GmAccess access = {};
  PipeDirection pipe = PipeDirection::kNone;
  std::vector<int> arities = {};  // empty: exactly params.size()
  std::vector<std::string> positional_attrs = {};
  PipeDirection split_boundary = PipeDirection::kNone;
  bool compiled = true;
};

void Add(OpRegistry& r, OpDef d) {
  OpInfo info;
  info.name = std::move(d.name);
  info.arities = d.arities.empty() ? std::vector<int>{static_cast<int>(d.params.size())}
                                   : std::move(d.arities);
  info.params = std::move(d.params);
  info.attrs = std::move(d.attrs);
  info.role = d.role;
  info.lane = std::move(d.lane);
  info.result = std::move(d.result);
  info.access = d.access;
  info.pipe = d.pipe;
  info.positional_attrs = std::move(d.positional_attrs);
  info.split_boundary = d.split_boundary;
  info.compiled = d.compiled;
  r.Register(std::move(info));
}

void AddTileOps(OpRegistry& r) {
  // PyPTO: load(tensor, offsets, shapes, valid_shape=None,
  // target_memory=Vec, clamp=False); its printer writes valid_shape always.
  AttrSpec clamp{"clamp", AttrKind::kBool};
  clamp.default_value = MakeBool(false, {});
  Add(r, {"tile.load", {"tensor", "offsets", "shapes", "valid_shape"},
          {EnumAttr("target_memory", "MemorySpace", "Vec"), LayoutAttr("blayout"),
           LayoutAttr("slayout"), clamp},
          OpRole::kGmLoad,
          [](const Expr& call) {
            return LaneOfMemory(MemoryAttrOf(call, MemorySpace::kVec));
          },
          TileLoadResult, GmAccess{0, 1, -1, 2}, PipeDirection::kNone, {3, 4},
          {"target_memory", "clamp"}});
  // PyPTO: store(tile, offsets, output_tensor, shapes=None, *, atomic).
  Add(r, {"tile.store", {"tile", "offsets", "output_tensor", "shapes"}, AtomicAttrs(),
          OpRole::kGmStore, LaneOfTileArg(0), TileStoreResult, GmAccess{2, 1, 0, -1, 3},
          PipeDirection::kNone, {3, 4}});
  Add(r, {"tile.move", {"tile"},
          {EnumAttr("target_memory", "MemorySpace", std::nullopt, /*required=*/true),
           LayoutAttr("blayout"), LayoutAttr("slayout")},
          OpRole::kCompute, TileMoveLane, TileMoveResult});
  AttrSpec shape{"shape", AttrKind::kIntList};
  shape.required = true;
  AttrSpec dtype{"dtype", AttrKind::kDType};
  dtype.required = true;
  // PyPTO: create(shape, dtype, target_memory=Vec, transpose=None, *,
  // flat_layout=None).
  Add(r, {"tile.create", {},
          {shape, dtype, EnumAttr("target_memory", "MemorySpace", "Vec"),
           LayoutAttr("blayout"), LayoutAttr("slayout"), BoolAttr("transpose", false),
           BoolAttr("flat_layout", false)},
          OpRole::kCompute,
          [](const Expr& call) {
            return LaneOfMemory(MemoryAttrOf(call, MemorySpace::kVec));
          },
          TileCreateResult, {}, PipeDirection::kNone, {},
          {"shape", "dtype", "target_memory", "transpose"}});
  r.FindMutable("tile.create")->fresh_tile = true;
  Add(r, {"tile.matmul", {"lhs", "rhs"}, {AttrSpec{"out_dtype", AttrKind::kDType}},
          OpRole::kCompute, FixedLane(Lane::kCube), MatmulResult});
  for (const ElementwiseOp& e : ElementwiseOps()) {
    std::vector<std::string> params = absl::StrSplit(e.params, ',');
    // The result is like the tiles it computes from (not the scratch).
    std::vector<int> computed = {0};
    if (e.form == ElementwiseOp::Form::kBinary || e.form == ElementwiseOp::Form::kBinaryScratch) {
      computed.push_back(1);
    }
    Add(r, {std::string(e.op), std::move(params), {}, OpRole::kCompute,
            FixedLane(Lane::kVector), VecTileLike(0, computed)});
    OpInfo* info = r.FindMutable(e.op);
    if (e.optional_scratch()) info->arities = {e.min_arity(), e.arity()};
    info->memory.inputs.clear();
    for (int i = 0; i < e.arity(); ++i) {
      info->memory.inputs.push_back(e.is_tile(i) ? std::vector<MemorySpace>{MemorySpace::kVec}
                                                 : std::vector<MemorySpace>{});
    }
    info->memory.output = MemorySpec::Output::kFixed;
    info->memory.fixed = MemorySpace::kVec;
  }
  // PyPTO: div / log / recip(..., high_precision=False), PTOAS's precise
  // mode (codegen's CallLowering::precision).
  for (const char* op : {"tile.div", "tile.log", "tile.recip"}) {
    r.FindMutable(op)->attrs = {BoolAttr("high_precision", false)};
  }
  r.FindMutable("tile.div")->positional_attrs = {"high_precision"};
}

void AddScalarAndCommOps(OpRegistry& r) {
  Add(r, {"pld.get_comm_ctx", {"tensor"}, {}, OpRole::kPureScalar, FixedLane(Lane::kAny),
          [](const Expr& call) -> ResultOr {
            RETURN_IF_ERROR(RequireWindow(call, 0));
            return std::optional<Type>(Type::CommCtx());
          }});
  for (const char* op : {"pld.rank", "pld.nranks"}) {
    Add(r, {op, {"ctx"}, {}, OpRole::kPureScalar, FixedLane(Lane::kAny),
            [](const Expr& call) -> ResultOr {
              if (!ArgType(call, 0).is_comm_ctx()) {
                return ArgError(call, 0, "a pld.CommCtx argument");
              }
              return std::optional<Type>(Type::Scalar(DType::kINDEX));
            }});
  }
  Add(r, {"tensor.read", {"tensor", "indices"}, {}, OpRole::kScalarRead,
          FixedLane(Lane::kAny), TensorReadResult, GmAccess{0, 1, -1, -1}});
  Add(r, {"tensor.write", {"tensor", "indices", "value"}, {}, OpRole::kScalarWrite,
          FixedLane(Lane::kAny), CheckedNoResult({0}, {}, {}), GmAccess{0, 1, -1, -1}});
  Add(r, {"pld.tile.remote_store", {"tile", "target", "peer", "offsets"}, AtomicAttrs(),
          OpRole::kRemoteWrite, FixedLane(Lane::kVector), CheckedNoResult({}, {1}, {0}),
          GmAccess{1, 3, 0, -1}});
  Add(r, {"pld.tile.remote_load", {"target", "peer", "offsets", "shape", "valid_shape"}, {},
          OpRole::kRemoteLoad, FixedLane(Lane::kVector), RemoteLoadResult,
          GmAccess{0, 2, -1, 3}, PipeDirection::kNone, {4, 5}});
  Add(r, {"pld.tile.put", {"dst", "peer", "src", "stage"}, AtomicAttrs(),
          OpRole::kRemoteWrite, FixedLane(Lane::kVector), CheckedNoResult({2}, {0}, {3}),
          GmAccess{0, -1, -1, -1}});
  // PyPTO: put(dst, peer, src, dst_offsets=None, src_offsets=None,
  // shape=None, *, atomic, chunk_rows=0, chunk_cols=0, pipeline=False): the
  // whole slice (3 arguments) or a subregion (6; the three lists together).
  // The chunk attributes size the staging tile; pipeline= (a second one,
  // ping-pong) is not lowered yet.
  std::vector<AttrSpec> put_attrs = AtomicAttrs();
  for (AttrSpec& a : TransferChunkAttrs()) put_attrs.push_back(std::move(a));
  Add(r, {"pld.tensor.put", {"dst", "peer", "src", "dst_offsets", "src_offsets", "shape"},
          put_attrs, OpRole::kRemoteWrite, FixedLane(Lane::kVector),
          CheckedNoResult({2}, {0}, {}), GmAccess{0, -1, -1, -1}, PipeDirection::kNone,
          {3, 6}});
  OpInfo* tensor_put = r.FindMutable("pld.tensor.put");
  tensor_put->uncompiled_attrs = {"pipeline"};
  Add(r, {"pld.tile.get", {"dst", "peer", "src", "stage"}, {}, OpRole::kGet,
          FixedLane(Lane::kVector), CheckedNoResult({0}, {2}, {3}),
          GmAccess{0, -1, -1, -1}});
  // PyPTO: get(dst, peer, src, dst_offsets=None, src_offsets=None,
  // shape=None, *, chunk_rows=0, chunk_cols=0, pipeline=False), as put.
  Add(r, {"pld.tensor.get", {"dst", "peer", "src", "dst_offsets", "src_offsets", "shape"},
          TransferChunkAttrs(), OpRole::kGet, FixedLane(Lane::kVector),
          CheckedNoResult({0}, {2}, {}), GmAccess{0, -1, -1, -1}, PipeDirection::kNone,
          {3, 6}});
  OpInfo* tensor_get = r.FindMutable("pld.tensor.get");
  tensor_get->uncompiled_attrs = {"pipeline"};
  Add(r, {"pld.system.notify", {"target", "peer", "offsets", "value"},
          {EnumAttr("op", "NotifyOp", "AtomicAdd")}, OpRole::kNotify,
          FixedLane(Lane::kAny), CheckedNoResult({}, {0}, {}), GmAccess{0, 2, -1, -1}});
  Add(r, {"pld.system.wait", {"signal", "offsets", "expected"},
          {EnumAttr("cmp", "WaitCmp", "Eq")}, OpRole::kWait, FixedLane(Lane::kAny),
          CheckedNoResult({}, {0}, {}), GmAccess{0, 1, -1, -1}});
  Add(r, {"pld.system.test", {"signal", "offsets", "expected"},
          {EnumAttr("cmp", "WaitCmp", "Eq")}, OpRole::kTest, FixedLane(Lane::kAny),
          [](const Expr& call) -> ResultOr {
            RETURN_IF_ERROR(RequireWindow(call, 0));
            return std::optional<Type>(Type::Scalar(DType::kBOOL));
          },
          GmAccess{0, 1, -1, -1}});
}

void AddSystemOps(OpRegistry& r) {
  Add(r, {"system.fence", {}, {}, OpRole::kFence, FixedLane(Lane::kAny), NoResult()});
  // A region of a tensor (3 arguments), or with peer= (comm-hazards.md
  // H6) the region of a window in rank `peer`'s copy: the invalidate of a
  // remote write, which insert-comm-fence puts after it.
  Add(r, {"system.cacheinvalid", {"tensor", "shapes", "offsets", "peer"}, {},
          OpRole::kCacheInvalidate, FixedLane(Lane::kAny),
          [](const Expr& call) -> ResultOr {
            if (call.args.size() == 4) {
              RETURN_IF_ERROR(RequireWindow(call, 0));
            } else if (!call.args.empty()) {
              RETURN_IF_ERROR(RequireTensor(call, 0));
            }
            return std::optional<Type>(Type::None());
          },
          GmAccess{0, 2, -1, 1}, PipeDirection::kNone, {0, 3, 4}});
  // peer goes by name (`peer=p`), as PyPTO's keyword-only parameters.
  r.FindMutable("system.cacheinvalid")->positional_order = {"tensor", "shapes", "offsets"};
  // PyPTO: syncall(*, core_type, mode, gm_workspace=None, used_cores=None),
  // keyword-only (the soft barrier's workspace and core count).
  Add(r, {"system.syncall", {"gm_workspace", "used_cores"},
          {StringAttr("core_type", "mix", {"mix", "aic_only", "aiv_only"}),
           StringAttr("mode", "soft", {"soft", "hard"})},
          OpRole::kSyncAll, SyncAllLane, NoResult(), {}, PipeDirection::kNone, {0, 1, 2}});
  // Its parameters go by name: no positional slot is theirs.
  r.FindMutable("system.syncall")->positional_order = {"*"};
  Add(r, {"tile.tpush_to_aiv", {"tile"}, FifoAttrs(), OpRole::kPush,
          FixedLane(Lane::kCube), CheckedNoResult({}, {}, {0}), {}, PipeDirection::kC2V});
  Add(r, {"tile.tpush_to_aic", {"tile"}, FifoAttrs(), OpRole::kPush,
          FixedLane(Lane::kVector), CheckedNoResult({}, {}, {0}), {}, PipeDirection::kV2C});
  // PyPTO: tpop_from_aic(*, shape=None, dtype=None, split=0, id=None): the
  // received tile is the annotation's type, or Tile[shape, dtype] in Vec
  // (Mat for tpop_from_aiv) when both are given (then not kept as attrs).
  std::vector<AttrSpec> pop_attrs = FifoAttrs();
  pop_attrs.push_back(AttrSpec{"shape", AttrKind::kIntList});
  pop_attrs.push_back(AttrSpec{"dtype", AttrKind::kDType});
  Add(r, {"tile.tpop_from_aic", {}, pop_attrs, OpRole::kPop, FixedLane(Lane::kVector),
          FromAnnotation(), {}, PipeDirection::kC2V});
  Add(r, {"tile.tpop_from_aiv", {}, pop_attrs, OpRole::kPop, FixedLane(Lane::kCube),
          FromAnnotation(), {}, PipeDirection::kV2C});
  r.FindMutable("tile.tpop_from_aic")->canonicalize = PopTypeFromShape(MemorySpace::kVec);
  r.FindMutable("tile.tpop_from_aiv")->canonicalize = PopTypeFromShape(MemorySpace::kMat);
  Add(r, {"system.tfree_to_aic", {"tile"}, FifoAttrs(), OpRole::kFree,
          FixedLane(Lane::kVector), CheckedNoResult({}, {}, {0}), {}, PipeDirection::kC2V});
  Add(r, {"system.tfree_to_aiv", {"tile"}, FifoAttrs(), OpRole::kFree,
          FixedLane(Lane::kCube), CheckedNoResult({}, {}, {0}), {}, PipeDirection::kV2C});
  Add(r, {"system.reserve_buffer", {},
          {StringAttr("name", std::nullopt, {}, true), IntAttr("size", std::nullopt, true),
           IntAttr("base", -1)},
          OpRole::kReserveBuffer, FixedLane(Lane::kAny), Fixed(Type::Scalar(DType::kINT32))});
  Add(r, {"system.import_peer_buffer", {},
          {StringAttr("name", std::nullopt, {}, true),
           StringAttr("peer_func", std::nullopt, {}, true)},
          OpRole::kImportBuffer, FixedLane(Lane::kAny), Fixed(Type::Scalar(DType::kINT32))});
  // PyPTO: (c2v_consumer_buf=0, v2c_consumer_buf=0, *, dir_mask, slot_size,
  // slot_num, local_slot_num, id); an omitted buffer is the constant 0.
  std::vector<AttrSpec> pipe_attrs = {IntAttr("dir_mask", std::nullopt, true),
                                      IntAttr("slot_size", std::nullopt, true),
                                      IntAttr("slot_num", 2),
                                      IntAttr("local_slot_num", std::nullopt),
                                      IntAttr("id", std::nullopt)};
  Add(r, {"system.aic_initialize_pipe", {"c2v_consumer_buf", "v2c_consumer_buf"}, pipe_attrs,
          OpRole::kInitPipe, FixedLane(Lane::kCube), NoResult()});
  Add(r, {"system.aiv_initialize_pipe", {"c2v_consumer_buf", "v2c_consumer_buf"}, pipe_attrs,
          OpRole::kInitPipe, FixedLane(Lane::kVector), NoResult()});
  for (const char* name : {"system.aic_initialize_pipe", "system.aiv_initialize_pipe"}) {
    OpInfo* info = r.FindMutable(name);
    info->param_defaults = {MakeInt(0, {}), MakeInt(0, {})};
  }
  // Which AIV subblock runs the code: 0 on AIV0, 1 on AIV1 (dual-aiv.md, "Op
  // catalog rows"); a value only the vector lanes have.
  Add(r, {"tile.get_subblock_idx", {}, {}, OpRole::kPureScalar, FixedLane(Lane::kVector),
          Fixed(Type::Scalar(DType::kINDEX))});
  // The boundary ops of pl.split_aiv kernels (dual-aiv.md, "Op catalog
  // rows"): `split` is inherited from the region (no default: outside a
  // region it must be written, in a split_aiv=True function).
  OpDef shard{"tile.aiv_shard", {"tile"}, {IntAttr("split", std::nullopt)}, OpRole::kCompute,
              FixedLane(Lane::kBoundary), SplitBoundaryResult(MemorySpace::kVec, true)};
  shard.split_boundary = PipeDirection::kC2V;
  shard.compiled = false;  // expand-mixed-kernel lowers it
  Add(r, std::move(shard));
  OpDef gather{"tile.aic_gather", {"tile"}, {IntAttr("split", std::nullopt)},
               OpRole::kCompute, FixedLane(Lane::kBoundary),
               SplitBoundaryResult(MemorySpace::kMat, false)};
  gather.split_boundary = PipeDirection::kV2C;
  gather.compiled = false;
  Add(r, std::move(gather));
}

int EditDistance(absl::string_view a, absl::string_view b) {
  std::vector<int> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    int diag = row[0];
    row[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      int up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1])});
      diag = up;
    }
  }
  return row[b.size()];
}

}  // namespace

absl::string_view LaneName(Lane l) {
  switch (l) {
    case Lane::kCube: return "cube";
    case Lane::kVector: return "vector";
    case Lane::kAny: return "any";
    case Lane::kBoundary: return "boundary";
  }
  return "any";
}

Lane LaneOfMemory(MemorySpace m) {
  return m == MemorySpace::kVec || m == MemorySpace::kDDR ? Lane::kVector : Lane::kCube;
}

const AttrSpec* OpInfo::FindAttr(absl::string_view attr) const {
  for (const AttrSpec& a : attrs) {
    if (a.name == attr) return &a;
  }
  return nullptr;
}

int OpInfo::ParamIndex(absl::string_view param) const {
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i] == param) return static_cast<int>(i);
  }
  return -1;
}

bool OpInfo::AcceptsArity(int n) const {
  if (variadic && n >= static_cast<int>(params.size())) return true;
  return std::find(arities.begin(), arities.end(), n) != arities.end();
}

const std::vector<ElementwiseOp>& ElementwiseOps() {
  using Form = ElementwiseOp::Form;
  using Scratch = ElementwiseOp::Scratch;
  static const std::vector<ElementwiseOp>* const kOps = new std::vector<ElementwiseOp>{
#define PTOC_TILE_ELEMENTWISE(OP, INSTR, FORM, SCRATCH, ACCEPTS, PARAMS, COST, VALUE) \
  ElementwiseOp{OP, #INSTR, Form::k##FORM, Scratch::k##SCRATCH, ACCEPTS, PARAMS, COST, \
                [](double a, double b) -> double {                                 \
                  (void)b;                                                        \
                  return VALUE;                                                   \
                }},
#include "ir/tile_elementwise.def"
#undef PTOC_TILE_ELEMENTWISE
  };
  return *kOps;
}

std::vector<DType> ParseDTypesByBackend(absl::string_view accepts, absl::string_view backend) {
  std::vector<DType> dtypes;
  for (absl::string_view part : absl::StrSplit(accepts, '|')) {
    std::pair<absl::string_view, absl::string_view> entry = absl::StrSplit(part, ':');
    if (absl::StripAsciiWhitespace(entry.first) != backend) continue;
    for (absl::string_view name : absl::StrSplit(entry.second, ' ', absl::SkipEmpty())) {
      if (std::optional<DType> d = ParseDType(name)) dtypes.push_back(*d);
    }
  }
  return dtypes;
}

const OpRegistry& OpRegistry::Get() {
  static const OpRegistry* registry = [] {
    auto* r = new OpRegistry();
    AddTileOps(*r);
    AddScalarAndCommOps(*r);
    AddSystemOps(*r);
    AddPyptoOps(*r);
    AddPyptoTableOps(*r);
    AddMemorySpecs(*r);
    AddTileForms(*r);
    // Rows of PyPTO's catalog that code generation lowers
    // (codegen/op_lowering.cc).
    for (const char* op :
         {"tile.cast", "tile.slice", "tile.row_sum", "tile.row_max", "tile.row_min",
          "tile.row_prod", "tile.col_sum", "tile.col_max", "tile.col_min", "tile.col_prod",
          "tile.row_expand", "tile.col_expand",
          "tile.col_expand_add", "tile.col_expand_sub", "tile.col_expand_mul",
          "tile.col_expand_div", "tile.col_expand_max", "tile.col_expand_min",
          "tile.col_expand_expdif", "tile.get_block_idx", "tile.get_block_num",
          "tile.matmul_acc", "tile.full", "tile.extract", "tile.read", "tile.write",
          "tile.reshape", "tile.assemble", "const", "tile.mgather", "tile.cmp", "tile.cmps",
          "tile.sel", "tile.sels", "tile.transpose", "tile.fillpad", "tile.fillpad_expand",
          "tile.fillpad_inplace", "tile.alloc", "min", "max",
          "tile.row_expand_add",
          "tile.row_expand_sub", "tile.row_expand_mul", "tile.row_expand_div",
          "tile.row_expand_max", "tile.row_expand_min", "tile.row_expand_expdif",
          "system.bar_v", "system.bar_m", "system.bar_all", "tile.expands",
          "tile.row_argmax", "tile.row_argmin", "tile.col_argmax", "tile.col_argmin",
          "tile.addc", "tile.subc", "tile.addsc", "tile.subsc", "tile.matmul_bias",
          "tile.gemv", "tile.gemv_bias", "tile.gemv_acc", "tile.gatherb", "tile.set_validshape",
          "tile.reinterpret_view",
          "prefetch.make_context", "prefetch.async_prefetch", "prefetch.session",
          "prefetch.wait", "array.create", "array.get_element",
          "cast", "tile.tri", "tile.concat",
          "tile.gather_mask"}) {
      r->FindMutable(op)->compiled = true;
    }
    r->FindMutable("tile.slice")->tile_window = TileWindow::kSlice;
    r->FindMutable("tile.extract")->tile_window = TileWindow::kExtract;
    r->FindMutable("tile.move")->tile_window = TileWindow::kMove;
    r->FindMutable("tile.reshape")->tile_window = TileWindow::kReshape;
    // PyPTO lowers these before code generation, in FlattenTileNdTo2D
    // (src/ir/transforms/flatten_tile_nd_to_2d/batch_matmul.cpp); its
    // backend has no lowering of batch_matmul, nor of a rank > 2
    // transpose_view (pto.treshape of a 2-D NZ tile as ZN).
    r->FindMutable("tile.batch_matmul")->per_batch_op = "tile.matmul";
    r->FindMutable("tile.batch_matmul")->not_compiled_reason =
        "the pass lower-batch-matmul (in the default pipeline) unrolls it into one 2-D "
        "tile.matmul per batch page when its operands are tile.loads of GM of static shape "
        "that nothing writes between the load and the call, and one tile.store stores its "
        "product right after it (not into an operand's tensor); this call is not in that "
        "form, or the pass did not run: load the operands and store the product so, or "
        "write the per-page tile.matmul calls";
    r->FindMutable("tile.batch_matmul_acc")->not_compiled_reason =
        "PyPTO lowers it before code generation (its FlattenTileNdTo2D pass unrolls the "
        "batch into one 2-D tile.matmul_acc per batch page, sliced from the operands and "
        "the accumulator), which ptoc does not do yet; write the per-page tile.matmul_acc "
        "calls";
    r->FindMutable("tile.transpose_view")->not_compiled_reason =
        "PyPTO's code generation reinterprets a 2-D tile in place (pto.treshape, NZ as ZN), "
        "and its FlattenTileNdTo2D pass removes the rank > 2 views that feed "
        "tile.batch_matmul; ptoc has neither yet";
    // ptoas spells them (pto.sync.set / sync.wait / set_ffts become
    // ffts_cross_core_sync, wait_flag_dev, set_ffts_base_addr), but
    // pto-isa's CPU simulation declares none of the three, so neither
    // ptoas's C++ nor ptoc's would compile against it (comm-hazards.md H4).
    for (const char* op : {"system.sync_set", "system.sync_wait", "system.set_ffts"}) {
      r->FindMutable(op)->not_compiled_reason =
          "FFTS cross-core events (ffts_cross_core_sync, wait_flag_dev, set_ffts_base_addr) "
          "have no form in pto-isa's CPU simulation, so ptoc cannot emit code pto-isa "
          "compiles; hand the data over with a tile.tpush / tpop pipe or a GM signal "
          "(pld.system.notify / wait) instead";
    }
    // PyPTO (src/ir/op/tensor_ops/memory.cpp, transform.cpp,
    // distributed/remote_load.cpp): these do not take MX-layout tensors.
    for (const char* op : {"tensor.slice", "tensor.reshape", "tensor.transpose",
                           "tensor.reinterpret_view", "pld.tile.remote_load"}) {
      if (OpInfo* info = r->FindMutable(op)) info->no_mx_source = true;
    }
    // Views of a GM tensor (codegen/tensor_origin.h).
    r->FindMutable("tensor.view")->gm_view = GmView::kReshape;
    r->FindMutable("tensor.slice")->gm_view = GmView::kWindow;
    // PyPTO's printer (python_printer.cpp) writes their dtype attribute
    // ahead of the shape / value parameter given by name.
    for (const char* op : {"tensor.full", "tensor.reinterpret_view", "tile.full",
                           "tile.reinterpret_view"}) {
      if (OpInfo* info = r->FindMutable(op)) info->print_attrs_before_named_params = true;
    }
    return r;
  }();
  return *registry;
}

void OpRegistry::Register(OpInfo info) {
  auto op = std::make_unique<OpInfo>(std::move(info));
  auto it = std::lower_bound(
      ops_.begin(), ops_.end(), op->name,
      [](const std::unique_ptr<OpInfo>& a, const std::string& n) { return a->name < n; });
  ops_.insert(it, std::move(op));
}

OpInfo* OpRegistry::FindMutable(absl::string_view op) {
  return const_cast<OpInfo*>(static_cast<const OpRegistry*>(this)->Find(op));
}

const OpInfo* OpRegistry::Find(absl::string_view op) const {
  auto it = std::lower_bound(
      ops_.begin(), ops_.end(), op,
      [](const std::unique_ptr<OpInfo>& a, absl::string_view n) { return a->name < n; });
  return it != ops_.end() && (*it)->name == op ? it->get() : nullptr;
}

std::optional<std::string> OpRegistry::Suggest(absl::string_view op) const {
  std::optional<std::string> best;
  int best_distance = std::max<int>(2, static_cast<int>(op.size()) / 3) + 1;
  for (const auto& info : ops_) {
    int d = EditDistance(op, info->name);
    if (d < best_distance) {
      best_distance = d;
      best = info->name;
    }
  }
  return best;
}

std::vector<const OpInfo*> OpRegistry::All() const {
  std::vector<const OpInfo*> all;
  for (const auto& info : ops_) all.push_back(info.get());
  return all;
}

const OpInfo* LookupOp(const Expr& e) {
  if (e.kind != ExprKind::kCall || e.is_function_call) return nullptr;
  return OpRegistry::Get().Find(e.str);
}

std::optional<OpRole> RoleOf(const Expr& e) {
  const OpInfo* info = LookupOp(e);
  if (info == nullptr) return std::nullopt;
  return info->role;
}

Lane LaneOf(const Expr& call) {
  const OpInfo* info = LookupOp(call);
  return info == nullptr ? Lane::kAny : info->lane(call);
}

const Expr* CallOf(const Stmt& s) {
  if (s.kind != StmtKind::kAssign && s.kind != StmtKind::kEval) return nullptr;
  if (!s.value || s.value->kind != ExprKind::kCall) return nullptr;
  return s.value.get();
}

Expr* CallOf(Stmt& s) { return const_cast<Expr*>(CallOf(static_cast<const Stmt&>(s))); }

bool IsOpaqueCall(const Expr& e) {
  return e.kind == ExprKind::kCall && (e.is_function_call || LookupOp(e) == nullptr);
}

bool IsWholeGmInvalidate(const Expr& e) {
  return RoleOf(e) == OpRole::kCacheInvalidate && e.args.empty();
}

const Expr* PeerOf(const Expr& call) {
  const OpInfo* info = LookupOp(call);
  if (info == nullptr) return nullptr;
  const int peer = info->ParamIndex("peer");
  return peer >= 0 && peer < static_cast<int>(call.args.size()) ? call.args[peer].get()
                                                                 : nullptr;
}

bool IsPeerInvalidate(const Expr& e) {
  return RoleOf(e) == OpRole::kCacheInvalidate && PeerOf(e) != nullptr;
}

bool IsCallAttrsDict(const NamedExpr& attr) {
  return attr.name == kCallAttrsName && attr.value != nullptr &&
         attr.value->kind == ExprKind::kDict;
}

bool SameConstant(const Expr& a, const Expr& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case ExprKind::kInt: return a.int_value == b.int_value;
    case ExprKind::kFloat: return a.float_value == b.float_value;
    case ExprKind::kBool: return a.bool_value == b.bool_value;
    case ExprKind::kString: return a.str == b.str;
    case ExprKind::kEnum: return a.enum_type == b.enum_type && a.str == b.str;
    case ExprKind::kList: case ExprKind::kTuple:
      if (a.args.size() != b.args.size()) return false;
      for (size_t i = 0; i < a.args.size(); ++i) {
        if (!SameConstant(*a.args[i], *b.args[i])) return false;
      }
      return true;
    default:
      return false;
  }
}

absl::Status CheckCompiledForm(const Expr& call) {
  const OpInfo* info = LookupOp(call);
  if (info == nullptr || !info->compiled) return absl::OkStatus();
  for (const NamedExpr& a : call.attrs) {
    const bool generic = IsCallAttrsDict(a) && info->FindAttr(kCallAttrsName) == nullptr;
    if (!generic && std::find(info->uncompiled_attrs.begin(), info->uncompiled_attrs.end(),
                              a.name) == info->uncompiled_attrs.end()) {
      continue;
    }
    const AttrSpec* spec = info->FindAttr(a.name);
    if (spec != nullptr && spec->default_value != nullptr &&
        SameConstant(*a.value, *spec->default_value)) {
      continue;
    }
    return absl::UnimplementedError(
        generic ? absl::StrCat("'", call.str,
                               "' with PyPTO call attributes (attrs={...}) has no code "
                               "generation yet")
                : absl::StrCat("'", call.str, "' with attribute '", a.name,
                               "' has no code generation yet"));
  }
  return absl::OkStatus();
}

const Expr* AttrOrDefault(const Expr& call, absl::string_view attr) {
  if (const Expr* a = call.FindAttr(attr)) return a;
  const OpInfo* info = LookupOp(call);
  if (info == nullptr) return nullptr;
  const AttrSpec* spec = info->FindAttr(attr);
  return spec == nullptr ? nullptr : spec->default_value.get();
}

}  // namespace ptoc
