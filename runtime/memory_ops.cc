// GM accesses of the interpreter: DMA loads and stores, scalar accesses
// through the data cache, remote and copy ops, and the markers.
#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/status_macros.h"
#include "runtime/interpreter.h"
#include "runtime/tile_ops.h"

namespace ptoc {
namespace sim {
namespace {

bool AtomicAdd(const Expr& call) {
  const Expr* a = AttrOrDefault(call, "atomic");
  return a != nullptr && a->str == "add";
}

// The part of a tile of type `t` and box `box` a DMA moves: the static dims
// of its valid shape (MovedExtent), the box's elsewhere.
std::vector<int64_t> MovedPart(const Type& t, const std::vector<int64_t>& box) {
  std::vector<int64_t> moved = box;
  const Shape extent = t.is_tile() ? MovedExtent(t) : Shape();
  if (extent.size() != box.size()) return moved;
  for (size_t i = 0; i < box.size(); ++i) {
    if (extent[i].is_static()) moved[i] = std::min(extent[i].value, box[i]);
  }
  return moved;
}

// Where in a tile of box `box` the k-th element (row-major) of its leading
// part `moved` lives.
int64_t BoxIndex(int64_t k, const std::vector<int64_t>& moved, const std::vector<int64_t>& box) {
  if (moved.empty() || moved == box) return k;
  int64_t index = 0;
  int64_t stride = 1;
  for (size_t d = moved.size(); d-- > 0;) {
    index += (k % moved[d]) * stride;
    k /= moved[d];
    stride *= box[d];
  }
  return index;
}

}  // namespace

std::shared_ptr<TileData> Interpreter::LoadRegion(const std::vector<Run>& runs, DType dtype,
                                                  const Type& type,
                                                  std::vector<int64_t> shape,
                                                  const std::vector<int64_t>& moved) {
  const std::vector<int64_t> box = shape;
  std::shared_ptr<TileData> tile = NewTile(type, std::move(shape));
  const int esize = DTypeBytes(dtype);
  std::vector<uint8_t> bytes;
  int64_t k = 0;
  for (const Run& r : runs) {
    bytes.resize(r.elements * esize);
    checker_.Read(ReadPath::kDma, r.addr, static_cast<int>(bytes.size()), bytes.data());
    for (int64_t i = 0; i < r.elements; ++i, ++k) {
      const int64_t at = BoxIndex(k, moved, box);
      if (at >= static_cast<int64_t>(tile->data.size())) break;
      tile->data[at] = RoundToDType(DecodeElement(&bytes[i * esize], dtype), tile->dtype);
    }
  }
  return tile;
}

void Interpreter::StoreRegion(LaneState& l, const std::vector<Run>& runs, int alloc,
                              const TileData& tile, bool atomic_add,
                              const std::vector<int64_t>& moved) {
  const Allocation& a = w_.machine.allocation(alloc);
  const int esize = DTypeBytes(a.dtype);
  uint32_t wid = checker_.NewWrite(WriteKind::kDma, atomic_add, alloc);
  PendingWrite write;
  write.atomic_add = atomic_add;
  write.dtype = a.dtype;
  int64_t k = 0;
  for (const Run& r : runs) {
    Segment seg{r.addr, std::vector<uint8_t>(r.elements * esize), wid};
    for (int64_t i = 0; i < r.elements; ++i, ++k) {
      const int64_t at = BoxIndex(k, moved, tile.shape);
      if (at >= static_cast<int64_t>(tile.data.size())) break;
      EncodeElement(tile.data[at], a.dtype, &seg.data[i * esize]);
    }
    checker_.NoteWrite(wid, seg.addr, static_cast<int>(seg.data.size()));
    write.segments.push_back(std::move(seg));
  }
  w_.machine.IssueDmaWrite(l.id, std::move(write));
}

Interpreter::OpResult Interpreter::TileLoad(LaneState& l, const Expr& call) {
  ASSIGN_OR_RETURN(int alloc, EvalTensor(l, *call.args[0]));
  ASSIGN_OR_RETURN(std::vector<int64_t> offsets, EvalInts(l, *call.args[1]));
  ASSIGN_OR_RETURN(std::vector<int64_t> shape, EvalInts(l, *call.args[2]));
  const std::vector<int64_t> moved = MovedPart(call.type, shape);
  auto runs = Region(l, alloc, offsets, moved, call.loc, "tile.load");
  if (!runs) return Value::Tile(NewTile(call.type, shape));
  return Value::Tile(
      LoadRegion(*runs, w_.machine.allocation(alloc).dtype, call.type, shape, moved));
}

Interpreter::OpResult Interpreter::Mgather(LaneState& l, const Expr& call,
                                           const codegen::CallLowering& plan) {
  ASSIGN_OR_RETURN(int alloc, EvalTensor(l, *call.args[0]));
  ASSIGN_OR_RETURN(Value idx, Eval(l, *call.args[1]));
  if (idx.kind != Value::Kind::kTile) return absl::InvalidArgumentError("expected a tile");
  const Allocation& a = w_.machine.allocation(alloc);
  const std::vector<int64_t> dims = a.shape;
  auto runs = Region(l, alloc, std::vector<int64_t>(dims.size(), 0), dims, call.loc,
                     "tile.mgather");
  std::vector<int64_t> shape;
  for (const Dim& d : call.type.shape()) shape.push_back(d.value);  // static (lowering.cc)
  std::shared_ptr<TileData> out = NewTile(call.type, shape);
  if (!runs) return Value::Tile(out);
  // The whole table, row-major; a row is its last dim.
  std::vector<int64_t> flat = {1};
  for (int64_t d : dims) flat[0] *= d;
  const std::shared_ptr<TileData> table = LoadRegion(*runs, a.dtype, call.type, flat);
  const int64_t row = plan.gather_elem ? 1 : dims.back();
  const int64_t cap = flat[0] / row;  // rows (row mode) or elements
  const int64_t cols = out->shape[1];
  for (int64_t i = 0; i < out->NumElements(); ++i) {
    // The index of the row (row mode: idx[0, r]) or of the element.
    const int64_t k = plan.gather_elem ? i : i / cols;
    int64_t at = static_cast<uint32_t>(static_cast<int64_t>(idx.tile->data[k]));
    if (at >= cap) {
      switch (plan.gather_oob) {
        case 1: at = cap - 1; break;
        case 2: at %= cap; break;
        case 3: out->data[i] = 0; continue;
        default:
          return absl::OutOfRangeError(absl::StrCat(
              "tile.mgather index ", at, " is outside the table's ", cap,
              plan.gather_elem ? " elements" : " rows", " (gather_oob undefined)"));
      }
    }
    out->data[i] = table->data[at * row + (plan.gather_elem ? 0 : i % cols)];
  }
  return Value::Tile(out);
}

Interpreter::OpResult Interpreter::TileStore(LaneState& l, const Expr& call) {
  ASSIGN_OR_RETURN(Value tile, Eval(l, *call.args[0]));
  if (tile.kind != Value::Kind::kTile) return absl::InvalidArgumentError("expected a tile");
  ASSIGN_OR_RETURN(std::vector<int64_t> offsets, EvalInts(l, *call.args[1]));
  ASSIGN_OR_RETURN(int alloc, EvalTensor(l, *call.args[2]));
  std::vector<int64_t> moved = MovedPart(call.args[0]->type, tile.tile->shape);
  // A run-time valid dim of the type: the tile's own (tile.set_validshape
  // records the evaluated one), as the device's TSTORE moves only that.
  const Shape& type_valid = call.args[0]->type.view().valid_shape;
  const Shape& own = tile.tile->view.valid_shape;
  for (size_t i = 0; i < moved.size() && i < own.size() && i < type_valid.size(); ++i) {
    if (!type_valid[i].is_static() && own[i].is_static()) {
      moved[i] = std::min(moved[i], own[i].value);
    }
  }
  // A 2-D tile stored into an N-D region (`shapes`, the fourth argument:
  // PyPTO's FlattenTileNdTo2D form): the region's leading dims fold into
  // the tile's rows.
  const TileData* data = tile.tile.get();
  std::shared_ptr<TileData> unfolded;
  if (call.args.size() > 3 && call.args[3]->args.size() > 2 && data->shape.size() == 2) {
    ASSIGN_OR_RETURN(std::vector<int64_t> region, EvalInts(l, *call.args[3]));
    int64_t rows = 1;
    for (size_t i = 0; i + 1 < region.size(); ++i) rows *= region[i];
    const bool whole = moved == data->shape;
    const bool leading_ones = region.size() >= 2 &&
                              std::all_of(region.begin(), region.end() - 2,
                                          [](int64_t d) { return d == 1; });
    // Code generation places the tile in the region's last two dims (the
    // others 1), the form lower-batch-matmul writes; no other is run.
    if (!leading_ones || rows != data->shape[0] || region.back() != data->shape[1]) {
      return absl::InvalidArgumentError(absl::StrCat(
          "tile.store of a [", absl::StrJoin(data->shape, ", "), "] tile into the region [",
          absl::StrJoin(region, ", "), "]"));
    }
    unfolded = std::make_shared<TileData>(*data);
    unfolded->shape = region;
    if (!whole) {
      moved.insert(moved.begin(), region.size() - 2, 1);
    } else {
      moved = region;
    }
    data = unfolded.get();
  }
  auto runs = Region(l, alloc, offsets, moved, call.loc, "tile.store");
  if (runs) StoreRegion(l, *runs, alloc, *data, AtomicAdd(call), moved);
  return Value::Tensor(alloc);
}

Interpreter::OpResult Interpreter::TensorRead(LaneState& l, const Expr& call) {
  ASSIGN_OR_RETURN(int alloc, EvalTensor(l, *call.args[0]));
  ASSIGN_OR_RETURN(std::vector<int64_t> index, EvalInts(l, *call.args[1]));
  const Allocation& a = w_.machine.allocation(alloc);
  auto runs = Region(l, alloc, index, std::vector<int64_t>(index.size(), 1), call.loc,
                     "tensor.read");
  if (!runs || runs->empty()) return IsFloatDType(a.dtype) ? Value::Float(0) : Value::Int(0);
  uint8_t bytes[8];
  checker_.Read(ReadPath::kCache, runs->front().addr, DTypeBytes(a.dtype), bytes);
  if (IsFloatDType(a.dtype)) return Value::Float(DecodeElement(bytes, a.dtype));
  if (a.dtype == DType::kBOOL) return Value::Bool(bytes[0] != 0);
  return Value::Int(DecodeInt(bytes, a.dtype));
}

Interpreter::OpResult Interpreter::TensorWrite(LaneState& l, const Expr& call) {
  ASSIGN_OR_RETURN(int alloc, EvalTensor(l, *call.args[0]));
  ASSIGN_OR_RETURN(std::vector<int64_t> index, EvalInts(l, *call.args[1]));
  ASSIGN_OR_RETURN(Value value, Eval(l, *call.args[2]));
  if (!value.is_number()) return absl::InvalidArgumentError("tensor.write of a non-scalar");
  const Allocation& a = w_.machine.allocation(alloc);
  auto runs = Region(l, alloc, index, std::vector<int64_t>(index.size(), 1), call.loc,
                     "tensor.write");
  if (!runs || runs->empty()) return Value();
  uint8_t bytes[8];
  if (IsFloatDType(a.dtype)) {
    EncodeElement(value.AsDouble(), a.dtype, bytes);
  } else {
    EncodeInt(value.AsInt(), a.dtype, bytes);
  }
  const int esize = DTypeBytes(a.dtype);
  uint32_t wid = checker_.NewWrite(WriteKind::kScalar, false, alloc);
  checker_.NoteWrite(wid, runs->front().addr, esize);
  w_.machine.IssueScalarWrite(l.id, wid, runs->front().addr, bytes, esize);
  return Value();
}

Interpreter::OpResult Interpreter::RemoteLoad(LaneState& l, const Expr& call) {
  ASSIGN_OR_RETURN(int target, EvalTensor(l, *call.args[0]));
  ASSIGN_OR_RETURN(Value peer, Eval(l, *call.args[1]));
  ASSIGN_OR_RETURN(std::vector<int64_t> offsets, EvalInts(l, *call.args[2]));
  ASSIGN_OR_RETURN(std::vector<int64_t> shape, EvalInts(l, *call.args[3]));
  int remote = PeerAllocation(l, target, peer.AsInt(), call.loc);
  if (remote < 0) return Value::Tile(NewTile(call.type, shape));
  const std::vector<int64_t> moved = MovedPart(call.type, shape);
  auto runs = Region(l, remote, offsets, moved, call.loc, "pld.tile.remote_load");
  if (!runs) return Value::Tile(NewTile(call.type, shape));
  return Value::Tile(
      LoadRegion(*runs, w_.machine.allocation(remote).dtype, call.type, shape, moved));
}

Interpreter::OpResult Interpreter::RemoteStore(LaneState& l, const Expr& call) {
  ASSIGN_OR_RETURN(Value tile, Eval(l, *call.args[0]));
  if (tile.kind != Value::Kind::kTile) return absl::InvalidArgumentError("expected a tile");
  ASSIGN_OR_RETURN(int target, EvalTensor(l, *call.args[1]));
  ASSIGN_OR_RETURN(Value peer, Eval(l, *call.args[2]));
  ASSIGN_OR_RETURN(std::vector<int64_t> offsets, EvalInts(l, *call.args[3]));
  int remote = PeerAllocation(l, target, peer.AsInt(), call.loc);
  if (remote < 0) return Value();
  const std::vector<int64_t> moved = MovedPart(call.args[0]->type, tile.tile->shape);
  auto runs = Region(l, remote, offsets, moved, call.loc, "pld.tile.remote_store");
  if (!runs) return Value();
  StoreRegion(l, *runs, remote, *tile.tile, AtomicAdd(call), moved);
  if (!l.code->implicit_peer_invalidates) return Value();
  // The peer-region invalidate the code generator emits after the store.
  const int esize = DTypeBytes(w_.machine.allocation(remote).dtype);
  for (const Run& r : *runs) w_.machine.InvalidateRange(l.id, r.addr, r.elements * esize);
  return Value();
}

void Interpreter::CopyTensor(LaneState& l, int src, int dst, bool atomic_add) {
  const Allocation& from = w_.machine.allocation(src);
  const Allocation& to = w_.machine.allocation(dst);
  const int src_size = DTypeBytes(from.dtype);
  const int dst_size = DTypeBytes(to.dtype);
  std::vector<uint8_t> in(from.bytes);
  checker_.Read(ReadPath::kDma, from.base, static_cast<int>(in.size()), in.data());
  uint32_t wid = checker_.NewWrite(WriteKind::kCopy, atomic_add, dst);
  Segment seg{to.base, std::vector<uint8_t>(to.bytes), wid};
  for (int64_t i = 0; i < to.elements; ++i) {
    EncodeElement(DecodeElement(&in[i * src_size], from.dtype), to.dtype,
                  &seg.data[i * dst_size]);
  }
  checker_.NoteWrite(wid, seg.addr, static_cast<int>(seg.data.size()));
  PendingWrite write;
  write.atomic_add = atomic_add;
  write.dtype = to.dtype;
  write.segments.push_back(std::move(seg));
  w_.machine.CommitNow(l.id, write);
}

// A subregion put / get (dst_offsets, src_offsets, shape): the region of
// `src` copied into the one of `dst`, row by row. False when either is out
// of bounds (reported); `dst_runs` gets the written runs.
absl::StatusOr<bool> Interpreter::CopyRegion(LaneState& l, const Expr& call, int src, int dst,
                                             bool atomic_add, std::vector<Run>* dst_runs) {
  ASSIGN_OR_RETURN(std::vector<int64_t> dst_offsets, EvalInts(l, *call.args[3]));
  ASSIGN_OR_RETURN(std::vector<int64_t> src_offsets, EvalInts(l, *call.args[4]));
  ASSIGN_OR_RETURN(std::vector<int64_t> shape, EvalInts(l, *call.args[5]));
  auto from = Region(l, src, src_offsets, shape, call.loc, call.str);
  auto to = Region(l, dst, dst_offsets, shape, call.loc, call.str);
  if (!from || !to) return false;
  const DType dtype = w_.machine.allocation(dst).dtype;
  const int esize = DTypeBytes(dtype);
  uint32_t wid = checker_.NewWrite(WriteKind::kCopy, atomic_add, dst);
  PendingWrite write;
  write.atomic_add = atomic_add;
  write.dtype = dtype;
  // Both regions have `shape`: their runs are the same rows.
  for (size_t i = 0; i < from->size() && i < to->size(); ++i) {
    Segment seg{(*to)[i].addr, std::vector<uint8_t>((*to)[i].elements * esize), wid};
    checker_.Read(ReadPath::kDma, (*from)[i].addr, static_cast<int>(seg.data.size()),
                  seg.data.data());
    checker_.NoteWrite(wid, seg.addr, static_cast<int>(seg.data.size()));
    write.segments.push_back(std::move(seg));
  }
  w_.machine.CommitNow(l.id, write);
  *dst_runs = *std::move(to);
  return true;
}

Interpreter::OpResult Interpreter::Put(LaneState& l, const Expr& call) {
  ASSIGN_OR_RETURN(int dst, EvalTensor(l, *call.args[0]));
  ASSIGN_OR_RETURN(Value peer, Eval(l, *call.args[1]));
  ASSIGN_OR_RETURN(int src, EvalTensor(l, *call.args[2]));
  int remote = PeerAllocation(l, dst, peer.AsInt(), call.loc);
  if (remote < 0) return Value();
  if (call.args.size() == 6) {
    std::vector<Run> written;
    ASSIGN_OR_RETURN(bool copied, CopyRegion(l, call, src, remote, AtomicAdd(call), &written));
    if (!copied || !l.code->implicit_peer_invalidates) return Value();
    // The peer-region invalidate the code generator emits after the put.
    const int esize = DTypeBytes(w_.machine.allocation(remote).dtype);
    for (const Run& r : written) w_.machine.InvalidateRange(l.id, r.addr, r.elements * esize);
    return Value();
  }
  const Allocation& to = w_.machine.allocation(remote);
  const Allocation& from = w_.machine.allocation(src);
  if (to.elements != from.elements) {
    Protocol(l, call.loc, absl::StrCat("out-of-bounds GM access: put copies the ",
                                       from.elements, " elements of '", from.name,
                                       "' into the ", to.elements, " of '", to.name, "'"));
    return Value();
  }
  CopyTensor(l, src, remote, AtomicAdd(call));
  // The peer-region invalidate the code generator emits after the put.
  if (l.code->implicit_peer_invalidates) w_.machine.InvalidateRange(l.id, to.base, to.bytes);
  return Value();
}

Interpreter::OpResult Interpreter::Get(LaneState& l, const Expr& call) {
  ASSIGN_OR_RETURN(int dst, EvalTensor(l, *call.args[0]));
  ASSIGN_OR_RETURN(Value peer, Eval(l, *call.args[1]));
  ASSIGN_OR_RETURN(int src, EvalTensor(l, *call.args[2]));
  int remote = PeerAllocation(l, src, peer.AsInt(), call.loc);
  if (remote < 0) return Value();
  if (call.args.size() == 6) {
    std::vector<Run> written;
    RETURN_IF_ERROR(CopyRegion(l, call, remote, dst, false, &written).status());
    return Value();
  }
  const Allocation& to = w_.machine.allocation(dst);
  const Allocation& from = w_.machine.allocation(remote);
  if (to.elements != from.elements) {
    Protocol(l, call.loc, absl::StrCat("out-of-bounds GM access: get copies the ",
                                       from.elements, " elements of '", from.name,
                                       "' into the ", to.elements, " of '", to.name, "'"));
    return Value();
  }
  CopyTensor(l, remote, dst, false);
  return Value();
}

Interpreter::OpResult Interpreter::CacheInvalidate(LaneState& l, const Expr& call) {
  if (call.args.empty()) {
    w_.machine.InvalidateAll(l.id);
    return Value();
  }
  ASSIGN_OR_RETURN(int alloc, EvalTensor(l, *call.args[0]));
  ASSIGN_OR_RETURN(std::vector<int64_t> shape, EvalInts(l, *call.args[1]));
  ASSIGN_OR_RETURN(std::vector<int64_t> offsets, EvalInts(l, *call.args[2]));
  if (const Expr* peer = PeerOf(call)) {
    // The region in rank `peer`'s copy of the window (comm-hazards.md H6).
    ASSIGN_OR_RETURN(Value rank, Eval(l, *peer));
    alloc = PeerAllocation(l, alloc, rank.AsInt(), call.loc);
    if (alloc < 0) return Value();
  }
  auto runs = Region(l, alloc, offsets, shape, call.loc, "system.cacheinvalid");
  if (!runs) return Value();
  const int esize = DTypeBytes(w_.machine.allocation(alloc).dtype);
  for (const Run& r : *runs) w_.machine.InvalidateRange(l.id, r.addr, r.elements * esize);
  return Value();
}

}  // namespace sim
}  // namespace ptoc
