// The first ops of PyPTO's catalog beyond ir.md's (PyPTO at e2d0f78:
// src/ir/op/tensor_ops/, python/pypto/ir/op/): tensor arithmetic as
// orchestration and host functions use it, tensor.create and
// system.task_invalid. Names, parameters and result rules follow PyPTO's
// definitions; codegen does not compile them (kernels see tile ops).
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/dim_expr.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace {

using ResultOr = absl::StatusOr<std::optional<Type>>;

Lane AnyLane(const Expr&) { return Lane::kAny; }

absl::Status NeedTensor(const Expr& call, int i) {
  if (static_cast<int>(call.args.size()) > i && call.args[i]->type.is_tensor()) {
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(
      absl::StrCat("'", call.str, "' expects a tensor as argument ", i + 1));
}

absl::Status NeedScalar(const Expr& call, int i) {
  if (static_cast<int>(call.args.size()) > i && call.args[i]->type.is_scalar()) {
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(
      absl::StrCat("'", call.str, "' expects a scalar as argument ", i + 1));
}

// A plain tensor of the first argument's shape and dtype.
Type TensorLike(const Expr& call) {
  const Type& t = call.args[0]->type;
  return Type::Tensor(t.shape(), t.dtype());
}

// A tensor of `shape` of the kind of `like`: a view of a window
// (pld.DistributedTensor) is a window too (PyPTO's slice, view, assemble).
Type TensorOfKind(const Type& like, Shape shape, DType dtype) {
  if (like.is_distributed()) return Type::DistributedTensor(std::move(shape), dtype);
  return Type::Tensor(std::move(shape), dtype);
}

OpInfo Op(std::string name, std::vector<std::string> params, ResultRule rule) {
  OpInfo info;
  info.name = std::move(name);
  info.arities = {static_cast<int>(params.size())};
  info.params = std::move(params);
  info.role = OpRole::kCompute;
  info.lane = AnyLane;
  info.result = std::move(rule);
  info.compiled = false;
  return info;
}

absl::Status NeedTile(const Expr& call, int i) {
  if (static_cast<int>(call.args.size()) > i && call.args[i]->type.is_tile()) {
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(
      absl::StrCat("'", call.str, "' expects a tile as argument ", i + 1));
}

// A tile of `shape` in the memory of tile `like` (no memory when it has none).
Type TileIn(const Type& like, Shape shape, DType dtype) {
  if (!like.has_memory()) return Type::TileWithoutMemory(std::move(shape), dtype);
  return Type::Tile(std::move(shape), dtype, like.memory());
}

Lane LaneOfFirstTile(const Expr& call) {
  if (call.args.empty() || !call.args[0]->type.is_tile() || !call.args[0]->type.has_memory()) {
    return Lane::kAny;
  }
  return LaneOfMemory(call.args[0]->type.memory());
}

// `shape` without the axes listed by argument `index` (`drop_dims`, PyPTO's
// numpy-style rank reduction): distinct constant axes of `shape`, each a
// static unit dim. No such argument, or an empty list, drops nothing.
absl::StatusOr<Shape> DropDims(const Expr& call, size_t index, const Shape& shape) {
  if (call.args.size() <= index) return shape;
  const Expr& d = *call.args[index];
  if (d.kind != ExprKind::kList && d.kind != ExprKind::kTuple) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", call.str, "': drop_dims must be a list of axes"));
  }
  std::vector<bool> drop(shape.size(), false);
  for (const ExprPtr& axis : d.args) {
    if (axis->kind != ExprKind::kInt || axis->int_value < 0 ||
        axis->int_value >= static_cast<int64_t>(shape.size())) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'", call.str, "': drop_dims entries must be constant axes below ", shape.size()));
    }
    const size_t a = static_cast<size_t>(axis->int_value);
    if (drop[a]) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", call.str, "': axis ", a, " is dropped twice"));
    }
    if (shape[a] != Dim::Static(1)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'", call.str, "': a dropped axis must have extent 1; axis ", a, " has ",
          shape[a].is_static() ? absl::StrCat(shape[a].value) : shape[a].symbol));
    }
    drop[a] = true;
  }
  Shape kept;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (!drop[i]) kept.push_back(shape[i]);
  }
  return kept;
}

