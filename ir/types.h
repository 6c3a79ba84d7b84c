// Types of the ptoc IR: scalars, GM tensors, windows, on-chip tiles.
#ifndef PTOC_IR_TYPES_H_
#define PTOC_IR_TYPES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace ptoc {

enum class DType {
  kFP32, kFP16, kBF16, kINT8, kINT16, kINT32, kINT64,
  kUINT8, kUINT16, kUINT32, kUINT64, kBOOL, kINDEX,
  // PyPTO's narrow floats and integers and its task-id scalar (new values
  // go last: the proto enum follows this order).
  kFP4, kFP8E4M3FN, kFP8E5M2, kFP8E8M0, kHF4, kHF8, kINT4, kUINT4, kTASK_ID,
};

// kLeftScale / kRightScale: PyPTO's L0A / L0B-side MX block-scale buffers
// (a5 only), filled from Mat by tile.move.
enum class MemorySpace { kDDR, kVec, kMat, kLeft, kRight, kAcc, kBias, kLeftScale, kRightScale };
inline constexpr int kNumMemorySpaces = static_cast<int>(MemorySpace::kRightScale) + 1;

enum class Layout { kRowMajor, kColMajor, kNoneBox };

// What a tile holds outside its valid region (PyPTO's pl.PadValue, the
// TileView's `pad`): nothing defined (null), zeros, or the element type's
// largest / smallest value (+-inf for floats). tile.fillpad sets it.
enum class PadValue { kNull, kZero, kMax, kMin };

// Spellings used by the text format: "FP32", "Vec", "row_major".
absl::string_view DTypeName(DType d);
absl::string_view MemorySpaceName(MemorySpace m);
absl::string_view LayoutName(Layout l);
std::optional<DType> ParseDType(absl::string_view s);
std::optional<MemorySpace> ParseMemorySpace(absl::string_view s);
std::optional<Layout> ParseLayout(absl::string_view s);
absl::string_view PadValueName(PadValue p);  // null zero max min
std::optional<PadValue> ParsePadValue(absl::string_view s);

// Size of one element in bytes (INDEX and TASK_ID are 8, BOOL is 1; the
// 4-bit types count as 1).
int DTypeBytes(DType d);
bool IsIntegerDType(DType d);  // INTn, UINTn and INDEX
bool IsFloatDType(DType d);    // FPn, BF16, HFn

// A shape dimension: a constant, the name of an integer scalar parameter
// (or pl.dynamic dimension), or an integer expression over them as written
// (`NR * 64`, `pld.world_size()`; PyPTO's composite dims): kept as text,
// printed back as it reads, and never computed with (code generation asks
// for a parameter by the symbol and refuses an expression at its use).
struct Dim {
  int64_t value = 0;
  std::string symbol;  // non-empty: dynamic, a name or an expression's text

  static Dim Static(int64_t v) { return Dim{v, ""}; }
  static Dim Symbolic(std::string name) { return Dim{0, std::move(name)}; }
  bool is_static() const { return symbol.empty(); }
  // A dynamic dim written as an expression rather than one name.
  bool is_expr() const;
  bool operator==(const Dim& o) const {
    return value == o.value && symbol == o.symbol;
  }
  bool operator!=(const Dim& o) const { return !(*this == o); }
};
using Shape = std::vector<Dim>;

// Fully resolved layouts of a tile plus its optional valid shape.
struct TileView {
  Layout blayout = Layout::kRowMajor;
  Layout slayout = Layout::kNoneBox;
  Shape valid_shape;  // empty: the whole tile is valid
  PadValue pad = PadValue::kNull;

  bool operator==(const TileView& o) const {
    return blayout == o.blayout && slayout == o.slayout &&
           valid_shape == o.valid_shape && pad == o.pad;
  }
  bool operator!=(const TileView& o) const { return !(*this == o); }
};

// The view a tile in `m` has when none is written: Vec -> ND; Mat, Left,
// Acc -> NZ; Right -> ZN; LeftScale row / row, RightScale column / column
// (Bias and DDR: ND).
TileView ImplicitView(MemorySpace m);
// Layout pairs by their common names.
TileView NdView();
TileView NzView();
TileView ZnView();

class Type {
 public:
  enum class Kind {
    kNone, kScalar, kTensor, kDistributedTensor, kTile, kCommCtx, kTuple, kArray, kPtr,
    kHandle,
  };

