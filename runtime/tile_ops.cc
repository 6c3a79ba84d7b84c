#include "runtime/tile_ops.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codegen/lowering_ops5.h"
#include "codegen/op_lowering.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "runtime/mask_ops.h"

namespace ptoc {
namespace sim {
namespace {

using TileResult = absl::StatusOr<std::shared_ptr<const TileData>>;

// The compute ops by name (the element-wise ones are rows of
// ir/tile_elementwise.def).
constexpr char kMove[] = "tile.move";
constexpr char kCreate[] = "tile.create";

std::string ShapeText(const std::vector<int64_t>& shape) {
  return absl::StrCat("[", absl::StrJoin(shape, ", "), "]");
}

absl::Status NeedTiles(const Expr& call, const std::vector<Value>& args, size_t n) {
  if (args.size() < n) {
    return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' needs ", n, " arguments"));
  }
  for (size_t i = 0; i < n; ++i) {
    if (args[i].kind != Value::Kind::kTile) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", call.str, "': argument ", i + 1, " is not a tile"));
    }
  }
  return absl::OkStatus();
}

// The result's element type: the call's type when it is a tile, else the
// first operand's.
DType ResultDType(const Expr& call, const TileData& first) {
  return call.type.is_tile() ? call.type.dtype() : first.dtype;
}

std::shared_ptr<TileData> Like(const Expr& call, const TileData& src) {
  auto t = std::make_shared<TileData>();
  t->shape = src.shape;
  t->dtype = ResultDType(call, src);
  t->memory = call.type.is_tile() ? call.type.memory() : src.memory;
  t->view = call.type.is_tile() ? call.type.view() : src.view;
  t->data.resize(src.data.size());
  return t;
}

// lhs x rhs, added to `acc` when there is one (tile.matmul_acc), plus the
// [1, N] `bias` row in every row when there is one (tile.matmul_bias).
TileResult Matmul(const Expr& call, const TileData& lhs, const TileData& rhs,
                  const TileData* acc = nullptr, const TileData* bias = nullptr) {
  if (lhs.shape.size() != 2 || rhs.shape.size() != 2 || lhs.shape[1] != rhs.shape[0]) {
    return absl::InvalidArgumentError(absl::StrCat("'tile.matmul' of ", ShapeText(lhs.shape),
                                                   " by ", ShapeText(rhs.shape)));
  }
  int64_t m = lhs.shape[0], k = lhs.shape[1], n = rhs.shape[1];
  if (acc != nullptr && acc->shape != std::vector<int64_t>{m, n}) {
    return absl::InvalidArgumentError(absl::StrCat("'tile.matmul_acc' of ", ShapeText(lhs.shape),
                                                   " by ", ShapeText(rhs.shape), " into ",
                                                   ShapeText(acc->shape)));
  }
  if (bias != nullptr && bias->data.size() != static_cast<size_t>(n)) {
    return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' with a bias of ",
                                                   ShapeText(bias->shape), " for ", n,
                                                   " columns"));
  }
  auto out = std::make_shared<TileData>();
  out->shape = {m, n};
  out->dtype = call.type.is_tile() ? call.type.dtype() : DType::kFP32;
  out->memory = MemorySpace::kAcc;
  out->view = call.type.is_tile() ? call.type.view() : ImplicitView(MemorySpace::kAcc);
  out->data.resize(m * n);
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      // The cube accumulates in fp32.
      float sum = acc != nullptr    ? static_cast<float>(acc->data[i * n + j])
                  : bias != nullptr ? static_cast<float>(bias->data[j])
                                    : 0;
      for (int64_t x = 0; x < k; ++x) {
        sum += static_cast<float>(lhs.data[i * k + x]) * static_cast<float>(rhs.data[x * n + j]);
      }
      out->data[i * n + j] = sum;
    }
  }
  return std::shared_ptr<const TileData>(out);
}

}  // namespace

absl::StatusOr<std::vector<double>> ReduceBlock(absl::string_view instruction,
                                                const std::vector<double>& in, int64_t rows,
                                                int64_t cols) {
  const bool by_row = absl::StartsWith(instruction, "TROW");
  const absl::string_view kind = instruction.substr(std::min<size_t>(4, instruction.size()));
  if ((!by_row && !absl::StartsWith(instruction, "TCOL")) ||
      (kind != "SUM" && kind != "MAX" && kind != "MIN" && kind != "PROD" &&
       kind != "ARGMAX" && kind != "ARGMIN")) {
    return absl::InvalidArgumentError(absl::StrCat("no reduction ", instruction));
  }
  const int64_t outer = by_row ? rows : cols, inner = by_row ? cols : rows;
  if (kind == "ARGMAX" || kind == "ARGMIN") {
    // The index of the first greatest (least) element, as pto-isa's CPU
    // simulation compares: strictly.
    std::vector<double> out(outer);
    for (int64_t o = 0; o < outer; ++o) {
      int64_t best = 0;
      double v = in[by_row ? o * cols : o];
      for (int64_t i = 1; i < inner; ++i) {
        const double x = in[by_row ? o * cols + i : i * cols + o];
        if (kind == "ARGMAX" ? x > v : x < v) v = x, best = i;
      }
      out[o] = static_cast<double>(best);
    }
    return out;
  }
  auto combine = [kind](double acc, double x) {
    if (kind == "SUM") return acc + x;
    if (kind == "PROD") return acc * x;
    return kind == "MAX" ? std::max(acc, x) : std::min(acc, x);
  };
  std::vector<double> out(outer);
  for (int64_t o = 0; o < outer; ++o) {
    double acc = in[by_row ? o * cols : o];
    for (int64_t i = 1; i < inner; ++i) acc = combine(acc, in[by_row ? o * cols + i : i * cols + o]);
    out[o] = acc;
  }
  return out;
}

