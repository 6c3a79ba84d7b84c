// The data types of the PTO tile API: 5-D GM shapes and strides,
// GlobalTensor (a region of GM), Tile (a buffer in on-chip memory).
#ifndef PTO_COMMON_TILE_HPP_
#define PTO_COMMON_TILE_HPP_

#include <cstdint>
#include <type_traits>

#include "pto/common/call_site.hpp"
#include "pto/common/host_compat.hpp"
#include "pto/common/types.hpp"

namespace pto {
namespace sim {
// Tile::GetValue / SetValue's hooks (sim_hooks.hpp).
template <typename TileT>
AICORE typename TileT::DType GetTileValue(const TileT& t, uint32_t offset, CallSite site);
template <typename TileT>
AICORE void SetTileValue(const TileT& t, uint32_t offset, typename TileT::DType value,
                         CallSite site);
}  // namespace sim

// The extents of a GM region, outermost first; DYNAMIC dims are given to
// the constructor.
template <int N1 = DYNAMIC, int N2 = DYNAMIC, int N3 = DYNAMIC, int N4 = DYNAMIC,
          int N5 = DYNAMIC>
struct Shape {
  static constexpr int kStatic[5] = {N1, N2, N3, N4, N5};
  static constexpr bool kAllStatic = N1 >= 0 && N2 >= 0 && N3 >= 0 && N4 >= 0 && N5 >= 0;

  template <bool S = kAllStatic, std::enable_if_t<S, int> = 0>
  AICORE Shape() : dims{N1, N2, N3, N4, N5} {}
  AICORE Shape(int n1, int n2, int n3, int n4, int n5) : dims{n1, n2, n3, n4, n5} {}

  int dims[5];
};

// Element strides of the five dims of a GlobalTensor.
template <int S1 = DYNAMIC, int S2 = DYNAMIC, int S3 = DYNAMIC, int S4 = DYNAMIC,
          int S5 = DYNAMIC>
struct Stride {
  static constexpr int kStatic[5] = {S1, S2, S3, S4, S5};
  static constexpr bool kAllStatic = S1 >= 0 && S2 >= 0 && S3 >= 0 && S4 >= 0 && S5 >= 0;

  template <bool S = kAllStatic, std::enable_if_t<S, int> = 0>
  AICORE Stride() : dims{S1, S2, S3, S4, S5} {}
  AICORE Stride(int s1, int s2, int s3, int s4, int s5) : dims{s1, s2, s3, s4, s5} {}

  int dims[5];
};

template <typename T>
struct is_shape : std::false_type {};
template <int A, int B, int C, int D, int E>
struct is_shape<Shape<A, B, C, D, E>> : std::true_type {};
template <typename T>
struct is_stride : std::false_type {};
template <int A, int B, int C, int D, int E>
struct is_stride<Stride<A, B, C, D, E>> : std::true_type {};

// A region of GM: a base pointer, a 5-D shape and the strides of the tensor
// it belongs to.
template <typename Element, typename ShapeT, typename StrideT, Layout L = Layout::ND>
class GlobalTensor {
  static_assert(is_shape<ShapeT>::value, "GlobalTensor: the shape must be a pto::Shape");
  static_assert(is_stride<StrideT>::value, "GlobalTensor: the strides must be a pto::Stride");

 public:
  using DType = Element;
  using ShapeType = ShapeT;
  using StrideType = StrideT;
  static constexpr Layout kLayout = L;

  AICORE explicit GlobalTensor(__gm__ Element* data, const ShapeT& shape = ShapeT(),
                               const StrideT& stride = StrideT())
      : data_(data), shape_(shape), stride_(stride) {}

  AICORE __gm__ Element* data() const { return data_; }
  AICORE int GetShape(int dim) const { return shape_.dims[dim]; }
  AICORE int GetStride(int dim) const { return stride_.dims[dim]; }

