// The contract between the instruction templates of this API and the
// machine that runs them on the host.
//
// Every instruction template (TLOAD, TADD, TPUSH, pto::comm::TNOTIFY, ...)
// checks its operand types at compile time and then calls ONE function of
// namespace pto::sim with plain descriptors of its operands. The functions
// are declared here and defined by the simulator (runtime/device/), which applies
// its memory model to them; so an emitted .cpp compiles with any host
// compiler and links against the simulator.
#ifndef PTO_COMMON_SIM_HOOKS_HPP_
#define PTO_COMMON_SIM_HOOKS_HPP_

#include <cstdint>
#include <type_traits>

#include "pto/common/call_site.hpp"
#include "pto/common/host_compat.hpp"
#include "pto/common/tile.hpp"
#include "pto/common/types.hpp"

namespace pto {
namespace sim {

enum class ElementType : int { F32, F16, BF16, I8, I16, I32, I64, U8, U16, U32, U64, Bool };

template <typename T>
struct ElementTypeOf;
template <> struct ElementTypeOf<float> { static constexpr ElementType value = ElementType::F32; };
template <> struct ElementTypeOf<half> { static constexpr ElementType value = ElementType::F16; };
template <> struct ElementTypeOf<bfloat16_t> { static constexpr ElementType value = ElementType::BF16; };
template <> struct ElementTypeOf<int8_t> { static constexpr ElementType value = ElementType::I8; };
template <> struct ElementTypeOf<int16_t> { static constexpr ElementType value = ElementType::I16; };
template <> struct ElementTypeOf<int32_t> { static constexpr ElementType value = ElementType::I32; };
template <> struct ElementTypeOf<int64_t> { static constexpr ElementType value = ElementType::I64; };
template <> struct ElementTypeOf<uint8_t> { static constexpr ElementType value = ElementType::U8; };
template <> struct ElementTypeOf<uint16_t> { static constexpr ElementType value = ElementType::U16; };
template <> struct ElementTypeOf<uint32_t> { static constexpr ElementType value = ElementType::U32; };
template <> struct ElementTypeOf<uint64_t> { static constexpr ElementType value = ElementType::U64; };
template <> struct ElementTypeOf<bool> { static constexpr ElementType value = ElementType::Bool; };

struct TileDesc {
  TileType loc;
  ElementType dtype;
  int rows, cols;
  int valid_rows, valid_cols;
  BLayout blayout;
  SLayout slayout;
  int fractal_size;
  uint64_t address;  // byte address in the tile's on-chip memory
  int row_stride;    // elements from one row to the next (cols; a view's source's)
  bool view;         // a view (TSUBVIEW): spans its valid part only
};

struct GlobalDesc {
  __gm__ void* data;  // the region's first element
  ElementType dtype;
  int shape[5];
  int stride[5];  // in elements
};

struct PipeDesc {
  int flag_id;
  Direction direction;
  uint32_t slot_size, slot_num, local_slot_num;
  bool no_split;
  __gm__ void* gm_slot_buffer;  // a2a3: the FIFO's GM backing store; a5: null
  uint32_t c2v_consumer_buf, v2c_consumer_buf;  // reserved buffer addresses
};


template <typename TileT>
AICORE TileDesc Describe(const TileT& t) {
  return TileDesc{TileT::kLoc,        ElementTypeOf<typename TileT::DType>::value,
                  TileT::kRows,       TileT::kCols,
                  t.GetValidRow(),    t.GetValidCol(),
                  TileT::kBLayout,    TileT::kSLayout,
                  TileT::kFractalSize, t.address(),
                  t.row_stride(),     t.is_view()};
}

template <typename GlobalT>
AICORE GlobalDesc DescribeGlobal(const GlobalT& g) {
  GlobalDesc d{g.data(), ElementTypeOf<typename GlobalT::DType>::value, {}, {}};
  for (int i = 0; i < 5; ++i) {
    d.shape[i] = g.GetShape(i);
    d.stride[i] = g.GetStride(i);
  }
  return d;
}

// ---- defined by the simulator (runtime/device/); `site` is the caller's place ----
AICORE void Load(const TileDesc& dst, const GlobalDesc& src, CallSite site);
AICORE void Store(const GlobalDesc& dst, const TileDesc& src, AtomicType atomic, CallSite site);
AICORE void Move(const TileDesc& dst, const TileDesc& src, CallSite site);
AICORE void Matmul(const TileDesc& acc, const TileDesc& lhs, const TileDesc& rhs,
                   CallSite site);
// acc = lhs x rhs + the `bias` row in every row (TMATMUL_BIAS).
AICORE void MatmulBias(const TileDesc& acc, const TileDesc& lhs, const TileDesc& rhs,
                       const TileDesc* bias, CallSite site);
// acc += lhs x rhs in acc's own buffer (TMATMUL_ACC).
AICORE void MatmulAcc(const TileDesc& acc, const TileDesc& lhs, const TileDesc& rhs,
                      CallSite site);
// An element-wise instruction (TADD, TABS, TADDS, ...: pto/common/
// tile_elementwise.def): `rhs` the second tile of a binary one, else null;
// `scalar` the scalar of a tile-scalar one; `scratch` its scratch tile
// (written), else null.
AICORE void Elementwise(const char* instruction, const TileDesc& dst, const TileDesc& lhs,
                        const TileDesc* rhs, double scalar, const TileDesc* scratch,
                        CallSite site);
// TROWSUM / TROWMAX / TROWMIN (`tmp` the scratch tile) and TCOLSUM /
// TCOLMAX / TCOLMIN (`tmp` null): `src` reduced along its rows or columns.
AICORE void Reduce(const char* instruction, const TileDesc& dst, const TileDesc& src,
                   const TileDesc* tmp, CallSite site);
// TROWEXPAND<OP> / TCOLEXPAND<OP>: `src` combined with the per-row or
// per-column vector `vec`; TROWEXPAND / TCOLEXPAND (`src` null): `vec`
// repeated to `dst`'s shape (runtime/tile_ops.h, ExpandBlock).
AICORE void Expand(const char* instruction, const TileDesc& dst, const TileDesc* src,
                   const TileDesc& vec, CallSite site);
// TEXTRACT: the window of `src` at (row, col) of `dst`'s valid shape,
// copied into `dst` (in its element type).
AICORE void Extract(const TileDesc& dst, const TileDesc& src, int row, int col, CallSite site);
// MGATHER: rows (`elem` false) or elements of the table at `idx`'s
// indices; `oob` pto-isa's GatherOOB (0 undefined, 1 clamp, 2 wrap, 3 zero).
AICORE void Gather(const TileDesc& dst, const GlobalDesc& table, const TileDesc& idx, bool elem,
                   int oob, CallSite site);
// TCMP (`rhs` the second tile) / TCMPS (`rhs` null, `scalar`): the packed
// mask of `src` compared by CmpMode `mode` into `dst` (runtime/mask_ops.h).
AICORE void Compare(const TileDesc& dst, const TileDesc& src, const TileDesc* rhs,
                    double scalar, int mode, CallSite site);
// TSEL (`rhs` the second tile) / TSELS (`rhs` null, `scalar`): per element
// `src` where `mask`'s bit is set, else `rhs` or `scalar`; `tmp` written.
AICORE void Select(const TileDesc& dst, const TileDesc& mask, const TileDesc& src,
                   const TileDesc* rhs, double scalar, const TileDesc& tmp, CallSite site);
// TTRANS: `src` transposed into `dst`; `tmp` written.
AICORE void Transpose(const TileDesc& dst, const TileDesc& src, const TileDesc& tmp,
                      CallSite site);
// TGATHERB: `dst`'s 32-byte blocks from `src`'s bytes at `offset`'s byte offsets.
// TGATHER's mask form: each row of `dst` the elements of `src`'s row at the
// columns mask pattern `pattern` (pto-isa's MaskPattern) picks.
AICORE void GatherMask(const TileDesc& dst, const TileDesc& src, int pattern, CallSite site);
// TCONCAT: each row of `dst` the row of `src0` then that of `src1`.
AICORE void Concat(const TileDesc& dst, const TileDesc& src0, const TileDesc& src1,
                   CallSite site);
// TTRI: `dst`'s valid part a triangle of ones (`upper`: 1 upper, 0 lower).
AICORE void Tri(const TileDesc& dst, int diagonal, int upper, CallSite site);
AICORE void GatherB(const TileDesc& dst, const TileDesc& src, const TileDesc& offset,
                    CallSite site);
// TFILLPAD*: `src`'s valid region into `dst`'s top left, the rest of `dst`
// its pad (`pad`: PadValue); `what` names the instruction.
AICORE void FillPad(const TileDesc& dst, const TileDesc& src, int pad, const char* what,
                    CallSite site);
// TEXPANDS: every element of `dst` set to `value`.
AICORE void Fill(const TileDesc& dst, double value, CallSite site);
// Tile::GetValue / SetValue: element `offset` of a Vec tile's buffer, on
// the scalar unit.
AICORE double GetElement(const TileDesc& t, uint32_t offset, CallSite site);
AICORE void SetElement(const TileDesc& t, uint32_t offset, double value, CallSite site);
// TCVT: `src` converted into `dst`'s element type with pto-isa's RoundMode.
AICORE void Convert(const TileDesc& dst, const TileDesc& src, int round_mode, CallSite site);
AICORE void PipeInit(const PipeDesc& pipe, CallSite site);
AICORE void Push(const PipeDesc& pipe, const TileDesc& tile, TileSplitAxis split, CallSite site);
// Waits for a filled slot and returns its address (the popped tile's).
AICORE uint64_t Pop(const PipeDesc& pipe, const TileDesc& tile, TileSplitAxis split,
                    CallSite site);
AICORE void Free(const PipeDesc& pipe, TileSplitAxis split, CallSite site);
AICORE void Notify(const GlobalDesc& signal, int32_t value, comm::NotifyOp op, CallSite site);
AICORE void Wait(const GlobalDesc& signal, int32_t value, comm::WaitCmp cmp, CallSite site);
AICORE bool Test(const GlobalDesc& signal, int32_t value, comm::WaitCmp cmp, CallSite site);
AICORE void Put(const GlobalDesc& dst, const GlobalDesc& src, const TileDesc& stage,
                AtomicType atomic, CallSite site);
AICORE void Get(const GlobalDesc& dst, const GlobalDesc& src, const TileDesc& stage,
                CallSite site);
AICORE void SyncAll(SyncAllMode mode, SyncCoreType cores, __gm__ int32_t* workspace,
                    CallSite site);

template <typename TileT>
AICORE typename TileT::DType GetTileValue(const TileT& t, uint32_t offset, CallSite site) {
  using D = typename TileT::DType;
  const double v = GetElement(Describe(t), offset, site);
  if constexpr (std::is_integral_v<D>) {
    return static_cast<D>(v);
  } else {
    return static_cast<D>(static_cast<float>(v));  // half, bfloat16_t: from float
  }
}

template <typename TileT>
AICORE void SetTileValue(const TileT& t, uint32_t offset, typename TileT::DType value,
                         CallSite site) {
  SetElement(Describe(t), offset, static_cast<double>(value), site);
}

}  // namespace sim
}  // namespace pto

#endif  // PTO_COMMON_SIM_HOOKS_HPP_
