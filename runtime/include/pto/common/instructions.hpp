// Tile instructions: GM <-> tile transfers, moves, matmul, elementwise
// arithmetic and SYNCALL. Each one accepts only operands of the right kind
// (a call with swapped or wrongly placed operands does not compile) and
// forwards to the simulator (sim_hooks.hpp).
#ifndef PTO_COMMON_INSTRUCTIONS_HPP_
#define PTO_COMMON_INSTRUCTIONS_HPP_

#include <type_traits>

#include "pto/common/host_compat.hpp"
#include "pto/common/sim_hooks.hpp"
#include "pto/common/tile.hpp"
#include "pto/common/types.hpp"

namespace pto {
namespace detail {

template <typename A, typename B>
constexpr bool same_dtype_v = std::is_same<typename A::DType, typename B::DType>::value;

// A tile and a GM region of the same element type.
template <typename TileT, typename GlobalT>
constexpr bool tile_and_global_v =
    is_tile_v<TileT> && is_global_tensor_v<GlobalT> && same_dtype_v<TileT, GlobalT>;

// Vector-unit operands: UB tiles of one element type.
template <typename Dst, typename... Src>
constexpr bool vec_tiles_v = is_tile_in_v<Dst, TileType::Vec> &&
                             (is_tile_in_v<Src, TileType::Vec> && ...) &&
                             (same_dtype_v<Dst, Src> && ...);

// The operands of the cube's matmul instructions.
template <typename AccT, typename LeftT, typename RightT>
constexpr bool cube_operands_v = is_tile_in_v<AccT, TileType::Acc> &&
                                 is_tile_in_v<LeftT, TileType::Left> &&
                                 is_tile_in_v<RightT, TileType::Right> &&
                                 same_dtype_v<LeftT, RightT>;
}  // namespace detail

// GM -> tile.
template <typename TileT, typename GlobalT,
          std::enable_if_t<detail::tile_and_global_v<TileT, GlobalT>, int> = 0>
AICORE void TLOAD(TileT& dst, GlobalT& src, sim::CallSite site = sim::CallSite::Here()) {
  sim::Load(sim::Describe(dst), sim::DescribeGlobal(src), site);
}

// Tile -> GM (Vec through MTE3, Acc through the fixpipe). As in pto-isa, an
// atomic store names all three: TSTORE<TileT, GlobalT, AtomicType::AtomicAdd>.
template <typename TileT, typename GlobalT, AtomicType Atomic = AtomicType::AtomicNone,
          std::enable_if_t<detail::tile_and_global_v<TileT, GlobalT>, int> = 0>
AICORE void TSTORE(GlobalT& dst, TileT& src, sim::CallSite site = sim::CallSite::Here()) {
  sim::Store(sim::DescribeGlobal(dst), sim::Describe(src), Atomic, site);
}

// Tile -> tile within one core (layout / memory conversion).
template <typename DstT, typename SrcT,
          std::enable_if_t<is_tile_v<DstT> && is_tile_v<SrcT> &&
                               detail::same_dtype_v<DstT, SrcT>,
                           int> = 0>
AICORE void TMOV(DstT& dst, SrcT& src, sim::CallSite site = sim::CallSite::Here()) {
  sim::Move(sim::Describe(dst), sim::Describe(src), site);
}

// acc = lhs x rhs.
template <typename AccT, typename LeftT, typename RightT,
          std::enable_if_t<detail::cube_operands_v<AccT, LeftT, RightT>, int> = 0>
AICORE void TMATMUL(AccT& acc, LeftT& lhs, RightT& rhs,
                    sim::CallSite site = sim::CallSite::Here()) {
  sim::Matmul(sim::Describe(acc), sim::Describe(lhs), sim::Describe(rhs), site);
}

// acc = lhs x rhs + the bias row in every row (a one-row Bias tile of the
// accumulator's type, as pto-isa's TMATMUL_BIAS_IMPL asserts).
template <typename AccT, typename LeftT, typename RightT, typename BiasT,
          std::enable_if_t<detail::cube_operands_v<AccT, LeftT, RightT> &&
                               is_tile_in_v<BiasT, TileType::Bias> &&
                               detail::same_dtype_v<AccT, BiasT> && BiasT::kRows == 1,
                           int> = 0>
AICORE void TMATMUL_BIAS(AccT& acc, LeftT& lhs, RightT& rhs, BiasT& bias,
                         sim::CallSite site = sim::CallSite::Here()) {
  const sim::TileDesc b = sim::Describe(bias);
  sim::MatmulBias(sim::Describe(acc), sim::Describe(lhs), sim::Describe(rhs), &b, site);
}

// The one-row forms (lhs [1, K]): acc = lhs x rhs, + the bias row, and
// acc += lhs x rhs in acc's own buffer; the phase changes nothing here.
template <AccPhase Phase = AccPhase::Unspecified, typename AccT, typename LeftT, typename RightT,
          std::enable_if_t<detail::cube_operands_v<AccT, LeftT, RightT>, int> = 0>
AICORE void TGEMV(AccT& acc, LeftT& lhs, RightT& rhs, sim::CallSite site = sim::CallSite::Here()) {
  sim::Matmul(sim::Describe(acc), sim::Describe(lhs), sim::Describe(rhs), site);
}
template <AccPhase Phase = AccPhase::Unspecified, typename AccT, typename LeftT, typename RightT,
          typename BiasT,
          std::enable_if_t<detail::cube_operands_v<AccT, LeftT, RightT> &&
                               is_tile_in_v<BiasT, TileType::Bias> &&
                               detail::same_dtype_v<AccT, BiasT> && BiasT::kRows == 1,
                           int> = 0>
AICORE void TGEMV_BIAS(AccT& acc, LeftT& lhs, RightT& rhs, BiasT& bias,
                       sim::CallSite site = sim::CallSite::Here()) {
  const sim::TileDesc b = sim::Describe(bias);
  sim::MatmulBias(sim::Describe(acc), sim::Describe(lhs), sim::Describe(rhs), &b, site);
}
template <AccPhase Phase = AccPhase::Unspecified, typename AccT, typename LeftT, typename RightT,
          std::enable_if_t<detail::cube_operands_v<AccT, LeftT, RightT>, int> = 0>
AICORE void TGEMV_ACC(AccT& out, AccT& in, LeftT& lhs, RightT& rhs,
                      sim::CallSite site = sim::CallSite::Here()) {
  (void)in;
  sim::MatmulAcc(sim::Describe(out), sim::Describe(lhs), sim::Describe(rhs), site);
}

// acc += lhs x rhs. As in pto-isa, the cube accumulates into the output
// tile's buffer and the input accumulator is not read: ptoc passes the
// same tile twice.
template <typename AccT, typename LeftT, typename RightT,
          std::enable_if_t<detail::cube_operands_v<AccT, LeftT, RightT>, int> = 0>
AICORE void TMATMUL_ACC(AccT& out, AccT& in, LeftT& lhs, RightT& rhs,
                        sim::CallSite site = sim::CallSite::Here()) {
  (void)in;
  sim::MatmulAcc(sim::Describe(out), sim::Describe(lhs), sim::Describe(rhs), site);
}

// The element-wise instructions, one per row of the op table ptoc reads
// too (tile_elementwise.def, a link to ptoc's ir/tile_elementwise.def).
// The one- and two-tile forms take pto-isa's precision template argument
// (TDIV<DivAlgorithm::HIGH_PRECISION>, TLOG<LogAlgorithm::...>, TRECIP<
// RecipAlgorithm::...>), which the model does not distinguish.
#define PTO_ELEMENTWISE_Binary(NAME)                                                \
  template <auto Precision = 0, typename DstT, typename Src0T, typename Src1T,      \
            std::enable_if_t<detail::vec_tiles_v<DstT, Src0T, Src1T>, int> = 0>     \
  AICORE void NAME(DstT& dst, Src0T& src0, Src1T& src1,                            \
                   sim::CallSite site = sim::CallSite::Here()) {                    \
    const sim::TileDesc rhs = sim::Describe(src1);                                  \
    sim::Elementwise(#NAME, sim::Describe(dst), sim::Describe(src0), &rhs, 0.0, nullptr, site); \
  }
#define PTO_ELEMENTWISE_Unary(NAME)                                                 \
  template <auto Precision = 0, typename DstT, typename SrcT,                      \
            std::enable_if_t<detail::vec_tiles_v<DstT, SrcT>, int> = 0>            \
  AICORE void NAME(DstT& dst, SrcT& src, sim::CallSite site = sim::CallSite::Here()) { \
    sim::Elementwise(#NAME, sim::Describe(dst), sim::Describe(src), nullptr, 0.0, nullptr, site); \
  }
#define PTO_ELEMENTWISE_Scalar(NAME)                                                \
  template <typename DstT, typename SrcT,                                          \
            std::enable_if_t<detail::vec_tiles_v<DstT, SrcT>, int> = 0>            \
  AICORE void NAME(DstT& dst, SrcT& src, typename SrcT::DType scalar,              \
                   sim::CallSite site = sim::CallSite::Here()) {                    \
    sim::Elementwise(#NAME, sim::Describe(dst), sim::Describe(src), nullptr,        \
                     static_cast<double>(scalar), nullptr, site);                   \
  }
// The forms with a scratch tile, which the instruction writes too (its
// element type is the row's Scratch rule's: TPRELU's is a UINT8 mask).
#define PTO_ELEMENTWISE_BinaryScratch(NAME)                                         \
  template <typename DstT, typename Src0T, typename Src1T, typename TmpT,           \
            std::enable_if_t<detail::vec_tiles_v<DstT, Src0T, Src1T> &&                \
                                 is_tile_in_v<TmpT, TileType::Vec>, int> = 0>         \
  AICORE void NAME(DstT& dst, Src0T& src0, Src1T& src1, TmpT& tmp,                 \
                   sim::CallSite site = sim::CallSite::Here()) {                    \
    const sim::TileDesc rhs = sim::Describe(src1), scratch = sim::Describe(tmp);    \
    sim::Elementwise(#NAME, sim::Describe(dst), sim::Describe(src0), &rhs, 0.0,     \
                     &scratch, site);                                               \
  }
#define PTO_ELEMENTWISE_ScalarScratch(NAME)                                         \
  template <typename DstT, typename SrcT, typename TmpT,                            \
            std::enable_if_t<detail::vec_tiles_v<DstT, SrcT> &&                      \
                                 is_tile_in_v<TmpT, TileType::Vec>, int> = 0>         \
  AICORE void NAME(DstT& dst, SrcT& src, typename SrcT::DType scalar, TmpT& tmp,    \
                   sim::CallSite site = sim::CallSite::Here()) {                    \
    const sim::TileDesc scratch = sim::Describe(tmp);                               \
    sim::Elementwise(#NAME, sim::Describe(dst), sim::Describe(src), nullptr,        \
                     static_cast<double>(scalar), &scratch, site);                  \
  }
// A unary instruction whose scratch tile may be left out (TRSQRT): both
// overloads, as pto-isa declares them.
#define PTO_ELEMENTWISE_UnaryScratch(NAME)                                          \
  PTO_ELEMENTWISE_Unary(NAME)                                                        \
  template <typename DstT, typename SrcT, typename TmpT,                            \
            std::enable_if_t<detail::vec_tiles_v<DstT, SrcT> &&                      \
                                 is_tile_in_v<TmpT, TileType::Vec>, int> = 0>         \
  AICORE void NAME(DstT& dst, SrcT& src, TmpT& tmp,                                 \
                   sim::CallSite site = sim::CallSite::Here()) {                    \
    const sim::TileDesc scratch = sim::Describe(tmp);                               \
    sim::Elementwise(#NAME, sim::Describe(dst), sim::Describe(src), nullptr, 0.0,   \
                     &scratch, site);                                               \
  }
#define PTOC_TILE_ELEMENTWISE(OP, INSTR, FORM, SCRATCH, DTYPES, PARAMS, COST, VALUE) \
  PTO_ELEMENTWISE_##FORM(INSTR)
#define PTOC_TILE_ELEMENTWISE_ALIAS(OP, INSTR, FORM, SCRATCH, DTYPES, PARAMS, COST, VALUE)
#include "pto/common/tile_elementwise.def"
#undef PTOC_TILE_ELEMENTWISE_ALIAS
#undef PTOC_TILE_ELEMENTWISE
#undef PTO_ELEMENTWISE_Binary
#undef PTO_ELEMENTWISE_Unary
#undef PTO_ELEMENTWISE_Scalar
#undef PTO_ELEMENTWISE_BinaryScratch
#undef PTO_ELEMENTWISE_ScalarScratch
#undef PTO_ELEMENTWISE_UnaryScratch

// Reductions along the rows (with a scratch tile) or the columns of a Vec tile.
#define PTO_ROW_REDUCTION(NAME)                                                       \
  template <typename DstT, typename SrcT, typename TmpT,                             \
            std::enable_if_t<detail::vec_tiles_v<DstT, SrcT, TmpT>, int> = 0>        \
  AICORE void NAME(DstT& dst, SrcT& src, TmpT& tmp,                                  \
                   sim::CallSite site = sim::CallSite::Here()) {                      \
    const sim::TileDesc scratch = sim::Describe(tmp);                                 \
    sim::Reduce(#NAME, sim::Describe(dst), sim::Describe(src), &scratch, site);       \
  }
#define PTO_COL_REDUCTION(NAME)                                                       \
  template <typename DstT, typename SrcT,                                            \
            std::enable_if_t<detail::vec_tiles_v<DstT, SrcT>, int> = 0>              \
  AICORE void NAME(DstT& dst, SrcT& src, sim::CallSite site = sim::CallSite::Here()) { \
    sim::Reduce(#NAME, sim::Describe(dst), sim::Describe(src), nullptr, site);        \
  }
PTO_ROW_REDUCTION(TROWSUM)
PTO_ROW_REDUCTION(TROWMAX)
PTO_ROW_REDUCTION(TROWMIN)
PTO_ROW_REDUCTION(TROWPROD)
PTO_COL_REDUCTION(TCOLSUM)
PTO_COL_REDUCTION(TCOLMAX)
PTO_COL_REDUCTION(TCOLMIN)
PTO_COL_REDUCTION(TCOLPROD)
// TCOLSUM's other form: the sums through a scratch tile of the source's
// type, which it writes (`isBinary`: pto-isa's binary tree; the model sums
// alike).
template <typename DstT, typename SrcT, typename TmpT,
          std::enable_if_t<detail::vec_tiles_v<DstT, SrcT, TmpT> &&
                               std::is_same_v<typename SrcT::DType, typename TmpT::DType>,
                           int> = 0>
AICORE void TCOLSUM(DstT& dst, SrcT& src, TmpT& tmp, bool isBinary,
                    sim::CallSite site = sim::CallSite::Here()) {
  (void)isBinary;
  const sim::TileDesc scratch = sim::Describe(tmp);
  sim::Reduce("TCOLSUM", sim::Describe(dst), sim::Describe(src), &scratch, site);
}
// The arg reductions: INT32 indices of a Vec tile's rows or columns, with a
// scratch tile of the source's type.
#define PTO_ARG_REDUCTION(NAME)                                                       \
  template <typename DstT, typename SrcT, typename TmpT,                             \
            std::enable_if_t<detail::vec_tiles_v<SrcT, TmpT> &&                      \
                                 is_tile_in_v<DstT, TileType::Vec> &&                  \
                                 std::is_same_v<typename DstT::DType, int32_t>, int> = 0> \
  AICORE void NAME(DstT& dst, SrcT& src, TmpT& tmp,                                  \
                   sim::CallSite site = sim::CallSite::Here()) {                      \
    const sim::TileDesc scratch = sim::Describe(tmp);                                 \
    sim::Reduce(#NAME, sim::Describe(dst), sim::Describe(src), &scratch, site);       \
  }
PTO_ARG_REDUCTION(TROWARGMAX)
PTO_ARG_REDUCTION(TROWARGMIN)
PTO_ARG_REDUCTION(TCOLARGMAX)
PTO_ARG_REDUCTION(TCOLARGMIN)
#undef PTO_ARG_REDUCTION
#undef PTO_ROW_REDUCTION
#undef PTO_COL_REDUCTION

// A Vec tile against a per-column vector, and a per-row or per-column
// vector repeated to a tile's shape.
#define PTO_EXPAND_BINARY(NAME)                                                        \
  template <typename DstT, typename Src0T, typename Src1T,                            \
            std::enable_if_t<detail::vec_tiles_v<DstT, Src0T, Src1T>, int> = 0>       \
  AICORE void NAME(DstT& dst, Src0T& src0, Src1T& src1,                              \
                   sim::CallSite site = sim::CallSite::Here()) {                      \
    const sim::TileDesc src = sim::Describe(src0);                                    \
    sim::Expand(#NAME, sim::Describe(dst), &src, sim::Describe(src1), site);          \
  }
#define PTO_EXPAND(NAME)                                                               \
  template <typename DstT, typename SrcT,                                             \
            std::enable_if_t<detail::vec_tiles_v<DstT, SrcT>, int> = 0>               \
  AICORE void NAME(DstT& dst, SrcT& src, sim::CallSite site = sim::CallSite::Here()) {  \
    sim::Expand(#NAME, sim::Describe(dst), nullptr, sim::Describe(src), site);        \
  }
PTO_EXPAND(TROWEXPAND)
PTO_EXPAND(TCOLEXPAND)
PTO_EXPAND_BINARY(TCOLEXPANDADD)
PTO_EXPAND_BINARY(TCOLEXPANDSUB)
PTO_EXPAND_BINARY(TROWEXPANDADD)
PTO_EXPAND_BINARY(TROWEXPANDSUB)
PTO_EXPAND_BINARY(TROWEXPANDMUL)
PTO_EXPAND_BINARY(TROWEXPANDDIV)
PTO_EXPAND_BINARY(TROWEXPANDMAX)
PTO_EXPAND_BINARY(TROWEXPANDMIN)
PTO_EXPAND_BINARY(TROWEXPANDEXPDIF)
PTO_EXPAND_BINARY(TCOLEXPANDMUL)
PTO_EXPAND_BINARY(TCOLEXPANDDIV)
PTO_EXPAND_BINARY(TCOLEXPANDMAX)
PTO_EXPAND_BINARY(TCOLEXPANDMIN)
PTO_EXPAND_BINARY(TCOLEXPANDEXPDIF)
#undef PTO_EXPAND_BINARY
#undef PTO_EXPAND

// A window of a tile copied into a tile of its own: Mat into Left or
// Right, Acc into Mat, Vec into Vec (ptoc checks the pairs, as ptoas does).
template <typename DstT, typename SrcT,
          std::enable_if_t<is_tile_v<DstT> && is_tile_v<SrcT>, int> = 0>
AICORE void TEXTRACT(DstT& dst, SrcT& src, uint16_t row, uint16_t col,
                     sim::CallSite site = sim::CallSite::Here()) {
  sim::Extract(sim::Describe(dst), sim::Describe(src), row, col, site);
}

// Rows (Coalesce::Row: row r of dst is the table's row idx[0, r]) or
// elements (Coalesce::Elem: dst[i, j] = table[idx[i, j]]) of a GM table at
// the INT32 indices of a Vec tile, into a Vec tile; an index past the table
// as Oob says.
template <Coalesce Mode, GatherOOB Oob = GatherOOB::Undefined, typename DstT, typename GlobalT,
          typename IdxT,
          std::enable_if_t<detail::tile_and_global_v<DstT, GlobalT> &&
                               is_tile_in_v<DstT, TileType::Vec> &&
                               is_tile_in_v<IdxT, TileType::Vec> &&
                               std::is_same_v<typename IdxT::DType, int32_t>,
                           int> = 0>
AICORE void MGATHER(DstT& dst, GlobalT& table, IdxT& idx,
                    sim::CallSite site = sim::CallSite::Here()) {
  sim::Gather(sim::Describe(dst), sim::DescribeGlobal(table), sim::Describe(idx),
              Mode == Coalesce::Elem, static_cast<int>(Oob), site);
}

// A packed predicate mask of a bit per element (row r of the source in row
// r of the mask, bit c % 8 of byte c / 8) comparing a Vec tile with another
// of its type or with a scalar, and the selections by one: per element the
// first source where the bit is set, else the second (or the scalar). The
// scratch tile is written.
template <typename DstT, typename SrcT,
          std::enable_if_t<detail::vec_tiles_v<SrcT> && is_tile_in_v<DstT, TileType::Vec>,
                           int> = 0>
AICORE void TCMPS(DstT& dst, SrcT& src, typename SrcT::DType scalar, CmpMode mode,
                  sim::CallSite site = sim::CallSite::Here()) {
  sim::Compare(sim::Describe(dst), sim::Describe(src), nullptr, static_cast<double>(scalar),
               static_cast<int>(mode), site);
}
template <typename DstT, typename Src0T, typename Src1T,
          std::enable_if_t<detail::vec_tiles_v<Src0T, Src1T> && is_tile_in_v<DstT, TileType::Vec>,
                           int> = 0>
AICORE void TCMP(DstT& dst, Src0T& src0, Src1T& src1, CmpMode mode,
                 sim::CallSite site = sim::CallSite::Here()) {
  const sim::TileDesc rhs = sim::Describe(src1);
  sim::Compare(sim::Describe(dst), sim::Describe(src0), &rhs, 0.0, static_cast<int>(mode), site);
}
template <typename DstT, typename MaskT, typename TmpT,
          std::enable_if_t<detail::vec_tiles_v<DstT> && is_tile_in_v<MaskT, TileType::Vec> &&
                               is_tile_in_v<TmpT, TileType::Vec>,
                           int> = 0>
AICORE void TSEL(DstT& dst, MaskT& mask, DstT& src0, DstT& src1, TmpT& tmp,
                 sim::CallSite site = sim::CallSite::Here()) {
  const sim::TileDesc rhs = sim::Describe(src1), scratch = sim::Describe(tmp);
  sim::Select(sim::Describe(dst), sim::Describe(mask), sim::Describe(src0), &rhs, 0.0, scratch,
              site);
}
template <typename DstT, typename MaskT, typename SrcT, typename TmpT,
          std::enable_if_t<detail::vec_tiles_v<DstT, SrcT> && is_tile_in_v<MaskT, TileType::Vec> &&
                               is_tile_in_v<TmpT, TileType::Vec>,
                           int> = 0>
AICORE void TSELS(DstT& dst, MaskT& mask, SrcT& src, TmpT& tmp, typename SrcT::DType scalar,
                  sim::CallSite site = sim::CallSite::Here()) {
  const sim::TileDesc scratch = sim::Describe(tmp);
  sim::Select(sim::Describe(dst), sim::Describe(mask), sim::Describe(src), nullptr,
              static_cast<double>(scalar), scratch, site);
}

// A Vec tile transposed (dst[j, i] = src[i, j]) through a scratch tile of
// its element type, which is written.
template <typename DstT, typename SrcT, typename TmpT,
          std::enable_if_t<detail::vec_tiles_v<DstT, SrcT, TmpT>, int> = 0>
AICORE void TTRANS(DstT& dst, SrcT& src, TmpT& tmp, sim::CallSite site = sim::CallSite::Here()) {
  sim::Transpose(sim::Describe(dst), sim::Describe(src), sim::Describe(tmp), site);
}

// 32-byte blocks of a Vec tile's buffer at the UINT32 byte offsets of a Vec
// tile, into a Vec tile of elements of 1, 2 or 4 bytes (pto-isa's rule).
template <typename DstT, typename SrcT, typename OffT,
          std::enable_if_t<is_tile_in_v<DstT, TileType::Vec> &&
                               is_tile_in_v<SrcT, TileType::Vec> &&
                               is_tile_in_v<OffT, TileType::Vec> &&
                               std::is_same_v<typename OffT::DType, uint32_t> &&
                               (sizeof(typename DstT::DType) == 1 ||
                                sizeof(typename DstT::DType) == 2 ||
                                sizeof(typename DstT::DType) == 4),
                           int> = 0>
AICORE void TGATHERB(DstT& dst, SrcT& src, OffT& offset,
                     sim::CallSite site = sim::CallSite::Here()) {
  sim::GatherB(sim::Describe(dst), sim::Describe(src), sim::Describe(offset), site);
}

// TFILLPAD / TFILLPAD_EXPAND / TFILLPAD_INPLACE: the source's valid region
// copied to the top left of the destination, the rest of it set to the
// destination type's pad (pto-isa: not Null; elements of 1, 2 or 4 bytes of
// one size; the expand form's destination at least the source's shape, the
// others' equal to it; in place: the destination at the source's address).
namespace detail {
template <typename DstT, typename SrcT>
constexpr bool fillpad_tiles_v =
    vec_tiles_v<DstT, SrcT> && DstT::kPad != PadValue::Null &&
    sizeof(typename DstT::DType) == sizeof(typename SrcT::DType) &&
    (sizeof(typename DstT::DType) == 1 || sizeof(typename DstT::DType) == 2 ||
     sizeof(typename DstT::DType) == 4);
}  // namespace detail

template <typename DstT, typename SrcT,
          std::enable_if_t<detail::fillpad_tiles_v<DstT, SrcT> && DstT::kRows == SrcT::kRows &&
                               DstT::kCols == SrcT::kCols,
                           int> = 0>
AICORE void TFILLPAD(DstT& dst, SrcT& src, sim::CallSite site = sim::CallSite::Here()) {
  sim::FillPad(sim::Describe(dst), sim::Describe(src), static_cast<int>(DstT::kPad), "TFILLPAD",
               site);
}

template <typename DstT, typename SrcT,
          std::enable_if_t<detail::fillpad_tiles_v<DstT, SrcT> && DstT::kRows == SrcT::kRows &&
                               DstT::kCols == SrcT::kCols,
                           int> = 0>
AICORE void TFILLPAD_INPLACE(DstT& dst, SrcT& src, sim::CallSite site = sim::CallSite::Here()) {
  sim::FillPad(sim::Describe(dst), sim::Describe(src), static_cast<int>(DstT::kPad),
               "TFILLPAD_INPLACE", site);
}

template <typename DstT, typename SrcT,
          std::enable_if_t<detail::fillpad_tiles_v<DstT, SrcT> && DstT::kRows >= SrcT::kRows &&
                               DstT::kCols >= SrcT::kCols,
                           int> = 0>
AICORE void TFILLPAD_EXPAND(DstT& dst, SrcT& src, sim::CallSite site = sim::CallSite::Here()) {
  sim::FillPad(sim::Describe(dst), sim::Describe(src), static_cast<int>(DstT::kPad),
               "TFILLPAD_EXPAND", site);
}

// Every element of a Vec tile set to one value.
template <typename DstT, std::enable_if_t<detail::vec_tiles_v<DstT>, int> = 0>
AICORE void TEXPANDS(DstT& dst, typename DstT::DType scalar,
                     sim::CallSite site = sim::CallSite::Here()) {
  sim::Fill(sim::Describe(dst), static_cast<double>(scalar), site);
}

// TGATHER's mask form: the elements of each row of a Vec tile at the
// pattern's columns, into a Vec tile of a type of the same size.
template <typename DstT, typename SrcT, MaskPattern Pattern,
          std::enable_if_t<detail::vec_tiles_v<DstT, SrcT> &&
                               sizeof(typename DstT::DType) == sizeof(typename SrcT::DType),
                           int> = 0>
AICORE void TGATHER(DstT& dst, SrcT& src, sim::CallSite site = sim::CallSite::Here()) {
  sim::GatherMask(sim::Describe(dst), sim::Describe(src), static_cast<int>(Pattern), site);
}

// Two Vec tiles' columns side by side (rows of src0, then of src1), of one
// element type (pto-isa's TCONCAT).
template <typename DstT, typename Src0T, typename Src1T,
          std::enable_if_t<detail::vec_tiles_v<DstT, Src0T, Src1T> &&
                               std::is_same_v<typename DstT::DType, typename Src0T::DType> &&
                               std::is_same_v<typename DstT::DType, typename Src1T::DType>,
                           int> = 0>
AICORE void TCONCAT(DstT& dst, Src0T& src0, Src1T& src1,
                    sim::CallSite site = sim::CallSite::Here()) {
  sim::Concat(sim::Describe(dst), sim::Describe(src0), sim::Describe(src1), site);
}

// A triangle of ones in a Vec tile's valid part, zeros elsewhere in it:
// pto-isa's TTRI<TileType, isUpperOrLower>(dst, diagonal) (1 upper, 0
// lower), of 2- and 4-byte elements.
template <typename DstT, int UpperOrLower,
          std::enable_if_t<detail::vec_tiles_v<DstT> &&
                               (UpperOrLower == 0 || UpperOrLower == 1) &&
                               (sizeof(typename DstT::DType) == 2 ||
                                sizeof(typename DstT::DType) == 4),
                           int> = 0>
AICORE void TTRI(DstT& dst, int diagonal, sim::CallSite site = sim::CallSite::Here()) {
  sim::Tri(sim::Describe(dst), diagonal, UpperOrLower, site);
}

// A conversion between the element types of two Vec tiles of one shape.
template <typename DstT, typename SrcT,
          std::enable_if_t<is_tile_in_v<DstT, TileType::Vec> &&
                               is_tile_in_v<SrcT, TileType::Vec>,
                           int> = 0>
AICORE void TCVT(DstT& dst, SrcT& src, RoundMode mode,
                 sim::CallSite site = sim::CallSite::Here()) {
  sim::Convert(sim::Describe(dst), sim::Describe(src), static_cast<int>(mode), site);
}

// A barrier of the cores of one device, in pto-isa's two forms: the hard
// barrier, SYNCALL<Cores>(), and the mode-selecting one over a GM workspace
// (soft mode counts in its zeroed 16 x int32 GlobalTensor).
template <SyncCoreType Cores = SyncCoreType::AIVOnly>
AICORE void SYNCALL(sim::CallSite site = sim::CallSite::Here()) {
  sim::SyncAll(SyncAllMode::Hard, Cores, nullptr, site);
}
template <SyncAllMode Mode, SyncCoreType Cores = SyncCoreType::AIVOnly, typename GlobalT,
          std::enable_if_t<is_global_tensor_v<GlobalT> &&
                               std::is_same<typename GlobalT::DType, int32_t>::value,
                           int> = 0>
AICORE void SYNCALL(GlobalT& workspace, int32_t used_cores = 0,
                    sim::CallSite site = sim::CallSite::Here()) {
  (void)used_cores;
  sim::SyncAll(Mode, Cores, static_cast<__gm__ int32_t*>(sim::DescribeGlobal(workspace).data),
               site);
}

}  // namespace pto

#endif  // PTO_COMMON_INSTRUCTIONS_HPP_