 private:
  __gm__ Element* data_;
  ShapeT shape_;
  StrideT stride_;
};

template <typename T>
struct is_global_tensor : std::false_type {};
template <typename E, typename S, typename T, Layout L>
struct is_global_tensor<GlobalTensor<E, S, T, L>> : std::true_type {};

// A tile buffer: Rows x Cols elements at an on-chip address (TASSIGN), of
// which the RowValid x ColValid top-left part is meaningful (-1: given to
// the constructor). SFractalSize is the bytes of one fractal box.
template <TileType Loc, typename Element, int Rows, int Cols,
          BLayout BFractal = BLayout::RowMajor, int RowValid = Rows, int ColValid = Cols,
          SLayout SFractal = SLayout::NoneBox, int SFractalSize = 512,
          PadValue Pad = PadValue::Null, CompactMode Compact = CompactMode::Null>
class Tile {
  static_assert(Rows > 0 && Cols > 0, "Tile: rows and cols must be positive");
  static_assert(RowValid == DYNAMIC || (RowValid >= 0 && RowValid <= Rows),
                "Tile: the valid rows must fit the tile");
  static_assert(ColValid == DYNAMIC || (ColValid >= 0 && ColValid <= Cols),
                "Tile: the valid cols must fit the tile");
  static_assert(SFractalSize == 512 || SFractalSize == 1024,
                "Tile: the fractal size is 512 or 1024 bytes");

 public:
  using DType = Element;
  static constexpr TileType kLoc = Loc;
  static constexpr int kRows = Rows;
  static constexpr int kCols = Cols;
  static constexpr int kValidRows = RowValid;
  static constexpr int kValidCols = ColValid;
  static constexpr BLayout kBLayout = BFractal;
  static constexpr SLayout kSLayout = SFractal;
  static constexpr int kFractalSize = SFractalSize;
  static constexpr PadValue kPad = Pad;

  AICORE Tile()
      : valid_rows_(RowValid == DYNAMIC ? Rows : RowValid),
        valid_cols_(ColValid == DYNAMIC ? Cols : ColValid) {}
  // As in pto-isa, the valid dims given at run time are exactly the DYNAMIC
  // ones: both, or the one that is.
  template <int R = RowValid, int C = ColValid,
            std::enable_if_t<R == DYNAMIC && C == DYNAMIC, int> = 0>
  AICORE Tile(unsigned valid_rows, unsigned valid_cols)
      : valid_rows_(static_cast<int>(valid_rows)), valid_cols_(static_cast<int>(valid_cols)) {}
  template <int R = RowValid, int C = ColValid,
            std::enable_if_t<(R == DYNAMIC) != (C == DYNAMIC), int> = 0>
  AICORE Tile(unsigned valid)
      : valid_rows_(R == DYNAMIC ? static_cast<int>(valid) : R),
        valid_cols_(C == DYNAMIC ? static_cast<int>(valid) : C) {}

  AICORE uint64_t address() const { return address_; }
  AICORE void set_address(uint64_t address) { address_ = address; }
  // Elements between the starts of two rows in the simulated memory, which
  // holds every tile row-major: Cols, or a view's source's (TSUBVIEW).
  AICORE int row_stride() const { return row_stride_; }
  AICORE void set_row_stride(int stride) { row_stride_ = stride; }
  // A view (TSUBVIEW): it spans its valid part only, inside its source.
  AICORE bool is_view() const { return view_; }
  AICORE void set_view() { view_ = true; }
  // The scalar unit's access of element `offset` of the buffer (row-major
  // over the physical Rows x Cols, as pto-isa's pointer arithmetic), Vec
  // only.
  AICORE DType GetValue(uint32_t offset, sim::CallSite site = sim::CallSite::Here()) const {
    static_assert(Loc == TileType::Vec, "Location of tile must be Location::Vec.");
    return sim::GetTileValue(*this, offset, site);
  }
  AICORE void SetValue(uint32_t offset, DType value,
                       sim::CallSite site = sim::CallSite::Here()) const {
    static_assert(Loc == TileType::Vec, "Location of tile must be Location::Vec.");
    sim::SetTileValue(*this, offset, value, site);
  }
  AICORE int GetValidRow() const { return valid_rows_; }
  AICORE int GetValidCol() const { return valid_cols_; }

