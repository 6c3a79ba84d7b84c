// The allreduce family of lower-composite-ops: PyPTO's mesh allreduce (in
// chunks, or over a pl.TensorView's valid box), its ring allreduce, and
// reduce_scatter, which shares the mesh's reduction of one block.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "ir/builder.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "passes/composite_emitter.h"
#include "passes/composite_rules.h"

namespace ptoc::composite {
namespace {

// PyPTO's mesh allreduce reduces at most 16 KiB per chunk: its accumulator,
// the received tile and their branch copies all stay in Vec memory at once.
constexpr int64_t kChunkBytes = 16 * 1024;

// Splits "a, [b, c], d" at its top-level commas.
std::vector<std::string> SplitTopLevel(absl::string_view text) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string part;
  for (char c : text) {
    if (c == '[' || c == '(') ++depth;
    if (c == ']' || c == ')') --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(std::string(absl::StripAsciiWhitespace(part)));
      part.clear();
    } else {
      part.push_back(c);
    }
  }
  if (!absl::StripAsciiWhitespace(part).empty()) {
    parts.push_back(std::string(absl::StripAsciiWhitespace(part)));
  }
  return parts;
}

// The region of an allreduce target PyPTO reduces: the whole window, or the
// valid box of its pl.TensorView (ptoc keeps the view as the type's text)
// when PyPTO's mesh rectangle path takes it: ND, packed, a static box whose
// rows stay contiguous once collapsed to 2-D, within one chunk.
absl::StatusOr<std::vector<int64_t>> ReducedBox(const Emitter& e, const Expr& call, const Type& t) {
  const std::vector<int64_t> shape = StaticShape(t);
  std::vector<std::string> valid;
  for (absl::string_view element : ExtraElements(t.extra())) {
    if (!absl::ConsumePrefix(&element, "pl.TensorView(") || !absl::ConsumeSuffix(&element, ")")) {
      return Unsupported(e, call,
                         absl::StrCat("ptoc does not lower it on a target with '", element, "'"));
    }
    std::vector<std::string> fields = SplitTopLevel(element);
    // The layout first, as PyPTO checks it before the strides.
    std::stable_partition(fields.begin(), fields.end(),
                          [](const std::string& f) { return absl::StartsWith(f, "layout="); });
    for (const std::string& field : fields) {
      std::pair<std::string, std::string> kv = absl::StrSplit(field, absl::MaxSplits('=', 1));
      absl::string_view value = kv.second;
      if (kv.first == "layout" && value != "pl.TensorLayout.ND") {
        return Unsupported(e, call, "its target view must have the ND layout (PyPTO's too)");
      }
      if ((kv.first == "valid_shape" || kv.first == "stride") &&
          (!absl::ConsumePrefix(&value, "[") || !absl::ConsumeSuffix(&value, "]"))) {
        return Unsupported(e, call, absl::StrCat("cannot read the target view's ", field));
      }
      if (kv.first == "valid_shape") valid = SplitTopLevel(value);
      if (kv.first == "stride" && !value.empty()) {
        // Only the packed strides PyPTO accepts: each the product of the
        // dims after it.
        std::vector<std::string> strides = SplitTopLevel(value);
        int64_t packed = 1;
        for (size_t i = shape.size(); i-- > 0;) {
          if (strides.size() != shape.size() || strides[i] != absl::StrCat(packed)) {
            return Unsupported(e, call,
                               "its target view must be packed (PyPTO's too): no strides "
                               "other than the row-major ones");
          }
          packed *= shape[i];
        }
      }
    }
  }
  if (valid.empty()) return shape;
  std::vector<int64_t> box;
  for (const std::string& d : valid) {
    int64_t v = 0;
    if (!absl::SimpleAtoi(d, &v)) {
      return Unsupported(e, call,
                         absl::StrCat("ptoc does not lower it on a target whose "
                                      "valid_shape is dynamic ('",
                                      d, "')"));
    }
    box.push_back(v);
  }
  // Collapsed to [rows, cols], the box's rows must be evenly spaced: under a
  // dim other than 1, every inner dim but the last is whole.
  bool past_boundary = false;
  for (size_t i = 0; i + 1 < box.size(); ++i) {
    if (past_boundary && box[i] != shape[i]) {
      return Unsupported(e, call,
                         "its target's valid_shape cannot be read as one 2-D "
                         "rectangle (PyPTO rejects it too)");
    }
    past_boundary = past_boundary || box[i] != 1;
  }
  int64_t bytes = DTypeBytes(t.dtype());
  for (int64_t d : box) bytes *= d;
  if (bytes > kChunkBytes) {
    return Unsupported(e, call,
                       absl::StrCat("a partial valid_shape must fit within one ", kChunkBytes,
                                    "-byte chunk (PyPTO's rule)"));
  }
  return box;
}

