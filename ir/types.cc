#include "ir/types.h"

#include <algorithm>
#include <array>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace ptoc {

bool Dim::is_expr() const {
  if (symbol.empty()) return false;
  const auto word = [](char c) { return absl::ascii_isalnum(c) || c == '_'; };
  return absl::ascii_isdigit(symbol[0]) || !std::all_of(symbol.begin(), symbol.end(), word);
}

namespace {

constexpr std::array<std::pair<DType, absl::string_view>, 22> kDTypeNames = {{
    {DType::kFP32, "FP32"},   {DType::kFP16, "FP16"},     {DType::kBF16, "BF16"},
    {DType::kINT8, "INT8"},   {DType::kINT16, "INT16"},   {DType::kINT32, "INT32"},
    {DType::kINT64, "INT64"}, {DType::kUINT8, "UINT8"},   {DType::kUINT16, "UINT16"},
    {DType::kUINT32, "UINT32"}, {DType::kUINT64, "UINT64"}, {DType::kBOOL, "BOOL"},
    {DType::kINDEX, "INDEX"}, {DType::kFP4, "FP4"},   {DType::kFP8E4M3FN, "FP8E4M3FN"},
    {DType::kFP8E5M2, "FP8E5M2"}, {DType::kFP8E8M0, "FP8E8M0"}, {DType::kHF4, "HF4"},
    {DType::kHF8, "HF8"},     {DType::kINT4, "INT4"},     {DType::kUINT4, "UINT4"},
    {DType::kTASK_ID, "TASK_ID"},
}};

constexpr std::array<std::pair<MemorySpace, absl::string_view>, 9> kMemoryNames = {{
    {MemorySpace::kDDR, "DDR"}, {MemorySpace::kVec, "Vec"},
    {MemorySpace::kMat, "Mat"}, {MemorySpace::kLeft, "Left"},
    {MemorySpace::kRight, "Right"}, {MemorySpace::kAcc, "Acc"},
    {MemorySpace::kBias, "Bias"}, {MemorySpace::kLeftScale, "LeftScale"},
    {MemorySpace::kRightScale, "RightScale"},
}};

constexpr std::array<std::pair<Layout, absl::string_view>, 3> kLayoutNames = {{
    {Layout::kRowMajor, "row_major"},
    {Layout::kColMajor, "col_major"},
    {Layout::kNoneBox, "none_box"},
}};

constexpr std::array<std::pair<PadValue, absl::string_view>, 4> kPadNames = {{
    {PadValue::kNull, "null"},
    {PadValue::kZero, "zero"},
    {PadValue::kMax, "max"},
    {PadValue::kMin, "min"},
}};

template <typename E, size_t N>
absl::string_view NameOf(const std::array<std::pair<E, absl::string_view>, N>& table,
                         E value) {
  for (const auto& [e, name] : table) {
    if (e == value) return name;
  }
  return "?";
}

template <typename E, size_t N>
std::optional<E> ValueOf(const std::array<std::pair<E, absl::string_view>, N>& table,
                         absl::string_view name) {
  for (const auto& [e, n] : table) {
    if (n == name) return e;
  }
  return std::nullopt;
}

std::string DimsToString(const Shape& shape) {
  return absl::StrCat(
      "[", absl::StrJoin(shape, ", ", [](std::string* out, const Dim& d) {
        absl::StrAppend(out, d.is_static() ? absl::StrCat(d.value) : d.symbol);
      }), "]");
}

}  // namespace

absl::string_view DTypeName(DType d) { return NameOf(kDTypeNames, d); }
absl::string_view MemorySpaceName(MemorySpace m) { return NameOf(kMemoryNames, m); }
absl::string_view LayoutName(Layout l) { return NameOf(kLayoutNames, l); }
std::optional<DType> ParseDType(absl::string_view s) { return ValueOf(kDTypeNames, s); }
std::optional<MemorySpace> ParseMemorySpace(absl::string_view s) {
  return ValueOf(kMemoryNames, s);
}
std::optional<Layout> ParseLayout(absl::string_view s) { return ValueOf(kLayoutNames, s); }
absl::string_view PadValueName(PadValue p) { return NameOf(kPadNames, p); }
std::optional<PadValue> ParsePadValue(absl::string_view s) { return ValueOf(kPadNames, s); }

int DTypeBytes(DType d) {
  switch (d) {
    case DType::kFP32: case DType::kINT32: case DType::kUINT32: return 4;
    case DType::kFP16: case DType::kBF16: case DType::kINT16: case DType::kUINT16: return 2;
    case DType::kINT8: case DType::kUINT8: case DType::kBOOL: return 1;
    case DType::kINT64: case DType::kUINT64: case DType::kINDEX: return 8;
    case DType::kFP8E4M3FN: case DType::kFP8E5M2: case DType::kFP8E8M0:
    case DType::kHF8: return 1;
    case DType::kFP4: case DType::kHF4: case DType::kINT4: case DType::kUINT4: return 1;
    case DType::kTASK_ID: return 8;
  }
  return 4;
}

bool IsIntegerDType(DType d) {
  return !IsFloatDType(d) && d != DType::kBOOL && d != DType::kTASK_ID;
}