 private:
  uint64_t address_ = 0;
  int row_stride_ = Cols;
  bool view_ = false;
  int valid_rows_;
  int valid_cols_;
};

template <typename T>
struct is_tile : std::false_type {};
template <TileType L, typename E, int R, int C, BLayout B, int VR, int VC, SLayout S, int F,
          PadValue P, CompactMode M>
struct is_tile<Tile<L, E, R, C, B, VR, VC, S, F, P, M>> : std::true_type {};

template <typename T>
constexpr bool is_tile_v = is_tile<T>::value;
template <typename T>
constexpr bool is_global_tensor_v = is_global_tensor<T>::value;

// A tile of memory `L`.
template <typename T, TileType L>
constexpr bool is_tile_in_v = is_tile<T>::value && T::kLoc == L;

// Places a tile at byte `address` of its on-chip memory.
template <typename TileT, std::enable_if_t<is_tile_v<TileT>, int> = 0>
AICORE void TASSIGN(TileT& tile, uint64_t address) {
  tile.set_address(address);
}

// Places `dst` as a view of `src` at element (row, col), as pto-isa's
// TSUBVIEW does: in src's buffer, no copy, tiles of one memory. A
// row-major tile steps its rows by its static Cols, in pto-isa and here,
// so a row-major window sees its source's rows only when codegen gives it
// the source's Cols (codegen's ViewTile). This memory holds every tile
// row-major, so a window of a column-major (fractal) tile keeps the
// source's row stride instead of pto-isa's column steps.
template <typename DstT, typename SrcT,
          std::enable_if_t<is_tile_v<DstT> && is_tile_v<SrcT>, int> = 0>
AICORE void TSUBVIEW(DstT& dst, SrcT& src, uint16_t row, uint16_t col) {
  static_assert(DstT::kLoc == SrcT::kLoc,
                "The destination and source tiles must have the same TileType!");
  const bool row_major = SrcT::kBLayout == BLayout::RowMajor;
  const int src_stride = row_major ? SrcT::kCols : src.row_stride();
  const uint64_t offset = static_cast<uint64_t>(row) * src_stride + col;
  dst.set_address(src.address() + offset * sizeof(typename SrcT::DType));
  dst.set_row_stride(row_major ? DstT::kCols : src.row_stride());
  dst.set_view();
}

// Places `dst` on `src`'s buffer as another tile type, as pto-isa's
// TRESHAPE does: no copy, one memory, one byte size, both boxed or neither.
// (This memory holds every tile row-major; codegen reshapes only buffers
// whose elements are in the same order in both types.)
template <typename DstT, typename SrcT,
          std::enable_if_t<is_tile_v<DstT> && is_tile_v<SrcT>, int> = 0>
AICORE void TRESHAPE(DstT& dst, SrcT& src) {
  static_assert(DstT::kLoc == SrcT::kLoc,
                "TRESHAPE: Source and target TileType must be identical.");
  static_assert(sizeof(typename DstT::DType) * DstT::kRows * DstT::kCols ==
                    sizeof(typename SrcT::DType) * SrcT::kRows * SrcT::kCols,
                "TRESHAPE: Total byte size must match.");
  static_assert((DstT::kSLayout == SLayout::NoneBox) == (SrcT::kSLayout == SLayout::NoneBox),
                "TRESHAPE: Cannot reshape between boxed and non-boxed layouts.");
  dst.set_address(src.address());
  dst.set_view();
}

}  // namespace pto

#endif  // PTO_COMMON_TILE_HPP_