// Tiles are 2D at least: PyPTO's tile.slice prepends unit axes to a result
// that drop_dims took below two dims.
Shape AtLeast2D(Shape shape) {
  while (shape.size() < 2) shape.insert(shape.begin(), Dim::Static(1));
  return shape;
}

ResultOr TensorCreateResult(const Expr& call) {
  const Expr* shape = call.FindAttr("shape");
  const Expr* dtype = call.FindAttr("dtype");
  if (shape == nullptr || dtype == nullptr) {
    return absl::InvalidArgumentError("'tensor.create' needs a shape and a dtype");
  }
  Shape dims;
  for (const ExprPtr& e : shape->args) {
    std::optional<Dim> dim = DimOfExpr(*e);
    if (!dim) {
      return absl::InvalidArgumentError(
          "'tensor.create': a shape dim must be an integer constant, scalar or expression");
    }
    dims.push_back(*std::move(dim));
  }
  std::optional<DType> d = ParseDType(dtype->str);
  if (!d) return absl::InvalidArgumentError("'tensor.create': bad dtype");
  return std::optional<Type>(Type::Tensor(std::move(dims), *d));
}

// alloc_window_buffer(shape, dtype=d) -> alloc_window_buffer(bytes).
absl::Status WindowBufferBytes(Expr& call) {
  auto it = std::find_if(call.attrs.begin(), call.attrs.end(),
                         [](const NamedExpr& a) { return a.name == "dtype"; });
  const bool is_list = !call.args.empty() && (call.args[0]->kind == ExprKind::kList ||
                                              call.args[0]->kind == ExprKind::kTuple);
  if (!is_list) {
    if (it != call.attrs.end()) {
      return absl::InvalidArgumentError(
          "pld.tensor.alloc_window_buffer dtype= is only valid when the first argument is a "
          "shape (list / tuple), not a scalar byte size");
    }
    return absl::OkStatus();
  }
  if (it == call.attrs.end()) {
    return absl::InvalidArgumentError(
        "pld.tensor.alloc_window_buffer requires dtype= when the first argument is a shape "
        "(list / tuple of per-rank dimensions)");
  }
  std::optional<DType> d = ParseDType(it->value->str);
  if (!d) return absl::InvalidArgumentError("pld.tensor.alloc_window_buffer: bad dtype");
  std::vector<ExprPtr> dims = std::move(call.args[0]->args);
  if (dims.empty()) {
    return absl::InvalidArgumentError("pld.tensor.alloc_window_buffer shape must be non-empty");
  }
  int64_t total = 1;
  bool all_static = true;
  for (size_t i = 0; i < dims.size(); ++i) {
    const Expr& e = *dims[i];
    if (e.kind == ExprKind::kInt) {
      if (e.int_value <= 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "pld.tensor.alloc_window_buffer shape dimension[", i, "] is ", e.int_value,
            "; all dimensions must be positive"));
      }
      if (total > (int64_t{1} << 40) / e.int_value) {
        return absl::InvalidArgumentError("pld.tensor.alloc_window_buffer: the size overflows");
      }
      total *= e.int_value;
    } else if (e.type.is_scalar() && IsIntegerDType(e.type.dtype())) {
      all_static = false;
    } else {
      return absl::InvalidArgumentError(absl::StrCat(
          "pld.tensor.alloc_window_buffer shape dimension[", i, "] must be an integer"));
    }
  }
  const Location loc = call.args[0]->loc;
  ExprPtr bytes;
  if (all_static) {
    bytes = MakeInt(total * DTypeBytes(*d), loc);
  } else {
    auto mul = [&loc](ExprPtr a, ExprPtr b) {
      // ir.md's rule: one integer dtype stays, a mix widens to INDEX.
      const DType t = a->type.dtype() == b->type.dtype() ? a->type.dtype() : DType::kINDEX;
      return MakeBinary(BinaryOp::kMul, std::move(a), std::move(b), Type::Scalar(t), loc);
    };
    ExprPtr product = std::move(dims[0]);
    for (size_t i = 1; i < dims.size(); ++i) product = mul(std::move(product), std::move(dims[i]));
    bytes = mul(std::move(product), MakeInt(DTypeBytes(*d), loc));
  }
  call.args[0] = std::move(bytes);
  call.attrs.erase(it);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Shape> ShapeOfList(const Expr& call, const Expr& list) {
  if (list.kind != ExprKind::kList && list.kind != ExprKind::kTuple) {
    return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' expects a shape list"));
  }
  Shape dims;
  for (const ExprPtr& e : list.args) {
    std::optional<Dim> dim = DimOfExpr(*e);
    if (!dim) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'", call.str, "': a shape dim must be an integer constant, scalar or expression"));
    }
    dims.push_back(*std::move(dim));
  }
  return dims;
}