  Type() = default;  // kNone
  static Type None() { return Type(); }
  static Type Scalar(DType d);
  static Type Tensor(Shape shape, DType d);
  static Type DistributedTensor(Shape shape, DType d);
  // A tile; `view` defaults to the memory space's implicit view.
  static Type Tile(Shape shape, DType d, MemorySpace m,
                   std::optional<TileView> view = std::nullopt);
  static Type CommCtx();
  // PyPTO's tuple (a function's `-> tuple[A, B]`, a pl.submit result).
  static Type Tuple(std::vector<Type> elements);
  // PyPTO's `pl.Array[extent, dtype]`: a small host-side array of scalars
  // (task ids, ...); shape() is [extent].
  static Type Array(int64_t extent, DType d);
  // PyPTO's `pl.Ptr`: a buffer handle (pld.alloc_window_buffer's result).
  static Type Ptr();
  // PyPTO's fieldless handle types, by name: "PrefetchAsyncContext",
  // "AsyncEvent", "AsyncSession" (spelled pl.NAME); see IsHandleName.
  static Type Handle(std::string name);
  // A tile written without a memory space (PyPTO's form before its
  // InferTileMemorySpace pass); the printer leaves the memory space out.
  static Type TileWithoutMemory(Shape shape, DType d,
                                std::optional<TileView> view = std::nullopt);

  Kind kind() const { return kind_; }
  bool is_none() const { return kind_ == Kind::kNone; }
  bool is_scalar() const { return kind_ == Kind::kScalar; }
  bool is_tile() const { return kind_ == Kind::kTile; }
  bool is_comm_ctx() const { return kind_ == Kind::kCommCtx; }
  bool is_distributed() const { return kind_ == Kind::kDistributedTensor; }
  bool is_tuple() const { return kind_ == Kind::kTuple; }
  bool is_array() const { return kind_ == Kind::kArray; }
  bool is_handle() const { return kind_ == Kind::kHandle; }
  const std::string& handle() const { return handle_; }  // kHandle
  const std::vector<Type>& elements() const { return elements_; }  // kTuple
  // A GM tensor: plain or a window.
  bool is_tensor() const {
    return kind_ == Kind::kTensor || kind_ == Kind::kDistributedTensor;
  }

  DType dtype() const { return dtype_; }
  const Shape& shape() const { return shape_; }
  MemorySpace memory() const { return memory_; }
  // False for a tile written without a memory space (memory() is then Vec,
  // a placeholder nothing may rely on).
  bool has_memory() const { return has_memory_; }
  // The PyPTO type elements ptoc keeps but does not interpret, in their
  // printed spelling: a tensor's `pl.MemRef(..)`, `pl.TensorView(..)` or
  // layout (after the dtype), a tile's `pl.MemRef(..)` (before the memory
  // space). Empty for most types.
  const std::string& extra() const { return extra_; }
  Type WithExtra(std::string extra) const {
    Type t = *this;
    t.extra_ = std::move(extra);
    return t;
  }
  const TileView& view() const { return view_; }
  // True when the view differs from the memory's implicit one (the printer
  // writes a TileView only then).
  bool has_explicit_view() const;
  // All dims static.
  bool has_static_shape() const;
  // Number of elements when static, else -1.
  int64_t NumElements() const;

  bool operator==(const Type& o) const;
  bool operator!=(const Type& o) const { return !(*this == o); }

 private:
  Kind kind_ = Kind::kNone;
  DType dtype_ = DType::kINT32;
  Shape shape_;
  MemorySpace memory_ = MemorySpace::kDDR;
  bool has_memory_ = true;
  TileView view_;
  std::string extra_;
  std::vector<Type> elements_;
  std::string handle_;  // kHandle
};

// The names of PyPTO's handle types (the async-prefetch ones).
bool IsHandleName(absl::string_view name);

// Equal but for extra() (PyPTO's type elements ptoc keeps as text): an
// annotation may add them to the type an op's result rule gives.
inline bool SameUpToExtra(const Type& a, const Type& b) {
  return a.WithExtra("") == b.WithExtra("");
}

// The top-level elements of an extra() text, in order
// ("pl.MemRef(a, 0, 8), pl.DN" -> {"pl.MemRef(a, 0, 8)", "pl.DN"}).
std::vector<absl::string_view> ExtraElements(absl::string_view extra);

// Equal but for PyPTO's pl.MemRef(..) elements, which name where a value
// lives, not what it is (PyPTO's structural equality skips them).
bool SameUpToMemRef(const Type& a, const Type& b);

// `t` (a tile without a memory space) placed in `m`: an implicit view
// becomes `m`'s, keeping the valid shape; a written view is kept.
Type PlacedIn(const Type& t, MemorySpace m);

// `t` with no pad (a tile type; others are returned as they are): the
// result of an op that writes a fresh tile (PyPTO's element-wise rules).
Type WithoutPad(const Type& t);

// The extent of tile `t` that a DMA load or store moves, as PyPTO's
// valid-region transfer has it (the bound checks, both emitters' GM region
// and the simulator read it): each dim of its valid_shape that is static,
// else the box dim (a run-time valid dim keeps the box).
Shape MovedExtent(const Type& t);

// A tensor with one of PyPTO's MX layouts (MX_A_ZZ, MX_B_NN), written bare
// (`pl.MX_A_ZZ`, `pl.TensorLayout.MX_B_NN`) or as a pl.TensorView layout.
bool HasMxLayout(const Type& t);

// Human-readable form for diagnostics, in the text format's spelling
// (e.g. "pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc]").
std::string TypeToString(const Type& t);

}  // namespace ptoc

#endif  // PTOC_IR_TYPES_H_