absl::StatusOr<std::vector<double>> ExpandBlock(absl::string_view instruction,
                                                const std::vector<double>& in,
                                                const std::vector<double>& vec, int64_t rows,
                                                int64_t cols) {
  const bool by_row = absl::StartsWith(instruction, "TROWEXPAND");
  if (!by_row && !absl::StartsWith(instruction, "TCOLEXPAND")) {
    return absl::InvalidArgumentError(absl::StrCat("no expand ", instruction));
  }
  const absl::string_view kind = instruction.substr(10);  // "", ADD, ..., EXPDIF
  double (*combine)(double, double) = nullptr;
  if (kind.empty()) {
    combine = [](double, double v) { return v; };
  } else if (kind == "ADD") {
    combine = [](double a, double v) { return a + v; };
  } else if (kind == "SUB") {
    combine = [](double a, double v) { return a - v; };
  } else if (kind == "MUL") {
    combine = [](double a, double v) { return a * v; };
  } else if (kind == "DIV") {
    combine = [](double a, double v) { return a / v; };
  } else if (kind == "MAX") {
    combine = [](double a, double v) { return std::max(a, v); };
  } else if (kind == "MIN") {
    combine = [](double a, double v) { return std::min(a, v); };
  } else if (kind == "EXPDIF") {
    combine = [](double a, double v) { return std::exp(a - v); };
  } else {
    return absl::InvalidArgumentError(absl::StrCat("no expand ", instruction));
  }
  // A per-row vector may be pto-isa's block tile: k elements a row, of
  // which element c % k is read (lowering_ops4.h).
  const int64_t k = by_row && rows > 0 && !kind.empty() &&
                            static_cast<int64_t>(vec.size()) % rows == 0
                        ? std::max<int64_t>(1, static_cast<int64_t>(vec.size()) / rows)
                        : 1;
  if (static_cast<int64_t>(vec.size()) != (by_row ? rows * k : cols) ||
      static_cast<int64_t>(in.size()) != rows * cols) {
    return absl::InvalidArgumentError(
        absl::StrCat(instruction, " of a ", rows, " x ", cols, " tile by a vector of ",
                     vec.size(), " elements"));
  }
  std::vector<double> out(static_cast<size_t>(rows * cols));
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      const int64_t i = r * cols + c;
      out[i] = combine(kind.empty() ? 0.0 : in[i], vec[by_row ? r * k + c % k : c]);
    }
  }
  return out;
}

absl::StatusOr<std::vector<double>> TernaryBlock(absl::string_view instruction,
                                                 const std::vector<double>& a,
                                                 const std::vector<double>* b, double scalar,
                                                 const std::vector<double>& c) {
  const bool add = instruction == "TADDC" || instruction == "TADDSC";
  if (!add && instruction != "TSUBC" && instruction != "TSUBSC") {
    return absl::InvalidArgumentError(absl::StrCat("no ternary ", instruction));
  }
  if (c.size() != a.size() || (b != nullptr && b->size() != a.size())) {
    return absl::InvalidArgumentError(absl::StrCat(instruction, " of tiles of different sizes"));
  }
  std::vector<double> out(a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    const double x = b != nullptr ? (*b)[i] : scalar;
    out[i] = (add ? a[i] + x : a[i] - x) + c[i];
  }
  return out;
}

std::vector<double> GatherMaskBlock(const std::vector<double>& src, int64_t rows, int64_t cols,
                                    int pattern) {
  std::vector<double> out;
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      if (codegen::GatherMaskPicks(pattern, c)) out.push_back(src[static_cast<size_t>(r * cols + c)]);
    }
  }
  return out;
}

std::vector<double> ConcatBlock(const std::vector<double>& a, int64_t a_cols,
                                const std::vector<double>& b, int64_t b_cols, int64_t rows) {
  std::vector<double> out;
  out.reserve(static_cast<size_t>(rows * (a_cols + b_cols)));
  for (int64_t r = 0; r < rows; ++r) {
    out.insert(out.end(), a.begin() + r * a_cols, a.begin() + (r + 1) * a_cols);
    out.insert(out.end(), b.begin() + r * b_cols, b.begin() + (r + 1) * b_cols);
  }
  return out;
}

