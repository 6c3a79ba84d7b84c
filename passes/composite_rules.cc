#include "passes/composite_rules.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc::composite {

const Expr& Arg(const Expr& call, absl::string_view param) {
  return *call.args[LookupOp(call)->ParamIndex(param)];
}

absl::Status Unsupported(const Emitter& e, const Expr& call, absl::string_view what) {
  return ErrorAt(e.loc(), absl::StrCat("'", call.str, "': ", what));
}

// A window ptoc can address as a whole: no pl.TensorView (valid_shape,
// strides, layout) and a static shape.
absl::Status CheckWindow(const Emitter& e, const Expr& call, absl::string_view param) {
  const Type& t = Arg(call, param).type;
  if (!t.is_distributed()) {
    return Unsupported(e, call, absl::StrCat("its ", param, " must be a pld.DistributedTensor"));
  }
  if (!t.extra().empty()) {
    return Unsupported(e, call,
                       absl::StrCat("ptoc does not lower it on a ", param, " with '", t.extra(),
                                    "'; only a plain packed window"));
  }
  if (!t.has_static_shape()) {
    return Unsupported(
        e, call,
        absl::StrCat("ptoc does not lower it on a ", param, " of dynamic shape ", TypeToString(t)));
  }
  return absl::OkStatus();
}

std::vector<int64_t> StaticShape(const Type& t) {
  std::vector<int64_t> dims;
  for (const Dim& d : t.shape()) dims.push_back(d.value);
  return dims;
}

// PyPTO's mesh signal: [NR, 1], one INT32 cell per rank.
absl::Status CheckSignal(const Emitter& e, const Expr& call) {
  RETURN_IF_ERROR(CheckWindow(e, call, "signal"));
  const Type& t = Arg(call, "signal").type;
  if (t.shape().size() != 2 || t.shape()[1].value != 1 || t.dtype() != DType::kINT32) {
    return Unsupported(e, call,
                       absl::StrCat("its signal must be a [NR, 1] INT32 window (one "
                                    "cell per rank), got ",
                                    TypeToString(t)));
  }
  return absl::OkStatus();
}

// A [NR, SIZE] window: one row per rank.
absl::Status CheckRows(const Emitter& e, const Expr& call, absl::string_view param) {
  RETURN_IF_ERROR(CheckWindow(e, call, param));
  if (Arg(call, param).type.shape().size() != 2) {
    return Unsupported(e, call, absl::StrCat("its ", param, " must be a 2-D [NR, SIZE] window"));
  }
  return absl::OkStatus();
}