// The tile op that combines two partial results of `op` (a pld.ReduceOp).
absl::StatusOr<std::string> ReduceTileOp(const Emitter& e, const Expr& call) {
  const Expr* op = AttrOrDefault(call, "op");
  const std::string name = op != nullptr && op->kind == ExprKind::kEnum ? op->str : "Sum";
  if (name == "Sum") return std::string("tile.add");
  if (name == "Max") return std::string("tile.maximum");
  if (name == "Min") return std::string("tile.minimum");
  if (name == "Prod") return std::string("tile.mul");
  return Unsupported(e, call, absl::StrCat("unknown pld.ReduceOp '", name, "'"));
}

// One block of a reduction: load this rank's block at `offsets`, combine
// every peer's into it with `reduce_op`, barrier of `generation` (no rank may
// overwrite its block before every slower peer has read it), store.
absl::Status ReduceBlock(Emitter& e, const Comm& comm, const Expr& target, const Expr& signal,
                         const Expr& offsets, const std::vector<int64_t>& shape,
                         absl::string_view reduce_op, ExprPtr generation) {
  ASSIGN_OR_RETURN(
      Var * acc, e.BindOp("acc", "tile.load", Args(Clone(target), Clone(offsets), e.Ints(shape))));
  auto add_peer = [&](Emitter& then, Var* peer, Var* partial) -> absl::StatusOr<ExprPtr> {
    ASSIGN_OR_RETURN(Var * recv, then.BindOp("recv", "pld.tile.remote_load",
                                             Args(Clone(target), then.Ref(peer), Clone(offsets),
                                                  then.Ints(shape))));
    ASSIGN_OR_RETURN(Var * sum,
                     then.BindOp("acc", reduce_op, Args(then.Ref(partial), then.Ref(recv))));
    return then.Ref(sum);
  };
  ASSIGN_OR_RETURN(
      Var * reduced,
      e.ForCarry(
          "peer", "acc", e.Ref(comm.nranks), acc,
          [&](Emitter& loop, Var* peer, Var* partial) -> absl::StatusOr<ExprPtr> {
            ASSIGN_OR_RETURN(
                Var * next,
                loop.IfValue(
                    "acc", loop.Binary(BinaryOp::kNe, loop.Ref(peer), loop.Ref(comm.me)),
                    [&](Emitter& then) { return add_peer(then, peer, partial); },
                    [&](Emitter& other) -> absl::StatusOr<ExprPtr> { return other.Ref(partial); }));
            return loop.Ref(next);
          }));
  RETURN_IF_ERROR(EmitBarrier(e, comm, signal, std::move(generation)));
  std::vector<ExprPtr> store_args;
  store_args.push_back(e.Ref(reduced));
  store_args.push_back(Clone(offsets));
  store_args.push_back(Clone(target));
  // An N-D window takes the stored region's shape (the tile is 2-D).
  if (shape.size() > 2) store_args.push_back(e.Ints(shape));
  return e.EvalOp("tile.store", std::move(store_args));
}

// How an allreduce walks its target: whole, or in chunks of `per` rows
// (axis 0) or columns of a single row (axis 1): `full` whole chunks, then
// one of `tail`.
struct Chunking {
  int axis = -1;  // -1: one block, the whole target
  int64_t per = 0, full = 0, tail = 0;
};