void AddPyptoOps(OpRegistry& r) {
  // Element-wise on tensors of one shape (PyPTO also broadcasts; ptoc
  // does not model broadcasting yet and asks for equal shapes).
  for (const char* name : {"tensor.add", "tensor.sub", "tensor.mul", "tensor.div",
                           "tensor.maximum", "tensor.minimum"}) {
    r.Register(Op(name, {"lhs", "rhs"}, [](const Expr& call) -> ResultOr {
      RETURN_IF_ERROR(NeedTensor(call, 0));
      RETURN_IF_ERROR(NeedTensor(call, 1));
      const Type& a = call.args[0]->type;
      const Type& b = call.args[1]->type;
      if (a.shape() != b.shape() || a.dtype() != b.dtype()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "'", call.str, "' on tensors of different shapes or dtypes (", TypeToString(a),
            " and ", TypeToString(b), ") is not supported"));
      }
      return std::optional<Type>(TensorLike(call));
    }));
  }
  for (const char* name : {"tensor.adds", "tensor.subs", "tensor.muls", "tensor.divs"}) {
    r.Register(Op(name, {"lhs", "rhs"}, [](const Expr& call) -> ResultOr {
      RETURN_IF_ERROR(NeedTensor(call, 0));
      RETURN_IF_ERROR(NeedScalar(call, 1));
      return std::optional<Type>(TensorLike(call));
    }));
  }
  for (const char* name : {"tensor.exp", "tensor.neg", "tensor.relu", "tensor.sqrt",
                           "tensor.abs", "tensor.recip"}) {
    r.Register(Op(name, {"input"}, [](const Expr& call) -> ResultOr {
      RETURN_IF_ERROR(NeedTensor(call, 0));
      return std::optional<Type>(TensorLike(call));
    }));
  }
  // PyPTO: recip(input, high_precision=False), div(lhs, rhs, high_precision=False).
  for (const char* name : {"tensor.recip", "tensor.div"}) {
    OpInfo* op = r.FindMutable(name);
    AttrSpec precise{"high_precision", AttrKind::kBool};
    precise.default_value = MakeBool(false, {});
    op->attrs = {precise};
    op->positional_attrs = {"high_precision"};
  }
  OpInfo create = Op("tensor.create", {}, TensorCreateResult);
  AttrSpec shape{"shape", AttrKind::kIntList};
  shape.required = true;
  AttrSpec dtype{"dtype", AttrKind::kDType};
  dtype.required = true;
  // PyPTO: create(shape, dtype, layout=ND, manual_dep=False, init_value=None).
  AttrSpec manual_dep{"manual_dep", AttrKind::kBool};
  manual_dep.default_value = MakeBool(false, {});
  create.attrs = {shape, dtype, AttrSpec{"layout", AttrKind::kEnum, "TensorLayout"}, manual_dep,
                  AttrSpec{"init_value", AttrKind::kExpr}};
  create.positional_attrs = {"shape", "dtype", "layout", "manual_dep", "init_value"};
  create.host_eval = HostEval::kCreateTensor;
  r.Register(std::move(create));
  OpInfo slice = Op("tensor.slice", {"input", "shape", "offset", "valid_shape", "drop_dims"},
                    [](const Expr& call) -> ResultOr {
                      RETURN_IF_ERROR(NeedTensor(call, 0));
                      ASSIGN_OR_RETURN(Shape shape, ShapeOfList(call, *call.args[1]));
                      ASSIGN_OR_RETURN(Shape kept, DropDims(call, 4, shape));
                      const Type& in = call.args[0]->type;
                      return std::optional<Type>(TensorOfKind(in, std::move(kept), in.dtype()));
                    });
  slice.arities = {3, 4, 5};
  // PyPTO: slice(tensor, shape, offset, valid_shape=None, drop_dims=None,
  // pad_value=None, clamp=False).
  AttrSpec clamp{"clamp", AttrKind::kBool};
  clamp.default_value = MakeBool(false, {});
  slice.attrs = {AttrSpec{"pad_value", AttrKind::kEnum, "PadValue"}, clamp};
  slice.positional_order = {"input", "shape", "offset", "valid_shape", "drop_dims",
                            "pad_value", "clamp"};
  r.Register(std::move(slice));
  OpInfo assemble = Op("tensor.assemble", {"target", "source", "offset"},
                       [](const Expr& call) -> ResultOr {
                         RETURN_IF_ERROR(NeedTensor(call, 0));
                         RETURN_IF_ERROR(NeedTensor(call, 1));
                         const Type& t = call.args[0]->type;
                         return std::optional<Type>(TensorOfKind(t, t.shape(), t.dtype()));
                       });
  // PyPTO writes atomic=pl.AtomicType.Add (ptoc took the enum's integer).
  assemble.attrs = {AttrSpec{"atomic", AttrKind::kEnum, "AtomicType"}};
  r.Register(std::move(assemble));

  // Tiles (src/ir/op/tile_ops/): views and element access, no memory traffic.
  OpInfo tslice = Op("tile.slice", {"input", "shape", "offset", "valid_shape", "drop_dims"},
                     [](const Expr& call) -> ResultOr {
                       RETURN_IF_ERROR(NeedTile(call, 0));
                       ASSIGN_OR_RETURN(Shape full, ShapeOfList(call, *call.args[1]));
                       absl::StatusOr<Shape> shape = DropDims(call, 4, full);
                       if (!shape.ok()) return shape.status();
                       const bool dropped = shape->size() != full.size();
                       *shape = AtLeast2D(*std::move(shape));
                       const Type& in = call.args[0]->type;
                       Type t = TileIn(in, *shape, in.dtype());
                       if (call.args.size() > 3 && !call.args[3]->args.empty()) {
                         if (dropped) {
                           return absl::InvalidArgumentError(
                               "'tile.slice': valid_shape with drop_dims is not supported yet");
                         }
                         ASSIGN_OR_RETURN(Shape valid, ShapeOfList(call, *call.args[3]));
                         if (valid != *shape) {
                           TileView view = t.view();
                           view.valid_shape = std::move(valid);
                           t = in.has_memory()
                                   ? Type::Tile(*shape, in.dtype(), in.memory(), view)
                                   : Type::TileWithoutMemory(*shape, in.dtype(), view);
                         }
                       }
                       return std::optional<Type>(t);
                     });
  tslice.arities = {3, 4, 5};
  tslice.lane = LaneOfFirstTile;
  AttrSpec pad{"pad_value", AttrKind::kEnum, "PadValue"};
  tslice.attrs = {pad};
  r.Register(std::move(tslice));
  OpInfo reshape = Op("tile.reshape", {"input", "shape"}, [](const Expr& call) -> ResultOr {
    RETURN_IF_ERROR(NeedTile(call, 0));
    ASSIGN_OR_RETURN(Shape shape, ShapeOfList(call, *call.args[1]));
    const Type& in = call.args[0]->type;
    if (in.NumElements() >= 0 && Type::Tensor(shape, in.dtype()).NumElements() >= 0 &&
        in.NumElements() != Type::Tensor(shape, in.dtype()).NumElements()) {
      return absl::InvalidArgumentError("'tile.reshape' changes the number of elements");
    }
    return std::optional<Type>(TileIn(in, std::move(shape), in.dtype()));
  });
  reshape.lane = LaneOfFirstTile;
  r.Register(std::move(reshape));
  OpInfo read = Op("tile.read", {"tile", "indices"}, [](const Expr& call) -> ResultOr {
    RETURN_IF_ERROR(NeedTile(call, 0));
    return std::optional<Type>(Type::Scalar(call.args[0]->type.dtype()));
  });
  read.lane = LaneOfFirstTile;
  r.Register(std::move(read));
  OpInfo write = Op("tile.write", {"tile", "indices", "value"}, [](const Expr& call) -> ResultOr {
    RETURN_IF_ERROR(NeedTile(call, 0));
    RETURN_IF_ERROR(NeedScalar(call, 2));
    return std::optional<Type>(call.args[0]->type);
  });
  write.lane = LaneOfFirstTile;
  r.Register(std::move(write));
  OpInfo tassemble = Op("tile.assemble", {"target", "source", "offset"},
                        [](const Expr& call) -> ResultOr {
                          RETURN_IF_ERROR(NeedTile(call, 0));
                          RETURN_IF_ERROR(NeedTile(call, 1));
                          return std::optional<Type>(call.args[0]->type);
                        });
  tassemble.lane = LaneOfFirstTile;
  tassemble.writes_first_arg = true;
  r.Register(std::move(tassemble));
  // tile.get_subblock_idx is compiled: registry.cc.
  for (const char* name : {"tile.get_block_idx", "tile.get_block_num"}) {
    OpInfo idx = Op(name, {}, [](const Expr&) -> ResultOr {
      return std::optional<Type>(Type::Scalar(DType::kINDEX));
    });
    idx.role = OpRole::kPureScalar;
    r.Register(std::move(idx));
  }

  // pl.submit(self.f, args..., deps=[...]): a task of program function f;
  // the parser gives it Tuple[f's results..., Scalar[TASK_ID]] (just the
  // TASK_ID when f returns nothing), which the rule checks the shape of.
  for (const char* name : {"submit", "spmd_submit"}) {
    OpInfo submit = Op(name, {"callee"}, [](const Expr& call) -> ResultOr {
      if (call.args.empty() || call.args[0]->kind != ExprKind::kString) {
        return absl::InvalidArgumentError(
            absl::StrCat("'", call.str, "' expects a program function (self.name) first"));
      }
      if (const Expr* n = call.FindAttr("core_num");
          n != nullptr && (n->kind == ExprKind::kFloat ||
                           (n->kind == ExprKind::kInt && n->int_value <= 0))) {
        return absl::InvalidArgumentError(
            absl::StrCat("'", call.str, "': core_num must be a positive integer"));
      }
      const Type& t = call.type;
      const Type* last = t.is_tuple() && !t.elements().empty() ? &t.elements().back() : &t;
      if (!(last->is_scalar() && last->dtype() == DType::kTASK_ID)) {
        return absl::InvalidArgumentError(absl::StrCat(
            "'", call.str, "' returns its task id last, not ", TypeToString(t)));
      }
      return std::optional<Type>(t);
    });
    submit.variadic = true;
    submit.callee_arg = true;
    std::vector<AttrSpec> attrs = {AttrSpec{"deps", AttrKind::kExpr},
                                   AttrSpec{"dumps", AttrKind::kExpr},
                                   AttrSpec{"allow_early_resolve", AttrKind::kBool},
                                   AttrSpec{"predicate", AttrKind::kExpr}};
    if (std::string(name) == "spmd_submit") {
      AttrSpec core_num{"core_num", AttrKind::kExpr};
      core_num.required = true;
      attrs.push_back(core_num);
      attrs.push_back(AttrSpec{"sync_start", AttrKind::kBool});
    }
    submit.attrs = std::move(attrs);
    r.Register(std::move(submit));
  }

  // Arrays (src/ir/op/array_ops/): pl.Array[extent, dtype] values.
  OpInfo acreate = Op("array.create", {"extent"}, [](const Expr& call) -> ResultOr {
    const Expr* dtype = call.FindAttr("dtype");
    if (call.args[0]->kind != ExprKind::kInt || call.args[0]->int_value < 1 ||
        dtype == nullptr) {
      return absl::InvalidArgumentError(
          "'array.create' needs a positive constant extent and a dtype");
    }
    std::optional<DType> d = ParseDType(dtype->str);
    if (!d) return absl::InvalidArgumentError("'array.create': bad dtype");
    return std::optional<Type>(Type::Array(call.args[0]->int_value, *d));
  });
  AttrSpec adtype{"dtype", AttrKind::kDType};
  adtype.required = true;
  acreate.attrs = {adtype};
  acreate.positional_attrs = {"dtype"};
  r.Register(std::move(acreate));
  auto need_array = [](const Expr& call) -> absl::Status {
    if (!call.args[0]->type.is_array()) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", call.str, "' expects a pl.Array as argument 1"));
    }
    if (!call.args[1]->type.is_scalar() || !IsIntegerDType(call.args[1]->type.dtype())) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", call.str, "' expects an integer index as argument 2"));
    }
    return absl::OkStatus();
  };
  r.Register(Op("array.get_element", {"array", "index"},
                [need_array](const Expr& call) -> ResultOr {
                  RETURN_IF_ERROR(need_array(call));
                  return std::optional<Type>(Type::Scalar(call.args[0]->type.dtype()));
                }));
  r.Register(Op("array.update_element", {"array", "index", "value"},
                [need_array](const Expr& call) -> ResultOr {
                  RETURN_IF_ERROR(need_array(call));
                  if (call.args[2]->type != Type::Scalar(call.args[0]->type.dtype())) {
                    return absl::InvalidArgumentError(
                        "'array.update_element': the value's dtype is not the array's");
                  }
                  return std::optional<Type>(call.args[0]->type);
                }));

  // Windows (src/ir/op/distributed/memory.cpp): a per-rank buffer handle,
  // then a typed window over it.
  // PyPTO: alloc_window_buffer(size) in bytes, or (shape, *, dtype=): the
  // product of the dims times the element size, which PyPTO folds into the
  // byte form when it builds the call (a static shape: the constant).
  OpInfo alloc = Op("pld.tensor.alloc_window_buffer", {"size"}, [](const Expr& call) -> ResultOr {
    RETURN_IF_ERROR(NeedScalar(call, 0));
    return std::optional<Type>(Type::Ptr());
  });
  // No name=: PyPTO names the buffer after the assignment target.
  alloc.attrs = {AttrSpec{"dtype", AttrKind::kDType}};
  alloc.canonicalize = WindowBufferBytes;
  // PyPTO derives the buffer's name from the assignment target.
  alloc.host_only = true;
  alloc.names_buffer = true;
  alloc.host_eval = HostEval::kAllocWindowBuffer;
  r.Register(std::move(alloc));
  OpInfo window = Op("pld.tensor.window", {"buf", "shape"}, [](const Expr& call) -> ResultOr {
    if (!(call.args[0]->type.kind() == Type::Kind::kPtr)) {
      return absl::InvalidArgumentError(
          "'pld.tensor.window' expects a pl.Ptr (pld.alloc_window_buffer) as argument 1");
    }
    const Expr* dtype = call.FindAttr("dtype");
    std::optional<DType> d = dtype == nullptr ? std::nullopt : ParseDType(dtype->str);
    if (!d) return absl::InvalidArgumentError("'pld.tensor.window' needs a dtype");
    ASSIGN_OR_RETURN(Shape shape, ShapeOfList(call, *call.args[1]));
    return std::optional<Type>(Type::DistributedTensor(std::move(shape), *d));
  });
  AttrSpec wdtype{"dtype", AttrKind::kDType};
  wdtype.required = true;
  window.attrs = {wdtype};
  window.host_eval = HostEval::kWindow;
  r.Register(std::move(window));
  // The number of ranks (src/ir/op/distributed/world_size.cpp): an INT64.
  OpInfo world = Op("pld.system.world_size", {}, [](const Expr&) -> ResultOr {
    return std::optional<Type>(Type::Scalar(DType::kINT64));
  });
  world.role = OpRole::kPureScalar;
  world.host_only = true;
  world.host_eval = HostEval::kWorldSize;
  r.Register(std::move(world));
  // Task ids (src/ir/op/sync_ops/task.cpp).
  OpInfo dummy = Op("system.task_dummy", {}, [](const Expr&) -> ResultOr {
    return std::optional<Type>(Type::Scalar(DType::kTASK_ID));
  });
  // PyPTO: an empty fan-in is written deps=[], never left out.
  AttrSpec dummy_deps{"deps", AttrKind::kExpr};
  dummy_deps.required = true;
  dummy.attrs = {dummy_deps};
  r.Register(std::move(dummy));
  r.Register(Op("system.task_is_valid", {"task_id"}, [](const Expr& call) -> ResultOr {
    const Type& t = call.args[0]->type;
    if (!(t.is_scalar() && t.dtype() == DType::kTASK_ID)) {
      return absl::InvalidArgumentError("'system.task_is_valid' expects a pl.Scalar[pl.TASK_ID]");
    }
    return std::optional<Type>(Type::Scalar(DType::kBOOL));
  }));

  // Scalar expressions PyPTO spells as calls: `pl.const(1, pl.INT64)` (a
  // literal of that dtype) and `pl.cast(x, pl.INDEX)` (a scalar
  // conversion; on tiles and tensors pl.cast is tile.cast / tensor.cast).
  OpInfo konst = Op("const", {"value"}, [](const Expr& call) -> ResultOr {
    const Expr& v = *call.args[0];
    const Expr* dtype = call.FindAttr("dtype");
    std::optional<DType> d = dtype == nullptr ? std::nullopt : ParseDType(dtype->str);
    if (!d) return absl::InvalidArgumentError("'pl.const' needs a dtype");
    const bool ok = (v.kind == ExprKind::kInt && (IsIntegerDType(*d) || IsFloatDType(*d))) ||
                    (v.kind == ExprKind::kFloat && IsFloatDType(*d)) ||
                    (v.kind == ExprKind::kUnary && !v.args.empty() &&
                     (v.args[0]->kind == ExprKind::kInt || v.args[0]->kind == ExprKind::kFloat)) ||
                    (v.kind == ExprKind::kBool && *d == DType::kBOOL);
    if (!ok) {
      return absl::InvalidArgumentError(
          "'pl.const' takes a number literal of the dtype's kind (an int or a float)");
    }
    return std::optional<Type>(Type::Scalar(*d));
  });
  konst.role = OpRole::kPureScalar;
  konst.print_attrs_positionally = true;
  konst.positional_order = {"value", "dtype"};
  AttrSpec cdtype{"dtype", AttrKind::kDType};
  cdtype.required = true;
  konst.attrs = {cdtype};
  r.Register(std::move(konst));
  // `pl.min(a, b)` / `pl.max(a, b)` of scalars (PyPTO's MinExpr / MaxExpr):
  // one dtype, or a literal beside a typed operand.
  for (const char* name : {"min", "max"}) {
    OpInfo mm = Op(name, {"lhs", "rhs"}, [](const Expr& call) -> ResultOr {
      RETURN_IF_ERROR(NeedScalar(call, 0));
      RETURN_IF_ERROR(NeedScalar(call, 1));
      const Expr& a = *call.args[0];
      const Expr& b = *call.args[1];
      auto literal = [](const Expr& e) {
        return e.kind == ExprKind::kInt || e.kind == ExprKind::kFloat;
      };
      const bool numeric = (IsIntegerDType(a.type.dtype()) || IsFloatDType(a.type.dtype())) &&
                           (IsIntegerDType(b.type.dtype()) || IsFloatDType(b.type.dtype()));
      if (!numeric) {
        return absl::InvalidArgumentError(
            absl::StrCat("'pl.", call.str, "' needs numeric scalars"));
      }
      if (a.type == b.type || literal(b)) return std::optional<Type>(a.type);
      if (literal(a)) return std::optional<Type>(b.type);
      if (IsIntegerDType(a.type.dtype()) && IsIntegerDType(b.type.dtype()) &&
          (a.type.dtype() == DType::kINDEX || b.type.dtype() == DType::kINDEX)) {
        return std::optional<Type>(Type::Scalar(DType::kINDEX));
      }
      return absl::InvalidArgumentError(absl::StrCat(
          "'pl.", call.str, "' of mismatched scalars ", TypeToString(a.type), " and ",
          TypeToString(b.type)));
    });
    mm.role = OpRole::kPureScalar;
    r.Register(std::move(mm));
  }
  OpInfo cast = Op("cast", {"input"}, [](const Expr& call) -> ResultOr {
    RETURN_IF_ERROR(NeedScalar(call, 0));
    const Expr* dtype = call.FindAttr("target_type");
    std::optional<DType> d = dtype == nullptr ? std::nullopt : ParseDType(dtype->str);
    if (!d) return absl::InvalidArgumentError("'pl.cast' needs a target_type");
    const Expr* mode = call.FindAttr("mode");
    if (mode != nullptr && !((mode->kind == ExprKind::kString && mode->str == "round") ||
                             (mode->kind == ExprKind::kInt && mode->int_value == 2))) {
      return absl::InvalidArgumentError(
          "'pl.cast' of a scalar supports only the default mode (\"round\")");
    }
    return std::optional<Type>(Type::Scalar(*d));
  });
  cast.role = OpRole::kPureScalar;
  cast.print_attrs_positionally = true;
  cast.positional_order = {"input", "target_type", "mode"};
  AttrSpec target{"target_type", AttrKind::kDType};
  target.required = true;
  cast.attrs = {target, AttrSpec{"mode", AttrKind::kExpr}};
  r.Register(std::move(cast));
  // `optimizations=[pl.split(pl.SplitMode.UP_DOWN)]` on pl.at: an
  // optimization request, no value of its own.
  auto slot_num_ok = [](const Expr& call) -> absl::Status {
    const Expr* n = call.FindAttr("slot_num");
    if (n != nullptr && !(n->kind == ExprKind::kInt && n->int_value > 0)) {
      return absl::InvalidArgumentError(
          absl::StrCat("'pl.", call.str, "' slot_num must be a positive integer"));
    }
    return absl::OkStatus();
  };
  OpInfo split = Op("split", {"mode"}, [slot_num_ok](const Expr& call) -> ResultOr {
    const Expr& m = *call.args[0];
    if (m.kind != ExprKind::kEnum || m.enum_type != "SplitMode") {
      return absl::InvalidArgumentError("'pl.split' expects a pl.SplitMode value");
    }
    RETURN_IF_ERROR(slot_num_ok(call));
    return std::optional<Type>(Type::None());
  });
  split.attrs = {AttrSpec{"slot_num", AttrKind::kExpr}};
  r.Register(std::move(split));
  OpInfo slot = Op("cross_core_slot", {}, [slot_num_ok](const Expr& call) -> ResultOr {
    if (call.FindAttr("slot_num") == nullptr) {
      return absl::InvalidArgumentError("'pl.cross_core_slot' needs slot_num=");
    }
    RETURN_IF_ERROR(slot_num_ok(call));
    return std::optional<Type>(Type::None());
  });
  slot.attrs = {AttrSpec{"slot_num", AttrKind::kExpr}};
  r.Register(std::move(slot));

  // pl.dump_tag(t): marks a tensor of an Orchestration function for dumping
  // (PyPTO folds it into the dump_vars of later kernel calls; ptoc keeps the
  // marker as written).
  OpInfo dump = Op("dump_tag", {"tensor"}, [](const Expr& call) -> ResultOr {
    const Expr& t = *call.args[0];
    if (t.kind != ExprKind::kVar) {
      return absl::InvalidArgumentError("pl.dump_tag() argument must be a bare variable name");
    }
    if (!t.type.is_tensor()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "pl.dump_tag() argument '", t.var->name, "' is not a tensor"));
    }
    return std::optional<Type>(Type::None());
  });
  dump.only_in = {FunctionKind::kOrchestration, FunctionKind::kInline};
  r.Register(std::move(dump));

  // pl.no_dep(t) around a kernel-call argument: PyPTO's marker that the
  // task takes no dependency through that slot; the tensor itself passes
  // through (ptoc keeps the marker as written).
  r.Register(Op("no_dep", {"tensor"}, [](const Expr& call) -> ResultOr {
    RETURN_IF_ERROR(NeedTensor(call, 0));
    return std::optional<Type>(call.args[0]->type);
  }));

  OpInfo invalid = Op("system.task_invalid", {}, [](const Expr&) -> ResultOr {
    return std::optional<Type>(Type::Scalar(DType::kTASK_ID));
  });
  invalid.role = OpRole::kPureScalar;
  r.Register(std::move(invalid));
}

}  // namespace ptoc
