#include "codegen/lowering_ops4.h"

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

}  // namespace

TileGeometry RowExpandBlock(const TileGeometry& vector) {
  TileGeometry g = vector;
  g.valid_cols = Dim::Static(32 / DTypeBytes(vector.dtype));
  return g;
}

absl::Status PlanRowExpand(const Expr& call, Backend backend, const Location& loc,
                           CallLowering* plan) {
  const std::string name = absl::StrCat("'", call.str, "' (", plan->op->cce_name, ")");
  const Type& t = call.args[0]->type;
  const Type& v = call.args[1]->type;
  if (!t.is_tile() || !v.is_tile() || t.shape().size() != 2 || v.shape().size() != 2) {
    return ErrorAt(loc, absl::StrCat(name, " takes a 2-D tile and a 2-D [M, 1] vector"));
  }
  ASSIGN_OR_RETURN(TileGeometry tile, GeometryOf(t, backend, loc));
  ASSIGN_OR_RETURN(TileGeometry vec, GeometryOf(v, backend, loc));
  if (!tile.valid_rows.is_static() || !tile.valid_cols.is_static() ||
      !vec.valid_rows.is_static() || !vec.valid_cols.is_static()) {
    return ErrorAt(loc, absl::StrCat(name, " of a tile with a run-time valid shape cannot be "
                                            "emitted yet"));
  }
  if (tile.blayout != Layout::kRowMajor || tile.slayout != Layout::kNoneBox ||
      vec.blayout != Layout::kRowMajor || vec.slayout != Layout::kNoneBox) {
    return ErrorAt(loc, absl::StrCat(name, " takes row-major (ND) tiles"));
  }
  if (vec.dtype != tile.dtype) {
    return ErrorAt(loc, absl::StrCat(name, " takes its vector in the tile's element type, ",
                                     DTypeName(tile.dtype), ", not ", DTypeName(vec.dtype)));
  }
  if (vec.valid_cols.value != 1 || vec.valid_rows.value != tile.valid_rows.value) {
    return ErrorAt(loc, absl::StrCat(name, " takes a vector of one element for each of the "
                                            "tile's ", tile.valid_rows.value, " rows, not a ",
                                     vec.valid_rows.value, " x ", vec.valid_cols.value, " one"));
  }
  if (vec.cols * DTypeBytes(vec.dtype) < 32) {
    return ErrorAt(loc, absl::StrCat(name, " needs its vector's rows of 32 bytes"));
  }
  plan->tile_args = {0, 1};
  // The vector's rows filled (its valid element unchanged), then the op.
  plan->steps.push_back(VectorStep({Arg(1)}, {Arg(1)}));
  plan->steps.push_back(VectorStep({Arg(0), Arg(1)}, {Result()}));
  return absl::OkStatus();
}

absl::Status PlanArgReduce(const Expr& call, Backend backend, const Location& loc,
                           CallLowering* plan) {
  (void)backend;
  const std::string name = absl::StrCat("'", call.str, "' (", plan->op->cce_name, ")");
  if (call.args.size() < 2 || !call.args[1]->type.is_tile()) {
    return ErrorAt(loc, absl::StrCat(name, " needs a scratch tile, its second argument "
                                            "(PyPTO allocates it with tile.create)"));
  }
  if (!call.type.is_tile() || call.type.dtype() != DType::kINT32) {
    return ErrorAt(loc, absl::StrCat(name, " writes INT32 indices"));
  }
  plan->tile_args = {0, 1};
  plan->steps.push_back(VectorStep({Arg(0), Arg(1)}, {Result(), Arg(1)}));
  return absl::OkStatus();
}

absl::Status PlanTernary(const Expr& call, const Location& loc, CallLowering* plan) {
  const bool scalar = !call.args[1]->type.is_tile();
  const Type& a = call.args[0]->type;
  const Type& c = call.args[2]->type;
  const Type* b = scalar ? nullptr : &call.args[1]->type;
  for (const Type* t : {&c, b}) {
    if (t == nullptr) continue;
    if (!a.is_tile() || !t->is_tile() || t->dtype() != a.dtype() ||
        t->shape() != a.shape()) {
      return ErrorAt(loc, absl::StrCat("'", call.str, "' (", plan->op->cce_name,
                                       ") takes tiles of one shape and element type"));
    }
  }
  if (scalar) {
    plan->tile_args = {0, 2};
    plan->scalar_arg = 1;
    plan->scalar_dtype = a.dtype();
    plan->steps.push_back(VectorStep({Arg(0)}, {Result()}));
  } else {
    plan->tile_args = {0, 1, 2};
    plan->steps.push_back(VectorStep({Arg(0), Arg(1)}, {Result()}));
  }
  // Then the carry added to the result, in place.
  plan->steps.push_back(VectorStep({Result(), Arg(static_cast<int>(plan->tile_args.size()) - 1)},
                                   {Result()}));
  return absl::OkStatus();
}

void PlanBarrier(const OpLowering& op, CallLowering* plan) {
  MachineStep s;
  s.op = MachineOp::kFence;
  s.pipe = s.barrier_all_pipe = Pipe::kS;
  s.drains_all = op.pto_name == "PIPE_ALL";
  plan->steps.push_back(s);
}

bool BarrierPrinted(const OpLowering& op, FunctionKind kind, Backend backend) {
  if (op.pto_name == "PIPE_ALL") return true;
  const Pipe p = op.pto_name == "PIPE_V" ? Pipe::kV : Pipe::kM;
  return CoreHasPipe(kind, p) && !(p == Pipe::kV && backend == Backend::kA5);
}

}  // namespace codegen
}  // namespace ptoc