absl::StatusOr<Chunking> PlanChunks(const Emitter& e, const Expr& call, const Type& t,
                                    const std::vector<int64_t>& shape) {
  const int64_t bytes = DTypeBytes(t.dtype());
  int64_t elements = 1;
  for (int64_t d : shape) elements *= d;
  Chunking c;
  if (elements * bytes <= kChunkBytes) return c;
  if (shape.size() == 2 && shape[1] * bytes <= kChunkBytes) {
    c.axis = 0;
    c.per = kChunkBytes / (shape[1] * bytes);
  } else if (shape.size() == 2 && shape[0] == 1) {
    c.axis = 1;
    c.per = kChunkBytes / bytes;
  } else {
    return Unsupported(
        e, call,
        absl::StrCat(
            "its target ", TypeToString(t), " exceeds one ", kChunkBytes,
            "-byte chunk and ptoc chunks only a 2-D window by whole rows or a single row"));
  }
  c.full = shape[c.axis] / c.per;
  c.tail = shape[c.axis] % c.per;
  return c;
}

// PyPTO's ring allreduce (mode="ring") of a single row of SIZE elements:
// each rank owns segment r (SIZE / NR elements); NR - 1 reduce-scatter
// rounds, in which a rank adds its left neighbour's copy of one segment to
// its own, then NR - 1 allgather rounds, in which it copies the left
// neighbour's reduced segment. Round s uses row s of the [2 * (NR - 1), NR]
// signal; each piece of at most 16 KiB of a segment is framed by a ready
// barrier (generation 2c + 1) and a read barrier (2c + 2) before its store,
// and the epilogue takes 2 * pieces credits back from every row.
absl::StatusOr<ExprPtr> RingAllReduce(Emitter& e, const Expr& call, absl::string_view reduce_op) {
  RETURN_IF_ERROR(CheckWindow(e, call, "target"));
  RETURN_IF_ERROR(CheckWindow(e, call, "signal"));
  const Expr& target = Arg(call, "target");
  const Expr& signal = Arg(call, "signal");
  const Type& st = signal.type;
  const int64_t nr = st.shape().size() == 2 ? st.shape()[1].value : 0;
  if (nr < 2 || st.shape()[0].value != 2 * (nr - 1) || st.dtype() != DType::kINT32) {
    return Unsupported(e, call,
                       absl::StrCat("mode=\"ring\" needs a [2 * (NR - 1), NR] INT32 signal "
                                    "(one row per round), got ",
                                    TypeToString(st)));
  }
  const std::vector<int64_t> shape = StaticShape(target.type);
  for (size_t i = 0; i + 1 < shape.size(); ++i) {
    if (shape[i] != 1) {
      return Unsupported(e, call,
                         absl::StrCat("ptoc lowers mode=\"ring\" only on a single row "
                                      "([1, SIZE]), got ",
                                      TypeToString(target.type)));
    }
  }
  const int64_t size = shape.back();
  if (size % nr != 0) {
    return Unsupported(e, call,
                       absl::StrCat("ptoc lowers mode=\"ring\" only when the ", size,
                                    " elements split evenly among the signal's ", nr, " ranks"));
  }
  const int64_t segment = size / nr;
  const int64_t bytes = DTypeBytes(target.type.dtype());
  // PyPTO moves the boundaries of narrower elements to 32 bytes, so that
  // every transfer starts aligned; ptoc keeps equal segments instead.
  if (bytes < 4 && segment * bytes % 32 != 0) {
    return Unsupported(e, call,
                       absl::StrCat("ptoc lowers mode=\"ring\" of ", DTypeName(target.type.dtype()),
                                    " only when each rank's segment (", segment,
                                    " elements) starts 32-byte aligned"));
  }
  const int64_t piece = kChunkBytes / bytes;
  const int64_t pieces = (segment + piece - 1) / piece;
  ASSIGN_OR_RETURN(Comm comm, EmitCommSetup(e, target));
  auto ring_index = [&](Emitter& at, Var* step, int64_t back) {
    // (me + NR - step - back) % NR: never negative, as step < NR - 1.
    return at.Binary(
        BinaryOp::kMod,
        at.Binary(
            BinaryOp::kSub, at.Binary(BinaryOp::kAdd, at.Ref(comm.me), at.Ref(comm.nranks)),
            step != nullptr ? at.Binary(BinaryOp::kAdd, at.Ref(step), at.Int(back)) : at.Int(back)),
        at.Ref(comm.nranks));
  };
  Var* left = e.Bind("left", ring_index(e, nullptr, 1));
  auto piece_shape = [&](int64_t cols) {
    std::vector<int64_t> dims(shape.size(), 1);
    dims.back() = cols;
    return dims;
  };
  // One round on signal row `row`: for each piece of segment `index`, ready
  // barrier, `read` (the tile to store), read barrier, store.
  using Read = std::function<absl::StatusOr<Var*>(Emitter&, const Expr& offsets, int64_t cols)>;
  auto round = [&](Emitter& at, Var* row, Var* index, const Read& read) -> absl::Status {
    ExprPtr row_ref = at.Ref(row);
    for (int64_t c = 0; c < pieces; ++c) {
      const int64_t cols = std::min(piece, segment - c * piece);
      std::vector<ExprPtr> offsets;
      for (size_t i = 0; i + 1 < shape.size(); ++i) offsets.push_back(at.Int(0));
      ExprPtr start = at.Binary(BinaryOp::kMul, at.Ref(index), at.Int(segment));
      if (c > 0) start = at.Binary(BinaryOp::kAdd, std::move(start), at.Int(c * piece));
      offsets.push_back(std::move(start));
      ExprPtr at_offsets = at.List(std::move(offsets));
      RETURN_IF_ERROR(EmitBarrier(at, comm, signal, at.Int(2 * c + 1), row_ref.get()));
      ASSIGN_OR_RETURN(Var * value, read(at, *at_offsets, cols));
      RETURN_IF_ERROR(EmitBarrier(at, comm, signal, at.Int(2 * c + 2), row_ref.get()));
      RETURN_IF_ERROR(
          at.EvalOp("tile.store", Args(at.Ref(value), Clone(*at_offsets), Clone(target))));
    }
    return absl::OkStatus();
  };
  auto rounds = [&](Emitter& at) {
    return at.Binary(BinaryOp::kSub, at.Ref(comm.nranks), at.Int(1));
  };
  // Reduce-scatter round s adds the left copy of segment (me - s - 2) % NR.
  RETURN_IF_ERROR(e.For("rs_step", rounds(e), [&](Emitter& loop, Var* step) {
    Var* index = loop.Bind("rs_segment", ring_index(loop, step, 2));
    return round(loop, step, index,
                 [&](Emitter& at, const Expr& offsets, int64_t cols) -> absl::StatusOr<Var*> {
                   ASSIGN_OR_RETURN(Var * recv,
                                    at.BindOp("recv", "pld.tile.remote_load",
                                              Args(Clone(target), at.Ref(left), Clone(offsets),
                                                   at.Ints(piece_shape(cols)))));
                   ASSIGN_OR_RETURN(Var * acc, at.BindOp("acc", "tile.load",
                                                         Args(Clone(target), Clone(offsets),
                                                              at.Ints(piece_shape(cols)))));
                   return at.BindOp("acc", reduce_op, Args(at.Ref(acc), at.Ref(recv)));
                 });
  }));
  // Allgather round s (signal row NR - 1 + s) copies the left neighbour's
  // segment (me - s - 1) % NR.
  RETURN_IF_ERROR(e.For("ag_step", rounds(e), [&](Emitter& loop, Var* step) {
    Var* row = loop.Bind("ag_row", loop.Binary(BinaryOp::kAdd, loop.Ref(step), rounds(loop)));
    Var* index = loop.Bind("ag_segment", ring_index(loop, step, 1));
    return round(loop, row, index, [&](Emitter& at, const Expr& offsets, int64_t cols) {
      return at.BindOp(
          "recv", "pld.tile.remote_load",
          Args(Clone(target), at.Ref(left), Clone(offsets), at.Ints(piece_shape(cols))));
    });
  }));
  RETURN_IF_ERROR(e.For("reset_row", e.Int(2 * (nr - 1)), [&](Emitter& loop, Var* row) {
    return EmitCreditReset(loop, comm, signal, 2 * pieces, loop.Ref(row).get());
  }));
  return Clone(target);
}

}  // namespace