std::vector<double> TriBlock(int64_t valid_rows, int64_t valid_cols, int64_t diagonal,
                             bool upper) {
  std::vector<double> out(static_cast<size_t>(valid_rows * valid_cols), 0.0);
  for (int64_t r = 0; r < valid_rows; ++r) {
    for (int64_t c = 0; c < valid_cols; ++c) {
      const bool one = upper ? c >= r + diagonal : c <= r + diagonal;
      out[static_cast<size_t>(r * valid_cols + c)] = one ? 1.0 : 0.0;
    }
  }
  return out;
}

std::vector<double> GatherBBlock(const std::vector<uint8_t>& src_bytes,
                                 const std::vector<double>& off, int64_t off_cols, DType dst,
                                 int64_t valid_rows, int64_t valid_cols) {
  const int64_t db = DTypeBytes(dst);
  const int64_t per_block = 32 / db;
  std::vector<double> out(static_cast<size_t>(valid_rows * valid_cols), 0.0);
  for (int64_t r = 0; r < valid_rows; ++r) {
    for (int64_t c = 0; c < valid_cols / per_block && c < off_cols; ++c) {
      const size_t k = static_cast<size_t>(r * off_cols + c);
      if (k >= off.size()) continue;
      const double o = off[k];
      if (o < 0 || o + 32 > static_cast<double>(src_bytes.size())) continue;
      for (int64_t e = 0; e < per_block; ++e) {
        out[static_cast<size_t>(r * valid_cols + c * per_block + e)] =
            DecodeElement(&src_bytes[static_cast<size_t>(o) + e * db], dst);
      }
    }
  }
  return out;
}

std::shared_ptr<TileData> NewTile(const Type& type, std::vector<int64_t> shape) {
  auto t = std::make_shared<TileData>();
  t->dtype = type.dtype();
  t->memory = type.memory();
  t->view = type.view();
  t->shape = std::move(shape);
  t->data.assign(t->NumElements(), 0.0);
  return t;
}

// tile.slice: the window of its source at the evaluated offsets. The
// target aliases the source's buffer; no op writes a tile in place, so the
// window's values are the source's for as long as the view is used.
TileResult Window(const Expr& call, const TileData& src,
                  const std::vector<std::vector<int64_t>>& lists) {
  const std::vector<int64_t> none;
  const std::vector<int64_t>& sizes = lists.size() > 1 ? lists[1] : none;
  const std::vector<int64_t>& offsets = lists.size() > 2 ? lists[2] : none;
  if (src.shape.size() != 2 || sizes.size() != 2 || offsets.size() != 2) {
    return absl::InvalidArgumentError("'tile.slice': a 2-D window of a 2-D tile");
  }
  for (int d = 0; d < 2; ++d) {
    if (offsets[d] < 0 || sizes[d] < 0 || offsets[d] > src.shape[d] - sizes[d]) {
      return absl::InvalidArgumentError(absl::StrCat(
          "out-of-bounds tile slice: ", d == 0 ? "rows " : "columns ", offsets[d], ":",
          offsets[d] + sizes[d], " of a ", ShapeText(src.shape), " tile"));
    }
  }
  auto t = std::make_shared<TileData>();
  t->shape = sizes;
  t->dtype = src.dtype;
  t->memory = src.memory;
  t->view = call.type.is_tile() ? call.type.view() : src.view;
  // A valid_shape= of run-time values: as evaluated, within the window (as
  // tile.set_validshape records it; the store and fillpad read it).
  if (lists.size() > 3 && lists[3].size() == 2) {
    t->view.valid_shape = {Dim::Static(std::clamp<int64_t>(lists[3][0], 0, sizes[0])),
                           Dim::Static(std::clamp<int64_t>(lists[3][1], 0, sizes[1]))};
  }
  for (int64_t i = 0; i < sizes[0]; ++i) {
    for (int64_t j = 0; j < sizes[1]; ++j) {
      t->data.push_back(src.data[(offsets[0] + i) * src.shape[1] + offsets[1] + j]);
    }
  }
  return std::shared_ptr<const TileData>(t);
}