bool IsFloatDType(DType d) {
  switch (d) {
    case DType::kFP32: case DType::kFP16: case DType::kBF16: case DType::kFP4:
    case DType::kFP8E4M3FN: case DType::kFP8E5M2: case DType::kFP8E8M0:
    case DType::kHF4: case DType::kHF8:
      return true;
    default:
      return false;
  }
}

TileView NdView() { return TileView{Layout::kRowMajor, Layout::kNoneBox, {}}; }
TileView NzView() { return TileView{Layout::kColMajor, Layout::kRowMajor, {}}; }
TileView ZnView() { return TileView{Layout::kRowMajor, Layout::kColMajor, {}}; }

TileView ImplicitView(MemorySpace m) {
  switch (m) {
    case MemorySpace::kMat: case MemorySpace::kLeft: case MemorySpace::kAcc:
      return NzView();
    case MemorySpace::kRight:
      return ZnView();
    case MemorySpace::kLeftScale:  // PyPTO: the ISA's TileLeftScale is row / row,
      return TileView{Layout::kRowMajor, Layout::kRowMajor, {}};
    case MemorySpace::kRightScale:  // TileRightScale column / column
      return TileView{Layout::kColMajor, Layout::kColMajor, {}};
    default:
      return NdView();
  }
}

Type Type::Scalar(DType d) {
  Type t;
  t.kind_ = Kind::kScalar;
  t.dtype_ = d;
  return t;
}

Type Type::Tensor(Shape shape, DType d) {
  Type t;
  t.kind_ = Kind::kTensor;
  t.dtype_ = d;
  t.shape_ = std::move(shape);
  return t;
}

Type Type::DistributedTensor(Shape shape, DType d) {
  Type t = Tensor(std::move(shape), d);
  t.kind_ = Kind::kDistributedTensor;
  return t;
}

Type Type::Tile(Shape shape, DType d, MemorySpace m, std::optional<TileView> view) {
  Type t;
  t.kind_ = Kind::kTile;
  t.dtype_ = d;
  t.shape_ = std::move(shape);
  t.memory_ = m;
  t.view_ = view.has_value() ? *std::move(view) : ImplicitView(m);
  return t;
}

Type Type::TileWithoutMemory(Shape shape, DType d, std::optional<TileView> view) {
  Type t = Tile(std::move(shape), d, MemorySpace::kVec, std::move(view));
  t.has_memory_ = false;
  return t;
}

Type Type::Tuple(std::vector<Type> elements) {
  Type t;
  t.kind_ = Kind::kTuple;
  t.elements_ = std::move(elements);
  return t;
}

Type Type::Array(int64_t extent, DType d) {
  Type t;
  t.kind_ = Kind::kArray;
  t.dtype_ = d;
  t.shape_ = {Dim::Static(extent)};
  return t;
}

Type Type::Ptr() {
  Type t;
  t.kind_ = Kind::kPtr;
  return t;
}

Type Type::Handle(std::string name) {
  Type t;
  t.kind_ = Kind::kHandle;
  t.handle_ = std::move(name);
  return t;
}

bool IsHandleName(absl::string_view name) {
  return name == "PrefetchAsyncContext" || name == "AsyncEvent" || name == "AsyncSession";
}

Type Type::CommCtx() {
  Type t;
  t.kind_ = Kind::kCommCtx;
  return t;
}

bool Type::has_explicit_view() const {
  return kind_ == Kind::kTile && view_ != ImplicitView(has_memory_ ? memory_ : MemorySpace::kVec);
}

bool Type::has_static_shape() const {
  for (const Dim& d : shape_) {
    if (!d.is_static()) return false;
  }
  return true;
}

int64_t Type::NumElements() const {
  if (!has_static_shape()) return -1;
  int64_t n = 1;
  for (const Dim& d : shape_) n *= d.value;
  return n;
}

bool Type::operator==(const Type& o) const {
  if (kind_ != o.kind_ || extra_ != o.extra_) return false;
  switch (kind_) {
    case Kind::kNone: case Kind::kCommCtx: case Kind::kPtr:
      return true;
    case Kind::kHandle:
      return handle_ == o.handle_;
    case Kind::kTuple:
      return elements_ == o.elements_;
    case Kind::kScalar:
      return dtype_ == o.dtype_;
    case Kind::kTensor: case Kind::kDistributedTensor: case Kind::kArray:
      return dtype_ == o.dtype_ && shape_ == o.shape_;
    case Kind::kTile:
      return dtype_ == o.dtype_ && shape_ == o.shape_ && memory_ == o.memory_ &&
             has_memory_ == o.has_memory_ && view_ == o.view_;
  }
  return false;
}