absl::StatusOr<ExprPtr> AllReduce(Emitter& e, const Expr& call) {
  if (call.args.size() < 2) {
    return Unsupported(e, call,
                       "a kernel's allreduce needs an explicit signal (PyPTO makes one "
                       "only in a host orchestrator): pld.tensor.allreduce(target, "
                       "signal, op=...)");
  }
  if (const Expr* cores = call.FindAttr("core_num");
      cores != nullptr && !(cores->kind == ExprKind::kInt && cores->int_value == 1)) {
    return Unsupported(e, call,
                       "core_num > 1 is PyPTO's host-orchestrator form; a kernel "
                       "reduces on one core");
  }
  ASSIGN_OR_RETURN(std::string reduce_op, ReduceTileOp(e, call));
  if (const Expr* mode = call.FindAttr("mode"); mode != nullptr && mode->str == "ring") {
    return RingAllReduce(e, call, reduce_op);
  } else if (mode != nullptr && mode->str != "mesh") {
    return Unsupported(e, call,
                       absl::StrCat("mode must be \"ring\" or \"mesh\", got \"", mode->str, "\""));
  }
  const Expr& target = Arg(call, "target");
  const Expr& signal = Arg(call, "signal");
  if (!target.type.is_distributed() || !target.type.has_static_shape()) {
    RETURN_IF_ERROR(CheckWindow(e, call, "target"));
  }
  RETURN_IF_ERROR(CheckSignal(e, call));
  ASSIGN_OR_RETURN(const std::vector<int64_t> shape, ReducedBox(e, call, target.type));
  ASSIGN_OR_RETURN(Chunking chunks, PlanChunks(e, call, target.type, shape));

  ASSIGN_OR_RETURN(Comm comm, EmitCommSetup(e, target));
  RETURN_IF_ERROR(EmitBarrier(e, comm, signal, e.Int(1)));
  if (chunks.axis < 0) {
    RETURN_IF_ERROR(ReduceBlock(e, comm, target, signal,
                                *e.Ints(std::vector<int64_t>(shape.size())), shape, reduce_op,
                                e.Int(2)));
    RETURN_IF_ERROR(EmitCreditReset(e, comm, signal, 2));
    return Clone(target);
  }
  // Chunk k's barrier is generation k + 2 (the ready barrier is 1).
  auto offsets_at = [&](Emitter& at, ExprPtr start) {
    std::vector<ExprPtr> offsets;
    offsets.push_back(chunks.axis == 0 ? std::move(start) : at.Int(0));
    offsets.push_back(chunks.axis == 1 ? std::move(start) : at.Int(0));
    return at.List(std::move(offsets));
  };
  std::vector<int64_t> chunk = shape;
  chunk[chunks.axis] = chunks.per;
  if (chunks.full > 0) {
    RETURN_IF_ERROR(e.For("chunk", e.Int(chunks.full), [&](Emitter& loop, Var* k) {
      ExprPtr offsets =
          offsets_at(loop, loop.Binary(BinaryOp::kMul, loop.Ref(k), loop.Int(chunks.per)));
      return ReduceBlock(loop, comm, target, signal, *offsets, chunk, reduce_op,
                         loop.Binary(BinaryOp::kAdd, loop.Ref(k), loop.Int(2)));
    }));
  }
  int64_t barriers = 1 + chunks.full;
  if (chunks.tail > 0) {
    chunk[chunks.axis] = chunks.tail;
    ++barriers;
    RETURN_IF_ERROR(ReduceBlock(e, comm, target, signal,
                                *offsets_at(e, e.Int(chunks.full * chunks.per)), chunk, reduce_op,
                                e.Int(barriers)));
  }
  RETURN_IF_ERROR(EmitCreditReset(e, comm, signal, barriers));
  return Clone(target);
}

absl::StatusOr<ExprPtr> ReduceScatter(Emitter& e, const Expr& call) {
  RETURN_IF_ERROR(CheckRows(e, call, "target"));
  RETURN_IF_ERROR(CheckSignal(e, call));
  // The op's result rule already refuses any op but Sum.
  const Expr& target = Arg(call, "target");
  const Expr& signal = Arg(call, "signal");
  ASSIGN_OR_RETURN(Comm comm, EmitCommSetup(e, target));
  RETURN_IF_ERROR(EmitBarrier(e, comm, signal, e.Int(1)));
  std::vector<ExprPtr> offsets;
  offsets.push_back(e.Ref(comm.me));
  offsets.push_back(e.Int(0));
  RETURN_IF_ERROR(ReduceBlock(e, comm, target, signal, *e.List(std::move(offsets)),
                              {1, target.type.shape()[1].value}, "tile.add", e.Int(2)));
  RETURN_IF_ERROR(EmitCreditReset(e, comm, signal, 2));
  return Clone(target);
}

}  // namespace ptoc::composite