absl::StatusOr<Value> TileElementOp(const Expr& call, const std::vector<Value>& args,
                                    const std::vector<int64_t>& index, bool write) {
  if (args.empty() || args[0].kind != Value::Kind::kTile || args[0].tile == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' of a non-tile"));
  }
  const TileData& t = *args[0].tile;
  if (index.size() != t.shape.size()) {
    return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' of a ", ShapeText(t.shape),
                                                   " tile with ", index.size(), " indices"));
  }
  int64_t k = 0;
  for (size_t i = 0; i < index.size(); ++i) {
    if (index[i] < 0 || index[i] >= t.shape[i]) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", call.str, "' at [", absl::StrJoin(index, ", "), "] of a ",
                       ShapeText(t.shape), " tile"));
    }
    k = k * t.shape[i] + index[i];
  }
  if (k >= static_cast<int64_t>(t.data.size())) {
    return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' past the tile's data"));
  }
  if (!write) {
    const double v = t.data[static_cast<size_t>(k)];
    return IsFloatDType(t.dtype) ? Value::Float(v) : Value::Int(static_cast<int64_t>(v));
  }
  if (args.size() < 3 || !args[2].is_number()) {
    return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' of a non-number"));
  }
  // In place, as on the device: every value bound to this tile's buffer
  // (the written variable, a loop's carried copy) sees the element. (Every
  // op that gives a tile a buffer of its own copies its data: tile.move, a
  // tile.slice window, a tpush's slot.)
  const_cast<TileData&>(t).data[static_cast<size_t>(k)] =
      RoundToDType(args[2].AsDouble(), t.dtype);
  return args[0];
}

double PadNumber(PadValue pad, DType dtype) {
  if (pad != PadValue::kMax && pad != PadValue::kMin) return 0;
  const bool max = pad == PadValue::kMax;
  if (IsFloatDType(dtype)) return max ? INFINITY : -INFINITY;
  switch (dtype) {
    case DType::kINT8: return max ? 127 : -128;
    case DType::kINT16: return max ? 32767 : -32768;
    case DType::kINT32: return max ? 2147483647.0 : -2147483648.0;
    case DType::kUINT8: return max ? 255 : 0;
    case DType::kUINT16: return max ? 65535 : 0;
    case DType::kUINT32: return max ? 4294967295.0 : 0;
    default: return 0;
  }
}

std::vector<double> FillPadBlock(const std::vector<double>& src, int64_t src_rows,
                                 int64_t src_cols, int64_t rows, int64_t cols, double pad) {
  std::vector<double> out(static_cast<size_t>(rows * cols), pad);
  for (int64_t r = 0; r < std::min(rows, src_rows); ++r) {
    for (int64_t c = 0; c < std::min(cols, src_cols); ++c) {
      out[static_cast<size_t>(r * cols + c)] = src[static_cast<size_t>(r * src_cols + c)];
    }
  }
  return out;
}