std::string TypeToString(const Type& t) {
  auto dtype = [&] { return absl::StrCat("pl.", DTypeName(t.dtype())); };
  switch (t.kind()) {
    case Type::Kind::kNone: return "None";
    case Type::Kind::kCommCtx: return "pld.CommCtx";
    case Type::Kind::kPtr: return "pl.Ptr";
    case Type::Kind::kHandle: return absl::StrCat("pl.", t.handle());
    case Type::Kind::kArray:
      return absl::StrCat("pl.Array[", t.shape().empty() ? 0 : t.shape()[0].value, ", ",
                          dtype(), "]");
    case Type::Kind::kTuple: {
      std::string s = "tuple[";
      for (size_t i = 0; i < t.elements().size(); ++i) {
        absl::StrAppend(&s, i > 0 ? ", " : "", TypeToString(t.elements()[i]));
      }
      return absl::StrCat(s, "]");
    }
    case Type::Kind::kScalar: return absl::StrCat("pl.Scalar[", dtype(), "]");
    case Type::Kind::kTensor:
      return absl::StrCat("pl.Tensor[", DimsToString(t.shape()), ", ", dtype(),
                          t.extra().empty() ? "" : ", ", t.extra(), "]");
    case Type::Kind::kDistributedTensor:
      return absl::StrCat("pld.DistributedTensor[", DimsToString(t.shape()), ", ",
                          dtype(), t.extra().empty() ? "" : ", ", t.extra(), "]");
    case Type::Kind::kTile: {
      std::string s = absl::StrCat("pl.Tile[", DimsToString(t.shape()), ", ", dtype(),
                                   t.extra().empty() ? "" : ", ", t.extra());
      if (t.has_memory()) {
        absl::StrAppend(&s, ", pl.Mem.", MemorySpaceName(t.memory()));
      }
      if (t.has_explicit_view()) {
        absl::StrAppend(&s, ", pl.TileView(blayout=pl.TileLayout.",
                        LayoutName(t.view().blayout), ", slayout=pl.TileLayout.",
                        LayoutName(t.view().slayout));
        if (!t.view().valid_shape.empty()) {
          absl::StrAppend(&s, ", valid_shape=", DimsToString(t.view().valid_shape));
        }
        if (t.view().pad != PadValue::kNull) {
          absl::StrAppend(&s, ", pad=pl.PadValue.", PadValueName(t.view().pad));
        }
        absl::StrAppend(&s, ")");
      }
      return absl::StrCat(s, "]");
    }
  }
  return "?";
}

std::vector<absl::string_view> ExtraElements(absl::string_view extra) {
  std::vector<absl::string_view> out;
  int depth = 0;
  char quote = 0;
  size_t begin = 0;
  for (size_t i = 0; i < extra.size(); ++i) {
    const char c = extra[i];
    if (quote != 0) {
      if (c == '\\') {
        ++i;
      } else if (c == quote) {
        quote = 0;
      }
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(extra.substr(begin, i - begin));
      begin = i + 1;
      while (begin < extra.size() && extra[begin] == ' ') ++begin;
    }
  }
  if (begin < extra.size()) out.push_back(extra.substr(begin));
  return out;
}

namespace {

Type WithoutMemRef(const Type& t) {
  if (t.is_tuple()) {
    std::vector<Type> elements;
    for (const Type& e : t.elements()) elements.push_back(WithoutMemRef(e));
    return Type::Tuple(std::move(elements));
  }
  std::vector<absl::string_view> kept;
  for (absl::string_view e : ExtraElements(t.extra())) {
    if (!absl::StartsWith(e, "pl.MemRef(")) kept.push_back(e);
  }
  return t.WithExtra(absl::StrJoin(kept, ", "));
}

}  // namespace

bool HasMxLayout(const Type& t) {
  if (!t.is_tensor()) return false;
  for (absl::string_view e : ExtraElements(t.extra())) {
    for (absl::string_view mx : {"MX_A_ZZ", "MX_B_NN"}) {
      if (e == absl::StrCat("pl.", mx) || e == absl::StrCat("pl.TensorLayout.", mx) ||
          (absl::StartsWith(e, "pl.TensorView(") &&
           absl::StrContains(e, absl::StrCat("layout=pl.TensorLayout.", mx)))) {
        return true;
      }
    }
  }
  return false;
}

bool SameUpToMemRef(const Type& a, const Type& b) { return WithoutMemRef(a) == WithoutMemRef(b); }

Shape MovedExtent(const Type& t) {
  Shape moved = t.shape();
  const Shape& valid = t.view().valid_shape;
  if (valid.size() != moved.size()) return moved;
  for (size_t i = 0; i < moved.size(); ++i) {
    if (valid[i].is_static()) moved[i] = valid[i];
  }
  return moved;
}

Type PlacedIn(const Type& t, MemorySpace m) {
  TileView view = t.view();
  if (!t.has_explicit_view()) {
    view = ImplicitView(m);
    view.valid_shape = t.view().valid_shape;
  }
  return Type::Tile(t.shape(), t.dtype(), m, view).WithExtra(t.extra());
}

Type WithoutPad(const Type& t) {
  if (!t.is_tile() || t.view().pad == PadValue::kNull) return t;
  TileView view = t.view();
  view.pad = PadValue::kNull;
  Type r = t.has_memory() ? Type::Tile(t.shape(), t.dtype(), t.memory(), view)
                          : Type::TileWithoutMemory(t.shape(), t.dtype(), view);
  return r.WithExtra(t.extra());
}

}  // namespace ptoc