namespace {

// A plain GM tensor of rank 2, read row by row (input, local_data).
absl::Status CheckLocal(const Emitter& e, const Expr& call, absl::string_view param) {
  const Type& t = Arg(call, param).type;
  if (!t.is_tensor() || t.is_distributed() || t.shape().size() != 2 || !t.has_static_shape()) {
    return Unsupported(e, call,
                       absl::StrCat("its ", param,
                                    " must be a plain 2-D pl.Tensor of "
                                    "static shape, got ",
                                    TypeToString(t)));
  }
  return absl::OkStatus();
}

absl::StatusOr<ExprPtr> Broadcast(Emitter& e, const Expr& call) {
  RETURN_IF_ERROR(CheckWindow(e, call, "target"));
  RETURN_IF_ERROR(CheckSignal(e, call));
  const Expr* root = call.FindAttr("root");
  if (root == nullptr || root->kind != ExprKind::kInt) {
    return Unsupported(e, call, "root= must be a constant rank");
  }
  const Expr& target = Arg(call, "target");
  const Expr& signal = Arg(call, "signal");
  // The staging tile is the target flattened to 2-D: [rows, last dim].
  const std::vector<int64_t> shape = StaticShape(target.type);
  const int64_t cols = shape.back();
  ASSIGN_OR_RETURN(Comm comm, EmitCommSetup(e, target));
  RETURN_IF_ERROR(EmitBarrier(e, comm, signal, e.Int(1)));
  std::vector<NamedExpr> attrs;
  attrs.push_back(MakeAttr("shape", e.Ints({target.type.NumElements() / cols, cols})));
  attrs.push_back(MakeAttr("dtype", e.Enum("DType", std::string(DTypeName(target.type.dtype())))));
  attrs.push_back(MakeAttr("target_memory", e.Enum("MemorySpace", "Vec")));
  ASSIGN_OR_RETURN(Var * stage, e.BindOp("stage", "tile.create", {}, std::move(attrs)));
  // PyPTO's root copies its window onto itself too (a no-op get); that
  // write races with the peers reading the same window, so the root skips
  // it. A second barrier (PyPTO has one) lets no rank return, and the root
  // write its window again, before every peer has read it.
  RETURN_IF_ERROR(
      e.If(e.Binary(BinaryOp::kNe, e.Ref(comm.me), e.Int(root->int_value)), [&](Emitter& then) {
        return then.EvalOp("pld.tile.get", Args(Clone(target), then.Int(root->int_value),
                                                Clone(target), then.Ref(stage)));
      }));
  RETURN_IF_ERROR(EmitBarrier(e, comm, signal, e.Int(2)));
  RETURN_IF_ERROR(EmitCreditReset(e, comm, signal, 2));
  return Clone(target);
}

// Row `source_row` of `source` into row `me` of rank `dest`'s target, for
// every rank dest (itself included), then barrier(1) and its epilogue.
absl::StatusOr<ExprPtr> PushRows(Emitter& e, const Expr& call, absl::string_view source_param,
                                 bool row_per_dest) {
  RETURN_IF_ERROR(CheckLocal(e, call, source_param));
  RETURN_IF_ERROR(CheckRows(e, call, "target"));
  RETURN_IF_ERROR(CheckSignal(e, call));
  const Expr& source = Arg(call, source_param);
  const Expr& target = Arg(call, "target");
  const Expr& signal = Arg(call, "signal");
  const int64_t size = target.type.shape()[1].value;
  ASSIGN_OR_RETURN(Comm comm, EmitCommSetup(e, target));
  if (!row_per_dest) {
    ASSIGN_OR_RETURN(Var * row, e.BindOp("row", "tile.load",
                                         Args(Clone(source), e.Ints({0, 0}), e.Ints({1, size}))));
    RETURN_IF_ERROR(e.For("dest", e.Ref(comm.nranks), [&](Emitter& loop, Var* dest) {
      std::vector<ExprPtr> at;
      at.push_back(loop.Ref(comm.me));
      at.push_back(loop.Int(0));
      return loop.EvalOp("pld.tile.remote_store", Args(loop.Ref(row), Clone(target), loop.Ref(dest),
                                                       loop.List(std::move(at))));
    }));
  } else {
    RETURN_IF_ERROR(e.For("dest", e.Ref(comm.nranks), [&](Emitter& loop, Var* dest) {
      std::vector<ExprPtr> from;
      from.push_back(loop.Ref(dest));
      from.push_back(loop.Int(0));
      ASSIGN_OR_RETURN(Var * row, loop.BindOp("row", "tile.load",
                                              Args(Clone(source), loop.List(std::move(from)),
                                                   loop.Ints({1, size}))));
      std::vector<ExprPtr> at;
      at.push_back(loop.Ref(comm.me));
      at.push_back(loop.Int(0));
      return loop.EvalOp("pld.tile.remote_store", Args(loop.Ref(row), Clone(target), loop.Ref(dest),
                                                       loop.List(std::move(at))));
    }));
  }
  RETURN_IF_ERROR(EmitBarrier(e, comm, signal, e.Int(1)));
  RETURN_IF_ERROR(EmitCreditReset(e, comm, signal, 1));
  return Clone(target);
}

absl::StatusOr<ExprPtr> AllToAllV(Emitter& e, const Expr& call) {
  RETURN_IF_ERROR(CheckLocal(e, call, "input"));
  RETURN_IF_ERROR(CheckRows(e, call, "target"));
  RETURN_IF_ERROR(CheckSignal(e, call));
  const Expr& input = Arg(call, "input");
  const Expr& target = Arg(call, "target");
  const Expr& signal = Arg(call, "signal");
  const Expr& send_counts = Arg(call, "send_counts");
  const Expr& recv_counts = Arg(call, "recv_counts");
  const Type& counts = send_counts.type;
  if (!counts.is_tensor() || (counts.shape().size() != 1 && counts.shape().size() != 2)) {
    return Unsupported(e, call, "its send_counts must be a [NR] or [NR, 1] tensor");
  }
  if (!recv_counts.type.is_distributed() || recv_counts.type.shape().size() != 2) {
    return Unsupported(e, call, "its recv_counts must be a [NR, 1] window");
  }
  // Every rank owns a block of `block` rows of the target; the number of
  // ranks is the signal's (static) first dimension.
  const int64_t nr = signal.type.shape()[0].value;
  const int64_t rows = target.type.shape()[0].value;
  if (signal.type.shape()[0].symbol.size() > 0 || nr <= 0 || rows % nr != 0) {
    return Unsupported(e, call,
                       absl::StrCat("its target's ", rows,
                                    " rows must split into one "
                                    "block per rank of the signal's static [NR, 1]"));
  }
  const int64_t block = rows / nr;
  const int64_t size = target.type.shape()[1].value;
  ASSIGN_OR_RETURN(Comm comm, EmitCommSetup(e, target));
  RETURN_IF_ERROR(e.For("dest", e.Ref(comm.nranks), [&](Emitter& loop, Var* dest) {
    std::vector<ExprPtr> index;
    index.push_back(loop.Ref(dest));
    if (counts.shape().size() == 2) index.push_back(loop.Int(0));
    ASSIGN_OR_RETURN(
        Var * count,
        loop.BindOp("count", "tensor.read", Args(Clone(send_counts), loop.List(std::move(index)))));
    // A count above the block would spill into the next rank's block.
    ASSIGN_OR_RETURN(
        Var * sent,
        loop.IfValue(
            "sent",
            loop.Binary(BinaryOp::kGt, loop.Ref(count), loop.Int(block, count->type.dtype())),
            [&](Emitter& then) -> absl::StatusOr<ExprPtr> {
              return then.Int(block, count->type.dtype());
            },
            [&](Emitter& other) -> absl::StatusOr<ExprPtr> { return other.Ref(count); }));
    std::vector<ExprPtr> cell;
    cell.push_back(loop.Ref(comm.me));
    cell.push_back(loop.Int(0));
    std::vector<NamedExpr> set;
    set.push_back(MakeAttr("op", loop.Enum("NotifyOp", "Set")));
    RETURN_IF_ERROR(loop.EvalOp(
        "pld.system.notify",
        Args(Clone(recv_counts), loop.Ref(dest), loop.List(std::move(cell)), loop.Ref(sent)),
        std::move(set)));
    std::vector<ExprPtr> from;
    from.push_back(loop.Binary(BinaryOp::kMul, loop.Ref(dest), loop.Int(block)));
    from.push_back(loop.Int(0));
    ASSIGN_OR_RETURN(Var * rows_tile, loop.BindOp("rows", "tile.load",
                                                  Args(Clone(input), loop.List(std::move(from)),
                                                       loop.Ints({block, size}))));
    std::vector<ExprPtr> at;
    at.push_back(loop.Binary(BinaryOp::kMul, loop.Ref(comm.me), loop.Int(block)));
    at.push_back(loop.Int(0));
    return loop.EvalOp("pld.tile.remote_store", Args(loop.Ref(rows_tile), Clone(target),
                                                     loop.Ref(dest), loop.List(std::move(at))));
  }));
  RETURN_IF_ERROR(EmitBarrier(e, comm, signal, e.Int(1)));
  RETURN_IF_ERROR(EmitCreditReset(e, comm, signal, 1));
  return Clone(target);
}

absl::StatusOr<ExprPtr> Barrier(Emitter& e, const Expr& call) {
  RETURN_IF_ERROR(CheckSignal(e, call));
  const Expr& signal = Arg(call, "signal");
  ASSIGN_OR_RETURN(Comm comm, EmitCommSetup(e, signal));
  RETURN_IF_ERROR(EmitBarrier(e, comm, signal, e.Int(1)));
  RETURN_IF_ERROR(EmitCreditReset(e, comm, signal, 1));
  return Clone(signal);
}

}  // namespace

absl::StatusOr<ExprPtr> Expand(Emitter& e, const Expr& call) {
  const OpInfo* info = LookupOp(call);
  switch (info != nullptr ? info->composite : Composite::kNone) {
    case Composite::kAllReduce:
      return AllReduce(e, call);
    case Composite::kReduceScatter:
      return ReduceScatter(e, call);
    case Composite::kBroadcast:
      return Broadcast(e, call);
    case Composite::kAllGather:
      return PushRows(e, call, "local_data", false);
    case Composite::kAllToAll:
      return PushRows(e, call, "input", true);
    case Composite::kAllToAllV:
      return AllToAllV(e, call);
    case Composite::kBarrier:
      return Barrier(e, call);
    case Composite::kSin:
      return SinCos(e, call, false);
    case Composite::kCos:
      return SinCos(e, call, true);
    case Composite::kNone:
      break;
  }
  return ErrorAt(e.loc(), absl::StrCat("'", call.str, "' is not a composite op"));
}

}  // namespace ptoc::composite