TileResult ComputeTileOp(const Expr& call, const std::vector<Value>& args,
                         const std::vector<int64_t>& create_shape,
                         const std::vector<std::vector<int64_t>>& lists) {
  if (call.str == kCreate) {
    if (!call.type.is_tile()) return absl::InvalidArgumentError("'tile.create' is untyped");
    int64_t elements = 1;
    for (int64_t d : create_shape) {
      if (d < 0 || d > kMaxTileElements || (elements *= d) > kMaxTileElements) {
        return absl::InvalidArgumentError(
            absl::StrCat("'tile.create' of a ", ShapeText(create_shape), " tile is too large"));
      }
    }
    return std::shared_ptr<const TileData>(NewTile(call.type, create_shape));
  }
  if (call.str == kMove) {
    RETURN_IF_ERROR(NeedTiles(call, args, 1));
    auto t = Like(call, *args[0].tile);
    t->dtype = args[0].tile->dtype;
    t->data = args[0].tile->data;
    return std::shared_ptr<const TileData>(t);
  }
  // The lowered families, by the lowering table's kind (one lookup).
  const codegen::OpLowering* l = codegen::LoweringOf(call);
  const codegen::OpKind kind = l != nullptr ? l->kind : codegen::OpKind::kTileCreate;
  if (l != nullptr && kind == codegen::OpKind::kMatmul) {
    // tile.matmul / gemv (lhs, rhs), tile.matmul_bias / gemv_bias (lhs, rhs, bias).
    const bool bias = args.size() > 2;
    RETURN_IF_ERROR(NeedTiles(call, args, bias ? 3 : 2));
    return Matmul(call, *args[0].tile, *args[1].tile, nullptr,
                  bias ? args[2].tile.get() : nullptr);
  }
  if (l != nullptr && kind == codegen::OpKind::kMatmulAcc) {
    RETURN_IF_ERROR(NeedTiles(call, args, 3));
    // PyPTO's init_cond: where it holds, the product overwrites the acc.
    const bool init = args.size() > 3 && args[3].is_number() && args[3].AsBool();
    return Matmul(call, *args[1].tile, *args[2].tile, init ? nullptr : args[0].tile.get());
  }
  if (l != nullptr && kind == codegen::OpKind::kCast) {
    RETURN_IF_ERROR(NeedTiles(call, args, 1));
    auto t = Like(call, *args[0].tile);
    const int mode = codegen::CastRoundMode(call);
    for (size_t i = 0; i < t->data.size(); ++i) {
      t->data[i] = ConvertForCast(args[0].tile->data[i], mode, t->dtype);
    }
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kSubview) {
    if (absl::Status s = NeedTiles(call, args, 1); !s.ok()) return s;
    return Window(call, *args[0].tile, lists);
  }
  if (l != nullptr && kind == codegen::OpKind::kAssemble) {
    // The target with the source written at the offsets (one per dimension).
    RETURN_IF_ERROR(NeedTiles(call, args, 2));
    const TileData& target = *args[0].tile;
    const TileData& src = *args[1].tile;
    const std::vector<int64_t> none;
    const std::vector<int64_t>& offsets = lists.size() > 2 ? lists[2] : none;
    const size_t rank = target.shape.size();
    if (src.shape.size() != rank || offsets.size() != rank) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'tile.assemble' of a ", ShapeText(src.shape), " tile into a ",
          ShapeText(target.shape), " one takes one offset per dimension"));
    }
    for (size_t d = 0; d < rank; ++d) {
      if (offsets[d] < 0 || offsets[d] > target.shape[d] - src.shape[d]) {
        return absl::InvalidArgumentError(absl::StrCat(
            "out-of-bounds tile.assemble: dimension ", d, " ", offsets[d], ":",
            offsets[d] + src.shape[d], " of a ", ShapeText(target.shape), " tile"));
      }
    }
    auto t = NewTile(call.type, target.shape);
    t->data = target.data;
    std::vector<int64_t> index(rank, 0);  // of the source element
    for (int64_t i = 0; i < src.NumElements(); ++i) {
      int64_t at = 0;
      for (size_t d = 0; d < rank; ++d) at = at * target.shape[d] + offsets[d] + index[d];
      t->data[at] = src.data[i];
      for (size_t d = rank; d-- > 0 && ++index[d] == src.shape[d];) index[d] = 0;
    }
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kReshape) {
    // The same elements in row-major order, as the result's shape (the
    // device reads the same buffer; codegen admits only the buffers whose
    // elements are in that order).
    RETURN_IF_ERROR(NeedTiles(call, args, 1));
    const TileData& a = *args[0].tile;
    if (!call.type.is_tile() || !call.type.has_static_shape()) {
      return absl::InvalidArgumentError("'tile.reshape' needs a static result shape");
    }
    std::vector<int64_t> shape;
    for (const Dim& d : call.type.shape()) shape.push_back(d.value);
    auto t = NewTile(call.type, shape);
    if (t->dtype != a.dtype) {
      // tile.reinterpret_view: the same bytes read as the result's type.
      const int64_t sb = DTypeBytes(a.dtype), db = DTypeBytes(t->dtype);
      if (t->NumElements() * db != a.NumElements() * sb) {
        return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' of a ",
                                                       ShapeText(a.shape), " tile into ",
                                                       ShapeText(shape), " of another size"));
      }
      std::vector<uint8_t> bytes(static_cast<size_t>(a.NumElements() * sb));
      for (size_t i = 0; i < a.data.size(); ++i) EncodeElement(a.data[i], a.dtype, &bytes[i * sb]);
      for (size_t i = 0; i < t->data.size(); ++i) t->data[i] = DecodeElement(&bytes[i * db], t->dtype);
      return std::shared_ptr<const TileData>(t);
    }
    if (t->NumElements() != a.NumElements()) {
      return absl::InvalidArgumentError(absl::StrCat("'tile.reshape' of a ", ShapeText(a.shape),
                                                     " tile into ", ShapeText(shape)));
    }
    t->data = a.data;
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kExtract) {
    RETURN_IF_ERROR(NeedTiles(call, args, 1));
    if (args.size() < 3 || !args[1].is_number() || !args[2].is_number() ||
        !call.type.is_tile() || call.type.shape().size() != 2) {
      return absl::InvalidArgumentError("'tile.extract' takes a tile, a row and a column");
    }
    std::vector<int64_t> sizes;
    for (const Dim& d : call.type.shape()) sizes.push_back(d.is_static() ? d.value : 0);
    const std::vector<int64_t> offsets = {static_cast<int64_t>(args[1].AsDouble()),
                                          static_cast<int64_t>(args[2].AsDouble())};
    ASSIGN_OR_RETURN(std::shared_ptr<const TileData> window,
                     Window(call, *args[0].tile, {{}, sizes, offsets}));
    // A copy in the target memory and element type (Acc -> Mat converts).
    auto t = Like(call, *window);
    t->data = window->data;
    for (double& v : t->data) v = RoundToDType(v, t->dtype);
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr &&
      (kind == codegen::OpKind::kRowReduce || kind == codegen::OpKind::kColReduce ||
       kind == codegen::OpKind::kArgReduce)) {
    RETURN_IF_ERROR(NeedTiles(call, args, 1));
    const TileData& a = *args[0].tile;
    if (a.shape.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' of a scalar"));
    }
    const int64_t cols = a.shape.back(), rows = cols == 0 ? 0 : a.NumElements() / cols;
    ASSIGN_OR_RETURN(std::vector<double> r, ReduceBlock(l->cce_name, a.data, rows, cols));
    auto t = Like(call, a);
    t->shape = a.shape;
    const bool by_row = kind == codegen::OpKind::kRowReduce ||
                        (kind == codegen::OpKind::kArgReduce && absl::StartsWith(l->cce_name, "TROW"));
    (by_row ? t->shape.back() : t->shape.front()) = 1;
    t->data = std::move(r);
    for (double& v : t->data) v = RoundToDType(v, t->dtype);
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kGatherMask) {
    // Picked elements as the result's type, bit for bit when it differs
    // (output_dtype, of the source's size).
    RETURN_IF_ERROR(NeedTiles(call, args, 1));
    const TileData& a = *args[0].tile;
    std::vector<int64_t> shape;
    for (const Dim& d : call.type.shape()) shape.push_back(d.value);
    auto t = NewTile(call.type, shape);
    std::vector<double> picked =
        GatherMaskBlock(a.data, a.shape[0], a.shape[1], codegen::GatherMaskPattern(call));
    if (t->dtype != a.dtype) {
      std::vector<uint8_t> bytes(static_cast<size_t>(DTypeBytes(a.dtype)));
      for (double& v : picked) {
        EncodeElement(v, a.dtype, bytes.data());
        v = DecodeElement(bytes.data(), t->dtype);
      }
    }
    t->data = std::move(picked);
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kConcat) {
    RETURN_IF_ERROR(NeedTiles(call, args, 2));
    const TileData& a = *args[0].tile;
    const TileData& b = *args[1].tile;
    if (a.shape.size() != 2 || b.shape.size() != 2 || a.shape[0] != b.shape[0]) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", call.str, "' takes two 2-D tiles of as many rows"));
    }
    auto t = NewTile(call.type, {a.shape[0], a.shape[1] + b.shape[1]});
    t->data = ConcatBlock(a.data, a.shape[1], b.data, b.shape[1], a.shape[0]);
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kTri) {
    // TTRI writes the valid part; the rest of the buffer is left as it was
    // (0 here, unread: a store moves the valid part).
    if (!call.type.is_tile() || !call.type.has_static_shape() || args.empty() ||
        !args[0].is_number()) {
      return absl::InvalidArgumentError("'tile.tri' takes a diagonal and a static shape");
    }
    std::vector<int64_t> shape;
    for (const Dim& d : call.type.shape()) shape.push_back(d.value);
    Shape valid = call.type.view().valid_shape;
    if (valid.empty()) valid = call.type.shape();
    if (shape.size() != 2 || valid.size() != 2 || !valid[0].is_static() ||
        !valid[1].is_static()) {
      return absl::InvalidArgumentError("'tile.tri' of a 2-D tile with a static valid shape");
    }
    auto t = NewTile(call.type, shape);
    const std::vector<double> block = TriBlock(valid[0].value, valid[1].value, args[0].AsInt(),
                                               codegen::TriUpperOrLower(call) == 1);
    for (int64_t r = 0; r < valid[0].value; ++r) {
      for (int64_t c = 0; c < valid[1].value; ++c) {
        t->data[r * shape[1] + c] = block[r * valid[1].value + c];
      }
    }
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kFull) {
    if (!call.type.is_tile() || args.size() < 2 || !args[1].is_number()) {
      return absl::InvalidArgumentError("'tile.full' takes a shape and a number");
    }
    std::vector<int64_t> shape;
    for (const Dim& d : call.type.shape()) shape.push_back(d.is_static() ? d.value : 0);
    auto t = NewTile(call.type, shape);
    for (double& v : t->data) v = RoundToDType(args[1].AsDouble(), t->dtype);
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr &&
      (kind == codegen::OpKind::kColExpand || kind == codegen::OpKind::kBroadcast ||
       kind == codegen::OpKind::kRowExpand)) {
    RETURN_IF_ERROR(NeedTiles(call, args, 2));
    // The tile (or the broadcast's target) gives the shape; the vector is
    // [M, 1] for a row expand, [1, N] for a column one.
    const TileData& a = *args[0].tile;
    const TileData& v = *args[1].tile;
    if (a.shape.size() != 2) {
      return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' of a ",
                                                     ShapeText(a.shape), " tile"));
    }
    ASSIGN_OR_RETURN(std::vector<double> r,
                     ExpandBlock(l->cce_name, kind == codegen::OpKind::kBroadcast
                                                  ? std::vector<double>(a.data.size())
                                                  : a.data,
                                 v.data, a.shape[0], a.shape[1]));
    auto t = Like(call, a);
    t->data = std::move(r);
    for (double& x : t->data) x = RoundToDType(x, t->dtype);
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kTernary) {
    // TADDC / TSUBC (a, b, c), TADDSC / TSUBSC (a, scalar, c).
    if (args.size() < 3 || args[0].kind != Value::Kind::kTile ||
        args[2].kind != Value::Kind::kTile ||
        (args[1].kind != Value::Kind::kTile && !args[1].is_number())) {
      return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' takes three operands"));
    }
    const TileData& a = *args[0].tile;
    const TileData& c = *args[2].tile;
    const TileData* b = args[1].kind == Value::Kind::kTile ? args[1].tile.get() : nullptr;
    if (c.shape != a.shape || (b != nullptr && b->shape != a.shape)) {
      return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' of tiles of different "
                                                     "shapes"));
    }
    ASSIGN_OR_RETURN(std::vector<double> r,
                     TernaryBlock(l->cce_name, a.data, b != nullptr ? &b->data : nullptr,
                                  b == nullptr ? args[1].AsDouble() : 0.0, c.data));
    auto t = Like(call, a);
    t->data = std::move(r);
    for (double& x : t->data) x = RoundToDType(x, t->dtype);
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kSetValidShape) {
    // The same buffer with another valid shape, recorded as evaluated (the
    // store moves that part: memory_ops.cc).
    RETURN_IF_ERROR(NeedTiles(call, args, 1));
    const TileData& a = *args[0].tile;
    if (args.size() < 3 || !args[1].is_number() || !args[2].is_number() || a.shape.size() != 2) {
      return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' takes a 2-D tile, "
                                                     "valid_rows and valid_cols"));
    }
    const int64_t vr = static_cast<int64_t>(args[1].AsDouble());
    const int64_t vc = static_cast<int64_t>(args[2].AsDouble());
    if (vr < 0 || vc < 0 || vr > a.shape[0] || vc > a.shape[1]) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'", call.str, "' to ", vr, " x ", vc, " of a ", ShapeText(a.shape), " tile"));
    }
    auto t = std::make_shared<TileData>(a);
    t->fifo_ring = -1;
    t->view = call.type.view();
    t->view.valid_shape = {Dim::Static(vr), Dim::Static(vc)};
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kGatherB) {
    // TGATHERB: result row r, 32-byte block c, is the 32 source bytes at
    // byte offset offset[r][c] (pto-isa's CPU simulation: a block past the
    // source's end is left as it was), for the result's valid rows and
    // blocks. The source's bytes are its rows back to back, which is its
    // buffer when a row fills whole 32-byte blocks.
    RETURN_IF_ERROR(NeedTiles(call, args, 2));
    const TileData& src = *args[0].tile;
    const TileData& off = *args[1].tile;
    const int64_t sb = DTypeBytes(src.dtype);
    if (!call.type.is_tile() || !call.type.has_static_shape() || src.shape.size() != 2 ||
        off.shape.size() != 2 || (src.shape[1] * sb) % 32 != 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'", call.str, "' of a source whose rows are not whole 32-byte blocks is not "
          "modelled"));
    }
    std::vector<int64_t> shape;
    for (const Dim& d : call.type.shape()) shape.push_back(d.value);
    Shape valid = call.type.view().valid_shape;
    if (valid.empty()) valid = call.type.shape();
    if (valid.size() != 2 || !valid[0].is_static() || !valid[1].is_static()) {
      return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' with a run-time valid "
                                                     "shape is not modelled"));
    }
    auto t = NewTile(call.type, shape);
    std::vector<uint8_t> bytes(src.data.size() * sb);
    for (size_t i = 0; i < src.data.size(); ++i) EncodeElement(src.data[i], src.dtype, &bytes[i * sb]);
    const std::vector<double> block =
        GatherBBlock(bytes, off.data, off.shape[1], t->dtype, valid[0].value, valid[1].value);
    for (int64_t r = 0; r < valid[0].value; ++r) {
      for (int64_t c = 0; c < valid[1].value; ++c) {
        t->data[r * shape[1] + c] = block[r * valid[1].value + c];
      }
    }
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kTranspose) {
    // TTRANS: rows become columns (the scratch holds nothing the program reads).
    RETURN_IF_ERROR(NeedTiles(call, args, 1));
    const TileData& a = *args[0].tile;
    if (a.shape.size() != 2) {
      return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' of a ",
                                                     ShapeText(a.shape), " tile"));
    }
    auto t = Like(call, a);
    t->shape = {a.shape[1], a.shape[0]};
    for (int64_t r = 0; r < a.shape[0]; ++r) {
      for (int64_t c = 0; c < a.shape[1]; ++c) {
        t->data[static_cast<size_t>(c * a.shape[0] + r)] = a.data[static_cast<size_t>(r * a.shape[1] + c)];
      }
    }
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kFillPad) {
    // TFILLPAD*: the source's valid region (its static valid dims; a
    // run-time one is the box, as a load moves it here) at the top left of
    // the result, the rest the result type's pad.
    RETURN_IF_ERROR(NeedTiles(call, args, 1));
    const TileData& a = *args[0].tile;
    if (a.shape.size() != 2 || !call.type.is_tile() || !call.type.has_static_shape() ||
        call.type.shape().size() != 2) {
      return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' of a ",
                                                     ShapeText(a.shape), " tile"));
    }
    int64_t vr = a.shape[0], vc = a.shape[1];
    if (a.view.valid_shape.size() == 2) {
      if (a.view.valid_shape[0].is_static()) vr = std::min(vr, a.view.valid_shape[0].value);
      if (a.view.valid_shape[1].is_static()) vc = std::min(vc, a.view.valid_shape[1].value);
    }
    std::vector<double> valid(static_cast<size_t>(vr * vc));
    for (int64_t r = 0; r < vr; ++r) {
      for (int64_t c = 0; c < vc; ++c) {
        valid[static_cast<size_t>(r * vc + c)] = a.data[static_cast<size_t>(r * a.shape[1] + c)];
      }
    }
    auto t = std::make_shared<TileData>();
    t->shape = {call.type.shape()[0].value, call.type.shape()[1].value};
    t->dtype = call.type.dtype();
    t->memory = call.type.memory();
    t->view = call.type.view();
    t->data = FillPadBlock(valid, vr, vc, t->shape[0], t->shape[1],
                           RoundToDType(PadNumber(call.type.view().pad, t->dtype), t->dtype));
    if (codegen::IsFillPadInPlace(call) && a.data.size() == t->data.size()) {
      // In place, as on the device: the source's buffer is padded too.
      const_cast<TileData&>(a).data = t->data;
    }
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kCompare) {
    // A bit per element into the packed UINT8 mask of the call's type.
    RETURN_IF_ERROR(NeedTiles(call, args, 1));
    const TileData& a = *args[0].tile;
    const TileData* b = args.size() > 1 && args[1].kind == Value::Kind::kTile
                            ? args[1].tile.get() : nullptr;
    if (a.shape.size() != 2 || !call.type.is_tile() || !call.type.has_static_shape() ||
        call.type.shape().size() != 2 || (b != nullptr && b->shape != a.shape) ||
        (b == nullptr && (args.size() < 2 || !args[1].is_number()))) {
      return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' of a ",
                                                     ShapeText(a.shape), " tile"));
    }
    const Expr* mode = call.FindAttr("cmp_type");
    auto t = NewTile(call.type, {call.type.shape()[0].value, call.type.shape()[1].value});
    t->data = CompareBlock(mode != nullptr ? static_cast<int>(mode->int_value) : 0, a.dtype,
                           a.data, b != nullptr ? &b->data : nullptr,
                           b == nullptr ? args[1].AsDouble() : 0.0, a.shape[0], a.shape[1],
                           t->shape[1]);
    return std::shared_ptr<const TileData>(t);
  }
  if (l != nullptr && kind == codegen::OpKind::kSelect) {
    // sel (mask, lhs, rhs, tmp) / sels (mask, src, tmp, scalar).
    RETURN_IF_ERROR(NeedTiles(call, args, 3));
    const TileData& m = *args[0].tile;
    const TileData& a = *args[1].tile;
    const bool scalar = args.size() > 3 && args[3].kind != Value::Kind::kTile;
    const TileData* b = scalar ? nullptr : args[2].tile.get();
    if (a.shape.size() != 2 || m.shape.size() != 2 || (b != nullptr && b->shape != a.shape) ||
        (scalar && !args[3].is_number())) {
      return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' of a ",
                                                     ShapeText(a.shape), " tile"));
    }
    auto t = Like(call, a);
    t->data = SelectBlock(m.data, m.shape[1], 8 * DTypeBytes(m.dtype), t->dtype, a.data,
                          b != nullptr ? &b->data : nullptr, scalar ? args[3].AsDouble() : 0.0,
                          a.shape[0], a.shape[1]);
    for (double& x : t->data) x = RoundToDType(x, t->dtype);
    return std::shared_ptr<const TileData>(t);
  }
  if (const ElementwiseOp* op = l != nullptr ? l->elementwise : nullptr) {
    if (args.size() < static_cast<size_t>(op->min_arity())) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", call.str, "' needs ", op->min_arity(), " arguments"));
    }
    for (int i = 0; i < op->arity() && i < static_cast<int>(args.size()); ++i) {
      if (op->is_tile(i) && args[i].kind != Value::Kind::kTile) {
        return absl::InvalidArgumentError(
            absl::StrCat("'", call.str, "': argument ", i + 1, " is not a tile"));
      }
    }
    const TileData& a = *args[0].tile;
    if (op->binary() && a.shape != args[1].tile->shape) {
      return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' of tiles shaped ",
                                                     ShapeText(a.shape), " and ",
                                                     ShapeText(args[1].tile->shape)));
    }
    if (op->has_scalar() && !args[1].is_number()) {
      return absl::InvalidArgumentError(absl::StrCat("'", call.str, "' needs a scalar"));
    }
    const double scalar = op->has_scalar() ? args[1].AsDouble() : 0.0;
    auto t = Like(call, a);
    for (size_t i = 0; i < t->data.size(); ++i) {
      const double b = op->binary() ? args[1].tile->data[i] : scalar;
      t->data[i] = RoundToDType(op->value(a.data[i], b), t->dtype);
    }
    return std::shared_ptr<const TileData>(t);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("ptoc-sim does not know how to compute '", call.str, "'"));
}

}  // namespace sim
}  // namespace ptoc
